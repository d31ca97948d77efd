// SPDX-License-Identifier: GPL-2.0-only
/*
 * tmx_lm.c -- the location monitor of an invented VME bridge: wait,
 * at most as long as the caller says, for the monitor's interrupt.
 * The caller's structure comes from the driver's own header, which
 * is not here, so clang leaves the sleep's call out of its tree; the
 * statement, read from the text, throws the remaining jiffies away.
 * The words must not say that result is used.
 * wqport-fix-test: no-kbuild (tmx_vme.h, the driver's own header, is not here)
 * wqport-fix-test: no-compile (tmx_vme.h, the driver's own header, is not here)
 */
#include <linux/interrupt.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include "tmx_vme.h"

static DECLARE_WAIT_QUEUE_HEAD(tmx_lm_queue);
static int tmx_lm_event;

static irqreturn_t tmx_lm_irq(int irq, void *dev_id)
{
	tmx_lm_event = 1;
	wake_up_interruptible(&tmx_lm_queue);
	return IRQ_HANDLED;
}

int tmx_wait_lm(tmx_lm_cfg_t *cfg)
{
	if (tmx_lm_event == 0) {
		interruptible_sleep_on_timeout(&tmx_lm_queue, cfg->lm_wait);	/* expect: WQ001 fix=caveat */
	}
	cfg->lm_events = tmx_lm_event;
	tmx_lm_event = 0;
	return 0;
}

int tmx_lm_setup(int irq)
{
	return request_irq(irq, tmx_lm_irq, 0, "tmx-lm", NULL);
}

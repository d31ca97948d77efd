// SPDX-License-Identifier: GPL-2.0-only
/*
 * jzx_x2d.c -- the compose ioctl of an invented 2D blitter: it marks the
 * unit busy, starts it and sleeps once, for at most a second; the
 * interrupt handler marks it done and wakes the queue.  The states are
 * an enum of the driver's own header, not here.  The handler's write
 * of a header's constant is a candidate the proof tries, not "no
 * candidate at the sleep or at its wakers".
 * wqport-fix-test: no-kbuild (jzx_x2d.h, the driver's own header, is not here)
 * wqport-fix-test: no-compile (jzx_x2d.h, the driver's own header, is not here)
 */
#include <linux/interrupt.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include "jzx_x2d.h"

struct jzx_dev {
	wait_queue_head_t wait;
	int state;
};

static struct jzx_dev jzx;

static irqreturn_t jzx_irq(int irq, void *dev_id)
{
	jzx.state = jzx_state_complete;
	wake_up_interruptible(&jzx.wait);
	return IRQ_HANDLED;
}

int jzx_compose(void)
{
	jzx.state = jzx_state_calc;
	jzx_start_hw();
	interruptible_sleep_on_timeout(&jzx.wait, HZ);	/* expect: WQ001 fix=keeprace */
	return jzx.state == jzx_state_complete ? 0 : -ETIMEDOUT;
}

int jzx_setup(int irq)
{
	return request_irq(irq, jzx_irq, 0, "jzx", NULL);
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * kvx_dsp.c -- KVX-2 sound card DSP loader, a 2.4-era driver.
 *
 * After the firmware is written, the DSP raises its boot interrupt; the
 * loader waits for it for at most a second, sleeping with
 * interruptible_sleep_on_timeout() in a loop that tests the flag the
 * interrupt sets.  An interrupt between the test and the sleep finds
 * the queue empty, and the loader sleeps the rest of the second.
 *
 * wqport fixture: the loop becomes wait_event_interruptible_timeout(),
 * whose result differs (a caveat); the model shows the race gone.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/interrupt.h>
#include <linux/errno.h>
#include <asm/io.h>

#define KVX_FW_PORT		0x10
#define KVX_CTRL_PORT		0x12
#define KVX_CTRL_RUN		0x01

struct kvx_dsp {
	unsigned long base;
	int booted;
	wait_queue_head_t boot_wait;
};

static struct kvx_dsp kvx;

static irqreturn_t kvx_interrupt(int irq, void *dev_id)
{
	struct kvx_dsp *dsp = dev_id;

	dsp->booted = 1;
	wake_up_interruptible(&dsp->boot_wait);
	return IRQ_HANDLED;
}

static int kvx_boot(struct kvx_dsp *dsp, const unsigned char *fw, int len)
{
	long left = HZ;
	int i;

	dsp->booted = 0;
	for (i = 0; i < len; i++)
		outb(fw[i], dsp->base + KVX_FW_PORT);
	outb(KVX_CTRL_RUN, dsp->base + KVX_CTRL_PORT);
	while (!dsp->booted && left)
		left = interruptible_sleep_on_timeout(&dsp->boot_wait, left);	/* expect: WQ001 fix=caveat */
	if (!dsp->booted)
		return -ETIMEDOUT;
	return 0;
}

static int kvx_probe(unsigned long base, int irq)
{
	kvx.base = base;
	init_waitqueue_head(&kvx.boot_wait);
	return request_irq(irq, kvx_interrupt, 0, "kvx", &kvx);
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * tpx_rewind.c -- rewind and unload of the TPX-120 QIC tape adapter,
 * 2.4-era driver.  The adapter raises its interrupt when a command ends;
 * the handler acknowledges it and wakes whoever waits on the drive.
 *
 * wqport fixture: one function sleeps twice on the same queue, first
 * untimed for the rewind, then timed for the unload, and nothing in the
 * file names a condition either sleep waits for.  With --unsafe both keep
 * their race and become prepare_to_wait()/schedule*()/finish_wait() in
 * place, sharing one wait entry: a single DEFINE_WAIT(wait).  The two
 * used to be converted by two passes, and the second named its own entry
 * wait_entry: two entries declared in one function.
 *
 * wqport-fix-args: --unsafe
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/sched.h>
#include <linux/wait.h>

#define TPX_CMD		0x00
#define TPX_STATUS	0x01
#define TPX_CMD_REWIND	0x21
#define TPX_CMD_UNLOAD	0x22
#define TPX_ST_ERROR	0x80

struct tpx_drive {
	unsigned long base;
	int irq;
	wait_queue_head_t wait;
};

static irqreturn_t tpx_interrupt(int irq, void *dev_id)
{
	struct tpx_drive *t = dev_id;

	inb(t->base + TPX_STATUS);	/* reading the status acknowledges */
	wake_up_interruptible(&t->wait);
	return IRQ_HANDLED;
}

int tpx_unload(struct tpx_drive *t)
{
	outb(TPX_CMD_REWIND, t->base + TPX_CMD);
	interruptible_sleep_on(&t->wait);	/* expect: WQ001 fix=keeprace */
	outb(TPX_CMD_UNLOAD, t->base + TPX_CMD);
	interruptible_sleep_on_timeout(&t->wait, 5 * HZ);	/* expect: WQ001 fix=keeprace */
	if (inb(t->base + TPX_STATUS) & TPX_ST_ERROR)
		return -EIO;
	return 0;
}
EXPORT_SYMBOL(tpx_unload);

int tpx_setup(struct tpx_drive *t)
{
	init_waitqueue_head(&t->wait);
	return request_irq(t->irq, tpx_interrupt, 0, "tpx", t);
}
EXPORT_SYMBOL(tpx_setup);

MODULE_LICENSE("GPL");

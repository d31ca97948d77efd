// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: one leaked entry, several ways out.
 *
 * A 2.4-era QIC tape driver waits for the drive to become ready.  Its
 * wait loop has three early returns that skip remove_wait_queue(): one
 * leaked entry, reported once, at the first of them, with the others as
 * notes.  The return before add_wait_queue() leaves nothing queued and
 * is no part of it; neither is the wait inside TPX_WAIT(), the driver's
 * own statement-expression macro around wait_event_interruptible().
 * wqport-args: --target=2.4.37
 * wqport-test: shim-only (current->state does not exist in 6.1 headers)
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>

#define TPX_STATUS	0x02
#define TPX_ST_READY	0x01
#define TPX_ST_NOTAPE	0x02
#define TPX_ST_ERROR	0x04

struct tpx_drive {
	unsigned long iobase;
	int online;
	int ready;
	int rewound;
	wait_queue_head_t ready_wait;
	wait_queue_head_t rew_wait;
};

#define TPX_WAIT(d) ({							\
	int __e = wait_event_interruptible((d)->rew_wait, (d)->rewound); \
	if (__e)							\
		printk(KERN_DEBUG "tpx: rewind wait interrupted\n");	\
	__e; })

static void tpx_interrupt(int irq, void *dev_id, struct pt_regs *regs)
{
	struct tpx_drive *d = dev_id;
	unsigned char st = inb(d->iobase + TPX_STATUS);

	if (st & TPX_ST_READY) {
		d->ready = 1;
		wake_up_interruptible(&d->ready_wait);
	}
	d->rewound = 1;
	wake_up_interruptible(&d->rew_wait);
}

static int tpx_wait_ready(struct tpx_drive *d)
{
	DECLARE_WAITQUEUE(wait, current);
	unsigned char st;

	if (!d->online)
		return -ENXIO;
	add_wait_queue(&d->ready_wait, &wait);	/* expect: WQ002 fix=converted */
	for (;;) {
		current->state = TASK_INTERRUPTIBLE;
		if (d->ready)
			break;
		st = inb(d->iobase + TPX_STATUS);
		if (st & TPX_ST_NOTAPE)
			return -ENODEV;	/* expect: WQ005 fix=converted WQ006 fix=converted */
		if (st & TPX_ST_ERROR)
			return -EIO;
		if (signal_pending(current))
			return -ERESTARTSYS;
		schedule();
	}
	current->state = TASK_RUNNING;
	remove_wait_queue(&d->ready_wait, &wait);
	d->ready = 0;
	return 0;
}

static int tpx_rewind(struct tpx_drive *d)
{
	d->rewound = 0;
	outb(0x0b, d->iobase);
	return TPX_WAIT(d);
}

static int tpx_open(struct inode *inode, struct file *filp)
{
	struct tpx_drive *d = filp->private_data;
	int err;

	err = tpx_wait_ready(d);
	if (err)
		return err;
	return tpx_rewind(d);
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * pcx_modem_cs.c -- PCX-56 PCMCIA modem card, the 2.4 card services
 * client's control device.
 *
 * The control device lets a dialer wait for the card: a read blocks
 * until the card services event handler has seen the card inserted and
 * configured.  The wait loop was written for an inserted card; when the
 * card is pulled during the wait, the loop returns -ENODEV straight out
 * of the loop, with its entry still on the link's queue and the task
 * still TASK_INTERRUPTIBLE.  The config wait has the same shape but
 * leaves through a label that cleans up.
 *
 * wqport fixture: the early return (WQ006, with WQ005 for the state)
 * has no automatic fix, and the loop around it is refused with the
 * line of that return: the rewrite would keep the leak.  The
 * label-shaped config wait is correct and only WQ002-reported, refused
 * for its goto-shaped exit.
 * wqport-fix-test: no-kbuild (the 2.4 card services API is gone)
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>
#include <linux/errno.h>
#include <linux/fs.h>

#define DEV_PRESENT		0x01
#define DEV_CONFIG		0x02
#define DEV_CONFIG_PENDING	0x04

struct pcx_link {
	volatile unsigned int state;
	wait_queue_head_t state_wait;
	int open;
};

static struct pcx_link *pcx_dev;

static void pcx_event(struct pcx_link *link, int inserted)
{
	if (inserted)
		link->state |= DEV_PRESENT | DEV_CONFIG;
	else
		link->state &= ~(DEV_PRESENT | DEV_CONFIG);
	wake_up_interruptible(&link->state_wait);
}

static ssize_t pcx_ctl_read(struct file *file, char *buf, size_t count,
			    loff_t *ppos)
{
	struct pcx_link *link = pcx_dev;
	DECLARE_WAITQUEUE(wait, current);

	add_wait_queue(&link->state_wait, &wait);	/* expect: WQ002 fix=converted */
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (link->state & DEV_CONFIG)
			break;
		if (!(link->state & DEV_PRESENT))
			return -ENODEV;	/* expect: WQ005 fix=converted WQ006 fix=converted */
		if (signal_pending(current)) {
			set_current_state(TASK_RUNNING);
			remove_wait_queue(&link->state_wait, &wait);
			return -ERESTARTSYS;
		}
		schedule();
	}
	set_current_state(TASK_RUNNING);
	remove_wait_queue(&link->state_wait, &wait);
	return 0;
}

static int pcx_wait_config(struct pcx_link *link)
{
	DECLARE_WAITQUEUE(wait, current);
	int ret = 0;

	add_wait_queue(&link->state_wait, &wait);	/* expect: WQ002 fix=converted */
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (!(link->state & DEV_CONFIG_PENDING))
			break;
		if (signal_pending(current)) {
			ret = -ERESTARTSYS;
			goto out;
		}
		schedule();
	}
out:
	set_current_state(TASK_RUNNING);
	remove_wait_queue(&link->state_wait, &wait);
	return ret;
}

static int pcx_ctl_open(struct inode *inode, struct file *file)
{
	int ret = pcx_wait_config(pcx_dev);

	if (!ret)
		pcx_dev->open++;
	return ret;
}

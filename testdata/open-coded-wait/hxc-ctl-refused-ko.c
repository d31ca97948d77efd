// SPDX-License-Identifier: GPL-2.0-only
/*
 * hxc_ctl.c -- control channel of the HXC-8 serial concentrator.
 *
 * wqport fixture: open-coded waits the porting tool must leave alone.
 * One waits on two queues at once (a reply or a board error), one hands
 * its wait entry to a helper that requeues it, and one, written for 2.4
 * before add_wait_queue_exclusive() was common, sets WQ_FLAG_EXCLUSIVE
 * on the entry by hand.  No site converts, so there is no .res.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

#define HXC_REG_CMD		0x00
#define HXC_REG_REPLY		0x04
#define HXC_REG_STATUS		0x08
#define HXC_ST_REPLY		0x01
#define HXC_ST_ERROR		0x02
#define HXC_ST_SLOT		0x04

#define HXC_IOC_CMD		0x4801
#define HXC_IOC_CMD_EXCL	0x4802

struct hxc_ctl {
	void __iomem *regs;
	wait_queue_head_t reply_wait;
	wait_queue_head_t error_wait;
	wait_queue_head_t slot_wait;
	volatile int reply_ready;
	volatile int board_error;
	int free_slots;
	u32 reply;
};

static struct hxc_ctl hxc_ctl0;

static irqreturn_t hxc_ctl_interrupt(int irq, void *dev_id)
{
	struct hxc_ctl *hc = dev_id;
	u32 st = readl(hc->regs + HXC_REG_STATUS);

	if (st & HXC_ST_REPLY) {
		hc->reply = readl(hc->regs + HXC_REG_REPLY);
		hc->reply_ready = 1;
		wake_up_interruptible(&hc->reply_wait);
	}
	if (st & HXC_ST_ERROR) {
		hc->board_error = 1;
		wake_up_interruptible_all(&hc->error_wait);
	}
	if (st & HXC_ST_SLOT) {
		hc->free_slots++;
		wake_up(&hc->slot_wait);
	}
	writel(st, hc->regs + HXC_REG_STATUS);
	return IRQ_HANDLED;
}

/* wait for the reply to a command, or for the board to fall over */
static int hxc_wait_reply(struct hxc_ctl *hc)
{
	DECLARE_WAITQUEUE(reply_entry, current);
	DECLARE_WAITQUEUE(error_entry, current);
	int ret = 0;

	add_wait_queue(&hc->reply_wait, &reply_entry);	/* expect: WQ002 fix=refused:two-queues */
	add_wait_queue(&hc->error_wait, &error_entry);	/* expect: WQ002 fix=refused:two-queues */
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (hc->reply_ready)
			break;
		if (hc->board_error) {
			ret = -EIO;
			break;
		}
		if (signal_pending(current)) {
			ret = -ERESTARTSYS;
			break;
		}
		schedule();
	}
	set_current_state(TASK_RUNNING);
	remove_wait_queue(&hc->error_wait, &error_entry);
	remove_wait_queue(&hc->reply_wait, &reply_entry);
	return ret;
}

/*
 * The board resets its slot table on an error: take the waiter off the
 * queue while it does, so the reset's wake_up_all() does not count it.
 */
static void hxc_reset_slots(struct hxc_ctl *hc, wait_queue_entry_t *wait)
{
	remove_wait_queue(&hc->slot_wait, wait);
	__set_current_state(TASK_RUNNING);
	writel(0, hc->regs + HXC_REG_CMD);
	hc->board_error = 0;
	add_wait_queue(&hc->slot_wait, wait);
}

/* claim a command slot on the board */
static int hxc_get_slot(struct hxc_ctl *hc)
{
	DECLARE_WAITQUEUE(wait, current);

	add_wait_queue(&hc->slot_wait, &wait);	/* expect: WQ002 fix=refused:entry-passed */
	for (;;) {
		set_current_state(TASK_UNINTERRUPTIBLE);
		if (hc->free_slots)
			break;
		if (hc->board_error) {
			hxc_reset_slots(hc, &wait);
			continue;
		}
		schedule();
	}
	hc->free_slots--;
	set_current_state(TASK_RUNNING);
	remove_wait_queue(&hc->slot_wait, &wait);
	return 0;
}

/* 2.4: one waiter per free slot, so mark the entry exclusive */
static int hxc_get_slot_excl(struct hxc_ctl *hc)
{
	DECLARE_WAITQUEUE(wait, current);
	int ret = 0;

	wait.flags |= WQ_FLAG_EXCLUSIVE;
	add_wait_queue(&hc->slot_wait, &wait);	/* expect: WQ002 fix=refused:hand-set-exclusive */
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (hc->free_slots)
			break;
		if (signal_pending(current)) {
			ret = -ERESTARTSYS;
			break;
		}
		schedule();
	}
	set_current_state(TASK_RUNNING);
	remove_wait_queue(&hc->slot_wait, &wait);
	if (!ret)
		hc->free_slots--;
	return ret;
}

static long hxc_ctl_ioctl(struct file *file, unsigned int cmd,
			  unsigned long arg)
{
	struct hxc_ctl *hc = &hxc_ctl0;
	int ret;

	switch (cmd) {
	case HXC_IOC_CMD:
	case HXC_IOC_CMD_EXCL:
		ret = cmd == HXC_IOC_CMD ? hxc_get_slot(hc) :
					   hxc_get_slot_excl(hc);
		if (ret)
			return ret;
		hc->reply_ready = 0;
		writel(arg, hc->regs + HXC_REG_CMD);
		ret = hxc_wait_reply(hc);
		if (ret)
			return ret;
		return hc->reply;
	default:
		return -ENOTTY;
	}
}

static const struct file_operations hxc_ctl_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= hxc_ctl_ioctl,
};

static int hxc_ctl_setup(struct hxc_ctl *hc, int irq)
{
	init_waitqueue_head(&hc->reply_wait);
	init_waitqueue_head(&hc->error_wait);
	init_waitqueue_head(&hc->slot_wait);
	return request_irq(irq, hxc_ctl_interrupt, IRQF_SHARED, "hxc8_ctl", hc);
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * rtk_ctrl.c -- RTK USB Ethernet adapter: register reads over the
 * control pipe (the bus glue is another file), in the style of the
 * 2.6-era USB network drivers.
 *
 * wqport fixture: one function, one wait entry, two adds.  The first add
 * waits in a loop for the previous control request to finish, kicking
 * the bus glue on each pass (old pegasus.c's get_registers()); the
 * second sleeps once, after it submits its own request (the completion
 * wakes it).  The fix converts both in place; only the first has a loop
 * to keep, and the words for the second must say its sleep is a
 * one-shot sleep, not "the loop keeps its shape".
 */
#include <linux/module.h>
#include <linux/errno.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/wait.h>

#define RTK_CTRL_BUSY	0x01

struct rtk_req {
	u8 type, request;
	u16 index, length;
	void *buf;
};

struct rtk_dev {
	struct rtk_req req;
	wait_queue_head_t ctrl_wait;
	unsigned long flags;
};

/* the bus glue (rtk_usb.c): queues the request, completes it later */
int rtk_bus_submit(struct rtk_dev *rd, struct rtk_req *req);
/* ... and asks it to retry a stalled request */
void rtk_bus_kick(struct rtk_dev *rd);

/* called by the bus glue when the request completes */
void rtk_ctrl_done(struct rtk_dev *rd)
{
	rd->flags &= ~RTK_CTRL_BUSY;
	wake_up(&rd->ctrl_wait);
}
EXPORT_SYMBOL_GPL(rtk_ctrl_done);

int rtk_read_regs(struct rtk_dev *rd, u16 idx, u16 size, void *data)
{
	DECLARE_WAITQUEUE(wait, current);
	void *buf;
	int ret;

	buf = kmalloc(size, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;

	add_wait_queue(&rd->ctrl_wait, &wait);	/* expect: WQ002 fix=converted */
	for (;;) {
		set_current_state(TASK_UNINTERRUPTIBLE);
		if (!(rd->flags & RTK_CTRL_BUSY))
			break;
		rtk_bus_kick(rd);
		schedule();
	}
	remove_wait_queue(&rd->ctrl_wait, &wait);
	set_current_state(TASK_RUNNING);

	rd->req.type = 0xc0;
	rd->req.request = 0xf0;
	rd->req.index = idx;
	rd->req.length = size;
	rd->req.buf = buf;
	rd->flags |= RTK_CTRL_BUSY;

	add_wait_queue(&rd->ctrl_wait, &wait);	/* expect: WQ002 fix=converted */
	set_current_state(TASK_UNINTERRUPTIBLE);
	ret = rtk_bus_submit(rd, &rd->req);
	if (ret) {
		set_current_state(TASK_RUNNING);
		rd->flags &= ~RTK_CTRL_BUSY;
		goto out;
	}
	schedule();
out:
	remove_wait_queue(&rd->ctrl_wait, &wait);
	memcpy(data, buf, size);
	kfree(buf);
	return ret;
}
EXPORT_SYMBOL_GPL(rtk_read_regs);

MODULE_LICENSE("GPL");

// SPDX-License-Identifier: GPL-2.0-only
/*
 * ukx: reading a response from an invented USB security token.  The
 * read submits its interrupt URB and, when the submit succeeds, sleeps
 * until the completion handler or the timeout timer wakes it.  The test
 * before the sleep is the submit itself: it starts I/O, and is no
 * condition a wait_event*() may evaluate again.
 */
#include <linux/sched.h>
#include <linux/timer.h>
#include <linux/wait.h>

struct urb {
	void *context;
};

int usb_submit_urb(struct urb *urb, gfp_t mem_flags);
void usb_kill_urb(struct urb *urb);

struct ukx_dev {
	struct urb *read_urb;
	struct timer_list timer;
	wait_queue_head_t waitq;
	int data_len, data_index;
};

void ukx_read_irq(struct urb *urb)
{
	struct ukx_dev *dev = urb->context;

	dev->data_index = dev->data_len;
	wake_up_interruptible(&dev->waitq);
}

bool ukx_read(struct ukx_dev *dev, int n)
{
	bool ok = false;

	dev->data_len = n;
	dev->data_index = 0;
	if (usb_submit_urb(dev->read_urb, GFP_KERNEL) == 0) {
		mod_timer(&dev->timer, jiffies + HZ);
		interruptible_sleep_on(&dev->waitq);	/* expect: WQ001 fix=converted */
		usb_kill_urb(dev->read_urb);
		del_timer(&dev->timer);
		ok = dev->data_index == dev->data_len;
	}
	return ok;
}

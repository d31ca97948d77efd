// SPDX-License-Identifier: GPL-2.0-only
/*
 * usx_scan.c -- USX-1200 USB flatbed scanner, a 2.4 USB driver.
 *
 * Bulk transfers are submitted with usb_submit_urb() and the caller
 * sleeps until the completion handler wakes it, with a timeout in case
 * the scanner hangs.  The control path is the 2.4 usb_start_wait_urb()
 * shape: an entry queued before the submit, one schedule_timeout(), and
 * urb->status tested afterwards.
 *
 * wqport fixture: waits for a URB.  The bulk read sleeps on the
 * completion in a loop with the time left in a long, tested as
 * `timeout > 0`: it becomes wait_event_interruptible_timeout() with a
 * caveat on the result.  The lamp wait polls with a retry count on a
 * queue nothing wakes (its struct is this file's): a plain nap.  The control wait queues its entry
 * before the submit for one schedule_timeout(), race-free and no wait
 * loop: nothing to report.
 * wqport-args: --target=2.4.37
 * wqport-test: shim-only (the 2.4 usb_submit_urb and current->state are gone)
 * wqport-fix-test: no-kbuild (the 2.4 usb_submit_urb and struct urb fields are gone)
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>
#include <linux/errno.h>
#include <linux/slab.h>

#define USX_BULK_TIMEOUT	(5 * HZ)
#define USX_CTRL_TIMEOUT	(HZ / 2)
#define USX_LAMP_POLL		(HZ / 4)

struct urb {
	int status;
	int actual_length;
	void *context;
	void (*complete)(struct urb *urb);
};

extern int usb_submit_urb(struct urb *urb);
extern int usb_unlink_urb(struct urb *urb);
extern int usx_lamp_ready(void *dev);

struct usx_scanner {
	struct urb *bulk_urb;
	struct urb *ctrl_urb;
	wait_queue_head_t bulk_wait;
	wait_queue_head_t ctrl_wait;
	wait_queue_head_t lamp_wait;
	volatile int bulk_done;
	void *udev;
};

static void usx_bulk_complete(struct urb *urb)
{
	struct usx_scanner *scn = urb->context;

	scn->bulk_done = 1;
	wake_up_interruptible(&scn->bulk_wait);
}

static void usx_ctrl_complete(struct urb *urb)
{
	struct usx_scanner *scn = urb->context;

	wake_up(&scn->ctrl_wait);
}

static int usx_bulk_read(struct usx_scanner *scn)
{
	long timeout = USX_BULK_TIMEOUT;
	int ret;

	scn->bulk_done = 0;
	ret = usb_submit_urb(scn->bulk_urb);
	if (ret)
		return ret;

	while (!scn->bulk_done && timeout > 0) {
		timeout = interruptible_sleep_on_timeout(&scn->bulk_wait, timeout);	/* expect: WQ001 fix=caveat */
	}
	if (!scn->bulk_done) {
		usb_unlink_urb(scn->bulk_urb);
		return signal_pending(current) ? -EINTR : -ETIMEDOUT;
	}
	return scn->bulk_urb->actual_length;
}

static int usx_lamp_on(struct usx_scanner *scn)
{
	int tries;

	for (tries = 0; tries < 40; tries++) {
		if (usx_lamp_ready(scn->udev))
			return 0;
		interruptible_sleep_on_timeout(&scn->lamp_wait, USX_LAMP_POLL);	/* expect: WQ001 fix=converted */
		if (signal_pending(current))
			return -EINTR;
	}
	return -ETIMEDOUT;
}

static int usx_ctrl_msg(struct usx_scanner *scn)
{
	DECLARE_WAITQUEUE(wait, current);
	long timeout = USX_CTRL_TIMEOUT;
	int status;

	init_waitqueue_head(&scn->ctrl_wait);
	current->state = TASK_INTERRUPTIBLE;
	add_wait_queue(&scn->ctrl_wait, &wait);
	status = usb_submit_urb(scn->ctrl_urb);
	if (status) {
		set_current_state(TASK_RUNNING);
		remove_wait_queue(&scn->ctrl_wait, &wait);
		return status;
	}
	if (scn->ctrl_urb->status == -EINPROGRESS)
		timeout = schedule_timeout(timeout);
	else
		set_current_state(TASK_RUNNING);
	remove_wait_queue(&scn->ctrl_wait, &wait);

	if (!timeout && scn->ctrl_urb->status == -EINPROGRESS) {
		usb_unlink_urb(scn->ctrl_urb);
		return -ETIMEDOUT;
	}
	return scn->ctrl_urb->status;
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * lcx_remote.c -- the remote-request ioctl of an invented CAN card
 * driver: it sends the request, clears its result and sleeps once on
 * the entry's queue; the receive path, in another file, fills the
 * result and wakes the queue.  Nothing in this file ties the result to
 * the wake-up: the words must not call it "the condition" the sleep
 * waits for, only what --unsafe would assume.
 */
#include <linux/errno.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>

struct lcx_rtr {
	wait_queue_head_t rtr_wq;
	int ret;
	unsigned int id;
};

extern void lcx_send_rtr(struct lcx_rtr *e);

int lcx_ioctl_remote(struct lcx_rtr *e, unsigned int id)
{
	e->id = id;
	lcx_send_rtr(e);
	e->ret = 0;
	interruptible_sleep_on(&e->rtr_wq);	/* expect: WQ001 fix=keeprace */
	if (signal_pending(current))
		return -EINTR;
	return e->ret;
}

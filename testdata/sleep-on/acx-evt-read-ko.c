// SPDX-License-Identifier: GPL-2.0-only
/*
 * acx_evt.c -- the event and command channels of an invented power
 * controller.  Both wakers skip the wake-up when nobody sleeps, with
 * waitqueue_active().  The event waker stores the event and then reads
 * the queue with no barrier between: on SMP that read may pass the
 * store, see the queue empty while the reader, just queued, still sees
 * no event, and the wake-up is lost whatever the reader does.  The
 * model runs one order of memory and cannot find that; the words must
 * say so rather than leave "no lost wake-up" flat.  The command waker
 * puts smp_mb() between its store and its test, as linux/wait.h asks:
 * nothing to add there.
 */
#include <linux/errno.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>

static DECLARE_WAIT_QUEUE_HEAD(acx_evt_wait);
static DECLARE_WAIT_QUEUE_HEAD(acx_cmd_wait);
static int acx_evt_status;
static int acx_cmd_done;

void acx_event(int status)
{
	acx_evt_status = status;
	if (waitqueue_active(&acx_evt_wait))
		wake_up_interruptible(&acx_evt_wait);
}

void acx_cmd_complete(void)
{
	acx_cmd_done = 1;
	smp_mb();
	if (waitqueue_active(&acx_cmd_wait))
		wake_up(&acx_cmd_wait);
}

int acx_read_event(void)
{
	int st;

	while (!acx_evt_status) {
		interruptible_sleep_on(&acx_evt_wait);	/* expect: WQ001 fix=converted */
		if (signal_pending(current))
			return -ERESTARTSYS;
	}
	st = acx_evt_status;
	acx_evt_status = 0;
	return st;
}

void acx_wait_cmd(void)
{
	while (!acx_cmd_done)
		sleep_on(&acx_cmd_wait);	/* expect: WQ001 fix=converted */
	acx_cmd_done = 0;
}

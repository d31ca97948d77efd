// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: dropped wait_event*() results that look like the
 * deliberate drops of qcx-deliberate-drop-ok.c but are not.
 *
 * - A suspend request: the code after the wait reads the result the
 *   waker left in the same object (`as->result`) as if the wait had
 *   ended with the condition true; a signal leaves it stale.
 * - The condition assigns a variable that nothing after the wait tests
 *   or returns: the reply is read whatever happened.
 * - A "throttle" whose code then uses the object it waited on.
 * - A port open that tests another field of the port after the wait,
 *   but a status bit the timeout leaves as it was: nothing says the
 *   test stands for the timeout.
 */
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/string.h>
#include <linux/wait.h>

struct qcx_susp {
	int wait_ack;
	int result;
};

struct qcx_mbox {
	wait_queue_head_t wq;
	int avail;
	u32 reply[4];
};

static DECLARE_WAIT_QUEUE_HEAD(qcx_susp_wait);

static int qcx_suspend_req(struct qcx_susp *as)
{
	int ret;

	as->wait_ack = 1;
	wait_event_interruptible(qcx_susp_wait, as->wait_ack == 0);	/* expect: WQ010 */
	ret = as->result;
	return ret;
}

/* the driver's own, correct, open-coded wait (keeps the file parsed) */
static int qcx_mbox_wait_avail(struct qcx_mbox *mb)
{
	DEFINE_WAIT(wait);
	int ret = 0;

	for (;;) {
		prepare_to_wait(&mb->wq, &wait, TASK_INTERRUPTIBLE);
		if (mb->avail)
			break;
		if (signal_pending(current)) {
			ret = -ERESTARTSYS;
			break;
		}
		schedule();
	}
	finish_wait(&mb->wq, &wait);
	return ret;
}

static int qcx_mbox_avail(struct qcx_mbox *mb)
{
	return mb->avail;
}

static u32 qcx_mbox_read(struct qcx_mbox *mb)
{
	int n;

	wait_event_timeout(mb->wq, (n = qcx_mbox_avail(mb)) > 0, HZ);	/* expect: WQ010 */
	return mb->reply[0];
}

static int qcx_mbox_drain(struct qcx_mbox *mb, u32 *out)
{
	wait_event_timeout(mb->wq, mb->avail >= 4, HZ / 10);	/* expect: WQ010 */
	memcpy(out, mb->reply, sizeof(mb->reply));
	return 0;
}

struct qcx_port {
	wait_queue_head_t open_wait;
	bool open_pending;
	u32 status;
};

static int qcx_port_open(struct qcx_port *port)
{
	port->open_pending = true;
	wait_event_timeout(port->open_wait, !port->open_pending, HZ / 2);	/* expect: WQ010 */

	if (port->status & 0x80)
		return -EIO;
	return 0;
}

MODULE_LICENSE("GPL");

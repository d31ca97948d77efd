// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: a mailbox driver that waits once for the firmware's
 * reply.  The task queues itself, tests the reply flag, and sleeps with
 * schedule_timeout() in TASK_RUNNING: it returns at once.  There is no
 * loop here, so the refusal must not speak of one: the state belongs
 * before the test, set by hand (a delay helper would set it after the
 * test, and a reply between the two would be lost until the timeout).
 */
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/wait.h>

struct qwx_mbox {
	wait_queue_head_t reply_wait;
	bool replied;
	u32 reply;
};

static int qwx_wait_reply(struct qwx_mbox *mb)
{
	DECLARE_WAITQUEUE(wait, current);
	long left = msecs_to_jiffies(50);

	add_wait_queue(&mb->reply_wait, &wait);
	if (!mb->replied)
		left = schedule_timeout(left);	/* expect: WQ004 fix=refused:no-patch */
	remove_wait_queue(&mb->reply_wait, &wait);
	return mb->replied ? 0 : -ETIMEDOUT;
}

void qwx_mbox_irq(struct qwx_mbox *mb, u32 value)
{
	mb->reply = value;
	mb->replied = true;
	wake_up(&mb->reply_wait);
}

int qwx_mbox_call(struct qwx_mbox *mb)
{
	mb->replied = false;
	return qwx_wait_reply(mb);
}

MODULE_LICENSE("GPL");

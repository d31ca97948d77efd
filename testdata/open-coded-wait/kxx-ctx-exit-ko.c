// SPDX-License-Identifier: GPL-2.0-only
/*
 * kxx_ctx.c -- the exit wait of an invented container context.  A task
 * waits for the context to reach KXX_DEAD in a 2.4-style goto loop whose
 * label happens to be called `wait`, like the wait entry: the label and
 * its goto are no uses of the entry, and the in-place form converts it.
 */
#include <linux/errno.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>

#define KXX_DEAD	4

struct kxx_ctx {
	wait_queue_head_t exit_wait;
	int state;
};

void kxx_set_state(struct kxx_ctx *c, int state)
{
	c->state = state;
	wake_up_interruptible(&c->exit_wait);
}

int kxx_wait_exit(struct kxx_ctx *c)
{
	DECLARE_WAITQUEUE(wait, current);
	int ret = 0;

	add_wait_queue(&c->exit_wait, &wait);	/* expect: WQ002 fix=converted */
wait:
	set_current_state(TASK_INTERRUPTIBLE);
	if (c->state == KXX_DEAD)
		goto out;
	if (signal_pending(current)) {
		ret = -ERESTARTSYS;
		goto out;
	}
	schedule();
	goto wait;

out:
	set_current_state(TASK_RUNNING);
	remove_wait_queue(&c->exit_wait, &wait);
	return ret;
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * mdx_thread.c -- the service thread of the MDX software RAID driver,
 * a 2.4 personality kept out of tree.
 *
 * The thread queues itself for one sleep per pass: it adds its entry,
 * sets its state, sleeps only when no wake-up flag was posted, then
 * takes the entry off, clears the flag and runs the personality's
 * daemon.  The flag is posted with set_bit() before the wake-up, and
 * it is tested after the state is set, so no wake-up is lost; the
 * thread blocks every signal but SIGKILL and flushes them.
 *
 * wqport fixture: a correct per-pass add/remove around a one-shot
 * sleep, the state set before the test, checked for its own kernel
 * (2.4.20).  It is still boilerplate that 2.4's own
 * wait_event_interruptible() says in one line (with the flag as the
 * condition), so WQ002 reports it; the fix refuses it (one-shot): each
 * pass queues the entry for one sleep, and the rewrite is a person's.
 * wqport-args: --target=2.4.20
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>
#include <linux/bitops.h>

#define THREAD_WAKEUP	0

struct mdx_thread {
	void (*run)(void *data);
	void *data;
	wait_queue_head_t wqueue;
	unsigned long flags;
	const char *name;
};

extern void mdx_flush_signals(void);
extern void mdx_run_task_queue(void);

int mdx_thread_main(void *arg)
{
	struct mdx_thread *thread = arg;
	DECLARE_WAITQUEUE(wait, current);

	for (;;) {
		add_wait_queue(&thread->wqueue, &wait);	/* expect: WQ002 fix=converted */
		set_current_state(TASK_INTERRUPTIBLE);
		if (!test_bit(THREAD_WAKEUP, &thread->flags))
			schedule();
		set_current_state(TASK_RUNNING);
		remove_wait_queue(&thread->wqueue, &wait);
		clear_bit(THREAD_WAKEUP, &thread->flags);

		if (!thread->run)
			break;
		thread->run(thread->data);
		mdx_run_task_queue();
		if (signal_pending(current))
			mdx_flush_signals();
	}
	return 0;
}

void mdx_wakeup_thread(struct mdx_thread *thread)
{
	set_bit(THREAD_WAKEUP, &thread->flags);
	wake_up(&thread->wqueue);
}

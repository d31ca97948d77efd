// SPDX-License-Identifier: GPL-2.0-only
/*
 * dmx_test.c -- a self-test of the DMX-2 DMA engine, a 2.6.30 driver:
 * one kernel thread per channel copies a buffer a number of times and
 * waits for each copy's completion callback.  When its iterations are
 * done it must not return before the module stops it (kthread_stop()
 * reads the thread's exit code), so it parks on a queue on its stack
 * that nothing wakes: only kthread_stop() ends that sleep.
 *
 * wqport fixture (issue 41): kthread_stop() makes kthread_should_stop()
 * true and then wakes the thread, so it is the waker of the park loop's
 * test.  The original loses its wake-up when it comes between the test
 * and interruptible_sleep_on() (a hang of the unload); the rewrite tests
 * after it queues and sets its state, and closes that.  The model must
 * not say "a sleep that none of the wakers read ends" of the park: its
 * waker is kthread_stop().
 * wqport-args: --target=2.6.30
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/wait.h>

struct dmx_chan;
int dmx_submit_copy(struct dmx_chan *c, void (*cb)(void *), void *arg);

struct dmx_thread {
	struct dmx_chan *chan;
	struct task_struct *task;
	wait_queue_head_t done_wait;
	int done;
	unsigned int iterations;
	int result;
};

static void dmx_copy_done(void *arg)
{
	struct dmx_thread *t = arg;

	t->done = 1;
	wake_up_all(&t->done_wait);
}

static int dmx_test_func(void *data)
{
	struct dmx_thread *t = data;
	unsigned int i;

	for (i = 0; i < t->iterations && !kthread_should_stop(); i++) {
		t->done = 0;
		if (dmx_submit_copy(t->chan, dmx_copy_done, t)) {
			t->result = -EIO;
			break;
		}
		wait_event_timeout(t->done_wait, t->done, HZ);
	}

	/* park until the module stops us */
	while (!kthread_should_stop()) {
		DECLARE_WAIT_QUEUE_HEAD_ONSTACK(dmx_exit_wait);
		interruptible_sleep_on(&dmx_exit_wait);	/* expect: WQ001 fix=converted */
	}
	return t->result;
}

int dmx_test_start(struct dmx_thread *t)
{
	init_waitqueue_head(&t->done_wait);
	t->task = kthread_run(dmx_test_func, t, "dmx-test");
	return IS_ERR(t->task) ? PTR_ERR(t->task) : 0;
}
EXPORT_SYMBOL_GPL(dmx_test_start);

int dmx_test_stop(struct dmx_thread *t)
{
	return kthread_stop(t->task);
}
EXPORT_SYMBOL_GPL(dmx_test_stop);

MODULE_LICENSE("GPL");

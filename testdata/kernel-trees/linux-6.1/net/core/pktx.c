// SPDX-License-Identifier: GPL-2.0-only
/*
 * pktx.c -- a per-CPU packet generator thread.
 *
 * wqport fixture (testdata/kernel-trees, tools/kernel-detect-test.py):
 * the shape of a 2.6 to 3.x packet generator's worker.  It sends while
 * it has a device to run, sleeps on its queue (a timed wait) while it
 * has nothing, and leaves its loop on a stop or when the generator
 * module is going away; it then removes its devices and waits for
 * kthread_stop() in a loop that tests the stop first and sets
 * TASK_INTERRUPTIBLE after: before 6.1 that stop can be lost and
 * pktx_exit() waits for ever.  TASK_RUNNING is set after the loop, so
 * `wqport fix` can rewrite it.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/kthread.h>
#include <linux/freezer.h>
#include <linux/sched.h>
#include <linux/wait.h>

#define T_STOP		(1 << 0)
#define T_RUN		(1 << 1)

struct pktx_dev;

struct pktx_thread {
	wait_queue_head_t queue;
	unsigned int control;
	struct task_struct *tsk;
	int cpu;
};

static bool pktx_exiting;

extern struct pktx_dev *pktx_next_to_run(struct pktx_thread *t);
extern void pktx_xmit(struct pktx_dev *pkt_dev);
extern void pktx_stop(struct pktx_thread *t);
extern void pktx_run(struct pktx_thread *t);
extern void pktx_rem_all_ifs(struct pktx_thread *t);

static int pktx_thread_worker(void *arg)
{
	struct pktx_thread *t = arg;
	struct pktx_dev *pkt_dev;

	init_waitqueue_head(&t->queue);
	set_freezable();

	while (!kthread_should_stop()) {
		pkt_dev = pktx_next_to_run(t);
		if (!pkt_dev && t->control == 0) {
			if (pktx_exiting)
				break;
			wait_event_interruptible_timeout(t->queue,
							 t->control != 0,
							 HZ / 10);
			try_to_freeze();
			continue;
		}
		if (pkt_dev)
			pktx_xmit(pkt_dev);
		if (t->control & T_STOP) {
			pktx_stop(t);
			t->control &= ~T_STOP;
		}
		if (t->control & T_RUN) {
			pktx_run(t);
			t->control &= ~T_RUN;
		}
		try_to_freeze();
	}

	pktx_stop(t);
	pktx_rem_all_ifs(t);

	/* wait for kthread_stop */
	while (!kthread_should_stop()) {
		set_current_state(TASK_INTERRUPTIBLE);	/* lost before 6.1: WQ003 */
		schedule();
	}
	__set_current_state(TASK_RUNNING);
	return 0;
}

static struct pktx_thread pktx_threads[4];

static int __init pktx_init(void)
{
	int cpu;

	for (cpu = 0; cpu < 4; cpu++) {
		struct pktx_thread *t = &pktx_threads[cpu];

		t->cpu = cpu;
		t->tsk = kthread_run(pktx_thread_worker, t, "kpktx/%d", cpu);
		if (IS_ERR(t->tsk))
			t->tsk = NULL;
	}
	return 0;
}

static void __exit pktx_exit(void)
{
	int cpu;

	pktx_exiting = true;
	for (cpu = 0; cpu < 4; cpu++) {
		struct pktx_thread *t = &pktx_threads[cpu];

		if (!t->tsk)
			continue;
		t->control |= T_STOP;
		wake_up_interruptible(&t->queue);
		kthread_stop(t->tsk);
	}
}

module_init(pktx_init);
module_exit(pktx_exit);
MODULE_LICENSE("GPL");

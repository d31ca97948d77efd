// SPDX-License-Identifier: GPL-2.0-only
/*
 * lqx: the management thread of an invented in-kernel file server.  It
 * polls the sysctl switches once a second, napping on a queue head of
 * its own (DECLARE_WAIT_QUEUE_HEAD() inside the function, its address
 * given to nothing but the sleep), and each worker naps a jiffy on its
 * per-CPU dummy queue when a pass found nothing to do.  Nothing can wake
 * either queue: every sleep is a plain delay.  The flush waits on a head
 * of its own too, but hands its address to the flush worker, which may
 * wake it from anywhere: that sleep stays queued.
 */
#include <linux/atomic.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>

#define LQX_NR_CPUS	4

static wait_queue_head_t lqx_idle_wq[LQX_NR_CPUS];
static atomic_t lqx_workers;
int sysctl_lqx_start;
int sysctl_lqx_unload;

void lqx_queue_flush(wait_queue_head_t *done);

static int lqx_do_work(int cpu)
{
	return cpu & 1;
}

int lqx_worker(void *arg)
{
	int cpu = *(int *)arg;

	init_waitqueue_head(&(lqx_idle_wq[cpu]));
	atomic_inc(&lqx_workers);
	while (!sysctl_lqx_unload) {
		if (lqx_do_work(cpu) == 0) {
			(void)interruptible_sleep_on_timeout(&(lqx_idle_wq[cpu]), 1);	/* expect: WQ001 fix=converted */
		}
		if (signal_pending(current))
			break;
	}
	atomic_dec(&lqx_workers);
	return 0;
}

int lqx_mgmt_daemon(void *unused)
{
	DECLARE_WAIT_QUEUE_HEAD(wq);

	while (!sysctl_lqx_unload) {
		while (sysctl_lqx_start == 0 && !signal_pending(current) &&
		       !sysctl_lqx_unload)
			interruptible_sleep_on_timeout(&wq, HZ);	/* expect: WQ001 fix=converted */
		if (sysctl_lqx_unload)
			break;
		sysctl_lqx_start = 0;
		while (atomic_read(&lqx_workers) > 0)
			interruptible_sleep_on_timeout(&wq, HZ);	/* expect: WQ001 fix=converted */
	}
	return 0;
}

int lqx_flush(void)
{
	DECLARE_WAIT_QUEUE_HEAD(done);

	lqx_queue_flush(&done);
	sleep_on_timeout(&done, HZ);	/* expect: WQ001 fix=keeprace */
	return 0;
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * iqx_worker.c -- IQX offload engine: the pool of kernel worker
 * threads that run submitted requests, in the style of io_uring's
 * io-wq workers.
 *
 * wqport fixture: the worker marks itself idle (TASK_INTERRUPTIBLE)
 * before it looks at the request list, so that a submit between the
 * look and the sleep wakes it.  Running a request sets TASK_RUNNING
 * (iqx_run_one()), and so does iqx_run_notify() when it has notify work
 * to do; iqx_run_notify() returns 0 after that work when no deferred
 * callback is queued.  So schedule_timeout() may run in the idle state
 * or in TASK_RUNNING, which either of the two helpers may leave (the
 * first one's through the second): the fix leaves it alone and its
 * words name both helpers, not only the nearest one.  iqx_stop_worker()
 * waits for the worker's current request with no state set: a plain
 * WQ004, converted.
 *
 * wqport-cocci: beyond-standalone (which helpers leave TASK_RUNNING is the file's state summaries, not one function's shape)
 */
#include <linux/module.h>
#include <linux/kthread.h>
#include <linux/list.h>
#include <linux/sched.h>
#include <linux/spinlock.h>

#define IQX_IDLE_TIMEOUT	(5 * HZ)

struct iqx_req {
	struct list_head node;
	void (*fn)(struct iqx_req *req);
};

struct iqx_pool {
	spinlock_t lock;
	struct list_head reqs;
	unsigned long notify;
	struct list_head deferred;
};

static struct iqx_req *iqx_next(struct iqx_pool *p)
{
	struct iqx_req *req = NULL;

	spin_lock(&p->lock);
	if (!list_empty(&p->reqs)) {
		req = list_first_entry(&p->reqs, struct iqx_req, node);
		list_del_init(&req->node);
	}
	spin_unlock(&p->lock);
	return req;
}

static void iqx_run_one(struct iqx_pool *p, struct iqx_req *req)
{
	__set_current_state(TASK_RUNNING);
	req->fn(req);
}

/* 1: deferred callbacks ran, look again; 0: nothing deferred */
static int iqx_run_notify(struct iqx_pool *p)
{
	if (test_and_clear_bit(0, &p->notify)) {
		__set_current_state(TASK_RUNNING);
		pr_debug("iqx: notify\n");
	}
	if (!list_empty(&p->deferred)) {
		__set_current_state(TASK_RUNNING);
		list_del_init(p->deferred.next);
		return 1;
	}
	return 0;
}

static int iqx_worker(void *data)
{
	struct iqx_pool *p = data;
	struct iqx_req *req;

	while (!kthread_should_stop()) {
		set_current_state(TASK_INTERRUPTIBLE);
		while ((req = iqx_next(p)))
			iqx_run_one(p, req);
		if (iqx_run_notify(p))
			continue;
		schedule_timeout(IQX_IDLE_TIMEOUT);	/* expect-fix: WQ004 fix=refused:state-from-helper */
	}
	__set_current_state(TASK_RUNNING);
	return 0;
}

struct task_struct *iqx_start_worker(struct iqx_pool *p)
{
	return kthread_run(iqx_worker, p, "iqx-worker");
}
EXPORT_SYMBOL_GPL(iqx_start_worker);

void iqx_stop_worker(struct iqx_pool *p, struct task_struct *t)
{
	set_bit(1, &p->notify);
	/* let a request the worker is running finish its completion */
	schedule_timeout(HZ / 10);	/* expect: WQ004 fix=converted */
	kthread_stop(t);
}
EXPORT_SYMBOL_GPL(iqx_stop_worker);

MODULE_LICENSE("GPL");

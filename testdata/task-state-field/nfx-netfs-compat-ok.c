// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: compatibility branches for old kernels.
 *
 * An out-of-tree network filesystem client that has built on every
 * kernel since 2.0.  It sets the task state through set_current_state()
 * where the kernel has it and falls back to current->state where it
 * does not, defines its own set_current_state() when the headers lack
 * one, and keeps the 2.2 wait_queue_t spelling for kernels before 4.13.
 * On a kernel where those renames matter, each old half is never built:
 * WQ011 and WQ012 must stay silent in them.
 */
#include <linux/version.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/slab.h>

#ifndef set_current_state
#define set_current_state(x)	current->state = (x)
#endif

#if LINUX_VERSION_CODE < KERNEL_VERSION(4, 13, 0)
typedef wait_queue_t nfx_wait_t;
#else
typedef wait_queue_entry_t nfx_wait_t;
#endif

struct nfx_call {
	wait_queue_head_t waitq;
	int done;
};

/* the allocator is allowed to fail: back off a second and retry */
void *nfx_alloc(size_t size)
{
	void *p;
	int tries = 5;

	while (!(p = kmalloc(size, GFP_NOFS)) && tries--) {
#ifdef set_current_state
		set_current_state(TASK_UNINTERRUPTIBLE);
#else
		current->state = TASK_UNINTERRUPTIBLE;
#endif
		schedule_timeout(HZ);
	}
	return p;
}

int nfx_wait_call(struct nfx_call *call)
{
	return wait_event_killable(call->waitq, call->done);
}

static int nfx_thread_busy(struct task_struct *tsk)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(5, 14, 0)
	return READ_ONCE(tsk->__state) != TASK_RUNNING;
#else
	return tsk->state != TASK_RUNNING;
#endif
}

int nfx_idle(struct task_struct *tsk)
{
	return !nfx_thread_busy(tsk);
}

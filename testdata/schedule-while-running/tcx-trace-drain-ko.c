// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: a SCSI host driver whose trace macro records, as a
 * number, which function it was used in (`(u64)(unsigned long)_fn`).
 * tcx_drain_ios() waits for its outstanding commands with
 * schedule_timeout() in TASK_RUNNING: it returns at once and the loop
 * spins.  The trace record names tcx_drain_ios in tcx_complete_io(), but
 * nothing calls it through that number: its one caller is
 * tcx_host_reset(), which runs it in TASK_RUNNING, so the fix is
 * schedule_timeout_uninterruptible(), not a refusal for callers that
 * hand it on.
 */
#include <linux/atomic.h>
#include <linux/jiffies.h>
#include <linux/module.h>
#include <linux/sched.h>

struct tcx_trace_rec {
	u64 fnaddr;
	u64 tag;
};

static struct tcx_trace_rec tcx_trace_buf[64];
static atomic_t tcx_trace_idx;

#define TCX_TRACE(_fn, _tag)						\
	do {								\
		struct tcx_trace_rec *r = &tcx_trace_buf[		\
			atomic_inc_return(&tcx_trace_idx) & 63];	\
		r->fnaddr = (u64)(unsigned long)_fn;			\
		r->tag = (_tag);					\
	} while (0)

struct tcx_host {
	atomic_t active_ios;
};

static void tcx_drain_ios(struct tcx_host *h);

void tcx_complete_io(struct tcx_host *h, unsigned int tag)
{
	atomic_dec(&h->active_ios);
	TCX_TRACE(tcx_drain_ios, tag);
}

static void tcx_drain_ios(struct tcx_host *h)
{
	while (atomic_read(&h->active_ios))
		schedule_timeout(msecs_to_jiffies(100));	/* expect: WQ004 fix=converted */
}

int tcx_host_reset(struct tcx_host *h)
{
	tcx_drain_ios(h);
	return 0;
}

MODULE_LICENSE("GPL");

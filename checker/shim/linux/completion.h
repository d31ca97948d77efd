/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * wqport shim: <linux/completion.h>, struct completion, complete() and the
 * wait_for_completion*() family (extern functions, as in the kernel).
 *
 * A minimal model of the Linux 6.1 interface.  wqport-shim.h includes
 * this file, so all of it is available whatever a driver includes.
 */
#include <wqport-shim.h>

#ifndef _WQPORT_LINUX_COMPLETION_H
#define _WQPORT_LINUX_COMPLETION_H

struct swait_queue_head { raw_spinlock_t lock; struct list_head task_list; };
struct completion { unsigned int done; struct swait_queue_head wait; };
#define COMPLETION_INITIALIZER(work) { 0, { __RAW_SPIN_LOCK_INITIALIZER((work).wait.lock), \
					     LIST_HEAD_INIT((work).wait.task_list) } }
#define DECLARE_COMPLETION(work)	struct completion work = COMPLETION_INITIALIZER(work)
#define DECLARE_COMPLETION_ONSTACK(work) DECLARE_COMPLETION(work)
static inline void init_completion(struct completion *x)
{ x->done = 0; x->wait.lock.raw_lock = 0; INIT_LIST_HEAD(&x->wait.task_list); }
static inline void reinit_completion(struct completion *x) { x->done = 0; }
void wait_for_completion(struct completion *x);
void wait_for_completion_io(struct completion *x);
int __must_check wait_for_completion_interruptible(struct completion *x);
int __must_check wait_for_completion_killable(struct completion *x);
unsigned long __must_check wait_for_completion_timeout(struct completion *x, unsigned long timeout);
long __must_check wait_for_completion_interruptible_timeout(struct completion *x,
							    unsigned long timeout);
long __must_check wait_for_completion_killable_timeout(struct completion *x,
						       unsigned long timeout);
bool try_wait_for_completion(struct completion *x);
bool completion_done(struct completion *x);
void complete(struct completion *x);
void complete_all(struct completion *x);

#endif /* _WQPORT_LINUX_COMPLETION_H */

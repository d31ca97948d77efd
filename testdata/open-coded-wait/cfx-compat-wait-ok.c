// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: a vendor wireless driver's OS layer that carries its
 * own wait_event_interruptible_timeout() for kernels without one, under
 * `#ifndef wait_event_interruptible_timeout`, and the same for
 * wait_event_killable() as the #else of an `#ifdef`.  The loops in them
 * are those APIs' own implementation, off wherever the headers define
 * the names: there is no wait of the driver's to convert, and telling it
 * to use wait_event_interruptible_timeout() inside the definition of
 * wait_event_interruptible_timeout() would say nothing.  The file is the
 * driver's OS layer: the code that uses these lives in other files; its
 * own wait uses wait_event_interruptible() and is correct.
 * wqport-cocci: beyond-standalone (a semantic patch alone reads the
 * macro bodies without the #ifndef that makes them the API's own
 * fallback)
 */
#include <linux/module.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>

#ifndef wait_event_interruptible_timeout
#define __wait_event_interruptible_timeout(wq, condition, ret)		\
do {									\
	wait_queue_entry_t __wait;					\
	init_waitqueue_entry(&__wait, current);				\
									\
	add_wait_queue(&wq, &__wait);					\
	for (;;) {							\
		set_current_state(TASK_INTERRUPTIBLE);			\
		if (condition)						\
			break;						\
		if (!signal_pending(current)) {				\
			ret = schedule_timeout(ret);			\
			if (!ret)					\
				break;					\
			continue;					\
		}							\
		ret = -ERESTARTSYS;					\
		break;							\
	}								\
	__set_current_state(TASK_RUNNING);				\
	remove_wait_queue(&wq, &__wait);				\
} while (0)

#define wait_event_interruptible_timeout(wq, condition, timeout)	\
({									\
	long __ret = timeout;						\
	if (!(condition))						\
		__wait_event_interruptible_timeout(wq, condition, __ret); \
	__ret;								\
})
#endif

#ifdef wait_event_killable
#define CFX_WAIT_KILLABLE(wq, cond)	wait_event_killable(wq, cond)
#else
#define CFX_WAIT_KILLABLE(wq, cond)					\
({									\
	int __ret = 0;							\
	wait_queue_entry_t __wait;					\
	init_waitqueue_entry(&__wait, current);				\
	add_wait_queue(&(wq), &__wait);					\
	for (;;) {							\
		set_current_state(TASK_KILLABLE);			\
		if (cond)						\
			break;						\
		if (fatal_signal_pending(current)) {			\
			__ret = -ERESTARTSYS;				\
			break;						\
		}							\
		schedule();						\
	}								\
	__set_current_state(TASK_RUNNING);				\
	remove_wait_queue(&(wq), &__wait);				\
	__ret;								\
})
#endif

struct cfx_dev {
	wait_queue_head_t cmd_wq;
	bool cmd_done;
};

int cfx_wait_cmd(struct cfx_dev *d)
{
	return wait_event_interruptible(d->cmd_wq, d->cmd_done);
}
EXPORT_SYMBOL(cfx_wait_cmd);

void cfx_cmd_complete(struct cfx_dev *d)
{
	d->cmd_done = true;
	wake_up_interruptible(&d->cmd_wq);
}
EXPORT_SYMBOL(cfx_cmd_complete);

MODULE_LICENSE("GPL");

/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * wqport shim: <linux/wait.h>, the wait-queue model.
 *
 * The checker recognises the wait API by name, so this file keeps the
 * form each name has in Linux 6.1: macros stay macros (DECLARE_*,
 * DEFINE_WAIT*, init_waitqueue_head, init_wait, wake_up*, every
 * wait_event*), inlines stay inlines (init_waitqueue_entry,
 * waitqueue_active, wq_has_sleeper, __add/__remove_wait_queue) and the
 * rest are extern functions.  The wait_event*() macros expand, like the
 * kernel's, to a GNU statement expression holding a for (;;) loop of
 * prepare_to_wait_event(), the condition test, the sleep and
 * finish_wait(); their internal helpers are named __wqport_*.
 * The sleep_on() family, removed in 3.15, is declared as in 3.14.
 */
#include <wqport-shim.h>

#ifndef _WQPORT_LINUX_WAIT_H
#define _WQPORT_LINUX_WAIT_H

#include <linux/sched.h>

typedef struct wait_queue_entry wait_queue_entry_t;
typedef int (*wait_queue_func_t)(struct wait_queue_entry *wq_entry, unsigned int mode,
				 int flags, void *key);
int default_wake_function(struct wait_queue_entry *wq_entry, unsigned int mode,
			  int flags, void *key);

/* wait_queue_entry::flags */
#define WQ_FLAG_EXCLUSIVE	0x01
#define WQ_FLAG_WOKEN		0x02
#define WQ_FLAG_BOOKMARK	0x04
#define WQ_FLAG_CUSTOM		0x08
#define WQ_FLAG_DONE		0x10
#define WQ_FLAG_PRIORITY	0x20

/* One waiter: usually on the waiting task's stack. */
struct wait_queue_entry {
	unsigned int flags;
	void *private;
	wait_queue_func_t func;
	/*
	 * `task_list` until 4.13, when struct __wait_queue (wait_queue_t)
	 * became struct wait_queue_entry.  The model keeps both names over
	 * one list so old drivers parse (rule WQ012 reports the old one).
	 */
	union {
		struct list_head entry;
		struct list_head task_list;
	};
};
typedef struct wait_queue_entry wait_queue_t;	/* the name before 4.13 */

/* The queue: a lock and a list of entries. */
struct wait_queue_head {
	spinlock_t lock;
	union {
		struct list_head head;
		struct list_head task_list;	/* before 4.13 */
	};
};
typedef struct wait_queue_head wait_queue_head_t;

/* ---- declaring and initialising ---- */
#define __WAITQUEUE_INITIALIZER(name, tsk) {					\
	.private = tsk, .func = default_wake_function, .entry = { NULL, NULL } }

#define DECLARE_WAITQUEUE(name, tsk)						\
	struct wait_queue_entry name = __WAITQUEUE_INITIALIZER(name, tsk)

#define __WAIT_QUEUE_HEAD_INITIALIZER(name) {					\
	.lock = __SPIN_LOCK_INITIALIZER(name.lock),				\
	.head = LIST_HEAD_INIT(name.head) }

#define DECLARE_WAIT_QUEUE_HEAD(name)						\
	struct wait_queue_head name = __WAIT_QUEUE_HEAD_INITIALIZER(name)
#define DECLARE_WAIT_QUEUE_HEAD_ONSTACK(name)	DECLARE_WAIT_QUEUE_HEAD(name)

extern void __init_waitqueue_head(struct wait_queue_head *wq_head, const char *name,
				  struct lock_class_key *key);

#define init_waitqueue_head(wq_head)						\
	do {									\
		static struct lock_class_key __key;				\
		__init_waitqueue_head((wq_head), #wq_head, &__key);		\
	} while (0)

static inline void init_waitqueue_entry(struct wait_queue_entry *wq_entry,
					struct task_struct *p)
{
	wq_entry->flags = 0;
	wq_entry->private = p;
	wq_entry->func = default_wake_function;
}

static inline void init_waitqueue_func_entry(struct wait_queue_entry *wq_entry,
					     wait_queue_func_t func)
{
	wq_entry->flags = 0;
	wq_entry->private = NULL;
	wq_entry->func = func;
}

/* ---- testing for waiters ---- */
static inline int waitqueue_active(struct wait_queue_head *wq_head)
{
	return !list_empty(&wq_head->head);
}

static inline bool wq_has_single_sleeper(struct wait_queue_head *wq_head)
{
	return !list_empty(&wq_head->head) && wq_head->head.next == wq_head->head.prev;
}

static inline bool wq_has_sleeper(struct wait_queue_head *wq_head)
{
	smp_mb();	/* pairs with the barrier in set_current_state() */
	return waitqueue_active(wq_head);
}

/* ---- queueing an entry: locked helpers take wq_head->lock ---- */
extern void add_wait_queue(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry);
extern void add_wait_queue_exclusive(struct wait_queue_head *wq_head,
				     struct wait_queue_entry *wq_entry);
extern void add_wait_queue_priority(struct wait_queue_head *wq_head,
				    struct wait_queue_entry *wq_entry);
extern void remove_wait_queue(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry);

/* The __ forms expect the caller to hold wq_head->lock. */
static inline void __add_wait_queue(struct wait_queue_head *wq_head,
				    struct wait_queue_entry *wq_entry)
{
	list_add(&wq_entry->entry, &wq_head->head);
}

static inline void __add_wait_queue_exclusive(struct wait_queue_head *wq_head,
					      struct wait_queue_entry *wq_entry)
{
	wq_entry->flags |= WQ_FLAG_EXCLUSIVE;
	__add_wait_queue(wq_head, wq_entry);
}

static inline void __add_wait_queue_entry_tail(struct wait_queue_head *wq_head,
					       struct wait_queue_entry *wq_entry)
{
	list_add_tail(&wq_entry->entry, &wq_head->head);
}

static inline void __add_wait_queue_entry_tail_exclusive(struct wait_queue_head *wq_head,
							 struct wait_queue_entry *wq_entry)
{
	wq_entry->flags |= WQ_FLAG_EXCLUSIVE;
	__add_wait_queue_entry_tail(wq_head, wq_entry);
}

static inline void __remove_wait_queue(struct wait_queue_head *wq_head,
				       struct wait_queue_entry *wq_entry)
{
	(void)wq_head;
	list_del(&wq_entry->entry);
}

/* ---- waking ---- */
int __wake_up(struct wait_queue_head *wq_head, unsigned int mode, int nr, void *key);
void __wake_up_locked_key(struct wait_queue_head *wq_head, unsigned int mode, void *key);
void __wake_up_sync_key(struct wait_queue_head *wq_head, unsigned int mode, void *key);
void __wake_up_locked_sync_key(struct wait_queue_head *wq_head, unsigned int mode, void *key);
void __wake_up_locked(struct wait_queue_head *wq_head, unsigned int mode, int nr);
void __wake_up_sync(struct wait_queue_head *wq_head, unsigned int mode);
void __wake_up_pollfree(struct wait_queue_head *wq_head);

#define wake_up(x)			__wake_up(x, TASK_NORMAL, 1, NULL)
#define wake_up_nr(x, nr)		__wake_up(x, TASK_NORMAL, nr, NULL)
#define wake_up_all(x)			__wake_up(x, TASK_NORMAL, 0, NULL)
#define wake_up_locked(x)		__wake_up_locked((x), TASK_NORMAL, 1)
#define wake_up_all_locked(x)		__wake_up_locked((x), TASK_NORMAL, 0)
#define wake_up_sync(x)			__wake_up_sync(x, TASK_NORMAL)
#define wake_up_interruptible(x)	__wake_up(x, TASK_INTERRUPTIBLE, 1, NULL)
#define wake_up_interruptible_nr(x, nr)	__wake_up(x, TASK_INTERRUPTIBLE, nr, NULL)
#define wake_up_interruptible_all(x)	__wake_up(x, TASK_INTERRUPTIBLE, 0, NULL)
#define wake_up_interruptible_sync(x)	__wake_up_sync((x), TASK_INTERRUPTIBLE)

/* Poll masks travel to the wake functions as the key. */
#define poll_to_key(m)			((void *)(__force uintptr_t)(__poll_t)(m))
#define key_to_poll(k)			((__force __poll_t)(uintptr_t)(void *)(k))
#define wake_up_poll(x, m)		__wake_up(x, TASK_NORMAL, 1, poll_to_key(m))
#define wake_up_locked_poll(x, m)	__wake_up_locked_key((x), TASK_NORMAL, poll_to_key(m))
#define wake_up_interruptible_poll(x, m) __wake_up(x, TASK_INTERRUPTIBLE, 1, poll_to_key(m))
#define wake_up_interruptible_sync_poll(x, m)					\
	__wake_up_sync_key((x), TASK_INTERRUPTIBLE, poll_to_key(m))

static inline void wake_up_pollfree(struct wait_queue_head *wq_head)
{
	/* Unlocked test: the caller is the last one to touch the queue. */
	if (waitqueue_active(wq_head))
		__wake_up_pollfree(wq_head);
}

/* ---- the prepare/finish protocol ---- */
void init_wait_entry(struct wait_queue_entry *wq_entry, int flags);
void prepare_to_wait(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry,
		     int state);
bool prepare_to_wait_exclusive(struct wait_queue_head *wq_head,
			       struct wait_queue_entry *wq_entry, int state);
long prepare_to_wait_event(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry,
			   int state);
void finish_wait(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry);
long wait_woken(struct wait_queue_entry *wq_entry, unsigned int mode, long timeout);
int woken_wake_function(struct wait_queue_entry *wq_entry, unsigned int mode, int sync, void *key);
int autoremove_wake_function(struct wait_queue_entry *wq_entry, unsigned int mode, int sync,
			     void *key);
extern int do_wait_intr(wait_queue_head_t *wq, wait_queue_entry_t *wait);
extern int do_wait_intr_irq(wait_queue_head_t *wq, wait_queue_entry_t *wait);

#define DEFINE_WAIT_FUNC(name, function)					\
	struct wait_queue_entry name = {					\
		.private = current,						\
		.func = function,						\
		.entry = LIST_HEAD_INIT((name).entry),				\
	}

#define DEFINE_WAIT(name)	DEFINE_WAIT_FUNC(name, autoremove_wake_function)

#define init_wait(wait)								\
	do {									\
		(wait)->private = current;					\
		(wait)->func = autoremove_wake_function;			\
		INIT_LIST_HEAD(&(wait)->entry);					\
		(wait)->flags = 0;						\
	} while (0)

/*
 * ---- wait_event*() ----
 *
 * __wqport_wait_event() is the one loop every form shares: queue the
 * entry and set the state (prepare_to_wait_event(), which also reports
 * a pending signal for interruptible and killable states), test the
 * condition, run @cmd (the sleep), and dequeue with finish_wait().
 * Its value is @ret, updated by @cmd in the timeout forms, or the
 * negative errno from prepare_to_wait_event() when a signal ended the
 * wait.
 */
#define __wqport_wait_is_interruptible(state)					\
	(!__builtin_constant_p(state) ||					\
	 ((state) & (TASK_INTERRUPTIBLE | TASK_WAKEKILL)))

#define __wqport_wait_event(wq_head, condition, state, exclusive, ret, cmd)	\
({										\
	__label__ __wqport_out;							\
	struct wait_queue_entry __wq_entry;					\
	long __ret = ret;	/* the timeout forms' cmd updates it */		\
										\
	init_wait_entry(&__wq_entry, (exclusive) ? WQ_FLAG_EXCLUSIVE : 0);	\
	for (;;) {								\
		long __int = prepare_to_wait_event(&(wq_head), &__wq_entry, state); \
										\
		if (condition)							\
			break;							\
		if (__wqport_wait_is_interruptible(state) && __int) {		\
			__ret = __int;						\
			goto __wqport_out;					\
		}								\
		cmd;								\
	}									\
	finish_wait(&(wq_head), &__wq_entry);					\
__wqport_out:									\
	__ret;									\
})

/*
 * The condition of a timeout form: true when @condition holds or the
 * time ran out, and a met condition with no time left reports 1, so
 * that 0 always means "timed out".
 */
#define __wqport_cond_timeout(condition)					\
({										\
	bool __cond = (condition);						\
	if (__cond && !__ret)							\
		__ret = 1;							\
	__cond || !__ret;							\
})

/* Uninterruptible: no value. */
#define wait_event(wq_head, condition)						\
do {										\
	might_sleep();								\
	if (condition)								\
		break;								\
	(void)__wqport_wait_event(wq_head, condition, TASK_UNINTERRUPTIBLE,	\
				  0, 0, schedule());				\
} while (0)

#define wait_event_idle(wq_head, condition)					\
do {										\
	might_sleep();								\
	if (!(condition))							\
		(void)__wqport_wait_event(wq_head, condition, TASK_IDLE, 0, 0,	\
					  schedule());				\
} while (0)

#define wait_event_idle_exclusive(wq_head, condition)				\
do {										\
	might_sleep();								\
	if (!(condition))							\
		(void)__wqport_wait_event(wq_head, condition, TASK_IDLE, 1, 0,	\
					  schedule());				\
} while (0)

#define wait_event_cmd(wq_head, condition, cmd1, cmd2)				\
do {										\
	if (condition)								\
		break;								\
	(void)__wqport_wait_event(wq_head, condition, TASK_UNINTERRUPTIBLE,	\
				  0, 0, cmd1; schedule(); cmd2);		\
} while (0)

#define wait_event_exclusive_cmd(wq_head, condition, cmd1, cmd2)		\
do {										\
	if (condition)								\
		break;								\
	(void)__wqport_wait_event(wq_head, condition, TASK_UNINTERRUPTIBLE,	\
				  1, 0, cmd1; schedule(); cmd2);		\
} while (0)

#define io_wait_event(wq_head, condition)					\
do {										\
	might_sleep();								\
	if (condition)								\
		break;								\
	(void)__wqport_wait_event(wq_head, condition, TASK_UNINTERRUPTIBLE,	\
				  0, 0, io_schedule());				\
} while (0)

/* Signal-aware: 0, or -ERESTARTSYS when a signal ended the wait. */
#define __wqport_wait_event_int(wq_head, condition, state, exclusive)		\
({										\
	int __ret = 0;								\
	might_sleep();								\
	if (!(condition))							\
		__ret = __wqport_wait_event(wq_head, condition, state,		\
					    exclusive, 0, schedule());		\
	__ret;									\
})

#define wait_event_interruptible(wq_head, condition)				\
	__wqport_wait_event_int(wq_head, condition, TASK_INTERRUPTIBLE, 0)
#define wait_event_interruptible_exclusive(wq, condition)			\
	__wqport_wait_event_int(wq, condition, TASK_INTERRUPTIBLE, 1)
#define wait_event_killable(wq_head, condition)					\
	__wqport_wait_event_int(wq_head, condition, TASK_KILLABLE, 0)
#define wait_event_killable_exclusive(wq, condition)				\
	__wqport_wait_event_int(wq, condition, TASK_KILLABLE, 1)
#define wait_event_freezable(wq_head, condition)				\
	__wqport_wait_event_int(wq_head, condition,				\
				(TASK_INTERRUPTIBLE | TASK_FREEZABLE), 0)
#define wait_event_freezable_exclusive(wq, condition)				\
	__wqport_wait_event_int(wq, condition,					\
				(TASK_INTERRUPTIBLE | TASK_FREEZABLE), 1)
#define wait_event_state(wq_head, condition, state)				\
	__wqport_wait_event_int(wq_head, condition, state, 0)

/*
 * With a timeout in jiffies: 0 when it elapsed with the condition
 * false, else the jiffies left (at least 1); the signal-aware ones may
 * also return -ERESTARTSYS.
 */
#define __wqport_wait_event_tmo(wq_head, condition, state, exclusive, timeout)	\
({										\
	long __ret = timeout;							\
	might_sleep();								\
	if (!__wqport_cond_timeout(condition))					\
		__ret = __wqport_wait_event(wq_head,				\
					    __wqport_cond_timeout(condition),	\
					    state, exclusive, timeout,		\
					    __ret = schedule_timeout(__ret));	\
	__ret;									\
})

#define wait_event_timeout(wq_head, condition, timeout)				\
	__wqport_wait_event_tmo(wq_head, condition, TASK_UNINTERRUPTIBLE, 0, timeout)
#define wait_event_interruptible_timeout(wq_head, condition, timeout)		\
	__wqport_wait_event_tmo(wq_head, condition, TASK_INTERRUPTIBLE, 0, timeout)
#define wait_event_killable_timeout(wq_head, condition, timeout)		\
	__wqport_wait_event_tmo(wq_head, condition, TASK_KILLABLE, 0, timeout)
#define wait_event_freezable_timeout(wq_head, condition, timeout)		\
	__wqport_wait_event_tmo(wq_head, condition,				\
				(TASK_INTERRUPTIBLE | TASK_FREEZABLE), 0, timeout)
#define wait_event_idle_timeout(wq_head, condition, timeout)			\
	__wqport_wait_event_tmo(wq_head, condition, TASK_IDLE, 0, timeout)
#define wait_event_idle_exclusive_timeout(wq_head, condition, timeout)		\
	__wqport_wait_event_tmo(wq_head, condition, TASK_IDLE, 1, timeout)

/*
 * Called and returning with @lock (a spinlock_t lvalue) held and irqs
 * off; the lock is dropped around each sleep.
 */
#define __wqport_wait_event_lock_irq(wq_head, condition, lock, state, cmd)	\
	__wqport_wait_event(wq_head, condition, state, 0, 0,			\
			    spin_unlock_irq(&lock);				\
			    cmd;						\
			    schedule();						\
			    spin_lock_irq(&lock))

#define wait_event_lock_irq_cmd(wq_head, condition, lock, cmd)			\
do {										\
	if (condition)								\
		break;								\
	(void)__wqport_wait_event_lock_irq(wq_head, condition, lock,		\
					   TASK_UNINTERRUPTIBLE, cmd);		\
} while (0)

#define wait_event_lock_irq(wq_head, condition, lock)				\
	wait_event_lock_irq_cmd(wq_head, condition, lock, )

#define wait_event_interruptible_lock_irq_cmd(wq_head, condition, lock, cmd)	\
({										\
	int __ret = 0;								\
	if (!(condition))							\
		__ret = __wqport_wait_event_lock_irq(wq_head, condition, lock,	\
						     TASK_INTERRUPTIBLE, cmd);	\
	__ret;									\
})

#define wait_event_interruptible_lock_irq(wq_head, condition, lock)		\
	wait_event_interruptible_lock_irq_cmd(wq_head, condition, lock, )

#define __wqport_wait_event_lock_irq_tmo(wq_head, condition, lock, state, timeout) \
({										\
	long __ret = timeout;							\
	if (!__wqport_cond_timeout(condition))					\
		__ret = __wqport_wait_event(wq_head,				\
					    __wqport_cond_timeout(condition),	\
					    state, 0, timeout,			\
					    spin_unlock_irq(&lock);		\
					    __ret = schedule_timeout(__ret);	\
					    spin_lock_irq(&lock));		\
	__ret;									\
})

#define wait_event_lock_irq_timeout(wq_head, condition, lock, timeout)		\
	__wqport_wait_event_lock_irq_tmo(wq_head, condition, lock,		\
					 TASK_UNINTERRUPTIBLE, timeout)
#define wait_event_interruptible_lock_irq_timeout(wq_head, condition, lock, timeout) \
	__wqport_wait_event_lock_irq_tmo(wq_head, condition, lock,		\
					 TASK_INTERRUPTIBLE, timeout)

/*
 * Called and returning with wq.lock held (spin_lock() or
 * spin_lock_irq() for the _irq forms).  As in the kernel, these loop
 * on do_wait_intr*(), which queues the entry, drops the lock around
 * schedule() and returns -ERESTARTSYS on a signal; 0 or -ERESTARTSYS.
 */
#define __wqport_wait_event_locked(wq, condition, exclusive, fn)		\
({										\
	int __ret;								\
	DEFINE_WAIT(__wait);							\
	if (exclusive)								\
		__wait.flags |= WQ_FLAG_EXCLUSIVE;				\
	do {									\
		__ret = fn(&(wq), &__wait);					\
		if (__ret)							\
			break;							\
	} while (!(condition));							\
	__remove_wait_queue(&(wq), &__wait);					\
	__set_current_state(TASK_RUNNING);					\
	__ret;									\
})

#define wait_event_interruptible_locked(wq, condition)				\
	((condition) ? 0 : __wqport_wait_event_locked(wq, condition, 0, do_wait_intr))
#define wait_event_interruptible_locked_irq(wq, condition)			\
	((condition) ? 0 : __wqport_wait_event_locked(wq, condition, 0, do_wait_intr_irq))
#define wait_event_interruptible_exclusive_locked(wq, condition)		\
	((condition) ? 0 : __wqport_wait_event_locked(wq, condition, 1, do_wait_intr))
#define wait_event_interruptible_exclusive_locked_irq(wq, condition)		\
	((condition) ? 0 : __wqport_wait_event_locked(wq, condition, 1, do_wait_intr_irq))

/*
 * ---- the sleep_on() family: models Linux <= 3.14 ----
 *
 * Removed in 3.15 because each call races with the caller's own test
 * of the condition: a wake_up() that comes between the test and the
 * call is lost.  Declared here, with their 3.14 prototypes, only so
 * that old drivers parse and the checker (rule WQ001) can report them.
 */
extern void sleep_on(wait_queue_head_t *q);
extern long sleep_on_timeout(wait_queue_head_t *q, signed long timeout);
extern void interruptible_sleep_on(wait_queue_head_t *q);
extern long interruptible_sleep_on_timeout(wait_queue_head_t *q, signed long timeout);

/*
 * ---- the 2.0-2.2 wait entry ----
 *
 * Before 2.3.1 an entry was a task and a link, initialised by hand
 * (`struct wait_queue wait = { current, NULL };`), and a queue was a
 * `struct wait_queue *`.  Declared so that such entries parse as a
 * local of a known type; the checker takes a non-pointer
 * `struct wait_queue` local as an on-stack wait entry.
 */
struct wait_queue {
	struct task_struct *task;
	struct wait_queue *next;
};

#endif /* _WQPORT_LINUX_WAIT_H */

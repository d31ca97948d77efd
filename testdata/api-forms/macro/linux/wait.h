/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * wqport test header: the wait API with its names as MACROS.
 *
 * One of two self-contained alternative <linux/wait.h> files used to
 * prove that the checker recognises an API use whether the name is a
 * macro or a function (compare ../function/linux/wait.h).  Here
 * set_current_state() and __set_current_state() are statement macros,
 * and the sleep_on() family, add_wait_queue() and remove_wait_queue()
 * are macros that expand to calls of __wqport_* functions, names the
 * checker does not know; schedule() and schedule_timeout() stay
 * functions.  Use with: -nostdinc -I testdata/api-forms/macro
 */
#ifndef _WQPORT_FORMS_MACRO_WAIT_H
#define _WQPORT_FORMS_MACRO_WAIT_H

#define NULL			((void *)0)
#define ERESTARTSYS		512
#define MAX_SCHEDULE_TIMEOUT	((long)(~0UL >> 1))

#define TASK_RUNNING		0x0000
#define TASK_INTERRUPTIBLE	0x0001
#define TASK_UNINTERRUPTIBLE	0x0002
#define TASK_WAKEKILL		0x0100
#define TASK_NOLOAD		0x0400
#define TASK_KILLABLE		(TASK_WAKEKILL | TASK_UNINTERRUPTIBLE)
#define TASK_IDLE		(TASK_UNINTERRUPTIBLE | TASK_NOLOAD)
#define TASK_NORMAL		(TASK_INTERRUPTIBLE | TASK_UNINTERRUPTIBLE)

struct list_head { struct list_head *next, *prev; };
typedef struct { volatile unsigned int slock; } spinlock_t;

struct task_struct {
	unsigned int __state;
	int pid;
};
struct task_struct *get_current(void);
#define current get_current()

struct wait_queue_entry;
typedef struct wait_queue_entry wait_queue_entry_t;
typedef int (*wait_queue_func_t)(struct wait_queue_entry *wq_entry, unsigned int mode,
				 int flags, void *key);
struct wait_queue_entry {
	unsigned int flags;
	void *private;
	wait_queue_func_t func;
	struct list_head entry;
};
struct wait_queue_head {
	spinlock_t lock;
	struct list_head head;
};
typedef struct wait_queue_head wait_queue_head_t;

int default_wake_function(struct wait_queue_entry *wq_entry, unsigned int mode,
			  int flags, void *key);

#define DECLARE_WAITQUEUE(name, tsk)						\
	struct wait_queue_entry name = {					\
		.private = (tsk), .func = default_wake_function,		\
		.entry = { NULL, NULL } }
#define DECLARE_WAIT_QUEUE_HEAD(name)						\
	struct wait_queue_head name = {						\
		.lock = { 0 }, .head = { &(name).head, &(name).head } }

/* Task state: macros storing to current->__state. */
#define __set_current_state(state_value)					\
	do {									\
		*(volatile unsigned int *)&current->__state = (state_value);	\
	} while (0)
#define set_current_state(state_value)						\
	do {									\
		*(volatile unsigned int *)&current->__state = (state_value);	\
		__asm__ __volatile__("" : : : "memory");			\
	} while (0)

/* Queueing: macros around double-underscore functions. */
void __wqport_add_wait_queue(wait_queue_head_t *q, wait_queue_entry_t *wait);
void __wqport_remove_wait_queue(wait_queue_head_t *q, wait_queue_entry_t *wait);
#define add_wait_queue(q, wait)		__wqport_add_wait_queue(q, wait)
#define remove_wait_queue(q, wait)	__wqport_remove_wait_queue(q, wait)

/* The sleep_on() family: macros around double-underscore functions. */
void __wqport_sleep_on(wait_queue_head_t *q);
long __wqport_sleep_on_timeout(wait_queue_head_t *q, long timeout);
void __wqport_isleep_on(wait_queue_head_t *q);
long __wqport_isleep_on_timeout(wait_queue_head_t *q, long timeout);
#define sleep_on(q)				__wqport_sleep_on(q)
#define sleep_on_timeout(q, t)			__wqport_sleep_on_timeout(q, t)
#define interruptible_sleep_on(q)		__wqport_isleep_on(q)
#define interruptible_sleep_on_timeout(q, t)	__wqport_isleep_on_timeout(q, t)

/* Waking: macros, as in the kernel. */
void __wqport_wake_up(wait_queue_head_t *q, unsigned int mode, int nr);
#define wake_up(q)			__wqport_wake_up(q, TASK_NORMAL, 1)
#define wake_up_interruptible(q)	__wqport_wake_up(q, TASK_INTERRUPTIBLE, 1)

/* Scheduling and signals: functions. */
void schedule(void);
long schedule_timeout(long timeout);
int signal_pending(struct task_struct *p);

#endif /* _WQPORT_FORMS_MACRO_WAIT_H */

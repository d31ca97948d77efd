/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * wqport test header: the wait API with its names as FUNCTIONS.
 *
 * One of two self-contained alternative <linux/wait.h> files used to
 * prove that the checker recognises an API use whether the name is a
 * macro or a function (compare ../macro/linux/wait.h).  Here every API
 * name, set_current_state() and __set_current_state() included, is an
 * extern function; only the declarators DECLARE_WAITQUEUE() and
 * DECLARE_WAIT_QUEUE_HEAD() and the current task remain macros, since
 * a function cannot declare a variable.
 * Use with: -nostdinc -I testdata/api-forms/function
 */
#ifndef _WQPORT_FORMS_FUNCTION_WAIT_H
#define _WQPORT_FORMS_FUNCTION_WAIT_H

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

/* Task state. */
void set_current_state(long state);
void __set_current_state(long state);

/* Queueing. */
void add_wait_queue(wait_queue_head_t *q, wait_queue_entry_t *wait);
void remove_wait_queue(wait_queue_head_t *q, wait_queue_entry_t *wait);

/* The sleep_on() family, with its Linux 3.14 prototypes. */
void sleep_on(wait_queue_head_t *q);
long sleep_on_timeout(wait_queue_head_t *q, signed long timeout);
void interruptible_sleep_on(wait_queue_head_t *q);
long interruptible_sleep_on_timeout(wait_queue_head_t *q, signed long timeout);

/* Waking. */
void wake_up(wait_queue_head_t *q);
void wake_up_interruptible(wait_queue_head_t *q);

/* Scheduling and signals. */
void schedule(void);
long schedule_timeout(long timeout);
int signal_pending(struct task_struct *p);

#endif /* _WQPORT_FORMS_FUNCTION_WAIT_H */

/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * wqport shim: <linux/sched.h>, the task side of the wait model.
 *
 * Models the Linux 6.1 task-state interface in the same form as the
 * kernel: the TASK_* states are plain #defines, the state lives in
 * task_struct::__state (renamed from ->state in 5.14), current is a
 * macro around get_current(), set_current_state() and friends are
 * macros, and schedule() and schedule_timeout*() are extern functions.
 */
#include <wqport-shim.h>

#ifndef _WQPORT_LINUX_SCHED_H
#define _WQPORT_LINUX_SCHED_H

/* Task states: the values of task_struct::__state. */
#define TASK_RUNNING			0x00000000
#define TASK_INTERRUPTIBLE		0x00000001
#define TASK_UNINTERRUPTIBLE		0x00000002
#define __TASK_STOPPED			0x00000004
#define __TASK_TRACED			0x00000008
#define EXIT_DEAD			0x00000010
#define EXIT_ZOMBIE			0x00000020
#define TASK_PARKED			0x00000040
#define TASK_DEAD			0x00000080
#define TASK_WAKEKILL			0x00000100
#define TASK_WAKING			0x00000200
#define TASK_NOLOAD			0x00000400
#define TASK_NEW			0x00000800
#define TASK_FREEZABLE			0x00002000
#define TASK_FROZEN			0x00008000
#define TASK_KILLABLE			(TASK_WAKEKILL | TASK_UNINTERRUPTIBLE)
#define TASK_STOPPED			(TASK_WAKEKILL | __TASK_STOPPED)
#define TASK_TRACED			__TASK_TRACED
#define TASK_IDLE			(TASK_UNINTERRUPTIBLE | TASK_NOLOAD)
#define TASK_NORMAL			(TASK_INTERRUPTIBLE | TASK_UNINTERRUPTIBLE)

#define TASK_COMM_LEN			16
#define PF_KTHREAD			0x00200000
#define MAX_SCHEDULE_TIMEOUT		LONG_MAX

#define _NSIG				64
typedef struct { unsigned long sig[_NSIG / BITS_PER_LONG]; } sigset_t;
struct sigpending { struct list_head list; sigset_t signal; };
struct thread_info { unsigned long flags; u32 status; };
#define TIF_SIGPENDING			2
#define TIF_NEED_RESCHED		3
#define TIF_NOTIFY_SIGNAL		17

struct task_struct {
	struct thread_info thread_info;
	/*
	 * __state since 5.14; before that the field was `volatile long
	 * state`.  The model keeps both names over one word so old drivers
	 * that set the state by hand still parse (the checker's business).
	 */
	union {
		unsigned int __state;
		long state;
	};
	void *stack;
	unsigned int flags;
	int prio;
	pid_t pid;
	pid_t tgid;
	raw_spinlock_t pi_lock;
	struct sigpending pending;
	char comm[TASK_COMM_LEN];
};

/* The running task; on x86 a per-CPU pointer. */
extern struct task_struct *current_task;
static __always_inline struct task_struct *get_current(void)
{
	return current_task;
}
#define current get_current()

static inline pid_t task_pid_nr(struct task_struct *tsk) { return tsk->pid; }

/*
 * set_current_state() orders the state store before the caller's next
 * test of the wait condition (a full barrier); __set_current_state()
 * does not.  set_special_state() is for states that a wake-up must not
 * overwrite, and takes the task's pi_lock.
 */
#define __set_current_state(state_value)				\
	do {								\
		WRITE_ONCE(current->__state, (state_value));		\
	} while (0)

#define set_current_state(state_value)					\
	do {								\
		smp_store_mb(current->__state, (state_value));		\
	} while (0)

#define set_special_state(state_value)					\
	do {								\
		unsigned long __ss_flags;				\
		raw_spin_lock_irqsave(&current->pi_lock, __ss_flags);	\
		WRITE_ONCE(current->__state, (state_value));		\
		raw_spin_unlock_irqrestore(&current->pi_lock, __ss_flags); \
	} while (0)

/*
 * The task-state setters of older kernels: set_task_state() was removed
 * in 4.11, __set_task_state() with it.  Drivers of that age call them on
 * current; the checker reads them like set_current_state().
 */
#define __set_task_state(tsk, state_value)				\
	do {								\
		WRITE_ONCE((tsk)->__state, (state_value));		\
	} while (0)

#define set_task_state(tsk, state_value)				\
	do {								\
		smp_store_mb((tsk)->__state, (state_value));		\
	} while (0)

#define task_is_running(task)	(READ_ONCE((task)->__state) == TASK_RUNNING)

/* Giving up the CPU. */
asmlinkage void schedule(void);
extern void schedule_preempt_disabled(void);
extern long schedule_timeout(long timeout);
extern long schedule_timeout_interruptible(long timeout);
extern long schedule_timeout_killable(long timeout);
extern long schedule_timeout_uninterruptible(long timeout);
extern long schedule_timeout_idle(long timeout);
extern void io_schedule(void);
extern long io_schedule_timeout(long timeout);
extern int schedule_hrtimeout(ktime_t *expires, const enum hrtimer_mode mode);
extern int schedule_hrtimeout_range(ktime_t *expires, u64 delta, const enum hrtimer_mode mode);
void yield(void);

/* As in 6.1 without CONFIG_PREEMPT_DYNAMIC: a macro around _cond_resched(). */
extern int __cond_resched(void);
static inline int _cond_resched(void) { return __cond_resched(); }
#define cond_resched()	({ _cond_resched(); })

static inline int test_tsk_thread_flag(struct task_struct *tsk, int flag)
{
	return test_bit(flag, &tsk->thread_info.flags);
}
static __always_inline bool need_resched(void)
{
	return unlikely(test_tsk_thread_flag(current, TIF_NEED_RESCHED));
}

/* Waking a task. */
extern int wake_up_process(struct task_struct *tsk);
extern int wake_up_state(struct task_struct *tsk, unsigned int state);

#endif /* _WQPORT_LINUX_SCHED_H */

/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * wqport verify: the interface between the two halves of the runtime.
 *
 * The "kernel" half (kmodel.c) is compiled against the wqport shim
 * headers, like the fixture drivers, and implements the wait API.  The
 * "machine" half (machine.c) is compiled against libc and owns the
 * coroutines, the scheduler, the explorer and the reports.  They talk
 * through this header, which uses only C's basic types so that it can
 * be included on either side.
 */
#ifndef WQV_MACHINE_H
#define WQV_MACHINE_H

#define WQV_MAX_TASKS	6

enum wqv_kind { WQV_WAITER = 1, WQV_WAKER = 2, WQV_TASK = 3, WQV_SETUP = 4 };

/* Properties: the names the tests expect. */
#define WQV_P_LOST	"lost-wakeup"
#define WQV_P_BUSY	"busy-loop"
#define WQV_P_LEAK	"entry-leak"
#define WQV_P_STATE	"state-leak"
#define WQV_P_EXCL	"exclusive-lost"
#define WQV_P_HANG	"hang"
#define WQV_P_ATOMIC	"atomic-sleep"
#define WQV_P_CRASH	"crash"
#define WQV_P_NOPROG	"no-progress"

/* ---- machine side, called by the kernel model ---- */
/* Where the next step happens (set by the wrapper macros at the call site). */
void wqv_loc(const char *file, int line);
/* A scheduling point: another task may run before this one goes on. */
void wqv_point(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* A step of the trace that is not a scheduling point. */
void wqv_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The current task leaves the run queue; returns once activated and picked. */
void wqv_block(void);
/* Puts a blocked task back on the run queue. */
void wqv_activate(int task);
/* The current task spins until *word is 0. */
void wqv_spin_wait(volatile unsigned int *word);
/* Harness: the current task waits until *word != 0 (e.g. a register the driver writes). */
void wqv_await(volatile unsigned int *word);
/* ... until every bit of mask is set in *word. */
void wqv_await_mask(volatile unsigned int *word, unsigned int mask);
/* ... until *word == 0. */
void wqv_await_zero(volatile unsigned int *word);
/* Bit i set while task i sleeps in schedule() (kernel side). */
extern volatile unsigned int wqv_k_asleep;
/* Reports a property violation; a fatal one ends the schedule. */
void wqv_violation(const char *prop, int fatal, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
int wqv_cur(void);
const char *wqv_task_name(int task);
/* The -b bound, and 0 when run without fairness (-u): for the unit tests. */
int wqv_preemption_bound(void);
int wqv_fair(void);
/* Where the current task is (the last wrapped call site). */
void wqv_where(const char **file, int *line);
/* The task's wait condition (waiters only), -1 for others. */
int wqv_task_cond(int task);
/* 1 when every waker has returned. */
int wqv_wakers_done(void);
/* The stack of a task, to recognise on-stack wait entries. */
int wqv_on_stack(int task, const void *p);
/* Called by the harness's constructors. */
void wqv_register(int kind, const char *name, void (*fn)(void), int (*cond)(void),
		  const char *file, int line);
void wqv_register_signal(const char *target);

/* ---- kernel side, called by the machine ---- */
void wqv_k_reset(int ntasks);
void wqv_k_switch_to(int task);
int wqv_k_timer_pending(void);
void wqv_k_fire_timer(void);
void wqv_k_signal(int task);
void wqv_k_task_exit(int task);
/* An on-stack entry of task queued below sp: its frame has returned (entry-leak). */
void wqv_k_check_frames(int task, const void *sp);
void wqv_k_quiescent(void);
/* A waiter's condition is false: a wake-up spent on it no longer counts. */
void wqv_k_cond_false(int task);
int wqv_k_blocked_on_queue(int task);
unsigned long wqv_k_jiffies(void);
const char *wqv_k_state_name(int task);

#endif /* WQV_MACHINE_H */

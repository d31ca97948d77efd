/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * wqport shim: <linux/sched/signal.h>, the signal tests a wait loop uses.
 *
 * As in Linux 6.1, signal_pending(), fatal_signal_pending() and
 * signal_pending_state() are static inline functions taking the task.
 */
#include <wqport-shim.h>

#ifndef _WQPORT_LINUX_SCHED_SIGNAL_H
#define _WQPORT_LINUX_SCHED_SIGNAL_H

#include <linux/sched.h>

#define SIGHUP		1
#define SIGINT		2
#define SIGQUIT		3
#define SIGKILL		9
#define SIGUSR1		10
#define SIGUSR2		12
#define SIGPIPE		13
#define SIGALRM		14
#define SIGTERM		15
#define SIGCHLD		17
#define SIGCONT		18
#define SIGSTOP		19
#define SIGIO		29

static inline int sigismember(sigset_t *set, int sig)
{
	unsigned long bit = sig - 1;

	return 1 & (set->sig[bit / BITS_PER_LONG] >> (bit % BITS_PER_LONG));
}

static inline int task_sigpending(struct task_struct *p)
{
	return unlikely(test_tsk_thread_flag(p, TIF_SIGPENDING));
}

static inline int signal_pending(struct task_struct *p)
{
	if (unlikely(test_tsk_thread_flag(p, TIF_NOTIFY_SIGNAL)))
		return 1;
	return task_sigpending(p);
}

static inline int __fatal_signal_pending(struct task_struct *p)
{
	return unlikely(sigismember(&p->pending.signal, SIGKILL));
}

static inline int fatal_signal_pending(struct task_struct *p)
{
	return signal_pending(p) && __fatal_signal_pending(p);
}

static inline int signal_pending_state(unsigned int state, struct task_struct *p)
{
	if (!(state & (TASK_INTERRUPTIBLE | TASK_WAKEKILL)))
		return 0;
	if (!signal_pending(p))
		return 0;
	return (state & TASK_INTERRUPTIBLE) || __fatal_signal_pending(p);
}

extern int send_sig(int sig, struct task_struct *p, int priv);
extern void flush_signals(struct task_struct *p);
extern void allow_signal(int sig);
extern void disallow_signal(int sig);

#endif /* _WQPORT_LINUX_SCHED_SIGNAL_H */

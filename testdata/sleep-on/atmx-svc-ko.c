// SPDX-License-Identifier: GPL-2.0-only
/*
 * atmx_svc.c -- signalling daemon interface of the ATMX-155 SAR card,
 * 2.6.x vendor driver.  The socket's wait queue is not a field of the
 * driver's own state: it comes from sk_sleep(), a call.
 *
 * wqport fixture: sleeps on a queue that a call returns.  The loop that
 * waits for the daemon's reply converts (the queue argument keeps its
 * call, dereferenced); the one-shot sleep after sending a close is
 * refused, with the reply flag the daemon's handler sets named as the
 * candidate.  Earlier versions of the fix planner never returned on a
 * queue spelled as a call.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/wait.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>

struct atmx_sock {
	wait_queue_head_t	wq;
	volatile int		reply;		/* set by the daemon's message */
	int			error;
};

struct atmx_vcc {
	struct atmx_sock	*sk;
	int			vpi, vci;
};

static wait_queue_head_t *atmx_sleep(struct atmx_sock *sk)
{
	return &sk->wq;
}

/* called from the daemon's write(): a reply for this vcc came in */
static void atmx_svc_reply(struct atmx_vcc *vcc, int error)
{
	vcc->sk->error = error;
	vcc->sk->reply = 1;
	wake_up(atmx_sleep(vcc->sk));
}

static int atmx_svc_connect(struct atmx_vcc *vcc)
{
	vcc->sk->reply = 0;
	/* ... message to the daemon ... */
	while (!vcc->sk->reply) {
		interruptible_sleep_on(atmx_sleep(vcc->sk));	/* expect: WQ001 fix=converted */
		if (signal_pending(current))
			return -ERESTARTSYS;
	}
	return vcc->sk->error;
}

static void atmx_svc_close(struct atmx_vcc *vcc)
{
	/* ... close message to the daemon ... */
	sleep_on(atmx_sleep(vcc->sk));	/* expect: WQ001 fix=keeprace */
}

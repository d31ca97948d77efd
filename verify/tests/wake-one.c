// SPDX-License-Identifier: GPL-2.0-only
/*
 * Model unit test: __wake_up_common() (kernel/sched/wait.c) wakes every
 * non-exclusive entry and stops after nr_exclusive exclusive ones; so
 * wake_up() wakes one of two exclusive waiters, wake_up_all() both.
 * Exclusive entries go to the tail (prepare_to_wait_exclusive()).
 */
#include <linux/wait.h>
#include "wqv-harness.h"

static DECLARE_WAIT_QUEUE_HEAD(q);
static int ready;

WQV_WAITER(w1, ready)
{
	int r = wait_event_interruptible_exclusive(q, ready);

	WQV_CHECK(r == 0);
}

WQV_WAITER(w2, ready)
{
	int r = wait_event_interruptible_exclusive(q, ready);

	WQV_CHECK(r == 0);
}

WQV_WAKER(waker)
{
	WQV_AWAIT_ASLEEP(3);		/* both sleep in schedule() */
	ready = 1;
	wake_up(&q);			/* nr_exclusive = 1 */
	WQV_CHECK(wqv_k_asleep == 1 || wqv_k_asleep == 2);
	wake_up_all(&q);		/* nr_exclusive = 0: all */
	WQV_CHECK(wqv_k_asleep == 0);
}

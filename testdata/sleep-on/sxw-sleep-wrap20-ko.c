// SPDX-License-Identifier: GPL-2.0-only
/*
 * sxw_compat.c -- the compatibility layer of an out-of-tree STREAMS
 * stack for Linux 2.0: the stack's own sleep and wake-up calls on top of
 * the kernel's, for a queue the caller passes as a 2.0
 * `struct wait_queue **`.  An older event list, kept under `#if 0`,
 * declared a queue in a struct.
 *
 * wqport fixture: the sleeps are refused for the 2.0 wait API, and the
 * refusal names the declaration that stops the port, the parameter
 * `struct wait_queue **p` of the sleeping functions, not the struct
 * member of the `#if 0` block, which no configuration compiles.
 * wqport-fix-test: no-compile (the 2.0 wait API: struct wait_queue is gone)
 * wqport-test: shim-only (the same)
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/wait.h>

#if 0
static struct sxw_event {
	struct sxw_event *next;
	struct wait_queue *queue;
	void *event;
} *sxw_events;
#endif /* 0 */

static struct wait_queue *sxw_block_queue;
static int sxw_blocked;

void sxw_i_sleep_on(struct wait_queue **p)
{
	unsigned long flags;

	save_flags(flags);
	cli();
	interruptible_sleep_on(p);	/* expect: WQ001 fix=refused:old-wait-api */
	restore_flags(flags);
}

void sxw_block(void)
{
	while (sxw_blocked)
		sleep_on(&sxw_block_queue);	/* expect: WQ001 fix=refused:old-wait-api */
}

void sxw_unblock(void)
{
	sxw_blocked = 0;
	wake_up(&sxw_block_queue);
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * qlx_dpc.c -- the deferred-work thread of the QLX host adapter.
 *
 * wqport fixture (issue 41): the thread sets its state before the loop
 * and again at the loop's tail (the end_loop: label every early exit
 * jumps to), but the two "unrecoverable" paths leave the pass with
 * `continue` and reach schedule() in TASK_RUNNING.  The finding's words
 * said "the state is set only once, here, before the loop" and "so the
 * loop spins": the state is also set at end_loop:, and the sleep after a
 * continue returns once, then the next pass sets the state again.
 *
 * wqport-cocci: beyond-standalone (the loop writes the state at its tail;
 * that two continue paths skip that write is the checker's path
 * analysis, which no semantic patch's report rule repeats)
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/bitops.h>

#define QLX_DO_RESET		0
#define QLX_UNRECOVERABLE	1
#define QLX_UNLOADING		2

struct qlx_hw {
	unsigned long dpc_flags;
	int dpc_active;
	bool init_done;
	bool p3p;
};

extern void qlx_mark_failed(struct qlx_hw *ha);
extern void qlx_reset_chip(struct qlx_hw *ha);

static int qlx_do_dpc(void *data)
{
	struct qlx_hw *ha = data;

	set_current_state(TASK_INTERRUPTIBLE);
	while (1) {
		schedule();	/* expect: WQ004 fix=refused:no-patch */

		if (kthread_should_stop())
			break;

		if (!ha->init_done)
			goto end_loop;
		if (test_bit(QLX_UNLOADING, &ha->dpc_flags))
			goto end_loop;

		ha->dpc_active = 1;
		if (ha->p3p) {
			if (test_and_clear_bit(QLX_UNRECOVERABLE, &ha->dpc_flags)) {
				qlx_mark_failed(ha);
				continue;
			}
		} else {
			if (test_and_clear_bit(QLX_UNRECOVERABLE, &ha->dpc_flags)) {
				qlx_reset_chip(ha);
				qlx_mark_failed(ha);
				continue;
			}
		}
		if (test_and_clear_bit(QLX_DO_RESET, &ha->dpc_flags))
			qlx_reset_chip(ha);
		ha->dpc_active = 0;
end_loop:
		set_current_state(TASK_INTERRUPTIBLE);	/* expect: WQ003 fix=refused:no-patch */
	}
	__set_current_state(TASK_RUNNING);
	ha->dpc_active = 0;
	return 0;
}

int qlx_start_dpc(struct qlx_hw *ha)
{
	struct task_struct *t = kthread_run(qlx_do_dpc, ha, "qlx_dpc");

	return IS_ERR(t) ? PTR_ERR(t) : 0;
}

MODULE_LICENSE("GPL");

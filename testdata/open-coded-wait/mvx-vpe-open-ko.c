// SPDX-License-Identifier: GPL-2.0-only
/*
 * mvx_rtc.c -- channels between Linux and the MVX coprocessor program.
 *
 * wqport fixture (issue 41): the channel table is sized by MVX_CHANNELS
 * from the vendor header "mvx-vpe.h", which a run without the
 * vendor's include path does not find.  clang then drops every statement
 * that names the table, so the add_wait_queue() calls are not in the
 * syntax tree; the planner looked for the wait loop only among the
 * add's siblings and said "no wait loop after the add_wait_queue()"
 * where a while loop follows the add in the same block.  Both entries of
 * mvx_open() are named 'wait', so the in-place form (one entry per
 * function) does not take them, and that is the reason each site gives
 * (the last form tried): no site may say there is no wait loop.
 *
 * wqport-fix-test: no-compile (mvx-vpe.h is missing on purpose)
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include "mvx-vpe.h"

static struct mvx_chan_wq {
	wait_queue_head_t sp_queue;
	wait_queue_head_t lx_queue;
	int in_open;
} mvx_chan_wq[MVX_CHANNELS];

struct mvx_shared {
	int state;
	void *buffer;
};

static struct mvx_shared *mvx_info;
extern struct mvx_shared **mvx_get_shared(int vpe);

/* the coprocessor program came up: wake whoever waits in open */
void mvx_sp_started(int vpe)
{
	int i;

	for (i = 0; i < MVX_CHANNELS; i++)
		wake_up_interruptible(&mvx_chan_wq[i].lx_queue);
}

int mvx_open(int index, int can_sleep)
{
	struct mvx_shared **p;

	if (mvx_chan_wq[index].in_open)
		return -EBUSY;
	mvx_chan_wq[index].in_open++;

	if (mvx_info == NULL) {
		p = mvx_get_shared(MVX_TARGET_VPE);
		if (p == NULL) {
			if (!can_sleep) {
				mvx_chan_wq[index].in_open = 0;
				return -ENOSYS;
			} else {
				DECLARE_WAITQUEUE(wait, current);

				add_wait_queue(&mvx_chan_wq[index].lx_queue, &wait); /* expect: WQ002 fix=refused:entry-made-otherwise */

				set_current_state(TASK_INTERRUPTIBLE);
				while ((p = mvx_get_shared(MVX_TARGET_VPE)) == NULL) {
					schedule();
					set_current_state(TASK_INTERRUPTIBLE);	/* expect: WQ007 */
				}

				set_current_state(TASK_RUNNING);
				remove_wait_queue(&mvx_chan_wq[index].lx_queue, &wait);
			}
		}

		if (*p == NULL) {
			if (!can_sleep) {
				mvx_chan_wq[index].in_open = 0;
				return -ENOSYS;
			} else {
				DECLARE_WAITQUEUE(wait, current);

				add_wait_queue(&mvx_chan_wq[index].lx_queue, &wait); /* expect: WQ002 fix=refused:entry-made-otherwise */

				set_current_state(TASK_INTERRUPTIBLE);
				while (*p == NULL) {
					schedule();
					/* the program may never fill it in */
					set_current_state(TASK_INTERRUPTIBLE);	/* expect: WQ007 */
				}

				set_current_state(TASK_RUNNING);
				remove_wait_queue(&mvx_chan_wq[index].lx_queue, &wait);
			}
		}
		mvx_info = *p;
	}
	return 0;
}

MODULE_LICENSE("GPL");

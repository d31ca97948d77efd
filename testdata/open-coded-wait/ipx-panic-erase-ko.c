// SPDX-License-Identifier: GPL-2.0-only
/*
 * ipx: erasing the panic log partition of an invented phone.  Each
 * block is erased with the task queued and asleep until the erase
 * callback wakes it.  The bad-block check's error path jumps out with
 * the task still in TASK_INTERRUPTIBLE and its entry queued; converting
 * the loop in place leaves that path as it was, so the state left there
 * is not "fixed all the same", whatever the check of the result says.
 *
 * wqport-fix-test: res-unreported(57: the check of the result does not see the state prepare_to_wait() leaves on the goto; the model of the result does)
 */
#include <linux/sched.h>
#include <linux/wait.h>

struct ipx_flash {
	unsigned long size;
	unsigned long erasesize;
	int (*block_isbad)(struct ipx_flash *fl, unsigned long ofs);
	int (*erase)(struct ipx_flash *fl, unsigned long ofs,
		     wait_queue_head_t *done);
};

void ipx_erase_done(wait_queue_head_t *done)
{
	wake_up(done);
}

int ipx_erase_log(struct ipx_flash *fl)
{
	DECLARE_WAITQUEUE(wait, current);
	wait_queue_head_t wait_q;
	unsigned long ofs;
	int rc = 0;

	init_waitqueue_head(&wait_q);
	for (ofs = 0; ofs < fl->size; ofs += fl->erasesize) {
		set_current_state(TASK_INTERRUPTIBLE);	/* expect: WQ007 */
		add_wait_queue(&wait_q, &wait);	/* expect: WQ002 fix=converted */
		rc = fl->block_isbad(fl, ofs);
		if (rc < 0)
			goto out;
		if (rc) {
			set_current_state(TASK_RUNNING);
			remove_wait_queue(&wait_q, &wait);
			continue;
		}
		rc = fl->erase(fl, ofs, &wait_q);
		if (rc) {
			set_current_state(TASK_RUNNING);
			remove_wait_queue(&wait_q, &wait);
			break;
		}
		schedule();
		remove_wait_queue(&wait_q, &wait);
	}
out:
	return rc;	/* expect: WQ005 fix=refused:no-patch */
}

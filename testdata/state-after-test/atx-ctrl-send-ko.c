// SPDX-License-Identifier: GPL-2.0-only
/*
 * atx_ctrl.c -- control channel of the ATX loopback ATM device.
 *
 * wqport fixture (issue 41): a control message is pushed to the daemon,
 * then the sender waits for the daemon's answer to flip a flag bit.  The
 * loop tests the bit before it sets its state (WQ003), and the entry is
 * added once before the loop (WQ002).  The rewrite of the function puts
 * the entry in place with prepare_to_wait() and makes the loop's test
 * again right before schedule(); the WQ002 site's words said "the loop
 * keeps its shape" and left out that re-test, the part that closes the
 * race.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/bitops.h>
#include <linux/sched.h>
#include <linux/wait.h>

struct atx_vcc {
	unsigned long flags;
	wait_queue_head_t sleep;
	struct atx_vcc *peer;
	void (*push)(struct atx_vcc *vcc, int type);
};

/* the daemon's answer: flip the bit and wake the sender */
void atx_ctrl_answer(struct atx_vcc *vcc, int flag)
{
	change_bit(flag, &vcc->flags);
	wake_up(&vcc->sleep);
}

int atx_send_ctrl(struct atx_vcc *vcc, int type, int flag)
{
	DECLARE_WAITQUEUE(wait, current);
	struct atx_vcc *out;
	int old_test, error = 0;

	out = READ_ONCE(vcc->peer);
	if (!out)
		return -EUNATCH;
	old_test = test_bit(flag, &vcc->flags);
	out->push(out, type);
	add_wait_queue(&vcc->sleep, &wait);	/* expect: WQ002 fix=converted */
	while (test_bit(flag, &vcc->flags) == old_test) {
		out = READ_ONCE(vcc->peer);
		if (!out) {
			error = -EUNATCH;
			break;
		}
		set_current_state(TASK_UNINTERRUPTIBLE);	/* expect: WQ003 fix=converted */
		schedule();
	}
	set_current_state(TASK_RUNNING);
	remove_wait_queue(&vcc->sleep, &wait);
	return error;
}

MODULE_LICENSE("GPL");

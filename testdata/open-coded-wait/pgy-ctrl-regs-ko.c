// SPDX-License-Identifier: GPL-2.0-only
/*
 * pgy_usb.c -- Pegoya PG-100 USB Ethernet, control register reads.
 *
 * wqport fixture: one function queues its entry 'wait' twice.  First it
 * waits in a loop for an earlier control transfer to finish; then it
 * submits its own and sleeps once for the completion.  The second add's
 * finding must name its own sleep ("once"), not the first add's loop,
 * and not call it a wait loop.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/errno.h>
#include <linux/usb.h>

#define PGY_REGS_BUSY	0x01

struct pgy_dev {
	unsigned long		flags;
	wait_queue_head_t	ctrl_wait;
	struct urb		*ctrl_urb;
	int			ctrl_status;
};

/* the control urb's completion */
void pgy_ctrl_done(struct pgy_dev *pd, int status)
{
	pd->ctrl_status = status;
	pd->flags &= ~PGY_REGS_BUSY;
	wake_up(&pd->ctrl_wait);
}
EXPORT_SYMBOL_GPL(pgy_ctrl_done);

int pgy_get_regs(struct pgy_dev *pd)
{
	DECLARE_WAITQUEUE(wait, current);
	int ret;

	add_wait_queue(&pd->ctrl_wait, &wait);	/* expect: WQ002 */
	set_current_state(TASK_UNINTERRUPTIBLE);
	while (pd->flags & PGY_REGS_BUSY)
		schedule();	/* expect: WQ004 */
	remove_wait_queue(&pd->ctrl_wait, &wait);
	set_current_state(TASK_RUNNING);

	pd->flags |= PGY_REGS_BUSY;
	ret = usb_submit_urb(pd->ctrl_urb, GFP_ATOMIC);
	if (ret)
		return ret;

	set_current_state(TASK_UNINTERRUPTIBLE);
	add_wait_queue(&pd->ctrl_wait, &wait);	/* expect: WQ002 */
	schedule();
	remove_wait_queue(&pd->ctrl_wait, &wait);
	return pd->ctrl_status;
}
EXPORT_SYMBOL_GPL(pgy_get_regs);

MODULE_LICENSE("GPL");

// SPDX-License-Identifier: GPL-2.0-only
/*
 * mpx_tty.c -- the open of the MPX-8 intelligent serial board, 2.6 era:
 * block_til_ready() returns early under #ifdef MPX_DO_RESTART, then
 * waits for the line with the open-coded add_wait_queue() loop.
 *
 * wqport fixture: no semantic patch matches this shape today (the
 * preprocessor branches of the early return and of the loop's exit).  The refusal names the
 * call the planned form writes, prepare_to_wait() in place, never the
 * planner's name of the form ("prepare_to_wait-entry()").
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>
#include <linux/spinlock.h>
#include <linux/errno.h>

#define MPX_ACTIVE	0x01
#define MPX_CARRIER	0x02
#define MPX_HUP_NOTIFY	0x04
#define MPX_CLOSING	0x08

struct mpx_chan {
	wait_queue_head_t	open_wait;
	unsigned int		aflags;
	int			count;
	int			blocked_open;
};

static DEFINE_SPINLOCK(mpx_lock);

static int mpx_block_til_ready(struct mpx_chan *ch)
{
	DECLARE_WAITQUEUE(wait, current);
	unsigned long flags;
	int retval = 0;

	if (ch->aflags & MPX_CLOSING) {
#ifdef MPX_DO_RESTART
		if (ch->aflags & MPX_HUP_NOTIFY)
			return (-EAGAIN);
		else
			return (-ERESTARTSYS);
#else
		return (-EAGAIN);
#endif
	}

	add_wait_queue(&ch->open_wait, &wait);	/* expect: WQ002 fix=refused:no-patch */
	spin_lock_irqsave(&mpx_lock, flags);
	ch->count--;
	ch->blocked_open++;
	spin_unlock_irqrestore(&mpx_lock, flags);
	while (1) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (!(ch->aflags & MPX_ACTIVE)) {
#ifdef MPX_DO_RESTART
			if (ch->aflags & MPX_HUP_NOTIFY)
				retval = -EAGAIN;
			else
				retval = -ERESTARTSYS;
#else
			retval = -EAGAIN;
#endif
			break;
		}
		if (ch->aflags & MPX_CARRIER)
			break;
		if (signal_pending(current)) {
			retval = -ERESTARTSYS;
			break;
		
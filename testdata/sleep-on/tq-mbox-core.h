/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tq_mbox.h -- the mailbox of the TQ-60 DSP card (2.6 vendor SDK), after
 * its port away from sleep_on().  Template style: whole function bodies,
 * included by tq-mbox-ok.c after `tq_mbox_t` is defined.
 */

/* wait for the DSP to take the last command; 0 or -ERESTARTSYS */
static int tq_mbox_wait_ready(tq_mbox_t *mb)
{
	return wait_event_interruptible(mb->ready_wait,
					inb(mb->base + TQ_STATUS) & TQ_ST_READY);
}

/* the reply of the last command, or -EIO after a second */
static int tq_mbox_get_reply(tq_mbox_t *mb)
{
	if (!wait_event_timeout(mb->reply_wait, mb->reply_ready, HZ))
		return -EIO;
	mb->reply_ready = 0;
	return mb->reply;
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * cbx_mbox.c -- CBX camera bridge: the firmware mailbox (the PCI glue
 * and the interrupt handler are another file), in the style of the
 * 2.6-era capture drivers.
 *
 * wqport fixture: one function, one wait entry, two adds.  The first
 * add waits in a plain loop for the mailbox to be free, which the fix
 * rewrites to wait_event(); the second sleeps once, after it posts its
 * own command (the reply interrupt wakes it).  The entry's declaration
 * stays for the second add, which the diff leaves as it was: its line
 * must say so, not "converted ... in place".
 *
 * wqport-fix-test: res-unreported(61: the check reports a one-shot add only where a looped sleep of its entry is left, and the loop became wait_event())
 */
#include <linux/module.h>
#include <linux/errno.h>
#include <linux/sched.h>
#include <linux/wait.h>

#define CBX_MBOX_BUSY	0x01
#define CBX_MBOX_REPLY	0x02

struct cbx_bridge {
	wait_queue_head_t mbox_wait;
	unsigned long mbox_flags;
	u32 reply;
};

/* the PCI glue (cbx_pci.c): writes the command registers */
int cbx_post_cmd(struct cbx_bridge *cb, u32 cmd, u32 arg);

/* called from the reply interrupt in cbx_pci.c */
void cbx_mbox_reply(struct cbx_bridge *cb, u32 reply)
{
	cb->reply = reply;
	cb->mbox_flags &= ~CBX_MBOX_BUSY;
	cb->mbox_flags |= CBX_MBOX_REPLY;
	wake_up(&cb->mbox_wait);
}
EXPORT_SYMBOL_GPL(cbx_mbox_reply);

int cbx_mbox_exec(struct cbx_bridge *cb, u32 cmd, u32 arg, u32 *reply)
{
	DECLARE_WAITQUEUE(wait, current);
	int ret;

	add_wait_queue(&cb->mbox_wait, &wait);	/* expect: WQ002 fix=converted */
	for (;;) {
		set_current_state(TASK_UNINTERRUPTIBLE);
		if (!(cb->mbox_flags & CBX_MBOX_BUSY))
			break;
		schedule();
	}
	remove_wait_queue(&cb->mbox_wait, &wait);
	set_current_state(TASK_RUNNING);

	cb->mbox_flags |= CBX_MBOX_BUSY;
	cb->mbox_flags &= ~CBX_MBOX_REPLY;

	add_wait_queue(&cb->mbox_wait, &wait);	/* expect: WQ002 fix=refused:no-patch */
	set_current_state(TASK_UNINTERRUPTIBLE);
	ret = cbx_post_cmd(cb, cmd, arg);
	if (ret) {
		set_current_state(TASK_RUNNING);
		cb->mbox_flags &= ~CBX_MBOX_BUSY;
		goto out;
	}
	schedule();
	*reply = cb->reply;
out:
	remove_wait_queue(&cb->mbox_wait, &wait);
	return ret;
}
EXPORT_SYMBOL_GPL(cbx_mbox_exec);

MODULE_LICENSE("GPL");

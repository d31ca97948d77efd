// SPDX-License-Identifier: GPL-2.0-only
/*
 * axu_isdn.c -- ISDN side of the AXU-2 USB terminal adapter (2.4 vendor
 * tree).  The D-channel commands go over the control pipe; the card
 * answers with an interrupt URB that wakes cmd_wait.
 *
 * wqport fixture (issue 40, the floor under the parse): the vendor's
 * glue header is missing on purpose, as it is when the driver is checked
 * outside the vendor tree.  The functions marked __axu_text by it would
 * not parse at all (clang takes the unknown macro for the declarator);
 * the macro is blanked for a second parse and the rules read them, with
 * their conditions.  The one whose head the vendor's AXU_ENTRY() macro
 * builds does not parse either way: its sleep_on() is found by its
 * tokens, with a note naming the missing header.  A function that
 * parses is reported by the rules, once.  The sleep in a macro no code
 * uses is reported once, at the macro.  A sleep_on() named in a comment
 * or a string is no call.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/slab.h>
#include "axu_glue.h"

#define AXU_CMD_TIMEOUT		(HZ / 2)
#define AXU_MAX_RETRY		3
/* left from the 2.2 driver; no code uses it any more */
#define AXU_WAIT_CMD(ai)	interruptible_sleep_on_timeout(&(ai)->cmd_wait, AXU_CMD_TIMEOUT)	/* expect: WQ001 */

struct axu_isdn {
	wait_queue_head_t	cmd_wait;
	wait_queue_head_t	bch_wait;
	volatile int		cmd_done;
	volatile int		bch_free;
	int			cmd_status;
	unsigned char		cmd_buf[16];
};

static void axu_isdn_complete(struct axu_isdn *ai, int status)
{
	ai->cmd_status = status;
	ai->cmd_done = 1;
	wake_up(&ai->cmd_wait);
}

static void axu_isdn_bch_free(struct axu_isdn *ai)
{
	ai->bch_free = 1;
	wake_up_interruptible(&ai->bch_wait);
}

/* parses without the glue header: the rules report it, the floor not again */
static int axu_isdn_reset(struct axu_isdn *ai)
{
	ai->cmd_done = 0;
	while (!ai->cmd_done)
		interruptible_sleep_on(&ai->cmd_wait);	/* expect: WQ001 */
	return ai->cmd_status;
}

/* send one D-channel command and wait for the card's answer */
static int __axu_text axu_isdn_dcmd(struct axu_isdn *ai, int cmd)
{
	int retry = AXU_MAX_RETRY;

	ai->cmd_buf[0] = cmd;
	ai->cmd_done = 0;
	axu_send_ctrl(ai, ai->cmd_buf, 1);
	while (!ai->cmd_done && retry--)
		sleep_on_timeout(&ai->cmd_wait, AXU_CMD_TIMEOUT);	/* expect: WQ001 */
	if (!ai->cmd_done) {
		printk(KERN_WARNING "axu_isdn: no answer to sleep_on(cmd %d)\n",
		       cmd);
		return -ETIMEDOUT;
	}
	return ai->cmd_status;
}

/* hang up: the card takes a while to release the B channel */
static void __axu_text axu_isdn_hangup(struct axu_isdn *ai)
{
	axu_isdn_dcmd(ai, 0x45);
	if (!ai->bch_free)
		interruptible_sleep_on_timeout(&ai->bch_wait, HZ);	/* expect: WQ001 */
}

/* wait for a free B channel before dialling */
static int __axu_text axu_isdn_get_bch(struct axu_isdn *ai)
{
	DECLARE_WAITQUEUE(wait, current);
	int ret = 0;

	add_wait_queue(&ai->bch_wait, &wait);	/* expect: WQ002 */
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (ai->bch_free)
			break;
		if (signal_pending(current)) {
			ret = -ERESTARTSYS;
			break;
		}
		schedule();
	}
	set_current_state(TASK_RUNNING);
	remove_wait_queue(&ai->bch_wait, &wait);
	ai->bch_free = 0;
	return ret;
}

/* the head is the glue header's macro: no parse of it, the floor's */
AXU_ENTRY(int) axu_isdn_poll_status(struct axu_isdn *ai)
{
	ai->cmd_done = 0;
	axu_send_ctrl(ai, ai->cmd_buf, 1);
	sleep_on_timeout(&ai->cmd_wait, AXU_CMD_TIMEOUT);	/* expect: WQ001 */
	return ai->cmd_done ? ai->cmd_status : -ETIMEDOUT;
}

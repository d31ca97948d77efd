// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: loops of the same network card driver that look like
 * the bounded retry delays of rtx-retry-delay-ok.c but are not.
 *
 * - A statistics counter in the loop that no test reads: the loop ends
 *   only when the link comes up, so a signal makes it spin.
 * - A countdown of the time left (`left = schedule_timeout(left)`): with
 *   a signal pending every call returns at once with the time left, so
 *   the loop spins for the whole timeout.
 * - A counter that bounds a sleep on the wait queue (schedule()), not a
 *   delay: counting wake-ups is no retry of a fixed delay.
 */
#include <linux/io.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/wait.h>

#define RTX_LINK	0x30
#define RTX_LINK_UP	0x1

struct rtx_priv {
	void __iomem *regs;
	wait_queue_head_t link_wait;
	unsigned long link_polls;
	int link_up;
};

static void rtx_wait_link(struct rtx_priv *rp)
{
	while (!(readl(rp->regs + RTX_LINK) & RTX_LINK_UP)) {
		rp->link_polls++;
		set_current_state(TASK_INTERRUPTIBLE);	/* expect: WQ007 */
		schedule_timeout(HZ / 4);
	}
}

static int rtx_wait_link_timeout(struct rtx_priv *rp)
{
	long left = 2 * HZ;

	while (!(readl(rp->regs + RTX_LINK) & RTX_LINK_UP) && left) {
		set_current_state(TASK_INTERRUPTIBLE);	/* expect: WQ007 */
		left = schedule_timeout(left);
	}
	return left ? 0 : -ETIMEDOUT;
}

static int rtx_wait_link_event(struct rtx_priv *rp)
{
	DEFINE_WAIT(wait);
	int wakeups = 3;

	while (!rp->link_up && wakeups--) {
		prepare_to_wait(&rp->link_wait, &wait, TASK_INTERRUPTIBLE);	/* expect: WQ007 */
		if (rp->link_up)
			break;
		schedule();
	}
	finish_wait(&rp->link_wait, &wait);
	return rp->link_up ? 0 : -EIO;
}

MODULE_LICENSE("GPL");

// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: a bit-lock wait with action functions, the way the
 * kernel's __wait_on_bit() works.  tbm_wait_bit() queues the task with
 * prepare_to_wait() in the state its caller asks for (`mode`) and runs
 * the action it was handed while the bit is set.  tbm_busy_timeout()
 * is such an action: its schedule_timeout() sleeps in that state,
 * TASK_KILLABLE here, and it takes the state as its `mode` parameter.
 * It is no WQ004, and rewriting it as schedule_timeout_uninterruptible()
 * would make the killable wait unkillable; the checker does not know
 * the state, so it says nothing and `wqport fix` refuses the site
 * (state-from-caller).
 *
 * The reset, by contrast, is called from probe in TASK_RUNNING and
 * sets no state before its delay: that one returns at once.
 */
#include <linux/module.h>
#include <linux/bitops.h>
#include <linux/errno.h>
#include <linux/io.h>
#include <linux/jiffies.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>

#define TBM_BUSY	0
#define TBM_CTRL	0x04
#define TBM_CTRL_RESET	0x80

struct tbm_key {
	unsigned long *flags;
	unsigned long timeout;
};

struct tbm_dev {
	void __iomem *regs;
	unsigned long flags;
	wait_queue_head_t busy_wait;
};

typedef int (*tbm_action_t)(struct tbm_key *key, unsigned int mode);

static int tbm_busy_timeout(struct tbm_key *key, unsigned int mode)
{
	unsigned long now = READ_ONCE(jiffies);

	if (time_after_eq(now, key->timeout))
		return -EAGAIN;
	schedule_timeout(key->timeout - now);	/* expect-fix: WQ004 fix=refused:state-from-caller */
	if (signal_pending_state(mode, current))
		return -EINTR;
	return 0;
}

static int tbm_wait_bit(struct tbm_dev *td, struct tbm_key *key,
			tbm_action_t action, unsigned int mode)
{
	DEFINE_WAIT(wait);
	int ret = 0;

	do {
		prepare_to_wait(&td->busy_wait, &wait, mode);
		if (test_bit(TBM_BUSY, &td->flags))
			ret = action(key, mode);
	} while (test_bit(TBM_BUSY, &td->flags) && !ret);
	finish_wait(&td->busy_wait, &wait);
	return ret;
}

static void tbm_unlock(struct tbm_dev *td)
{
	clear_bit(TBM_BUSY, &td->flags);
	wake_up(&td->busy_wait);
}

int tbm_transfer(struct tbm_dev *td)
{
	struct tbm_key key = { &td->flags, jiffies + HZ };
	int ret = tbm_wait_bit(td, &key, tbm_busy_timeout, TASK_KILLABLE);

	if (ret)
		return ret;
	set_bit(TBM_BUSY, &td->flags);
	tbm_unlock(td);
	return 0;
}

static void tbm_reset(struct tbm_dev *td)
{
	writel(TBM_CTRL_RESET, td->regs + TBM_CTRL);
	schedule_timeout(msecs_to_jiffies(5));	/* expect: WQ004 fix=converted */
	writel(0, td->regs + TBM_CTRL);
}

int tbm_probe(struct tbm_dev *td)
{
	init_waitqueue_head(&td->busy_wait);
	tbm_reset(td);
	return 0;
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * tvx_audio.c -- TVX stereo decoder: a kernel thread re-reads the audio
 * mode every two seconds or when the tuner asks, in the style of the
 * 2.6-era i2c audio chip drivers.
 *
 * wqport fixture: the thread's sleeps are one-shot sleeps under an if
 * inside its main loop: `if (!chip->done) { set_current_state(S);
 * schedule(); }`, the state write right under the if, and in the second
 * thread after a register write.  The test comes before the state
 * change; the fix refuses each state write as one-shot, and its words
 * quote the if's own test.
 * wqport-cocci: beyond-standalone (one-shot sleeps under an if, found
 * by WQ003's path analysis and refused; state-after-test.cocci's report
 * rule reads wait loops, not these)
 */
#include <linux/module.h>
#include <linux/io.h>
#include <linux/jiffies.h>
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/timer.h>
#include <linux/wait.h>

struct tvx_chip {
	wait_queue_head_t wq;
	struct timer_list wt;
	void __iomem *regs;
	int done;
	int radio;
	int mode;
};

static void tvx_check_mode(struct tvx_chip *chip)
{
	chip->mode = readl(chip->regs) & 3;
}

static int tvx_chip_thread(void *data)
{
	DECLARE_WAITQUEUE(wait, current);
	struct tvx_chip *chip = data;

	allow_signal(SIGTERM);
	for (;;) {
		add_wait_queue(&chip->wq, &wait);	/* expect: WQ002 fix=keeprace */
		if (!chip->done) {
			set_current_state(TASK_KILLABLE);	/* expect: WQ003 fix=refused:one-shot */
			schedule();
		}
		remove_wait_queue(&chip->wq, &wait);
		if (chip->done || fatal_signal_pending(current))
			break;
		if (chip->radio)
			continue;
		tvx_check_mode(chip);
		mod_timer(&chip->wt, jiffies + 2 * HZ);
	}
	return 0;
}

static int tvx_mute_thread(void *data)
{
	struct tvx_chip *chip = data;

	while (!kthread_should_stop()) {
		if (!chip->done) {
			writel(1, chip->regs + 4);
			set_current_state(TASK_INTERRUPTIBLE);	/* expect: WQ003 fix=refused:one-shot */
			schedule();
		}
		writel(0, chip->regs + 4);
	}
	return 0;
}

static void tvx_timer(struct timer_list *t)
{
	struct tvx_chip *chip = from_timer(chip, t, wt);

	wake_up_interruptible(&chip->wq);
}

int tvx_start(struct tvx_chip *chip)
{
	struct task_struct *a, *b;

	init_waitqueue_head(&chip->wq);
	timer_setup(&chip->wt, tvx_timer, 0);
	a = kthread_run(tvx_chip_thread, chip, "tvx-audio");
	b = kthread_run(tvx_mute_thread, chip, "tvx-mute");
	return IS_ERR(a) || IS_ERR(b) ? -ENOMEM : 0;
}
EXPORT_SYMBOL_GPL(tvx_start);

void tvx_stop(struct tvx_chip *chip)
{
	chip->done = 1;
	wake_up_interruptible(&chip->wq);
}
EXPORT_SYMBOL_GPL(tvx_stop);

MODULE_LICENSE("GPL");

// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture (issue 41): a NIC driver's media-check thread naps on a
 * queue of its private struct between polls of the link.  Nothing wakes
 * the queue: the struct is defined in this file only, so no other file
 * knows where the queue lies in it, and the file only sleeps on it and
 * sets it up.  The thread ends on a signal sent by the close path.  The
 * model must run it against no waker (its sleeps end by their timeout or
 * a signal), not against a waker outside this file that could lose a
 * wake-up; and the sleep, a nap on a queue nothing wakes, becomes
 * schedule_timeout_interruptible() in the do-while that paces it.
 */
#include <linux/module.h>
#include <linux/spinlock.h>
#include <linux/io.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>

struct rtx_private {
	void __iomem *mmio;
	spinlock_t lock;
	wait_queue_head_t thr_wait;
	int time_to_die;
	unsigned int link_ok;
};

static unsigned long rtx_tick = HZ;

static void rtx_check_media(struct rtx_private *tp)
{
	spin_lock_irq(&tp->lock);
	tp->link_ok = readb(tp->mmio + 0x58) & 0x04 ? 0 : 1;
	spin_unlock_irq(&tp->lock);
}

int rtx_thread(void *data)
{
	struct rtx_private *tp = data;
	unsigned long timeout;

	allow_signal(SIGTERM);
	while (1) {
		timeout = rtx_tick;
		do {
			timeout = interruptible_sleep_on_timeout(&tp->thr_wait, timeout);	/* expect: WQ001 fix=converted */
		} while (!signal_pending(current) && timeout > 0);

		if (signal_pending(current))
			flush_signals(current);
		if (tp->time_to_die)
			break;
		rtx_check_media(tp);
	}
	return 0;
}
EXPORT_SYMBOL_GPL(rtx_thread);

void rtx_init_thread(void *data)
{
	struct rtx_private *tp = data;

	init_waitqueue_head(&tp->thr_wait);
	tp->time_to_die = 0;
}
EXPORT_SYMBOL_GPL(rtx_init_thread);

MODULE_LICENSE("GPL");

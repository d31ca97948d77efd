// SPDX-License-Identifier: GPL-2.0-only
/*
 * rxq_thread.c -- receive thread of the RXQ transport.
 *
 * An older version than rxq-io-thread-ok.c.
 *
 * wqport fixture: in the branch that is off unless the debug option is
 * built, the delay path puts the task back to running before its sleep
 * instead of after it: the schedule_timeout() is then called in
 * TASK_RUNNING and returns at once (the WQ004 bug; the delay is never
 * slept, the thread spins until it expires).  The branch is read from
 * its tokens, as in a build without the option.
 * wqport-cocci: beyond-standalone (the sleep is in an #ifdef branch off
 * in this configuration, which spatch does not parse)
 */
#include <linux/jiffies.h>
#include <linux/kthread.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/skbuff.h>

struct rxq_local {
	struct sk_buff_head	rx_queue;
	struct sk_buff_head	rx_delay_queue;
};

void rxq_input(struct rxq_local *local, struct sk_buff *skb);

static int rxq_io_thread(void *data)
{
	struct rxq_local *local = data;
	struct sk_buff *skb;

	for (;;) {
		while ((skb = skb_dequeue(&local->rx_queue)))
			rxq_input(local, skb);

		set_current_state(TASK_INTERRUPTIBLE);
		if (!skb_queue_empty(&local->rx_queue)) {
			__set_current_state(TASK_RUNNING);
			continue;
		}
		if (kthread_should_stop())
			break;

#ifdef CONFIG_RXQ_INJECT_RX_DELAY
		skb = skb_peek(&local->rx_delay_queue);
		if (skb) {
			s64 delay_ns = ktime_to_ns(ktime_sub(skb->tstamp,
							     ktime_get_real()));
			unsigned long timeout;

			if (delay_ns <= 0) {
				__set_current_state(TASK_RUNNING);
				continue;
			}
			timeout = max(nsecs_to_jiffies(delay_ns), 1UL);
			__set_current_state(TASK_RUNNING);
			schedule_timeout(timeout); /* expect: WQ004 */
			continue;
		}
#endif
		schedule();
	}
	__set_current_state(TASK_RUNNING);
	return 0;
}

int rxq_start(struct rxq_local *local)
{
	return PTR_ERR_OR_ZERO(kthread_run(rxq_io_thread, local, "rxq"));
}

MODULE_LICENSE("GPL");

// SPDX-License-Identifier: GPL-2.0-only
/*
 * ccx_net.c -- the transmit thread of an invented modem network
 * interface.  ccx_xmit() queues a packet and wakes the thread; the
 * thread sends what is queued, goes round again while packets remain
 * (`if (...) continue;`), and sleeps in the else arm.  That sleep waits
 * for the then-arm's test, the queue's length: the condition the words
 * name, not "no condition at the sleep".
 */
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/skbuff.h>
#include <linux/wait.h>

static struct sk_buff_head ccx_txq;
static wait_queue_head_t ccx_tx_wait;
static struct task_struct *ccx_tx_task;

extern int ccx_hw_send(struct sk_buff *skb);

static void ccx_tx_work(void)
{
	struct sk_buff *skb;

	while ((skb = skb_dequeue(&ccx_txq)) != NULL) {
		ccx_hw_send(skb);
		kfree_skb(skb);
	}
}

static int ccx_tx_thread(void *data)
{
	while (!kthread_should_stop()) {
		ccx_tx_work();
		if (skb_queue_len(&ccx_txq))
			continue;
		else
			interruptible_sleep_on(&ccx_tx_wait);	/* expect: WQ001 fix=keeprace */
	}
	return 0;
}

int ccx_xmit(struct sk_buff *skb)
{
	skb_queue_tail(&ccx_txq, skb);
	wake_up_interruptible(&ccx_tx_wait);
	return 0;
}

int ccx_start(void)
{
	skb_queue_head_init(&ccx_txq);
	init_waitqueue_head(&ccx_tx_wait);
	ccx_tx_task = kthread_run(ccx_tx_thread, NULL, "ccx-tx");
	return IS_ERR(ccx_tx_task) ? PTR_ERR(ccx_tx_task) : 0;
}

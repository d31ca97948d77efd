// SPDX-License-Identifier: GPL-2.0-only
/*
 * enx_ring.c -- ENX video encoder card: the thread that drains the
 * encoder's descriptor ring, in the style of the PCI capture drivers.
 *
 * wqport fixture: the thread queues its entry once, before its loop, and
 * then naps a second at a time with schedule_timeout_interruptible();
 * the ring interrupt wakes it early through the queue.  The in-place
 * rewrite the tool tries removes the add and prepares the entry nowhere
 * before the nap, so the nap would sleep on no queue: the translation
 * validation puts it back.  The refusal names a sleep of that rewrite,
 * which is not shown, and the words must say so (the original's nap on
 * line 52 does sleep on the queue).
 */
#include <linux/module.h>
#include <linux/freezer.h>
#include <linux/interrupt.h>
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/wait.h>

struct enx_card {
	wait_queue_head_t ring_wait;
	unsigned int ring_head, ring_tail;
	struct task_struct *ring_thread;
};

static void enx_drain_ring(struct enx_card *enx)
{
	while (enx->ring_tail != enx->ring_head)
		enx->ring_tail++;
}

static irqreturn_t enx_irq(int irq, void *data)
{
	struct enx_card *enx = data;

	enx->ring_head++;
	wake_up(&enx->ring_wait);
	return IRQ_HANDLED;
}

static int enx_ring_thread(void *data)
{
	struct enx_card *enx = data;
	DECLARE_WAITQUEUE(wait, current);

	set_freezable();
	add_wait_queue(&enx->ring_wait, &wait);	/* expect: WQ002 fix=refused:unproven */

	for (;;) {
		long left = schedule_timeout_interruptible(HZ);

		if (left == -ERESTARTSYS || kthread_should_stop())
			break;
		enx_drain_ring(enx);
		try_to_freeze();
	}

	remove_wait_queue(&enx->ring_wait, &wait);
	return 0;
}

int enx_start(struct enx_card *enx, int irq)
{
	int ret;

	init_waitqueue_head(&enx->ring_wait);
	ret = request_irq(irq, enx_irq, IRQF_SHARED, "enx", enx);
	if (ret)
		return ret;
	enx->ring_thread = kthread_run(enx_ring_thread, enx, "enx-ring");
	if (IS_ERR(enx->ring_thread)) {
		free_irq(irq, enx);
		return PTR_ERR(enx->ring_thread);
	}
	return 0;
}
EXPORT_SYMBOL_GPL(enx_start);

MODULE_LICENSE("GPL");

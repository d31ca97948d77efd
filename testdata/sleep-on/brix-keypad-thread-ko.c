// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: interruptible_sleep_on() as the idle point of a
 * kernel thread that scans a keypad matrix.  The key interrupt sets a
 * flag and wakes the thread; a key pressed between the flag test and
 * the enqueue is not scanned until the next press.
 */
#include <linux/module.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/types.h>
#include <linux/wait.h>

#define BRIX_KP_ROWS		0x00
#define BRIX_KP_COLS		0x04
#define BRIX_KP_IRQ_ACK		0x08

struct brix_keypad {
	void __iomem *base;
	struct task_struct *thread;
	wait_queue_head_t scan_wait;
	bool scan_pending;
	u32 last_state;
};

static irqreturn_t brix_keypad_irq(int irq, void *dev_id)
{
	struct brix_keypad *kp = dev_id;

	writel(1, kp->base + BRIX_KP_IRQ_ACK);
	kp->scan_pending = true;
	wake_up_interruptible(&kp->scan_wait);
	return IRQ_HANDLED;
}

static void brix_keypad_scan(struct brix_keypad *kp)
{
	u32 state = readl(kp->base + BRIX_KP_COLS);

	if (state != kp->last_state)
		pr_debug("brix_keypad: matrix %08x\n", state);
	kp->last_state = state;
}

static int brix_keypad_thread(void *data)
{
	struct brix_keypad *kp = data;

	while (!kthread_should_stop()) {
		if (!kp->scan_pending)
			interruptible_sleep_on(&kp->scan_wait);	/* expect: WQ001 fix=caveat */
		kp->scan_pending = false;
		brix_keypad_scan(kp);
	}
	return 0;
}

static int brix_keypad_start(struct brix_keypad *kp, int irq)
{
	int ret;

	init_waitqueue_head(&kp->scan_wait);
	ret = request_irq(irq, brix_keypad_irq, 0, "brix_keypad", kp);
	if (ret)
		return ret;

	kp->thread = kthread_run(brix_keypad_thread, kp, "brix_kp");
	if (IS_ERR(kp->thread)) {
		free_irq(irq, kp);
		return PTR_ERR(kp->thread);
	}
	return 0;
}

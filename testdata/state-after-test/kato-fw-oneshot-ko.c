// SPDX-License-Identifier: GPL-2.0-only
/*
 * kato_fw.c -- firmware loader and poll thread of the KATO-40 tape drive.
 *
 * wqport fixture: task-state changes after a test that is not the test of
 * a loop of their own, so the re-test fix has nothing to repeat: a sleep
 * under an if, a sleep in a branch of a thread's main loop whose test is
 * the outer loop's, and a `do { } while (1)` loop, a for (;;) in all
 * but the syntax, which no semantic patch matches; and, for contrast, a
 * loop of its own whose test claims a bit, refused for its side effect.
 * No site converts, so there is no .res.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/wait.h>

#define KATO_REG_FW		0x10
#define KATO_REG_EVENT		0x14

struct kato_fw {
	void __iomem *regs;
	wait_queue_head_t fw_wait;
	wait_queue_head_t ev_wait;
	int loaded;
	int events;
	int pending;
	unsigned long flags;
};

/* start the upload and sleep once; the IRQ handler wakes fw_wait */
static void kato_fw_load(struct kato_fw *fw)
{
	DEFINE_WAIT(wait);

	if (!fw->loaded) {
		writel(1, fw->regs + KATO_REG_FW);
		prepare_to_wait(&fw->fw_wait, &wait, TASK_UNINTERRUPTIBLE);	/* expect: WQ003 fix=refused:one-shot */
		schedule();
		finish_wait(&fw->fw_wait, &wait);
	}
}

static int kato_poll_thread(void *data)
{
	struct kato_fw *fw = data;

	while (!kthread_should_stop()) {
		if (fw->events) {
			fw->events = 0;
			writel(0, fw->regs + KATO_REG_EVENT);
		} else {
			set_current_state(TASK_INTERRUPTIBLE);	/* expect: WQ003 fix=refused:one-shot */
			schedule();
		}
	}
	return 0;
}

static void kato_drain(struct kato_fw *fw)
{
	DEFINE_WAIT(wait);

	do {
		if (!fw->pending)
			break;
		prepare_to_wait(&fw->ev_wait, &wait, TASK_UNINTERRUPTIBLE);	/* expect: WQ003 fix=refused:no-patch */
		schedule();
		finish_wait(&fw->ev_wait, &wait);
	} while (1);
}

/* claim the upload slot; the loader clears bit 0 and wakes fw_wait */
static void kato_fw_claim(struct kato_fw *fw)
{
	while (test_and_set_bit(0, &fw->flags)) {
		set_current_state(TASK_UNINTERRUPTIBLE);	/* expect: WQ003 fix=refused:side-effect */
		schedule();
	}
	__set_current_state(TASK_RUNNING);
}

static irqreturn_t kato_fw_irq(int irq, void *dev_id)
{
	struct kato_fw *fw = dev_id;

	fw->loaded = 1;
	fw->events++;
	fw->pending = 0;
	wake_up(&fw->fw_wait);
	wake_up(&fw->ev_wait);
	return IRQ_HANDLED;
}

EXPORT_SYMBOL_GPL(kato_fw_load);
EXPORT_SYMBOL_GPL(kato_drain);
EXPORT_SYMBOL_GPL(kato_fw_claim);

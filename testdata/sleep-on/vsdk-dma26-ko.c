// SPDX-License-Identifier: GPL-2.0-only
/*
 * vsdk_dma.c -- DMA engine of the VSDK-3 PCI capture board, as the
 * vendor's SDK shipped it for 2.6.9 to 2.6.18 kernels.
 *
 * The SDK hides the kernel behind vsdk-osdep.h (its own
 * wait_event_interruptible_timeout() for kernels without one, queue and
 * sleep macros), runs a poll thread with kthread_run(), queues event
 * readers with a wait_queue_t entry, and waits for command completion
 * in the ioctl path with interruptible_sleep_on_timeout().
 *
 * wqport fixture: the queues are woken only through the SDK's OS_WAKE(),
 * so the command wait in the ioctl path is no plain delay: a one-shot
 * sleep, refused with the flag the interrupt sets before OS_WAKE()
 * proposed as its condition.  The same wait through the SDK's macro is
 * left to a person; the event reader's wait_queue_t loop collapses to
 * wait_event_interruptible(), its entry declaration and init gone; the
 * poll thread polls the hardware once a second and is left alone.
 * (WQ012 does not apply to a 2.6.18 target.)
 * wqport-args: --target=2.6.18
 * wqport-test: shim-only (wait_queue_t does not exist in 6.1 headers)
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/interrupt.h>
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/spinlock.h>
#include <linux/errno.h>
#include <linux/io.h>
#include "vsdk-osdep.h"

#define VSDK_REG_CMD		0x00
#define VSDK_REG_STATUS		0x04
#define VSDK_ST_CMD_DONE	0x01
#define VSDK_ST_EVENT		0x02

struct vsdk_dev {
	void __iomem *regs;
	os_waitq_t cmd_wait;
	os_waitq_t evt_wait;
	os_waitq_t poll_wait;
	volatile int cmd_done;
	int evt_count;
	spinlock_t lock;
	struct task_struct *poll_task;
};

extern void vsdk_poll_hw(struct vsdk_dev *dev);

static irqreturn_t vsdk_isr(int irq, void *dev_id, struct pt_regs *regs)
{
	struct vsdk_dev *dev = dev_id;
	u32 st = readl(dev->regs + VSDK_REG_STATUS);

	if (st & VSDK_ST_CMD_DONE) {
		dev->cmd_done = 1;
		OS_WAKE(&dev->cmd_wait);
	}
	if (st & VSDK_ST_EVENT) {
		spin_lock(&dev->lock);
		dev->evt_count++;
		spin_unlock(&dev->lock);
		wake_up_interruptible(&dev->evt_wait);
	}
	wake_up_interruptible(&dev->poll_wait);
	return IRQ_HANDLED;
}

static int vsdk_poll_thread(void *arg)
{
	struct vsdk_dev *dev = arg;

	while (!kthread_should_stop()) {
		interruptible_sleep_on_timeout(&dev->poll_wait, HZ);	/* expect: WQ001 fix=keeprace */
		vsdk_poll_hw(dev);
	}
	return 0;
}

static int vsdk_cmd(struct vsdk_dev *dev, u32 cmd)
{
	long left;

	dev->cmd_done = 0;
	writel(cmd, dev->regs + VSDK_REG_CMD);
	left = interruptible_sleep_on_timeout(&dev->cmd_wait, HZ / 2);	/* expect: WQ001 fix=keeprace */
	if (!left)
		return -ETIMEDOUT;
	return signal_pending(current) ? -ERESTARTSYS : 0;
}

static int vsdk_cmd_quick(struct vsdk_dev *dev, u32 cmd)
{
	dev->cmd_done = 0;
	writel(cmd, dev->regs + VSDK_REG_CMD);
	if (!OS_SLEEP_TMO(&dev->cmd_wait, HZ / 10))	/* expect-fix: WQ001 fix=refused:macro */
		return -ETIMEDOUT;
	return 0;
}

static int vsdk_wait_event(struct vsdk_dev *dev)
{
	wait_queue_t wait;
	int ret = 0;

	init_waitqueue_entry(&wait, current);
	add_wait_queue(&dev->evt_wait, &wait);	/* expect: WQ002 fix=converted */
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (dev->evt_count)
			break;
		if (signal_pending(current)) {
			ret = -ERESTARTSYS;
			break;
		}
		schedule();
	}
	set_current_state(TASK_RUNNING);
	remove_wait_queue(&dev->evt_wait, &wait);
	if (!ret) {
		spin_lock_irq(&dev->lock);
		dev->evt_count--;
		spin_unlock_irq(&dev->lock);
	}
	return ret;
}

static int vsdk_start(struct vsdk_dev *dev)
{
	OS_WAITQ_INIT(&dev->cmd_wait);
	OS_WAITQ_INIT(&dev->evt_wait);
	OS_WAITQ_INIT(&dev->poll_wait);
	spin_lock_init(&dev->lock);
	dev->poll_task = kthread_run(vsdk_poll_thread, dev, "vsdk_poll");
	return IS_ERR(dev->poll_task) ? PTR_ERR(dev->poll_task) : 0;
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * cmx_mbox.c -- firmware mailbox of the CMX-40 capture bridge (2.6.32
 * vendor tree).
 *
 * wqport fixture: sleeps that lose no wake-up whatever was tested
 * before the task state.
 *
 * - cmx_load_firmware(): the upload runs in a work item that wakes the
 *   loader when done.  The loader tests whether its workqueue exists,
 *   then queues itself and sets the state, and only then queues the
 *   work: the wake-up cannot come before the state.
 * - cmx_vbi_workaround(): the bridge needs the VBI DMA kick twice; each
 *   pass queues the entry, sets the state and only then starts the
 *   RPS program whose interrupt wakes it.  The loop counter is all
 *   that is tested.
 * - cmx_monitor(): the monitor thread, once its connection is gone and
 *   nobody is left to stop it, waits to be killed: TASK_INTERRUPTIBLE
 *   and a loop on signal_pending() alone.
 * - cmx_fatal(): after a fatal bus fault the thread parks for good, on
 *   purpose.
 */
#include <linux/module.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>
#include <linux/workqueue.h>

#define CMX_MC1		0x0fc
#define CMX_RPS_ADDR	0x104
#define CMX_MC1_RPS_ON	0x1000

struct cmx_dev {
	void __iomem *regs;
	wait_queue_head_t fw_wait;
	wait_queue_head_t vbi_wait;
	struct work_struct fw_work;
	struct task_struct *monitor;
	struct task_struct *waiter;
	dma_addr_t rps_dma;
	int fatal;
};

extern void cmx_upload(struct cmx_dev *cd);
extern int cmx_poll_link(struct cmx_dev *cd);

static void cmx_fw_work(struct work_struct *work)
{
	struct cmx_dev *cd = container_of(work, struct cmx_dev, fw_work);

	cmx_upload(cd);
	wake_up(&cd->fw_wait);
}

static void cmx_load_firmware(struct cmx_dev *cd)
{
	struct workqueue_struct *q;
	DEFINE_WAIT(wait);

	INIT_WORK(&cd->fw_work, cmx_fw_work);
	q = create_singlethread_workqueue("cmx_fw");
	if (q) {
		prepare_to_wait(&cd->fw_wait, &wait, TASK_UNINTERRUPTIBLE);
		queue_work(q, &cd->fw_work);
		schedule();
		finish_wait(&cd->fw_wait, &wait);
		destroy_workqueue(q);
	}
}

static irqreturn_t cmx_irq(int irq, void *dev_id)
{
	struct cmx_dev *cd = dev_id;

	wake_up(&cd->vbi_wait);
	return IRQ_HANDLED;
}

static void cmx_vbi_workaround(struct cmx_dev *cd)
{
	DEFINE_WAIT(wait);
	int i;

	for (i = 0; i < 2; i++) {
		prepare_to_wait(&cd->vbi_wait, &wait, TASK_UNINTERRUPTIBLE);
		writel(cd->rps_dma, cd->regs + CMX_RPS_ADDR);
		writel(CMX_MC1_RPS_ON, cd->regs + CMX_MC1);
		schedule();
		finish_wait(&cd->vbi_wait, &wait);
	}
}

static int cmx_monitor(void *data)
{
	struct cmx_dev *cd = data;
	struct task_struct *waiter;

	while (!kthread_should_stop() && cmx_poll_link(cd) == 0)
		msleep(100);

	waiter = xchg(&cd->waiter, NULL);
	if (waiter)
		wake_up_process(waiter);

	/* nobody stops us now: wait for the signal that ends the thread */
	if (!waiter) {
		set_current_state(TASK_INTERRUPTIBLE);
		while (!signal_pending(current)) {
			schedule();
			set_current_state(TASK_INTERRUPTIBLE);
		}
		set_current_state(TASK_RUNNING);
	}
	return 0;
}

static void cmx_fatal(struct cmx_dev *cd)
{
	if (cd->fatal) {
		pr_emerg("cmx: fatal bus fault, parking the thread\n");
		for (;;) {
			set_current_state(TASK_UNINTERRUPTIBLE);
			schedule();
		}
	}
}

int cmx_probe(struct cmx_dev *cd)
{
	init_waitqueue_head(&cd->fw_wait);
	init_waitqueue_head(&cd->vbi_wait);
	cmx_load_firmware(cd);
	cmx_vbi_workaround(cd);
	cmx_fatal(cd);
	cd->monitor = kthread_run(cmx_monitor, cd, "cmx_mon");
	return IS_ERR(cd->monitor) ? PTR_ERR(cd->monitor) : 0;
}

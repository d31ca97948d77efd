// SPDX-License-Identifier: GPL-2.0-only
/*
 * cmx_mbox.c -- firmware mailbox of the CMX-40 capture bridge, the
 * 2.6.24 drop of the vendor tree of cmx-mbox-req-ok.c.
 *
 * wqport fixture: the same waits, in the order that loses the wake-up.
 * The loader queues the upload work before it sets the state and
 * tests a flag the work sets: a work item that finishes in between
 * wakes nobody.  The VBI workaround kicks the RPS program first and
 * tests its done flag after.  The fault handler waits for a recovery
 * flag that the reset path clears: its loop has a way out, so it is no
 * sleep for good, and the flag is tested before the state.
 */
#include <linux/module.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/sched.h>
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
	dma_addr_t rps_dma;
	int fw_done;
	int vbi_done;
	int fatal;
};

extern void cmx_upload(struct cmx_dev *cd);

static void cmx_fw_work(struct work_struct *work)
{
	struct cmx_dev *cd = container_of(work, struct cmx_dev, fw_work);

	cmx_upload(cd);
	cd->fw_done = 1;
	wake_up(&cd->fw_wait);
}

static void cmx_load_firmware(struct cmx_dev *cd)
{
	struct workqueue_struct *q;
	DEFINE_WAIT(wait);

	INIT_WORK(&cd->fw_work, cmx_fw_work);
	q = create_singlethread_workqueue("cmx_fw");
	if (!q)
		return;
	queue_work(q, &cd->fw_work);
	if (!cd->fw_done) {
		prepare_to_wait(&cd->fw_wait, &wait, TASK_UNINTERRUPTIBLE);	/* expect: WQ003 */
		schedule();
		finish_wait(&cd->fw_wait, &wait);
	}
	destroy_workqueue(q);
}

static irqreturn_t cmx_irq(int irq, void *dev_id)
{
	struct cmx_dev *cd = dev_id;

	cd->vbi_done = 1;
	wake_up(&cd->vbi_wait);
	cd->fatal = 0;
	return IRQ_HANDLED;
}

static void cmx_vbi_workaround(struct cmx_dev *cd)
{
	DEFINE_WAIT(wait);
	int i;

	for (i = 0; i < 2; i++) {
		cd->vbi_done = 0;
		writel(cd->rps_dma, cd->regs + CMX_RPS_ADDR);
		writel(CMX_MC1_RPS_ON, cd->regs + CMX_MC1);
		if (!cd->vbi_done) {
			prepare_to_wait(&cd->vbi_wait, &wait, TASK_UNINTERRUPTIBLE);	/* expect: WQ003 */
			schedule();
			finish_wait(&cd->vbi_wait, &wait);
		}
	}
}

static void cmx_fatal(struct cmx_dev *cd)
{
	while (cd->fatal) {
		set_current_state(TASK_UNINTERRUPTIBLE);	/* expect: WQ003 */
		schedule();
	}
}

int cmx_probe(struct cmx_dev *cd)
{
	init_waitqueue_head(&cd->fw_wait);
	init_waitqueue_head(&cd->vbi_wait);
	cmx_load_firmware(cd);
	cmx_vbi_workaround(cd);
	cmx_fatal(cd);
	return 0;
}

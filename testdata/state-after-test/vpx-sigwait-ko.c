// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: real lost wake-ups, named by what they wait for.
 *
 * The same 2.6-era "video port" SDK module as vpx-sigwait-ok.c.  Each
 * loop below tests its condition, then sets the task state, then
 * sleeps without looking again; an interrupt that sets the flag and
 * wakes the queue in between is lost.  The finding names the condition
 * waited for: not the retry counter (vpx_wait_vsync()), not the signal
 * test beside it (vpx_wait_dma()), and not the signal delivery that
 * follows the sleep (vpx_wait_ready(), the sigsuspend shape with a
 * real condition in front of it).
 * wqport-args: --target=2.6.32
 * wqport-test: shim-only (current->state does not exist in 6.1 headers)
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>

#define VPX_RETRIES	8

struct pt_regs;

struct vpx_port {
	wait_queue_head_t vsync_wait;
	wait_queue_head_t dma_wait;
	int vsync_seen;
	int dma_done;
	int ready;
};

extern int vpx_do_signal(sigset_t *oldset, struct pt_regs *regs);

static int vpx_wait_vsync(struct vpx_port *vp)
{
	DECLARE_WAITQUEUE(wait, current);
	int tries;

	add_wait_queue(&vp->vsync_wait, &wait);	/* expect: WQ002 */
	for (tries = 0; tries < VPX_RETRIES; tries++) {
		if (vp->vsync_seen)
			break;
		set_current_state(TASK_INTERRUPTIBLE);	/* expect: WQ003 WQ007 */
		schedule();
	}
	set_current_state(TASK_RUNNING);
	remove_wait_queue(&vp->vsync_wait, &wait);
	return tries < VPX_RETRIES ? 0 : -ETIMEDOUT;
}

static int vpx_wait_dma(struct vpx_port *vp)
{
	DEFINE_WAIT(wait);

	while (!vp->dma_done && !signal_pending(current)) {
		prepare_to_wait(&vp->dma_wait, &wait, TASK_INTERRUPTIBLE);	/* expect: WQ003 */
		schedule();
	}
	finish_wait(&vp->dma_wait, &wait);
	return vp->dma_done ? 0 : -ERESTARTSYS;
}

static int vpx_wait_ready(struct vpx_port *vp, sigset_t *oldset,
			  struct pt_regs *regs)
{
	while (!vp->ready) {
		current->state = TASK_INTERRUPTIBLE;	/* expect: WQ003 */
		schedule();
		if (vpx_do_signal(oldset, regs))
			return -EINTR;
	}
	return 0;
}

static irqreturn_t vpx_interrupt(int irq, void *dev_id)
{
	struct vpx_port *vp = dev_id;

	vp->vsync_seen = 1;
	vp->dma_done = 1;
	vp->ready = 1;
	wake_up_interruptible(&vp->vsync_wait);
	wake_up_interruptible(&vp->dma_wait);
	return IRQ_HANDLED;
}

int vpx_start(struct vpx_port *vp, sigset_t *set, struct pt_regs *regs)
{
	int err = vpx_wait_vsync(vp);

	if (!err)
		err = vpx_wait_dma(vp);
	if (!err)
		err = vpx_wait_ready(vp, set, regs);
	return err;
}

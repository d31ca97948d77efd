// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: sleeps after a test that cannot lose a wake-up.
 *
 * A 2.4-era vendor "video port" SDK module with its own pause and
 * debug-stop ioctls:
 *  - vpx_pause() is the sigsuspend shape: it sleeps until a signal is
 *    delivered, and schedule() in TASK_INTERRUPTIBLE does not sleep with
 *    a signal pending, so nothing can be lost;
 *  - vpx_debug_stop() stops the task (TASK_STOPPED): only SIGCONT wakes
 *    it, never a wait queue;
 *  - vpx_vsync_settle() queues itself and sleeps a fixed 20 ms with no
 *    condition tested in between: a plain delay;
 *  - vpx_dma_poll() arms its own timer after setting the state, so the
 *    timer wakes it even if the interrupt's wake-up came too early;
 *  - vpx_wait_fifo() tests with interrupts off (a uniprocessor driver),
 *    which keeps the interrupt handler, the waker, out until the state
 *    is set.
 * wqport-args: --target=2.6.32
 * wqport-test: shim-only (current->state does not exist in 6.1 headers)
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/timer.h>
#include <linux/wait.h>

#define VPX_STATUS	0x10
#define VPX_ST_VSYNC	0x01
#define VPX_ST_DMA	0x02
#define VPX_ST_FIFO	0x04

struct pt_regs;

struct vpx_port {
	unsigned long iobase;
	wait_queue_head_t vsync_wait;
	wait_queue_head_t dma_wait;
	struct timer_list dma_timer;
	int fifo_room;
	int stop_on_open;
	int exit_code;
};

extern int vpx_do_signal(sigset_t *oldset, struct pt_regs *regs);
extern void vpx_notify_debugger(struct vpx_port *vp);

static int vpx_pause(struct vpx_port *vp, sigset_t *saveset,
		     struct pt_regs *regs)
{
	while (1) {
		current->state = TASK_INTERRUPTIBLE;
		schedule();
		if (vpx_do_signal(saveset, regs))
			return -EINTR;
	}
}

static void vpx_debug_stop(struct vpx_port *vp)
{
	if (vp->stop_on_open) {
		current->state = TASK_STOPPED;
		vp->exit_code = SIGSTOP;
		vpx_notify_debugger(vp);
		schedule();
	}
}

static int vpx_vsync_settle(struct vpx_port *vp, int frames)
{
	DEFINE_WAIT(wait);

	while (frames-- > 0) {
		if (inb(vp->iobase + VPX_STATUS) & VPX_ST_VSYNC)
			break;
		prepare_to_wait(&vp->vsync_wait, &wait, TASK_UNINTERRUPTIBLE);
		schedule_timeout(HZ / 50);
		finish_wait(&vp->vsync_wait, &wait);
	}
	return frames;
}

static int vpx_dma_poll(struct vpx_port *vp)
{
	DEFINE_WAIT(wait);

	while (!(inb(vp->iobase + VPX_STATUS) & VPX_ST_DMA)) {
		prepare_to_wait(&vp->dma_wait, &wait, TASK_UNINTERRUPTIBLE);
		mod_timer(&vp->dma_timer, jiffies + HZ / 10);
		schedule();
		del_timer(&vp->dma_timer);
	}
	finish_wait(&vp->dma_wait, &wait);
	return 0;
}

static void vpx_wait_fifo(struct vpx_port *vp)
{
	DEFINE_WAIT(wait);
	unsigned long flags;

	local_irq_save(flags);
	while (!vp->fifo_room) {
		prepare_to_wait(&vp->dma_wait, &wait, TASK_UNINTERRUPTIBLE);
		local_irq_restore(flags);
		schedule();
		local_irq_save(flags);
	}
	local_irq_restore(flags);
	finish_wait(&vp->dma_wait, &wait);
}

int vpx_ioctl(struct vpx_port *vp, unsigned int cmd, sigset_t *set,
	      struct pt_regs *regs)
{
	switch (cmd) {
	case 1:
		return vpx_pause(vp, set, regs);
	case 2:
		vpx_debug_stop(vp);
		return 0;
	case 3:
		return vpx_vsync_settle(vp, 5);
	case 4:
		vpx_wait_fifo(vp);
		return vpx_dma_poll(vp);
	}
	return -EINVAL;
}

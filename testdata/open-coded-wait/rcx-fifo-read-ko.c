// SPDX-License-Identifier: GPL-2.0-only
/*
 * rcx_remote.c -- the read side of an invented infrared remote receiver:
 * the interrupt pushes key codes into a small FIFO under a spinlock
 * and wakes the reader.  The reader sets TASK_INTERRUPTIBLE once,
 * before its `for (;;)`, and sets TASK_RUNNING only on its way out on
 * a signal.  That way out is no state the loop sleeps in: the warning
 * must name wait_event_interruptible(), the form of the state set
 * before the loop, not the uninterruptible wait_event().  (The state
 * set once is the loop's other defect, WQ004.)
 */
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

#define RCX_FIFO_SIZE	16

static DEFINE_SPINLOCK(rcx_fifo_lock);
static DECLARE_WAIT_QUEUE_HEAD(rcx_wait);
static u16 rcx_fifo[RCX_FIFO_SIZE];
static unsigned int rcx_wr, rcx_rd;

static irqreturn_t rcx_irq(int irq, void *dev_id)
{
	unsigned long flags;

	spin_lock_irqsave(&rcx_fifo_lock, flags);
	rcx_fifo[rcx_wr] = 0x1234;
	rcx_wr = (rcx_wr + 1) % RCX_FIFO_SIZE;
	spin_unlock_irqrestore(&rcx_fifo_lock, flags);
	wake_up_interruptible(&rcx_wait);
	return IRQ_HANDLED;
}

static ssize_t rcx_read(struct file *file, char __user *buf, size_t count,
			loff_t *ppos)
{
	unsigned long flags;
	u16 code;

	if (count < sizeof(code))
		return -EINVAL;
	spin_lock_irqsave(&rcx_fifo_lock, flags);
	if (rcx_wr == rcx_rd) {
		spin_unlock_irqrestore(&rcx_fifo_lock, flags);
		if (file->f_flags & O_NONBLOCK) {
			return -EAGAIN;
		} else {
			DECLARE_WAITQUEUE(wait, current);

			add_wait_queue(&rcx_wait, &wait);	/* expect: WQ002 fix=converted */
			set_current_state(TASK_INTERRUPTIBLE);
			for (;;) {
				spin_lock_irqsave(&rcx_fifo_lock, flags);
				if (rcx_wr != rcx_rd)
					break;
				spin_unlock_irqrestore(&rcx_fifo_lock, flags);
				if (signal_pending(current)) {
					set_current_state(TASK_RUNNING);
					remove_wait_queue(&rcx_wait, &wait);
					return -ERESTARTSYS;
				}
				schedule();	/* expect: WQ004 fix=refused:no-patch */
			}
			set_current_state(TASK_RUNNING);
			remove_wait_queue(&rcx_wait, &wait);
		}
	}
	code = rcx_fifo[rcx_rd];
	rcx_rd = (rcx_rd + 1) % RCX_FIFO_SIZE;
	spin_unlock_irqrestore(&rcx_fifo_lock, flags);
	if (copy_to_user(buf, &code, sizeof(code)))
		return -EFAULT;
	return sizeof(code);
}

int rcx_setup(int irq)
{
	return request_irq(irq, rcx_irq, 0, "rcx", NULL);
}

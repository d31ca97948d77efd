// SPDX-License-Identifier: GPL-2.0-only
/*
 * ptx_port.c -- receive and configuration paths of the PTX-6 serial
 * concentrator, written with the scope-based lock guards of
 * linux/cleanup.h (Debian's 6.1 has them) on the waking side.
 *
 * wqport fixture: each wait loop holds a lock from its test to its
 * state change, and each waker takes the same lock around what it
 * writes, through a guard:
 *
 * - ptx_read_wait(): the port spinlock; ptx_rx_irq() fills the buffer
 *   and wakes inside `scoped_guard(spinlock_irqsave, &p->lock) { }`.
 * - ptx_cfg_wait(): the configuration mutex; ptx_cfg_done() takes it
 *   with `guard(mutex)(&p->cfg_mutex)`, held to its end, the wake-up
 *   included.
 * - ptx_flush_wait(): the port spinlock again; ptx_flush_done() takes
 *   no lock itself, it calls ptx_tx_clear(), whose guard holds the lock
 *   around the count the loop tests, then wakes.
 *
 * The model must read the guards' locks and their scope, and one
 * function deep: no wake-up is lost in the first two, and the third's
 * waker makes the condition true under the lock it takes before its
 * wake-up.
 *
 * wqport-fix-test: no-compile (the shim headers have no linux/cleanup.h guards; real-headers/fixtures parses this file against 6.1's)
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/cleanup.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>
#include <linux/errno.h>

struct ptx_port {
	spinlock_t lock;
	struct mutex cfg_mutex;
	wait_queue_head_t rx_wait;
	wait_queue_head_t cfg_wait;
	wait_queue_head_t flush_wait;
	int rx_count;
	int cfg_done;
	int tx_pending;
};

int ptx_read_wait(struct ptx_port *p)
{
	DECLARE_WAITQUEUE(wait, current);
	unsigned long flags;
	int ret = 0;

	add_wait_queue(&p->rx_wait, &wait);	/* expect: WQ002 fix=converted */
	for (;;) {
		spin_lock_irqsave(&p->lock, flags);
		if (p->rx_count) {
			spin_unlock_irqrestore(&p->lock, flags);
			break;
		}
		set_current_state(TASK_INTERRUPTIBLE);
		spin_unlock_irqrestore(&p->lock, flags);
		schedule();
		if (signal_pending(current)) {
			ret = -ERESTARTSYS;
			break;
		}
	}
	set_current_state(TASK_RUNNING);
	remove_wait_queue(&p->rx_wait, &wait);
	return ret;
}

void ptx_rx_irq(struct ptx_port *p, int n)
{
	scoped_guard(spinlock_irqsave, &p->lock) {
		p->rx_count += n;
		wake_up_interruptible(&p->rx_wait);
	}
}

int ptx_cfg_wait(struct ptx_port *p)
{
	DECLARE_WAITQUEUE(wait, current);

	add_wait_queue(&p->cfg_wait, &wait);	/* expect: WQ002 fix=converted */
	for (;;) {
		mutex_lock(&p->cfg_mutex);
		if (p->cfg_done) {
			mutex_unlock(&p->cfg_mutex);
			break;
		}
		set_current_state(TASK_UNINTERRUPTIBLE);
		mutex_unlock(&p->cfg_mutex);
		schedule();
	}
	set_current_state(TASK_RUNNING);
	remove_wait_queue(&p->cfg_wait, &wait);
	return 0;
}

void ptx_cfg_done(struct ptx_port *p)
{
	guard(mutex)(&p->cfg_mutex);
	p->cfg_done = 1;
	wake_up(&p->cfg_wait);
}

int ptx_flush_wait(struct ptx_port *p)
{
	DECLARE_WAITQUEUE(wait, current);

	add_wait_queue(&p->flush_wait, &wait);	/* expect: WQ002 fix=converted */
	for (;;) {
		spin_lock_irq(&p->lock);
		if (!p->tx_pending) {
			spin_unlock_irq(&p->lock);
			break;
		}
		set_current_state(TASK_UNINTERRUPTIBLE);
		spin_unlock_irq(&p->lock);
		schedule();
	}
	set_current_state(TASK_RUNNING);
	remove_wait_queue(&p->flush_wait, &wait);
	return 0;
}

static void ptx_tx_clear(struct ptx_port *p)
{
	guard(spinlock_irq)(&p->lock);
	p->tx_pending = 0;
}

void ptx_flush_done(struct ptx_port *p)
{
	ptx_tx_clear(p);
	wake_up(&p->flush_wait);
}

MODULE_LICENSE("GPL");

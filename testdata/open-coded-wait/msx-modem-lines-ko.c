// SPDX-License-Identifier: GPL-2.0-only
/*
 * msx: the modem control lines of an invented handset modem, wired to
 * GPIOs.  The line interrupt counts each change under the port lock and
 * wakes the line waiters.  msx_wait_lines() waits, TIOCMIWAIT style,
 * for a change of the lines the caller names: it copies the counts
 * under the lock, then sets its state, then compares the copy, so a
 * change counted between the copy and the state write is compared
 * against the old copy and its wake-up is lost until the next change.
 * msx_wait_carrier() copies the count after its state write: nothing
 * is lost there.
 */
#include <linux/errno.h>
#include <linux/interrupt.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/types.h>
#include <linux/wait.h>

#define MSX_LINE_DCD	0x01
#define MSX_LINE_RI	0x02

struct msx_counts {
	u32 dcd;
	u32 ri;
};

struct msx_port {
	spinlock_t lock;
	struct msx_counts counts;
	wait_queue_head_t line_wait;
	u32 carrier;
};

static struct msx_port *msx;

static irqreturn_t msx_line_irq(int irq, void *dev_id)
{
	struct msx_port *port = dev_id;

	spin_lock(&port->lock);
	port->counts.dcd++;
	port->carrier++;
	spin_unlock(&port->lock);
	wake_up_interruptible(&port->line_wait);
	return IRQ_HANDLED;
}

static int msx_wait_lines(unsigned int lines, struct msx_counts *prev)
{
	DECLARE_WAITQUEUE(wait, current);
	struct msx_counts now;
	int ret = 0;

	add_wait_queue(&msx->line_wait, &wait);	/* expect: WQ002 fix=keeprace */
	for (;;) {
		spin_lock_irq(&msx->lock);
		memcpy(&now, &msx->counts, sizeof(now));
		spin_unlock_irq(&msx->lock);
		set_current_state(TASK_INTERRUPTIBLE);
		if (((lines & MSX_LINE_DCD) && now.dcd != prev->dcd) ||
		    ((lines & MSX_LINE_RI) && now.ri != prev->ri))
			break;
		if (signal_pending(current)) {
			ret = -ERESTARTSYS;
			break;
		}
		schedule();
	}
	__set_current_state(TASK_RUNNING);
	remove_wait_queue(&msx->line_wait, &wait);
	*prev = now;
	return ret;
}

static int msx_wait_carrier(u32 seen)
{
	DECLARE_WAITQUEUE(wait, current);
	u32 carrier;
	int ret = 0;

	add_wait_queue(&msx->line_wait, &wait);	/* expect: WQ002 fix=converted */
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		carrier = msx->carrier;
		if (carrier != seen)
			break;
		if (signal_pending(current)) {
			ret = -ERESTARTSYS;
			break;
		}
		schedule();
	}
	__set_current_state(TASK_RUNNING);
	remove_wait_queue(&msx->line_wait, &wait);
	return ret;
}

int msx_ioctl_wait(unsigned int lines, struct msx_counts *prev)
{
	if (!lines)
		return msx_wait_carrier(prev->dcd);
	return msx_wait_lines(lines, prev);
}

int msx_setup(struct msx_port *port, int irq)
{
	msx = port;
	spin_lock_init(&port->lock);
	init_waitqueue_head(&port->line_wait);
	return request_irq(irq, msx_line_irq, 0, "msx-lines", port);
}

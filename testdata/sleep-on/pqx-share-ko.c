// SPDX-License-Identifier: GPL-2.0-only
/*
 * pqx_share.c -- device sharing on the PQX parallel-port expander, in
 * the style of the 2.4 parport sharing code: a device that cannot claim
 * the port is queued on it, and the holder's release hands the port on
 * and wakes it.
 *
 * wqport fixture: the condition proposed from the flag set before the
 * sleep and read after it, 'dev->waiting != 2', is already true at the
 * sleep (pqx_claim() sets bit 0 of dev->waiting when it queues the
 * device), so wait_event*() on it would not sleep and would return as if
 * the port were handed on.  The proof takes the negated guard instead:
 * '!dev->waiting' is false under the `if (dev->waiting)` around the
 * sleep, and the release, the only waker, clears dev->waiting of the
 * device it hands the port to before every wake-up.  Converted with
 * that condition, also with --unsafe, never with the stale one.
 *
 * wqport-fix-args: --unsafe
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/spinlock.h>
#include <linux/wait.h>
#include <linux/bitops.h>
#include <linux/errno.h>

struct pqx_dev;

struct pqx_port {
	spinlock_t lock;
	struct pqx_dev *cad;		/* the device that holds the port */
	struct pqx_dev *waithead;
	struct pqx_dev *waittail;
};

struct pqx_dev {
	const char *name;
	struct pqx_port *port;
	unsigned long waiting;		/* 2: may sleep; bit 0: queued */
	wait_queue_head_t wait_q;
	struct pqx_dev *waitnext;
};

static int pqx_claim(struct pqx_dev *dev)
{
	struct pqx_port *port = dev->port;
	unsigned long flags;

	spin_lock_irqsave(&port->lock, flags);
	if (!port->cad) {
		port->cad = dev;
		spin_unlock_irqrestore(&port->lock, flags);
		return 0;
	}
	if ((dev->waiting & 2) && !test_and_set_bit(0, &dev->waiting)) {
		dev->waitnext = NULL;
		if (port->waittail)
			port->waittail->waitnext = dev;
		else
			port->waithead = dev;
		port->waittail = dev;
	}
	spin_unlock_irqrestore(&port->lock, flags);
	return -EAGAIN;
}

int pqx_claim_or_block(struct pqx_dev *dev)
{
	int r;

	/* tell pqx_claim() that we can wait */
	dev->waiting = 2;
	r = pqx_claim(dev);
	if (r == -EAGAIN) {
		/* an interrupt may have handed us the port already */
		if (dev->waiting) {
			interruptible_sleep_on(&dev->wait_q);	/* expect: WQ001 fix=caveat */
			if (signal_pending(current))
				return -EINTR;
			r = 1;
		} else {
			r = 0;
		}
	}
	dev->waiting = 0;
	return r;
}
EXPORT_SYMBOL(pqx_claim_or_block);

void pqx_release(struct pqx_dev *dev)
{
	struct pqx_port *port = dev->port;
	struct pqx_dev *pd;
	unsigned long flags;

	spin_lock_irqsave(&port->lock, flags);
	port->cad = NULL;
	pd = port->waithead;
	if (pd) {
		port->waithead = pd->waitnext;
		if (!port->waithead)
			port->waittail = NULL;
		port->cad = pd;
		pd->waiting = 0;
		wake_up_interruptible(&pd->wait_q);
	}
	spin_unlock_irqrestore(&port->lock, flags);
}
EXPORT_SYMBOL(pqx_release);

MODULE_LICENSE("GPL");

// SPDX-License-Identifier: GPL-2.0-only
/*
 * epx: opening the virtual network port of an invented hypervisor
 * guest.  An error path takes the port-count lock and jumps to the
 * common exit, which drops it; the sleep after it, for the host's MAC
 * address, runs without that lock.  The fix must not refuse the sleep
 * as one that holds the lock.
 */
#include <linux/interrupt.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/wait.h>

struct epx_priv {
	int irq;
	int mac_ready;
	wait_queue_head_t await_mac;
};

static DEFINE_SPINLOCK(epx_lock);
static int epx_ports;

void epx_request_mac(struct epx_priv *priv);
int epx_start_irq(struct epx_priv *priv);

void epx_mac_reply(struct epx_priv *priv)
{
	priv->mac_ready = 1;
	wake_up_interruptible(&priv->await_mac);
}

int epx_open(struct epx_priv *priv)
{
	unsigned long flags;
	int err = 0;

	spin_lock_irqsave(&epx_lock, flags);
	epx_ports++;
	spin_unlock_irqrestore(&epx_lock, flags);

	if (epx_start_irq(priv)) {
		err = -ENODEV;
		spin_lock_irqsave(&epx_lock, flags);
		goto out_count;
	}

	if (!priv->mac_ready) {
		epx_request_mac(priv);
		interruptible_sleep_on_timeout(&priv->await_mac, HZ / 10);	/* expect: WQ001 fix=keeprace */
		if (!priv->mac_ready)
			err = -ETIMEDOUT;
	}
	if (!err)
		return 0;
	spin_lock_irqsave(&epx_lock, flags);
out_count:
	epx_ports--;
	spin_unlock_irqrestore(&epx_lock, flags);
	return err;
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * usx_serial.c -- Ussuri US-232 USB serial adapter, 2.6-era ioctl.
 *
 * wqport fixture: a TIOCMIWAIT wait whose loop is headed by a test of the
 * driver's private pointer, `while (priv != NULL)`, a local that nothing
 * but the ioctl itself could change: the loop leaves through its returns
 * (a signal, or a modem line that changed).  The check must not offer
 * 'priv == NULL' as the condition waited for: the wakers set diff_status.
 * The fix keeps the race: repeating that test after prepare_to_wait()
 * would close none, and it must not say it does.
 * wqport-test: shim-only (interruptible_sleep_on() is gone since 3.15)
 * wqport-fix-test: no-kbuild (interruptible_sleep_on() is gone since 3.15)
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/errno.h>

#define USX_TIOCMIWAIT	0x545C
#define USX_MSR_CTS	0x10
#define USX_MSR_DSR	0x20

struct usx_private {
	wait_queue_head_t	delta_msr_wait;
	unsigned char		diff_status;
	unsigned char		msr;
};

struct usx_port {
	struct usx_private	*priv;
};

/* the interrupt-in completion: the modem status changed */
void usx_status_irq(struct usx_port *port, unsigned char msr)
{
	struct usx_private *priv = port->priv;

	priv->diff_status |= priv->msr ^ msr;
	priv->msr = msr;
	wake_up_interruptible(&priv->delta_msr_wait);
}
EXPORT_SYMBOL_GPL(usx_status_irq);

int usx_ioctl(struct usx_port *port, unsigned int cmd, unsigned long arg)
{
	struct usx_private *priv = port->priv;

	switch (cmd) {
	case USX_TIOCMIWAIT:
		while (priv != NULL) {
			interruptible_sleep_on(&priv->delta_msr_wait);	/* expect: WQ001 fix=keeprace */
			if (signal_pending(current))
				return -ERESTARTSYS;
			if (priv->diff_status & arg) {
				priv->diff_status = 0;
				return 0;
			}
		}
		return -EIO;
	}
	return -ENOIOCTLCMD;
}
EXPORT_SYMBOL_GPL(usx_ioctl);

MODULE_LICENSE("GPL");

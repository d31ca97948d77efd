// SPDX-License-Identifier: GPL-2.0-only
/*
 * mxs_uart.c -- open of the MXS-2 dual UART's tty driver as it stood on
 * a 3.0 vendor kernel: an open that finds the port closing waits on the
 * port's close queue, then asks the caller to retry.
 *
 * wqport fixture: fixed for --target=3.0, older than the 3.7 form
 * wait_event_interruptible_tty(tty, wq, condition) that kapi.def dates.
 * The refusal of wait_event_interruptible() in the .open callback must
 * not say that 3.0 has no wait_event_interruptible_tty(): the tables
 * know only the 3.7 form, so it says the target is older than that form
 * and that an earlier form is not in the tables.
 * <linux/tty.h> is not modelled by the shim: the two types the driver
 * uses are declared here as that header has them.
 *
 * wqport-fix-args: --unsafe --target=3.0
 * wqport-test: shim-only (declares struct tty_struct and tty_operations itself)
 * wqport-fix-test: no-kbuild (declares struct tty_struct and tty_operations itself)
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/errno.h>

struct tty_struct {
	int index;
	void *driver_data;
};

struct tty_operations {
	int (*open)(struct tty_struct *tty, struct file *filp);
	void (*close)(struct tty_struct *tty, struct file *filp);
};

#define MXS_PORT_CLOSING	(1U << 27)

struct mxs_uart {
	void __iomem		*base;
	unsigned int		users;
	unsigned long		pflags;
	wait_queue_head_t	close_wq;
};

static struct mxs_uart mxs_uarts[2];

static int mxs_open(struct tty_struct *tty, struct file *filp)
{
	struct mxs_uart *mu = &mxs_uarts[tty->index & 1];

	if (mu->pflags & MXS_PORT_CLOSING) {
		interruptible_sleep_on(&mu->close_wq);	/* expect: WQ001 fix=keeprace */
		return -ERESTARTSYS;
	}
	mu->users++;
	tty->driver_data = mu;
	return 0;
}

static void mxs_close(struct tty_struct *tty, struct file *filp)
{
	struct mxs_uart *mu = tty->driver_data;

	if (--mu->users)
		return;
	mu->pflags |= MXS_PORT_CLOSING;
	writel(0, mu->base + 0x24);
	mu->pflags &= ~MXS_PORT_CLOSING;
	wake_up_interruptible(&mu->close_wq);
}

const struct tty_operations mxs_tty_ops = {
	.open	= mxs_open,
	.close	= mxs_close,
};
EXPORT_SYMBOL(mxs_tty_ops);

MODULE_LICENSE("GPL");

// SPDX-License-Identifier: GPL-2.0-only
/*
 * rqx_serial.c -- the open path of the RQX-4 async card's tty driver,
 * 2.6 era: the open calls a block_til_ready() helper that waits for a
 * close in progress to finish before it makes the caller retry.
 *
 * wqport fixture: the sleep is in rqx_block_til_ready(), which is not a
 * tty_operations callback itself: rqx_open(), the .open callback, calls
 * it, so it runs with the tty lock held.  The refusal of
 * wait_event_interruptible() must say that the helper is called from
 * the callback, not that the helper is the callback.
 * <linux/tty.h> is not modelled by the shim: the two types the driver
 * uses are declared here as that header has them.
 *
 * wqport-fix-args: --unsafe
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

#define RQX_NR_PORTS	4
#define RQX_CLOSING	0x0004

struct rqx_port {
	unsigned long ioaddr;
	int count;
	unsigned int flags;
	wait_queue_head_t close_wait;
};

static struct rqx_port rqx_table[RQX_NR_PORTS];

static int rqx_block_til_ready(struct tty_struct *tty, struct file *filp,
			       struct rqx_port *info)
{
	if (info->flags & RQX_CLOSING) {
		interruptible_sleep_on(&info->close_wait);	/* expect: WQ001 fix=keeprace */
		return -EAGAIN;
	}
	return 0;
}

static int rqx_open(struct tty_struct *tty, struct file *filp)
{
	struct rqx_port *info = &rqx_table[tty->index];
	int retval;

	retval = rqx_block_til_ready(tty, filp, info);
	if (retval)
		return retval;
	info->count++;
	tty->driver_data = info;
	return 0;
}

static void rqx_close(struct tty_struct *tty, struct file *filp)
{
	struct rqx_port *info = tty->driver_data;

	if (--info->count)
		return;
	info->flags |= RQX_CLOSING;
	outb(0, info->ioaddr + 2);
	info->flags &= ~RQX_CLOSING;
	wake_up_interruptible(&info->close_wait);
}

const struct tty_operations rqx_ops = {
	.open	= rqx_open,
	.close	= rqx_close,
};
EXPORT_SYMBOL(rqx_ops);

MODULE_LICENSE("GPL");

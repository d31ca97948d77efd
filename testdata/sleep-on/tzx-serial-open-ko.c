// SPDX-License-Identifier: GPL-2.0-only
/*
 * tzx_serial.c -- the open and close of the TZX-8 multiport serial
 * card's tty driver, 2.6 era: an open that finds the port closing waits
 * for the close to finish, then makes the caller retry.
 *
 * wqport fixture: the condition is proven ('!port->closing': false
 * under the guard, and the close clears it before its wake-up), but the
 * sleep is in a tty_operations .open callback, which the tty layer
 * calls with the tty lock held (kapi.def K_LOCKED_CALLBACK rows):
 * wait_event_interruptible() there would sleep holding the lock that
 * the close (the waker) and a hang-up need.  The maintainers' form,
 * wait_event_interruptible_tty(), is not in the target (6.1), so the
 * faithful form stays, with the reason (tty-lock), also with --unsafe.
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

#define TZX_NR_PORTS	8

struct tzx_port {
	unsigned long iobase;
	int count;
	int closing;
	wait_queue_head_t close_wait;
};

static struct tzx_port tzx_ports[TZX_NR_PORTS];

static void tzx_drain(struct tzx_port *port)
{
	outb(0, port->iobase + 1);
}

static int tzx_open(struct tty_struct *tty, struct file *filp)
{
	struct tzx_port *port = &tzx_ports[tty->index];

	if (port->closing) {
		interruptible_sleep_on(&port->close_wait);	/* expect: WQ001 fix=keeprace */
		return -EAGAIN;
	}
	port->count++;
	tty->driver_data = port;
	return 0;
}

static void tzx_close(struct tty_struct *tty, struct file *filp)
{
	struct tzx_port *port = tty->driver_data;

	if (--port->count)
		return;
	port->closing = 1;
	tzx_drain(port);
	port->closing = 0;
	wake_up_interruptible(&port->close_wait);
}

const struct tty_operations tzx_ops = {
	.open	= tzx_open,
	.close	= tzx_close,
};
EXPORT_SYMBOL(tzx_ops);

MODULE_LICENSE("GPL");

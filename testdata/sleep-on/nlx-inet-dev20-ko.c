// SPDX-License-Identifier: GPL-2.0-only
/*
 * nlx_inet.c -- the character device of an invented user-space network
 * stack bridge, written for 2.0: the reader's queue is a 2.0 `struct
 * wait_queue *` member of the device, a declaration the port does not
 * rewrite.  The reader's sleep is inside #ifdef CONFIG_NLX_INET, which
 * the flags here do not compile; the in-place fallback for such a
 * branch must not write prepare_to_wait() on that queue either: the
 * old API refuses the file's sites first.
 * wqport-test: shim-only (struct wait_queue is 2.0's)
 * wqport-fix-test: no-kbuild (struct wait_queue is 2.0's)
 */
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/sched.h>
#include <linux/wait.h>

struct nlx_dev {
	struct wait_queue *readq;
	int pending;
};

static struct nlx_dev nlx_dev;

int nlx_read(struct file *file, char *buf, int count)
{
#ifdef CONFIG_NLX_INET
	while (!nlx_dev.pending)
		interruptible_sleep_on(&nlx_dev.readq);	/* expect: WQ001 fix=refused:old-wait-api */
	nlx_dev.pending = 0;
	return 1;
#else
	return -ENODEV;
#endif
}

void nlx_input(void)
{
	nlx_dev.pending = 1;
	wake_up_interruptible(&nlx_dev.readq);
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * xd_blk.c -- XT-style MFM disk adapter, a 2.2 block driver whose whole
 * body is under the option that builds it.
 *
 * wqport fixture: nothing of the file survives the first parse (the
 * shim sets no CONFIG_ option, and <linux/blk.h> of 2.2 is missing), so
 * the body is parsed again with CONFIG_BLK_DEV_XDA forced on and its
 * waits are reported, each with a note naming the #ifdef.  wqport fix
 * ports them in place (the per-site line names the branch).
 *
 * wqport-test: shim-only (linux/config.h is gone since 2.6.19)
 * wqport-fix-test: no-kbuild (linux/config.h is gone since 2.6.19)
 */
#include <linux/config.h>

#ifdef CONFIG_BLK_DEV_XDA

#include <linux/module.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/fs.h>
#include <linux/blk.h>

static struct wait_queue *xda_wait_int = NULL;
static struct wait_queue *xda_wait_open = NULL;
static volatile int xda_busy, xda_error;

static int xda_command(unsigned char *cmd, int timeout)
{
	xda_busy = 1;
	/* the controller interrupts when the command completes */
	sleep_on_timeout(&xda_wait_int, timeout);	/* expect: WQ001 fix=keeprace */
	return xda_error ? -EIO : 0;
}

static int xda_open(struct inode *inode, struct file *filp)
{
	while (xda_busy)
		sleep_on(&xda_wait_open);	/* expect: WQ001 fix=keeprace */
	return 0;
}

static void xda_interrupt(int irq, void *dev_id, struct pt_regs *regs)
{
	xda_busy = 0;
	wake_up(&xda_wait_int);
	wake_up(&xda_wait_open);
}

#endif /* CONFIG_BLK_DEV_XDA */

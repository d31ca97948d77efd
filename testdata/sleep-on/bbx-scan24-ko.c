// SPDX-License-Identifier: GPL-2.0-only
/*
 * bbx_scan.c -- BBX-100 serial barcode scanner, 2.4 vendor driver.
 *
 * wqport fixture for leaving bodies out of the parse (frontend/blank.c):
 * most functions here name no wait word and are parsed as blanks, but
 *   - bbx_wait_idle() sleeps through a macro two quoted includes away
 *     (bbx-osdep.h, bbx-os-linux.h);
 *   - bbx_setup() names no wait word but #defines the test that
 *     bbx_read() waits for: its preprocessor lines must stay;
 *   - bbx_kit_init() #defines the nap bbx_read() sleeps through: a
 *     macro's definition is no call, and its sleep is reported once,
 *     at the #define (the one in a header, at the use);
 *   - bbx_reaper_busy() reads another task's state as a field;
 * and all three are still reported.  wqport fix leaves macros to a
 * person.
 * wqport-test: shim-only (task_struct::state and sleep_on are gone in 6.1)
 * wqport-cocci: beyond-standalone (both sleeps are in macros, one in a
 * header, one #defined inside a function body: the semantic patch reads
 * neither)
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/sched.h>
#include <asm/io.h>
#include "bbx-osdep.h"

static struct bbx_unit bbx_dev;
static int bbx_debug;

static int bbx_wait_idle(struct bbx_unit *u)
{
	int tries = 3;

	while (!(inb(u->iobase + BBX_REG_STATUS) & BBX_ST_IDLE) && tries--)
		BBX_SLEEP_TMO(&u->idle_ev, HZ / 10);	/* expect-fix: WQ001 fix=refused:macro */
	return (inb(u->iobase + BBX_REG_STATUS) & BBX_ST_IDLE) ? 0 : -EIO;
}

static void bbx_setup(struct bbx_unit *u)
{
	int i;

	for (i = 0; i < 4; i++) {
		outb(0, u->iobase + i);
#ifdef BBX_DEBUG_REGS
		printk(KERN_DEBUG "bbx: reg %d cleared\n", i);
#endif
	}
	/* the vendor kit defines its tests next to the setup they need */
#define BBX_HAVE_DATA(u)	((u)->count > 0)
	u->count = 0;
	u->status = inb(u->iobase + BBX_REG_STATUS);
}

static void bbx_kit_init(struct bbx_unit *u)
{
	init_waitqueue_head(&u->idle_ev);
	init_waitqueue_head(&u->data_ev);
#define BBX_NAP(ev)	sleep_on(ev)	/* expect: WQ001 fix=refused:no-condition */
	bbx_setup(u);
}

static ssize_t bbx_read(struct file *file, char *buf, size_t count,
			loff_t *ppos)
{
	struct bbx_unit *u = &bbx_dev;

	if (!BBX_HAVE_DATA(u))
		BBX_NAP(&u->data_ev);	/* expect-fix: WQ001 fix=refused:macro */
	if (!BBX_HAVE_DATA(u))
		return -EAGAIN;
	if (count > u->count)
		count = u->count;
	if (copy_to_user(buf, u->buf, count))
		return -EFAULT;
	u->count = 0;
	return count;
}

static int bbx_reaper_busy(struct bbx_unit *u)
{
	struct task_struct *tsk = u->reaper;

	return tsk && tsk->state == 0;	/* expect: WQ011 */
}

static void bbx_interrupt(int irq, void *dev_id, struct pt_regs *regs)
{
	struct bbx_unit *u = dev_id;
	unsigned char st = bbx_status(u);

	if (st & BBX_ST_DATA && u->count < (int)sizeof(u->buf)) {
		u->buf[u->count++] = inb(u->iobase);
		BBX_SIGNAL(&u->data_ev);
	}
	if (st & BBX_ST_IDLE)
		BBX_SIGNAL(&u->idle_ev);
}

static int bbx_ioctl(struct inode *inode, struct file *file,
		     unsigned int cmd, unsigned long arg)
{
	struct bbx_unit *u = &bbx_dev;

	switch (cmd) {
	case 0x4201:
		return bbx_wait_idle(u);
	case 0x4202:
		bbx_setup(u);
		return 0;
	case 0x4203:
		return bbx_reaper_busy(u);
	case 0x4204:
		bbx_debug = (int)arg;
		return 0;

	}
	return -EINVAL;
}

static int bbx_open(struct inode *inode, struct file *file)
{
	if (bbx_debug)
		printk(KERN_DEBUG "bbx: open\n");
	MOD_INC_USE_COUNT;
	return 0;
}

static int bbx_release(struct inode *inode, struct file *file)
{
	MOD_DEC_USE_COUNT;
	return 0;
}

static struct file_operations bbx_fops = {
	owner:		THIS_MODULE,
	read:		bbx_read,
	ioctl:		bbx_ioctl,
	open:		bbx_open,
	release:	bbx_release,
};

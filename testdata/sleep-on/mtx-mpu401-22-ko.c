// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: a 2.2-era MPU-401 style MIDI interface driver.
 *
 * Its probe is wrapped in __initfunc(), its read() is written with a
 * K&R parameter list, and it sleeps through a driver macro that takes
 * the device's address: MTX_SLEEP(&mtx_dev) expands to
 * sleep_on(&(&mtx_dev)->in_wait), whose queue is mtx_dev.in_wait (a
 * struct, not a pointer: the suggestion must not say mtx_dev->in_wait).
 * The sleep is reported once, at the macro; the note on its use says
 * what the rules read there.  wqport fix refuses the use (a macro) and
 * the macro's line (no statement of a function to patch there).
 * wqport-args: --target=2.2.26
 * wqport-test: shim-only (__initfunc, save_flags and struct wait_queue are 2.2 API)
 * wqport-fix-test: no-kbuild (2.2 API throughout)
 */
#include <linux/module.h>
#include <linux/config.h>
#include <linux/sched.h>
#include <linux/init.h>
#include <asm/io.h>

#define MTX_DATA	0x330
#define MTX_STATUS	0x331
#define MTX_RX_EMPTY	0x80

struct mtx_dev {
	struct wait_queue *in_wait;
	int in_count;
	int irq;
};

static struct mtx_dev mtx_dev;

#define MTX_SLEEP(d)	sleep_on(&(d)->in_wait)	/* expect: WQ001 fix=refused:macro */

static void mtx_interrupt(int irq, void *dev_id, struct pt_regs *regs)
{
	while (!(inb(MTX_STATUS) & MTX_RX_EMPTY)) {
		inb(MTX_DATA);
		mtx_dev.in_count++;
	}
	wake_up(&mtx_dev.in_wait);
}

__initfunc(int mtx_probe(unsigned long base))
{
	outb(0xff, base + 1);
	if (!mtx_dev.in_count)
		interruptible_sleep_on_timeout(&mtx_dev.in_wait, HZ / 10);	/* expect: WQ001 fix=refused:old-wait-api */
	return mtx_dev.in_count ? 0 : -ENODEV;
}

static int mtx_read(inode, file, buf, count)
	struct inode *inode;
	struct file *file;
	char *buf;
	int count;
{
	unsigned long flags;

	save_flags(flags);
	cli();
	while (!mtx_dev.in_count)
		MTX_SLEEP(&mtx_dev);	/* expect-fix: WQ001 fix=refused:macro */
	mtx_dev.in_count--;
	restore_flags(flags);
	return 1;
}

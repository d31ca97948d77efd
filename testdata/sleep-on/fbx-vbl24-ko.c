// SPDX-License-Identifier: GPL-2.0-only
/*
 * fbx_vga.c -- FBX-3D framebuffer, a 2.4 fbdev driver with a vertical
 * blank interrupt.
 *
 * FBIO_WAITFORVSYNC sleeps until the next vertical blank: the interrupt
 * counts blanks and wakes the queue, and the ioctl sleeps once,
 * whatever it is woken for.  Panning waits for the blank after the new
 * base is latched, with the console lock dropped around the sleep.  The
 * file_operations of the control node use GNU designators, as 2.4
 * drivers did.
 *
 * wqport fixture: the vsync wait is a one-shot sleep on a counter: no
 * flag is set before it and tested after, and the waker increments
 * instead of storing a flag, so no condition can be proposed: refused
 * (no-condition).  The pan wait is a loop on the latch flag around the
 * sleep, with the lock dropped by a plain spin_unlock(): no wait_event*()
 * form retakes a plain spinlock (wait_event_lock_irq() would leave
 * interrupts off after the loop's spin_unlock()), so it is refused.
 * wqport-test: shim-only (file_operations lost .ioctl in 2.6.36)
 * wqport-fix-test: no-kbuild (the 2.4 fbdev ioctl interface is gone)
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/spinlock.h>
#include <linux/wait.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <asm/io.h>

#define FBX_REG_BASE		0x40
#define FBX_REG_STAT		0x44
#define FBX_ST_LATCHED		0x02
#define FBIO_WAITFORVSYNC	0x4620

struct fbx_par {
	unsigned long regs;
	wait_queue_head_t vbl_wait;
	volatile unsigned int vbl_count;
	volatile int pan_latched;
	spinlock_t lock;
};

static struct fbx_par fbx;

static void fbx_vbl_intr(int irq, void *dev_id, struct pt_regs *regs)
{
	struct fbx_par *par = dev_id;

	par->vbl_count++;
	if (inl(par->regs + FBX_REG_STAT) & FBX_ST_LATCHED)
		par->pan_latched = 1;
	wake_up_interruptible(&par->vbl_wait);
}

static int fbx_wait_vsync(struct fbx_par *par)
{
	interruptible_sleep_on(&par->vbl_wait);	/* expect: WQ001 fix=keeprace */
	if (signal_pending(current))
		return -EINTR;
	return 0;
}

static int fbx_pan(struct fbx_par *par, unsigned long base)
{
	spin_lock(&par->lock);
	par->pan_latched = 0;
	outl(base, par->regs + FBX_REG_BASE);
	while (!par->pan_latched) {
		spin_unlock(&par->lock);
		interruptible_sleep_on(&par->vbl_wait);	/* expect: WQ001 fix=keeprace */
		spin_lock(&par->lock);
		if (signal_pending(current)) {
			spin_unlock(&par->lock);
			return -ERESTARTSYS;
		}
	}
	spin_unlock(&par->lock);
	return 0;
}

static int fbx_ioctl(struct inode *inode, struct file *file,
		     unsigned int cmd, unsigned long arg)
{
	switch (cmd) {
	case FBIO_WAITFORVSYNC:
		return fbx_wait_vsync(&fbx);
	case 0x4606:				/* FBIOPAN_DISPLAY */
		return fbx_pan(&fbx, arg);
	}
	return -EINVAL;
}

static struct file_operations fbx_ctl_fops = {
	owner:		THIS_MODULE,
	ioctl:		fbx_ioctl,
};

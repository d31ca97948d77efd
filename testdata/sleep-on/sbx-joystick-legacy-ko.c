// SPDX-License-Identifier: GPL-2.0-only
/*
 * sbx_joy.c -- gameport joystick on the SBX-16 sound card (2.2/2.4).
 *
 * Originally written for 2.0 and carried along: the big kernel lock in
 * open(), flags set by the port interrupt, a register poll that was once
 * guarded by cli(), and a debug path nobody compiles.
 *
 * wqport fixture: sleep_on() sites that must be refused for what their
 * condition is (constant, a local copy no waker can change, the queue
 * itself, a test with side effects), interrupts enabled only around the
 * sleep, and an #if 0 branch; plus a loop under lock_kernel(), which
 * converts because schedule() drops the big kernel lock.
 *
 * wqport-fix-test: no-kbuild (the big kernel lock is gone since 2.6.39)
 * wqport-test: shim-only (linux/smp_lock.h is gone since 2.6.39)
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>
#include <linux/bitops.h>
#include <linux/smp_lock.h>
#include <asm/io.h>

#define SBX_JOY_PORT		0x201
#define SBX_JOY_BUSY		0x0f
#define SBX_JOY_OPEN		0

struct sbx_joy {
	wait_queue_head_t	wait;
	volatile int		ready;		/* set by the port interrupt */
	unsigned long		flags;		/* SBX_JOY_OPEN */
	int			axes[4];
};

static struct sbx_joy sbx_joy;

static void sbx_joy_interrupt(int irq, void *dev_id, struct pt_regs *regs)
{
	struct sbx_joy *joy = dev_id;

	joy->ready = 1;
	wake_up_interruptible(&joy->wait);
}

/* the 2.0 driver waited "forever" here; nobody ever woke it for real */
static void sbx_joy_park(struct sbx_joy *joy)
{
	while (1)
		interruptible_sleep_on(&joy->wait);	/* expect: WQ001 fix=keeprace */
}

static int sbx_joy_settle(struct sbx_joy *joy)
{
	int busy = inb(SBX_JOY_PORT) & SBX_JOY_BUSY;

	/* a stale copy: the interrupt never changes it */
	while (busy)
		sleep_on(&joy->wait);	/* expect: WQ001 fix=keeprace */
	return 0;
}

static void sbx_joy_drain(struct sbx_joy *joy)
{
	while (waitqueue_active(&joy->wait))
		sleep_on(&joy->wait);	/* expect: WQ001 fix=keeprace */
}

static int sbx_joy_claim(struct sbx_joy *joy)
{
	/* one opener at a time; later ones queue up */
	while (test_and_set_bit(SBX_JOY_OPEN, &joy->flags)) {
		interruptible_sleep_on(&joy->wait);	/* expect: WQ001 fix=keeprace */
		if (signal_pending(current))
			return -ERESTARTSYS;
	}
	return 0;
}

static int sbx_joy_open(struct inode *inode, struct file *file)
{
	struct sbx_joy *joy = &sbx_joy;
	int ret;

	lock_kernel();
	while (!joy->ready) {
		interruptible_sleep_on(&joy->wait);	/* expect: WQ001 fix=converted */
		if (signal_pending(current)) {
			unlock_kernel();
			return -EINTR;
		}
	}
	ret = sbx_joy_claim(joy);
	unlock_kernel();
	return ret;
}

static ssize_t sbx_joy_read(struct file *file, char *buf, size_t count,
			    loff_t *ppos)
{
	struct sbx_joy *joy = &sbx_joy;
	unsigned long flags;

	local_irq_save(flags);
	while (!joy->ready) {
		local_irq_restore(flags);
		interruptible_sleep_on(&joy->wait);	/* expect: WQ001 fix=converted */
		local_irq_save(flags);
	}
	joy->ready = 0;
	local_irq_restore(flags);
	return 0;
}

#if 0
/* debug: dump the axes once a second */
static void sbx_joy_debug(struct sbx_joy *joy)
{
	for (;;) {
		sleep_on_timeout(&joy->wait, HZ);
		printk(KERN_DEBUG "sbx_joy: %d %d\n", joy->axes[0], joy->axes[1]);
	}
}
#endif

static int sbx_joy_release(struct inode *inode, struct file *file)
{
	clear_bit(SBX_JOY_OPEN, &sbx_joy.flags);
	wake_up_interruptible(&sbx_joy.wait);
	return 0;
}

static struct file_operations sbx_joy_fops = {
	owner:		THIS_MODULE,
	read:		sbx_joy_read,
	open:		sbx_joy_open,
	release:	sbx_joy_release,
};

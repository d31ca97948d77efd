// SPDX-License-Identifier: GPL-2.0-only
/*
 * swx_floppy.c -- drive arbitration of the SWX floppy controller, as a
 * vendor 2.6 tree carried it.
 *
 * wqport fixture (issue 30): grab_drive() sleeps with the controller's
 * spinlock taken by spin_lock_irqsave().  interruptible_sleep_on() came
 * back with interrupts off as it found them; prepare_to_wait()/
 * schedule()/finish_wait() come back with them on and the lock still
 * held, so the interrupt handler that takes the lock can deadlock the
 * CPU.  The translation validation compares the interrupt state after
 * each sleep and refuses the site (the maintainers' form is
 * wait_event_interruptible_lock_irq()).
 *
 * wqport-fix-test: no-compile (interruptible_sleep_on() is gone since 3.15)
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/spinlock.h>
#include <linux/wait.h>

enum swx_state { swx_idle, swx_available, swx_revalidating, swx_ejecting };

struct swx_floppy {
	spinlock_t lock;
	enum swx_state state;
	int wanted;
	wait_queue_head_t wait;
	void __iomem *regs;
};

static irqreturn_t swx_interrupt(int irq, void *dev_id)
{
	struct swx_floppy *fs = dev_id;
	unsigned long flags;

	spin_lock_irqsave(&fs->lock, flags);
	readb(fs->regs);
	if (fs->state != swx_idle && fs->wanted) {
		fs->state = swx_available;
		wake_up(&fs->wait);
	}
	spin_unlock_irqrestore(&fs->lock, flags);
	return IRQ_HANDLED;
}

static int swx_grab_drive(struct swx_floppy *fs, enum swx_state state,
			  int interruptible)
{
	unsigned long flags;

	spin_lock_irqsave(&fs->lock, flags);
	if (fs->state != swx_idle) {
		++fs->wanted;
		while (fs->state != swx_available) {
			if (interruptible && signal_pending(current)) {
				--fs->wanted;
				spin_unlock_irqrestore(&fs->lock, flags);
				return -EINTR;
			}
			interruptible_sleep_on(&fs->wait);	/* expect: WQ001 fix=refused:unproven */
		}
		--fs->wanted;
	}
	fs->state = state;
	spin_unlock_irqrestore(&fs->lock, flags);
	return 0;
}

static void swx_release_drive(struct swx_floppy *fs)
{
	unsigned long flags;

	spin_lock_irqsave(&fs->lock, flags);
	fs->state = swx_idle;
	spin_unlock_irqrestore(&fs->lock, flags);
}

int swx_eject(struct swx_floppy *fs)
{
	int err = swx_grab_drive(fs, swx_ejecting, 1);

	if (err)
		return err;
	writeb(1, fs->regs);
	swx_release_drive(fs);
	return 0;
}

MODULE_LICENSE("GPL");

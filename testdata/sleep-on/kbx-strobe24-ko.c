// SPDX-License-Identifier: GPL-2.0-only
/*
 * kbx_strobe.c -- KBX-2 strobe controller, a 2.4 character driver whose
 * vendor still builds it for their 2.4.22 kernel.
 *
 * Every sleep is a sleep_on() call, as 2.4 drivers wrote them: the
 * strobe waits for the controller's acknowledge with the port lock
 * dropped right before the sleep, the reset waits for it with a
 * timeout, read() waits for a frame, and open() waits a little for
 * the controller to go idle.
 *
 * wqport fixture: ported for the vendor's own kernel (--target=2.4.22).
 * 2.4 has wait_event_interruptible(): read() becomes one.  It has no
 * prepare_to_wait(): the strobe and the reset keep their sleeps, queued
 * before the unlock so the acknowledge can no longer come between the
 * test and the sleep, written with add_wait_queue(), set_current_state()
 * and remove_wait_queue() (the 2.4 idiom).  The drain, a timed loop
 * with no lock around its sleep, would be wait_event_timeout() (2.6.9):
 * refused for the target.
 * wqport-args: --target=2.4.22
 * wqport-fix-args: --target=2.4.22
 * wqport-test: shim-only (the 2.4 interrupt handler and char interface)
 * wqport-fix-test: no-kbuild (a 2.4 driver: 6.1 has no sleep_on() to keep)
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/spinlock.h>
#include <linux/wait.h>
#include <linux/interrupt.h>
#include <linux/errno.h>
#include <asm/io.h>

#define KBX_DATA	0
#define KBX_CTRL	2
#define KBX_CTRL_RESET	0x80

struct kbx_port {
	spinlock_t lock;
	wait_queue_head_t ack_wait;
	wait_queue_head_t frame_wait;
	wait_queue_head_t settle_wait;
	int acked;
	int frames;
	int busy;
	unsigned long base;
};

static irqreturn_t kbx_interrupt(int irq, void *dev_id)
{
	struct kbx_port *p = dev_id;

	spin_lock(&p->lock);
	p->acked = 1;
	p->frames++;
	p->busy = 0;
	spin_unlock(&p->lock);
	wake_up(&p->ack_wait);
	wake_up_interruptible(&p->frame_wait);
	wake_up(&p->settle_wait);
	return IRQ_HANDLED;
}

static int kbx_strobe(struct kbx_port *p, unsigned char c)
{
	spin_lock(&p->lock);
	p->acked = 0;
	outb(c, p->base + KBX_DATA);
	while (!p->acked) {
		spin_unlock(&p->lock);
		interruptible_sleep_on(&p->ack_wait);	/* expect: WQ001 fix=converted */
		spin_lock(&p->lock);
		if (signal_pending(current)) {
			spin_unlock(&p->lock);
			return -ERESTARTSYS;
		}
	}
	spin_unlock(&p->lock);
	return 0;
}

static int kbx_reset(struct kbx_port *p)
{
	long left = HZ;

	spin_lock(&p->lock);
	p->acked = 0;
	outb(KBX_CTRL_RESET, p->base + KBX_CTRL);
	while (!p->acked && left) {
		spin_unlock(&p->lock);
		left = sleep_on_timeout(&p->ack_wait, left);	/* expect: WQ001 fix=converted */
		spin_lock(&p->lock);
	}
	spin_unlock(&p->lock);
	return left ? 0 : -ETIMEDOUT;
}

static int kbx_read_frame(struct kbx_port *p)
{
	while (!p->frames) {
		interruptible_sleep_on(&p->frame_wait);	/* expect: WQ001 fix=converted */
		if (signal_pending(current))
			return -ERESTARTSYS;
	}
	spin_lock_irq(&p->lock);
	p->frames--;
	spin_unlock_irq(&p->lock);
	return inb(p->base + KBX_DATA);
}

static int kbx_drain(struct kbx_port *p)
{
	long left = HZ / 10;

	outb(0, p->base + KBX_CTRL);
	p->busy = 1;
	while (p->busy && left)
		left = sleep_on_timeout(&p->settle_wait, left);	/* expect: WQ001 fix=refused:target-api */
	return left ? 0 : -EBUSY;
}

int kbx_open(struct kbx_port *p)
{
	int ret;

	spin_lock_init(&p->lock);
	init_waitqueue_head(&p->ack_wait);
	init_waitqueue_head(&p->frame_wait);
	init_waitqueue_head(&p->settle_wait);
	if (request_irq(7, kbx_interrupt, 0, "kbx", p))
		return -EBUSY;
	ret = kbx_drain(p);
	if (!ret)
		ret = kbx_reset(p);
	if (!ret)
		ret = kbx_strobe(p, 0x55);
	if (!ret)
		ret = kbx_read_frame(p);
	return ret < 0 ? ret : 0;
}

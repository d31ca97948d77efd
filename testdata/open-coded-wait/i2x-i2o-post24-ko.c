// SPDX-License-Identifier: GPL-2.0-only
/*
 * i2x_core.c -- message layer of the I2X intelligent I/O (I2O style)
 * RAID adapter, a 2.4 driver.
 *
 * The inbound message frames are a small pool: a poster that finds none
 * free waits, exclusively, on the controller's frame queue (one freed
 * frame wakes one poster).  A posted message that wants a reply waits
 * on the reply queue with a timeout; that loop tests the reply flag
 * before it sets its state, the classic lost wake-up of 2.4 drivers.
 *
 * wqport fixture: the frame wait is a correct exclusive loop and
 * becomes wait_event_interruptible_exclusive(), the driver's -EINTR
 * kept.  The reply wait (WQ003), whose one exit test after the sleep
 * is `!timeout || signal_pending(current)`, becomes
 * wait_event_interruptible_timeout(), which also closes the race; its
 * result keeps the code after it right (0 on timeout, non-zero on a
 * signal), with the caveat about 'timeout'.
 * wqport-fix-test: no-kbuild (the 2.4 I2O message layer is gone)
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/spinlock.h>
#include <linux/wait.h>
#include <linux/errno.h>
#include <linux/io.h>

#define I2X_INBOUND_FIFO	0x40
#define I2X_OUTBOUND_FIFO	0x44
#define I2X_EMPTY		0xffffffff

struct i2x_msg {
	u32 frame;
	volatile int replied;
	u32 reply[8];
};

struct i2x_ctrl {
	void *base;
	wait_queue_head_t frame_wait;
	wait_queue_head_t reply_wait;
	volatile int frames_free;	/* set by the doorbell interrupt */
	spinlock_t lock;
};

static u32 i2x_frame_get(struct i2x_ctrl *c)
{
	return readl(c->base + I2X_INBOUND_FIFO);
}

static int i2x_get_frame(struct i2x_ctrl *c, u32 *frame)
{
	DECLARE_WAITQUEUE(wait, current);
	int ret = 0;

	add_wait_queue_exclusive(&c->frame_wait, &wait);	/* expect: WQ002 fix=converted */
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (c->frames_free)
			break;
		if (signal_pending(current)) {
			ret = -EINTR;
			break;
		}
		schedule();
	}
	set_current_state(TASK_RUNNING);
	remove_wait_queue(&c->frame_wait, &wait);
	if (!ret)
		*frame = i2x_frame_get(c);
	return ret;
}

static int i2x_post_wait(struct i2x_ctrl *c, struct i2x_msg *msg,
			 long timeout)
{
	DECLARE_WAITQUEUE(wait, current);

	msg->replied = 0;
	writel(msg->frame, c->base + I2X_INBOUND_FIFO);

	add_wait_queue(&c->reply_wait, &wait);	/* expect: WQ002 fix=caveat */
	while (!msg->replied) {
		set_current_state(TASK_INTERRUPTIBLE);	/* expect: WQ003 fix=converted */
		timeout = schedule_timeout(timeout);
		if (!timeout || signal_pending(current))
			break;
	}
	set_current_state(TASK_RUNNING);
	remove_wait_queue(&c->reply_wait, &wait);

	if (msg->replied)
		return 0;
	return timeout ? -EINTR : -ETIMEDOUT;
}

void i2x_reply_intr(struct i2x_ctrl *c, struct i2x_msg *msg)
{
	msg->replied = 1;
	wake_up_interruptible(&c->reply_wait);
}

void i2x_frame_free_intr(struct i2x_ctrl *c)
{
	c->frames_free = 1;
	wake_up_interruptible(&c->frame_wait);
}

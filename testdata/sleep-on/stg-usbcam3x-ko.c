// SPDX-License-Identifier: GPL-2.0-only
/*
 * stg_cam.c -- STG-100 USB camera from a 3.x staging tree.
 *
 * A vendor dump cleaned up just enough for staging: the probe waits for
 * the sensor to power up with sleep_on_timeout() on a queue nothing
 * wakes; the control path waits for the control URB with
 * wait_event_interruptible_timeout() and keeps the result in an
 * unsigned; the sensor wait reads the sensor's status register over the
 * control pipe inside the wait condition (usb_control_msg() sleeps);
 * the frame wait's condition takes the frame it waits for, and the
 * streaming stop waits a bounded time and goes on either way.
 *
 * wqport fixture: the probe delay stays queued, the faithful form (WQ001;
 * a member another file may wake, issue 37); the unsigned result is
 * WQ010 and the sleeping condition WQ009, neither fixed automatically.
 * The frame wait keeps the value of its last evaluation, which is what
 * it wants, and the stop's dropped result is a deliberate best-effort
 * wait: neither is reported.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>
#include <linux/list.h>
#include <linux/spinlock.h>
#include <linux/errno.h>

struct stg_frame {
	struct list_head list;
	int len;
};

struct stg_dev {
	wait_queue_head_t power_wq;	/* never woken here: the sensor has no irq */
	wait_queue_head_t ctrl_wq;
	wait_queue_head_t frame_wq;
	wait_queue_head_t stop_wq;
	wait_queue_head_t sensor_wq;	/* no irq either: the condition polls */
	void *udev;
	volatile int ctrl_done;
	volatile int streaming;
	int ctrl_status;
	spinlock_t lock;
	struct list_head ready;
};

extern int stg_submit_ctrl(struct stg_dev *dev, int req, int val);
extern int stg_sensor_id(struct stg_dev *dev);
extern int usb_control_msg(void *udev, unsigned int pipe, u8 request,
			   u8 requesttype, u16 value, u16 index, void *data,
			   u16 size, int timeout);

static void stg_ctrl_complete(struct stg_dev *dev, int status)
{
	dev->ctrl_status = status;
	dev->ctrl_done = 1;
	wake_up_interruptible(&dev->ctrl_wq);
}

static void stg_frame_complete(struct stg_dev *dev, struct stg_frame *f)
{
	spin_lock(&dev->lock);
	list_add_tail(&f->list, &dev->ready);
	spin_unlock(&dev->lock);
	wake_up_interruptible(&dev->frame_wq);
}

static void stg_stream_stopped(struct stg_dev *dev)
{
	dev->streaming = 0;
	wake_up(&dev->stop_wq);
}

static struct stg_frame *stg_take_frame(struct stg_dev *dev)
{
	struct stg_frame *f = NULL;

	spin_lock_irq(&dev->lock);
	if (!list_empty(&dev->ready)) {
		f = list_first_entry(&dev->ready, struct stg_frame, list);
		list_del(&f->list);
	}
	spin_unlock_irq(&dev->lock);
	return f;
}

static int stg_ctrl(struct stg_dev *dev, int req, int val)
{
	unsigned int left;
	int err;

	dev->ctrl_done = 0;
	err = stg_submit_ctrl(dev, req, val);
	if (err)
		return err;
	left = wait_event_interruptible_timeout(dev->ctrl_wq, dev->ctrl_done, HZ);	/* expect: WQ010 */
	if (!left)
		return -ETIMEDOUT;
	return dev->ctrl_status;
}

static int stg_dqbuf(struct stg_dev *dev, struct stg_frame **out)
{
	struct stg_frame *f;

	if (wait_event_interruptible(dev->frame_wq, (f = stg_take_frame(dev)) != NULL))
		return -ERESTARTSYS;
	*out = f;
	return 0;
}

static void stg_stop(struct stg_dev *dev)
{
	stg_submit_ctrl(dev, 0x02, 0);
	wait_event_timeout(dev->stop_wq, !dev->streaming, HZ);
}

static int stg_wait_sensor(struct stg_dev *dev)
{
	u8 st = 0;
	long ret;

	ret = wait_event_interruptible_timeout(dev->sensor_wq,	/* expect: WQ009 */
			usb_control_msg(dev->udev, 0x80, 0x01, 0xc0, 0, 0,
					&st, 1, 100) == 1 && (st & 0x01), HZ);
	if (ret < 0)
		return ret;
	return ret ? 0 : -ETIMEDOUT;
}

static int stg_probe(struct stg_dev *dev)
{
	int id;

	init_waitqueue_head(&dev->power_wq);
	init_waitqueue_head(&dev->ctrl_wq);
	init_waitqueue_head(&dev->frame_wq);
	init_waitqueue_head(&dev->stop_wq);
	init_waitqueue_head(&dev->sensor_wq);
	spin_lock_init(&dev->lock);
	INIT_LIST_HEAD(&dev->ready);

	stg_submit_ctrl(dev, 0x01, 1);		/* sensor power */
	sleep_on_timeout(&dev->power_wq, HZ / 5);	/* expect: WQ001 fix=keeprace */
	if (stg_wait_sensor(dev))
		return -ENODEV;
	id = stg_sensor_id(dev);
	if (id != 0x0100)
		return -ENODEV;
	return stg_ctrl(dev, 0x03, 0);
}

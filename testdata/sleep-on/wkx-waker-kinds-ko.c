// SPDX-License-Identifier: GPL-2.0-only
/*
 * wkx.c -- WKX-200 data acquisition card, a 2.6 character driver that
 * still sleeps with sleep_on() in five places, each woken by a
 * different kind of waker: the interrupt handler (a command's state),
 * a timer (a settle delay), a work item (a calibration computed off the
 * interrupt), another file operation (release, ending a read) with the
 * interrupt, and a helper the interrupt handler calls (the DMA ring).
 *
 * wqport fixture: in each, the condition a maintainer writes follows
 * from the wakers in this file: every waker writes it true before its
 * wake-up, and the sleeper makes it false before the sleep, so each
 * one-shot sleep becomes wait_event*() with that condition by default
 * (converted with caveat: the old call returned on any wake-up).
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/timer.h>
#include <linux/wait.h>
#include <linux/workqueue.h>

#define WKX_NAME		"wkx"
#define WKX_REG_CMD		0
#define WKX_REG_STAT		1
#define WKX_REG_DATA		2
#define WKX_REG_DMA		3
#define WKX_ST_CMD		0x01
#define WKX_ST_DATA		0x02
#define WKX_ST_DMA		0x04
#define WKX_CMD_RESET		0x10
#define WKX_CMD_DMA		0x20

enum wkx_state { WKX_IDLE, WKX_BUSY, WKX_AVAILABLE };

struct wkx_dev {
	unsigned long io;
	int irq;
	enum wkx_state state;
	wait_queue_head_t cmd_wait;	/* the command finished */
	struct timer_list settle;
	int settled;
	wait_queue_head_t settle_wait;	/* the settle time is over */
	struct work_struct calib;
	int calib_ready;
	int calib_value;
	wait_queue_head_t calib_wait;	/* the calibration is computed */
	int count;
	int closing;
	wait_queue_head_t read_wait;	/* data came, or the file closes */
	int dma_done;
	wait_queue_head_t dma_wait;	/* the DMA ring drained */
};

static struct wkx_dev wkx;
static int wkx_major;

static void wkx_dma_wake(struct wkx_dev *wd)
{
	wake_up(&wd->dma_wait);
}

static irqreturn_t wkx_interrupt(int irq, void *dev_id)
{
	struct wkx_dev *wd = dev_id;
	u8 st = inb(wd->io + WKX_REG_STAT);

	if (!st)
		return IRQ_NONE;
	if (st & WKX_ST_CMD) {
		wd->state = WKX_AVAILABLE;
		wake_up(&wd->cmd_wait);
	}
	if (st & WKX_ST_DATA) {
		wd->count++;
		wake_up_interruptible(&wd->read_wait);
		schedule_work(&wd->calib);
	}
	if (st & WKX_ST_DMA) {
		wd->dma_done = 1;
		wkx_dma_wake(wd);
	}
	return IRQ_HANDLED;
}

static void wkx_settle_timeout(struct timer_list *t)
{
	struct wkx_dev *wd = from_timer(wd, t, settle);

	wd->settled = 1;
	wake_up_interruptible(&wd->settle_wait);
}

static void wkx_calibrate(struct work_struct *work)
{
	struct wkx_dev *wd = container_of(work, struct wkx_dev, calib);

	wd->calib_value = inb(wd->io + WKX_REG_DATA) - 0x80;
	wd->calib_ready = 1;
	wake_up(&wd->calib_wait);
}

static int wkx_command(struct wkx_dev *wd, u8 cmd)
{
	wd->state = WKX_BUSY;
	outb(cmd, wd->io + WKX_REG_CMD);
	sleep_on(&wd->cmd_wait);	/* expect: WQ001 fix=caveat */
	return inb(wd->io + WKX_REG_STAT);
}

static int wkx_settle(struct wkx_dev *wd)
{
	wd->settled = 0;
	mod_timer(&wd->settle, jiffies + HZ / 10);
	interruptible_sleep_on(&wd->settle_wait);	/* expect: WQ001 fix=caveat */
	return signal_pending(current) ? -ERESTARTSYS : 0;
}

static int wkx_calibration(struct wkx_dev *wd)
{
	wd->calib_ready = 0;
	schedule_work(&wd->calib);
	sleep_on(&wd->calib_wait);	/* expect: WQ001 fix=caveat */
	return wd->calib_value;
}

static void wkx_dma_drain(struct wkx_dev *wd)
{
	wd->dma_done = 0;
	outb(WKX_CMD_DMA, wd->io + WKX_REG_DMA);
	sleep_on(&wd->dma_wait);	/* expect: WQ001 fix=caveat */
}

static ssize_t wkx_read(struct file *file, char __user *buf, size_t count,
			loff_t *ppos)
{
	struct wkx_dev *wd = &wkx;
	u8 b;

	if (!wd->count && !wd->closing) {
		if (file->f_flags & O_NONBLOCK)
			return -EAGAIN;
		interruptible_sleep_on(&wd->read_wait);	/* expect: WQ001 fix=caveat */
		if (signal_pending(current))
			return -ERESTARTSYS;
	}
	if (!wd->count)
		return 0;
	wd->count--;
	b = inb(wd->io + WKX_REG_DATA);
	if (put_user(b, buf))
		return -EFAULT;
	return 1;
}

static int wkx_open(struct inode *inode, struct file *file)
{
	int ret;

	wkx.closing = 0;
	ret = wkx_command(&wkx, WKX_CMD_RESET);
	if (ret < 0)
		return ret;
	ret = wkx_settle(&wkx);
	if (ret)
		return ret;
	wkx_dma_drain(&wkx);
	return wkx_calibration(&wkx) < -100 ? -EIO : 0;
}

static int wkx_release(struct inode *inode, struct file *file)
{
	wkx.closing = 1;
	wake_up_interruptible(&wkx.read_wait);
	return 0;
}

static const struct file_operations wkx_fops = {
	.owner		= THIS_MODULE,
	.read		= wkx_read,
	.open		= wkx_open,
	.release	= wkx_release,
};

static int __init wkx_init(void)
{
	int ret;

	wkx.io = 0x300;
	wkx.irq = 5;
	init_waitqueue_head(&wkx.cmd_wait);
	init_waitqueue_head(&wkx.settle_wait);
	init_waitqueue_head(&wkx.calib_wait);
	init_waitqueue_head(&wkx.read_wait);
	init_waitqueue_head(&wkx.dma_wait);
	timer_setup(&wkx.settle, wkx_settle_timeout, 0);
	INIT_WORK(&wkx.calib, wkx_calibrate);
	ret = request_irq(wkx.irq, wkx_interrupt, 0, WKX_NAME, &wkx);
	if (ret)
		return ret;
	wkx_major = register_chrdev(0, WKX_NAME, &wkx_fops);
	if (wkx_major < 0) {
		free_irq(wkx.irq, &wkx);
		return wkx_major;
	}
	return 0;
}

static void __exit wkx_exit(void)
{
	unregister_chrdev(wkx_major, WKX_NAME);
	free_irq(wkx.irq, &wkx);
	del_timer_sync(&wkx.settle);
	cancel_work_sync(&wkx.calib);
}

module_init(wkx_init);
module_exit(wkx_exit);
MODULE_LICENSE("GPL");

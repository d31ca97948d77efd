// SPDX-License-Identifier: GPL-2.0-only
/*
 * qmx_pic.c -- the message channel of an invented NAS front-panel
 * controller.  One ioctl hands user space the panel's messages, woken
 * by this file's serial receive path, and the recycle bin's events,
 * which another file of the driver posts through the exported
 * qmx_recycle queue.  Both sleeps are in one function: the words of
 * each site speak of its own queue's wakers, so "a waker outside this
 * file" belongs to the recycle sleep only.
 */
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

#define QMX_GET_MESSAGE		0x5101
#define QMX_GET_RECYCLE		0x5102

struct qmx_recycle {
	wait_queue_head_t wait;
	int head, tail;
	int events[16];
};

struct qmx_recycle qmx_recycle;

static wait_queue_head_t qmx_msg_wait;
static int qmx_rx_head, qmx_rx_tail;
static unsigned char qmx_rx_buf[64];

void qmx_rx_byte(unsigned char c)
{
	qmx_rx_buf[qmx_rx_tail] = c;
	qmx_rx_tail = (qmx_rx_tail + 1) % sizeof(qmx_rx_buf);
	wake_up_interruptible(&qmx_msg_wait);
}

static long qmx_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	int val;

	switch (cmd) {
	case QMX_GET_MESSAGE:
		while (qmx_rx_head == qmx_rx_tail) {
			interruptible_sleep_on(&qmx_msg_wait);	/* expect: WQ001 fix=converted */
			if (signal_pending(current))
				return -ERESTARTSYS;
		}
		val = qmx_rx_buf[qmx_rx_head];
		qmx_rx_head = (qmx_rx_head + 1) % sizeof(qmx_rx_buf);
		break;
	case QMX_GET_RECYCLE:
		while (qmx_recycle.head == qmx_recycle.tail) {
			interruptible_sleep_on(&qmx_recycle.wait);	/* expect: WQ001 fix=converted */
			if (signal_pending(current))
				return -ERESTARTSYS;
		}
		val = qmx_recycle.events[qmx_recycle.head];
		qmx_recycle.head = (qmx_recycle.head + 1) % 16;
		break;
	default:
		return -EINVAL;
	}
	return put_user(val, (int __user *)arg);
}

void qmx_setup(void)
{
	init_waitqueue_head(&qmx_msg_wait);
	init_waitqueue_head(&qmx_recycle.wait);
}

const struct file_operations qmx_fops = {
	.unlocked_ioctl = qmx_ioctl,
};

// SPDX-License-Identifier: GPL-2.0-only
/*
 * jsx_gameport.c -- JSX digital gameport joystick, a 2.4 character
 * driver checked for its own kernel.
 *
 * The read method copies whole event records; with none queued it waits
 * on the event queue with a 2.4 add_wait_queue() loop, the state set
 * before the test on every pass, and each pass also feeds the
 * interrupt-less port's sampled buttons into the queue (work between
 * the test and the sleep, so wait_event() cannot say it, and 2.4 has
 * no prepare_to_wait()).
 *
 * wqport fixture: the WQ003 twin for 2.4: the state is set before the
 * test, and with --target=2.4 this loop is the form the target has
 * (WQ002 has nothing better to offer there): nothing to report.
 * wqport-args: --target=2.4.20
 * wqport-fix-args: --target=2.4.20
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/uaccess.h>

#define JSX_QLEN	64

struct jsx_event {
	unsigned int time;
	short value;
	unsigned char type;
	unsigned char number;
};

struct jsx_dev {
	wait_queue_head_t wait;
	struct jsx_event q[JSX_QLEN];
	volatile int head, tail;
	unsigned int buttons;
};

static struct jsx_dev jsx;

extern unsigned int jsx_sample_buttons(struct jsx_dev *d);

static void jsx_feed(struct jsx_dev *d)
{
	unsigned int b = jsx_sample_buttons(d);

	if (b != d->buttons) {
		d->q[d->head].value = b;
		d->q[d->head].type = 1;
		d->head = (d->head + 1) % JSX_QLEN;
		d->buttons = b;
	}
}

static ssize_t jsx_read(struct file *file, char *buf, size_t count,
			loff_t *ppos)
{
	struct jsx_dev *d = &jsx;
	DECLARE_WAITQUEUE(wait, current);
	ssize_t ret = 0;

	if (count < sizeof(struct jsx_event))
		return -EINVAL;

	add_wait_queue(&d->wait, &wait);
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (d->head != d->tail)
			break;
		if (file->f_flags & O_NONBLOCK) {
			ret = -EAGAIN;
			break;
		}
		if (signal_pending(current)) {
			ret = -ERESTARTSYS;
			break;
		}
		jsx_feed(d);
		schedule_timeout(HZ / 50);
	}
	set_current_state(TASK_RUNNING);
	remove_wait_queue(&d->wait, &wait);
	if (ret)
		return ret;

	while (d->head != d->tail && ret + sizeof(struct jsx_event) <= count) {
		if (copy_to_user(buf + ret, &d->q[d->tail],
				 sizeof(struct jsx_event)))
			return -EFAULT;
		d->tail = (d->tail + 1) % JSX_QLEN;
		ret += sizeof(struct jsx_event);
	}
	return ret;
}

void jsx_timer_event(struct jsx_dev *d, struct jsx_event *ev)
{
	d->q[d->head] = *ev;
	d->head = (d->head + 1) % JSX_QLEN;
	wake_up_interruptible(&d->wait);
}

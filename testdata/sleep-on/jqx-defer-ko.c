// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: a deferred-work demonstration device in the style of
 * the 2.4-2.6 "jiq" teaching drivers.  Each read queues a piece of
 * deferred work (a work item, a tasklet, a timer, a delayed work) that
 * prints into a buffer and wakes the reader, and the reader sleeps with
 * the sleep_on() family right after starting it.  Queued only at the
 * sleep, the reader loses the wake-up when the work runs first.  Every
 * waker is jqx_print(), which adds to d->len before its wake-up, and
 * the reader clears d->len before it starts the work: the condition
 * 'd->len' is proven, and the work-item and timer reads become
 * wait_event*(d->wait, d->len) (issue 32); the tasklet read drops the
 * result of an interruptible wait with nothing testing it after, so it
 * keeps the in-place form, queued before the call that starts the work.
 * The delayed-work read tests the timed sleep's result against 0 only,
 * which wait_event_interruptible_timeout() answers as the old call did:
 * it becomes that, in the if.  The remaining jiffies returned as they
 * are keep their sleep, in place.
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/jiffies.h>
#include <linux/sched.h>
#include <linux/timer.h>
#include <linux/uaccess.h>
#include <linux/wait.h>
#include <linux/workqueue.h>

#define JQX_BUFSZ	256
#define JQX_DELAY	(HZ / 10)

struct jqx_dev {
	char buf[JQX_BUFSZ];
	size_t len;
	unsigned long stamp;
	wait_queue_head_t wait;
	struct work_struct work;
	struct delayed_work dwork;
	struct tasklet_struct tasklet;
	struct timer_list timer;
};

static struct jqx_dev jqx;

static void jqx_print(struct jqx_dev *d, const char *who)
{
	d->len += scnprintf(d->buf + d->len, JQX_BUFSZ - d->len,
			    "%9lu %s\n", jiffies - d->stamp, who);
	wake_up_interruptible(&d->wait);
}

static void jqx_work_fn(struct work_struct *w)
{
	jqx_print(container_of(w, struct jqx_dev, work), "work");
}

static void jqx_dwork_fn(struct work_struct *w)
{
	jqx_print(container_of(w, struct jqx_dev, dwork.work), "delayed");
}

static void jqx_tasklet_fn(unsigned long data)
{
	jqx_print((struct jqx_dev *)data, "tasklet");
}

static void jqx_timer_fn(struct timer_list *t)
{
	struct jqx_dev *d = from_timer(d, t, timer);

	jqx_print(d, "timer");
}

static ssize_t jqx_copy(struct jqx_dev *d, char __user *ubuf, size_t count)
{
	if (count > d->len)
		count = d->len;
	if (copy_to_user(ubuf, d->buf, count))
		return -EFAULT;
	d->len = 0;
	return count;
}

static ssize_t jqx_read_work(struct file *file, char __user *ubuf,
			     size_t count, loff_t *ppos)
{
	struct jqx_dev *d = &jqx;

	d->len = 0;
	d->stamp = jiffies;
	schedule_work(&d->work);
	interruptible_sleep_on(&d->wait);	/* expect: WQ001 fix=caveat */
	if (signal_pending(current))
		return -ERESTARTSYS;
	return jqx_copy(d, ubuf, count);
}

static ssize_t jqx_read_tasklet(struct file *file, char __user *ubuf,
				size_t count, loff_t *ppos)
{
	struct jqx_dev *d = &jqx;

	d->len = 0;
	d->stamp = jiffies;
	tasklet_schedule(&d->tasklet);
	pr_debug("jqx: tasklet queued, sleeping\n");
	interruptible_sleep_on(&d->wait);	/* expect: WQ001 fix=converted */
	return jqx_copy(d, ubuf, count);
}

static ssize_t jqx_read_timer(struct file *file, char __user *ubuf,
			      size_t count, loff_t *ppos)
{
	struct jqx_dev *d = &jqx;

	d->len = 0;
	d->stamp = jiffies;
	mod_timer(&d->timer, jiffies + JQX_DELAY);
	sleep_on(&d->wait);	/* expect: WQ001 fix=caveat */
	return jqx_copy(d, ubuf, count);
}

static ssize_t jqx_read_delayed(struct file *file, char __user *ubuf,
				size_t count, loff_t *ppos)
{
	struct jqx_dev *d = &jqx;

	d->len = 0;
	d->stamp = jiffies;
	schedule_delayed_work(&d->dwork, JQX_DELAY);
	if (!interruptible_sleep_on_timeout(&d->wait, 2 * HZ))	/* expect: WQ001 fix=caveat */
		return -ETIMEDOUT;
	return jqx_copy(d, ubuf, count);
}

/* how long the last reader still had to wait: for the /proc summary */
static long jqx_wait_left(struct jqx_dev *d, long timeout)
{
	return interruptible_sleep_on_timeout(&d->wait, timeout);	/* expect: WQ001 fix=keeprace */
}

static ssize_t jqx_read_poll(struct file *file, char __user *ubuf,
			     size_t count, loff_t *ppos)
{
	struct jqx_dev *d = &jqx;

	if (!d->len && jqx_wait_left(d, HZ) > 0 && signal_pending(current))
		return -ERESTARTSYS;
	return jqx_copy(d, ubuf, count);
}

static const struct file_operations jqx_fops[] = {
	{ .owner = THIS_MODULE, .read = jqx_read_work },
	{ .owner = THIS_MODULE, .read = jqx_read_tasklet },
	{ .owner = THIS_MODULE, .read = jqx_read_timer },
	{ .owner = THIS_MODULE, .read = jqx_read_delayed },
	{ .owner = THIS_MODULE, .read = jqx_read_poll },
};

static int jqx_major[ARRAY_SIZE(jqx_fops)];

static int __init jqx_init(void)
{
	int i;

	init_waitqueue_head(&jqx.wait);
	INIT_WORK(&jqx.work, jqx_work_fn);
	INIT_DELAYED_WORK(&jqx.dwork, jqx_dwork_fn);
	tasklet_init(&jqx.tasklet, jqx_tasklet_fn, (unsigned long)&jqx);
	timer_setup(&jqx.timer, jqx_timer_fn, 0);
	for (i = 0; i < ARRAY_SIZE(jqx_fops); i++) {
		jqx_major[i] = register_chrdev(0, "jqx", &jqx_fops[i]);
		if (jqx_major[i] < 0)
			goto fail;
	}
	return 0;
fail:
	while (i--)
		unregister_chrdev(jqx_major[i], "jqx");
	return -EBUSY;
}

static void __exit jqx_exit(void)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(jqx_fops); i++)
		unregister_chrdev(jqx_major[i], "jqx");
	del_timer_sync(&jqx.timer);
	tasklet_kill(&jqx.tasklet);
	cancel_work_sync(&jqx.work);
	cancel_delayed_work_sync(&jqx.dwork);
}

module_init(jqx_init);
module_exit(jqx_exit);
MODULE_LICENSE("GPL");

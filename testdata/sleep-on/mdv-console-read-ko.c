// SPDX-License-Identifier: GPL-2.0-only
/*
 * mdv: the debug console of an invented board's serial controller.  A
 * read sleeps once when the receive ring is empty; the count it tests is
 * a local copy, declared with others on one line (`int retval, once,
 * real;`), and the timer that fills the ring wakes the reader.  A copy
 * taken before the sleep is no condition a wait_event*() may test.
 */
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/timer.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

static DECLARE_WAIT_QUEUE_HEAD(mdv_rx_wq);
static char mdv_ring[256];
static unsigned int mdv_head, mdv_tail;

static unsigned int mdv_ring_len(void)
{
	return (mdv_head - mdv_tail) & 255;
}

void mdv_rx_timer(struct timer_list *t)
{
	if (mdv_ring_len() < 255)
		mdv_ring[mdv_head++ & 255] = 'x';
	wake_up_interruptible(&mdv_rx_wq);
}

static ssize_t mdv_console_read(struct file *filp, char __user *buf,
				size_t count, loff_t *f_pos)
{
	int retval, once, real;

	real = min_t(size_t, mdv_ring_len(), count);
	if (!real) {
		interruptible_sleep_on(&mdv_rx_wq);	/* expect: WQ001 fix=keeprace */
		real = min_t(size_t, mdv_ring_len(), count);
	}
	retval = real;
	while (real) {
		once = 1;
		if (copy_to_user(buf, &mdv_ring[mdv_tail++ & 255], once))
			return -EFAULT;
		buf += once;
		real -= once;
	}
	return retval;
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * lbx_fifo.c -- the read side of an invented beam-position monitor's
 * sample FIFO, written for 2.6.16: its entry is declared with the old
 * type name wait_queue_t (WQ012) and made with init_waitqueue_entry().
 * The in-place rewrite keeps that declaration and makes the entry with
 * init_wait(); for the 6.1 target the result builds only once the type
 * is renamed wait_queue_entry_t, and the words must say so.
 * wqport-fix-test: no-kbuild (wait_queue_t is gone since 4.13)
 * wqport-test: shim-only (wait_queue_t does not exist in 6.1 headers)
 */
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>

struct lbx_pipe {
	struct mutex sem;
	wait_queue_head_t wait;
	int count;
};

void lbx_fifo_put(struct lbx_pipe *p)
{
	p->count++;
	wake_up_interruptible(&p->wait);
}

ssize_t lbx_fifo_read(struct lbx_pipe *p, struct file *file)
{
	wait_queue_t wait;	/* expect: WQ012 */
	ssize_t ret = 0;

	if (mutex_lock_interruptible(&p->sem))
		return -ERESTARTSYS;
	if (!p->count) {
		if (file->f_flags & O_NONBLOCK) {
			ret = -EAGAIN;
			goto out;
		}
		init_waitqueue_entry(&wait, current);
		add_wait_queue(&p->wait, &wait);	/* expect: WQ002 fix=converted */
		for (;;) {
			set_current_state(TASK_INTERRUPTIBLE);
			if (p->count)
				break;
			if (!signal_pending(current)) {
				mutex_unlock(&p->sem);
				schedule();
				mutex_lock(&p->sem);
				continue;
			}
			ret = -ERESTARTSYS;
			break;
		}
		set_current_state(TASK_RUNNING);
		remove_wait_queue(&p->wait, &wait);
		if (ret)
			goto out;
	}
	p->count--;
	ret = 1;
out:
	mutex_unlock(&p->sem);
	return ret;
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture (issue 41): a serial port's open() waits for the port
 * to be free.  It tests the user count under the port's mutex, queues
 * itself and sets its state before it drops the mutex, and the release
 * drops the count with an atomic and wakes, with no lock: a wake-up is
 * lost when the release runs between the test and the state change,
 * in the original and in the rewrite: the mutex the sleeper holds does
 * not exclude a waker that does not take it.
 */
#include <linux/atomic.h>
#include <linux/errno.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>

struct mtn_port {
	struct mutex lock;
	wait_queue_head_t open_wait;
	atomic_t users;
};

static struct mtn_port mtn_port;

int mtn_port_open(struct mtn_port *port)
{
	DECLARE_WAITQUEUE(wait, current);
	int err = 0;

	if (mutex_lock_interruptible(&port->lock))
		return -ERESTARTSYS;
	add_wait_queue(&port->open_wait, &wait);	/* expect: WQ002 fix=keeprace */
	while (atomic_read(&port->users)) {
		set_current_state(TASK_INTERRUPTIBLE);
		mutex_unlock(&port->lock);
		schedule();
		mutex_lock(&port->lock);
		if (signal_pending(current)) {
			err = -ERESTARTSYS;
			break;
		}
	}
	__set_current_state(TASK_RUNNING);
	remove_wait_queue(&port->open_wait, &wait);
	if (!err)
		atomic_inc(&port->users);
	mutex_unlock(&port->lock);
	return err;
}

void mtn_port_release(struct mtn_port *port)
{
	atomic_dec(&port->users);
	wake_up(&port->open_wait);
}

static int __init mtn_init(void)
{
	mutex_init(&mtn_port.lock);
	init_waitqueue_head(&mtn_port.open_wait);
	return 0;
}

module_init(mtn_init);
MODULE_LICENSE("GPL");

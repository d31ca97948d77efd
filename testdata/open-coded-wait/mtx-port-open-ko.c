// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture (issue 41): a serial port's open() waits for the port
 * to be free.  It tests the user count under the port's mutex, queues
 * itself and sets its state before it drops the mutex, and the release
 * changes the count and wakes with the same mutex held: no wake-up is
 * lost, in the original or in the rewrite.  The model must read the
 * mutex as a lock (mutex_lock_interruptible() too, whose failure path
 * returns without it).
 */
#include <linux/errno.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>

struct mtx_port {
	struct mutex lock;
	wait_queue_head_t open_wait;
	int users;
};

static struct mtx_port mtx_port;

int mtx_port_open(struct mtx_port *port)
{
	DECLARE_WAITQUEUE(wait, current);
	int err = 0;

	if (mutex_lock_interruptible(&port->lock))
		return -ERESTARTSYS;
	add_wait_queue(&port->open_wait, &wait);	/* expect: WQ002 fix=converted */
	while (port->users) {
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
		port->users++;
	mutex_unlock(&port->lock);
	return err;
}

void mtx_port_release(struct mtx_port *port)
{
	mutex_lock(&port->lock);
	port->users--;
	wake_up(&port->open_wait);
	mutex_unlock(&port->lock);
}

static int __init mtx_init(void)
{
	mutex_init(&mtx_port.lock);
	init_waitqueue_head(&mtx_port.open_wait);
	return 0;
}

module_init(mtx_init);
MODULE_LICENSE("GPL");

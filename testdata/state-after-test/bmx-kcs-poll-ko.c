// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: a management controller's polling thread.  Each pass
 * runs the state machine under the port lock, then picks how to wait by
 * its result; when the machine is idle and nobody watches, the thread
 * sets TASK_INTERRUPTIBLE in an else arm and sleeps until the interrupt
 * handler or the stop wakes it.  kthread_should_stop() is tested in the
 * while loop's head, before the state change (WQ003), but the state
 * change is nested in an if/else of the loop's body, after other work
 * of the pass: the re-test form, which repeats a loop's own test right
 * after the state change, applies only where the state change is a
 * statement of that loop's body, so the site is refused and the words
 * say so (not that the sleep happens once, nor that there is no loop).
 * wqport-cocci: beyond-standalone (a state change nested in an if/else of
 * the loop's body, found by WQ003's path analysis and refused;
 * state-after-test.cocci's report rule reads wait loops whose body is
 * the sleep)
 */
#include <linux/module.h>
#include <linux/delay.h>
#include <linux/interrupt.h>
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/spinlock.h>

enum bmx_result { BMX_CALL_NOW, BMX_CALL_DELAY, BMX_IDLE, BMX_ERROR };

struct bmx_port {
	spinlock_t lock;
	struct task_struct *thread;
	atomic_t watchers;
	int pending;
};

static enum bmx_result bmx_event(struct bmx_port *port)
{
	if (port->pending) {
		port->pending--;
		return port->pending ? BMX_CALL_NOW : BMX_CALL_DELAY;
	}
	return BMX_IDLE;
}

static int bmx_thread(void *data)
{
	struct bmx_port *port = data;
	enum bmx_result res;
	unsigned long flags;

	while (!kthread_should_stop()) {
		spin_lock_irqsave(&port->lock, flags);
		res = bmx_event(port);
		spin_unlock_irqrestore(&port->lock, flags);

		if (res == BMX_CALL_NOW) {
			continue;
		} else if (res == BMX_CALL_DELAY) {
			usleep_range(100, 200);
		} else if (res == BMX_IDLE) {
			if (atomic_read(&port->watchers)) {
				schedule_timeout_interruptible(100);
			} else {
				__set_current_state(TASK_INTERRUPTIBLE);	/* expect: WQ003 fix=refused:one-shot */
				schedule();
			}
		} else {
			schedule_timeout_interruptible(1);
		}
	}
	return 0;
}

static irqreturn_t bmx_irq(int irq, void *data)
{
	struct bmx_port *port = data;

	spin_lock(&port->lock);
	port->pending++;
	spin_unlock(&port->lock);
	wake_up_process(port->thread);
	return IRQ_HANDLED;
}

int bmx_port_start(struct bmx_port *port, int irq)
{
	spin_lock_init(&port->lock);
	port->thread = kthread_run(bmx_thread, port, "kbmx");
	if (IS_ERR(port->thread))
		return PTR_ERR(port->thread);
	return request_irq(irq, bmx_irq, 0, "bmx", port);
}
EXPORT_SYMBOL_GPL(bmx_port_start);

MODULE_LICENSE("GPL");

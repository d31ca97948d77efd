// SPDX-License-Identifier: GPL-2.0-only
/*
 * hdx_bus.c -- command/response rings of the HDX audio bus controller.
 *
 * wqport fixture, after sound/hda/hdac_controller.c of Linux 6.1
 * (snd_hdac_bus_get_response()): the response waiter queues itself only
 * when the bus is not polled, and removes itself under the same test on
 * both ways out.  `bus->polling_mode` is set when the bus is probed and
 * nothing in this file writes it, so a path that skips the finish_wait()
 * never ran the prepare_to_wait().
 * wqport-args: --select=WQ006
 */
#include <linux/module.h>
#include <linux/delay.h>
#include <linux/jiffies.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/wait.h>

struct hdx_bus {
	spinlock_t reg_lock;
	wait_queue_head_t rirb_wq;
	bool polling_mode;
	unsigned int cmds[16];
	unsigned int res[16];
};

extern void hdx_bus_update_rirb(struct hdx_bus *bus);

int hdx_bus_get_response(struct hdx_bus *bus, unsigned int addr,
			 unsigned int *res)
{
	unsigned long timeout;
	wait_queue_entry_t wait;

	init_wait_entry(&wait, 0);
	timeout = jiffies + msecs_to_jiffies(1000);
	for (;;) {
		spin_lock_irq(&bus->reg_lock);
		if (!bus->polling_mode)
			prepare_to_wait(&bus->rirb_wq, &wait,
					TASK_UNINTERRUPTIBLE);
		if (bus->polling_mode)
			hdx_bus_update_rirb(bus);
		if (!bus->cmds[addr]) {
			if (res)
				*res = bus->res[addr];
			if (!bus->polling_mode)
				finish_wait(&bus->rirb_wq, &wait);
			spin_unlock_irq(&bus->reg_lock);
			return 0;
		}
		spin_unlock_irq(&bus->reg_lock);
		if (time_after(jiffies, timeout))
			break;
		if (!bus->polling_mode)
			schedule_timeout(msecs_to_jiffies(2));
		else
			udelay(10);
	}
	if (!bus->polling_mode)
		finish_wait(&bus->rirb_wq, &wait);
	return -EIO;
}
EXPORT_SYMBOL(hdx_bus_get_response);

MODULE_LICENSE("GPL");

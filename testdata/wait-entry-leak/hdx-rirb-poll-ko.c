// SPDX-License-Identifier: GPL-2.0-only
/*
 * hdx_bus.c -- command/response rings of the HDX audio bus controller.
 *
 * wqport fixture: hdx-rirb-poll-ok.c where the waiter itself falls
 * back to polling when the controller does not answer (as the 6.1
 * azx driver does, in another file).  The entry was queued while the
 * bus was not polled; after the switch the exit tests say "polled" and
 * skip finish_wait(): the entry stays on bus->rirb_wq.
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
			return 0;	/* expect: WQ006 */
		}
		spin_unlock_irq(&bus->reg_lock);
		if (time_after(jiffies, timeout)) {
			if (bus->polling_mode)
				break;
			/* no interrupt came: poll from now on */
			bus->polling_mode = true;
			timeout = jiffies + msecs_to_jiffies(1000);
			continue;
		}
		if (!bus->polling_mode)
			schedule_timeout(msecs_to_jiffies(2));
		else
			udelay(10);
	}
	if (!bus->polling_mode)
		finish_wait(&bus->rirb_wq, &wait);
	return -EIO;	/* the same leak, a note of the finding above */
}
EXPORT_SYMBOL(hdx_bus_get_response);

MODULE_LICENSE("GPL");

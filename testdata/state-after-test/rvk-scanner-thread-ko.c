// SPDX-License-Identifier: GPL-2.0-only
/*
 * rvk_mon.c -- door and barcode monitor threads of the RVK-2 changer.
 *
 * wqport fixture: kernel threads that test kthread_should_stop() before
 * setting the state and do lose a wake-up on Linux 6.1.  The door
 * monitor sleeps TASK_UNINTERRUPTIBLE, where TIF_NOTIFY_SIGNAL does not
 * end the sleep, so kthread_stop() in between is lost.  The barcode
 * thread sleeps TASK_INTERRUPTIBLE, so the stop cannot be missed, but
 * its timer sets bc_pending and wakes it: that wake-up is lost, and the
 * finding must name bc_pending, not the stop test.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/timer.h>

struct rvk_mon {
	struct task_struct *door_thread;
	struct task_struct *bc_thread;
	struct timer_list bc_timer;
	int bc_pending;
	int door_open;
};

extern void rvk_read_door(struct rvk_mon *m);
extern void rvk_read_barcodes(struct rvk_mon *m);

static int rvk_door_thread(void *data)
{
	struct rvk_mon *m = data;

	rvk_read_door(m);
	while (!kthread_should_stop()) {
		set_current_state(TASK_UNINTERRUPTIBLE);	/* expect: WQ003 */
		schedule();
	}
	return 0;
}

static int rvk_bc_thread(void *data)
{
	struct rvk_mon *m = data;

	while (!kthread_should_stop()) {
		set_current_state(TASK_INTERRUPTIBLE);	/* expect: WQ003 */
		schedule();
		if (m->bc_pending) {
			m->bc_pending = 0;
			rvk_read_barcodes(m);
		}
	}
	return 0;
}

static void rvk_bc_tick(struct timer_list *t)
{
	struct rvk_mon *m = from_timer(m, t, bc_timer);

	m->bc_pending = 1;
	wake_up_process(m->bc_thread);
	mod_timer(&m->bc_timer, jiffies + HZ);
}

int rvk_mon_start(struct rvk_mon *m)
{
	m->door_thread = kthread_run(rvk_door_thread, m, "rvk-door");
	if (IS_ERR(m->door_thread))
		return PTR_ERR(m->door_thread);
	m->bc_thread = kthread_run(rvk_bc_thread, m, "rvk-bc");
	if (IS_ERR(m->bc_thread)) {
		kthread_stop(m->door_thread);
		return PTR_ERR(m->bc_thread);
	}
	timer_setup(&m->bc_timer, rvk_bc_tick, 0);
	mod_timer(&m->bc_timer, jiffies + HZ);
	return 0;
}

void rvk_mon_stop(struct rvk_mon *m)
{
	del_timer_sync(&m->bc_timer);
	kthread_stop(m->bc_thread);
	kthread_stop(m->door_thread);
}

EXPORT_SYMBOL_GPL(rvk_mon_start);
EXPORT_SYMBOL_GPL(rvk_mon_stop);
MODULE_LICENSE("GPL");

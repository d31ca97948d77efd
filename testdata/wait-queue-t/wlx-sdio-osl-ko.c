// SPDX-License-Identifier: GPL-2.0-only
/*
 * wlx_sdio.c -- bus layer of the WLX-11n SDIO wifi chip, as the vendor
 * SDK shipped it for 2.6.18 to 3.10.
 *
 * The SDK reaches the kernel through wlx_osl.h: its own typedef of the
 * wait entry, OSL_WAIT() for a timed wait.  The control path waits for
 * the firmware's response with OSL_WAIT() and tests what it got; the
 * watchdog thread parks itself on the bus queue with a DECLARE_WAITQUEUE()
 * entry and prepare_to_wait(); the debug dump walks the queue's
 * task_list and reads current->state to print who sleeps.
 *
 * wqport fixture: the entry type and .task_list (WQ012), the
 * current->state reads (WQ011), and DECLARE_WAITQUEUE() with
 * prepare_to_wait() (WQ008) are reported on a 3.x target too, since
 * they stop building later; the OSL_WAIT() result is used and is clean.
 * No wqport fix site: none of these rules has a conversion.
 * wqport-test: shim-only (wait_queue_t does not exist in 6.1 headers)
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/kthread.h>
#include <linux/list.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/spinlock.h>
#include <linux/errno.h>
#include "wlx-osl.h"

struct wlx_bus {
	osl_waitq_t ctrl_wait;
	osl_waitq_t dpc_wait;
	volatile int ctrl_resp;
	volatile int dpc_pending;
	spinlock_t lock;
	struct task_struct *watchdog;
};

extern int wlx_sdio_send(struct wlx_bus *bus, const void *msg, int len);
extern void wlx_dpc(struct wlx_bus *bus);

static int wlx_ctrl_req(struct wlx_bus *bus, const void *msg, int len)
{
	int err;

	bus->ctrl_resp = 0;
	err = wlx_sdio_send(bus, msg, len);
	if (err)
		return err;
	if (OSL_WAIT(bus->ctrl_wait, bus->ctrl_resp, HZ * 2) <= 0)
		return -ETIMEDOUT;
	return 0;
}

static int wlx_watchdog_thread(void *data)
{
	struct wlx_bus *bus = data;
	DECLARE_WAITQUEUE(wait, current);	/* expect: WQ008 */

	while (!kthread_should_stop()) {
		prepare_to_wait(&bus->dpc_wait, &wait, TASK_INTERRUPTIBLE);
		if (!bus->dpc_pending && !kthread_should_stop())
			schedule_timeout(HZ / 10);
		finish_wait(&bus->dpc_wait, &wait);
		if (bus->dpc_pending) {
			bus->dpc_pending = 0;
			wlx_dpc(bus);
		}
	}
	return 0;
}

static void wlx_dump_waiters(struct wlx_bus *bus)
{
	osl_waiter_t *w;	/* expect: WQ012 */
	unsigned long flags;

	spin_lock_irqsave(&bus->ctrl_wait.lock, flags);
	list_for_each_entry(w, &bus->ctrl_wait.task_list, task_list) {	/* expect: WQ012 */
		struct task_struct *t = w->private;

		printk(KERN_DEBUG "wlx: waiter %p state %ld\n", t, t->state);	/* expect: WQ011 */
	}
	spin_unlock_irqrestore(&bus->ctrl_wait.lock, flags);
	if (current->state != TASK_RUNNING)	/* expect: WQ011 */
		printk(KERN_WARNING "wlx: dump from a sleeping context\n");
}

static void wlx_isr(struct wlx_bus *bus, int resp)
{
	if (resp) {
		bus->ctrl_resp = 1;
		OSL_WAKE(&bus->ctrl_wait);
	} else {
		bus->dpc_pending = 1;
		OSL_WAKE(&bus->dpc_wait);
	}
}

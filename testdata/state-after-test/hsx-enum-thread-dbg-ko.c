// SPDX-License-Identifier: GPL-2.0-only
/*
 * hsx_core.c -- ENUM# event thread of the HSX-4 hot-swap backplane.
 *
 * wqport-args: --target=6.1
 * wqport fixture: a kernel thread sets TASK_INTERRUPTIBLE at the top of its
 * loop and tests kthread_should_stop() only after it wakes; the ENUM# IRQ
 * wakes it with wake_up_process().  On 6.1 the stop cannot be missed, but
 * the IRQ's wake-up between the test and set_current_state() is lost, and
 * the finding names hsx_intr().  The debug macro hsx_dbg()'s `if
 * (hsx_debug)` in a `do { } while (0)` guards a printk, not what the thread
 * waits for: it must not make the finding a plainer one (6.1's cpci_hotplug).
 * wqport-cocci: beyond-standalone (the test follows the sleep: one pass of
 * the body, all a semantic patch reads, has no test before the state change)
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/interrupt.h>
#include <linux/delay.h>

static int hsx_debug;

#define hsx_dbg(fmt, arg...)						\
	do {								\
		if (hsx_debug)						\
			printk(KERN_DEBUG "hsx: " fmt "\n", ## arg);	\
	} while (0)

static struct task_struct *hsx_thread;
static int hsx_irq;

extern int hsx_scan_slots(void);
extern void hsx_enum_irq(int on);

static int hsx_event_thread(void *data)
{
	int rc;

	hsx_dbg("event thread started");
	while (1) {
		hsx_dbg("event thread sleeping");
		set_current_state(TASK_INTERRUPTIBLE);	/* expect: WQ003 */
		schedule();
		if (kthread_should_stop())
			break;
		do {
			rc = hsx_scan_slots();
			if (rc > 0)
				msleep(500);	/* let user space see the removal */
		} while (rc > 0 && !kthread_should_stop());
		if (kthread_should_stop())
			break;
		hsx_dbg("re-enabling ENUM#");
		hsx_enum_irq(1);
	}
	return 0;
}

static irqreturn_t hsx_intr(int irq, void *dev_id)
{
	hsx_enum_irq(0);
	wake_up_process(hsx_thread);
	return IRQ_HANDLED;
}

int hsx_start(int irq)
{
	int err;

	hsx_thread = kthread_run(hsx_event_thread, NULL, "hsx_event");
	if (IS_ERR(hsx_thread))
		return PTR_ERR(hsx_thread);
	err = request_irq(irq, hsx_intr, IRQF_SHARED, "hsx", &hsx_thread);
	if (err) {
		kthread_stop(hsx_thread);
		return err;
	}
	hsx_irq = irq;
	return 0;
}

void hsx_stop(void)
{
	free_irq(hsx_irq, &hsx_thread);
	kthread_stop(hsx_thread);
}

EXPORT_SYMBOL_GPL(hsx_start);
EXPORT_SYMBOL_GPL(hsx_stop);
MODULE_LICENSE("GPL");

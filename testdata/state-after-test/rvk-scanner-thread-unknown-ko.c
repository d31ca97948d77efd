// SPDX-License-Identifier: GPL-2.0-only
/*
 * rvk_scan.c -- background scanner thread of the RVK-2 media changer.
 * wqport-test: shim-only (6.1 headers: 6.1, no bug)
 * wqport fixture: rvk-scanner-thread-ok.c with no --target, standing
 * alone: no kernel tree Makefile above it, no build flags.  Which
 * kernel it is for is not known, so the 6.1 fact that makes the sleep
 * safe (kthread_stop() sets TIF_NOTIFY_SIGNAL) does not apply: before
 * 6.1 the stop that comes between the kthread_should_stop() test and
 * set_current_state() is lost and kthread_stop() waits for ever.  The
 * finding stays, with a note naming 6.1 and --target.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/slab.h>

struct rvk_changer {
	struct task_struct *scan_thread;
	int slots;
	int loaded;
};

extern int rvk_probe_slot(struct rvk_changer *rc, int slot);

static int rvk_scan_thread(void *data)
{
	struct rvk_changer *rc = data;
	int slot;

	for (slot = 0; slot < rc->slots; slot++)
		if (rvk_probe_slot(rc, slot) > 0)
			rc->loaded++;

	/* nothing left to do: stay until rvk_remove() stops us */
	while (!kthread_should_stop()) {
		set_current_state(TASK_INTERRUPTIBLE);	/* expect: WQ003 fix=refused:no-patch */
		schedule();
	}
	return 0;
}

int rvk_start_scan(struct rvk_changer *rc)
{
	rc->scan_thread = kthread_run(rvk_scan_thread, rc, "rvk-scan");
	return PTR_ERR_OR_ZERO(rc->scan_thread);
}

void rvk_remove(struct rvk_changer *rc)
{
	kthread_stop(rc->scan_thread);
}

EXPORT_SYMBOL_GPL(rvk_start_scan);
EXPORT_SYMBOL_GPL(rvk_remove);
MODULE_LICENSE("GPL");

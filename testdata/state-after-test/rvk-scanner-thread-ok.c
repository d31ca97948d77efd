// SPDX-License-Identifier: GPL-2.0-only
/*
 * rvk_scan.c -- background scanner thread of the RVK-2 media changer.
 *
 * wqport fixture: kernel-thread sleeps that test kthread_should_stop()
 * before setting TASK_INTERRUPTIBLE and lose nothing on Linux 6.1:
 * kthread_stop() sets TIF_NOTIFY_SIGNAL before it wakes the thread, so
 * schedule() in TASK_INTERRUPTIBLE does not sleep once the stop has
 * begun.  Nothing else in the file wakes the thread: after its scan it
 * stays until it is stopped, in a loop that only sleeps, so another
 * wake-up would only run the stop test again.
 * rvk-scanner-thread-60-ko.c is this file checked for 6.0, where the
 * stop can be missed.  It is checked for 6.1 here: standing alone, with
 * no kernel tree or build around it, the file's kernel is not known and
 * the finding stays, with a note (rvk-scanner-thread-unknown-ko.c).
 * wqport-args: --target=6.1
 * wqport-fix-args: --target=6.1
 *
 * wqport-cocci: beyond-standalone (safe on 6.1 only: kthread_stop() sets TIF_NOTIFY_SIGNAL there, a fact of the target kernel)
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
		set_current_state(TASK_INTERRUPTIBLE);
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

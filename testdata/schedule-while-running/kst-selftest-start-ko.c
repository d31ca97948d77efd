// SPDX-License-Identifier: GPL-2.0-only
/*
 * kst_selftest.c -- boot-time self test of the KST symbol cache.
 *
 * wqport fixture: the test thread waits for the cache (kst_cache.c) to
 * be filled with schedule_timeout() in TASK_RUNNING, which returns at once
 * (the WQ004 bug: the wait is a busy loop).  The init function creates
 * the thread with kthread_create() and starts it with wake_up_process():
 * that wake-up starts the thread, which has run none of its function
 * yet, so it wakes no sleep of kst_test_entry() and is no waker of it.
 * The fix writes schedule_timeout_uninterruptible().
 */
#include <linux/err.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/sched.h>

/* kst_cache.c: set once the boot-time fill is done */
extern bool kst_cache_ready;

static int kst_run_tests(void)
{
	pr_info("kst: cache lookups pass\n");
	return 0;
}

static int kst_test_entry(void *p)
{
	do {
		schedule_timeout(5 * HZ);	/* expect: WQ004 fix=converted */
	} while (!READ_ONCE(kst_cache_ready));

	return kst_run_tests();
}

static int __init kst_test_init(void)
{
	struct task_struct *t;

	t = kthread_create(kst_test_entry, NULL, "kst_test");
	if (IS_ERR(t))
		return PTR_ERR(t);
	kthread_bind(t, 0);
	wake_up_process(t);
	return 0;
}
late_initcall(kst_test_init);

MODULE_LICENSE("GPL");

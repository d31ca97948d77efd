// SPDX-License-Identifier: GPL-2.0-only
/*
 * Model unit test: every schedule starts from the same memory.  The
 * runner copies the writable data back before each schedule (or forks,
 * with -f): statics the tasks change, initialised or not, are as the
 * program started in each of the schedules the two tasks give.
 */
// wqv-test: in-process -e none
// wqv-test: forked -f -e none
#include <linux/sched.h>
#include <linux/spinlock.h>
#include "wqv-harness.h"

static spinlock_t lock;
static int runs;		/* .bss */
static int base = 7;		/* .data */

WQV_SETUP()
{
	spin_lock_init(&lock);
	WQV_CHECK(runs == 0 && base == 7);
}

WQV_TASK(a)
{
	spin_lock(&lock);
	runs++;
	base++;
	spin_unlock(&lock);
}

WQV_TASK(b)
{
	spin_lock(&lock);
	runs++;
	base++;
	spin_unlock(&lock);
	spin_lock(&lock);
	WQV_CHECK(runs <= 2 && base <= 9);
	spin_unlock(&lock);
}

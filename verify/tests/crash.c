// SPDX-License-Identifier: GPL-2.0-only
/*
 * Model unit test: a task that dereferences a NULL pointer ends its
 * schedule with the crash property, in-process (a signal handler takes
 * the run back to the explorer) as in a fork()ed child (-f).
 */
// wqv-test: in-process -e crash
// wqv-test: forked -f -e crash
#include <linux/sched.h>
#include "wqv-harness.h"

struct crx_dev {
	int status;
};

static struct crx_dev *crx_dev;	/* never set: the probe failed */

WQV_TASK(reader)
{
	set_current_state(TASK_RUNNING);
	WQV_CHECK(READ_ONCE(crx_dev->status) == 0);
}

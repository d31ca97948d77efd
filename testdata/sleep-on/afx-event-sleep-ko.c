// SPDX-License-Identifier: GPL-2.0-only
/*
 * afx_sleep.c -- the event sleep of an invented network file system's
 * kernel module, built for 2.2 and 2.4 from one source: its event's
 * queue is a wait_queue_head_t under the build's own AFX_LINUX24 and a
 * 2.2 `struct wait_queue *` in the #else.  That #else is the old
 * kernels' half of the driver's own compatibility test, not a
 * declaration the port must rewrite: the sleep is converted, not
 * refused as the 2.0-2.2 wait API.
 * wqport-fix-test: no-kbuild (AFX_LINUX24 comes from the module's build: without it the #else, 2.2's, does not build on 6.1, the original neither)
 */
#include <linux/sched.h>
#include <linux/wait.h>

struct afx_event {
	int seq;
#if defined(AFX_LINUX24)
	wait_queue_head_t cond;
#else
	struct wait_queue *cond;
#endif
};

void afx_wakeup(struct afx_event *evp)
{
	evp->seq++;
	wake_up(&evp->cond);
}

void afx_sleep(struct afx_event *evp)
{
	int seq = evp->seq;

	while (seq == evp->seq)
		interruptible_sleep_on(&evp->cond);	/* expect: WQ001 fix=converted */
}

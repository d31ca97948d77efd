// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: not every inactive branch is for old kernels.
 *
 * The same filesystem client's debugging code, under a CONFIG_ option
 * this configuration does not set: another configuration builds it, so
 * its current->state must still be reported, and so must a fallback
 * under an #if that tests no kernel version or API.
 * wqport-test: shim-only (current->state does not exist in 6.1 headers)
 */
#include <linux/version.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/wait.h>

#define NFX_LEGACY_SLEEP	1

struct nfx_call {
	wait_queue_head_t waitq;
	int done;
};

#ifdef CONFIG_NFX_DEBUG
static void nfx_debug_nap(void)
{
	current->state = TASK_UNINTERRUPTIBLE;	/* expect: WQ011 */
	schedule_timeout(HZ / 10);
}
#endif

void nfx_pause(void)
{
#if NFX_LEGACY_SLEEP
	current->state = TASK_INTERRUPTIBLE;	/* expect: WQ011 */
#else
	set_current_state(TASK_INTERRUPTIBLE);
#endif
	schedule_timeout(HZ);
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * vmx_poll.c -- the status poll of the VMX video mixer, a board driver
 * that still builds on 2.2: it names its kernel's generation once, from
 * the version, and tests that name where the APIs differ.  The 2.2 half
 * writes current->state itself, as 2.2 had no set_current_state().
 *
 * wqport fixture: a name the file defines under a test of
 * LINUX_VERSION_CODE is a version test too; the old half of a test of it
 * is never built on the kernels that renamed the field, so WQ011 is
 * silent there.  The compiled half sets the state with the helper.
 */
#include <linux/version.h>
#if LINUX_VERSION_CODE >= KERNEL_VERSION(2, 3, 0)
#define VMX_KERNEL_2_3
#endif
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/io.h>

struct vmx_mixer {
	void __iomem *regs;
};

int vmx_wait_vblank(struct vmx_mixer *mx)
{
	int tries = 20;

	while (!(readl(mx->regs) & 0x1) && --tries) {
#ifdef VMX_KERNEL_2_3
		set_current_state(TASK_UNINTERRUPTIBLE);
#else
		current->state = TASK_UNINTERRUPTIBLE;
#endif
		schedule_timeout(HZ / 50);
	}
	return tries ? 0 : -ETIMEDOUT;
}

MODULE_LICENSE("GPL");

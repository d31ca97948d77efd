// SPDX-License-Identifier: GPL-2.0-only
/*
 * qcx_tty.c -- modem status wait of the QCX multiport card, built for
 * 2.0 and 2.6 from one source, as out-of-tree drivers of the time were.
 *
 * wqport validation input (tools/validate-test.py, issue 30): the 2.0
 * half of the version test still sleeps with interruptible_sleep_on()
 * on a 2.0 `struct wait_queue *`.  qcx-compat20.rewrite converts that
 * half with prepare_to_wait() and an entry declared above the #if, as a
 * batch port did: no 2.0 kernel has prepare_to_wait(), so the branch no
 * longer builds anywhere, and the validation must refuse it.
 *
 * validate: qcx-compat20.rewrite unproven: 'prepare_to_wait()' at line 41 is in a branch for kernels before 2.2, which have no prepare_to_wait()
 * model: qcx-compat20.rewrite model: no lost wake-up in
 */
#include <linux/module.h>
#include <linux/version.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/wait.h>

struct qcx_port {
#if LINUX_VERSION_CODE < KERNEL_VERSION(2, 2, 0)
	struct wait_queue *msr_wait;
#else
	wait_queue_head_t msr_wait;
#endif
	int msr_changed;
};

void qcx_msr_irq(struct qcx_port *p)
{
	p->msr_changed = 1;
	wake_up_interruptible(&p->msr_wait);
}

int qcx_wait_msr(struct qcx_port *p)
{
#if LINUX_VERSION_CODE < KERNEL_VERSION(2, 2, 0)
	while (!p->msr_changed) {
		interruptible_sleep_on(&p->msr_wait);
		if (current->signal & ~current->blocked)
			return -EINTR;
	}
#else
	if (wait_event_interruptible(p->msr_wait, p->msr_changed))
		return -EINTR;
#endif
	p->msr_changed = 0;
	return 0;
}

MODULE_LICENSE("GPL");

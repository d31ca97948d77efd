// SPDX-License-Identifier: GPL-2.0-only
/*
 * cpx_fw.c -- firmware download of the CPX camera bridge, from a 2.6
 * vendor tree: the loader thread signals the completion when the image
 * is in, and probe waits for it on the completion's own queue with
 * sleep_on_timeout(), as some drivers did before wait_for_completion()
 * took a timeout.
 *
 * wqport fixture: complete() wakes the 'wait' of the completion it is
 * given, so the queue 'cpx->fw_done.wait' is woken in this file: the
 * check must not call the sleep a plain delay on a queue "nothing in
 * this file wakes", and the fix's words must not say so either.
 * wqport-fix-test: no-kbuild (a completion's wait is an swait queue since 5.6: the driver is for 2.6)
 * wqport-test: shim-only (the same: struct completion has no wait_queue_head_t in 6.1)
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/completion.h>
#include <linux/kthread.h>

struct cpx_dev {
	struct completion fw_done;
	int fw_ok;
};

static int cpx_fw_thread(void *arg)
{
	struct cpx_dev *cpx = arg;

	cpx->fw_ok = 1;
	complete(&cpx->fw_done);
	return 0;
}

int cpx_probe(struct cpx_dev *cpx)
{
	long left;

	init_completion(&cpx->fw_done);
	kthread_run(cpx_fw_thread, cpx, "cpx-fw");
	left = sleep_on_timeout(&cpx->fw_done.wait, 5 * HZ);	/* expect: WQ001 fix=keeprace */
	if (!left)
		return -ETIMEDOUT;
	return cpx->fw_ok ? 0 : -EIO;
}
EXPORT_SYMBOL(cpx_probe);

MODULE_LICENSE("GPL");

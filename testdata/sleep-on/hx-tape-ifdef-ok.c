// SPDX-License-Identifier: GPL-2.0-only
/*
 * hx_tape.c -- Hexa HX-250 QIC tape controller, after its 2.6 port.
 *
 * wqport fixture: every configuration is right.  The /proc reader, the
 * 2.4 and 2.6 halves of a LINUX_VERSION_CODE chain and the PCI reset
 * are all checked (with their branch forced on) and have nothing to
 * report; the sleep_on() loop under `#if 0` is dead code by convention
 * and is never checked.
 *
 * wqport-test: shim-only (linux/config.h is gone since 2.6.19)
 */
#include <linux/config.h>
#include <linux/module.h>
#include <linux/version.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/fs.h>
#include <linux/errno.h>

struct hx_tape {
	int			busy;
	int			status;
	int			irq_seen;
	wait_queue_head_t	cmd_wait;
	wait_queue_head_t	stat_wait;
};

#ifdef CONFIG_PROC_FS
static int hx_read_proc(char *page, char **start, off_t off, int count,
			int *eof, void *data)
{
	struct hx_tape *hx = data;

	if (wait_event_interruptible(hx->stat_wait, hx->status))
		return -ERESTARTSYS;
	*eof = 1;
	return sprintf(page, "status %#x\n", hx->status);
}
#endif /* CONFIG_PROC_FS */

#if LINUX_VERSION_CODE < KERNEL_VERSION(2,6,0)
static int hx_wait_cmd(struct hx_tape *hx)
{
	long left;

	left = wait_event_interruptible_timeout(hx->cmd_wait, !hx->busy, HZ);
	if (left < 0)
		return -EINTR;
	return left ? 0 : -ETIMEDOUT;
}
#else
static int hx_wait_cmd(struct hx_tape *hx)
{
	return wait_event_interruptible(hx->cmd_wait, !hx->busy);
}
#endif

#ifdef CONFIG_PCI
static int hx_pci_reset(struct hx_tape *hx)
{
	hx->irq_seen = 0;
	set_current_state(TASK_UNINTERRUPTIBLE);
	schedule_timeout(HZ);
	return hx->irq_seen ? 0 : -ENODEV;
}
#endif

#if 0
/* the old polling loop, kept for reference: never checked */
static void hx_poll_ready(struct hx_tape *hx)
{
	while (hx->busy)
		sleep_on(&hx->cmd_wait);
}
#endif

int hx_ioctl_wait(struct hx_tape *hx, unsigned int cmd)
{
	return cmd ? hx_wait_cmd(hx) : 0;
}

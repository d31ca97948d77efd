// SPDX-License-Identifier: GPL-2.0-only
/*
 * hx_tape.c -- Hexa HX-250 QIC tape controller, a driver carried from
 * 2.2 to 2.6 with version and configuration #ifdefs.
 *
 * wqport fixture: waits in whole functions that the configuration the
 * file is parsed with does not compile.  The /proc status reader under
 * CONFIG_PROC_FS, the 2.2 and 2.4 halves of a LINUX_VERSION_CODE chain,
 * and the PCI probe under CONFIG_PCI are checked with their branch
 * forced on.  The old polling code under `#if 0` is dead by convention
 * and is not checked.  wqport fix ports the CONFIG_PROC_FS reader
 * (porting converts every configuration's code; the site line names the
 * branch) and leaves the version branches for older kernels alone.
 * wqport-args: --target=2.4.37
 * wqport-test: shim-only (linux/config.h is gone since 2.6.19)
 * wqport-fix-test: no-kbuild (linux/config.h is gone since 2.6.19)
 */
#include <linux/config.h>
#include <linux/module.h>
#include <linux/version.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/fs.h>
#include <linux/errno.h>
#ifdef CONFIG_PROC_FS
#include <linux/proc_fs.h>
#endif

struct hx_tape {
	int			busy;
	int			status;
	int			irq_seen;
	wait_queue_head_t	cmd_wait;
	wait_queue_head_t	stat_wait;
};

static struct hx_tape hx_unit;

#ifdef CONFIG_PROC_FS
static int hx_read_proc(char *page, char **start, off_t off, int count,
			int *eof, void *data)
{
	struct hx_tape *hx = data;

	if (!hx->status)
		interruptible_sleep_on(&hx->stat_wait);	/* expect: WQ001 fix=keeprace */
	*eof = 1;
	return sprintf(page, "status %#x\n", hx->status);
}
#endif /* CONFIG_PROC_FS */

#if LINUX_VERSION_CODE < KERNEL_VERSION(2,4,0)
static int hx_wait_cmd(struct hx_tape *hx)
{
	struct wait_queue wait = { current, NULL };

	add_wait_queue(&hx->cmd_wait, &wait);	/* expect: WQ002 fix=refused:old-kernel-branch */
	current->state = TASK_INTERRUPTIBLE;
	while (hx->busy) {
		schedule();
		if (signal_pending(current))
			break;
		current->state = TASK_INTERRUPTIBLE;
	}
	current->state = TASK_RUNNING;
	remove_wait_queue(&hx->cmd_wait, &wait);
	return hx->busy ? -EINTR : 0;
}
#elif LINUX_VERSION_CODE < KERNEL_VERSION(2,6,0)
static int hx_wait_cmd(struct hx_tape *hx)
{
	while (hx->busy) {
		sleep_on_timeout(&hx->cmd_wait, HZ);	/* expect: WQ001 fix=refused:old-kernel-branch */
		if (signal_pending(current))
			return -EINTR;
	}
	return 0;
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
	/* give the card a second to raise its first interrupt */
	schedule_timeout(HZ);	/* expect: WQ004 fix=refused:inactive-branch */
	return hx->irq_seen ? 0 : -ENODEV;
}
#else
static int hx_isa_reset(struct hx_tape *hx)
{
	hx->irq_seen = 0;
	current->state = TASK_UNINTERRUPTIBLE;
	schedule_timeout(HZ);
	if (!hx->irq_seen)
		return -ENODEV;
	return 0;
}
#endif

#if 0
/* the old polling loop, kept for reference */
static void hx_poll_ready(struct hx_tape *hx)
{
	while (hx->busy)
		sleep_on(&hx->cmd_wait);
}
#endif

static int hx_ioctl(struct inode *inode, struct file *file, unsigned int cmd,
		    unsigned long arg)
{
	struct hx_tape *hx = &hx_unit;

	return cmd ? hx_wait_cmd(hx) : 0;
}

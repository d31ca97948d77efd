// SPDX-License-Identifier: GPL-2.0-only
/*
 * hpx_fw.c -- HPX host bus adapter: firmware mailbox helpers shared by
 * the adapter's other files (hpx_scsi.c, hpx_ioctl.c), in the style of
 * the 2.6-era SCSI low-level drivers.
 *
 * wqport fixture: hpx_fw_nap() is a sleep helper: it sets no state and
 * sleeps as its last act, for callers in the other files that set
 * TASK_UNINTERRUPTIBLE after testing the doorbell.  Those callers are
 * not read here.  hpx_fw_reset() in this file calls it with no state
 * set, so there the nap returns at once and the reset polls the
 * doorbell without waiting: the finding must name that call, since the
 * helper itself is right as it is.
 *
 * wqport-cocci: beyond-standalone (which caller leaves TASK_RUNNING is the file's call graph, not one function's shape)
 */
#include <linux/module.h>
#include <linux/errno.h>
#include <linux/io.h>
#include <linux/jiffies.h>
#include <linux/sched.h>

extern long io_schedule_timeout(long timeout);

#define HPX_DOORBELL		0x20
#define HPX_DB_FW_READY		0x80000000
#define HPX_RESET_TRIES		50

struct hpx_hba {
	void __iomem *regs;
};

void hpx_fw_nap(struct hpx_hba *hba)
{
	io_schedule_timeout(msecs_to_jiffies(10));	/* expect: WQ004 fix=refused:no-patch */
}
EXPORT_SYMBOL_GPL(hpx_fw_nap);

int hpx_fw_reset(struct hpx_hba *hba)
{
	int tries;

	writel(1, hba->regs + HPX_DOORBELL);
	for (tries = 0; tries < HPX_RESET_TRIES; tries++) {
		if (readl(hba->regs + HPX_DOORBELL) & HPX_DB_FW_READY)
			return 0;
		hpx_fw_nap(hba);
	}
	return -ETIMEDOUT;
}
EXPORT_SYMBOL_GPL(hpx_fw_reset);

MODULE_LICENSE("GPL");

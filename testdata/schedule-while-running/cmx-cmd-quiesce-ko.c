// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: a storage controller driver's quiesce, which queues
 * itself on the command queue with add_wait_queue() and sleeps once for
 * the firmware to drain, in TASK_RUNNING: schedule_timeout() returns at
 * once (WQ004).  A comment above the sleep says why the driver does not
 * use prepare_to_wait(); the refusal must name the call the code makes,
 * add_wait_queue(), not the one the comment mentions.
 */
#include <linux/fs.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/wait.h>

struct cmx_ctrl {
	wait_queue_head_t cmd_wq;
	unsigned int outstanding;
};

static struct cmx_ctrl cmx;

static long cmx_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	DECLARE_WAITQUEUE(wait, current);

	add_wait_queue(&cmx.cmd_wq, &wait);
	/*
	 * One nap for the firmware to drain; the completion path wakes
	 * us.  Not prepare_to_wait(): this must also build on the old
	 * enterprise kernels the vendor still ships.
	 */
	schedule_timeout(HZ / 10);	/* expect: WQ004 fix=refused:no-patch */
	remove_wait_queue(&cmx.cmd_wq, &wait);
	return cmx.outstanding ? -EBUSY : 0;
}

void cmx_complete(void)
{
	cmx.outstanding--;
	wake_up(&cmx.cmd_wq);
}
EXPORT_SYMBOL(cmx_complete);

static const struct file_operations cmx_fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = cmx_ioctl,
};

MODULE_LICENSE("GPL");

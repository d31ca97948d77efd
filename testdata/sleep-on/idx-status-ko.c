// SPDX-License-Identifier: GPL-2.0-only
/*
 * idx_common.c -- the status device and the D-channel transmit of the
 * IDX ISDN link layer, in the style of the 2.4 ISDN common code: the
 * hardware drivers report through a status callback, which counts the
 * status bytes available per driver and wakes the reader, and the
 * transmit completion sets a status word and wakes the sender.
 *
 * wqport fixture: the maintainers' conditions follow from the wakers.
 * The status reader sleeps under `if (!dev->drv[drvidx]->stavail)`,
 * and the callback adds to dev->drv[di]->stavail before its wake-up of
 * the same queue (another index local, the same member of the same
 * struct): wait_event_interruptible(dev->drv[drvidx]->st_waitq,
 * dev->drv[drvidx]->stavail).  The sender clears tx_status, which the
 * completion sets to 1 (and elsewhere to -1 on an error, so the test is
 * `== 1`): wait_event_interruptible(t->wait, t->tx_status == 1).
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/uaccess.h>
#include <linux/wait.h>
#include <linux/errno.h>

#define IDX_MAX_DRIVERS		8
#define IDX_STAT_STAVAIL	1
#define IDX_STAT_TXDONE		2
#define IDX_STAT_TXERR		3

typedef struct {
	int driver;
	int command;
	unsigned long arg;
} idx_ctrl;

struct idx_tx {
	int tx_status;		/* 0 busy, 1 sent, -1 failed */
	wait_queue_head_t wait;
};

struct idx_driver {
	int stavail;		/* status bytes the reader may take */
	wait_queue_head_t st_waitq;
	struct idx_tx tx;
	int (*readstat)(u8 __user *buf, int len, int driver);
	int (*writecmd)(int driver, int cmd);
};

struct idx_dev {
	struct idx_driver *drv[IDX_MAX_DRIVERS];
};

static struct idx_dev idx_devs;
static struct idx_dev *dev = &idx_devs;

int idx_status_callback(idx_ctrl *c)
{
	int di = c->driver;
	struct idx_tx *t;

	if (di < 0 || di >= IDX_MAX_DRIVERS || !dev->drv[di])
		return -1;
	switch (c->command) {
	case IDX_STAT_STAVAIL:
		dev->drv[di]->stavail += c->arg;
		wake_up_interruptible(&dev->drv[di]->st_waitq);
		break;
	case IDX_STAT_TXDONE:
		t = &dev->drv[di]->tx;
		t->tx_status = 1;
		wake_up_interruptible(&t->wait);
		break;
	case IDX_STAT_TXERR:
		dev->drv[di]->tx.tx_status = -1;
		break;
	default:
		return -1;
	}
	return 0;
}
EXPORT_SYMBOL(idx_status_callback);

static ssize_t idx_read(struct file *file, char __user *buf, size_t count,
			loff_t *off)
{
	int drvidx = iminor(file_inode(file)) & 7;
	int len;

	if (!dev->drv[drvidx])
		return -ENODEV;
	if (!dev->drv[drvidx]->stavail) {
		if (file->f_flags & O_NONBLOCK)
			return -EAGAIN;
		interruptible_sleep_on(&(dev->drv[drvidx]->st_waitq));	/* expect: WQ001 fix=caveat */
	}
	if (!dev->drv[drvidx]->readstat)
		return -EIO;
	len = dev->drv[drvidx]->readstat(buf, min_t(int, count,
						    dev->drv[drvidx]->stavail),
					 drvidx);
	if (len > 0)
		dev->drv[drvidx]->stavail -= len;
	return len;
}

int idx_send_dchan(int drvidx, int cmd)
{
	struct idx_tx *t = &dev->drv[drvidx]->tx;

	t->tx_status = 0;
	if (dev->drv[drvidx]->writecmd(drvidx, cmd))
		return -EIO;
	interruptible_sleep_on(&t->wait);	/* expect: WQ001 fix=caveat */
	return t->tx_status == 1 ? 0 : -EIO;
}
EXPORT_SYMBOL(idx_send_dchan);

static const struct file_operations idx_fops = {
	.owner	= THIS_MODULE,
	.read	= idx_read,
};

static int idx_major;

static int __init idx_init(void)
{
	idx_major = register_chrdev(0, "idx", &idx_fops);
	return idx_major < 0 ? idx_major : 0;
}

static void __exit idx_exit(void)
{
	unregister_chrdev(idx_major, "idx");
}

module_init(idx_init);
module_exit(idx_exit);
MODULE_LICENSE("GPL");

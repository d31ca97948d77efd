// SPDX-License-Identifier: GPL-2.0-only
/*
 * oex: the key FIFO of an invented board's keypad.  read() sleeps when the
 * FIFO is empty, unless the file was opened O_NONBLOCK, and the sleep is
 * in the else arm of that test.  The open-flags test only picks whether
 * to sleep: the condition is the enclosing test's, made true by the scan
 * interrupt before its wake-up.
 */
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/sched.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

#define OEX_FIFO_LEN	16

static DECLARE_WAIT_QUEUE_HEAD(oex_key_wq);
static unsigned char oex_fifo[OEX_FIFO_LEN];
static volatile int oex_count;
static volatile int oex_key_ready;
static int oex_rd;

static irqreturn_t oex_scan_irq(int irq, void *dev_id)
{
	if (oex_count < OEX_FIFO_LEN) {
		oex_fifo[(oex_rd + oex_count) % OEX_FIFO_LEN] = irq & 0x7f;
		oex_count++;
	}
	oex_key_ready = 1;
	wake_up_interruptible(&oex_key_wq);
	return IRQ_HANDLED;
}

static ssize_t oex_read(struct file *file, char __user *buf, size_t len,
			loff_t *ppos)
{
	unsigned char key;

	if (!oex_key_ready) {
		if (file->f_flags & O_NONBLOCK) {
			return -EAGAIN;
		} else {
			pr_debug("oex: waiting for a key\n");
			interruptible_sleep_on(&oex_key_wq);	/* expect: WQ001 fix=caveat */
		}
	}
	if (signal_pending(current))
		return -ERESTARTSYS;
	if (oex_count == 0)
		return 0;
	key = oex_fifo[oex_rd];
	oex_rd = (oex_rd + 1) % OEX_FIFO_LEN;
	if (--oex_count == 0)
		oex_key_ready = 0;
	if (put_user(key, buf))
		return -EFAULT;
	return 1;
}

static const struct file_operations oex_fops = {
	.read = oex_read,
};

int oex_init(void)
{
	return request_irq(7, oex_scan_irq, 0, "oex", NULL) ?: (oex_fops.read ? 0 : -ENODEV);
}

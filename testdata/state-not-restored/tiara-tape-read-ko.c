// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: a 2.4-era tape driver's read, waiting for the drive
 * to fill its buffer.  The loop sets the state by hand and breaks out
 * when the data is there, but nothing sets it back: the function goes
 * on to copy_to_user() and returns to user space in
 * TASK_INTERRUPTIBLE.  Checked for a 2.4 kernel (where ->state is the
 * field's real name).
 *
 * wqport-args: --target=2.4.37
 *
 * wqport-test: shim-only (linux/config.h and current->state do not exist in 6.1 headers)
 */
#include <linux/module.h>
#include <linux/config.h>
#include <linux/fs.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <asm/io.h>
#include <asm/uaccess.h>

#define TIARA_STAT		0x02
#define TIARA_STAT_FULL		0x40
#define TIARA_BLOCK		512

struct tiara_tape {
	unsigned long iobase;
	wait_queue_head_t rd_wait;
	unsigned char block[TIARA_BLOCK];
	int rd_count;
};

static struct tiara_tape tiara_unit;

static ssize_t tiara_read(struct file *file, char *buf, size_t count,
			  loff_t *ppos)
{
	struct tiara_tape *tp = &tiara_unit;
	DECLARE_WAITQUEUE(wait, current);
	int retval = 0;

	if (count > TIARA_BLOCK)
		count = TIARA_BLOCK;
	add_wait_queue(&tp->rd_wait, &wait);	/* expect: WQ002 */
	for (;;) {
		current->state = TASK_INTERRUPTIBLE;
		if (inb(tp->iobase + TIARA_STAT) & TIARA_STAT_FULL)
			break;
		if (file->f_flags & O_NONBLOCK) {
			retval = -EAGAIN;
			break;
		}
		if (signal_pending(current)) {
			retval = -ERESTARTSYS;
			break;
		}
		schedule();
	}
	remove_wait_queue(&tp->rd_wait, &wait);
	if (retval)
		return retval;	/* expect: WQ005 */
	if (copy_to_user(buf, tp->block, count))
		return -EFAULT;
	return count;
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * hdx.c -- HDX-20 ESDI disk controller, a Linux 2.0 block driver.
 *
 * Written as 2.0 block drivers were: K&R definitions for the helpers,
 * 2.0's `struct wait_queue *` queues, the block layer's global
 * wait_for_request queue for a free request slot (taken with
 * interrupts off), a drive-ready poll through current->timeout, a
 * vendor ioctl range with a GNU case range, a command block with a
 * zero-length trailer, and the init function wrapped in __initfunc().
 *
 * wqport fixture: a 2.0 driver as it stands, checked for 2.0.  Every
 * sleep_on() is reported; none converts: the queues must become
 * wait_queue_head_t first (old-wait-api), and the slot wait sleeps
 * with interrupts off (irqs-off).  The drive-ready poll is a correct
 * 2.0 timed sleep and is not reported.
 * wqport-args: --target=2.0.40
 * wqport-test: shim-only (struct wait_queue, current->timeout and __initfunc are 2.0's)
 * wqport-fix-test: no-kbuild (struct wait_queue and cli() are 2.0's)
 * wqport-fix-test: no-compile (current->timeout, ->signal and ->blocked are 2.0's task_struct)
 */
#include <linux/config.h>
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <asm/io.h>

#define HDX_BASE		0x3510
#define HDX_CMD			(HDX_BASE + 0)
#define HDX_STATUS		(HDX_BASE + 2)
#define HDX_ST_READY		0x01
#define HDX_ST_ERROR		0x80
#define HDX_MAXSLOTS		4
#define HDX_IOC_DIAG_FIRST	0x4810
#define HDX_IOC_DIAG_LAST	0x481f

#ifndef __initfunc
#define __initfunc(x)		x
#endif

struct hdx_cmd_block {
	unsigned char opcode;
	unsigned char count;
	unsigned short words[0];	/* count words follow */
};

extern struct wait_queue *wait_for_request;

static struct wait_queue *hdx_open_wait = NULL;
static struct wait_queue *hdx_cmd_wait = NULL;
static volatile int hdx_cmd_done;
static volatile int hdx_slots_free = HDX_MAXSLOTS;
static int hdx_busy;
static int hdx_users;

static void hdx_interrupt(int irq, void *dev_id, struct pt_regs *regs)
{
	if (inb(HDX_STATUS) & HDX_ST_ERROR)
		printk(KERN_WARNING "hdx: controller error\n");
	hdx_cmd_done = 1;
	wake_up(&hdx_cmd_wait);
}

static int hdx_status_ready(port)
	unsigned int port;
{
	return (inb(port) & HDX_ST_READY) != 0;
}

static int hdx_wait_ready()
{
	int tries = 50;

	while (!hdx_status_ready(HDX_STATUS)) {
		if (!--tries)
			return -EIO;
		current->state = TASK_INTERRUPTIBLE;
		current->timeout = jiffies + HZ / 10;
		schedule();
		if (current->signal & ~current->blocked)
			return -EINTR;
	}
	return 0;
}

static void hdx_get_slot(void)
{
	unsigned long flags;

	save_flags(flags);
	cli();
	while (!hdx_slots_free)
		sleep_on(&wait_for_request);	/* expect: WQ001 fix=converted */
	hdx_slots_free--;
	restore_flags(flags);
}

static int hdx_send(cb)
	struct hdx_cmd_block *cb;
{
	int i, err;

	err = hdx_wait_ready();
	if (err)
		return err;
	hdx_get_slot();
	hdx_cmd_done = 0;
	outb(cb->opcode, HDX_CMD);
	for (i = 0; i < cb->count; i++)
		outw(cb->words[i], HDX_CMD + 4);
	while (!hdx_cmd_done)
		sleep_on(&hdx_cmd_wait);	/* expect: WQ001 fix=converted */
	hdx_slots_free++;
	wake_up(&wait_for_request);
	return 0;
}

static int hdx_ioctl(inode, file, cmd, arg)
	struct inode *inode;
	struct file *file;
	unsigned int cmd;
	unsigned long arg;
{
	struct hdx_cmd_block cb;

	switch (cmd) {
	case HDX_IOC_DIAG_FIRST ... HDX_IOC_DIAG_LAST:
		if (!suser())
			return -EPERM;
		cb.opcode = cmd & 0x0f;
		cb.count = 0;
		return hdx_send(&cb);
	default:
		return -EINVAL;
	}
}

static int hdx_open(struct inode *inode, struct file *filp)
{
	while (hdx_busy) {
		interruptible_sleep_on(&hdx_open_wait);	/* expect: WQ001 fix=converted */
		if (current->signal & ~current->blocked)
			return -ERESTARTSYS;
	}
	hdx_users++;
	MOD_INC_USE_COUNT;
	return 0;
}

static void hdx_release(struct inode *inode, struct file *filp)
{
	fsync_dev(inode->i_rdev);
	if (!--hdx_users) {
		hdx_busy = 0;
		wake_up_interruptible(&hdx_open_wait);
	}
	MOD_DEC_USE_COUNT;
}

static struct file_operations hdx_fops = {
	NULL,			/* lseek */
	block_read,
	block_write,
	NULL,			/* readdir */
	NULL,			/* select */
	hdx_ioctl,
	NULL,			/* mmap */
	hdx_open,
	hdx_release,
	block_fsync
};

__initfunc(int hdx_init(void))
{
	if (register_blkdev(44, "hdx", &hdx_fops))
		return -EBUSY;
	return hdx_wait_ready();
}

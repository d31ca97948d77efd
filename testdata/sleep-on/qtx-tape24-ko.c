// SPDX-License-Identifier: GPL-2.0-only
/*
 * qtx_tape.c -- QTX-525 SCSI-less QIC tape controller, a 2.4 character
 * driver with its own request queue.
 *
 * Reads and writes go through the block layer's disk task queue: the
 * driver kicks it with run_task_queue(&tq_disk) before each sleep, as
 * st.c and the floppy tape drivers did.  MTIOCTOP's wait for the drive
 * to come on line sleeps inside the ioctl's switch; the status poll
 * sleeps with the driver's spinlock held.
 *
 * wqport fixture: the buffer wait does work (it runs the disk queue)
 * before every sleep, so the loop stays; its test is the fact at the
 * sleep (run_task_queue() writes only the task queue) and qtx_intr()
 * clears buf_busy before its wake-up, so the sleep alone becomes
 * wait_event(tp->buf_wait, !tp->buf_busy) (issue 39); the on-line
 * wait in the switch becomes wait_event_interruptible() with the
 * driver's -EINTR; the one-shot
 * sleep under the spinlock sleeps while atomic and is refused.
 * wqport-fix-test: no-kbuild (run_task_queue and tq_disk are gone since 2.5)
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/spinlock.h>
#include <linux/wait.h>
#include <linux/errno.h>
#include <asm/io.h>

#define QTX_MTWAIT		0x6d01
#define QTX_MTREW		0x6d02
#define QTX_ST_ONLINE		0x04

struct tq_struct;
extern struct tq_struct *tq_disk;
extern void run_task_queue(struct tq_struct **list);

struct qtx_tape {
	spinlock_t lock;
	unsigned int base;
	wait_queue_head_t buf_wait;
	wait_queue_head_t online_wait;
	wait_queue_head_t status_wait;
	volatile int buf_busy;
	volatile int online;
	volatile int status_valid;
};

static void qtx_intr(struct qtx_tape *tp)
{
	unsigned char st = inb(tp->base + 1);

	tp->buf_busy = 0;
	wake_up(&tp->buf_wait);
	tp->online = !!(st & QTX_ST_ONLINE);
	wake_up_interruptible(&tp->online_wait);
	tp->status_valid = 1;
	wake_up(&tp->status_wait);
}

static void qtx_wait_buffer(struct qtx_tape *tp)
{
	while (tp->buf_busy) {
		run_task_queue(&tq_disk);
		sleep_on(&tp->buf_wait);	/* expect: WQ001 fix=caveat */
	}
}

static int qtx_ioctl(struct inode *inode, struct file *file,
		     unsigned int cmd, unsigned long arg)
{
	struct qtx_tape *tp = file->private_data;

	switch (cmd) {
	case QTX_MTWAIT:
		while (!tp->online) {
			interruptible_sleep_on(&tp->online_wait);	/* expect: WQ001 fix=converted */
			if (signal_pending(current))
				return -EINTR;
		}
		break;
	case QTX_MTREW:
		outb(0x21, tp->base);
		break;
	default:
		return -ENOTTY;
	}
	return 0;
}

static int qtx_status(struct qtx_tape *tp)
{
	int st;

	spin_lock(&tp->lock);
	tp->status_valid = 0;
	outb(0x03, tp->base);
	if (!tp->status_valid)
		sleep_on(&tp->status_wait);	/* expect: WQ001 fix=refused:held-lock */
	st = inb(tp->base + 1);
	spin_unlock(&tp->lock);
	return st;
}

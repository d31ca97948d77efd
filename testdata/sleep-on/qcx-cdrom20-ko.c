// SPDX-License-Identifier: GPL-2.0-only
/*
 * qcx_cd.c -- QCX-2 proprietary-interface CD-ROM drive on an ISA card,
 * written for Linux 2.0 and kept building on 2.2.
 *
 * 2.0 had no timed sleep_on(): a driver set current->timeout to the
 * jiffy the sleep should end at, called (interruptible_)sleep_on(), and
 * cleared the field after it.  The command path waits five seconds at
 * most for the drive's status interrupt that way; the spin-up path
 * keeps an absolute deadline in the device and waits until it.
 *
 * wqport fixture: both sleeps are timed ones, so WQ001 suggests the
 * _timeout form with the relative timeout, and, for the 2.2 target,
 * the add_wait_queue()/schedule_timeout() loop that kernel has.  The
 * queues are 2.0's `struct wait_queue *`: the fix leaves both alone.
 * wqport-args: --target=2.2
 * wqport-test: shim-only (current->timeout and struct wait_queue are 2.0's)
 * wqport-fix-test: no-compile (current->timeout is 2.0's task_struct)
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/errno.h>
#include <asm/io.h>

#define QCX_BASE		0x340
#define QCX_REG_CMD		0
#define QCX_REG_STAT		1
#define QCX_STAT_DONE		0x01
#define QCX_STAT_READY		0x02
#define QCX_CMD_TIMEOUT		(5 * HZ)

struct qcx_drive {
	struct wait_queue *cmd_wait;
	struct wait_queue *spin_wait;
	volatile int cmd_done;
	volatile int spun_up;
	unsigned long spin_deadline;
};

static struct qcx_drive qcx;

static void qcx_intr(int irq, void *dev_id, struct pt_regs *regs)
{
	unsigned char st = inb(QCX_BASE + QCX_REG_STAT);

	if (st & QCX_STAT_DONE) {
		qcx.cmd_done = 1;
		wake_up(&qcx.cmd_wait);
	}
	if (st & QCX_STAT_READY) {
		qcx.spun_up = 1;
		wake_up_interruptible(&qcx.spin_wait);
	}
}

static int qcx_command(unsigned char cmd)
{
	qcx.cmd_done = 0;
	outb(cmd, QCX_BASE + QCX_REG_CMD);
	while (!qcx.cmd_done) {
		current->timeout = jiffies + QCX_CMD_TIMEOUT;
		sleep_on(&qcx.cmd_wait);	/* expect: WQ001 fix=refused:old-wait-api */
		if (!current->timeout)
			return -EIO;
		current->timeout = 0;
	}
	return 0;
}

static int qcx_spin_up(void)
{
	qcx.spun_up = 0;
	qcx.spin_deadline = jiffies + 10 * HZ;
	outb(QCX_STAT_READY, QCX_BASE + QCX_REG_CMD);
	if (!qcx.spun_up) {
		current->timeout = qcx.spin_deadline;
		/* the drive interrupts once it turns at speed */
		interruptible_sleep_on(&qcx.spin_wait);	/* expect: WQ001 fix=refused:old-wait-api */
		current->timeout = 0;
	}
	return qcx.spun_up ? 0 : -EIO;
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * nvx_net.c -- NVX-1000 PCI network adapter, a 2.4 driver.
 *
 * The card runs firmware the driver downloads through a private ioctl
 * (SIOCDEVPRIVATE), one block at a time; the card acknowledges each
 * block with an interrupt, and a block that is not acknowledged within
 * half a second is sent again, three times at most.  Mailbox commands
 * wait for their status with the time left carried over from one
 * wake-up to the next.  The /proc statistics write takes the big
 * kernel lock around a counter reset that waits for the card.
 *
 * wqport fixture: the command wait becomes
 * wait_event_interruptible_timeout() (its remaining-time result keeps
 * its meaning, with a caveat); the firmware block wait resends the
 * block inside the loop and is left alone (work-in-loop); the counter
 * reset under lock_kernel() becomes wait_event(), which is at least as
 * safe: the lock is dropped in schedule() either way.
 * wqport-test: shim-only (linux/smp_lock.h is gone since 2.6.39)
 * wqport-fix-test: no-kbuild (lock_kernel() and the 2.4 net_device ioctl are gone)
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/smp_lock.h>
#include <linux/spinlock.h>
#include <linux/wait.h>
#include <linux/errno.h>
#include <asm/io.h>

#define NVX_CMD			0x00
#define NVX_STATUS		0x02
#define NVX_FWDATA		0x04
#define NVX_INTSTAT		0x08
#define NVX_INT_FWACK		0x0001
#define NVX_INT_CMD		0x0002
#define NVX_INT_STATS		0x0004
#define NVX_CMD_CLRSTATS	0x0031
#define NVX_ST_OK		0x0001
#define NVX_FW_BLOCK		256

#define nvx_min(a, b) ({ typeof(a) _a = (a); typeof(b) _b = (b); \
			 _a < _b ? _a : _b; })

struct nvx_priv {
	long ioaddr;
	wait_queue_head_t fw_wait;
	wait_queue_head_t cmd_wait;
	wait_queue_head_t stats_wait;
	volatile int fw_ack;
	volatile int cmd_status;	/* 0 while the command runs */
	volatile int stats_clear;
	spinlock_t lock;
};

static void nvx_interrupt(int irq, void *dev_id, struct pt_regs *regs)
{
	struct nvx_priv *np = dev_id;
	unsigned short st = inw(np->ioaddr + NVX_INTSTAT);

	if (st & NVX_INT_FWACK) {
		np->fw_ack = 1;
		wake_up_interruptible(&np->fw_wait);
	}
	if (st & NVX_INT_CMD) {
		np->cmd_status = inw(np->ioaddr + NVX_STATUS);
		wake_up_interruptible(&np->cmd_wait);
	}
	if (st & NVX_INT_STATS) {
		np->stats_clear = 1;
		wake_up(&np->stats_wait);
	}
}

static void nvx_write_block(struct nvx_priv *np, const unsigned char *blk,
			    int len)
{
	int i;

	for (i = 0; i < len; i++)
		outb(blk[i], np->ioaddr + NVX_FWDATA);
}

static int nvx_fw_block(struct nvx_priv *np, const unsigned char *blk,
			int len)
{
	int retry = 3;

	np->fw_ack = 0;
	nvx_write_block(np, blk, len);
	while (!np->fw_ack && retry--) {
		interruptible_sleep_on_timeout(&np->fw_wait, HZ / 2);	/* expect: WQ001 fix=keeprace */
		if (signal_pending(current))
			return -EINTR;
		if (!np->fw_ack)
			nvx_write_block(np, blk, len);	/* the card lost it */
	}
	return np->fw_ack ? 0 : -ETIMEDOUT;
}

static int nvx_fw_load(struct nvx_priv *np, const unsigned char *img,
		       int size)
{
	int off, err;

	for (off = 0; off < size; off += NVX_FW_BLOCK) {
		err = nvx_fw_block(np, img + off,
				   nvx_min(size - off, NVX_FW_BLOCK));
		if (err)
			return err;
	}
	return 0;
}

static int nvx_command(struct nvx_priv *np, unsigned short cmd)
{
	long timeout = 2 * HZ;

	np->cmd_status = 0;
	outw(cmd, np->ioaddr + NVX_CMD);
	while (!np->cmd_status && timeout)
		timeout = interruptible_sleep_on_timeout(&np->cmd_wait, timeout);	/* expect: WQ001 fix=caveat */
	if (signal_pending(current))
		return -ERESTARTSYS;
	if (!np->cmd_status)
		return -ETIMEDOUT;
	return np->cmd_status == NVX_ST_OK ? 0 : -EIO;
}

static int nvx_proc_write_stats(struct nvx_priv *np)
{
	lock_kernel();
	np->stats_clear = 0;
	outw(NVX_CMD_CLRSTATS, np->ioaddr + NVX_CMD);
	while (!np->stats_clear)
		sleep_on(&np->stats_wait);	/* expect: WQ001 fix=converted */
	unlock_kernel();
	return 0;
}

static int nvx_ioctl(struct nvx_priv *np, void *uaddr, int cmd)
{
	switch (cmd) {
	case 0x89f0:				/* SIOCDEVPRIVATE */
		return nvx_fw_load(np, uaddr, 4096);
	case 0x89f1:
		return nvx_command(np, 0x0010);
	case 0x89f2:
		return nvx_proc_write_stats(np);
	}
	return -EOPNOTSUPP;
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * scx_scsi.c -- SCX-2940 ISA SCSI host adapter, a 2.4 low-level driver
 * of the old error-handling style.
 *
 * The abort and reset handlers program the adapter with interrupts off
 * (save_flags()/cli(), the 2.2 habit the driver kept), restore them,
 * and only then wait for the adapter's acknowledge interrupt with a
 * timed interruptible_sleep_on_timeout() whose result they test.  The
 * mailbox poll at init spins on an I/O port with inline asm barriers,
 * and the debug macro pastes __FUNCTION__ into the format as gcc 2.x
 * allowed.
 *
 * wqport fixture: interrupts are back on at the sleeps, so neither is
 * refused irqs-off.  Both are one-shot sleeps whose flag the interrupt
 * sets before its wake-up, and the check names it.  The flag is
 * cleared before each sleep and the interrupt sets it before every
 * wake-up: the condition is proven, and both become
 * wait_event_interruptible_timeout() on it (issue 32; before, the task
 * was queued before restore_flags()).
 * wqport-fix-test: no-compile (__FUNCTION__ pasted into a string literal is gcc 2.x C)
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/errno.h>
#include <asm/io.h>

#define SCX_DEBUG(fmt, args...) \
	printk(KERN_DEBUG "scx: " __FUNCTION__ ": " fmt, ## args)

#define SCX_CTRL		0x330
#define SCX_STAT		0x331
#define SCX_INTR		0x332
#define SCX_CMD_ABORT		0x05
#define SCX_CMD_RESET		0x40
#define SCX_ST_IDLE		0x10
#define SUCCESS			0x2002
#define FAILED			0x2003

struct scx_host {
	unsigned long io;
	wait_queue_head_t ack_wait;
	volatile int acked;
	unsigned char mbox[0];
};

static __inline__ void scx_barrier(void)
{
	__asm__ __volatile__("" : : : "memory");
}

static int scx_mbox_ready(struct scx_host *h)
{
	int spin = 10000;

	while (!(inb(h->io + SCX_STAT) & SCX_ST_IDLE) && --spin)
		scx_barrier();
	return spin != 0;
}

void scx_intr(struct scx_host *h)
{
	h->acked = 1;
	wake_up_interruptible(&h->ack_wait);
}

static int scx_abort(struct scx_host *h)
{
	unsigned long flags;

	save_flags(flags);
	cli();
	h->acked = 0;
	outb(SCX_CMD_ABORT, h->io + SCX_CTRL);
	restore_flags(flags);

	interruptible_sleep_on_timeout(&h->ack_wait, 2 * HZ);	/* expect: WQ001 fix=caveat */
	if (!h->acked) {
		SCX_DEBUG("no acknowledge\n");
		return FAILED;
	}
	return SUCCESS;
}

static int scx_bus_reset(struct scx_host *h)
{
	unsigned long flags;
	long left;

	save_flags(flags);
	cli();
	h->acked = 0;
	outb(SCX_CMD_RESET, h->io + SCX_CTRL);
	restore_flags(flags);

	left = interruptible_sleep_on_timeout(&h->ack_wait, 5 * HZ);	/* expect: WQ001 fix=caveat */
	if (!left)
		return FAILED;
	SCX_DEBUG("reset took %ld jiffies\n", 5 * HZ - left);
	return scx_mbox_ready(h) ? SUCCESS : FAILED;
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * bpx_sram.c -- the SRAM window of an invented expansion pack: a read
 * waits for the FPGA to be idle, writes the address, then waits for
 * the read to finish, each wait a hand-written loop on the pack's
 * queue.  The first loop's signal exit returns with the entry still
 * queued (WQ006); the function is refused as a whole, so every site in
 * it gets one refusal, and its words must speak of the function and
 * name each return WQ006 found, not call the first loop's return "the
 * path" of the second.  (The second loop's own signal return leaks the
 * entry too; WQ006 reports it as a note of the first, "also leaves".)
 */
#include <linux/errno.h>
#include <linux/printk.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>
#include <asm/io.h>

#define BPX_BUSY	0x01

struct bpx_sram {
	wait_queue_head_t q;
	void __iomem *regs;
};

static int bpx_busy(struct bpx_sram *s)
{
	return readb(s->regs) & BPX_BUSY;
}

int bpx_sram_read(struct bpx_sram *s, unsigned int addr)
{
	wait_queue_entry_t wait;
	long timeout;

	init_waitqueue_entry(&wait, current);
	add_wait_queue(&s->q, &wait);	/* expect: WQ002 fix=refused:verification */
	timeout = HZ / 100;
	while (timeout > 0) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (!bpx_busy(s))
			break;
		if (signal_pending(current)) {
			pr_debug("bpx: idle wait interrupted\n");
			return -ERESTARTSYS;	/* expect: WQ005 fix=refused:verification WQ006 fix=refused:verification */
		}
		timeout = schedule_timeout(timeout);
		if (timeout <= 0)
			pr_debug("bpx: FPGA still busy\n");
	}
	set_current_state(TASK_RUNNING);
	remove_wait_queue(&s->q, &wait);

	writel(addr, s->regs + 4);

	init_waitqueue_entry(&wait, current);
	add_wait_queue(&s->q, &wait);	/* expect: WQ002 fix=refused:verification */
	timeout = HZ / 100;
	while (timeout > 0) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (!bpx_busy(s))
			break;
		if (signal_pending(current)) {
			pr_debug("bpx: read wait interrupted\n");
			return -ERESTARTSYS;	/* expect: WQ005 fix=refused:verification */
		}
		timeout = schedule_timeout(timeout);
	}
	set_current_state(TASK_RUNNING);
	remove_wait_queue(&s->q, &wait);
	return readl(s->regs + 8);
}

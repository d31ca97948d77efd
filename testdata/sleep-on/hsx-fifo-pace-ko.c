// SPDX-License-Identifier: GPL-2.0-only
/*
 * hsx_fpga.c -- command FIFO of the HSX hashing board's FPGA.  The
 * driver paces its register writes with interruptible_sleep_on_timeout()
 * on a static queue that nothing ever wakes: a millisecond delay, the
 * way some vendor code of the 2.6 era slept.  Where the FIFO is short of
 * space it waits in a do-while that sleeps before it tests, giving up
 * after a hundred tries.
 *
 * wqport fixture: every sleep here is a plain delay, the do-while ones
 * too (a do-while matters for a wait_event*() form, which would skip the
 * first sleep; a delay replaces the call in place and the loop stays):
 * each becomes schedule_timeout_interruptible(), instead of the
 * do-while ones being kept as prepare_to_wait() on a queue nothing
 * wakes, "keeping the race" there is none of.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/io.h>

#define HSX_FIFO_SPACE	0x10
#define HSX_FIFO_DATA	0x14

static DECLARE_WAIT_QUEUE_HEAD(hsx_pace_wq);

struct hsx_board {
	void __iomem *regs;
	unsigned int reserve;
};

static unsigned int hsx_fifo_space(struct hsx_board *b)
{
	return readl(b->regs + HSX_FIFO_SPACE);
}

int hsx_send(struct hsx_board *b, const u32 *cmd, unsigned int n)
{
	unsigned int i, tries;

	for (i = 0; i < n; i++) {
		if (hsx_fifo_space(b) <= b->reserve) {
			tries = 0;
			do {
				interruptible_sleep_on_timeout(&hsx_pace_wq, HZ / 20);	/* expect: WQ001 fix=converted */
				if (tries++ > 100) {
					pr_err("hsx: command FIFO stuck\n");
					return -EIO;
				}
			} while (hsx_fifo_space(b) <= b->reserve);
		}
		writel(cmd[i], b->regs + HSX_FIFO_DATA);
		interruptible_sleep_on_timeout(&hsx_pace_wq, HZ / 500);	/* expect: WQ001 fix=converted */
	}
	return 0;
}
EXPORT_SYMBOL(hsx_send);

MODULE_LICENSE("GPL");

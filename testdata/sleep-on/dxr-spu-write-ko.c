// SPDX-License-Identifier: GPL-2.0-only
/*
 * dxr_spu.c -- the subpicture unit of an invented MPEG decoder card.
 * A write with a valid timestamp waits, at most a second, for a slot
 * of the timestamp FIFO; dxr_spu_check_fifo() wakes the writer when
 * the hardware frees one.  It is no static function: the interrupt
 * handler, in another file, calls it, and so does release, which
 * clears ts_valid first.  The proof must not take release's write for
 * a write before every wake-up: the handler's call writes nothing, and
 * a wait_event*() on '!spu->ts_valid' would ignore its wake-up and run
 * out the second on every full FIFO.
 */
#include <linux/errno.h>
#include <linux/jiffies.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>
#include <asm/io.h>

struct dxr_spu {
	void __iomem *regs;
	wait_queue_head_t fifo_wait;
	int ts_valid;
	unsigned int ts;
	int fifo_ptr;
};

static int dxr_fifo_full(struct dxr_spu *spu)
{
	return readl(spu->regs + 8 * spu->fifo_ptr + 4) & 1;
}

void dxr_spu_check_fifo(struct dxr_spu *spu)
{
	if (!dxr_fifo_full(spu))
		wake_up_interruptible(&spu->fifo_wait);
}

ssize_t dxr_spu_write(struct dxr_spu *spu, const char *buf, size_t count)
{
	unsigned long start = jiffies;

	if (spu->ts_valid) {
		if (dxr_fifo_full(spu)) {
			interruptible_sleep_on_timeout(&spu->fifo_wait, HZ);	/* expect: WQ001 fix=keeprace */
			if (time_after_eq(jiffies, start + HZ))
				return -EINTR;
			if (signal_pending(current))
				return -EINTR;
		}
		writel(spu->ts, spu->regs + 8 * spu->fifo_ptr);
		spu->fifo_ptr = (spu->fifo_ptr + 1) & 31;
		spu->ts_valid = 0;
	}
	return count;
}

void dxr_spu_release(struct dxr_spu *spu)
{
	spu->ts_valid = 0;
	spu->fifo_ptr = 0;
	dxr_spu_check_fifo(spu);
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * nxv_ring.c -- the read ioctl of an invented audio capture board: a
 * build option picks which test opens the block around the sleep, in
 * two #if branches that each open a brace.  Counted in the text, the
 * function's braces then do not balance and the proof cannot tell
 * where its body ends; the words must say that, not that the function
 * is not in the text.
 */
#include <linux/errno.h>
#include <linux/sched.h>
#include <linux/wait.h>

#define NXV_DOUBLE_BUFFER	1

struct nxv_ctx {
	wait_queue_head_t read_wait;
	int avail;
	int chunk;
};

void nxv_dma_done(struct nxv_ctx *ctx)
{
	ctx->avail += ctx->chunk;
	wake_up_interruptible(&ctx->read_wait);
}

long nxv_ioctl(struct nxv_ctx *ctx, unsigned int cmd)
{
	long ret;

	switch (cmd) {
	case 1:
#if NXV_DOUBLE_BUFFER
		if (ctx->avail < 2) {
#else
		if (ctx->avail < ctx->chunk) {
#endif
			ret = interruptible_sleep_on_timeout(&ctx->read_wait, HZ);	/* expect: WQ001 fix=keeprace */
			if (ret == 0)
				return -ETIMEDOUT;
		}
		return ctx->avail;
	default:
		return -EINVAL;
	}
}

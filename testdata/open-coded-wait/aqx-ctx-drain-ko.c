// SPDX-License-Identifier: GPL-2.0-only
/*
 * aqx_ctx.c -- Aquila AQ-4 async request engine, context teardown.
 *
 * wqport fixture: a drain loop whose wait entry is declared for a task
 * pointer (`tsk = current`) and whose state is written with
 * set_task_state(tsk, ...) before the loop and after each sleep, as
 * 2.6-era code did.  The in-place rewrite replaces only an entry made
 * for `current`, so the site is refused, and the refusal must say that
 * (not that the state is set in the wrong place: every test of the loop
 * follows a state write).
 * wqport-test: shim-only (set_task_state() is gone since 4.11)
 * wqport-fix-test: no-kbuild (set_task_state() is gone since 4.11)
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/spinlock.h>

struct aqx_ctx {
	spinlock_t		lock;
	wait_queue_head_t	drain_wait;
	int			active;
};

/* the completion path: the last request wakes the drain */
void aqx_req_done(struct aqx_ctx *ctx)
{
	unsigned long flags;

	spin_lock_irqsave(&ctx->lock, flags);
	if (--ctx->active == 0)
		wake_up(&ctx->drain_wait);
	spin_unlock_irqrestore(&ctx->lock, flags);
}
EXPORT_SYMBOL_GPL(aqx_req_done);

static void aqx_drain(struct aqx_ctx *ctx)
{
	struct task_struct *tsk = current;
	DECLARE_WAITQUEUE(wait, tsk);

	spin_lock_irq(&ctx->lock);
	if (!ctx->active)
		goto out;
	add_wait_queue(&ctx->drain_wait, &wait);	/* expect: WQ002 fix=refused:entry-made-otherwise */
	set_task_state(tsk, TASK_UNINTERRUPTIBLE);
	while (ctx->active) {
		spin_unlock_irq(&ctx->lock);
		io_schedule();
		set_task_state(tsk, TASK_UNINTERRUPTIBLE);
		spin_lock_irq(&ctx->lock);
	}
	__set_task_state(tsk, TASK_RUNNING);
	remove_wait_queue(&ctx->drain_wait, &wait);
out:
	spin_unlock_irq(&ctx->lock);
}

void aqx_ctx_free(struct aqx_ctx *ctx)
{
	aqx_drain(ctx);
}
EXPORT_SYMBOL_GPL(aqx_ctx_free);

MODULE_LICENSE("GPL");

// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: the entry allocator of a ported work-queue layer that,
 * when the pool is at its limit, drops the pool lock and busy-waits for
 * a free slot, yielding the CPU with a plain schedule() every 256 tries.
 * No task state is written anywhere: that schedule() is a yield, run in
 * TASK_RUNNING on purpose, not a sleep meant to wait (the shape of a
 * wireless driver's command poll, `if ((tries & 255) == 0) schedule();`).
 * The entry point is also reached from a hook of the host layer, whose
 * state the tool does not know; its passes after the first run in
 * TASK_RUNNING, as the yield means them to.  Correct code: no finding
 * (compare tqx-task-retry-ko, whose nap has a timeout).
 */
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/spinlock.h>

struct tyx_ent {
	struct list_head link;
};

struct tyx_pool {
	spinlock_t lock;
	int nalloc, max;
};

static struct tyx_ent *tyx_ent_alloc(struct tyx_pool *p, unsigned long *flags)
{
	struct tyx_ent *e;
	int count = 0;

retry:
	if (p->nalloc >= p->max) {
		spin_unlock_irqrestore(&p->lock, *flags);
		cpu_relax();
		if ((count & 255) == 0)
			schedule();
		spin_lock_irqsave(&p->lock, *flags);
		if (count < 100000) {
			count++;
			goto retry;
		}
	}
	spin_unlock_irqrestore(&p->lock, *flags);
	e = kmalloc(sizeof(*e), GFP_KERNEL);
	spin_lock_irqsave(&p->lock, *flags);
	if (e)
		p->nalloc++;
	return e;
}

/* a caller that must back off naps ten milliseconds, its state set first */
void tyx_backoff(void)
{
	set_current_state(TASK_UNINTERRUPTIBLE);
	schedule_timeout(HZ / 100);
}
EXPORT_SYMBOL(tyx_backoff);

struct tyx_ent *tyx_dispatch(struct tyx_pool *p)
{
	unsigned long flags;
	struct tyx_ent *e;

	spin_lock_irqsave(&p->lock, flags);
	e = tyx_ent_alloc(p, &flags);
	spin_unlock_irqrestore(&p->lock, flags);
	return e;
}
EXPORT_SYMBOL(tyx_dispatch);

/* the pool also grows from a hook of the host layer, in its context */
void tyx_register_hook(void (*fn)(void *), void *arg);

static void tyx_grow_hook(void *arg)
{
	tyx_dispatch(arg);
}

void tyx_pool_setup(struct tyx_pool *p)
{
	tyx_register_hook(tyx_grow_hook, p);
}
EXPORT_SYMBOL(tyx_pool_setup);

MODULE_LICENSE("GPL");

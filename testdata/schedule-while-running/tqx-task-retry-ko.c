// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: the task-entry allocator of a ported work-queue layer.
 * When the pool is at its limit it drops the pool lock, naps for ten
 * milliseconds with schedule_timeout() and tries again, up to a hundred
 * times, by `goto retry`.  No state is written: the first nap runs in
 * whatever state the exported entry point is called in, which the tool
 * cannot know, but every retry runs in the TASK_RUNNING the nap before
 * it left, and returns at once: the throttle does not throttle (WQ004).
 * tqx_dispatch() is also called from a hook of the host layer, whose
 * state the tool does not know.  The fix is held (the first pass's state
 * is the caller's), and its words say the unknown state is the first
 * pass's only.
 */
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/spinlock.h>

struct tqx_ent {
	struct list_head link;
};

struct tqx_pool {
	spinlock_t lock;
	int nalloc, max;
};

static struct tqx_ent *tqx_ent_alloc(struct tqx_pool *p, unsigned long *flags)
{
	struct tqx_ent *e;
	int count = 0;

retry:
	if (p->nalloc >= p->max) {
		spin_unlock_irqrestore(&p->lock, *flags);
		schedule_timeout(HZ / 100);	/* expect: WQ004 fix=refused:state-from-caller */
		spin_lock_irqsave(&p->lock, *flags);
		if (count < 100) {
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

struct tqx_ent *tqx_dispatch(struct tqx_pool *p)
{
	unsigned long flags;
	struct tqx_ent *e;

	spin_lock_irqsave(&p->lock, flags);
	e = tqx_ent_alloc(p, &flags);
	spin_unlock_irqrestore(&p->lock, flags);
	return e;
}
EXPORT_SYMBOL(tqx_dispatch);

/* the pool also grows from a hook of the host layer, in its context */
void tqx_register_hook(void (*fn)(void *), void *arg);

static void tqx_grow_hook(void *arg)
{
	tqx_dispatch(arg);
}

void tqx_pool_setup(struct tqx_pool *p)
{
	tqx_register_hook(tqx_grow_hook, p);
}
EXPORT_SYMBOL(tqx_pool_setup);

MODULE_LICENSE("GPL");

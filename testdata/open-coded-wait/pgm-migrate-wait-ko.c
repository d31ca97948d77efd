// SPDX-License-Identifier: GPL-2.0-only
/*
 * pgm_wait.c -- PGM persistent memory pages: waiting for a page that is
 * being migrated, in the style of mm/filemap.c's page bit waits.
 *
 * wqport fixture: the migration wait is built only with
 * CONFIG_PGM_MIGRATION, which these flags do not set, so the tool does
 * not analyse it.  Its entry is the wait member of a struct the caller
 * owns, made with init_wait() and handed in by pointer: compiled, it
 * would be refused too (the in-place rewrite replaces only an entry
 * made here).  The refusal must not promise a fix with other flags.
 *
 * wqport-cocci: beyond-standalone (the entry is a pointer queued with __add_wait_queue_entry_tail(), a form the semantic patch does not match; the fix refuses the site for its #ifdef)
 */
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/wait.h>

#define PGM_MIGRATING	0

struct pgm_page {
	unsigned long flags;
	wait_queue_head_t *wq;
};

struct pgm_wait {
	wait_queue_entry_t wait;
	struct pgm_page *page;
};

int pgm_page_ready(struct pgm_page *pg)
{
	return !test_bit(PGM_MIGRATING, &pg->flags);
}
EXPORT_SYMBOL_GPL(pgm_page_ready);

#ifdef CONFIG_PGM_MIGRATION
void pgm_migration_wait(struct pgm_page *pg, struct pgm_wait *pw)
{
	wait_queue_entry_t *wait = &pw->wait;
	wait_queue_head_t *q = pg->wq;

	init_wait(wait);
	pw->page = pg;
	spin_lock_irq(&q->lock);
	__add_wait_queue_entry_tail(q, wait);	/* expect: WQ002 fix=refused:inactive-branch */
	spin_unlock_irq(&q->lock);

	for (;;) {
		set_current_state(TASK_UNINTERRUPTIBLE);
		if (pgm_page_ready(pg))
			break;
		io_schedule();
	}
	finish_wait(q, wait);
}
EXPORT_SYMBOL_GPL(pgm_migration_wait);
#endif

MODULE_LICENSE("GPL");

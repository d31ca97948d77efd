/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The in-place conversion of a DECLARE_WAITQUEUE() entry (entry.c):
 * the wait loop keeps its shape, the entry becomes DEFINE_WAIT(), each
 * sleeping task-state write while it is queued becomes
 * prepare_to_wait[_exclusive](), and each remove_wait_queue() becomes
 * finish_wait().  Decided per entry on the function's control-flow
 * graph, for every add_wait_queue() of the entry at once.
 */
#ifndef WQPORT_ENTRY_H
#define WQPORT_ENTRY_H

#include "fix.h"
#include "site.h"

struct entry_plans;

/* The plans of every wait entry of the file's functions (NULL: none). */
struct entry_plans *entry_plans_compute(void *tu, struct wq_file *f);
void entry_plans_free(struct entry_plans *ep);

/*
 * Give WQ002 site s the in-place form when its entry's plan allows it.
 * Returns true when it did; otherwise, when the entry's plan explains
 * why not and s had no reason of its own worth more, s's note names it.
 */
bool plan_entry_in_place(struct fix_site *s, const struct entry_plans *ep);

#endif /* WQPORT_ENTRY_H */

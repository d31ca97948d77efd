/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The prepare_to_wait() forms of a sleep_on() site (ptw.c): the
 * statement around the call, read from the text, and the planner's
 * fallback where no wait_event*() keeps the driver's meaning.
 */
#ifndef WQPORT_PTW_H
#define WQPORT_PTW_H

#include "fix.h"
#include "macros.h"
#include "site.h"

struct sleep_stmt {
	bool stmt;		/* `call(...);` or `x = call(...);` */
	bool assign;		/* the second */
	const char *unlock;	/* the unlock or irq-on call of the
				 * statement right before, or NULL */
	bool starter;		/* that call starts what wakes the queue
				 * (add_timer(), tasklet_schedule(), ...) */
	char hoist;		/* not a statement: 'i' the call is in an
				 * if's condition, 'r' in a return's value;
				 * schedule_timeout()'s result goes through
				 * a variable set before the statement */
};

/* Does the call name start what wakes the queue, without sleeping? */
bool ptw_starter(const char *name);
void sleep_stmt_of(const char *buf, size_t len, size_t anchor,
		   struct sleep_stmt *st);
#define PTW_TIMEOUT_NOTE \
	"'current->timeout', set before the sleep, bounded it on 2.0 only: make it the timeout of schedule_timeout() by hand (the field is gone since 2.1)"

enum old_api { OLD_NONE, OLD_PORTABLE, OLD_BLOCKED };

/*
 * Does the file use the 2.0-2.2 wait API, and can its declarations be
 * ported mechanically?  *what gets the first one that cannot (NULL
 * otherwise), to be freed.  A use inside compat (an uncompiled branch
 * for other kernels, `#ifdef DECLARE_WAITQUEUE ... #else`) is not the
 * file's: the branch this kernel compiles is what gets rewritten.
 */
enum old_api old_api_state(const char *buf, size_t len,
			   const struct compat_ranges *compat, char **what);
void plan_ptw_fallback(struct fix_site *s, const struct site_ctx *sc,
		       const struct fix_plan *p);

#endif /* WQPORT_PTW_H */

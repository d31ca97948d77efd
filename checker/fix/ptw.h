/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The prepare_to_wait() forms of a sleep_on() site (ptw.c): the
 * statement around the call, read from the text, and the planner's
 * fallback where no wait_event*() keeps the driver's meaning.
 */
#ifndef WQPORT_PTW_H
#define WQPORT_PTW_H

#include "fix.h"
#include "site.h"

struct sleep_stmt {
	bool stmt;		/* `call(...);` or `x = call(...);` */
	bool assign;		/* the second */
	const char *unlock;	/* the unlock or irq-on call of the
				 * statement right before, or NULL */
};

void sleep_stmt_of(const char *buf, size_t len, size_t anchor,
		   struct sleep_stmt *st);
void plan_ptw_fallback(struct fix_site *s, const struct site_ctx *sc,
		       const struct fix_plan *p);

#endif /* WQPORT_PTW_H */

/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the planners of fix/plan/ share: the outcome setters, the
 * condition checks every wait_event*() form needs, and the planners
 * plan.c calls by a rule's rules.def planner column.
 */
#ifndef WQPORT_PLAN_INT_H
#define WQPORT_PLAN_INT_H

#include "fix.h"
#include "site.h"

static inline void refuse(struct fix_site *s, const char *reason, char *why)
{
	s->outcome = FO_REFUSE;
	s->reason = reason;
	s->note = why;
}

static inline void unsafe(struct fix_site *s, const char *form, char *why)
{
	s->outcome = FO_UNSAFE;
	s->reason = "unsafe";
	s->form = form;
	s->note = why;
}

/* The condition is one a wait_event*() may evaluate many times. */
bool plan_condition_ok(struct fix_site *s, const struct site_ctx *sc,
		       const char *cond);
/* The two conditions are one once normalised (cp_norm()). */
bool plan_same_text(const char *a, const char *b);
/* `do { ... } while (1)`: refused by name where it would convert. */
void plan_refuse_do_forever(struct fix_site *s, const struct loop_shape *ls);

/* plan_sleep.c */
void plan_sleep_on(struct fix_site *s, const struct site_ctx *sc);
/* plan_loops.c */
void plan_open_coded(struct fix_site *s, const struct site_ctx *sc);
void plan_state_after_test(struct fix_site *s, const struct site_ctx *sc);
void plan_schedule_running(struct fix_site *s, const struct site_ctx *sc);

#endif /* WQPORT_PLAN_INT_H */

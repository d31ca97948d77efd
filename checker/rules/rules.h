/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The rules, declared from their rows of checker/rules.def: rule
 * <name> is check_<check>() in rules/check_<check>.c, run on each
 * function's graph and dataflow (scope function) or once on the
 * translation unit (scope unit, a CXTranslationUnit).  The driver
 * (driver.c) registers them from the same rows.
 */
#ifndef WQPORT_RULES_H
#define WQPORT_RULES_H

#include "analysis.h"

typedef void (*rule_fn)(const struct cfg *g, const struct flow *fl,
			struct wq_file *f);
typedef void (*tu_rule_fn)(void *tu, struct wq_file *f);

#define WQ_RULE_DECL_function(check) \
	void check_##check(const struct cfg *g, const struct flow *fl, \
			   struct wq_file *f);
#define WQ_RULE_DECL_unit(check) \
	void check_##check(void *tu, struct wq_file *f);
#define WQ_RULE(n, nm, sev, conf, fx, since, removed, st, sum, check, scope, \
		planner, cocci) \
	WQ_RULE_DECL_##scope(check)
#include "rules.def"
#undef WQ_RULE
#undef WQ_RULE_DECL_function
#undef WQ_RULE_DECL_unit

/*
 * The texts of WQ001 and WQ002 for a site the token floor found where
 * the parse did not (rules/floor.c), worded as the rules word theirs;
 * the WQ002 one is NULL when the target has no better form.
 */
char *sleep_on_token_message(unsigned target, const char *name,
			     const char *timeout, const char *macro);
char *open_coded_token_message(unsigned target, const char *add,
			       const char *queue, const char *entry,
			       const char *sleep, const char *state);

#endif /* WQPORT_RULES_H */

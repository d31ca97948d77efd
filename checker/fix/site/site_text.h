/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Private to fix/: text helpers over the file a site is in, shared by
 * site.c (finding the site and what comes before it), shape.c (the loop
 * around it, the wait entry) and cond.c (where a condition comes from).
 */
#ifndef WQPORT_SITE_TEXT_H
#define WQPORT_SITE_TEXT_H

#include "site.h"

bool is_ident(char c);
void cursor_span(CXCursor c, unsigned *start, unsigned *end);
char *span_text(const struct site_ctx *sc, unsigned start, unsigned end);
char *site_cursor_text(const struct site_ctx *sc, CXCursor c);
/*
 * The identifier of expression c at or after p (a digit starts no
 * identifier): its start in *s, its end returned, *member when it
 * follows `.` or `->`; NULL at the end of c.
 */
const char *next_ident(const char *c, const char *p, const char **s,
		       bool *member);
const char *find_word(const char *s, const char *w);
bool starts_with_word(const char *s, const char *w);
char *paren_arg(const char *s);
char *strip_amp(const char *s);
char *first_arg(const char *call);
const char *last_field(const char *e);
enum task_st state_of(const char *text);
bool is_state_set(const char *t);
bool from_macro(const struct site_ctx *sc, CXCursor c);

/*
 * Is the if's test t only whether the sleep (anchor) timed out: `!call(...)`,
 * `call(...) == 0`, `call(...) != 0`, `call(...)`?
 */
bool zero_test_of(const char *t, const char *anchor);

#endif /* WQPORT_SITE_TEXT_H */

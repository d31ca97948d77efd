/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Private to the condition proof: analysis/proof/cpexpr.c (expressions and
 * write lists), cptext.c (statement text), cpwalk.c (the walk and the
 * helper summary), cpfacts.c (facts), condproof.c (the evaluation).
 */
#ifndef WQPORT_CONDPROOF_INT_H
#define WQPORT_CONDPROOF_INT_H

#include "condproof.h"

/* does a write to w cover the expression e (a parent of it or e)? */
bool cp_covers(const char *w, const char *e);
/* e split at its top-level op into at most max parts (allocated) */
int cp_split_top(const char *e, const char *op, char **parts, int max);
/* fact f the same comparison as e (1), its complement (-1), neither (0) */
int cp_cmp_fact(const char *f, const char *e);
/* does fact i of st still hold at the point? */
bool cp_fact_live(const struct cp_state *st, int i);
/* `x & B` after the mask writes of st */
enum cp_truth cp_mask_test(const char *e, const struct cp_state *st);

/* how a call writes what a condition reads (sideeffect.def SIDE_WRITE) */
#define CPW_DECTEST CPW_FACT	/* read by condproof.c's dec_to_zero() only */
struct cp_side_write {
	const char *name;
	enum cp_wkind kind;
	int lhs, val;	/* argument indexes; val -1: none */
	bool dectest;
};
extern const struct cp_side_write cp_side_writes[];
extern const size_t cp_nside;

/* cpexpr.c */
char *cp_blanked(const char *buf, size_t len);
void cp_add(struct cp_state *st, enum cp_wkind k, const char *lhs, const char *val, const char *text);

/* cptext.c */
unsigned cp_seg_start(const char *t, unsigned lo, unsigned end);
char *cp_trimmed(const char *t, unsigned a, unsigned b);
bool cp_starts_kw(const char *s, const char *kw);
char *cp_header_test(const char *h);
char *cp_deref(const char *a);
int cp_args_of(const char *s, char **out, int max);
char *cp_pointer_arg(const char *a);
bool cp_call_pure(const char *name, size_t n);
char *cp_declared(const char *lhs);
char *cp_mask_of(const char *val);
unsigned cp_skip_prev(const char *t, unsigned lo, unsigned p);
unsigned cp_enclosing_open(const char *t, unsigned lo, unsigned p);
size_t cp_labels(const char *s, bool *go, bool *sw);
bool cp_is_jump(const char *s);
bool cp_is_header(const char *s);

#endif /* WQPORT_CONDPROOF_INT_H */

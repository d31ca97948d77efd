/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Private to analysis/condproof.c and analysis/cpfacts.c.
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

#endif /* WQPORT_CONDPROOF_INT_H */

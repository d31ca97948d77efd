/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The model check's entry points, for the fix engine and the outcome:
 * the rest of fix/modelcheck/ is private to it (vmodel.h).
 */
#ifndef WQPORT_FIX_MODELCHECK_H
#define WQPORT_FIX_MODELCHECK_H

#include "validate.h"

/*
 * The model check generated from the file (fix/modelcheck/): fn before and
 * after the rewrite against the file's wakers of its queues.  NULL when
 * the rewrite adds no property, with *verdict "model: ..." (allocated);
 * else an allocated "unproven: ..." with the trace.
 */
char *model_check_function(const struct vside *orig, const struct vside *rew,
			   const char *fn, char **verdict,
			   struct model_facts *mf);
/* ... in one configuration of its #if chains (as validate_config());
 * mf (may be NULL): the facts of the verdict, for the site's record */
char *model_check_config(const struct vside *orig, const struct vside *rew,
			 const char *fn, const int *sel, char **verdict,
			 bool *unreadable, struct model_facts *mf);
/*
 * The model check's verdict from its record (vmodel_words.c), for the
 * sleeps of mine by ordinal (a site's own; ~0u: the whole function).
 */
char *model_words(const struct model_facts *mf, uint32_t mine);
/*
 * Does the rewrite keep a lost wake-up at the sleeps of mine that the
 * model found plainly (on a test that reads the waker's writes, with
 * nothing it left out closing it)?  The site then keeps the race.
 */
bool model_keeps_loss(const struct model_facts *mf, uint32_t mine);

#endif /* WQPORT_FIX_MODELCHECK_H */

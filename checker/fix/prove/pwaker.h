/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Private to fix/prove/proof.c and fix/prove/pwaker.c: the wakers of a sleeper's
 * queue, in the file and in the other files of its module, with their
 * writes before the wake-up in the sleeper's terms.
 */
#ifndef WQPORT_PWAKER_H
#define WQPORT_PWAKER_H

#include "condproof.h"
#include "site.h"

/* one waker, its writes in the sleeper's terms */
struct pwaker {
	char *desc;		/* "interrupt handler fd_irq()" */
	struct cp_state st;	/* writes before its wake-up */
	struct cp_state *callers;	/* one level up, each with st first */
	int ncallers;
	bool callers_all;	/* those callers are its only ones: a static
				 * function whose name is only called
				 * (text_function_sealed()) */
	char *dropped;		/* a write reached through another local */
	char *fail;		/* why it cannot be used at all */
};

/*
 * The wakers of the queue the sleep at sc->anchor_off sleeps on; sn, sf
 * and st_ the sleeping function's name, body start and end.  *why when
 * there is none.
 */
int gather_wakers(const struct site_ctx *sc, const char *func,
		  unsigned sn, unsigned sf, unsigned st_,
		  struct pwaker **out, char **why);
/* Is waker pw sure to make cond true before it wakes?  *why if not. */
/* Does the waker's write through a local of its own, d, name a word of
 * cond (else it is no reason the proof failed)? */
bool waker_dropped_names(const char *d, const char *cond);
bool waker_makes_true(const struct site_ctx *sc, struct pwaker *pw,
		      const char *cond, char **why);
void pwaker_free(struct pwaker *pw);

#endif /* WQPORT_PWAKER_H */

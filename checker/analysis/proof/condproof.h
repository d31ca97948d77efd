/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * analysis/proof/condproof.c: what holds at a point of a function on every
 * path to it (the nearest writes and the if-tests it sits under), and
 * what a wait condition evaluates to there.  Read from the text, as
 * wakers.c reads the wakers.
 */
#ifndef WQPORT_CONDPROOF_H
#define WQPORT_CONDPROOF_H

#include <stdbool.h>
#include <stddef.h>

enum cp_truth { CP_UNKNOWN, CP_TRUE, CP_FALSE };

enum cp_wkind {
	CPW_SET,	/* lhs = val */
	CPW_ADD,	/* lhs += x, lhs++, atomic_inc(&lhs): a count grows */
	CPW_SUB,	/* lhs -= x, lhs--, atomic_dec(&lhs) */
	CPW_BITSET,	/* set_bit(val, &lhs) */
	CPW_BITCLR,	/* clear_bit(val, &lhs) */
	CPW_LISTADD,	/* list_add*(x, &lhs), skb_queue_tail(&lhs, x) */
	CPW_OPAQUE,	/* a call that may write anything under lhs */
	CPW_FACT,	/* lhs is a test known true here (an if around) */
	CPW_MASKSET,	/* lhs |= val: the bits of val set */
	CPW_MASKCLR,	/* lhs &= ~val: the bits of val cleared */
};

struct cp_write {
	enum cp_wkind kind;
	char *lhs;	/* normalised: no blanks, no outer parentheses */
	char *val;
	char *text;	/* the statement, for messages */
};

struct cp_state {
	struct cp_write *w;	/* nearest first */
	int n;
	const char *stop;	/* why the walk stopped early, or NULL */
};

/*
 * The writes and tests on every path from the function body's start
 * (offset body, just after its '{') to the statement at offset at.
 */
void cp_walk(const char *buf, size_t len, unsigned body, unsigned at,
	     struct cp_state *st);
void cp_state_free(struct cp_state *st);
/* What the statements in [a, b) may write, no value known (CPW_OPAQUE). */
void cp_may_writes(const char *buf, size_t len, unsigned a, unsigned b,
		   struct cp_state *st);
/*
 * analysis/proof/cpwalk.c: what a call of the file's function fn with args
 * may write, in the caller's terms (its parameters replaced by the
 * arguments, its locals dropped); false when fn is not defined here.
 */
bool cp_helper_writes(const char *buf, size_t len, const char *fn,
		      const char *const *args, int n, struct cp_state *st);
/* Move the writes of another function to this point: prepend. */
void cp_state_prepend(struct cp_state *st, const struct cp_state *nearer);

/*
 * Rename base `from` (with its member operator from_op, "->" or ".")
 * to `to`/`to_op` in every write; writes through another base of the
 * waker's locals are dropped (*dropped counts them).
 */
void cp_rebase(struct cp_state *st, const char *from, const char *from_op,
	       const char *to, const char *to_op);

/* What cond is, given the writes and tests st holds. */
enum cp_truth cp_eval(const char *buf, size_t len, const char *cond,
		      const struct cp_state *st);

/* Normalised copy of an expression: blanks and outer parentheses off. */
char *cp_norm(const char *e);
/* Split a queue or lvalue `a->b.c` into base `a->b`, op ".", member c. */
bool cp_split(const char *e, char **base, const char **op, char **member);
/* The identifiers declared in the function [fn, body_end) (params too). */
bool cp_is_local(const char *buf, unsigned fn, unsigned end,
		 const char *name);

#endif /* WQPORT_CONDPROOF_H */

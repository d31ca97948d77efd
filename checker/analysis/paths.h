/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What a path knows about the tests it passed (paths.c), shared by the
 * two walks that use it: the refinement of the dataflow facts
 * (paths_refine()) and the feasibility of one reported path
 * (bounds.c, paths_feasible()).
 */
#ifndef WQPORT_PATHS_H
#define WQPORT_PATHS_H

#include "cfg.h"

#define MAX_CONDS	12
#define MAX_DEREFS	3
#define MAX_PARTS	4

struct pstate {
	int node;
	uint32_t facts;
	int nconds;
	const char *cond[MAX_CONDS];	/* interned keys */
	bool val[MAX_CONDS];
	bool sticky[MAX_CONDS];		/* a dereference: survives calls */
};

/* A test's key: its canonical text, interned, and whether it is negated. */
struct tkey {
	const char *key;
	bool flip;
	char op;			/* '&' or '|': a compound of parts */
	int nparts;
	const char *part[MAX_PARTS];
	bool pflip[MAX_PARTS];
	int empty_entry;		/* list_empty(&e.entry): e's index */
};

struct walk {
	const struct cfg *g;
	const struct flow *fl;
	struct pstate *stack;
	int sp, cap;
	uint64_t *seen;
	size_t nseen;
	uint32_t *in;
	char **keys;			/* interned canonical texts */
	int nkeys, capkeys;
	struct tkey *tk;		/* per N_TEST node */
	const char *(*deref)[MAX_DEREFS];	/* per N_EVENT node */
};

/* Key every test and wait-API dereference of w->g; free with paths_unkey(). */
void paths_key(struct walk *w);
void paths_unkey(struct walk *w);
/* Forget, at node s->node, the outcomes its writes or calls may change. */
void paths_forget(const struct walk *w, struct pstate *s);
/* Known outcome of test k under s: 1 true, 0 false, -1 unknown. */
int paths_known(const struct pstate *s, const struct tkey *k);
/* Record that test k took outcome on the path of s. */
void paths_record(struct pstate *s, const struct tkey *k, bool outcome);
/*
 * WQPORT_NO_FEASIBILITY=1 (a mutation switch for the tests): every test
 * is taken both ways, whatever the path knows.
 */
bool paths_no_feasibility(void);
/* A walk state's hash, and whether it is new to the walk's seen set. */
uint64_t paths_state_hash(const struct pstate *s);
bool paths_seen_add(struct walk *w, uint64_t h);

#endif /* WQPORT_PATHS_H */

/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What a path knows about the tests it passed (paths.c), shared by the
 * two walks that use it: the refinement of the dataflow facts
 * (paths_refine()) and the feasibility of one reported path
 * (bounds.c, paths_feasible()).
 */
#ifndef WQPORT_PATHS_H
#define WQPORT_PATHS_H

#include "analysis.h"

#define MAX_CONDS	12
#define MAX_DEREFS	3
#define MAX_PARTS	4
#define MAX_RANGES	6

struct pstate {
	int node;
	uint32_t facts;
	int nconds;
	const char *cond[MAX_CONDS];	/* interned keys */
	bool val[MAX_CONDS];
	bool sticky[MAX_CONDS];		/* a dereference: survives calls */
	/* the values the path allows a local or parameter (paths.c) */
	int nranges;
	const char *rname[MAX_RANGES];	/* interned names */
	int64_t lo[MAX_RANGES], hi[MAX_RANGES];
};

/*
 * A test the ranges can decide: a canonical `a > b`, `a >= b` or
 * `a != b` (a plain `a` is `a != 0`) whose sides are locals or
 * parameters (interned names) or numbers.
 */
struct trel {
	char op;			/* '>', 'G' (>=), '!' (!=); 0: none */
	const char *var[2];		/* a name, or NULL: num[] holds it */
	int64_t num[2];
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
	bool linked_entry;		/* ... e.task_list.next, e.entry.next:
					 * true when e is on a queue */
	struct trel rel;		/* the whole key's, for the ranges */
	struct trel prel[MAX_PARTS];
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
/* The interned copy of t[0..len) (a test's key, a local's name). */
const char *paths_intern(struct walk *w, const char *t, size_t len);

/* analysis/flow/ranges.c: the values a path allows its locals */
/* The relation a canonical key states, if the ranges can decide it. */
void ranges_key(struct walk *w, struct trel *r, const char *key);
/* 1: it holds on the path, 0: it does not, -1: not known. */
int ranges_decide(const struct pstate *s, const struct trel *r);
/* The path took it with that truth: narrow the sides. */
void ranges_record(struct pstate *s, const struct trel *r, bool truth);
/* N_ASSIGN node n writes a local: its new interval, or none. */
void ranges_write(const struct walk *w, struct pstate *s, int n);

/* A walk state's hash, and whether it is new to the walk's seen set. */
uint64_t paths_state_hash(const struct pstate *s);
bool paths_seen_add(struct walk *w, uint64_t h);

#endif /* WQPORT_PATHS_H */

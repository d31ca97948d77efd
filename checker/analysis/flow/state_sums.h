// SPDX-License-Identifier: GPL-2.0-only
/*
 * The task state summaries' own data (state_summary.c): each function's
 * exit and entry, the calls between the file's functions, the texts
 * they were read from.  Private to state_summary.c; the rest of the
 * checker asks through analysis.h.
 */
#ifndef WQPORT_STATE_SUMS_H
#define WQPORT_STATE_SUMS_H

#include "analysis.h"
#include "builder.h"

#define SX_FOUND	0x1u	/* a return leaves the state it was entered in */
#define SX_SLEEP	0x2u	/* ... a sleeping state set in it or below */
#define SX_RUN		0x4u	/* ... TASK_RUNNING: set, or a sleep returned */

#define MAX_ROUNDS	16

struct sum_text {
	char *buf;		/* the file's text */
	size_t len;
	CXFile file;
	bool own;		/* buf was read here */
	struct macro_cache mc;
};

struct sum_call {
	int caller, callee;
	uint32_t state;		/* at the call; FL_UNKNOWN: the caller's entry */
	struct wq_pos pos;	/* of the call (line 0: not known) */
};

struct sum_fn {
	char *name;
	CXCursor cur;
	int text;
	unsigned from, to;	/* the body in its text */
	bool is_static, addr_taken, thread, direct, touches, graph;
	bool called;		/* another function of the file calls it */
	bool stored;		/* its name is a value: `.write = fn` */
	bool helper;		/* a sleep helper: see sleep_helper() */
	bool linked;		/* touches, and calls or is called */
	char *state_param;	/* the parameter carrying a task state */
	int *calls;		/* the touching functions it calls, in order */
	unsigned *call_at;	/* ... each call's offset in its text */
	int ncalls;
	struct cfg g;
	bool built;
	unsigned exit;		/* SX_* */
	const char *exit_setter;
	uint32_t entry;		/* FL_* */
	const char *entry_setter;
	const char *run_caller, *sleep_caller;
	struct wq_pos run_pos;	/* run_caller's call of it (line 0: none) */
	bool run_main;		/* ... in the checked file's own text */
};

#define HASH_BITS	10

struct state_sums {
	struct sum_fn *fn;
	int n;
	int *hash;		/* open addressing on the names: index + 1 */
	unsigned hsize;
	struct sum_text *texts;
	int ntexts;
	struct sum_call *sites;
	int nsites;
};

/* state_query.c: the hash of name[0..len); the index of function
 * name[0..len) in s, or -1 */
unsigned sums_name_hash(const char *name, size_t len);
int sums_find_fn(const struct state_sums *s, const char *name, size_t len);

/*
 * fnaddr.c: is the function name at offset at of buf, an argument of
 * call[0..n) (a driver's macro), only data there: the macro's definition
 * (in the summaries' texts, else in path's quoted headers)
 * uses that parameter only cast to an integer (a trace record)?
 */
bool fn_name_is_data(const struct state_sums *s, const char *path,
		     const char *buf, const char *call, size_t n, unsigned at);

#endif

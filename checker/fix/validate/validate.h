/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Translation validation of `wqport fix` (validate.c, validate_tok.c):
 * the rewritten function is compared with the original one from their
 * tokens, independently of the planner and of libclang's AST, so that
 * it still works where the parse dropped statements (a missing private
 * header, case labels nobody defines).
 *
 * validate_tok.c cuts a function into tokens and builds a small
 * control-flow graph of its statements; validate.c runs the task state,
 * wait entries, interrupts and locks along it and compares the sleeps.
 */
#ifndef WQPORT_FIX_VALIDATE_H
#define WQPORT_FIX_VALIDATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "fix.h"
#include "record.h"

enum vtok_kind { VT_ID, VT_NUM, VT_STR, VT_PUNCT, VT_PP };

/* preprocessor directive kinds of a VT_PP token */
enum vpp { VPP_OTHER, VPP_IF, VPP_ELIF, VPP_ELSE, VPP_ENDIF };

struct vtok {
	enum vtok_kind kind;
	unsigned off, len;	/* in the text */
	unsigned line;		/* 1-based, in the whole text */
	enum vpp pp;		/* VT_PP only */
	int chain, branch;	/* innermost #if chain and its branch, or -1 */
	int block;		/* index of the enclosing '{', or -1 */
};

/* A #if chain inside the function: its branches' conditions. */
struct vchain {
	int parent, pbranch;	/* enclosing chain and branch, or -1 */
	int nbranch;
	int iftok;		/* the #if token */
	bool has_else;
	unsigned upper[8];	/* a version branch: newest kernel it is for
				 * (exclusive, KERNEL_VERSION form), or 0 */
};

struct vtoks {
	const char *text;
	struct vtok *t;
	int n, cap;
	struct vchain *ch;
	int nch;
};

/* Tokens of text[start, end); false when the text is not C enough. */
bool vtok_cut(struct vtoks *v, const char *text, unsigned start, unsigned end);
void vtok_release(struct vtoks *v);
/* Keep one branch of each #if chain (the first not '#if 0'), no chain
 * directive: for a chain that cuts through statements */
void vtok_flatten(struct vtoks *v);
/* Keep branch sel[c] of each chain c (nbranch: none, for a chain with no
 * #else), no chain directive: one configuration of the preprocessor */
void vtok_select(struct vtoks *v, const int *sel);
/* How many configurations chain c has: its branches, and none without
 * an #else */
int vtok_choices(const struct vtoks *v, int c);
/* The configuration vtok_flatten() keeps (validate_pp.c) */
void vtok_default_sel(const struct vtoks *v, int *sel);
/* Would a preprocessor select sel: do chains testing one macro agree? */
bool vtok_consistent(const struct vtoks *v, const int *sel);
bool vtok_is(const struct vtoks *v, int i, const char *s);
/* Index of the token closing the bracket at i, or -1 */
int vtok_match(const struct vtoks *v, int i);
/* Do two tokens lie in branches of the same #if chain that exclude
 * each other? */
bool vtok_exclusive(const struct vtoks *v, int a, int b);
/* The text of tokens [a, b) with single spaces only between words */
char *vtok_text(const struct vtoks *v, int a, int b);

enum vnode_kind {
	VN_JOIN,	/* no tokens */
	VN_STMT,	/* a simple statement */
	VN_COND,	/* a test: succ[0] taken when true, succ[1] when false */
	VN_RET,		/* return ...; goes to the exit */
	VN_EXIT,
};

struct vnode {
	enum vnode_kind kind;
	int first, last;	/* tokens [first, last) */
	int *succ;
	int nsucc, capsucc;
};

struct vcfg {
	struct vnode *n;
	int nn, capn;
	int entry, exit;
	char *error;		/* why no graph was built */
};

/* The graph of the function body whose '{' is token lb. */
bool vcfg_build(struct vcfg *g, const struct vtoks *v, int lb);
void vcfg_release(struct vcfg *g);

/*
 * Validate function fn of the rewritten text against the original.
 * NULL when proven, with *proof (if given) a short summary; else an
 * allocated "unproven: ..." naming the statement.
 */
struct vside {
	const char *text;
	size_t len;
	const struct fix_fn *fns;	/* every function of the text */
	int nfns;
	const char *path;	/* the file, for its module's wakers, or NULL */
	unsigned kernel;	/* the kernel the code is from, 0: not known */
};

char *validate_function(const struct vside *orig, const struct vside *rew,
			const char *fn, unsigned target, char **proof);
/*
 * ... in one configuration of its #if chains (sel, as vtok_select(); NULL:
 * every chain that reads as statements a branch of the graph).
 * *unreadable: a side's statements do not read as C (validate_pp.c then
 * tries the configurations one by one).
 */
char *validate_config(const struct vside *orig, const struct vside *rew,
		      const char *fn, unsigned target, const int *sel,
		      char **proof, bool *unreadable);

/*
 * The configurations of fn a preprocessor may select, when the rewrite
 * kept every directive where it was (validate_pp.c): their count, each a
 * selection of *sel (ot->nch entries, as vtok_select()); *ot, *rt the
 * tokens of both sides, released by the caller when the count is above 0.
 */
int vconfig_alternatives(const struct vside *orig, const struct vside *rew,
			 const char *fn, struct vtoks *ot, struct vtoks *rt,
			 int **sel);


/* ---- shared by validate.c and validate_ev.c ---- */

#define VMAXE 8		/* wait entries per function */
#define VMAXQ 32	/* queues, locks */

enum vev_kind {
	EV_STATE, EV_PREPARE, EV_ADD, EV_REMOVE, EV_FINISH, EV_SLEEP,
	EV_SLEEPON, EV_WAITEV, EV_IRQOFF, EV_IRQON, EV_LOCK, EV_UNLOCK,
};

struct vev {
	enum vev_kind k;
	int st;			/* interned state, -1: none */
	int q, ent, lock;	/* interned, -1: none */
	bool excl, timed, keeps_irq;
	bool fails;		/* EV_LOCK that is the whole test of an if:
				 * its true arm does not hold the lock
				 * (mutex_lock_interruptible() failed) */
	int tok;		/* token of the statement in the function */
	unsigned line;
	char *what;		/* the call as written, for messages */
	char *tmo;		/* a sleep's timeout as written, or NULL */
	char *recv;		/* x of `x = sleep(...)`, or NULL */
};

/* One side (original or rewrite) of a function. */
struct vfn {
	const struct vside *side;
	const struct fix_fn *fn;
	struct vtoks raw;	/* every token, #if chains kept */
	struct vtoks flow;	/* the tokens the graph is built from */
	struct vcfg g;
	int **nev, *nnev;	/* events of each node: indexes into ev */
	struct vev *ev;
	int nev_all;
	char **exp;		/* macro expansions: texts events point into */
	int nexp;
};

/* What both sides share: the interned names. */
struct vval {
	char *names[4][VMAXQ];	/* states, queues, entries, locks */
	int nnames[4];
	bool autorm[2][VMAXE];	/* per side: entry is autoremove */
	bool overflow;
	unsigned target;
	unsigned kernel;	/* the original's kernel (vside), 0: not known */
};

enum { NS_STATE, NS_QUEUE, NS_ENTRY, NS_LOCK };

static inline bool tok_eq(const struct vtoks *v, int i, const char *s)
{
	return vtok_is(v, i, s);
}

static inline bool name_is(const struct vtoks *v, int i, const char *s, size_t n)
{
	return v->t[i].len == n && !memcmp(v->text + v->t[i].off, s, n);
}

static inline bool same_tok(const struct vtoks *v, int a, int b)
{
	return v->t[a].len == v->t[b].len &&
	       !memcmp(v->text + v->t[a].off, v->text + v->t[b].off, v->t[a].len);
}

static inline bool starts(const char *s, size_t n, const char *p)
{
	size_t m = strlen(p);

	return n >= m && !memcmp(s, p, m);
}

static inline bool contains(const char *s, size_t n, const char *p)
{
	size_t m = strlen(p), i;

	for (i = 0; i + m <= n; i++)
		if (!memcmp(s + i, p, m))
			return true;
	return false;
}

int vintern(struct vval *vv, int ns, const char *s);
/*
 * Is the name at token k an argument of a call other than the wait API
 * (sleep, queue, leave, wait_event*()), init_waitqueue_head(),
 * DECLARE_WAIT_QUEUE_HEAD() or sizeof: something that may wake it?
 */
bool vtok_named_outside_wait(const struct vtoks *ft, int k);
char *vtok_name(const struct vtoks *v, int i);
int vcall_args(const struct vtoks *v, int lp, int *a, int *e, int max);
const struct fix_fn *vfind_fn(const struct vside *s, const char *name);
int vbody_brace(const struct vtoks *v);
/* Tokens, graph and events of fn in side s (side 0: original, 1: rewrite) */
bool vside_load(struct vval *vv, struct vfn *f, const struct vside *s,
		const char *name, int side, char **why);
/* ... with the #if branches of configuration sel only (vtok_select()) */
bool vside_load_sel(struct vval *vv, struct vfn *f, const struct vside *s,
		    const char *name, int side, const int *sel, char **why);
void vside_release(struct vfn *f);
/*
 * Is queue q (as the events name it) a static queue head of this file
 * that nothing outside the file can reach and nothing in it wakes
 * (vreach.c)?  Only such a queue may count as never woken.
 */
bool vqueue_sealed(const char *text, size_t len, const char *q);
/* Is q a queue head declared in text[start, end) (a function's own)? */
bool vqueue_local(const char *text, unsigned start, unsigned end,
		  const char *q);
/*
 * ... and one that no other code can reach: every use of it in the
 * function is its declaration, its initialisation, or a queue argument
 * of a sleep, queueing or dequeueing call (its address handed to no
 * other call, stored nowhere), so nothing but its own function names it
 * and nothing there wakes it: a `DECLARE_WAIT_QUEUE_HEAD_ONSTACK(wait)`
 * used only to nap on.
 */
bool vqueue_local_sealed(const char *text, unsigned start, unsigned end,
			 const char *q);
/*
 * ... or `root->m`, m a member of a struct defined in this .c file (the
 * root declared in [fn, fn_end) or at file scope) that every use in the
 * file only sleeps, queues on or sets up (vreach.c): for the model's
 * environment.
 */
bool vqueue_member_sealed(const char *text, size_t len, const char *path,
			  unsigned fn, unsigned fn_end, const char *q);
/*
 * vqueue_sealed() for the model's environment: a #define of this file
 * whose body names q only to wake it (or in the quiet wait API) is
 * followed to its uses, which are this file's wakers.
 */
bool vqueue_env_sealed(const char *text, size_t len, const char *q);
/*
 * The uses (token indexes of v, the file's tokens, at most max) of the
 * file's own macros whose body wakes the queue of last name key and may
 * be followed: wakers of this file.
 */
int vqueue_macro_wakers(const struct vtoks *v, const char *key, int *uses,
			int max);
/* Does the file name q's last name only in the wait API (no waker here)? */
bool vqueue_unnamed_here(const char *text, size_t len, const char *q);
char *vqueue_alias(const struct vtoks *v, const char *key);
/* Does the body of the file's macro name hold the word w as a name? */
bool vmacro_names(const struct vside *s, const char *name, size_t n,
		  const char *w);
/* Does a call of name repeat an effect when it runs again? */
bool vside_effect(const struct vside *s, const char *name, size_t n, int depth);

/*
 * One comparison of a function's two sides (validate.c, validate_cmp.c):
 * their runs (validate.c's fixpoint, private to it) and the map from the
 * rewrite's lines to the original's, for the words.
 */
struct vrun;
struct vcmp {
	struct vval *vv;
	struct vfn *o, *r;
	struct vrun *ro, *rr;
	unsigned *lmap, rfirst, nlmap;	/* rewrite line -> original line */
	int woke;		/* a sleep the original ran in TASK_RUNNING */
	const char *woke_to;	/* ... that now sleeps, in this state */
	int woke_some;		/* one it ran in TASK_RUNNING on some paths,
				 * in woke_from on others */
	const char *woke_from;
	bool r_runs;		/* the rewrite's sleep being compared runs in
				 * TASK_RUNNING on some path too */
	const char *unwoken_q;	/* a queue the original slept on that
				 * nothing wakes, no queue in the rewrite */
};
/* The map of the rewrite's lines to the original's, and one line read
 * through it (validate_cmp.c) */
void vcmp_line_map(struct vcmp *m);
/* The starts of the lines of text[start, end), *n of them, and end after
 * them (validate_cmp.c). */
const char **text_lines(const char *text, unsigned start, unsigned end,
			unsigned *n);
/* Is line i of a the same text as line j of b (lines of text_lines())? */
bool lines_same(const char *const *a, unsigned i, const char *const *b,
		unsigned j);
/*
 * The longest common subsequence of two line lists: entry i * (nb + 1) + j
 * is its length for a[i..] and b[j..]; NULL when the table would be too
 * large (over 4,000,000 entries).
 */
unsigned *lines_lcs(const char *const *a, unsigned na, const char *const *b,
		    unsigned nb);
unsigned vcmp_line(const struct vcmp *m, unsigned l);
/* The rewrite's tests repeating a side effect, a wait entry declared twice
 * in one block, an API the target lacks: the first as a reason, or NULL
 * (validate_cmp.c) */
char *compare_effects(struct vcmp *m);
char *compare_decls(struct vcmp *m);
char *compare_apis(struct vcmp *m);

/* " (a wait_event*_lock_irq() form keeps them)" where that is so of the
 * call what (the one that disabled interrupts) and the target, else ""
 * (validate_ev.c) */
const char *irq_keep_words(const char *what, unsigned target);
/* Does the call what disable interrupts by taking a lock (spin_lock_irq*)? */
bool irq_by_lock(const char *what);

#endif /* WQPORT_FIX_VALIDATE_H */

/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * One run of the model check (vmodel.c): the explicit states of the
 * waiter and its waker, for the files that run it again with an
 * exclusion the first run left out (vmodel_unless.c).
 */
#ifndef WQPORT_FIX_VMODEL_RUN_H
#define WQPORT_FIX_VMODEL_RUN_H

#include <stdint.h>

#include "vmodel.h"

#define MAXSLEEPS 3	/* sleeps of the waiter in one schedule */
#define MAXSPINS 4	/* schedule() in TASK_RUNNING in a row: busy loop */
#define MAXSTATES 200000
#define MAXBRANCH 8	/* successors of a node the waiter follows */
#define SO_ENT VMAXE		/* the entry of a sleep_on() */
#define WE_ENT (VMAXE + 1)	/* the entry of a wait_event*() */


struct mstate {
	int16_t node;
	uint8_t k, sub;		/* event of the node, its step */
	int8_t ts;		/* interned state, -1: the caller's */
	uint32_t held;		/* the waker's locks the waiter holds, by index */
	uint8_t done, wpc, wheld, nsl, spins, exited;
	uint8_t snap;		/* done as the last copy node took it */
	uint8_t iheld, isave;	/* xirq: interrupts off, and before a sleep_on() */
	uint8_t kread;		/* kthread_stop()'s run: a test of
				 * kthread_should_stop() read it true since
				 * the last sleeping state write */
	uint16_t queued;	/* entries on a queue, SO_ENT and WE_ENT too */
	int8_t entq[VMAXE + 2];
};

struct mnode {
	struct mstate s;
	int parent;
	int pe;			/* waiter event of the step in, or -1 */
	int8_t pwaker;		/* waker step of the step in, or -1 */
	uint8_t props;
	int nsucc;
	int *succ;
	uint64_t count;
	uint8_t mark;
};

struct mrun {
	struct vval *vv;
	struct vfn *f;
	int side;
	const struct mwaker *w;
	char *qkey;		/* the queue the waker wakes */
	int8_t *cls;		/* per node: 0 either, 1 true = wait, 2 true = go */
	bool *guard;		/* per node: on the waiting arm of a condition */
	bool *wguard;		/* ... of a test that names what the waker
				 * writes; NULL: its writes were not read */
	uint32_t *swait;	/* per switch node: the cases that sleep */
	bool *decides;		/* per node: model_decides() */
	bool *ktest;		/* per node: a test of kthread_should_stop() */
	bool *snaptake;		/* per node: takes a copy of the condition */
	bool *snapread;		/* per node: a test of the condition that
				 * reads the copy (model_copies()) */
	bool *kguard;		/* per node: on the waiting arm of a test of
				 * kthread_should_stop(): kthread_stop() ends
				 * a sleep there */
	int run;		/* interned TASK_RUNNING */
	int intr;		/* interned TASK_INTERRUPTIBLE */
	struct mnode *n;
	int nn, capn;
	int *hash;
	unsigned hcap;
	bool overflow;
	unsigned props;
	int prop_at[8];		/* a state with the property, per bit */
	bool wlock[VMAXQ];	/* per lock of the waiter's: one the waker
				 * holds (waker_lock_match()) */
	int xlock;		/* a lock of the waiter's the waker is made to
				 * take too, or -1 */
	bool xirq;		/* the waker cannot run while the waiter has
				 * interrupts off */
	bool entry_held;	/* the waiter holds xlock from its entry (a lock
				 * it drops before it takes it: its callers') */
	bool xbkl;		/* the big kernel lock: the waiter holds it
				 * but where it sleeps (schedule() drops it),
				 * the waker from before its change until after
				 * its wake-up (vmodel_bkl.c) */
	uint32_t sleep_at[8];	/* per property: the sleeps (sleep_ord()) it
				 * was found asleep in */
	uint32_t reached;	/* the sleeps it had the waiter asleep in */
	uint32_t seen_at[2];	/* P_LOST, P_TLOST: the sleeps it was found
				 * in on the waiting arm of a test of what
				 * the waker writes (or the writes unread) */
	unsigned asleep_in;	/* the states it slept in: M_UNINTR, ... */
};

/* vmodel_cond.c: the nodes reachable from `from`, not going on from c
 * (-1: none) nor, with run >= 0, from a node that sets the task running
 * (allocated); does node nd write a sleeping state? */
bool *reach_until(const struct vfn *f, int from, int c, int run);
bool *reach_set(const struct vfn *f, int from, int c);
bool writes_state(const struct vfn *f, int nd, int run);
/* does test node nd name a word of list, itself or through a helper of
 * the file it calls? */
bool node_names_any(const struct vfn *f, int nd, const char *list);
/* vmodel_locals.c: does test node nd read only the function's own names,
 * which no waker writes? */
bool node_locals_only(const struct vfn *f, int nd);
/* the names the wait-condition tests of o read ("'a', 'b'", allocated),
 * when each is a static of file s that keeps its first value
 * (text_static_sealed()) and the tests read nothing else: no waker, in
 * this file or another, changes them; else NULL */
char *sealed_test(const struct vside *s, const struct vfn *o);
/* does test node nd read memory only, as named: no call, no local a
 * call returned or whose address is passed on? */
bool node_plain_data(const struct vfn *f, int nd);
/* per node: a test of the condition that reads a local copy of shared
 * state, and a node that takes such a copy (allocated); writes: what the
 * waker writes (NULL: not read) */
void model_copies(const struct vfn *f, int8_t *cls, const char *writes,
		  bool **take, bool **read);
/* vmodel_exits.c: does test node nd name w1 or w2 (what the sleep
 * returned), a signal, or no name at all (a constant)? */
bool node_names(const struct vfn *f, int nd, const char *w1, const char *w2);

/* vmodel_kthread.c: the test kthread_stop() makes true (wqport.h) */
#define KSTOP_TEST KTHREAD_STOP_TEST
/* per node: an either-way test (cls 0) that decides whether a sleep
 * runs, one arm reaching it and the other not (allocated) */
bool *model_decides(const struct vfn *f, const int8_t *cls);
/* does a test of f read kthread_should_stop(); in *kguard the nodes on
 * the waiting arms of those tests (allocated); for kthread_stop()'s run,
 * the other tests go either way and the guard is kguard's; the waker */
bool tests_kstop(const struct vfn *f);
bool *kstop_tests(const struct vfn *f);
void kstop_guard(const struct vfn *f, const int8_t *cls, bool **kguard);
void kstop_conditions(const struct vfn *f, int8_t *cls, bool *guard,
		      const bool *wguard);
void kstop_waker(struct mwaker *w);

/* A run of f (side 0 the original, 1 the rewrite) against waker w of
 * queue qkey; explore() fills it; mrun_release() frees it. */
void mrun_start(struct mrun *r, struct vval *vv, struct vfn *f,
		int side, const struct mwaker *w, const char *qkey);
void explore(struct mrun *r);
void mrun_release(struct mrun *r);
/* vmodel_words.c: the maximal paths of a run from its first state (a
 * back edge ends one), and the steps that lead to its state at */
uint64_t schedules(struct mrun *r);
char *trace_of(const struct mrun *r, int at);
/* vmodel_unless.c: what would close a lost wake-up the run found, or
 * NULL (allocated) */
char *lost_unless(struct vval *vv, struct vfn *f, int side,
		  const struct mwaker *w, const char *qkey);
/*
 * vmodel_unless.c: a lock f drops before it takes it (its callers'),
 * which every call of f in its file is read to be made holding and the
 * waker w holds too: the runs have f hold it from its entry.  Its
 * index, and *words ("f() is entered holding L ..."), or -1.
 */
int entry_lock_known(const struct vval *vv, const struct vfn *f,
		     const struct mwaker *w, char **words);
/* ... what run r of waker w found of a lost wake-up, into out; the
 * rewrite's losing wakers into the record, when another run lost none */
/* vmodel_bkl.c: the big kernel lock of an old tty layer closes it */
char *bkl_closes(struct vval *vv, struct vfn *f, int side,
		 const struct mwaker *w, const char *qkey);
void side_loss(struct mside *out, struct vval *vv, struct vfn *f, int side,
	       const struct mwaker *w, const char *qkey, const struct mrun *r);
void lost_by_facts(const struct mside *mr, struct model_facts *mf);

#endif /* WQPORT_FIX_VMODEL_RUN_H */

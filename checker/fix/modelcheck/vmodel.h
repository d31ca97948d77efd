/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The model check generated from the file (vmodel.c): the environment
 * it runs a function against, read from the file (vmodel_env.c).
 */
#ifndef WQPORT_FIX_VMODEL_H
#define WQPORT_FIX_VMODEL_H

#include "modelcheck.h"

#define MAXWAKERS 8	/* distinct wakers per queue */
#define MAXCOUNT 1000000000ull	/* schedules counted; more: "more than" */

/* enum mprop, the properties the model finds: fix/record.h */


/* The states a waiter slept in (mside.asleep_in, record.h asleep_in),
 * and M_TIMED: one of its sleeps had a timeout */
enum { M_UNINTR = 1, M_INTR = 2, M_KILL = 4, M_TIMED = 8 };

/* A waker: sets the condition, then wakes (under a lock, maybe). */
struct mwaker {
	bool task;		/* wakes the task, not a queue */
	bool intr_only;		/* wakes TASK_INTERRUPTIBLE sleepers only */
	char *lock;		/* last names of the locks held, separated by
				 * spaces, or NULL */
	char *clock;		/* last names of the locks it takes and drops
				 * before its wake-up (around the condition?),
				 * separated by spaces, the last dropped
				 * first; or NULL */
	bool centry;		/* the first of clock it drops with nothing
				 * taken before: its callers hold it */
	bool entry_held;	/* lock is one it drops after its wake-up,
				 * taken nowhere before: its callers'
				 * (vmodel_locks.c lock_entered_held()) */
	char *what;		/* "wake_up(&d->wait) in foo_irq()" */
	char *writes;		/* the last names its function writes before
				 * its wake-up (vmodel_env.c waker_writes()),
				 * separated by spaces; NULL: not read (a
				 * waker outside this file) */
	bool other_sleeper;	/* it assigns something before its wake-up:
				 * it may be another sleeper's */
	bool kstop;		/* kthread_stop(): makes the tests of
				 * kthread_should_stop() true, wakes the task */
	char *held_texts;	/* the locks its own function holds at the
				 * wake-up as written, one a line, or NULL */
	uint32_t other;		/* the waiter's locks surely not those its
				 * last names say (waker_other_locks()) */
	char *callers;		/* the last names of its callers' locks, or
				 * NULL */
	const char *wbuf;	/* the text of its file */
	size_t wlen;
	unsigned wfn, wend, woff;	/* its function, its wake-up there */
	char *unread;		/* a guard before its wake-up whose lock the
				 * model does not read ("guard(foo)(d)"), or
				 * NULL */
	bool none;		/* no waker: timeouts only */
	bool opaque;		/* a waker out of the file */
};

struct mwakers {
	struct mwaker w[MAXWAKERS];
	int n;
	bool dropped;		/* more distinct wakers than MAXWAKERS */
	bool module;		/* the module's other files were read */
	char *files;		/* those with a waker: "foo_core.c, foo_irq.c" */
};

/*
 * vmodel_locks.c: the last names of the locks held at token k of the
 * function starting at token from (separated by spaces, NULL: none),
 * each as written in *text (one a line), those taken and dropped before k in
 * *released; *unread: a guard whose lock is not read (if not set yet);
 * callee[0..1]: the braces of the body of the function it calls whose
 * locks those are, when it takes none itself, or -1.
 */
/*
 * vmodel_locks.c: a lock the function whose body is tokens [from, end)
 * drops after token k having taken it nowhere before k (`wake_up(&q);
 * spin_unlock_bh(chip->mutex);` in a helper its callers call holding it):
 * held at k; its last name (allocated, *text: as written), or NULL.
 */
/* vmodel_cond.c: does a name of tokens [from, to) of v stand in the
 * space-separated words of list? */
bool vtoks_name_any(const struct vtoks *v, int from, int to,
		    const char *list);
char *lock_entered_held(const struct vtoks *v, size_t len, int from, int k,
			int end, char **text);
/*
 * vmodel_env.c: the locks (last names, space-separated) every call of
 * the static function fn of the file s is made holding (its callers'
 * own lock calls, or theirs two levels up), or NULL; *text: the first as
 * written, *by: who holds it there (both allocated, or NULL).
 */
char *fn_callers_lock(const struct vside *s, const char *fn, char **text,
		      char **by);
char *lock_held(const struct vtoks *v, size_t len, int from, int k,
		char **text, char **released, char **unread, int *callee,
		bool *entered);
/* vmodel_locks.c: a guard in the function's tokens (either side), whose
 * scope the sleeper's events do not follow: "guard(...)(...) in f(),
 * ..." (allocated), or NULL */
char *fn_guard(const struct vfn *o, const struct vfn *r);
/* a semaphore the sleeper and waker w both take (the model reads none) */
char *shared_semaphore(const struct vfn *o, const struct mwaker *w);
/*
 * vmodel_locks.c: in w->other the waiter's locks (vv's NS_LOCK names, o
 * the original function) that w's own function holds a lock of the same
 * last name of, but that qmatch.c finds surely another (`res->spinlock`
 * of one struct, `dlm->spinlock` of another), no caller holding one of
 * that name; per lock of the waiter, is it one w holds (its last name
 * one of w's, and not one of w->other)?
 */
void waker_other_locks(const struct vfn *o, const struct vval *vv,
		       struct mwaker *w);
void waker_lock_match(const struct vval *vv, const struct mwaker *w,
		      bool *same);
/* The last identifier of a queue or lock expression (allocated). */
char *last_name(const char *s);
/*
 * The wakers of queue key (task: the file's wake_up_process()) outside
 * function self, distinct by what the model sees of them; with qs (the
 * sleeper's queue as written) not those whose queue is surely another
 * of the same last name (fix/prove/qmatch.c).  *named: the key is named
 * in the file other than in the wait API.
 */
void find_wakers(const struct vside *s, const char *key, const char *qs,
		 bool task, const char *self, struct mwakers *ws, bool *named);
/*
 * The wakers of queue key (written qs in self) in the other files of the
 * module of the sleeper's file (fix/prove/module.c), added to ws.
 */
void find_module_wakers(const struct vside *s, const char *key,
			const char *qs, const char *self, struct mwakers *ws);
void wakers_release(struct mwakers *ws);
/*
 * Is the queue of last name key (in function fn) a static head of this
 * file, or a member of a struct only this .c file defines, that nothing
 * outside it reaches (vreach.c)?  Else its waker is outside this file.
 */
bool env_queue_sealed(const struct vside *s, const struct vval *vv,
		      const char *fn, const char *key);

/* The result of the runs of one side (original or rewrite). */
struct mside {
	unsigned props;
	uint64_t count;
	char *trace;		/* of the first property the rewrite adds */
	bool overflow;
	bool lost_plain;	/* a lost wake-up no exclusion of the waiter's
				 * that the model leaves out could close */
	char *lost_if;		/* else what would close it: "the waker ...",
				 * of each waker, joined by " and " */
	int nlost_by;		/* the wakers whose runs lost one */
	char *lost_by[MAXWAKERS];	/* what they are */
	uint32_t lost_by_at[MAXWAKERS];	/* the sleeps they lose in */
	bool lost_by_plain[MAXWAKERS];	/* no exclusion closes it */
	int nclean;		/* waker runs that found no lost wake-up */
	uint32_t sleep_at[8];	/* per property: the sleeps it was found in */
	uint32_t reached;	/* the sleeps a run had the waiter asleep in */
	uint32_t seen_at[2];	/* P_LOST, P_TLOST: where a run found it on
				 * the waiting arm of a test of what its
				 * waker writes (vmodel_run.h) */
	unsigned asleep_in;	/* the states it slept in: M_UNINTR, ... */
	char *entered;		/* "f() is entered holding L ...": a lock
				 * the runs had the waiter hold from its
				 * entry, every caller's (entry_lock_known()) */
};

/* What the model ran the function against, over its queues. */
struct menv {
	bool opaque;		/* a waker outside this file and its module */
	bool unwoken;		/* no waker for any of its queues: timeouts
				 * (and signals) only */
	bool complete;		/* every waker there can be */
	bool dropped;		/* a queue's wakers past MAXWAKERS not run */
	bool file;		/* a waker of this file */
	struct strbuf files;	/* the module's files with a waker */
};

/* Is w one of the space-separated words of list? */
bool word_in(const char *list, const char *w);
/* vmodel_cond.c: does text t name one of the words of list? */
bool text_names(const char *t, const char *list);
/* vmodel_env.c: the queue keys the function sleeps or queues on (both
 * sides, allocated); is waker j of ws one for the queue's other sleepers
 * (it writes nothing o or r names, where another waker writes what they
 * do)? */
int queue_keys(const struct vfn *o, const struct vfn *rw,
	       const struct vval *vv, char **keys, int max);
bool other_sleepers(const struct vfn *o, const struct vfn *r,
		    const struct mwakers *ws, int j);
/* vmodel_cond.c: for a waker that writes the names of writes (NULL: not
 * read): a test that names one and goes either way takes the sense of its
 * innermost loop (the arm that sleeps and comes back to it there waits);
 * in *wguard the nodes on the waiting arms of the tests that name one,
 * or on one arm only of such a test that goes either way (allocated;
 * NULL when writes is) */
void model_conditions_writes(const struct vfn *f, int8_t *cls,
			     const char *writes, bool **wguard);
/* vmodel_cond.c: is e a sleep; the tests that are the wait condition
 * (cls: 0 either way, 1 true = wait, 2 true = go) and the nodes on
 * their waiting arms (guard), allocated */
bool is_sleep_ev(const struct vev *e);
void model_conditions(const struct vfn *f, int8_t **cls, bool **guard);
/* ... for the run of one queue's waker: a test that waits for other
 * queues only (other[q]) goes either way */
void model_conditions_other(const struct vfn *f, int8_t *cls, const bool *other);
/* per switch node: its cases that reach a sleep (allocated) */
uint32_t *model_switches(const struct vfn *f);
/* the exits of a wait loop of f tested before its state write, where a
 * test after it hides them from the model: their lines, the sleeps in
 * *at (o: the original, whose wakers the model runs); *unlock: the line
 * of a lock such a loop drops before its sleep that not every waker
 * takes, or 0 */
int early_exits(struct vval *vv, const struct vfn *o, const struct vfn *f,
		const int8_t *cls, int run, unsigned *lines, int max,
		unsigned *skip, uint32_t *at, unsigned *unlock);
/* ... of both sides into the record (the original's lines) */
void early_facts(struct vval *vv, const struct vfn *o, const struct vfn *r,
		 struct model_facts *mf);
/* vmodel.c: the ordinal of sleep event e among f's sleeps, or -1 */
int sleep_ord(const struct vfn *f, int e);
/* vmodel_env.c: the wakers the model runs against for queue key (task:
 * the task's wake_up_process()), and what they are in *env */
void model_env(const struct vside *orig, struct vval *vv,
	       const struct vfn *o, const char *fn, const char *key,
	       bool task, struct mwakers *ws, struct menv *env);
bool has_sleep(const struct vfn *f);
/* vmodel_words.c: the words */
char *props_at(unsigned props, bool complete, const struct mside *m,
	       const unsigned *lines, int nl);
char *props_text(unsigned props, bool complete, const struct mside *m);
int sleep_lines(const struct vfn *o, const struct vfn *r, unsigned *lines);


/* vmodel_kthread.c: a wake_up_process(arg) at text offset at that starts
 * the thread its function made with kthread_create*() */
bool vkthread_start_wake(const char *text, size_t len, unsigned at,
			 const char *arg);

#endif /* WQPORT_FIX_VMODEL_H */

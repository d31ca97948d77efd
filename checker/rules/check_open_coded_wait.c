// SPDX-License-Identifier: GPL-2.0-only
/*
 * WQ002 open-coded-wait: a hand-written wait loop.
 *
 *	DECLARE_WAITQUEUE(wait, current);
 *	add_wait_queue(&dev->wq, &wait);
 *	for (;;) {
 *		set_current_state(TASK_INTERRUPTIBLE);
 *		if (dev->ready)
 *			break;
 *		schedule();
 *	}
 *	__set_current_state(TASK_RUNNING);
 *	remove_wait_queue(&dev->wq, &wait);
 *
 * Even when it is right, as here, it is boilerplate that is easy to get
 * wrong on the next edit; wait_event*() says the same in one line, and
 * prepare_to_wait()/finish_wait() where the loop must do more.  Reported
 * at the add_wait_queue() when schedule*() runs in a loop while the
 * entry it added is queued.
 */
#include <stdlib.h>
#include <string.h>

#include "rules.h"

/* What a wait loop does that a wait_event*() form must do too. */
struct wait_kind {
	bool excl;		/* its add is add_wait_queue_exclusive() */
	bool timeout;		/* it sleeps with a timeout */
	const char *state;	/* the sleeping state it sets, or "" */
	/* its add is __add_wait_queue*(): the caller holds the queue's own
	 * lock, which prepare_to_wait() and wait_event*() take; KF_NO_LOCK,
	 * else KF_QUEUE_LOCK or KF_QUEUE_LOCK_IRQ (spin_unlock_irq() of it) */
	enum kform_lock qlock;
	const char *add;	/* the add's API name */
	/* an unlock of another lock in the loop (`mutex_unlock(&d->lock);
	 * schedule();`): a wait_event*() in its place sleeps holding it */
	const struct wq_event *dropped;
	/* dropped with spin_unlock_irq() and taken again with
	 * spin_lock_irq(): a wait_event*_lock_irq*() form does the same */
	bool dropped_irq;
	/* it sleeps in io_schedule*() (KAPI_IO_SLEEP): counted as I/O wait,
	 * which of the wait_event*() forms only io_wait_event() keeps */
	bool io;
	bool io_mixed;		/* and in schedule*() on other paths */
	const char *sleep;	/* the sleep's API name */
};

/* Does the function set a sleeping task state anywhere? */
static bool sets_sleeping(const struct cfg *g)
{
	int n;

	for (n = 0; n < g->n; n++)
		if (g->nodes[n].kind == N_EVENT &&
		    (g->nodes[n].ev.api->kind == K_SET_STATE ||
		     g->nodes[n].ev.api->kind == K_PREPARE) &&
		    event_sleeping_state(&g->nodes[n].ev))
			return true;
	return false;
}

/* Is p the one node that leads to n, and n the only one p leads to? */
static bool only_way_in(const struct cfg *g, int p, int n)
{
	int i, j;

	if (g->nodes[p].nsucc != 1 || g->nodes[p].succ[0] != n)
		return false;
	for (i = 0; i < g->n; i++)
		for (j = 0; j < g->nodes[i].nsucc; j++)
			if (i != p && g->nodes[i].succ[j] == n)
				return false;
	return true;
}

/* What the loop of the add at add and the sleep at sleep does. */
static struct wait_kind loop_kind(const struct cfg *g, int add, int sleep)
{
	bool excl = strstr(g->nodes[add].ev.api->name, "exclusive") != NULL;
	bool timeout = node_is(g, sleep, K_SCHEDULE_TIMEOUT);
	const char *state = "";
	int n, loop = g->nodes[sleep].loop, io = -1;
	bool plain = false;

	for (n = 0; n < g->n; n++) {
		const struct wq_event *ev = &g->nodes[n].ev;

		/* set_current_state(S), or prepare_to_wait(q, &w, S) of an
		 * entry the loop also add_wait_queue()s */
		if (g->nodes[n].kind == N_EVENT &&
		    (ev->api->kind == K_SET_STATE || ev->api->kind == K_PREPARE) &&
		    event_sleeping_state(ev) && cfg_in_loop(g, n, loop) &&
		    ev->api->state_arg >= 0 && ev->api->state_arg < ev->nargs) {
			state = ev->args[ev->api->state_arg];
			break;
		}
	}
	/*
	 * `current->state = TASK_INTERRUPTIBLE; do { ... schedule(); }
	 * while (1);`: no state in the loop, the first sleep is in the one
	 * set last before the loop (WQ004 reports the loop itself).
	 */
	for (n = sleep - 1; !*state && n >= add; n--) {
		const struct wq_event *ev = &g->nodes[n].ev;

		/* a TASK_RUNNING on the loop's way out (a signal's
		 * return) is not the state its sleeps are in */
		if (loop >= 0 && cfg_in_loop(g, n, loop))
			continue;
		if (g->nodes[n].kind == N_EVENT && ev->api->kind == K_SET_STATE) {
			if (event_sleeping_state(ev))
				state = ev->args[ev->api->state_arg];
			else
				break;
		}
	}
	/* `set_current_state(S); add_wait_queue(q, &w);`: set right before */
	if (!*state && add > 0 && only_way_in(g, add - 1, add)) {
		const struct wq_event *ev = &g->nodes[add - 1].ev;

		if (g->nodes[add - 1].kind == N_EVENT &&
		    ev->api->kind == K_SET_STATE && event_sleeping_state(ev))
			state = ev->args[ev->api->state_arg];
	}
	/* any sleep of the loop in io_schedule*(): that one is named */
	for (n = 0; n < g->n && loop >= 0; n++) {
		const char *nm = g->nodes[n].kind == N_EVENT ?
				 g->nodes[n].ev.api->name : NULL;

		if (!nm || !node_is_sleep(g, n) || !cfg_in_loop(g, n, loop))
			continue;
		if (kapi_io_sleep(nm, strlen(nm)))
			io = n;
		else
			plain = true;
	}
	return (struct wait_kind){ excl, timeout, state, KF_NO_LOCK,
				   g->nodes[add].ev.api->name, NULL, false,
				   io >= 0, io >= 0 && plain,
				   g->nodes[io >= 0 ? io : sleep].ev.api->name };
}

static enum kform_state kind_state(const struct wait_kind *k)
{
	return strstr(k->state, "TASK_INTERRUPTIBLE") ? KF_INTERRUPTIBLE :
	       strstr(k->state, "TASK_KILLABLE") ? KF_KILLABLE :
	       k->io ? KF_IO : KF_UNINTERRUPTIBLE;
}

/* The form (kapi.def KAPI_FORM) that does all the loop does, or NULL. */
static const struct kapi_form *exact_form(const struct wait_kind *k)
{
	/* an interruptible one, or one in schedule() on other paths */
	if (k->io && (kind_state(k) != KF_IO || k->io_mixed))
		return NULL;
	return kform_find(KF_EVENT, kind_state(k),
			  k->timeout ? KF_JIFFIES : KF_UNTIMED, k->excl,
			  KF_NO_LOCK);
}

/*
 * The wait_event*() flavour of a loop: the form that does all the loop
 * does (exclusive and timed as it is; a form that drops the exclusive
 * add or the timeout is not the loop's), when its first release is
 * known (the finding names it for an older --target) or the target is
 * one whose headers have it; else NULL.
 */
static const char *open_coded_form(const struct wait_kind *k, unsigned target)
{
	const struct kapi_form *f = exact_form(k);

	if (!f || (!f->first && target && target < f->seen))
		return NULL;
	return f->name;
}

/*
 * The wait_event*_lock_irq*() form for a loop that drops another
 * spinlock with spin_unlock_irq() around its sleep and takes it again
 * with spin_lock_irq(), when the target's headers have it; else NULL.
 */
/* Is form f known to be in the target's headers (kapi.def's since)? */
static bool form_on_target(const struct kapi_form *f, unsigned target)
{
	return f && !(!f->first && target && target < f->seen) &&
	       !target_lacks(target, f->name);
}

static const struct kapi_form *dropped_lock_form(const struct wait_kind *k,
						 unsigned target)
{
	const struct kapi_form *f;

	if (!k->dropped_irq)
		return NULL;
	f = kform_find(KF_EVENT, kind_state(k),
		       k->timeout ? KF_JIFFIES : KF_UNTIMED, k->excl,
		       KF_SPIN_IRQ);
	return form_on_target(f, target) ? f : NULL;
}

/*
 * Why no wait_event*() form fits a loop that sleeps in io_schedule*():
 * they sleep in schedule(), and io_wait_event(), the one that does not,
 * waits uninterruptible, not exclusive, with no timeout.
 */
static char *io_why(const struct wait_kind *k, unsigned target)
{
	const struct kapi_form *io = kform_find(KF_EVENT, KF_IO, KF_UNTIMED,
						false, KF_NO_LOCK);

	if (k->io_mixed)
		return xasprintf(" (the loop sleeps in %s() on some paths, counted as I/O wait, and in schedule() on others: no wait_event*() form does both)",
				 k->sleep);
	return xasprintf(" (the loop sleeps in %s(), counted as I/O wait: wait_event*() forms sleep in schedule()%s%s%s)",
			 k->sleep ? k->sleep : "io_schedule",
			 form_on_target(io, target) ? ", and " : "",
			 form_on_target(io, target) ? io->name : "",
			 form_on_target(io, target) ?
			 "(), which does not, waits uninterruptible, not exclusive, with no timeout" : "");
}

/* The finding's text for a wait no wait_event*() form does. */
static char *no_form_text(const char *q, const char *entry,
			  const struct wait_kind *k, bool once,
			  unsigned target)
{
	const struct kapi_form *cmd = kform_find(KF_EVENT, kind_state(k),
						 k->timeout ? KF_JIFFIES :
						 KF_UNTIMED, k->excl, KF_CMD);
	char *why;

	if (!form_on_target(cmd, target))
		cmd = NULL;
	why = exact_form(k) ? xstrdup("") : k->io ?
		    io_why(k, target) :
		    xasprintf(" (no wait_event*() form waits %sin %s%s%s%s%s)",
			      k->excl ? "exclusive " : "",
			      kform_task_state(kind_state(k)),
			      k->timeout ? " with a timeout" : "",
			      cmd ? " but " : "", cmd ? cmd->name : "",
			      cmd ? "(), which runs two commands of the caller around each sleep" : "");
	char *msg = xasprintf("open-coded wait%s on '%s' with entry '%s'; use prepare_to_wait%s()/finish_wait()%s",
			      once ? "" : " loop", q ? q : "?", entry,
			      k->excl ? "_exclusive" : "", why);

	free(why);
	return msg;
}

/*
 * The finding's text for a loop on q with entry that does what k says;
 * NULL when the target has neither its form nor prepare_to_wait():
 * --target=2.4 and a timed or exclusive loop, the form that kernel has.
 * Whether it is written right is for WQ003-WQ007 to say; a warning that
 * only says "keep it" is noise.  once: the add's own sleep is in no
 * loop (an earlier add of the entry's name has the loop).
 */
/*
 * The finding's text for a loop whose entry is added under its queue's
 * own lock (__add_wait_queue*(), add): a *_locked*() form of that state
 * where one exists, else why neither prepare_to_wait() nor a
 * wait_event*() form fits, without naming one that would deadlock.
 */
static char *queue_locked_text(const char *q, const char *entry,
			       const char *add, const struct wait_kind *k,
			       bool once)
{
	const struct kapi_form *f = kform_find(KF_EVENT, kind_state(k),
					       k->timeout ? KF_JIFFIES : KF_UNTIMED,
					       k->excl, k->qlock);

	if (f)
		return xasprintf("open-coded wait%s on '%s' with entry '%s', added by %s() under the queue's own lock; use %s(), or keep the loop where it does more than wait (prepare_to_wait() takes that lock)",
				 once ? "" : " loop", q ? q : "?", entry, add,
				 f->name);
	return xasprintf("open-coded wait%s on '%s' with entry '%s', added by %s() under the queue's own lock: prepare_to_wait() and wait_event*() take that lock themselves, and no wait_event*() form waits %sin %s%s with it held; keep the loop, or add the entry outside the lock",
			 once ? "" : " loop", q ? q : "?", entry, add,
			 k->excl ? "exclusive " : "",
			 kform_task_state(kind_state(k)),
			 k->timeout ? " with a timeout" : "");
}

static char *open_coded_text(unsigned target, const char *q,
			     const char *entry, const struct wait_kind *k,
			     bool once)
{
	const char *form = open_coded_form(k, target);
	const struct kapi_form *lf;
	char *tnote, *msg;

	if (k->qlock != KF_NO_LOCK && !target_lacks(target, "prepare_to_wait"))
		return queue_locked_text(q, entry, k->add, k, once);

	if (!form)
		return target_lacks(target, "prepare_to_wait") ? NULL :
		       no_form_text(q, entry, k, once, target);
	if (k->dropped && !target_lacks(target, "prepare_to_wait") &&
	    (lf = dropped_lock_form(k, target)))
		return xasprintf("open-coded wait%s on '%s' with entry '%s'; use %s(), which drops %s around its sleep as the loop does with %s(), or prepare_to_wait()/finish_wait() keeping that unlock before the sleep: %s() in place of the loop would sleep holding the lock",
				 once ? "" : " loop", q ? q : "?", entry,
				 lf->name, k->dropped->args[0],
				 k->dropped->api->name, form);
	if (k->dropped && !target_lacks(target, "prepare_to_wait"))
		return xasprintf("open-coded wait%s on '%s' with entry '%s'; use prepare_to_wait()/finish_wait() and keep the %s() of %s before the sleep: %s() in place of the loop would sleep holding that lock",
				 once ? "" : " loop", q ? q : "?", entry,
				 k->dropped->api->name, k->dropped->args[0],
				 form);
	if (target_lacks(target, form) &&
	    target_lacks(target, "prepare_to_wait"))
		return NULL;
	if (target_lacks(target, form)) {
		char *v = kernel_version_text(target_api_since(form));

		tnote = xasprintf(" (%s() needs Linux %s)", form, v);
		free(v);
	} else if (target_lacks(target, "prepare_to_wait")) {
		char *t = kernel_version_text(target);
		char *v = kernel_version_text(target_api_since("prepare_to_wait"));

		/* 2.2.3 to 2.4: wait_event() is there, prepare_to_wait() not */
		tnote = xasprintf(
			" where the loop only waits; prepare_to_wait() is first in Linux %s, not in the target %s: where the loop does more, keep it, with the state set inside it before the condition test",
			v, t);
		free(t);
		free(v);
	} else {
		tnote = xstrdup("");
	}
	msg = target_lacks(target, "prepare_to_wait") ?
		xasprintf("open-coded wait%s on '%s' with entry '%s'; use %s()%s",
			  once ? "" : " loop", q ? q : "?", entry, form, tnote) :
		xasprintf("open-coded wait%s on '%s' with entry '%s'; use %s() or prepare_to_wait()/finish_wait()%s",
			  once ? "" : " loop", q ? q : "?", entry, form, tnote);
	free(tnote);
	return msg;
}

/* An argument as the graph's events give it: `&dev->wq` -> `dev->wq`. */
static const char *no_amp(const char *a)
{
	while (a && (*a == '&' || *a == ' '))
		a++;
	return a;
}

/* schedule_timeout() and the like, schedule_timeout_*() (kapi.def) */
static bool timed_sleep(const char *sleep)
{
	const struct kapi *k = kapi_lookup(sleep, strlen(sleep));

	return k && (k->kind == K_SCHEDULE_TIMEOUT || k->kind == K_DELAY);
}

char *open_coded_token_message(unsigned target, const char *add,
			       const char *queue, const char *entry,
			       const char *sleep, const char *state)
{
	const struct wait_kind k = {
		strstr(add, "exclusive") != NULL, timed_sleep(sleep), state,
		/* the function's locks are not read here */
		KF_NO_LOCK, add, NULL, false,
		kapi_io_sleep(sleep, strlen(sleep)), false, sleep
	};

	return open_coded_text(target, no_amp(queue),
			       entry ? no_amp(entry) : "?", &k, false);
}

/*
 * The sleep in a loop that the add at node a leads to with the entry
 * queued (the first such in the graph's order); two blocks of one
 * function may each queue an entry of the same name, and the note names
 * this add's own sleep.  Else the first looped sleep with an entry of
 * that name queued, or -1.
 */
static int looped_sleep_after(const struct cfg *g, const struct flow *fl,
			      int a, int e, bool *once)
{
	int *todo = xrealloc(NULL, g->n * sizeof(int));
	char *seen = xrealloc(NULL, g->n);
	int tail = 0, s = -1, n, i;

	memset(seen, 0, g->n);
	todo[tail++] = a;
	while (tail) {
		n = todo[--tail];
		for (i = 0; i < g->nodes[n].nsucc; i++) {
			int m = g->nodes[n].succ[i];

			if (m < 0 || m >= g->n || seen[m] ||
			    !(fl->in[m] & FL_QUEUED(e)))
				continue;
			seen[m] = 1;
			todo[tail++] = m;
		}
	}
	for (n = 0; n < g->n && s < 0; n++)
		if (seen[n] && node_is_sleep(g, n) && g->nodes[n].loop >= 0 &&
		    node_on_cycle(g, n))
			s = n;
	for (n = 0; n < g->n && s < 0; n++)
		if (node_is_sleep(g, n) && g->nodes[n].loop >= 0 &&
		    node_on_cycle(g, n) && (fl->in[n] & FL_QUEUED(e))) {
			s = n;
			/* the add reaches a sleep of its own, in no loop:
			 * the note names that one (the looped sleep is an
			 * earlier add's, not this add's) */
			for (i = 0; i < g->n; i++)
				if (seen[i] && node_is_sleep(g, i)) {
					s = i;
					*once = true;
					break;
				}
		}
	free(todo);
	free(seen);
	return s;
}

/* Is text a the queue q's own lock (`&q.lock`, `&q->lock`)? */
static bool own_lock(const char *a, const char *q)
{
	size_t n = strlen(q);

	while (*a == ' ')
		a++;
	if (*a++ != '&' || strncmp(a, q, n))
		return false;
	a += n;
	return !strcmp(a, ".lock") || !strcmp(a, "->lock");
}

/*
 * The queue's own lock, when the wait loop around sleep s drops it
 * before it sleeps (`spin_unlock_irq(&q.lock); schedule();
 * spin_lock_irq(&q.lock);`), its entry added by __add_wait_queue*(),
 * which leaves the locking to its caller: KF_QUEUE_LOCK_IRQ for
 * spin_unlock_irq(), else KF_QUEUE_LOCK.  KF_NO_LOCK when the loop does
 * not hold it (an add under the lock, the loop after it: the test is
 * not made under it; fs/eventpoll.c serialises its queue otherwise).
 */
static enum kform_lock queue_lock_kind(const struct cfg *g, int s,
				       const char *q)
{
	int l = g->nodes[s].loop, n;

	if (!q || l < 0)
		return KF_NO_LOCK;
	for (n = g->loops[l].first; n <= g->loops[l].last && n < g->n; n++) {
		const struct wq_event *ev = &g->nodes[n].ev;

		if (g->nodes[n].kind == N_EVENT && cfg_in_loop(g, n, l) &&
		    ev->api->kind == K_UNLOCK && ev->nargs > 0 &&
		    own_lock(ev->args[0], q))
			return strstr(ev->api->name, "_irq") &&
			       !strstr(ev->api->name, "irqrestore") ?
			       KF_QUEUE_LOCK_IRQ : KF_QUEUE_LOCK;
	}
	return KF_NO_LOCK;
}

/* Does text t[0..n), blanks and a leading `&` aside, equal entry? */
static bool names_entry(const char *t, size_t n, const char *entry)
{
	size_t m = strlen(entry);

	while (n && (*t == ' ' || *t == '\t' || *t == '&' || *t == '('))
		t++, n--;
	while (n && (t[n - 1] == ' ' || t[n - 1] == '\t' || t[n - 1] == ')'))
		n--;
	return n == m && !memcmp(t, entry, m);
}

/*
 * The wake function of the file's own that the entry is made with in
 * the function (`DEFINE_WAIT_FUNC(e, fn)`, `init_waitqueue_func_entry(&e,
 * fn)`: a call whose first argument is the entry and whose second a
 * function this file defines; or `e.func = fn;`), allocated, or NULL.
 */
/*
 * `E.func = fn;` or `E->func = fn;` at the member name (at, end) of the
 * body, E the entry: fn, allocated, if the file defines it; else NULL.
 */
static char *func_assigned(const struct cfg *g, const struct wq_file *f,
			   const char *entry, unsigned at, unsigned end)
{
	size_t m = strlen(entry);
	unsigned p = end, e, from, to;
	char *fn;

	if (end - at != 4 || memcmp(f->buf + at, "func", 4))
		return NULL;
	if (at >= 1 && f->buf[at - 1] == '.')
		at -= 1;
	else if (at >= 2 && !memcmp(f->buf + at - 2, "->", 2))
		at -= 2;
	else
		return NULL;
	if (at < g->body_start + m || memcmp(f->buf + at - m, entry, m) ||
	    wq_ident_char(f->buf[at - m - 1]))
		return NULL;
	while (p < g->body_end && (f->buf[p] == ' ' || f->buf[p] == '\t'))
		p++;
	if (p + 1 >= g->body_end || f->buf[p] != '=' || f->buf[p + 1] == '=')
		return NULL;
	for (p++; p < g->body_end && f->buf[p] == ' '; p++)
		;
	for (e = p; e < g->body_end && wq_ident_char(f->buf[e]); e++)
		;
	if (e == p || e >= g->body_end || f->buf[e] != ';')
		return NULL;
	fn = xasprintf("%.*s", (int)(e - p), f->buf + p);
	if (text_function_body(f->buf, f->len, fn, &from, &to))
		return fn;
	free(fn);
	return NULL;
}

static char *entry_wake_fn(const struct cfg *g, const struct wq_file *f,
			   const char *entry)
{
	unsigned at = g->body_start, end, from, to;
	long w;

	while ((w = text_next_ident(f->buf, at, g->body_end, &end)) >= 0) {
		unsigned p = end, a1, a2, e2;
		int depth = 0;
		char *fa;

		at = end;
		if ((fa = func_assigned(g, f, entry, w, end)))
			return fa;
		while (p < g->body_end && (f->buf[p] == ' ' || f->buf[p] == '\t'))
			p++;
		if (p >= g->body_end || f->buf[p] != '(')
			continue;
		a1 = p + 1;
		for (a2 = a1; a2 < g->body_end; a2++) {
			if (f->buf[a2] == '(')
				depth++;
			else if (f->buf[a2] == ')' && depth-- == 0)
				break;
			else if (f->buf[a2] == ',' && !depth)
				break;
		}
		if (a2 >= g->body_end || f->buf[a2] != ',' ||
		    !names_entry(f->buf + a1, a2 - a1, entry))
			continue;
		for (a2++; a2 < g->body_end && f->buf[a2] == ' '; a2++)
			;
		for (e2 = a2; e2 < g->body_end && wq_ident_char(f->buf[e2]); e2++)
			;
		if (e2 > a2 && e2 < g->body_end && f->buf[e2] == ')') {
			char *fn = xasprintf("%.*s", (int)(e2 - a2), f->buf + a2);

			if (text_function_body(f->buf, f->len, fn, &from, &to))
				return fn;
			free(fn);
		}
	}
	return NULL;
}

/* Does n lead straight to s, with no test or other event on the way? */
static bool straight_to(const struct cfg *g, int n, int s)
{
	int steps;

	for (steps = 0; steps < 16 && n != s; steps++) {
		if (g->nodes[n].nsucc != 1)
			return false;
		n = g->nodes[n].succ[0];
		if (n != s && (g->nodes[n].kind == N_TEST ||
			       g->nodes[n].kind == N_EVENT))
			return false;
	}
	return n == s;
}

/* Is the call name[0..n) one that takes a lock (kapi.def KAPI_LOCK, or a
 * name with "lock" and no "unlock": lock_sock(), tty_lock())? */
static bool takes_lock(const char *name, size_t n)
{
	char w[64];

	if (kapi_lock(name, n, false))
		return true;
	if (n >= sizeof(w))
		return false;
	memcpy(w, name, n);
	w[n] = '\0';
	return strstr(w, "lock") && !strstr(w, "unlock");
}

/* A block opened after the sleep, and the lock's state at its `{`. */
struct held_block {
	bool held;	/* the state when the block opened */
	bool irq;	/* and whether it was taken with spin_lock_irq() */
	bool exits;	/* a return, goto or break leaves the loop from it */
};

#define HELD_DEPTH 16

static bool word_is(const char *w, size_t n, const char *kw)
{
	return strlen(kw) == n && !memcmp(w, kw, n);
}

/* Does the call name[0..n) do that to the interrupts (kapi.def
 * KAPI_IRQ: lock_off is spin_lock_irq(), unlock_on its unlock)? */
static bool irq_effect(const char *name, size_t n, const char *effect)
{
	const char *e = kapi_irq(name, n);

	return e && !strcmp(e, effect);
}

/* Braces in the code of [a, b): a block that leaves the loop takes back
 * what its lock calls changed; *sp counts blocks past HELD_DEPTH too. */
static void held_braces(const char *buf, unsigned a, unsigned b,
			struct held_block *st, int *sp, bool *held, bool *irq)
{
	unsigned j;

	while (a < b) {
		j = text_skip_noncode(buf, a, b);
		if (j != a) {
			a = j;
			continue;
		}
		if (buf[a] == '{') {
			if (*sp < HELD_DEPTH)
				st[*sp] = (struct held_block){ *held, *irq,
							       false };
			(*sp)++;
		} else if (buf[a] == '}' && *sp > 0) {
			(*sp)--;
			if (*sp < HELD_DEPTH && st[*sp].exits) {
				*held = st[*sp].held;
				*irq = st[*sp].irq;
			}
		}
		a++;
	}
}

/*
 * Is the lock that arg names taken again in [from, to) of the file (a
 * call that takes a lock, its first argument arg), after the sleep and
 * before the loop goes back to its test?  The last lock or unlock of it
 * stands, but one in a block that leaves the loop (`if (err) {
 * spin_unlock(l); return -EIO; }`) is not on the way back.
 */
static bool taken_again(const struct wq_file *f, unsigned from, unsigned to,
			const char *arg, bool *irq)
{
	struct held_block st[HELD_DEPTH];
	unsigned end;
	long w;
	bool held = false;
	int sp = 0;

	*irq = false;
	while ((w = text_next_ident(f->buf, from, to, &end)) >= 0) {
		unsigned p = end, a;
		int depth = 0;
		const struct kapi *k;
		bool take;

		held_braces(f->buf, from, w, st, &sp, &held, irq);
		from = end;
		if (sp > 0 && sp <= HELD_DEPTH &&
		    (word_is(f->buf + w, end - w, "return") ||
		     word_is(f->buf + w, end - w, "goto") ||
		     word_is(f->buf + w, end - w, "break")))
			st[sp - 1].exits = true;
		while (p < to && (f->buf[p] == ' ' || f->buf[p] == '\t'))
			p++;
		if (p >= to || f->buf[p] != '(')
			continue;
		take = takes_lock(f->buf + w, end - w);
		k = kapi_lookup(f->buf + w, end - w);
		if (!take && !(k && k->kind == K_UNLOCK))
			continue;
		for (a = p + 1; a < to; a++) {
			if (f->buf[a] == '(')
				depth++;
			else if ((f->buf[a] == ')' && depth-- == 0) ||
				 (f->buf[a] == ',' && !depth))
				break;
		}
		if (a < to && names_entry(f->buf + p + 1, a - p - 1,
					 arg + (*arg == '&'))) {
			held = take;
			*irq = take && irq_effect(f->buf + w, end - w,
						  "lock_off");
		}
	}
	held_braces(f->buf, from, to, st, &sp, &held, irq);
	return held;
}

/*
 * The end of the loop l's text: the `}` closing the body that follows
 * its head (`while (c) {`, `for (;;) {`), else the end of its last
 * statement the graph has (a goto loop, a body of one statement).
 */
static unsigned loop_end(const struct cfg *g, const struct wq_file *f,
			 int l)
{
	unsigned o = text_offset(f->buf, f->len, g->nodes[g->loops[l].head].pos);
	unsigned to = 0, i;
	int paren = 0, brace = 0, n;

	for (i = o; i < f->len; i++) {
		char c = f->buf[i];

		if (c == '(')
			paren++;
		else if (c == ')')
			paren--;
		else if (c == ';' && paren >= 0 && paren < 1)
			break;
		else if (c == '{' && paren <= 0)
			break;
	}
	if ((i >= f->len || f->buf[i] != '{') &&
	    g->nodes[g->loops[l].head].kind != N_JOIN) {
		/* `for (;;) {` heads at its body's first statement: the
		 * block around it is the body (not a label's function) */
		for (i = o; i > g->body_start; i--) {
			if (f->buf[i - 1] == '}')
				brace++;
			else if (f->buf[i - 1] == '{' && brace-- == 0)
				break;
		}
		if (i > g->body_start + 1) {
			i--;
			brace = 0;
		}
	}
	if (i < f->len && f->buf[i] == '{' && i > g->body_start) {
		for (; i < f->len; i++) {
			if (f->buf[i] == '{')
				brace++;
			else if (f->buf[i] == '}' && --brace == 0)
				return i;
		}
	}
	for (n = g->loops[l].first; n <= g->loops[l].last && n < g->n; n++)
		if (cfg_in_loop(g, n, l)) {
			unsigned t = text_offset(f->buf, f->len, g->nodes[n].pos);

			if (t > to)
				to = t;
		}
	while (to < f->len && f->buf[to] != ';' && f->buf[to] != '}')
		to++;
	return to;
}

/*
 * The unlock of a lock other than q's own that the loop around sleep s
 * makes right before it and takes again after it (`mutex_unlock(&d->lock);
 * schedule(); mutex_lock(&d->lock);`): the loop holds that lock from its
 * test to its sleep, and on entry.  A lock taken at the top of each pass
 * (a `retry:` label, the loop body's first statement) is not held where a
 * wait_event*() would stand.  NULL if none; *irq when it is dropped with
 * spin_unlock_irq() and taken again with spin_lock_irq().
 */
static const struct wq_event *other_lock_dropped(const struct cfg *g, int s,
						 const char *q,
						 const struct wq_file *f,
						 bool *irq)
{
	int l = g->nodes[s].loop, n;
	unsigned from, to;

	if (l < 0)
		return NULL;
	from = text_offset(f->buf, f->len, g->nodes[s].pos);
	to = loop_end(g, f, l);
	for (n = g->loops[l].first; n <= g->loops[l].last && n < g->n; n++) {
		const struct wq_event *ev = &g->nodes[n].ev;

		if (g->nodes[n].kind == N_EVENT && cfg_in_loop(g, n, l) &&
		    ev->api->kind == K_UNLOCK && ev->nargs > 0 &&
		    !(q && own_lock(ev->args[0], q)) && straight_to(g, n, s) &&
		    from < to && taken_again(f, from, to, ev->args[0], irq)) {
			*irq = *irq && irq_effect(ev->api->name,
						  strlen(ev->api->name),
						  "unlock_on");
			return ev;
		}
	}
	return NULL;
}

void check_open_coded_wait(const struct cfg *g, const struct flow *fl,
			   struct wq_file *f)
{
	int a, s;

	for (a = 0; a < g->n; a++) {
		const char *entry, *q;
		struct wait_kind k;
		char *msg, *wake_fn;
		struct wq_finding *fd;
		bool once = false;
		int e;

		if (!node_is(g, a, K_ADD_WAIT) || !fl->in[a])
			continue;
		entry = event_entry(&g->nodes[a].ev);
		e = entry ? flow_entry(fl, entry) : -1;
		if (e < 0)
			continue;
		s = looped_sleep_after(g, fl, a, e, &once);
		if (s < 0)
			continue;
		q = event_queue(&g->nodes[a].ev);
		k = loop_kind(g, a, s);
		if (!strncmp(g->nodes[a].ev.api->name, "__add_wait_queue", 16))
			k.qlock = queue_lock_kind(g, s, q);
		else
			k.dropped = other_lock_dropped(g, s, q, f,
							&k.dropped_irq);
		wake_fn = k.qlock == KF_NO_LOCK ? entry_wake_fn(g, f, entry) :
			  NULL;
		msg = wake_fn && !target_lacks(f->target, "prepare_to_wait") ?
		      xasprintf("open-coded wait%s on '%s' with entry '%s', which wakes through %s() of this file: a wait_event*() form would wake through a function of its own instead; keep the loop, or use prepare_to_wait%s()/finish_wait() with that entry where %s() leaves it queued",
				once ? "" : " loop", q ? q : "?", entry,
				wake_fn, k.excl ? "_exclusive" : "", wake_fn) :
		      open_coded_text(f->target, q, entry, &k, once);
		free(wake_fn);
		if (!msg)
			continue;
		file_add_finding(f, WQ002, g->nodes[a].pos, msg);
		fd = &f->findings[f->nfindings - 1];
		/* no sleeping state set before it in this function: it
		 * sleeps only in one its caller set, else returns at once */
		finding_add_note(fd, g->nodes[s].pos, sets_sleeping(g) ? xasprintf(
			"%s() sleeps here, %s, while '%s' is queued",
			g->nodes[s].ev.api->name, once ? "once" : "in a loop",
			entry) : xasprintf(
			"%s() is called here, %s, while '%s' is queued, with no task state set in this function: it sleeps only in a state its caller set, and else returns at once",
			g->nodes[s].ev.api->name, once ? "once" : "in a loop",
			entry));
	}
}

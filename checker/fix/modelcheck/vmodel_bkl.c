// SPDX-License-Identifier: GPL-2.0-only
/*
 * The big kernel lock of the old tty layer, as what closes a lost
 * wake-up the model found.
 *
 *	static void block_til_ready(...)	(called from the .open)
 *	{
 *		if (info->flags & ASYNC_CLOSING)
 *			interruptible_sleep_on(&info->close_wait);
 *
 *	static void rs_close(...)		(the .close)
 *	{
 *		...
 *		info->flags &= ~ASYNC_CLOSING;
 *		wake_up_interruptible(&info->close_wait);
 *
 * Alone, the opener can test the flag, the closer clear it and wake,
 * and the opener then sleep: a lost wake-up.  But before the tty lock
 * (2.6.37, target-facts.def TF_TTY_NO_BKL) the tty layer
 * called a driver's open and close callbacks (kapi.def K_LOCKED_CALLBACK
 * rows) holding the big kernel lock, which schedule() drops and takes
 * again: the closer cannot run between the opener's test and its sleep.
 * The model runs it as a lock the waiter holds except inside its sleeps
 * and the waker holds from before its change until after its wake-up,
 * when the waker's change and wake-up have no call between them that
 * could sleep (the lock would be dropped there).  Neither caller is
 * read: the words say so, and which kernels it holds on.
 *
 * A driver may also take the lock itself: an ioctl that calls
 * lock_kernel() before it tests anything and keeps it to its sleep, and
 * a waker that holds it at its wake-up.  That holds on any kernel that
 * has lock_kernel().
 */
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "text.h"
#include "vmodel_run.h"

/* Is there a call between offsets [from, to) of buf (`name (`)? */
static bool calls_between(const char *buf, unsigned from, unsigned to)
{
	unsigned end;
	long w;

	while ((w = text_next_ident(buf, from, to, &end)) >= 0) {
		unsigned i = end;

		while (i < to && (buf[i] == ' ' || buf[i] == '\t'))
			i++;
		if (i < to && buf[i] == '(')
			return true;
		from = end;
	}
	return false;
}

/*
 * Does w's function write what it writes last before its wake-up with
 * nothing called between that statement and the wake-up?  (A call there
 * could sleep and drop the lock.)
 */
static bool change_next_to_wake(const struct mwaker *w, unsigned from)
{
	unsigned end, last_end = 0;
	bool any = false;
	long at;

	for (at = text_next_ident(w->wbuf, from, w->woff, &end); at >= 0;
	     at = text_next_ident(w->wbuf, end, w->woff, &end)) {
		char *name = xasprintf("%.*s", (int)(end - at), w->wbuf + at);
		bool hit = word_in(w->writes, name);

		free(name);
		if (!hit)
			continue;
		any = true;
		last_end = end;
	}
	if (!any)
		return false;
	while (last_end < w->woff && w->wbuf[last_end] != ';')
		last_end++;
	return last_end < w->woff &&
	       !calls_between(w->wbuf, last_end + 1, w->woff);
}

/* The tty callback fn of the text is, through its caller or itself. */
static char *callback_of(const char *buf, size_t len, const char *fn)
{
	char *via = NULL;
	const char *cb = text_locked_callback(buf, len, fn, &via);
	char *s;

	if (!cb)
		return NULL;
	s = via ? xasprintf("%s() (called from %s(), a %s callback)", fn, via,
			    cb) : xasprintf("%s() (a %s callback)", fn, cb);
	free(via);
	return s;
}

/* Is the call at [at, end) of buf `name(`? */
static bool call_named(const char *buf, unsigned at, unsigned end,
		       unsigned to, const char *name)
{
	size_t n = strlen(name);

	if (n != end - at || memcmp(buf + at, name, n))
		return false;
	while (end < to && (buf[end] == ' ' || buf[end] == '\t'))
		end++;
	return end < to && buf[end] == '(';
}

/* Does the statement after offset at of buf leave (return, goto)? */
static bool exit_follows(const char *buf, unsigned at, unsigned to)
{
	unsigned end;
	long w;

	while (at < to && buf[at] != ';')
		at++;
	w = text_next_ident(buf, at, to, &end);
	return w >= 0 && ((end - w == 6 && !memcmp(buf + w, "return", 6)) ||
			  (end - w == 4 && !memcmp(buf + w, "goto", 4)));
}

/* The call that takes the big kernel lock (kapi.def K_BIG_LOCK), or "" */
static const char *big_lock(void)
{
	size_t nk, i;
	const struct kapi *k = kapi_table(&nk);

	for (i = 0; i < nk; i++)
		if (k[i].kind == K_BIG_LOCK)
			return k[i].name;
	return "";
}

/* Is the call at [at, end) the one that drops it: its name with "un" in
 * front, a K_UNLOCK row? */
static bool big_unlock(const char *buf, unsigned at, unsigned end,
		       unsigned to)
{
	const struct kapi *u;

	return end - at > 2 && !memcmp(buf + at, "un", 2) &&
	       call_named(buf, at + 2, end, to, big_lock()) &&
	       (u = kapi_lookup(buf + at, end - at)) && u->kind == K_UNLOCK;
}

static bool sleep_call(const char *w, size_t n)
{
	const struct kapi *k = kapi_lookup(w, n);

	return k && (k->kind == K_SLEEP_ON || k->kind == K_SCHEDULE ||
		     k->kind == K_SCHEDULE_TIMEOUT || k->kind == K_WAIT_EVENT ||
		     k->kind == K_DELAY);
}

/*
 * Does the function [from, to) of buf take the big kernel lock before it
 * tests anything (`lock_kernel();` before any if, loop or jump) and keep
 * it to its last sleep, but on a path that returns?
 */
static bool bkl_from_top(const char *buf, unsigned from, unsigned to)
{
	static const char *const flow[] = { "if", "while", "for", "switch",
					    "do", "goto", "return" };
	unsigned end, last_sleep = 0, i;
	long w, taken = -1;

	while (from < to && buf[from] != '{')
		from++;
	for (w = text_next_ident(buf, from, to, &end); w >= 0 && taken < 0;
	     w = text_next_ident(buf, end, to, &end)) {
		for (i = 0; i < sizeof(flow) / sizeof(flow[0]); i++)
			if (strlen(flow[i]) == (size_t)(end - w) &&
			    !memcmp(buf + w, flow[i], end - w))
				return false;
		if (call_named(buf, w, end, to, big_lock()))
			taken = end;
	}
	if (taken < 0)
		return false;
	for (w = text_next_ident(buf, taken, to, &end); w >= 0;
	     w = text_next_ident(buf, end, to, &end))
		if (sleep_call(buf + w, end - w))
			last_sleep = end;
	for (w = text_next_ident(buf, taken, last_sleep, &end); w >= 0;
	     w = text_next_ident(buf, end, last_sleep, &end))
		if (big_unlock(buf, w, end, last_sleep) &&
		    !exit_follows(buf, end, to))
			return false;
	return last_sleep > 0;
}

/* Does w hold the big kernel lock at its wake-up (lock_kernel() before)? */
static bool bkl_at_wake(const struct mwaker *w, unsigned from)
{
	unsigned end;
	long at;
	bool held = false;

	for (at = text_next_ident(w->wbuf, from, w->woff, &end); at >= 0;
	     at = text_next_ident(w->wbuf, end, w->woff, &end)) {
		if (call_named(w->wbuf, at, end, w->woff, big_lock()))
			held = true;
		else if (big_unlock(w->wbuf, at, end, w->woff) &&
			 !exit_follows(w->wbuf, end, w->woff))
			held = false;
	}
	return held;
}

char *bkl_closes(struct vval *vv, struct vfn *f, int side,
		 const struct mwaker *w, const char *qkey)
{
	unsigned from, to;
	const char *wn;
	size_t wnn;
	char *wfn, *sleeper = NULL, *waker = NULL, *why = NULL, *v, *k;
	struct mrun r;
	bool explicit;

	if (w->opaque || w->none || !w->wbuf || !w->writes ||
	    !text_enclosing_function(w->wbuf, w->wlen, w->woff, &from, &to,
				     &wn, &wnn))
		return NULL;
	wfn = xasprintf("%.*s", (int)wnn, wn);
	/* both take it themselves (lock_kernel()), on any kernel */
	explicit = bkl_from_top(f->side->text, f->fn->start, f->fn->end) &&
		   bkl_at_wake(w, from);
	if (explicit) {
		sleeper = xasprintf("%s()", f->fn->name);
		waker = xasprintf("%s()", wfn);
	} else if (!target_has_fact(vv->kernel, TF_TTY_NO_BKL) &&
		   (sleeper = callback_of(f->side->text, f->side->len,
					  f->fn->name))) {
		waker = callback_of(w->wbuf, w->wlen, wfn);
	}
	free(wfn);
	if (!waker || !change_next_to_wake(w, from))
		goto out;
	mrun_start(&r, vv, f, side, w, qkey);
	r.xbkl = true;
	explore(&r);
	if (r.overflow || (r.props & P_LOST)) {
		mrun_release(&r);
		goto out;
	}
	mrun_release(&r);
	if (explicit) {
		why = xasprintf("the big kernel lock covers %s and %s: each takes it (%s()) before its test or its wake-up, and schedule() drops it",
				sleeper, waker, big_lock());
		goto out;
	}
	v = kernel_version_text(target_fact_first(TF_TTY_NO_BKL));
	k = kernel_version_text(vv->kernel);
	why = vv->kernel ? xasprintf(
		"the big kernel lock covers %s and %s: Linux %s calls them holding it, as every kernel before %s does (schedule() drops it; the callers are not read)",
		sleeper, waker, k, v) : xasprintf(
		"the big kernel lock covers %s and %s: kernels before %s call them holding it (schedule() drops it; which kernel this file is for is not known, and the callers are not read)",
		sleeper, waker, v);
	free(v);
	free(k);
out:
	free(sleeper);
	free(waker);
	return why;
}

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

char *bkl_closes(struct vval *vv, struct vfn *f, int side,
		 const struct mwaker *w, const char *qkey)
{
	unsigned from, to;
	const char *wn;
	size_t wnn;
	char *wfn, *sleeper = NULL, *waker = NULL, *why = NULL, *v, *k;
	struct mrun r;

	if (w->opaque || w->none || !w->wbuf || !w->writes ||
	    target_has_fact(vv->kernel, TF_TTY_NO_BKL) ||
	    !text_enclosing_function(w->wbuf, w->wlen, w->woff, &from, &to,
				     &wn, &wnn))
		return NULL;
	wfn = xasprintf("%.*s", (int)wnn, wn);
	sleeper = callback_of(f->side->text, f->side->len, f->fn->name);
	if (sleeper)
		waker = callback_of(w->wbuf, w->wlen, wfn);
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

// SPDX-License-Identifier: GPL-2.0-only
/*
 * A function that only takes or drops a lock, read from its parsed body.
 *
 *	static inline void acme_bus_release(struct acme_bus *bus)
 *	{
 *		mutex_unlock(&bus->io_mutex);
 *	}
 *
 * A call `acme_bus_release(b)` is the call in the body with the
 * parameter replaced by the argument: mutex_unlock(&b->io_mutex).  The
 * body must be that one statement, a lock or unlock of kapi.def
 * (KAPI_LOCK rows, K_UNLOCK rows) called on a global (`&drv_mutex`) or
 * on a parameter or a member of one (`&bus->io_mutex`, `lock`).  The
 * function may be in the file or in any header clang parsed (with a
 * kernel's own headers, include/linux/cgroup.h's cgroup_unlock(); the
 * shim headers do not have those, and an unknown header's functions are
 * not read).  A driver macro does the same job through
 * locktext.c (which also reads, from the text, the wrappers the model
 * check of `wqport fix` meets).
 */
#include <stdlib.h>
#include <string.h>

#include "builder.h"

struct lock_wrap {
	char *name;		/* the wrapper */
	char *call;		/* the lock call in its body, as spelled */
	bool unlock;
	char *pre, *post;	/* the lock: pre ARG post, or pre alone */
	int param;		/* ARG's parameter index, -1: a global */
};

static char *tok_text(CXTranslationUnit tu, CXToken t)
{
	CXString s = clang_getTokenSpelling(tu, t);
	char *r = xstrdup(clang_getCString(s));

	clang_disposeString(s);
	return r;
}

/* The index of parameter name among fn's, or -1. */
static int param_index(CXCursor fn, const char *name)
{
	int i, n = clang_Cursor_getNumArguments(fn);

	for (i = 0; i < n; i++) {
		char *p = cursor_name(clang_Cursor_getArgument(fn, i));
		bool same = !strcmp(p, name);

		free(p);
		if (same)
			return i;
	}
	return -1;
}

/*
 * The lock of tokens [a, e): `&`? name ((`->` | `.`) member)*; the
 * parameter it starts with (or -1), the text around it.
 */
static bool lock_operand(CXTranslationUnit tu, CXCursor fn, CXToken *t,
			 unsigned a, unsigned e, struct lock_wrap *w)
{
	unsigned i = a + (a < e && tok_is(tu, t[a], "&")), k;
	char *name;

	if (i >= e || clang_getTokenKind(t[i]) != CXToken_Identifier)
		return false;
	for (k = i + 1; k < e; k += 2)
		if (k + 1 >= e || !(tok_is(tu, t[k], "->") ||
				     tok_is(tu, t[k], ".")) ||
		    clang_getTokenKind(t[k + 1]) != CXToken_Identifier)
			return false;
	name = tok_text(tu, t[i]);
	w->param = param_index(fn, name);
	free(name);
	if (w->param < 0) {
		w->pre = tokens_text(tu, t, a, e);
		return true;
	}
	w->pre = xstrdup(i > a ? "&" : "");
	w->post = i + 1 < e ? tokens_text(tu, t, i + 1, e) : xstrdup("");
	return true;
}

/* Is fn's body one lock or unlock call on a global or a parameter's? */
static bool read_wrapper(CXTranslationUnit tu, CXCursor fn,
			 struct lock_wrap *w)
{
	struct kids k = children(fn), body = { 0 };
	CXToken *t = NULL;
	unsigned n = 0, close, depth = 0, i;
	bool ok = false;
	char *call;
	const struct kapi *api;

	if (k.n && clang_getCursorKind(k.c[k.n - 1]) == CXCursor_CompoundStmt)
		body = children(k.c[k.n - 1]);
	free(k.c);
	if (body.n == 1)
		clang_tokenize(tu, clang_getCursorExtent(body.c[0]), &t, &n);
	free(body.c);
	/* `name ( args )`, the statement's `;` outside its extent or last */
	if (n < 3 || clang_getTokenKind(t[0]) != CXToken_Identifier ||
	    !tok_is(tu, t[1], "("))
		goto out;
	for (close = 1; close < n; close++)
		if (tok_is(tu, t[close], "("))
			depth++;
		else if (tok_is(tu, t[close], ")") && !--depth)
			break;
	if (close >= n || (close + 1 < n && !(close + 2 == n &&
					      tok_is(tu, t[n - 1], ";"))))
		goto out;
	call = tok_text(tu, t[0]);
	api = kapi_classify(call, strlen(call));
	w->unlock = api && api->kind == K_UNLOCK;
	if (!w->unlock && !kapi_lock(call, strlen(call), false)) {
		free(call);
		goto out;
	}
	w->call = call;
	/* the first argument */
	for (i = 2, depth = 0; i < close; i++)
		if (tok_is(tu, t[i], "(") || tok_is(tu, t[i], "["))
			depth++;
		else if (tok_is(tu, t[i], ")") || tok_is(tu, t[i], "]"))
			depth--;
		else if (!depth && tok_is(tu, t[i], ","))
			break;
	ok = lock_operand(tu, fn, t, 2, i, w);
	if (!ok) {
		free(w->call);
		w->call = NULL;
	}
out:
	if (t)
		clang_disposeTokens(tu, t, n);
	return ok;
}

/* A function definition whose name no kapi.def row has already. */
static bool candidate(CXCursor c)
{
	char *name;
	bool ok;

	if (clang_getCursorKind(c) != CXCursor_FunctionDecl ||
	    !clang_isCursorDefinition(c))
		return false;
	name = cursor_name(c);
	ok = *name && !kapi_classify(name, strlen(name)) &&
	     !kapi_lock(name, strlen(name), false);
	free(name);
	return ok;
}

struct collect {
	struct lock_wraps *ws;
	CXTranslationUnit tu;
};

static enum CXChildVisitResult collect(CXCursor c, CXCursor parent,
				       CXClientData data)
{
	struct collect *cl = data;
	struct lock_wraps *ws = cl->ws;
	struct lock_wrap w = { 0 };

	(void)parent;
	if (!candidate(c) || !read_wrapper(cl->tu, c, &w))
		return CXChildVisit_Continue;
	w.name = cursor_name(c);
	ws->v = xrealloc(ws->v, (ws->n + 1) * sizeof(*ws->v));
	ws->v[ws->n++] = w;
	return CXChildVisit_Continue;
}

/* The wrapper named name[0..len) among the definitions of tu, or NULL. */
const struct lock_wrap *lock_wrap_find(struct lock_wraps *ws, void *tu,
				       const char *name, size_t len)
{
	int i;

	if (!ws->built) {
		struct collect cl = { ws, tu };

		ws->built = true;
		clang_visitChildren(clang_getTranslationUnitCursor(tu),
				    collect, &cl);
	}
	for (i = 0; i < ws->n; i++)
		if (strlen(ws->v[i].name) == len &&
		    !memcmp(ws->v[i].name, name, len))
			return &ws->v[i];
	return NULL;
}

/* The lock w takes or drops for a call with arguments args[0..nargs). */
static char *lock_wrap_lock(const struct lock_wrap *w, char *const *args,
			    int nargs)
{
	const char *a;

	if (w->param < 0)
		return xstrdup(w->pre);
	if (w->param >= nargs)
		return NULL;
	a = args[w->param];
	return text_member_chain(a) ? xasprintf("%s%s%s", w->pre, a, w->post) :
	       xasprintf("%s(%s)%s", w->pre, a, w->post);
}

/* ---- the graph's events (events.c) ---- */

static const struct kapi unlock_api = { "unlock", K_UNLOCK, -1, false };

/*
 * The unlock a call of name (no kapi.def row) makes, or NULL: with *w
 * set, the one in the body of w, a function that only unlocks (its
 * event then takes the lock from lock_wrap_event()); else, for a
 * driver's own foo_unlock(), an unlock of a lock not named.  The same
 * in a call clang kept and in a statement it dropped (with the shim, a
 * kernel header's cgroup_unlock() has no body to read: only its name).
 */
const struct kapi *lock_wrap_unlock(struct lock_wraps *ws, void *tu,
				    const char *name, const struct lock_wrap **w)
{
	size_t n = strlen(name);
	const struct lock_wrap *f = ws ? lock_wrap_find(ws, tu, name, n) : NULL;

	*w = f && f->unlock ? f : NULL;
	if (*w)
		return kapi_classify(f->call, strlen(f->call));
	return n > 7 && !strcmp(name + n - 7, "_unlock") ? &unlock_api : NULL;
}

/*
 * The event of a call of w, with the call's arguments: the lock w's body
 * drops instead (`pqx_bus_put(b)`: mutex_unlock(&b->xfer_mutex)).
 */
void lock_wrap_event(const struct lock_wrap *w, struct wq_event *ev)
{
	char *lock = lock_wrap_lock(w, ev->args, ev->nargs);
	int i;

	if (!lock)
		return;
	for (i = 0; i < ev->nargs; i++)
		free(ev->args[i]);
	ev->args[0] = lock;
	ev->nargs = 1;
}

void lock_wraps_free(struct lock_wraps *ws)
{
	int i;

	for (i = 0; i < ws->n; i++) {
		free(ws->v[i].name);
		free(ws->v[i].call);
		free(ws->v[i].pre);
		free(ws->v[i].post);
	}
	free(ws->v);
	memset(ws, 0, sizeof(*ws));
}

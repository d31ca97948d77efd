// SPDX-License-Identifier: GPL-2.0-only
/*
 * A wait condition proven against every waker of the queue in the file,
 * as a maintainer proves it before writing wait_event*(q, cond):
 *
 *	static irqreturn_t fd_irq(int irq, void *id)
 *	{
 *		...
 *		fs->state = available;		<- every waker makes it true
 *		wake_up(&fs->wait);
 *	}
 *	...
 *		fs->state = busy;		<- false at the sleep
 *		start_seek(fs);
 *		sleep_on(&fs->wait);		-> wait_event(fs->wait,
 *						       fs->state == available)
 *
 * Candidates, in order: the negated guard of the sleep (`if (!c)
 * sleep`), a flag set before the sleep and tested after it, the writes
 * the wakers make before their wake-up.  One is accepted only when, in
 * this order:
 *  1. it tests no task state (`current->state != TASK_INTERRUPTIBLE` is
 *     always false inside wait_event*(), which sets the state itself);
 *  2. it has no side effect (wait_event*() evaluates it many times);
 *  3. it reads no stale local: a local of the sleeper is replaced by the
 *     shared expression it was read from, or the candidate fails;
 *  4. it is false at the sleep after the sleeper's own writes (else the
 *     wait_event*() would not sleep and return a stale state);
 *  5. the file has a waker of the queue (a waker out of the file is an
 *     assumption only --unsafe may make);
 *  6. the waker's queue is the same member of the same struct type as
 *     the sleeper's, checked on libclang's declarations, not by name,
 *     so that the waker's writes can be rebased onto the sleeper's
 *     variables (`d->done` at `wake_up(&d->wq)` is `fs->done` for a
 *     sleep on `&fs->wq` only if both wq are the same field);
 *  7. every waker, one call level deep (a helper that wakes, called by
 *     the interrupt handler, timer, work item or file operation that
 *     writes first), makes it true on every path before its wake-up.
 * The walks and the evaluation are analysis/condproof.c's.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfg.h"
#include "condproof.h"
#include "module.h"
#include "qmatch.h"
#include "site.h"
#include "site_text.h"

const char *proof_step_name(enum proof_step s)
{
	static const char *const names[] = {
		"proven", "no candidate", "task state", "side effect",
		"stale local", "not false at the sleep", "no waker in the file",
		"rebase", "waker",
	};

	return names[s];
}

void cond_proof_free(struct cond_proof *pr)
{
	free(pr->cond);
	free(pr->why);
	free(pr->wakers);
	memset(pr, 0, sizeof(*pr));
}

/* one waker, its writes in the sleeper's terms */
struct pwaker {
	char *desc;		/* "interrupt handler fd_irq()" */
	struct cp_state st;	/* writes before its wake-up */
	struct cp_state *callers;	/* one level up, each with st first */
	int ncallers;
	char *dropped;		/* a write reached through another local */
	char *fail;		/* why it cannot be used at all */
};

/* The first argument of the call whose name starts at off: [*a, *b). */
static bool first_arg_at(const char *buf, size_t len, unsigned off,
			 unsigned *a, unsigned *b)
{
	unsigned i = off;
	int depth = 0;

	while (i < len && (isalnum((unsigned char)buf[i]) || buf[i] == '_'))
		i++;
	while (i < len && isspace((unsigned char)buf[i]))
		i++;
	if (i >= len || buf[i] != '(')
		return false;
	*a = i + 1;
	for (; i < len; i++) {
		if (buf[i] == '(' || buf[i] == '[')
			depth++;
		else if (buf[i] == ')' || buf[i] == ']') {
			if (--depth == 0)
				break;
		} else if (buf[i] == ',' && depth == 1)
			break;
	}
	*b = i;
	return i < len;
}

/* `&(x->q)` -> x->q */
static char *queue_expr(const char *buf, unsigned a, unsigned b)
{
	char *t = xasprintf("%.*s", (int)(b - a), buf + a), *n, *c;

	/* comments between the call and its argument */
	while ((c = strstr(t, "/*"))) {
		char *e = strstr(c + 2, "*/");

		if (!e)
			break;
		memmove(c, e + 2, strlen(e + 2) + 1);
	}
	n = cp_norm(t);
	free(t);
	while (n[0] == '&') {
		t = cp_norm(n + 1);
		free(n);
		n = t;
	}
	return n;
}

/* The declaration the last occurrence of word in [a, b) refers to. */
static CXCursor decl_at(const struct site_ctx *sc, unsigned a, unsigned b,
			const char *word)
{
	CXFile file;
	long at, last = -1;

	clang_getSpellingLocation(clang_getCursorLocation(sc->path[0]), &file,
				  NULL, NULL, NULL);
	for (at = a; (at = text_find_word(sc->buf, at, b, word)) >= 0; at++)
		last = at;
	if (last < 0 || !file)
		return clang_getNullCursor();
	return clang_getCursorReferenced(clang_getCursor(sc->tu,
			clang_getLocationForOffset(sc->tu, file, last)));
}

static char *root_of(const char *e)
{
	const char *p = e;

	while (*p && !(isalpha((unsigned char)*p) || *p == '_'))
		p++;
	{
		const char *s = p;

		while (isalnum((unsigned char)*p) || *p == '_')
			p++;
		return xasprintf("%.*s", (int)(p - s), s);
	}
}

static bool starts_base(const char *lhs, const char *base, const char *op)
{
	size_t n = strlen(base);

	return !strncmp(lhs, base, n) &&
	       (!lhs[n] || !strncmp(lhs + n, op, strlen(op)));
}

/*
 * Keep the writes through base (they are rebased) and to globals; drop
 * those to the function's own locals; a call handed a local may write
 * anything.
 */
static void keep_shared(struct cp_state *st, const char *buf, unsigned decl,
			unsigned at, const char *base, const char *op,
			char **dropped)
{
	int i, k = 0;

	for (i = 0; i < st->n; i++) {
		struct cp_write *w = &st->w[i];
		char *r = root_of(w->lhs);
		bool local = *r && cp_is_local(buf, decl, at, r);
		/* `wd = dev_id`: the waker's own pointer, not what it points to */
		bool through = base && starts_base(w->lhs, base, op) &&
			       (w->kind == CPW_OPAQUE || strcmp(w->lhs, base));

		if (w->kind == CPW_FACT || through || !local ||
		    !strcmp(w->lhs, "*")) {
			st->w[k++] = *w;
		} else if (w->kind == CPW_OPAQUE) {
			free(w->lhs);
			w->lhs = xstrdup("*");
			st->w[k++] = *w;
		} else {
			if (dropped && !*dropped && strcmp(w->lhs, r))
				*dropped = xasprintf("%s", w->text);
			free(w->lhs);
			free(w->val);
			free(w->text);
		}
		free(r);
	}
	st->n = k;
}

/* The parameter index of name in the function whose name is at fnname. */
static int param_index(const char *buf, const char *fnname, size_t n,
		       const char *name)
{
	const char *p = fnname + n, *e;
	int idx = 0, depth = 0;

	while (*p == ' ' || *p == '\t')
		p++;
	if (*p != '(')
		return -1;
	for (e = p; *e; e++) {
		if (*e == '(')
			depth++;
		else if (*e == ')' && --depth == 0)
			break;
	}
	{
		char *params = xasprintf("%.*s", (int)(e - p - 1), p + 1);
		char *save = NULL, *tok;
		int found = -1;

		for (tok = strtok_r(params, ",", &save); tok;
		     tok = strtok_r(NULL, ",", &save), idx++) {
			const char *w = find_word(tok, name);

			if (w && !is_ident(w[strlen(name)]) &&
			    !strpbrk(w + strlen(name), "()")) {
				found = idx;
				break;
			}
		}
		free(params);
		return found;
	}
}

/* argument idx of the call whose name ends at off: allocated or NULL */
static char *call_arg_at(const char *buf, size_t len, unsigned off, int idx)
{
	unsigned i = off;
	int depth = 0, n = 0;
	unsigned a;

	while (i < len && isspace((unsigned char)buf[i]))
		i++;
	if (i >= len || buf[i] != '(')
		return NULL;
	a = i + 1;
	for (; i < len; i++) {
		if (buf[i] == '(' || buf[i] == '[')
			depth++;
		else if ((buf[i] == ')' || buf[i] == ']') && --depth == 0) {
			if (n == idx)
				return xasprintf("%.*s", (int)(i - a), buf + a);
			return NULL;
		} else if (buf[i] == ',' && depth == 1) {
			if (n++ == idx)
				return xasprintf("%.*s", (int)(i - a), buf + a);
			a = i + 1;
		}
	}
	return NULL;
}

/*
 * The callers of waker function fn (one level), each as the writes
 * before its call, in the sleeper's terms, after the waker's own.
 */
static void waker_callers(const struct site_ctx *sc, struct pwaker *pw,
			  const char *fn, const char *fnname, size_t fnlen,
			  unsigned self_from, unsigned self_to,
			  const char *bw, const char *bs, const char *ops)
{
	long at = 0;
	char *root = root_of(bw);
	int idx = param_index(sc->buf, fnname, fnlen, root);

	if (idx < 0 || strcmp(root, bw)) {
		free(root);
		return;		/* only `wake_up(&p->q)` with p a parameter */
	}
	while ((at = text_find_word(sc->buf, at, sc->len, fn)) >= 0) {
		unsigned cf, ct, end = at + strlen(fn);
		const char *cn;
		size_t cnn;
		char *arg, *abase;
		const char *aop;
		struct cp_state cs;

		at = end;
		if (end >= self_from && end < self_to)
			continue;
		arg = call_arg_at(sc->buf, sc->len, end, idx);
		if (!arg)
			continue;
		if (!text_enclosing_function(sc->buf, sc->len, end, &cf, &ct,
					     &cn, &cnn) || end < cf) {
			free(arg);
			continue;
		}
		{
			char *n = cp_norm(arg);

			if (n[0] == '&') {
				abase = cp_norm(n + 1);
				aop = ".";
			} else {
				abase = xstrdup(n);
				aop = "->";
			}
			free(n);
		}
		if (!pw->ncallers) {
			char *caller = xasprintf("%.*s", (int)cnn, cn), *m = NULL;
			const char *kind = waker_kind(sc->buf, sc->len, caller, &m);
			char *d = m ? xasprintf("%s, called from the .%s callback %s()",
						pw->desc, m, caller) :
				  xasprintf("%s, called from the %s %s()",
					    pw->desc, kind, caller);

			free(pw->desc);
			pw->desc = d;
			free(caller);
			free(m);
		}
		cp_walk(sc->buf, sc->len, cf + 1, end - strlen(fn), &cs);
		keep_shared(&cs, sc->buf, cn - sc->buf, end, abase, aop, NULL);
		cp_rebase(&cs, abase, aop, bs, ops);
		cp_state_prepend(&cs, &pw->st);
		pw->callers = xrealloc(pw->callers,
				       (pw->ncallers + 1) * sizeof(*pw->callers));
		pw->callers[pw->ncallers++] = cs;
		free(abase);
		free(arg);
	}
	free(root);
}

static void pwaker_free(struct pwaker *pw)
{
	int i;

	free(pw->desc);
	free(pw->dropped);
	free(pw->fail);
	cp_state_free(&pw->st);
	for (i = 0; i < pw->ncallers; i++)
		cp_state_free(&pw->callers[i]);
	free(pw->callers);
}

/* `flag[i]` -> `flag[minor]` in the writes of a waker's loop over i */
static void rename_index(struct cp_state *st, const char *from, const char *to)
{
	char *f = xasprintf("[%s]", from), *t = xasprintf("[%s]", to);
	int i;

	for (i = 0; i < st->n; i++) {
		char **v[] = { &st->w[i].lhs, &st->w[i].val };
		int j;

		for (j = 0; j < 2; j++) {
			struct strbuf sb = { 0 };
			const char *p = *v[j], *h;

			if (!p || !strstr(p, f))
				continue;
			while ((h = strstr(p, f))) {
				sb_printf(&sb, "%.*s%s", (int)(h - p), p, t);
				p = h + strlen(f);
			}
			sb_printf(&sb, "%s", p);
			free(*v[j]);
			*v[j] = sb.s;
		}
	}
	free(f);
	free(t);
}

/* The writes of waker pw before its wake-up at off, in the sleeper's terms. */
static void waker_writes(const struct site_ctx *sc, struct pwaker *pw,
			 const char *fn, const char *wn, size_t wnn,
			 unsigned wf, unsigned wt, unsigned off,
			 const char *bw, const char *opw, const char *bs,
			 const char *ops, const struct qmatch *m,
			 const struct mod_file *mf)
{
	char *sbw = bw ? qmatch_strip(bw) : NULL;
	char *sbs = bs ? qmatch_strip(bs) : NULL;
	const char *buf = mf ? mf->buf : sc->buf;
	size_t len = mf ? mf->len : sc->len;

	cp_walk(buf, len, wf + 1, off, &pw->st);
	keep_shared(&pw->st, buf, wn - buf, off, sbw, opw, &pw->dropped);
	if (m && m->idx_from)
		rename_index(&pw->st, m->idx_from, m->idx_to);
	if (sbw && sbs)
		cp_rebase(&pw->st, sbw, opw, sbs, ops);
	/* a helper's callers: in the sleeper's file only */
	if (sbw && sbs && !mf)
		waker_callers(sc, pw, fn, wn, wnn, wf, wt, sbw, sbs, ops);
	free(sbw);
	free(sbs);
}

/*
 * The wakers of the queue in the other files of the driver's module
 * (fix/module.c), compared as expressions, appended to (*out)[0, k).
 */
static int module_wakers(const struct site_ctx *sc, const char *func,
			 unsigned sn, unsigned st_, const char *qs,
			 const char *bs, const char *ops, struct pwaker **out,
			 int k)
{
	const struct mod_file *const *mods;
	CXFile file;
	CXString ts;
	int nm, j, i;

	clang_getSpellingLocation(clang_getCursorLocation(sc->path[0]), &file,
				  NULL, NULL, NULL);
	if (!file)
		return k;
	ts = clang_getFileName(file);
	nm = module_siblings(clang_getCString(ts), &mods, NULL);
	clang_disposeString(ts);
	for (j = 0; j < nm; j++) {
		const struct mod_file *mf = mods[j];
		struct wq_file f;
		struct waker *w = NULL;
		int n;

		if (!text_has_word(mf->buf, 0, mf->len, sc->queue ?
				   last_field(sc->queue) : "") )
			continue;
		memset(&f, 0, sizeof(f));
		f.buf = mf->buf;
		f.len = mf->len;
		f.path = mf->path;
		n = wakers_find(&f, sc->queue, func, &w);
		for (i = 0; i < n; i++) {
			unsigned off = text_offset(mf->buf, mf->len, w[i].pos);
			unsigned wf, wt, a, b;
			const char *wn, *opw = NULL, *kind;
			size_t wnn;
			char *qw, *bw = NULL, *mw = NULL, *fn, *member = NULL;
			char *why = NULL;
			struct pwaker *pw;
			struct qmatch m;

			if (!text_enclosing_function(mf->buf, mf->len, off, &wf,
						     &wt, &wn, &wnn) ||
			    !first_arg_at(mf->buf, mf->len, off, &a, &b))
				continue;
			*out = xrealloc(*out, (k + 1) * sizeof(**out));
			pw = &(*out)[k++];
			memset(pw, 0, sizeof(*pw));
			fn = xasprintf("%.*s", (int)wnn, wn);
			kind = waker_kind(mf->buf, mf->len, fn, &member);
			pw->desc = member ?
				xasprintf("the .%s callback %s() in %s", member, fn, mf->name) :
				xasprintf("the %s %s() in %s", kind, fn, mf->name);
			free(member);
			qw = queue_expr(mf->buf, a, b);
			cp_split(qw, &bw, &opw, &mw);
			if (qmatch_text2(sc->buf, sc->len, sn, st_, qs, mf->buf,
					 mf->len, wn - mf->buf, wt, off, qw, &m,
					 &why))
				waker_writes(sc, pw, fn, wn, wnn, wf, wt, off, bw,
					     opw, bs, ops, &m, mf);
			else if (m.different)
				free(pw->desc), k--;	/* another queue */
			else
				pw->fail = xasprintf("%s wakes '%s': %s", pw->desc,
						     qw, why);
			free(why);
			qmatch_free(&m);
			free(qw);
			free(bw);
			free(mw);
			free(fn);
		}
		wakers_free(w, n);
	}
	return k;
}

/* The wakers of the sleeper's queue, their writes rebased. */
static int gather_wakers(const struct site_ctx *sc, const char *func,
			 unsigned sn, unsigned sf, unsigned st_,
			 struct pwaker **out,
			 char **why)
{
	struct wq_file f;
	struct waker *w = NULL;
	int n, i, k = 0;
	unsigned sa, sb;
	char *qs, *bs = NULL, *ms = NULL;
	const char *ops = NULL;
	CXCursor ds;

	*out = NULL;
	memset(&f, 0, sizeof(f));
	f.buf = (char *)sc->buf;
	f.len = sc->len;
	if (!first_arg_at(sc->buf, sc->len, sc->anchor_off, &sa, &sb))
		return 0;
	qs = queue_expr(sc->buf, sa, sb);
	cp_split(qs, &bs, &ops, &ms);
	ds = decl_at(sc, sa, sb, ms ? ms : qs);
	n = wakers_find(&f, sc->queue, func, &w);
	*out = xrealloc(NULL, (n ? n : 1) * sizeof(**out));
	for (i = 0; i < n; i++) {
		unsigned off = text_offset(sc->buf, sc->len, w[i].pos);
		unsigned wf, wt, a, b;
		const char *wn;
		size_t wnn;
		struct pwaker *pw;
		char *qw, *bw = NULL, *mw = NULL, *fn, *member = NULL;
		const char *opw = NULL, *kind;
		CXCursor dw;

		if (off >= sf && off < st_)
			continue;	/* the sleeper wakes others */
		if (!text_enclosing_function(sc->buf, sc->len, off, &wf, &wt,
					     &wn, &wnn) ||
		    !first_arg_at(sc->buf, sc->len, off, &a, &b))
			continue;
		pw = &(*out)[k++];
		memset(pw, 0, sizeof(*pw));
		fn = xasprintf("%.*s", (int)wnn, wn);
		kind = waker_kind(sc->buf, sc->len, fn, &member);
		pw->desc = member ? xasprintf("the .%s callback %s()", member, fn) :
			   xasprintf("the %s %s()", kind, fn);
		free(member);
		qw = queue_expr(sc->buf, a, b);
		cp_split(qw, &bw, &opw, &mw);
		dw = decl_at(sc, a, b, mw ? mw : qw);
		if (!clang_Cursor_isNull(ds) && !clang_Cursor_isNull(dw)) {
			if (!!bw == !!bs && clang_equalCursors(ds, dw))
				waker_writes(sc, pw, fn, wn, wnn, wf, wt, off, bw,
					     opw, bs, ops, NULL, NULL);
			else
				pw->fail = xasprintf(
					"%s wakes '%s', which the compiler does not resolve to the same %s as the sleeper's '%s'",
					pw->desc, qw, bs ? "struct member" : "variable", qs);
		} else {
			/* no declaration (a header missing): as expressions */
			struct qmatch m;
			char *why = NULL;

			if (qmatch_text(sc->buf, sn, st_, qs,
					wn - sc->buf, wt, off, qw, &m, &why)) {
				waker_writes(sc, pw, fn, wn, wnn, wf, wt, off, bw,
					     opw, bs, ops, &m, NULL);
			} else if (m.different) {
				/* another queue of the same last name */
				free(pw->desc);
				k--;
			} else {
				pw->fail = xasprintf("%s wakes '%s': %s", pw->desc,
						     qw, why);
			}
			free(why);
			qmatch_free(&m);
		}
		free(qw);
		free(bw);
		free(mw);
		free(fn);
	}
	wakers_free(w, n);
	k = module_wakers(sc, func, sn, st_, qs, bs, ops, out, k);
	if (!k && why)
		*why = xasprintf("nothing in this file wakes '%s' but the sleeper itself",
				 qs);
	free(qs);
	free(bs);
	free(ms);
	return k;
}

/* Is waker pw sure to make cond true before it wakes?  *why if not. */
static bool waker_makes_true(const struct site_ctx *sc, struct pwaker *pw,
			     const char *cond, char **why)
{
	enum cp_truth t;
	int i;

	if (pw->fail) {
		*why = xstrdup(pw->fail);
		return false;
	}
	t = cp_eval(sc->buf, sc->len, cond, &pw->st);
	if (t == CP_TRUE)
		return true;
	if (pw->ncallers) {
		for (i = 0; i < pw->ncallers; i++)
			if (cp_eval(sc->buf, sc->len, cond, &pw->callers[i]) != CP_TRUE)
				break;
		if (i == pw->ncallers)
			return true;
	}
	*why = xasprintf("%s wakes the queue without making '%s' true on every path before%s%s%s",
			 pw->desc, cond,
			 pw->dropped ? " (it writes through its own local: '" : "",
			 pw->dropped ? pw->dropped : "",
			 pw->dropped ? "', no rebasing onto the sleeper's variables)" : "");
	return false;
}

/* `current->state != TASK_INTERRUPTIBLE`: the task's own state */
static bool is_task_state(const char *c)
{
	const char *p;

	for (p = c; (p = strstr(p, "TASK_")); p++)
		if (p == c || !is_ident(p[-1]))
			return true;
	return find_word(c, "current") != NULL;
}

/*
 * Replace the sleeper's locals in c by the shared expressions they were
 * read from; NULL with *why when one is not such a copy.
 */
#define MAX_COPIES 8

/* `dev->q.len`, `ready[n]`: names, members and plain indexes only */
static bool postfix_only(const char *v)
{
	const char *p;

	for (p = v; *p; p++) {
		if (is_ident(*p) || *p == '.' || *p == '[' || *p == ']')
			continue;
		if (p[0] == '-' && p[1] == '>') {
			p++;
			continue;
		}
		return false;
	}
	return *v != 0;
}
static char *unlocal(const struct site_ctx *sc, unsigned decl,
		     const struct cp_state *ss, const char *c, char **why,
		     int *copies, int *ncopies)
{
	struct strbuf sb = { 0 };
	const char *p = c;
	int bracket = 0;

	while (*p) {
		const char *s = p, *q;
		char *w;
		int i;
		bool member;

		if (!is_ident(*p) || (p > c && is_ident(p[-1])) ||
		    isdigit((unsigned char)*p)) {
			if (*p == '[')
				bracket++;
			else if (*p == ']')
				bracket--;
			sb_add(&sb, p, 1);
			p++;
			continue;
		}
		member = p > c && (p[-1] == '.' || (p[-1] == '>' && p > c + 1 &&
						    p[-2] == '-'));
		while (is_ident(*p))
			p++;
		w = xasprintf("%.*s", (int)(p - s), s);
		q = p;
		while (*q == ' ')
			q++;
		if (member || bracket || *q == '(' || (q[0] == '-' && q[1] == '>') ||
		    *q == '.' || *q == '[' ||
		    !cp_is_local(sc->buf, decl, sc->anchor_off, w)) {
			sb_printf(&sb, "%s", w);
			free(w);
			continue;
		}
		for (i = 0; i < ss->n; i++)
			if (ss->w[i].kind != CPW_FACT && !strcmp(ss->w[i].lhs, w))
				break;
		if (i == ss->n || ss->w[i].kind != CPW_SET || !ss->w[i].val ||
		    (!strstr(ss->w[i].val, "->") && !strchr(ss->w[i].val, '.')) ||
		    cond_side_effect(ss->w[i].val)) {
			*why = xasprintf("'%s' reads the local '%s', %s: wait_event*() would test a stale copy",
					 c, w, i < ss->n && ss->w[i].val ?
					 "not a plain copy of shared state" :
					 "not a copy taken right before the sleep");
			free(w);
			free(sb.s);
			return NULL;
		}
		/* `dev->qlen`, `port_ready[n]`: no parentheses needed */
		if (postfix_only(ss->w[i].val))
			sb_printf(&sb, "%s", ss->w[i].val);
		else
			sb_printf(&sb, "(%s)", ss->w[i].val);
		if (copies && *ncopies < MAX_COPIES)
			copies[(*ncopies)++] = i;
		free(w);
	}
	return sb.s ? sb.s : xstrdup("");
}

/* may write w change the shared expression e? */
static bool touches(const char *w, const char *e)
{
	size_t n = strlen(w), m = strlen(e);

	if (!strcmp(w, "*"))
		return true;
	if (!strncmp(w, e, n < m ? n : m)) {
		const char *rest = n < m ? e + n : w + m;

		return !*rest || *rest == '.' || *rest == '[' ||
		       (rest[0] == '-' && rest[1] == '>');
	}
	return false;
}

/*
 * `qlen = dev->qlen; if (qlen > 0) { ...; sleep }`: the test read the
 * copies; it holds of what they copied when nothing the sleeper does
 * between each copy and the sleep writes it.
 */
static bool copies_intact(const struct cp_state *ss, const int *copies, int n)
{
	int k, j;

	for (k = 0; k < n; k++) {
		char *e = cp_norm(ss->w[copies[k]].val);

		for (j = 0; j < copies[k]; j++) {
			const struct cp_write *w = &ss->w[j];

			if (w->kind != CPW_FACT && touches(w->lhs, e)) {
				free(e);
				return false;
			}
		}
		free(e);
	}
	return true;
}

/*
 * Is member m used as a flag in the file: every store to `->m` or `.m`
 * writes 0 or 1 (then a maintainer tests `p->m`, else `p->m == v`)?
 */
static bool flag_member(const char *buf, size_t len, const char *m)
{
	long at = 0;
	size_t n = strlen(m);

	while ((at = text_find_word(buf, at, len, m)) >= 0) {
		long p = at + n;

		at = p;
		if (!(at - (long)n > 0 && (buf[at - n - 1] == '.' ||
					 buf[at - n - 1] == '>')))
			continue;
		while ((size_t)p < len && (buf[p] == ' ' || buf[p] == '\t'))
			p++;
		if ((size_t)p + 1 >= len)
			continue;
		if (strchr("+-|&^", buf[p]) && buf[p + 1] == '=')
			return false;
		if ((buf[p] == '+' && buf[p + 1] == '+') ||
		    (buf[p] == '-' && buf[p + 1] == '-'))
			return false;
		if (buf[p] == '=' && buf[p + 1] != '=') {
			p++;
			while ((size_t)p < len && (buf[p] == ' ' || buf[p] == '\t'))
				p++;
			if (!((buf[p] == '0' || buf[p] == '1') && !is_ident(buf[p + 1])) &&
			    strncmp(buf + p, "true", 4) && strncmp(buf + p, "false", 5))
				return false;
		}
	}
	return true;
}

static void add_cand(char ***cands, int *nc, char *c)
{
	int k;

	for (k = 0; k < *nc; k++)
		if (!strcmp((*cands)[k], c)) {
			free(c);
			return;
		}
	*cands = xrealloc(*cands, (*nc + 1) * sizeof(**cands));
	(*cands)[(*nc)++] = c;
}

/* The condition write w makes true, or NULL. */
static char *made_true(const struct site_ctx *sc, const struct cp_write *w)
{
	if (!strcmp(w->lhs, "*") || strchr(w->lhs, '('))
		return NULL;
	if (w->kind == CPW_SET && w->val && !strchr(w->val, '(')) {
		char *b = NULL, *m = NULL;
		const char *op;
		bool flag;

		if (!strcmp(w->val, "0") || !strcmp(w->val, "NULL") ||
		    !strcmp(w->val, "false"))
			return xasprintf("!%s", w->lhs);
		flag = cp_split(w->lhs, &b, &op, &m) &&
		       flag_member(sc->buf, sc->len, m);
		free(b);
		free(m);
		if ((!strcmp(w->val, "1") || !strcmp(w->val, "true")) && flag)
			return xstrdup(w->lhs);
		return xasprintf("%s == %s", w->lhs, w->val);
	}
	if (w->kind == CPW_ADD)
		return xstrdup(w->lhs);
	if (w->kind == CPW_BITSET && w->val)
		return xasprintf("test_bit(%s, &%s)", w->val, w->lhs);
	if (w->kind == CPW_LISTADD)
		return xasprintf("!list_empty(&%s)", w->lhs);
	/* `flags &= ~ASYNC_CLOSING`: one named bit (of several, below) */
	if ((w->kind == CPW_MASKCLR || w->kind == CPW_MASKSET) && w->val &&
	    !strpbrk(w->val, "|()"))
		return xasprintf(w->kind == CPW_MASKCLR ? "!(%s & %s)" : "%s & %s",
				 w->lhs, w->val);
	return NULL;
}

/* `flags &= ~(A | B)`: one candidate per bit, `!(flags & A)` ... */
static void mask_candidates(const struct cp_write *w, char ***cands, int *nc)
{
	char *m, *save = NULL, *tok;

	if ((w->kind != CPW_MASKCLR && w->kind != CPW_MASKSET) || !w->val ||
	    !strchr(w->val, '|') || strchr(w->lhs, '('))
		return;
	m = xstrdup(w->val);
	for (tok = strtok_r(m, "|", &save); tok; tok = strtok_r(NULL, "|", &save)) {
		char *b = cp_norm(tok);

		if (*b && strspn(b, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") == strlen(b))
			add_cand(cands, nc, xasprintf(w->kind == CPW_MASKCLR ?
					"!(%s & %s)" : "%s & %s", w->lhs, b));
		free(b);
	}
	free(m);
}

/*
 * The conditions the wakers' writes make true, as candidates; then,
 * when the wakers write different things, the disjunction of each
 * one's nearest (`l2_state == L2_RUNNING || l2_state == L2_DOWN`).
 */
static void waker_candidates(const struct site_ctx *sc, struct pwaker *pws,
			     int n, char ***cands, int *nc)
{
	struct strbuf any = { 0 };
	int i, j, parts = 0;

	for (i = 0; i < n; i++) {
		char *near = NULL;

		/* a helper's callers write for it (one level up) */
		const struct cp_state *st = pws[i].ncallers ? &pws[i].callers[0] :
					    &pws[i].st;

		for (j = 0; j < st->n; j++) {
			char *c = made_true(sc, &st->w[j]);

			mask_candidates(&st->w[j], cands, nc);
			if (!c)
				continue;
			if (!near)
				near = xstrdup(c);
			add_cand(cands, nc, c);
		}
		if (near && (!any.s || !strstr(any.s, near))) {
			sb_printf(&any, "%s%s", parts ? " || " : "", near);
			parts++;
		}
		free(near);
	}
	if (parts > 1 && parts <= 3)
		add_cand(cands, nc, any.s);
	else
		free(any.s);
}

/* The proof of one candidate; step and why in pr. */
static bool prove_one(const struct site_ctx *sc, unsigned decl,
		      const struct cp_state *ss, struct pwaker *pws, int npw,
		      const char *nowaker, const char *cand,
		      struct cond_proof *pr)
{
	char *c, *why = NULL;
	const char *se;
	enum cp_truth t;
	int i, copies[MAX_COPIES], ncopies = 0;

	pr->cond = xstrdup(cand);
	if (is_task_state(cand)) {
		pr->step = PS_TASK_STATE;
		pr->why = xasprintf("'%s' tests the task state, which wait_event*() sets itself: false on every test there",
				    cand);
		return false;
	}
	if ((se = cond_side_effect(cand))) {
		pr->step = PS_SIDE_EFFECT;
		pr->why = xasprintf("'%s' has a side effect (%s); wait_event*() evaluates it many times",
				    cand, se);
		return false;
	}
	c = unlocal(sc, decl, ss, cand, &why, copies, &ncopies);
	if (!c) {
		pr->step = PS_STALE_LOCAL;
		pr->why = why;
		return false;
	}
	free(pr->cond);
	pr->cond = c;
	/* outer parentheses of a lone substituted local */
	t = cp_eval(sc->buf, sc->len, pr->cond, ss);
	if (t != CP_FALSE && ncopies &&
	    cp_eval(sc->buf, sc->len, cand, ss) == CP_FALSE &&
	    copies_intact(ss, copies, ncopies))
		t = CP_FALSE;	/* the test of the copies established it */
	if (t != CP_FALSE) {
		pr->step = PS_TRUE_AT_SLEEP;
		pr->why = xasprintf(t == CP_TRUE ?
			"'%s' is already true at the sleep: wait_event*() would not sleep and would return a stale state" :
			"'%s' is not known false at the sleep: nothing the sleeper does on every path before it makes it false, so wait_event*() might not sleep at all",
			pr->cond);
		return false;
	}
	if (!npw) {
		pr->step = PS_NO_WAKER;
		pr->why = xstrdup(nowaker ? nowaker : "no waker of the queue in this file");
		return false;
	}
	for (i = 0; i < npw; i++)
		if (!waker_makes_true(sc, &pws[i], pr->cond, &why)) {
			pr->step = pws[i].fail ? PS_REBASE :
				   pws[i].dropped ? PS_REBASE : PS_WAKER;
			pr->why = why;
			return false;
		}
	pr->step = PS_OK;
	{
		struct strbuf sb = { 0 };

		for (i = 0; i < npw; i++)
			sb_printf(&sb, "%s%s", i ? (i == npw - 1 ? " and " : ", ") : "",
				  pws[i].desc);
		pr->wakers = sb.s;
	}
	return true;
}

/*
 * The fields the sleeper clears before the sleep (on every path) and
 * reads after it, as the conditions that say the waker has been.
 */
static void sleeper_flags(const struct site_ctx *sc, const struct cp_state *ss,
			  unsigned fn_end, char ***cands, int *nc)
{
	int i;

	for (i = 0; i < ss->n; i++) {
		const struct cp_write *w = &ss->w[i];
		char *b = NULL, *m = NULL;
		const char *op;
		long at;

		if (w->kind != CPW_SET || !w->val || strchr(w->val, '(') ||
		    !cp_split(w->lhs, &b, &op, &m)) {
			free(b);
			free(m);
			continue;
		}
		at = text_find_word(sc->buf, sc->anchor_off, fn_end, m);
		if (at >= 0) {
			if (!strcmp(w->val, "0") || !strcmp(w->val, "NULL") ||
			    !strcmp(w->val, "false"))
				add_cand(cands, nc, xstrdup(w->lhs));
			else if (!strcmp(w->val, "1") || !strcmp(w->val, "true"))
				add_cand(cands, nc, xasprintf("!%s", w->lhs));
			else
				add_cand(cands, nc, xasprintf("%s != %s", w->lhs,
							      w->val));
		}
		free(b);
		free(m);
	}
}

static void dump_state(const char *what, const struct cp_state *st)
{
	int i;

	fprintf(stderr, "  %s:%s%s\n", what, st->stop ? " stop: " : "",
		st->stop ? st->stop : "");
	for (i = 0; i < st->n; i++)
		fprintf(stderr, "    %d %s = %s  [%s]\n", st->w[i].kind,
			st->w[i].lhs, st->w[i].val ? st->w[i].val : "-",
			st->w[i].text ? st->w[i].text : "");
}

static void dump_proof(const struct site_ctx *sc, const struct cp_state *ss,
		       const struct pwaker *pws, int npw, char **cands, int nc)
{
	int i, j;

	fprintf(stderr, "proof at %s (offset %u):\n", sc->anchor,
		sc->anchor_off);
	dump_state("sleeper", ss);
	for (i = 0; i < npw; i++) {
		fprintf(stderr, " waker %s%s%s\n", pws[i].desc,
			pws[i].fail ? ": " : "", pws[i].fail ? pws[i].fail : "");
		dump_state("writes", &pws[i].st);
		for (j = 0; j < pws[i].ncallers; j++)
			dump_state("caller", &pws[i].callers[j]);
	}
	for (i = 0; i < nc; i++)
		fprintf(stderr, " candidate %s\n", cands[i]);
}

/*
 * `!(!a && !b)`, the negated guard `if (!a && !b)`, as a maintainer
 * writes it: `a || b`.  Only when every part is a `!x`; else a copy.
 */
static char *demorgan(const char *c)
{
	char *n = cp_norm(c), *in;
	struct strbuf sb = { 0 };
	const char *p, *s;
	int depth = 0;

	if (n[0] != '!' || n[1] != '(') {
		free(n);
		return xstrdup(c);
	}
	in = cp_norm(n + 1);
	for (p = s = in;; p++) {
		if (*p == '(')
			depth++;
		else if (*p == ')')
			depth--;
		else if (!depth && p[0] == '|' && p[1] == '|')
			goto keep;
		if (*p && (depth || p[0] != '&' || p[1] != '&'))
			continue;
		{
			/* one operand of the top-level && */
			char *t = xasprintf("%.*s", (int)(p - s), s);
			char *part = cp_norm(t);
			const char *q;
			int d = 0;
			bool unit = part[0] == '!' && part[1] != '=';

			for (q = part + 1; unit && *q; q++) {
				if (*q == '(' || *q == '[')
					d++;
				else if (*q == ')' || *q == ']')
					d--;
				else if (q[0] == '-' && q[1] == '>')
					q++;
				else if (!d && strchr("&|<>=?!+*/%^", *q))
					unit = false;
			}
			free(t);
			if (!unit) {
				free(part);
				goto keep;
			}
			sb_printf(&sb, "%s%s", sb.s ? " || " : "", part + 1);
			free(part);
		}
		if (!*p)
			break;
		s = ++p + 1;
	}
	free(in);
	free(n);
	return sb.s;
keep:
	free(sb.s);
	free(in);
	free(n);
	return xstrdup(c);
}

void cond_prove(const struct site_ctx *sc, const char *guard,
		const char *func, struct cond_proof *pr)
{
	unsigned sf, st_;
	const char *sn;
	size_t snn;
	struct cp_state ss;
	struct pwaker *pws = NULL;
	int npw, i, nc = 0;
	char **cands = NULL, *flag, *nowaker = NULL;
	struct cond_proof first = { 0 };

	memset(pr, 0, sizeof(*pr));
	pr->step = PS_NO_CANDIDATE;
	if (!sc->found || !text_enclosing_function(sc->buf, sc->len,
						   sc->anchor_off, &sf, &st_,
						   &sn, &snn)) {
		pr->why = xstrdup("the sleeping function was not found in the text");
		return;
	}
	cp_walk(sc->buf, sc->len, sf + 1, sc->anchor_off, &ss);
	npw = gather_wakers(sc, func, sn - sc->buf, sf, st_, &pws, &nowaker);
	if (guard && *guard) {
		cands = xrealloc(cands, (nc + 1) * sizeof(*cands));
		cands[nc++] = demorgan(guard);
	}
	waker_candidates(sc, pws, npw, &cands, &nc);
	flag = flag_condition(sc);
	if (flag)
		add_cand(&cands, &nc, flag);
	sleeper_flags(sc, &ss, st_, &cands, &nc);
	if (getenv("WQPORT_DUMP_PROOF"))	/* for debugging */
		dump_proof(sc, &ss, pws, npw, cands, nc);
	for (i = 0; i < nc; i++) {
		struct cond_proof one = { 0 };

		if (prove_one(sc, sn - sc->buf, &ss, pws, npw, nowaker,
			      cands[i], &one)) {
			cond_proof_free(&first);
			*pr = one;
			break;
		}
		/* the candidate that went furthest is the one reported */
		if (!i || one.step > first.step) {
			cond_proof_free(&first);
			first = one;
		} else {
			cond_proof_free(&one);
		}
	}
	if (pr->step != PS_OK && nc) {
		free(pr->why);
		*pr = first;
	} else if (pr->step != PS_OK) {
		pr->why = xstrdup(npw ? "no condition at the sleep or at its wakers" :
				  nowaker ? nowaker : "no condition and no waker in this file");
	}
	for (i = 0; i < nc; i++)
		free(cands[i]);
	free(cands);
	for (i = 0; i < npw; i++)
		pwaker_free(&pws[i]);
	free(pws);
	free(nowaker);
	cp_state_free(&ss);
}

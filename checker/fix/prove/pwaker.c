// SPDX-License-Identifier: GPL-2.0-only
/*
 * The wakers of a sleeper's queue for the condition proof (fix/prove/proof.c):
 * each wake-up of the queue in the file, or in another file of the
 * driver's module (fix/prove/module.c), with the writes on every path before
 * it, rebased onto the sleeper's variables through the queue's owner
 * (the same member of the same struct, by libclang's declarations, or
 * compared as expressions by fix/prove/qmatch.c when it resolves none), and
 * one call level up for a helper that wakes.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "condproof.h"
#include "module.h"
#include "pwaker.h"
#include "qmatch.h"
#include "site.h"
#include "site_text.h"
/* The first argument of the call whose name starts at off: [*a, *b). */
static bool first_arg_at(const char *buf, size_t len, unsigned off,
			 unsigned *a, unsigned *b)
{
	unsigned i = off;
	int depth = 0;

	while (i < len && wq_ident_char(buf[i]))
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
	char *t = xasprintf("%.*s", (int)(b - a), buf + a), *n;

	/* comments between the call and its argument: blanks, which
	 * cp_norm() drops */
	blank_c_comments(t);
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

		while (wq_ident_char(*p))
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
	/* a function other files may call (or a pointer to it) has callers
	 * the file does not show, which write nothing before it */
	pw->callers_all = text_function_sealed(sc->buf, sc->len, fn);
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

void pwaker_free(struct pwaker *pw)
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
 * (fix/prove/module.c), compared as expressions, appended to (*out)[0, k).
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
int gather_wakers(const struct site_ctx *sc, const char *func,
			 unsigned sn, unsigned sf, unsigned st_,
			 struct pwaker **out,
			 char **why)
{
	struct wq_file f;
	struct waker *w = NULL;
	int n, i, k = 0;
	bool self = false;	/* a wake-up of it in the sleeper's function */
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

		if (off >= sf && off < st_ &&
		    !text_other_case_arm(sc->buf, sf, st_, off, sc->anchor_off)) {
			self = true;	/* the sleeper wakes others */
			continue;
		}
		/* (in another case arm of its switch: another task's call,
		 * an ioctl's SET arm waking its GET arm) */
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
	if (!k && why) {
		size_t mn;
		long mw = text_member_waker(sc->buf, sc->len,
					    last_field(qs), &mn);

		/* `complete(&c)` wakes c.wait (KAPI_WAKES_MEMBER) */
		*why = mw >= 0 ? xasprintf(
			"'%s' may be woken by %.*s() in this file, which wakes the '%s' of the completion it is given: the proof does not read that as a waker with a change",
			qs, (int)mn, sc->buf + mw, last_field(qs)) :
			xasprintf("nothing in this file wakes '%s'%s", qs,
				  self ? " but the sleeper itself" : "");
	}
	free(qs);
	free(bs);
	free(ms);
	return k;
}

/*
 * Does the write the waker made through a local of its own (text d,
 * `event.pressure = Rt`) name what cond reads: the last name it writes
 * is a word of cond?  Else it is no reason the proof failed.
 */
bool waker_dropped_names(const char *d, const char *cond)
{
	const char *eq = strchr(d, '='), *e, *b;
	char *name;
	bool hit;

	if (!eq)
		return true;
	for (e = eq; e > d && !is_ident(e[-1]); e--)
		;
	for (b = e; b > d && is_ident(b[-1]); b--)
		;
	if (b == e)
		return true;
	name = xasprintf("%.*s", (int)(e - b), b);
	hit = text_has_word(cond, 0, strlen(cond), name);
	free(name);
	return hit;
}

/* Is waker pw sure to make cond true before it wakes?  *why if not. */
bool waker_makes_true(const struct site_ctx *sc, struct pwaker *pw,
			     const char *cond, char **why)
{
	enum cp_truth t;
	bool rel;
	int i;

	if (pw->fail) {
		*why = xstrdup(pw->fail);
		return false;
	}
	t = cp_eval(sc->buf, sc->len, cond, &pw->st);
	if (t == CP_TRUE)
		return true;
	if (pw->ncallers && pw->callers_all) {
		for (i = 0; i < pw->ncallers; i++)
			if (cp_eval(sc->buf, sc->len, cond, &pw->callers[i]) != CP_TRUE)
				break;
		if (i == pw->ncallers)
			return true;
	}
	rel = pw->dropped && waker_dropped_names(pw->dropped, cond);
	*why = xasprintf("%s wakes the queue where the proof cannot show '%s' true on every path before%s%s%s",
			 pw->desc, cond,
			 rel ? " (it writes through its own local: '" : "",
			 rel ? pw->dropped : "",
			 rel ? "', no rebasing onto the sleeper's variables)" : "");
	return false;
}


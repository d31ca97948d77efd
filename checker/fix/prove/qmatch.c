// SPDX-License-Identifier: GPL-2.0-only
/*
 * Is the queue a waker wakes the queue a sleeper sleeps on, when the
 * compiler cannot say (issue 39)?  Real drivers of old kernels miss
 * their headers, and libclang then resolves neither `info->close_wait`
 * nor `sbp.tb_sync` to a declaration.  The queues are compared as
 * expressions instead, as a maintainer reads them:
 *
 *	static void rs_close(struct tty_struct *tty, struct file *filp)
 *	{
 *		struct serial_state *info = tty->driver_data;
 *		...
 *		info->flags &= ~ASYNC_CLOSING;
 *		wake_up_interruptible(&info->close_wait);
 *	}
 *	static int rs_open(...)
 *	{
 *		struct serial_state *info;
 *		...
 *		interruptible_sleep_on(&info->close_wait);
 *
 * the same member reached through the same path from a root of the same
 * declared type (`struct serial_state *` in both), or the same global
 * (`sbp.tb_sync`, `port_wait[minor]` against `port_wait[i]` woken in a
 * loop over every i).  Parentheses, `&` and casts of the root do not
 * count.  The waker's writes are then rebased onto the sleeper's root
 * (rebase_*), or its loop index renamed to the sleeper's (idx_*).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "condproof.h"
#include "qmatch.h"
#include "site_text.h"
#include "text.h"

void qmatch_free(struct qmatch *m)
{
	free(m->from);
	free(m->to);
	free(m->idx_from);
	free(m->idx_to);
	memset(m, 0, sizeof(*m));
}

/* `((struct foo *)p)->q` -> `p->q`; `(p)->q` -> `p->q` */
char *qmatch_strip(const char *e)
{
	char *n = cp_norm(e), *t;

	while (n[0] == '&') {
		t = cp_norm(n + 1);
		free(n);
		n = t;
	}
	for (;;) {
		/* a cast at the front: `(struct x *)` `(type*)` */
		char *close;

		if (n[0] != '(' || !(close = strchr(n, ')')))
			break;
		{
			size_t k = close - n;
			bool cast = k > 1 && (close[-1] == '*' ||
					      !strncmp(n + 1, "struct ", 7));
			size_t j;

			for (j = 1; j < k && cast; j++)
				if (!is_ident(n[j]) && n[j] != ' ' && n[j] != '*')
					cast = false;
			if (cast) {
				t = xstrdup(close + 1);
				free(n);
				n = t;
				continue;
			}
		}
		/* `(p)->q`: parentheses around the root alone */
		{
			size_t j = 1;

			while (is_ident(n[j]))
				j++;
			if (j > 1 && n[j] == ')') {
				t = xasprintf("%.*s%s", (int)(j - 1), n + 1,
					      n + j + 1);
				free(n);
				n = t;
				continue;
			}
		}
		break;
	}
	return n;
}

/*
 * The type the declaration of name in [fn, end) gives it, without
 * qualifiers, storage class, stars and blanks: `struct foo`; NULL when
 * name is not declared there.
 */
char *qmatch_decl_type(const char *buf, unsigned fn, unsigned end,
		       const char *name)
{
	long at = fn;
	size_t n = strlen(name);

	while ((at = text_find_word(buf, at, end, name)) >= 0) {
		unsigned a = at, b = at + n, q, s;
		int depth = 0;
		char *seg, *r;

		at = b;
		if (a && (buf[a - 1] == '.' || buf[a - 1] == '>'))
			continue;
		while (b < end && isspace((unsigned char)buf[b]))
			b++;
		if (b >= end || !strchr(";,=)[", buf[b]))
			continue;
		q = a;
		while (q > fn && (isspace((unsigned char)buf[q - 1]) ||
				  buf[q - 1] == '*'))
			q--;
		if (q <= fn || !is_ident(buf[q - 1]))
			continue;
		/* back to the start of the declaration */
		for (s = q; s > fn; s--) {
			char c = buf[s - 1];

			if (c == ')')
				depth++;
			else if (c == '(' && depth)
				depth--;
			else if (!depth && strchr(";{}(", c))
				break;
		}
		if (s <= fn)
			continue;
		seg = xasprintf("%.*s", (int)(q - s), buf + s);
		if (buf[s - 1] == '(') {
			/* a parameter: after the nearest comma */
			char *c = strrchr(seg, ',');

			if (c)
				memmove(seg, c + 1, strlen(c + 1) + 1);
		} else if (strchr(seg, ',')) {
			/* `struct foo *a, *name`: the type of the first */
			char *e = strchr(seg, ',');

			*e = 0;
			if ((e = strchr(seg, '=')))
				*e = 0;
			e = seg + strlen(seg);
			while (e > seg && (isspace((unsigned char)e[-1]) ||
					   e[-1] == '*'))
				e--;
			while (e > seg && is_ident(e[-1]))
				e--;
			*e = 0;
		}
		r = type_norm(seg);
		free(seg);
		if (*r && strcmp(r, "return") && strcmp(r, "else") &&
		    strcmp(r, "case") && strcmp(r, "goto") && strcmp(r, "sizeof"))
			return r;
		free(r);
	}
	return NULL;
}

char *type_norm(const char *t)
{
	static const char *const drop[] = {
		"const", "volatile", "register", "static", "__iomem", "__user",
		"__rcu", NULL
	};
	struct strbuf sb = { 0 };
	const char *p = t;

	while (*p) {
		const char *s = p;
		int i;

		if (!is_ident(*p)) {
			p++;
			continue;
		}
		while (is_ident(*p))
			p++;
		for (i = 0; drop[i]; i++)
			if ((size_t)(p - s) == strlen(drop[i]) &&
			    !strncmp(s, drop[i], p - s))
				break;
		if (!drop[i])
			sb_printf(&sb, "%s%.*s", sb.s ? " " : "", (int)(p - s), s);
	}
	return sb.s ? sb.s : xstrdup("");
}

/* root identifier of e and where its rest starts */
static char *root_rest(const char *e, const char **rest)
{
	const char *p = e;

	while (*p == '*' || *p == '(')
		p++;
	if (p != e || !is_ident(*p) || isdigit((unsigned char)*p))
		return NULL;
	while (is_ident(*p))
		p++;
	*rest = p;
	return xasprintf("%.*s", (int)(p - e), e);
}

/* `for (i = 0; ...)` around offset at in [fn, at): is v its variable? */
static bool loop_var_at(const char *buf, unsigned fn, unsigned at,
			const char *v)
{
	long p = fn;

	while ((p = text_find_word(buf, p, at, "for")) >= 0) {
		const char *h = buf + p + 3, *body;
		int depth = 0;

		p += 3;
		while (*h == ' ' || *h == '\t')
			h++;
		if (*h != '(')
			continue;
		for (body = h; *body; body++) {
			if (*body == '(')
				depth++;
			else if (*body == ')' && --depth == 0)
				break;
		}
		if (!*body || (unsigned)(body - buf) >= at)
			continue;
		/* the header's init assigns v */
		{
			const char *w = h + 1;

			while (*w == ' ')
				w++;
			if (strncmp(w, v, strlen(v)) || is_ident(w[strlen(v)]))
				continue;
			w += strlen(v);
			while (*w == ' ')
				w++;
			if (*w != '=' || w[1] == '=')
				continue;
		}
		/* and the wake-up is in its body: a block or one statement */
		{
			const char *b = body + 1;
			int d = 0;

			while (isspace((unsigned char)*b))
				b++;
			if (*b != '{') {
				const char *semi = strchr(b, ';');

				if (semi && (unsigned)(semi - buf) >= at)
					return true;
				continue;
			}
			for (; *b; b++) {
				if (*b == '{')
					d++;
				else if (*b == '}' && --d == 0)
					break;
			}
			if ((unsigned)(b - buf) > at)
				return true;
		}
	}
	return false;
}

/* `A[x]` (A a plain name): A in *arr, x in *idx */
static bool array_elem(const char *e, char **arr, char **idx)
{
	const char *b = strchr(e, '[');
	size_t n = strlen(e);

	if (!b || b == e || e[n - 1] != ']' || strchr(b + 1, '['))
		return false;
	{
		const char *p;

		for (p = e; p < b; p++)
			if (!is_ident(*p))
				return false;
	}
	*arr = xasprintf("%.*s", (int)(b - e), e);
	*idx = xasprintf("%.*s", (int)(n - (b - e) - 2), b + 1);
	return true;
}

/* is name declared static at file scope in buf (`static DECLARE_...(name)`)? */
static bool file_static(const char *buf, size_t len, const char *name)
{
	long at = 0;

	while ((at = text_find_word(buf, at, len, name)) >= 0) {
		long s = at;

		at += strlen(name);
		while (s > 0 && !strchr(";{}", buf[s - 1]))
			s--;
		while (isspace((unsigned char)buf[s]))
			s++;
		if (!strncmp(buf + s, "static", 6) && !is_ident(buf[s + 6]))
			return true;
	}
	return false;
}

/*
 * Is the queue e (as the analysis keeps it, `&` dropped or not) written
 * in [fn, end) of buf as an address, `&e` or `&(e)`?
 */
static bool written_addr(const char *buf, unsigned fn, unsigned end,
			 const char *e)
{
	size_t n;
	unsigned p;

	while (*e == '(' || isspace((unsigned char)*e))
		e++;
	if (*e == '&')
		return true;
	n = strlen(e);
	for (p = fn; n && p + n <= end; p++) {
		unsigned b = p;

		if (strncmp(buf + p, e, n) || (p + n < end && is_ident(buf[p + n])))
			continue;
		while (b > fn && (isspace((unsigned char)buf[b - 1]) ||
				  buf[b - 1] == '('))
			b--;
		if (b > fn && buf[b - 1] == '&' &&
		    !(b >= fn + 2 && buf[b - 2] == '&'))
			return true;	/* not `a && e` */
	}
	return false;
}

/*
 * Head of its own and member: the queue h (root name hr, no member path)
 * is written `&hr` with hr no local of [fn, end) and no macro of its file
 * buf: a head object at the top of a file (a pointer would not take
 * `&`), and the other queue o is the address of a member (path op,
 * `&dev->wq`).  A member of some struct is never that head, whichever
 * files they are in.
 */
static bool head_vs_member(const char *buf, size_t len, unsigned fn,
			   unsigned end, const char *h, const char *hr,
			   const char *obuf, unsigned ofn, unsigned oend,
			   const char *o, const char *op)
{
	size_t n = strlen(op), mend;

	return written_addr(buf, fn, end, h) &&
	       written_addr(obuf, ofn, oend, o) && n &&
	       !strpbrk(op, "[(") && is_ident(op[n - 1]) &&
	       !cp_is_local(buf, fn, end, hr) &&
	       macro_define_at(buf, len, hr, strlen(hr), &mend) < 0;
}

bool qmatch_text(const char *buf, unsigned sfn, unsigned send, const char *qs,
		 unsigned wfn, unsigned wend, unsigned woff, const char *qw,
		 struct qmatch *m, char **why)
{
	return qmatch_text2(buf, strlen(buf), sfn, send, qs, NULL, 0, wfn,
			    wend, woff, qw, m, why);
}

bool qmatch_text2(const char *sbuf, size_t slen, unsigned sfn, unsigned send,
		  const char *qs, const char *wbuf, size_t wlen, unsigned wfn,
		  unsigned wend, unsigned woff, const char *qw,
		  struct qmatch *m, char **why)
{
	const char *buf = sbuf;
	bool cross = wbuf != NULL;
	char *s = qmatch_strip(qs), *w = qmatch_strip(qw);
	char *rs = NULL, *rw = NULL, *ts = NULL, *tw = NULL;
	char *as = NULL, *is = NULL, *aw = NULL, *iw = NULL;
	const char *xs = NULL, *xw = NULL;
	bool ok = false;

	memset(m, 0, sizeof(*m));
	if (array_elem(s, &as, &is) && array_elem(w, &aw, &iw)) {
		/* one array of queues, the waker's index its loop's */
		if (!wbuf)
			wbuf = sbuf, wlen = slen;
		ok = !strcmp(as, aw) && !cp_is_local(buf, sfn, send, as) &&
		     !cp_is_local(wbuf, wfn, wend, aw) &&
		     (!cross || (!file_static(sbuf, slen, as) &&
				 !file_static(wbuf, wlen, aw)));
		if (ok && strcmp(is, iw)) {
			ok = is_ident(iw[0]) && !isdigit((unsigned char)iw[0]) &&
			     !strpbrk(iw, "+-*/()[]. >") &&
			     loop_var_at(wbuf, wfn, woff, iw);
			if (ok) {
				m->idx_from = xstrdup(iw);
				m->idx_to = xstrdup(is);
			}
		} else if (ok && cp_is_local(buf, sfn, send, is)) {
			ok = false;	/* [minor] and [minor]: two locals */
		}
		m->different = !ok && !cp_is_local(buf, sfn, send, as) &&
			       !cp_is_local(wbuf, wfn, wend, aw) &&
			       (strcmp(as, aw) || (cross &&
				(file_static(sbuf, slen, as) ||
				 file_static(wbuf, wlen, aw))));
		if (!ok && why)
			*why = xasprintf("'%s' and '%s' are not the same element: the waker's index is no loop over every element",
					 qw, qs);
		goto out;
	}
	if (!wbuf)
		wbuf = sbuf, wlen = slen;
	rs = root_rest(s, &xs);
	rw = root_rest(w, &xw);
	if (cross && rs && rw && (!*xs) != (!*xw) &&
	    (*xs ? head_vs_member(wbuf, wlen, wfn, wend, qw, rw,
				  sbuf, sfn, send, qs, xs) :
		   head_vs_member(sbuf, slen, sfn, send, qs, rs,
				  wbuf, wfn, wend, qw, xw))) {
		/* a head of its own and a member's address, two files */
		m->different = true;
		if (why)
			*why = xasprintf("'%s' and '%s' are not the same queue: one is a head of its own, the other a member",
					 qw, qs);
		goto out;
	}
	if (!rs || !rw || strcmp(xs, xw) || strchr(xs, '[') || strchr(xs, '(')) {
		if (why)
			*why = xasprintf("'%s' and '%s' are not the same member path",
					 qw, qs);
		goto out;
	}
	ts = qmatch_decl_type(buf, sfn, send, rs);
	tw = qmatch_decl_type(wbuf, wfn, wend, rw);
	if (!ts && !tw) {
		/* two globals: the same one (not one static per file) */
		ok = !strcmp(rs, rw) &&
		     (!cross || (!file_static(sbuf, slen, rs) &&
				 !file_static(wbuf, wlen, rw)));
		m->different = !ok;
	} else if (ts && tw && *xs) {
		/* two pointers or structs of one declared type */
		ok = !strcmp(ts, tw) && strcmp(ts, "void");
		/* two struct tags are two types; a typedef may alias */
		m->different = !ok && !strncmp(ts, "struct ", 7) &&
			       !strncmp(tw, "struct ", 7);
		if (ok && strcmp(rs, rw)) {
			m->from = xstrdup(rw);
			m->to = xstrdup(rs);
		}
	}
	if (!ok && why)
		*why = xasprintf("'%s' (%s) and '%s' (%s) are not the same queue",
				 qw, tw ? tw : "a global", qs,
				 ts ? ts : "a global");
out:
	free(s);
	free(w);
	free(rs);
	free(rw);
	free(ts);
	free(tw);
	free(as);
	free(is);
	free(aw);
	free(iw);
	return ok;
}

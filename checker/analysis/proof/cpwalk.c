// SPDX-License-Identifier: GPL-2.0-only
/*
 * The condition proof's walk: from a point of a function back to its
 * start, the writes and tests on every path to the point (cp_walk()),
 * what a range of statements may write (cp_may_writes()), and what a
 * call of one of the file's own functions may write, in the caller's
 * terms (cp_helper_writes(), one level deep).  The walk and the helper
 * summary call each other: a statement that calls a helper reads the
 * helper's body with the same walk.
 *
 * What a call of one of the file's own functions may write, for the
 * condition proof (issue 39): a sleeper that starts its device before
 * it sleeps,
 *
 *	while (s->dma.count <= 0) {
 *		start_adc(s);
 *		interruptible_sleep_on(&s->dma.wait);
 *	}
 *
 * keeps its loop test as a fact at the sleep only if start_adc() does
 * not write s->dma.count.  The helper's body is read once, every write
 * in it as a may-write with no value (cp_may_writes(),
 * above), its pointer parameters replaced by the caller's
 * arguments (`p->ctl` with start_adc(s) is `s->ctl`), its locals
 * dropped, a write indexed by a parameter widened to the whole array.
 * Its own calls are not followed: one level deep, their pointer
 * arguments may write anything under them.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "condproof.h"
#include "condproof_int.h"

#define CP_MAX_STEPS 400

/* `a && b` as a fact: each part is one */
static void add_fact(struct cp_state *st, const char *g, const char *text)
{
	char *n = cp_norm(g);
	int depth = 0;
	char *p, *s = n;

	for (p = n; *p; p++) {
		if (*p == '(')
			depth++;
		else if (*p == ')')
			depth--;
		else if (!depth && p[0] == '|' && p[1] == '|') {
			free(n);
			return;		/* a disjunction says nothing alone */
		} else if (!depth && p[0] == '&' && p[1] == '&') {
			*p = 0;
			cp_add(st, CPW_FACT, s, NULL, text);
			s = p + 2;
			p++;
		}
	}
	cp_add(st, CPW_FACT, s, NULL, text);
	free(n);
}

/*
 * The file the walk reads, for the helpers a statement calls (one level
 * deep: a helper's own calls are not followed).
 */
static _Thread_local const char *cw_buf;
static _Thread_local size_t cw_len;
static _Thread_local int cw_depth;

/* a helper of the file called with args: its may-writes, in the caller's terms */
static bool helper_writes(struct cp_state *calls, const char *name, size_t nl,
			  char **args, int n, const char *text)
{
	struct cp_state hw = { 0 };
	char *fn = xasprintf("%.*s", (int)nl, name);
	bool ok;
	int k;

	cw_depth++;
	ok = cp_helper_writes(cw_buf, cw_len, fn, (const char *const *)args, n,
			      &hw);
	cw_depth--;
	free(fn);
	if (!ok)
		return false;
	for (k = 0; k < hw.n; k++)
		cp_add(calls, CPW_OPAQUE, hw.w[k].lhs, NULL, text);
	cp_state_free(&hw);
	return true;
}

/* The writes of the calls in statement s, nearest (last) first. */
static void call_writes(struct cp_state *st, const char *s)
{
	const char *p;
	struct cp_state calls = { 0 };
	int i;

	for (p = s; *p; p++) {
		const char *w = p, *o;
		size_t k;
		char *args[6];
		int n;

		if (!wq_ident_char(*p) || (p > s && wq_ident_char(p[-1])) || isdigit((unsigned char)*p))
			continue;
		while (wq_ident_char(*p))
			p++;
		o = p;
		while (*o == ' ')
			o++;
		if (*o != '(') {
			p--;
			continue;
		}
		if (cp_starts_kw(w, "if") || cp_starts_kw(w, "while") ||
		    cp_starts_kw(w, "for") || cp_starts_kw(w, "switch") ||
		    cp_starts_kw(w, "return") || cp_call_pure(w, p - w)) {
			p--;
			continue;
		}
		n = cp_args_of(o, args, 6);
		for (k = 0; k < cp_nside; k++)
			if (!cp_side_writes[k].dectest &&
			    strlen(cp_side_writes[k].name) == (size_t)(p - w) &&
			    !strncmp(cp_side_writes[k].name, w, p - w))
				break;
		if (k < cp_nside) {
			if (n > cp_side_writes[k].lhs &&
			    (cp_side_writes[k].val < 0 || n > cp_side_writes[k].val)) {
				char *l = cp_deref(args[cp_side_writes[k].lhs]);

				cp_add(&calls, cp_side_writes[k].kind, l,
				    cp_side_writes[k].val >= 0 ?
				    args[cp_side_writes[k].val] : NULL, s);
				free(l);
			}
		} else if (cw_buf && cw_depth < 2 &&
			   helper_writes(&calls, w, p - w, args, n, s)) {
			/* a static helper of the file: what its body may write */
		} else if (!n) {
			cp_add(&calls, CPW_OPAQUE, "*", NULL, s);
		} else {
			for (i = 0; i < n; i++) {
				char *pa = cp_pointer_arg(args[i]);

				if (pa)
					cp_add(&calls, CPW_OPAQUE, pa, NULL, s);
				free(pa);
			}
		}
		for (i = 0; i < n; i++)
			free(args[i]);
		p--;
	}
	/* the later call in the statement is the nearer */
	for (i = calls.n - 1; i >= 0; i--) {
		st->w = xrealloc(st->w, (st->n + 1) * sizeof(*st->w));
		st->w[st->n++] = calls.w[i];
	}
	free(calls.w);
}

/* `flags |= M`, `flags &= ~M`: the bits of M set or cleared */
static void add_mask(struct cp_state *st, char opc, const char *lhs,
		     const char *val, const char *text)
{
	char *m = opc == '&' ? cp_mask_of(val) : cp_norm(val);

	cp_add(st, opc == '&' ? CPW_MASKCLR : CPW_MASKSET, lhs, m, text);
	free(m);
}

/* The writes statement s makes, nearest first. */
static void statement_writes(struct cp_state *st, const char *s)
{
	const char *parts[8];
	size_t plen[8];
	int np = 0, depth = 0, i;
	const char *p, *start = s;
	char *n = cp_norm(s);

	/* top-level `a = b = v`, `a += v` */
	for (p = s; *p; p++) {
		if (*p == '(' || *p == '[')
			depth++;
		else if (*p == ')' || *p == ']')
			depth--;
		else if (!depth && *p == '=' && p[1] != '=' && p > s &&
			 !strchr("=!<>", p[-1]) && np < 7) {
			parts[np] = start;
			plen[np++] = p - start;
			start = p + 1;
		}
	}
	if (np) {
		const char *val = start;

		for (i = np - 1; i >= 0; i--) {
			char *lhs = xasprintf("%.*s", (int)plen[i], parts[i]);
			size_t L = strlen(lhs);
			char opc = 0, *dn;

			while (L && lhs[L - 1] == ' ')
				lhs[--L] = 0;
			if (L && strchr("+-|&^*/%<>", lhs[L - 1])) {
				opc = lhs[L - 1];
				lhs[--L] = 0;
				if (L && (lhs[L - 1] == '<' || lhs[L - 1] == '>'))
					lhs[--L] = 0;
			}
			dn = cp_declared(lhs);
			if (dn) {
				free(lhs);
				lhs = dn;
			}
			if (!opc)
				cp_add(st, CPW_SET, lhs, val, n);
			else if (opc == '+')
				cp_add(st, CPW_ADD, lhs, NULL, n);
			else if (opc == '-')
				cp_add(st, CPW_SUB, lhs, NULL, n);
			else if (opc == '|' || (opc == '&' && cp_mask_of(val)))
				add_mask(st, opc, lhs, val, n);
			else
				cp_add(st, CPW_OPAQUE, lhs, NULL, n);
			free(lhs);
		}
		call_writes(st, val);
		free(n);
		return;
	}
	/* x++, ++x, x--, --x */
	{
		size_t L = strlen(n);

		if (L > 2 && (!strcmp(n + L - 2, "++") || !strcmp(n + L - 2, "--"))) {
			char *l = xasprintf("%.*s", (int)(L - 2), n);

			cp_add(st, n[L - 1] == '+' ? CPW_ADD : CPW_SUB, l, NULL, n);
			free(l);
			free(n);
			return;
		}
		if (L > 2 && (!strncmp(n, "++", 2) || !strncmp(n, "--", 2))) {
			cp_add(st, n[0] == '+' ? CPW_ADD : CPW_SUB, n + 2, NULL, n);
			free(n);
			return;
		}
	}
	call_writes(st, s);
	free(n);
}

/*
 * A test that steps a counter first, `if (--d->users == 0)`: the step is
 * a write made on every path (x--), and what holds inside is the test of
 * the stepped value, `d->users == 0`.  g is changed in place; the
 * counter is returned (allocated) with its write's kind, or NULL.
 */
static char *pre_step(char *g, int *kind)
{
	char *p = strstr(g, "--"), *e, *l;

	if (!p)
		p = strstr(g, "++");
	if (!p || (p > g && (wq_ident_char(p[-1]) || p[-1] == ')' ||
			     p[-1] == ']')))
		return NULL;	/* none, or x-- after the value: not this */
	for (e = p + 2; *e == ' '; e++)
		;
	if (!wq_ident_char(*e) || isdigit((unsigned char)*e))
		return NULL;
	while (wq_ident_char(*e) || (e[0] == '-' && e[1] == '>') || *e == '.')
		e += (e[0] == '-' && e[1] == '>') ? 2 : 1;
	l = xasprintf("%.*s", (int)(e - p - 2), p + 2);
	*kind = p[0] == '-' ? CPW_SUB : CPW_ADD;
	memmove(p, p + 2, strlen(p + 2) + 1);
	return l;
}

/*
 * The `else` of `if (c) ... else ...` at hs: inside it, c is false.  Only
 * for an if with no `else if` before (the earlier tests of a chain are
 * not read) and a test that steps nothing.
 */
static void else_fact(struct cp_state *st, const char *t, unsigned lo,
		      unsigned hs, const char *h)
{
	unsigned prev = cp_skip_prev(t, lo, hs), i;
	char *ph = cp_trimmed(t, prev, hs), *pg;
	int depth = 0;

	for (i = 0; ph[i]; i++) {	/* a chain: another else in it */
		if (ph[i] == '(' || ph[i] == '{')
			depth++;
		else if (ph[i] == ')' || ph[i] == '}')
			depth--;
		else if (!depth && i && cp_starts_kw(ph + i, "else") &&
			 !wq_ident_char(ph[i - 1])) {
			free(ph);
			return;
		}
	}
	pg = cp_starts_kw(ph, "if") ? cp_header_test(ph) : NULL;
	if (pg && *pg && !strstr(pg, "++") && !strstr(pg, "--") &&
	    !strchr(pg, '=')) {
		char *neg = xasprintf("!(%s)", pg);
		const char *c = pg;

		add_fact(st, neg, h);
		free(neg);
		/* `if (d->left) ... else`: d->left == 0 (against `== 4`) */
		while (wq_ident_char(*c) || *c == '.' ||
		       (c[0] == '-' && c[1] == '>'))
			c += c[0] == '-' ? 2 : 1;
		if (!*c && !isdigit((unsigned char)*pg)) {
			neg = xasprintf("%s == 0", pg);
			add_fact(st, neg, h);
			free(neg);
		}
	}
	free(pg);
	free(ph);
}

/*
 * Leaving, upward, the arm of a switch whose statement at ss starts with
 * the labels lab[0, l): `e == X` holds there when the arm's one label is
 * `case X:` and no arm falls into it (it is the first, or the statement
 * before it jumps), e the switch's expression.
 */
static void case_fact(struct cp_state *st, const char *t, unsigned body,
		      unsigned ss, const char *lab, size_t l)
{
	const char *c = lab, *colon;
	unsigned p = ss, o = cp_enclosing_open(t, body, ss), hs;
	char *x, *h, *g, *f;
	bool ok = false;

	while (c < lab + l && isspace((unsigned char)*c))
		c++;
	if (!cp_starts_kw(c, "case"))
		return;
	colon = memchr(c, ':', lab + l - c);
	if (!colon)
		return;
	{
		const char *r = colon + 1;

		while (r < lab + l && isspace((unsigned char)*r))
			r++;
		if (r < lab + l)
			return;		/* another label: `case A: case B:` */
	}
	while (p > body && isspace((unsigned char)t[p - 1]))
		p--;
	if (p > body && t[p - 1] == '{') {
		ok = p - 1 == o;	/* the switch's first arm */
	} else if (p > body && t[p - 1] == ';') {
		char *prev = cp_trimmed(t, cp_seg_start(t, body, p - 1), p - 1);
		bool go, sw;
		const char *rest = prev + cp_labels(prev, &go, &sw);

		while (isspace((unsigned char)*rest))
			rest++;
		ok = cp_is_jump(rest);
		free(prev);
	}
	if (!ok || o <= body)
		return;
	hs = cp_seg_start(t, body, o);
	h = cp_trimmed(t, hs, o);
	if (!cp_starts_kw(h, "switch") || !(g = strchr(h, '('))) {
		free(h);
		return;
	}
	{
		char *e = strrchr(g, ')');

		if (!e) {
			free(h);
			return;
		}
		*e = 0;
	}
	x = xasprintf("%.*s", (int)(colon - c - 4), c + 4);
	{
		char *ex = cp_norm(g + 1), *xx = cp_norm(x);

		f = xasprintf("%s == %s", ex, xx);
		free(ex);
		free(xx);
	}
	add_fact(st, f, h);
	free(f);
	free(x);
	free(h);
}

/* Leaving the block or body of header h upward: what holds inside. */
static unsigned climb(struct cp_state *st, const char *t, unsigned lo,
		      unsigned hs, const char *h)
{
	char *g = cp_header_test(h), *stepped = NULL;
	int kind = 0;

	if (g && *g && !cp_starts_kw(h, "switch")) {
		stepped = pre_step(g, &kind);
		add_fact(st, g, h);
	} else if (!g && cp_starts_kw(h, "else")) {
		else_fact(st, t, lo, hs, h);
	}
	/* walking back: the step was made before the test */
	if (stepped)
		cp_add(st, kind, stepped, NULL, h);
	free(stepped);
	free(g);
	/* in the then part of `else if`: the earlier branches come first */
	if (cp_starts_kw(h, "else"))
		return cp_skip_prev(t, lo, hs);
	return hs;
}

/* [a, b): the statement's text after `if (...)`, `else`, `case x:` */
static const char *after_headers(const char *s)
{
	static const char *const kw[] = { "if", "while", "for", "switch",
					  "else", "do", NULL };
	int i;

	for (;;) {
		while (isspace((unsigned char)*s))
			s++;
		for (i = 0; kw[i]; i++)
			if (cp_starts_kw(s, kw[i]))
				break;
		if (kw[i]) {
			s += strlen(kw[i]);
			while (isspace((unsigned char)*s))
				s++;
			if (*s == '(') {
				int d = 0;

				for (; *s; s++) {
					if (*s == '(')
						d++;
					else if (*s == ')' && --d == 0) {
						s++;
						break;
					}
				}
			}
			continue;
		}
		if (cp_starts_kw(s, "case") || cp_starts_kw(s, "default")) {
			const char *c = strchr(s, ':');

			if (!c)
				return s;
			s = c + 1;
			continue;
		}
		return s;
	}
}

/*
 * A whole if/else/loop/switch statement [a, b) before the point: each
 * write in it may have happened, with no value known; a test in it says
 * nothing.  So it kills what was known of what it writes.
 */
static void may_writes(struct cp_state *st, const char *t, unsigned a,
		       unsigned b)
{
	struct cp_state tmp = { 0 };
	unsigned i, s = a;
	int depth = 0, k;
	bool first = true;

	for (i = a; i <= b; i++) {
		char c = i < b ? t[i] : ';';
		char *seg, *h;

		if (c == '(')
			depth++;
		else if (c == ')')
			depth--;
		if (depth > 0 || (c != ';' && c != '{' && c != '}'))
			continue;
		seg = cp_trimmed(t, s, i);
		s = i + 1;
		/* the tests of the headers may call or assign too */
		for (h = seg; (h = strchr(h, '(')); h++) {
			unsigned o = h - seg, e, w = o;
			int d = 0;

			while (w && seg[w - 1] == ' ')
				w--;
			e = w;
			while (w && wq_ident_char(seg[w - 1]))
				w--;
			if (!((e - w == 2 && !strncmp(seg + w, "if", 2)) ||
			      (e - w == 5 && !strncmp(seg + w, "while", 5)) ||
			      (e - w == 6 && !strncmp(seg + w, "switch", 6)) ||
			      (e - w == 3 && !strncmp(seg + w, "for", 3))))
				continue;
			for (e = o; seg[e]; e++) {
				if (seg[e] == '(')
					d++;
				else if (seg[e] == ')' && --d == 0)
					break;
			}
			if (seg[e]) {
				char *test = cp_trimmed(seg, o + 1, e);

				/*
				 * the statement's own first test is made on
				 * every path: what it writes is written
				 * (`if (!test_and_clear_bit(F, &x)) return;`)
				 */
				call_writes(first && w == 0 && seg[w] != 'f' ?
					    st : &tmp, test);
				free(test);
			}
			first = false;
		}
		{
			const char *rest = after_headers(seg);

			if (*rest && !cp_is_jump(rest))
				statement_writes(&tmp, rest);
		}
		free(seg);
	}
	for (k = 0; k < tmp.n; k++) {
		if (tmp.w[k].kind != CPW_FACT)
			cp_add(st, CPW_OPAQUE, tmp.w[k].lhs, NULL, tmp.w[k].text);
	}
	cp_state_free(&tmp);
}

void cp_walk(const char *buf, size_t len, unsigned body, unsigned at,
	     struct cp_state *st)
{
	char *t = cp_blanked(buf, len);
	unsigned pos = at, s;
	int steps;
	const char *saved_buf = cw_buf;
	size_t saved_len = cw_len;

	memset(st, 0, sizeof(*st));
	cw_buf = buf;
	cw_len = len;
	/*
	 * the statement holding the point: `x = sleep(...)`, `if (c)
	 * wake()`, and the test of an if or loop holding it, `if
	 * (!sleep(...))`: its parenthesis is still open at the point
	 */
	{
		unsigned a = at, i;
		int d = 0;

		/* out of the parentheses the point is in first */
		for (i = at; i > body; i--) {
			char c = t[i - 1];

			if (c == ')' || c == ']')
				d++;
			else if ((c == '(' || c == '[') && d)
				d--;
			else if (c == '(' || c == '[')
				a = i - 1;
			else if (!d && (c == ';' || c == '{' || c == '}'))
				break;
		}
		s = cp_seg_start(t, body, a);
	}
	{
		char *h = cp_trimmed(t, s, at);
		const char *c;
		int depth = 0;

		bool go, sw;
		size_t l = cp_labels(h, &go, &sw);

		for (c = h; *c; c++)
			depth += (*c == '(') - (*c == ')');
		if (*h && (!cp_is_header(h) || depth > 0))
			pos = s;
		/* the point's own statement starts an arm: `case X: sleep` */
		if (*h && sw && !go && pos == s) {
			case_fact(st, t, body, s, h, l);
			pos = cp_enclosing_open(t, body, s) + 1;
		}
		free(h);
	}
	for (steps = 0; steps < CP_MAX_STEPS; steps++) {
		unsigned p = pos;
		char c;

		while (p > body && isspace((unsigned char)t[p - 1]))
			p--;
		if (p <= body)
			break;
		c = t[p - 1];
		if (c == '{') {
			unsigned hs = cp_seg_start(t, body, p - 1);
			char *h = cp_trimmed(t, hs, p - 1);
			bool go, sw;
			size_t l = cp_labels(h, &go, &sw);

			if (go) {
				st->stop = "a goto label";
				free(h);
				break;
			}
			if (sw) {
				pos = cp_enclosing_open(t, body, hs) + 1;
				free(h);
				continue;
			}
			(void)l;
			pos = climb(st, t, body, hs, h);
			free(h);
			continue;
		}
		if (c == '}') {
			pos = cp_skip_prev(t, body, p);
			may_writes(st, t, pos, p);
			continue;
		}
		if (c == ';') {
			unsigned ss = cp_seg_start(t, body, p - 1);
			char *stmt = cp_trimmed(t, ss, p - 1);
			bool go, sw;
			size_t l = cp_labels(stmt, &go, &sw);
			const char *rest = stmt + l;

			while (isspace((unsigned char)*rest))
				rest++;
			if (cp_is_jump(rest)) {
				st->stop = "a jump";
				free(stmt);
				break;
			}
			if (cp_is_header(rest)) {
				/* a whole if/else/loop statement before: what
				 * it may write, no value */
				pos = cp_skip_prev(t, body, p);
				may_writes(st, t, pos, p);
				free(stmt);
				if (go || sw)
					goto label;
				continue;
			}
			if (*rest)
				statement_writes(st, rest);
			if (sw && !go)
				case_fact(st, t, body, ss, stmt, l);
			free(stmt);
			pos = ss;
			if (go || sw) {
label:
				if (go) {
					st->stop = "a goto label";
					break;
				}
				pos = cp_enclosing_open(t, body, pos) + 1;
			}
			continue;
		}
		/* the point is the body of a header: `if (x) wake_up(...)` */
		{
			unsigned hs = cp_seg_start(t, body, p);
			char *h = cp_trimmed(t, hs, p);
			bool go, sw;
			size_t l = cp_labels(h, &go, &sw);

			if (l && (go || sw)) {
				free(h);
				if (go) {
					st->stop = "a goto label";
					break;
				}
				pos = cp_enclosing_open(t, body, hs) + 1;
				continue;
			}
			if (!cp_is_header(h)) {
				st->stop = "text not understood";
				free(h);
				break;
			}
			pos = climb(st, t, body, hs, h);
			free(h);
		}
	}
	free(t);
	cw_buf = saved_buf;
	cw_len = saved_len;
}

void cp_may_writes(const char *buf, size_t len, unsigned a, unsigned b,
		   struct cp_state *st)
{
	char *t = cp_blanked(buf, len);
	const char *saved_buf = cw_buf;
	size_t saved_len = cw_len;

	memset(st, 0, sizeof(*st));
	cw_buf = buf;
	cw_len = len;
	may_writes(st, t, a, b);
	cw_buf = saved_buf;
	cw_len = saved_len;
	free(t);
}


/* the parameter names of the function whose body opens at from */
static int param_names(const char *buf, unsigned from, char **names, int max,
		       unsigned *open)
{
	unsigned i = from, close;
	int depth = 0, n = 0;
	unsigned s;

	while (i > 0 && buf[i - 1] != ')')
		i--;
	if (!i)
		return -1;
	close = i - 1;
	for (i = close + 1; i > 0; i--) {
		if (buf[i - 1] == ')')
			depth++;
		else if (buf[i - 1] == '(' && --depth == 0)
			break;
	}
	if (!i)
		return -1;
	*open = i - 1;
	s = i;
	depth = 0;
	for (i = s; i <= close; i++) {
		char c = buf[i];

		if (c == '(' || c == '[')
			depth++;
		else if ((c == ')' || c == ']') && i < close)
			depth--;
		if (i < close && (depth || c != ','))
			continue;
		{
			/* the last identifier of the parameter */
			unsigned e = i, b;

			while (e > s && !wq_ident_char(buf[e - 1]))
				e--;
			b = e;
			while (b > s && wq_ident_char(buf[b - 1]))
				b--;
			if (e > b && n < max) {
				char *w = xasprintf("%.*s", (int)(e - b), buf + b);

				if (!strcmp(w, "void") && b == s) {
					free(w);
				} else {
					names[n++] = w;
				}
			}
			s = i + 1;
		}
	}
	return n;
}

/* lhs `p->x.y` with p -> arg: `s->x.y`, `dev->port.x.y`; NULL if unsure */
static char *through_arg(const char *rest, const char *arg)
{
	char *a = cp_norm(arg), *r = NULL;
	const char *p;

	for (p = a[0] == '&' ? a + 1 : a; *p; p++)
		if (!wq_ident_char(*p) && !strchr(".->[]", *p))
			goto out;
	if (a[0] == '&' && !strncmp(rest, "->", 2))
		r = xasprintf("%s.%s", a + 1, rest + 2);
	else if (a[0] != '&' && (!strncmp(rest, "->", 2) || rest[0] == '['))
		r = xasprintf("%s%s", a, rest);
out:
	free(a);
	return r;
}

bool cp_helper_writes(const char *buf, size_t len, const char *fn,
		      const char *const *args, int n, struct cp_state *st)
{
	unsigned from, to, open = 0;
	char *params[8];
	int np, i, k;
	struct cp_state mw;

	memset(st, 0, sizeof(*st));
	if (!text_function_body(buf, len, fn, &from, &to))
		return false;
	np = param_names(buf, from, params, 8, &open);
	if (np != n) {
		for (i = 0; i < np; i++)
			free(params[i]);
		return false;
	}
	cp_may_writes(buf, len, from + 1, to, &mw);
	for (i = 0; i < mw.n; i++) {
		const char *l = mw.w[i].lhs, *p = l;
		char *root, *nl = NULL;

		while (*p == '*')
			p++;
		root = xasprintf("%.*s", (int)strspn(p, "abcdefghijklmnopqrstuvwxyz"
						     "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_"), p);
		for (k = 0; k < np; k++)
			if (!strcmp(root, params[k]))
				break;
		if (!strcmp(l, "*")) {
			nl = xstrdup("*");
		} else if (k < np) {
			/* the parameter itself is the helper's copy */
			if (p[strlen(root)])
				nl = through_arg(p + strlen(root), args[k]);
			if (!nl && p[strlen(root)])
				nl = xstrdup("*");
		} else if (!*root || !cp_is_local(buf, open, to, root)) {
			/* a global: `busy`, `ready[i]` widened to `ready` */
			const char *b = strchr(l, '[');

			nl = b ? xasprintf("%.*s", (int)(b - l), l) : xstrdup(l);
		}
		if (nl) {
			st->w = xrealloc(st->w, (st->n + 1) * sizeof(*st->w));
			st->w[st->n].kind = CPW_OPAQUE;
			st->w[st->n].lhs = nl;
			st->w[st->n].val = NULL;
			st->w[st->n].text = xstrdup(mw.w[i].text);
			st->n++;
		}
		free(root);
	}
	cp_state_free(&mw);
	for (i = 0; i < np; i++)
		free(params[i]);
	return true;
}

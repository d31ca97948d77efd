// SPDX-License-Identifier: GPL-2.0-only
/*
 * What holds at a point of a function on every path to it, read back
 * from the point through the text:
 *
 *	dev->state = STARTING;		<- a write on every path
 *	if (x)
 *		dev->armed = 1;		<- not on every path: skipped
 *	if (!dev->done) {		<- a test known true inside
 *		foo(dev);		<- may write anything under dev
 *		interruptible_sleep_on(&dev->wq);	<- the point
 *
 * The walk goes back statement by statement; it steps over whole
 * compound statements before the point (an if, a loop: their writes are
 * not on every path), climbs out of the blocks around the point (an if
 * or loop test around it holds there), jumps from a case label to its
 * switch, and stops at a goto label (other paths join there).  The
 * nearest write to a name wins; a call that is not known pure may write
 * anything it is handed a pointer to (kpure.def, kapi.def).
 *
 * cp_eval() then says whether a wait condition is true, false or
 * unknown there: what a waker makes true before its wake-up, and what
 * the sleeper makes false before its sleep (fix/plan/cond.c's proof).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "cfg.h"
#include "condproof.h"
#include "condproof_int.h"

#define CP_MAX_STEPS 400

static bool idc(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* buf with comments, strings, characters and # lines blanked. */
static char *blanked(const char *buf, size_t len)
{
	char *t = xrealloc(NULL, len + 1);
	size_t i;
	bool bol = true;

	memcpy(t, buf, len);
	t[len] = 0;
	for (i = 0; i < len; i++) {
		char c = t[i];

		if (c == '/' && i + 1 < len && t[i + 1] == '*') {
			for (; i < len && !(t[i] == '*' && i + 1 < len && t[i + 1] == '/'); i++)
				if (t[i] != '\n')
					t[i] = ' ';
			if (i + 1 < len)
				t[i] = t[i + 1] = ' ';
			i++;
			continue;
		}
		if (c == '/' && i + 1 < len && t[i + 1] == '/') {
			for (; i < len && t[i] != '\n'; i++)
				t[i] = ' ';
			bol = true;
			continue;
		}
		if (c == '"' || c == '\'') {
			for (i++; i < len && t[i] != c && t[i] != '\n'; i++) {
				if (t[i] == '\\' && i + 1 < len)
					t[i++] = ' ';
				t[i] = ' ';
			}
			continue;
		}
		if (c == '#' && bol) {
			for (; i < len && t[i] != '\n'; i++) {
				if (t[i] == '\\' && i + 1 < len && t[i + 1] == '\n')
					i++;
				else
					t[i] = ' ';
			}
			bol = true;
			continue;
		}
		if (c == '\n')
			bol = true;
		else if (!isspace((unsigned char)c))
			bol = false;
	}
	return t;
}

char *cp_norm(const char *e)
{
	size_t n = strlen(e), i, k = 0;
	char *r = xrealloc(NULL, n + 1);

	for (i = 0; i < n; i++) {
		if (isspace((unsigned char)e[i])) {
			/* keep one blank between two words: `unsigned long` */
			if (k && idc(r[k - 1]) && i + 1 < n) {
				size_t j = i;

				while (j < n && isspace((unsigned char)e[j]))
					j++;
				if (j < n && idc(e[j]))
					r[k++] = ' ';
			}
			continue;
		}
		r[k++] = e[i];
	}
	r[k] = 0;
	/* outer parentheses around the whole */
	while (k >= 2 && r[0] == '(' && r[k - 1] == ')') {
		int depth = 0;
		size_t j;

		for (j = 0; j < k; j++) {
			if (r[j] == '(')
				depth++;
			else if (r[j] == ')' && --depth == 0)
				break;
		}
		if (j != k - 1)
			break;
		memmove(r, r + 1, k - 2);
		k -= 2;
		r[k] = 0;
	}
	return r;
}

bool cp_split(const char *e, char **base, const char **op, char **member)
{
	int depth = 0;
	long i, last = -1;
	size_t n = strlen(e);
	bool arrow = false;

	for (i = 0; i < (long)n; i++) {
		char c = e[i];

		if (c == '(' || c == '[')
			depth++;
		else if (c == ')' || c == ']')
			depth--;
		else if (!depth && c == '-' && e[i + 1] == '>') {
			last = i;
			arrow = true;
			i++;
		} else if (!depth && c == '.' && !isdigit((unsigned char)e[i + 1])) {
			last = i;
			arrow = false;
		}
	}
	if (last < 0)
		return false;
	*base = xasprintf("%.*s", (int)last, e);
	*op = arrow ? "->" : ".";
	*member = xstrdup(e + last + (arrow ? 2 : 1));
	return **base && **member;
}

/* [start of the statement or header ending at end) at paren depth 0 */
static unsigned seg_start(const char *t, unsigned lo, unsigned end)
{
	int depth = 0;
	unsigned i = end;

	while (i > lo) {
		char c = t[i - 1];

		if (c == ')' || c == ']') {
			depth++;
		} else if (c == '(' || c == '[') {
			depth--;
		} else if (!depth && (c == ';' || c == '{')) {
			return i;
		} else if (!depth && c == '}') {
			/* an initializer `= { ... }` is part of the statement */
			int bd = 0;
			unsigned j = i - 1, k;

			for (; j > lo; j--) {
				if (t[j] == '}')
					bd++;
				else if (t[j] == '{' && --bd == 0)
					break;
			}
			for (k = j; k > lo && isspace((unsigned char)t[k - 1]); k--)
				;
			if (k > lo && (t[k - 1] == '=' || t[k - 1] == ',' ||
				       t[k - 1] == '(')) {
				i = j;
				continue;
			}
			return i;
		}
		i--;
	}
	return lo;
}

static unsigned match_open(const char *t, unsigned lo, unsigned close)
{
	int depth = 0;
	unsigned i;

	for (i = close + 1; i > lo; i--) {
		if (t[i - 1] == '}')
			depth++;
		else if (t[i - 1] == '{' && --depth == 0)
			return i - 1;
	}
	return lo;
}

static char *trimmed(const char *t, unsigned a, unsigned b)
{
	while (a < b && isspace((unsigned char)t[a]))
		a++;
	while (b > a && isspace((unsigned char)t[b - 1]))
		b--;
	return xasprintf("%.*s", (int)(b - a), t + a);
}

static bool starts_kw(const char *s, const char *kw)
{
	size_t n = strlen(kw);

	return !strncmp(s, kw, n) && !idc(s[n]);
}

/* The test in a header `if (G)`, `while (G)`, `for (a; G; b)`, or NULL. */
static char *header_test(const char *h)
{
	const char *p = h, *o;
	int depth = 0;

	if (starts_kw(p, "else")) {
		p += 4;
		while (isspace((unsigned char)*p))
			p++;
	}
	if (!starts_kw(p, "if") && !starts_kw(p, "while") && !starts_kw(p, "for"))
		return NULL;
	o = strchr(p, '(');
	if (!o)
		return NULL;
	for (p = o; *p; p++) {
		if (*p == '(')
			depth++;
		else if (*p == ')' && --depth == 0)
			break;
	}
	if (!*p)
		return NULL;
	if (starts_kw(h, "for") || strstr(h, "for") == h) {
		const char *s1 = memchr(o, ';', p - o), *s2;

		if (!s1)
			return NULL;
		s2 = memchr(s1 + 1, ';', p - s1 - 1);
		if (!s2)
			return NULL;
		return xasprintf("%.*s", (int)(s2 - s1 - 1), s1 + 1);
	}
	return xasprintf("%.*s", (int)(p - o - 1), o + 1);
}

static void add(struct cp_state *st, enum cp_wkind k, const char *lhs,
		const char *val, const char *text)
{
	struct cp_write *w;

	st->w = xrealloc(st->w, (st->n + 1) * sizeof(*st->w));
	w = &st->w[st->n++];
	w->kind = k;
	w->lhs = cp_norm(lhs);
	w->val = val ? cp_norm(val) : NULL;
	w->text = xstrdup(text ? text : "");
}

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
			add(st, CPW_FACT, s, NULL, text);
			s = p + 2;
			p++;
		}
	}
	add(st, CPW_FACT, s, NULL, text);
	free(n);
}

/* `&x` -> x, `x` -> x */
static char *deref(const char *a)
{
	char *n = cp_norm(a);

	if (n[0] == '&') {
		char *r = cp_norm(n + 1);

		free(n);
		return r;
	}
	return n;
}

/* The arguments of the call whose '(' is at s: up to max, allocated. */
static int args_of(const char *s, char **out, int max)
{
	int depth = 0, n = 0;
	const char *p, *a = s + 1;

	for (p = s; *p; p++) {
		if (*p == '(' || *p == '[' || *p == '{') {
			depth++;
		} else if (*p == ')' || *p == ']' || *p == '}') {
			if (--depth == 0) {
				if (n < max && p > a)
					out[n++] = xasprintf("%.*s", (int)(p - a), a);
				return n;
			}
		} else if (*p == ',' && depth == 1) {
			if (n < max)
				out[n++] = xasprintf("%.*s", (int)(p - a), a);
			a = p + 1;
		}
	}
	return n;
}

/* Could argument a carry a pointer the callee writes through? */
static char *pointer_arg(const char *a)
{
	char *n = cp_norm(a);
	const char *p = n[0] == '&' ? n + 1 : n;
	const char *q;

	if (!*p || isdigit((unsigned char)*p) || *p == '-') {
		free(n);
		return NULL;
	}
	for (q = p; *q; q++)
		if (!idc(*q) && !strchr("->.[]()", *q)) {
			free(n);
			return NULL;
		}
	/* `(void *)p`-free path; calls in it are read only */
	if (strchr(p, '(')) {
		free(n);
		return NULL;
	}
	q = xstrdup(p);
	free(n);
	return (char *)q;
}

/* how a call writes what a condition reads (sideeffect.def SIDE_WRITE) */
#define CPW_DECTEST CPW_FACT	/* read by dec_to_zero() only */
static const struct {
	const char *name;
	enum cp_wkind kind;
	int lhs, val;	/* argument indexes; val -1: none */
	bool dectest;
} side_writes[] = {
#define SIDE_EFFECT(n, w, a)
#define SIDE_WRITE(n, how, lhs, val) { #n, how, lhs, val, how == CPW_FACT },
#include "sideeffect.def"
#undef SIDE_WRITE
#undef SIDE_EFFECT
};
#define NSW (sizeof(side_writes) / sizeof(side_writes[0]))

/* the wake-up calls of kapi.def (KAPI_WAKES_QUEUE, KAPI_WAKES_TASK) */
static bool wakes(const char *w)
{
	const char *const *q;
	int t;

	for (t = 0; t < 2; t++)
		for (q = kapi_wakes(!t); *q; q++)
			if (!strcmp(*q, w))
				return true;
	return false;
}

/* the wake-ups and the wait API write nothing a condition reads */
static bool call_pure(const char *name, size_t n)
{
	char *w = xasprintf("%.*s", (int)n, name);
	bool pure = kapi_pure(w) || kapi_lookup(w, n) ||
		    wakes(w) || !strncmp(w, "printk", 6) ||
		    !strncmp(w, "pr_", 3) || !strncmp(w, "dev_", 4) ||
		    !strcmp(w, "sizeof") || !strcmp(w, "likely") ||
		    !strcmp(w, "unlikely");

	free(w);
	return pure;
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
		add(calls, CPW_OPAQUE, hw.w[k].lhs, NULL, text);
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

		if (!idc(*p) || (p > s && idc(p[-1])) || isdigit((unsigned char)*p))
			continue;
		while (idc(*p))
			p++;
		o = p;
		while (*o == ' ')
			o++;
		if (*o != '(') {
			p--;
			continue;
		}
		if (starts_kw(w, "if") || starts_kw(w, "while") ||
		    starts_kw(w, "for") || starts_kw(w, "switch") ||
		    starts_kw(w, "return") || call_pure(w, p - w)) {
			p--;
			continue;
		}
		n = args_of(o, args, 6);
		for (k = 0; k < NSW; k++)
			if (!side_writes[k].dectest &&
			    strlen(side_writes[k].name) == (size_t)(p - w) &&
			    !strncmp(side_writes[k].name, w, p - w))
				break;
		if (k < NSW) {
			if (n > side_writes[k].lhs &&
			    (side_writes[k].val < 0 || n > side_writes[k].val)) {
				char *l = deref(args[side_writes[k].lhs]);

				add(&calls, side_writes[k].kind, l,
				    side_writes[k].val >= 0 ?
				    args[side_writes[k].val] : NULL, s);
				free(l);
			}
		} else if (cw_buf && !cw_depth &&
			   helper_writes(&calls, w, p - w, args, n, s)) {
			/* a static helper of the file: what its body may write */
		} else if (!n) {
			add(&calls, CPW_OPAQUE, "*", NULL, s);
		} else {
			for (i = 0; i < n; i++) {
				char *pa = pointer_arg(args[i]);

				if (pa)
					add(&calls, CPW_OPAQUE, pa, NULL, s);
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

/* A declaration `T x = v`, `struct s *p = v`: its name, or NULL. */
static char *declared(const char *lhs)
{
	const char *e = lhs + strlen(lhs), *b;
	int words = 0;
	const char *p;

	if (strpbrk(lhs, "[(.") || strstr(lhs, "->"))
		return NULL;
	for (p = lhs; *p; ) {
		if (idc(*p)) {
			words++;
			while (idc(*p))
				p++;
		} else {
			p++;
		}
	}
	if (words < 2)
		return NULL;
	for (b = e; b > lhs && idc(b[-1]); b--)
		;
	return b < e ? xasprintf("%.*s", (int)(e - b), b) : NULL;
}

/* `~(A | B)` -> `A|B`; NULL when val is no complement */
static char *mask_of(const char *val)
{
	char *v = cp_norm(val), *m;

	if (v[0] != '~') {
		free(v);
		return NULL;
	}
	m = cp_norm(v + 1);
	free(v);
	return m;
}

/* `flags |= M`, `flags &= ~M`: the bits of M set or cleared */
static void add_mask(struct cp_state *st, char opc, const char *lhs,
		     const char *val, const char *text)
{
	char *m = opc == '&' ? mask_of(val) : cp_norm(val);

	add(st, opc == '&' ? CPW_MASKCLR : CPW_MASKSET, lhs, m, text);
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
			dn = declared(lhs);
			if (dn) {
				free(lhs);
				lhs = dn;
			}
			if (!opc)
				add(st, CPW_SET, lhs, val, n);
			else if (opc == '+')
				add(st, CPW_ADD, lhs, NULL, n);
			else if (opc == '-')
				add(st, CPW_SUB, lhs, NULL, n);
			else if (opc == '|' || (opc == '&' && mask_of(val)))
				add_mask(st, opc, lhs, val, n);
			else
				add(st, CPW_OPAQUE, lhs, NULL, n);
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

			add(st, n[L - 1] == '+' ? CPW_ADD : CPW_SUB, l, NULL, n);
			free(l);
			free(n);
			return;
		}
		if (L > 2 && (!strncmp(n, "++", 2) || !strncmp(n, "--", 2))) {
			add(st, n[0] == '+' ? CPW_ADD : CPW_SUB, n + 2, NULL, n);
			free(n);
			return;
		}
	}
	call_writes(st, s);
	free(n);
}

/* skip the complete statement that ends right before p; its start */
static unsigned skip_prev(const char *t, unsigned lo, unsigned p)
{
	while (p > lo && isspace((unsigned char)t[p - 1]))
		p--;
	if (p <= lo)
		return lo;
	if (t[p - 1] == '}') {
		unsigned o = match_open(t, lo, p - 1);
		unsigned hs = seg_start(t, lo, o);
		char *h = trimmed(t, hs, o);
		bool chain = starts_kw(h, "else");

		free(h);
		return chain ? skip_prev(t, lo, hs) : hs;
	}
	if (t[p - 1] == ';') {
		unsigned s = seg_start(t, lo, p - 1);
		char *h = trimmed(t, s, p - 1);
		bool chain = starts_kw(h, "else");

		/* `do { } while (x);`: the block and its `do` too */
		if (starts_kw(h, "while")) {
			unsigned q = s;

			while (q > lo && isspace((unsigned char)t[q - 1]))
				q--;
			if (q > lo && t[q - 1] == '}') {
				free(h);
				return skip_prev(t, lo, q);
			}
		}
		free(h);
		return chain ? skip_prev(t, lo, s) : s;
	}
	return p;
}

/* The '{' of the block around offset p (a switch's, from a case label). */
static unsigned enclosing_open(const char *t, unsigned lo, unsigned p)
{
	int depth = 0;

	for (; p > lo; p--) {
		if (t[p - 1] == '}')
			depth++;
		else if (t[p - 1] == '{' && depth-- == 0)
			return p - 1;
	}
	return lo;
}

/* Length of the labels `case X:`, `default:`, `out:` at s's start; *go
 * says a goto label was among them. */
static size_t labels(const char *s, bool *go, bool *sw)
{
	const char *p = s;

	*go = *sw = false;
	for (;;) {
		const char *q = p;

		while (isspace((unsigned char)*q))
			q++;
		if (starts_kw(q, "case")) {
			int depth = 0;

			for (; *q; q++) {
				if (*q == '(')
					depth++;
				else if (*q == ')')
					depth--;
				else if (!depth && *q == ':' && q[1] != ':')
					break;
			}
			if (!*q)
				return p - s;
			*sw = true;
			p = q + 1;
			continue;
		}
		if (idc(*q) && !isdigit((unsigned char)*q)) {
			const char *w = q;

			while (idc(*q))
				q++;
			while (*q == ' ' || *q == '\t' || *q == '\n')
				q++;
			if (*q == ':' && q[1] != ':' &&
			    strncmp(w, "default", 7) && !starts_kw(w, "default")) {
				*go = true;
				p = q + 1;
				continue;
			}
			if (*q == ':' && starts_kw(w, "default")) {
				*sw = true;
				p = q + 1;
				continue;
			}
		}
		return p - s;
	}
}

static bool is_jump(const char *s)
{
	return starts_kw(s, "return") || starts_kw(s, "break") ||
	       starts_kw(s, "continue") || starts_kw(s, "goto");
}

static bool is_header(const char *s)
{
	return starts_kw(s, "if") || starts_kw(s, "else") ||
	       starts_kw(s, "for") || starts_kw(s, "while") ||
	       starts_kw(s, "switch") || starts_kw(s, "do");
}

/* Leaving the block or body of header h upward: what holds inside. */
static unsigned climb(struct cp_state *st, const char *t, unsigned lo,
		      unsigned hs, const char *h)
{
	char *g = header_test(h);

	if (g && *g && !starts_kw(h, "switch"))
		add_fact(st, g, h);
	free(g);
	/* in the then part of `else if`: the earlier branches come first */
	if (starts_kw(h, "else"))
		return skip_prev(t, lo, hs);
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
			if (starts_kw(s, kw[i]))
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
		if (starts_kw(s, "case") || starts_kw(s, "default")) {
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

	for (i = a; i <= b; i++) {
		char c = i < b ? t[i] : ';';
		char *seg, *h;

		if (c == '(')
			depth++;
		else if (c == ')')
			depth--;
		if (depth > 0 || (c != ';' && c != '{' && c != '}'))
			continue;
		seg = trimmed(t, s, i);
		s = i + 1;
		/* the tests of the headers may call or assign too */
		for (h = seg; (h = strchr(h, '(')); h++) {
			unsigned o = h - seg, e, w = o;
			int d = 0;

			while (w && seg[w - 1] == ' ')
				w--;
			e = w;
			while (w && idc(seg[w - 1]))
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
				char *test = trimmed(seg, o + 1, e);

				call_writes(&tmp, test);
				free(test);
			}
		}
		{
			const char *rest = after_headers(seg);

			if (*rest && !is_jump(rest))
				statement_writes(&tmp, rest);
		}
		free(seg);
	}
	for (k = 0; k < tmp.n; k++) {
		if (tmp.w[k].kind != CPW_FACT)
			add(st, CPW_OPAQUE, tmp.w[k].lhs, NULL, tmp.w[k].text);
	}
	cp_state_free(&tmp);
}

void cp_walk(const char *buf, size_t len, unsigned body, unsigned at,
	     struct cp_state *st)
{
	char *t = blanked(buf, len);
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
		s = seg_start(t, body, a);
	}
	{
		char *h = trimmed(t, s, at);
		const char *c;
		int depth = 0;

		for (c = h; *c; c++)
			depth += (*c == '(') - (*c == ')');
		if (*h && (!is_header(h) || depth > 0))
			pos = s;
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
			unsigned hs = seg_start(t, body, p - 1);
			char *h = trimmed(t, hs, p - 1);
			bool go, sw;
			size_t l = labels(h, &go, &sw);

			if (go) {
				st->stop = "a goto label";
				free(h);
				break;
			}
			if (sw) {
				pos = enclosing_open(t, body, hs) + 1;
				free(h);
				continue;
			}
			(void)l;
			pos = climb(st, t, body, hs, h);
			free(h);
			continue;
		}
		if (c == '}') {
			pos = skip_prev(t, body, p);
			may_writes(st, t, pos, p);
			continue;
		}
		if (c == ';') {
			unsigned ss = seg_start(t, body, p - 1);
			char *stmt = trimmed(t, ss, p - 1);
			bool go, sw;
			size_t l = labels(stmt, &go, &sw);
			const char *rest = stmt + l;

			while (isspace((unsigned char)*rest))
				rest++;
			if (is_jump(rest)) {
				st->stop = "a jump";
				free(stmt);
				break;
			}
			if (is_header(rest)) {
				/* a whole if/else/loop statement before: what
				 * it may write, no value */
				pos = skip_prev(t, body, p);
				may_writes(st, t, pos, p);
				free(stmt);
				if (go || sw)
					goto label;
				continue;
			}
			if (*rest)
				statement_writes(st, rest);
			free(stmt);
			pos = ss;
			if (go || sw) {
label:
				if (go) {
					st->stop = "a goto label";
					break;
				}
				pos = enclosing_open(t, body, pos) + 1;
			}
			continue;
		}
		/* the point is the body of a header: `if (x) wake_up(...)` */
		{
			unsigned hs = seg_start(t, body, p);
			char *h = trimmed(t, hs, p);
			bool go, sw;
			size_t l = labels(h, &go, &sw);

			if (l && (go || sw)) {
				free(h);
				if (go) {
					st->stop = "a goto label";
					break;
				}
				pos = enclosing_open(t, body, hs) + 1;
				continue;
			}
			if (!is_header(h)) {
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
	char *t = blanked(buf, len);
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

void cp_state_free(struct cp_state *st)
{
	int i;

	for (i = 0; i < st->n; i++) {
		free(st->w[i].lhs);
		free(st->w[i].val);
		free(st->w[i].text);
	}
	free(st->w);
	memset(st, 0, sizeof(*st));
}

void cp_state_prepend(struct cp_state *st, const struct cp_state *nearer)
{
	int i;

	st->w = xrealloc(st->w, (st->n + nearer->n) * sizeof(*st->w));
	memmove(st->w + nearer->n, st->w, st->n * sizeof(*st->w));
	for (i = 0; i < nearer->n; i++) {
		st->w[i].kind = nearer->w[i].kind;
		st->w[i].lhs = xstrdup(nearer->w[i].lhs);
		st->w[i].val = nearer->w[i].val ? xstrdup(nearer->w[i].val) : NULL;
		st->w[i].text = xstrdup(nearer->w[i].text);
	}
	st->n += nearer->n;
}

/* replace base `from`+op at word starts in s */
static char *rename_base(const char *s, const char *from, const char *fop,
			 const char *to, const char *top)
{
	struct strbuf sb = { 0 };
	size_t fl = strlen(from), ol = strlen(fop);
	const char *p = s;

	while (*p) {
		if ((p == s || (!idc(p[-1]) && p[-1] != '.' && p[-1] != '>')) &&
		    !strncmp(p, from, fl) && !strncmp(p + fl, fop, ol)) {
			sb_printf(&sb, "%s%s", to, top);
			p += fl + ol;
			continue;
		}
		sb_add(&sb, p, 1);
		p++;
	}
	return sb.s ? sb.s : xstrdup("");
}

void cp_rebase(struct cp_state *st, const char *from, const char *from_op,
	       const char *to, const char *to_op)
{
	char *f = cp_norm(from), *tt = cp_norm(to);
	int i;

	for (i = 0; i < st->n; i++) {
		char *l = rename_base(st->w[i].lhs, f, from_op, tt, to_op);
		char *v = st->w[i].val ?
			  rename_base(st->w[i].val, f, from_op, tt, to_op) : NULL;

		/* the base itself handed to a call */
		if (!strcmp(st->w[i].lhs, f)) {
			free(l);
			l = xstrdup(tt);
		}
		free(st->w[i].lhs);
		free(st->w[i].val);
		st->w[i].lhs = l;
		st->w[i].val = v;
	}
	free(f);
	free(tt);
}

bool cp_is_local(const char *buf, unsigned fn, unsigned end, const char *name)
{
	long at = fn;
	size_t n = strlen(name);

	while ((at = text_find_word(buf, at, end, name)) >= 0) {
		unsigned a = at, b = at + n, q;
		const char *kw[] = { "return", "case", "goto", "sizeof", "else",
				     "do", NULL };
		int i;
		bool ok;

		at = b;
		if (a && (buf[a - 1] == '.' || buf[a - 1] == '>'))
			continue;
		while (b < end && isspace((unsigned char)buf[b]))
			b++;
		if (b >= end || !strchr(";,=)[", buf[b]))
			continue;
		q = a;
		while (q > fn && isspace((unsigned char)buf[q - 1]))
			q--;
		while (q > fn && buf[q - 1] == '*') {
			q--;
			while (q > fn && isspace((unsigned char)buf[q - 1]))
				q--;
		}
		if (q <= fn || !idc(buf[q - 1]))
			continue;
		ok = true;
		for (i = 0; kw[i]; i++) {
			size_t kl = strlen(kw[i]);

			if (q >= fn + kl && !strncmp(buf + q - kl, kw[i], kl) &&
			    (q == fn + kl || !idc(buf[q - kl - 1])))
				ok = false;
		}
		if (ok)
			return true;
	}
	return false;
}

/* ---- evaluation ---- */

/* the integer value of constant c, from the text of the file */
static bool const_num(const char *buf, size_t len, const char *c, long *v)
{
	char *end;
	long at;
	size_t n = strlen(c);

	if (!*c)
		return false;
	if (isdigit((unsigned char)c[0]) ||
	    (c[0] == '-' && isdigit((unsigned char)c[1]))) {
		*v = strtol(c, &end, 0);
		while (*end == 'U' || *end == 'u' || *end == 'L' || *end == 'l')
			end++;
		return !*end;
	}
	if (!strcmp(c, "NULL") || !strcmp(c, "false")) {
		*v = 0;
		return true;
	}
	if (!strcmp(c, "true")) {
		*v = 1;
		return true;
	}
	for (at = 0; (at = text_find_word(buf, at, len, c)) >= 0; at += n) {
		long p = at, e = at + n;

		/* #define NAME value */
		while (p > 0 && (buf[p - 1] == ' ' || buf[p - 1] == '\t'))
			p--;
		if (p >= 6 && !strncmp(buf + p - 6, "define", 6)) {
			char val[64];
			size_t k = 0;

			while ((size_t)e < len && (buf[e] == ' ' || buf[e] == '\t'))
				e++;
			while ((size_t)e < len && buf[e] != '\n' && k < 63 &&
			       !(buf[e] == '/' && buf[e + 1] == '*'))
				val[k++] = buf[e++];
			while (k && isspace((unsigned char)val[k - 1]))
				k--;
			val[k] = 0;
			{
				char *nv = cp_norm(val);
				bool ok = (isdigit((unsigned char)nv[0]) ||
					   nv[0] == '-') &&
					  const_num(buf, len, nv, v);

				free(nv);
				if (ok)
					return true;
			}
			continue;
		}
		/* an enum member: count from the brace */
		{
			long b = at;
			int depth = 0;

			while (b > 0 && !(buf[b - 1] == '{' && depth == 0)) {
				if (buf[b - 1] == '}' || buf[b - 1] == ';' ||
				    buf[b - 1] == '(')
					break;
				b--;
			}
			if (b <= 0 || buf[b - 1] != '{')
				continue;
			{
				long q = b - 1;

				while (q > 0 && isspace((unsigned char)buf[q - 1]))
					q--;
				while (q > 0 && idc(buf[q - 1]))
					q--;
				while (q > 0 && isspace((unsigned char)buf[q - 1]))
					q--;
				if (!(q >= 4 && !strncmp(buf + q - 4, "enum", 4)) &&
				    strncmp(buf + q, "enum", 4))
					continue;
			}
			{
				long cur = -1;
				const char *p2 = buf + b;

				for (;;) {
					const char *w;
					char *name;
					bool hit;

					while (*p2 && !idc(*p2) && *p2 != '}')
						p2++;
					if (*p2 != '_' && !isalpha((unsigned char)*p2))
						break;
					w = p2;
					while (idc(*p2))
						p2++;
					name = xasprintf("%.*s", (int)(p2 - w), w);
					while (*p2 == ' ' || *p2 == '\t' || *p2 == '\n')
						p2++;
					if (*p2 == '=') {
						char *ve;

						p2++;
						while (*p2 == ' ')
							p2++;
						cur = strtol(p2, &ve, 0);
						if (ve == p2) {
							free(name);
							break;
						}
						p2 = ve;
					} else {
						cur++;
					}
					hit = !strcmp(name, c);
					free(name);
					if (hit) {
						*v = cur;
						return true;
					}
					while (*p2 && *p2 != ',' && *p2 != '}')
						p2++;
					if (*p2 != ',')
						break;
					p2++;
				}
			}
		}
	}
	return false;
}

enum vkind { V_UNKNOWN, V_EXACT, V_NONZERO, V_GREW, V_NOT };

struct value {
	enum vkind kind;
	const char *v;
};

/* does a write to w cover the expression e (a parent of it or e)? */
bool cp_covers(const char *w, const char *e)
{
	size_t n = strlen(w);

	if (!strcmp(w, "*"))
		return true;
	if (strncmp(w, e, n))
		return false;
	return !e[n] || e[n] == '[' || e[n] == '.' ||
	       (e[n] == '-' && e[n + 1] == '>');
}

static char *call_arg(const char *e, const char *name, int idx);

static bool dec_to_zero(const char *fact, const char *e)
{
	char *a = NULL;
	size_t k;
	bool hit;

	for (k = 0; k < NSW && !a; k++)
		if (side_writes[k].dectest)
			a = call_arg(fact, side_writes[k].name, side_writes[k].lhs);
	hit = a && !strcmp(a, e);
	free(a);
	return hit;
}

static struct value lookup(const struct cp_state *st, const char *e)
{
	struct value r = { V_UNKNOWN, NULL };
	int i;

	for (i = 0; i < st->n; i++) {
		const struct cp_write *w = &st->w[i];

		if (w->kind == CPW_FACT) {
			const char *f = w->lhs;
			size_t n = strlen(e);

			if (!strcmp(f, e)) {
				r.kind = V_NONZERO;
				return r;
			}
			/* `if (atomic_dec_and_test(&x))`: x is 0 now */
			if (dec_to_zero(f, e)) {
				r.kind = V_EXACT;
				r.v = "0";
				return r;
			}
			if (f[0] == '!' && !strcmp(f + 1, e)) {
				r.kind = V_EXACT;
				r.v = "0";
				return r;
			}
			if (!strncmp(f, e, n) && (!strncmp(f + n, "==", 2) ||
						  !strncmp(f + n, "!=", 2))) {
				r.kind = f[n] == '=' ? V_EXACT : V_NOT;
				r.v = f + n + 2;
				return r;
			}
			continue;
		}
		if (!strcmp(w->lhs, e)) {
			if (w->kind == CPW_SET) {
				r.kind = V_EXACT;
				r.v = w->val;
			} else if (w->kind == CPW_ADD) {
				r.kind = V_GREW;
			}
			return r;
		}
		if (cp_covers(w->lhs, e))
			return r;
		/* a write inside e (`e.x = 1`, `e->y++`): e changed */
		if (cp_covers(e, w->lhs))
			return r;
	}
	return r;
}

static char *strip_not(const char *e, bool *neg)
{
	*neg = false;
	if (e[0] == '!' && e[1] != '=') {
		*neg = true;
		return cp_norm(e + 1);
	}
	return xstrdup(e);
}

static enum cp_truth not3(enum cp_truth t)
{
	return t == CP_TRUE ? CP_FALSE : t == CP_FALSE ? CP_TRUE : CP_UNKNOWN;
}

/* Split e at its top-level operator op ("||", "&&"): parts, count. */
int cp_split_top(const char *e, const char *op, char **parts, int max)
{
	int depth = 0, n = 0;
	const char *p, *s = e;
	size_t ol = strlen(op);

	for (p = e; *p; p++) {
		if (*p == '(' || *p == '[')
			depth++;
		else if (*p == ')' || *p == ']')
			depth--;
		else if (!depth && !strncmp(p, op, ol) && n < max - 1) {
			parts[n++] = xasprintf("%.*s", (int)(p - s), s);
			s = p + ol;
			p += ol - 1;
		}
	}
	parts[n++] = xstrdup(s);
	return n;
}

/* the one argument of call `name(x)` at e's start, or NULL */
static char *call_arg(const char *e, const char *name, int idx)
{
	size_t n = strlen(name);
	char *args[4], *r = NULL;
	int k, i;

	if (strncmp(e, name, n) || e[n] != '(')
		return NULL;
	{
		/* the call must be all of e */
		int depth = 0;
		const char *p;

		for (p = e + n; *p; p++) {
			if (*p == '(')
				depth++;
			else if (*p == ')' && --depth == 0)
				break;
		}
		if (!*p || p[1])
			return NULL;
	}
	k = args_of(e + n, args, 4);
	if (idx < k)
		r = deref(args[idx]);
	for (i = 0; i < k; i++)
		free(args[i]);
	return r;
}

static enum cp_truth compare(const char *buf, size_t len, struct value v,
			     const char *op, const char *rhs)
{
	long a, b;
	bool ka, kb = const_num(buf, len, rhs, &b);

	if (v.kind == V_GREW || v.kind == V_NONZERO) {
		if (kb && b == 0) {
			if (!strcmp(op, "!=") || !strcmp(op, ">"))
				return CP_TRUE;
			if (!strcmp(op, "=="))
				return CP_FALSE;
		}
		return CP_UNKNOWN;
	}
	if (v.kind == V_NOT) {
		if (!strcmp(v.v, rhs))
			return !strcmp(op, "==") ? CP_FALSE :
			       !strcmp(op, "!=") ? CP_TRUE : CP_UNKNOWN;
		return CP_UNKNOWN;
	}
	if (v.kind != V_EXACT || !v.v)
		return CP_UNKNOWN;
	ka = const_num(buf, len, v.v, &a);
	if (ka && kb) {
		bool r = !strcmp(op, "==") ? a == b : !strcmp(op, "!=") ? a != b :
			 !strcmp(op, ">=") ? a >= b : !strcmp(op, "<=") ? a <= b :
			 !strcmp(op, ">") ? a > b : a < b;

		return r ? CP_TRUE : CP_FALSE;
	}
	if (!strcmp(v.v, rhs)) {
		if (!strcmp(op, "==") || !strcmp(op, ">=") || !strcmp(op, "<="))
			return CP_TRUE;
		return CP_FALSE;
	}
	return CP_UNKNOWN;
}

static enum cp_truth eval(const char *buf, size_t len, const char *e0,
			  const struct cp_state *st, int depth)
{
	char *e = cp_norm(e0), *parts[16], *x;
	enum cp_truth r = CP_UNKNOWN;
	int n, i;
	bool neg;

	if (depth > 20 || !*e)
		goto out;
	/* a test known true here */
	for (i = 0; i < st->n; i++) {
		const struct cp_write *w = &st->w[i];
		char *ne;

		if (w->kind != CPW_FACT || !cp_fact_live(st, i))
			continue;
		if (!strcmp(w->lhs, e)) {
			r = CP_TRUE;
			goto out;
		}
		switch (cp_cmp_fact(w->lhs, e)) {
		case 1:
			r = CP_TRUE;
			goto out;
		case -1:
			r = CP_FALSE;
			goto out;
		}
		ne = xasprintf("!(%s)", e);
		{
			char *fl = w->lhs[0] == '!' ? cp_norm(w->lhs + 1) : NULL;
			char *el = e[0] == '!' ? cp_norm(e + 1) : NULL;
			bool opposite = (fl && !strcmp(fl, e)) ||
					(el && !strcmp(el, w->lhs)) ||
					!strcmp(w->lhs, ne);

			free(fl);
			free(el);
			free(ne);
			if (opposite) {
				r = CP_FALSE;
				goto out;
			}
		}
	}
	n = cp_split_top(e, "||", parts, 16);
	if (n > 1) {
		bool all_false = true;

		for (i = 0; i < n; i++) {
			enum cp_truth t = eval(buf, len, parts[i], st, depth + 1);

			if (t == CP_TRUE)
				r = CP_TRUE;
			if (t != CP_FALSE)
				all_false = false;
			free(parts[i]);
		}
		if (r != CP_TRUE && all_false)
			r = CP_FALSE;
		goto out;
	}
	free(parts[0]);
	n = cp_split_top(e, "&&", parts, 16);
	if (n > 1) {
		bool all_true = true;

		for (i = 0; i < n; i++) {
			enum cp_truth t = eval(buf, len, parts[i], st, depth + 1);

			if (t == CP_FALSE)
				r = CP_FALSE;
			if (t != CP_TRUE)
				all_true = false;
			free(parts[i]);
		}
		if (r != CP_FALSE && all_true)
			r = CP_TRUE;
		goto out;
	}
	free(parts[0]);
	x = strip_not(e, &neg);
	if (neg) {
		/* `!a == b` is not a negation of the whole: only a unit */
		bool unit = true;
		int d = 0;
		const char *p;

		/* `!(a & B)`: the parenthesised whole */
		if (e[1] == '(') {
			for (p = e + 1; *p; p++) {
				if (*p == '(')
					d++;
				else if (*p == ')' && --d == 0)
					break;
			}
			if (*p && !p[1]) {
				r = not3(eval(buf, len, x, st, depth + 1));
				free(x);
				goto out;
			}
			d = 0;
		}
		for (p = x; *p; p++) {
			if (*p == '(' || *p == '[')
				d++;
			else if (*p == ')' || *p == ']')
				d--;
			else if (!d && strchr("=<>!&|+-*/%?", *p) &&
				 !(p[0] == '-' && p[1] == '>') &&
				 !(p > x && p[-1] == '-' && p[0] == '>'))
				unit = false;
		}
		if (unit) {
			r = not3(eval(buf, len, x, st, depth + 1));
			free(x);
			goto out;
		}
	}
	free(x);
	/* a comparison */
	{
		static const char *const ops[] = { "==", "!=", ">=", "<=", ">", "<", NULL };
		int d = 0, k;
		const char *p;

		for (p = e; *p; p++) {
			if (*p == '(' || *p == '[') {
				d++;
				continue;
			}
			if (*p == ')' || *p == ']') {
				d--;
				continue;
			}
			if (d || (p[0] == '-' && p[1] == '>') ||
			    (p > e && p[-1] == '-' && p[0] == '>') ||
			    (p[0] == '<' && p[1] == '<') || (p[0] == '>' && p[1] == '>') ||
			    (p > e && (p[-1] == '<' || p[-1] == '>') && p[0] == p[-1]))
				continue;
			for (k = 0; ops[k]; k++)
				if (!strncmp(p, ops[k], strlen(ops[k])))
					break;
			if (ops[k]) {
				char *l = xasprintf("%.*s", (int)(p - e), e);
				char *rr = cp_norm(p + strlen(ops[k]));
				char *ln = cp_norm(l);
				char *inner = call_arg(ln, "atomic_read", 0);
				struct value v;
				long dummy;

				if (!inner)
					inner = call_arg(ln, "READ_ONCE", 0);
				/* constant on the left: `NULL != p` */
				if (const_num(buf, len, ln, &dummy) &&
				    !const_num(buf, len, rr, &dummy)) {
					static const char *const sw[][2] = {
						{ ">", "<" }, { "<", ">" },
						{ ">=", "<=" }, { "<=", ">=" },
					};
					const char *op = ops[k];
					int j;

					for (j = 0; j < 4; j++)
						if (!strcmp(op, sw[j][0]))
							op = sw[j][1];
					v = lookup(st, rr);
					r = compare(buf, len, v, op, ln);
				} else {
					v = lookup(st, inner ? inner : ln);
					r = compare(buf, len, v, ops[k], rr);
				}
				free(inner);
				free(l);
				free(rr);
				free(ln);
				goto out;
			}
		}
	}
	/* `x & B` after `x |= A|B` or `x &= ~(A|B)` */
	if ((r = cp_mask_test(e, st)) != CP_UNKNOWN)
		goto out;
	/* an atom */
	{
		char *a;
		struct value v;
		long num;

		if ((a = call_arg(e, "test_bit", 1))) {
			char *bit = call_arg(e, "test_bit", 0);

			for (i = 0; i < st->n; i++) {
				const struct cp_write *w = &st->w[i];

				if ((w->kind == CPW_BITSET || w->kind == CPW_BITCLR) &&
				    !strcmp(w->lhs, a) && w->val && !strcmp(w->val, bit)) {
					r = w->kind == CPW_BITSET ? CP_TRUE : CP_FALSE;
					break;
				}
				if (w->kind == CPW_FACT)
					continue;
				if (cp_covers(w->lhs, a) &&
				    w->kind != CPW_BITSET && w->kind != CPW_BITCLR)
					break;
			}
			free(bit);
			free(a);
			goto out;
		}
		if ((a = call_arg(e, "list_empty", 0)) ||
		    (a = call_arg(e, "skb_queue_empty", 0))) {
			for (i = 0; i < st->n; i++) {
				const struct cp_write *w = &st->w[i];

				if (w->kind == CPW_FACT)
					continue;
				if (w->kind == CPW_LISTADD && !strcmp(w->lhs, a)) {
					r = CP_FALSE;
					break;
				}
				if (cp_covers(w->lhs, a))
					break;
			}
			free(a);
			goto out;
		}
		a = call_arg(e, "atomic_read", 0);
		if (!a)
			a = call_arg(e, "READ_ONCE", 0);
		if (!a && strchr(e, '(')) {
			r = CP_UNKNOWN;
			goto out;
		}
		v = lookup(st, a ? a : e);
		free(a);
		if (v.kind == V_GREW || v.kind == V_NONZERO)
			r = CP_TRUE;
		else if (v.kind == V_EXACT && const_num(buf, len, v.v, &num))
			r = num ? CP_TRUE : CP_FALSE;
	}
out:
	free(e);
	return r;
}

enum cp_truth cp_eval(const char *buf, size_t len, const char *cond,
		      const struct cp_state *st)
{
	return eval(buf, len, cond, st, 0);
}

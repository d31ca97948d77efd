// SPDX-License-Identifier: GPL-2.0-only
/*
 * The token floor: find, from the tokens of a file alone, every
 * call-shaped use of a sleep_on() family name and every add_wait_queue*()
 * followed in the same function by a schedule*() inside a loop.
 *
 * The parse is the checker's real source of findings, but it can lose
 * code: a missing header makes libclang drop a function whose declarator
 * uses one of its macros, the preprocessor drops a branch the
 * configuration leaves off, and a macro no code uses is never expanded.
 * The floor (floor.c) reports each site found here that the parse did
 * not report, with a note saying why.
 *
 * The lexer knows comments, strings, character constants, line
 * continuations and preprocessor lines.  A function is a top-level brace
 * block; a #define body is a unit of its own, so a call in a driver's
 * macro is found at the macro.  Braces are counted per #if branch: an
 * #elif or #else starts again from the depth of its #if, so a function
 * head written twice under #ifdef still opens one body.  A call at file
 * scope (a prototype, the API's own definition) is no call; neither is
 * a name after `.`/`->` (a method of the same name), after `#define`,
 * or after another identifier (a declaration).
 *
 * Loops by tokens: for, while and do bodies (braced or one statement),
 * and the span from a label back up from a later `goto` to it.
 */
#include <stdlib.h>
#include <string.h>

#include "tokscan.h"
#include "wqport.h"
#include "text.h"

struct tok {
	unsigned off, len, line, col;
	char kind;		/* 'i' identifier, 'n' number, 's' string, 'p' */
	int pp;			/* the directive it is part of, or -1 */
	int unit;		/* the function or #define, or -1 */
	int depth;		/* braces open in its unit */
	bool dead;
};

struct lex {
	const char *buf;
	size_t len;
	struct tok *t;
	int n, cap;
	int ndir;
};

static void push(struct lex *lx, unsigned off, unsigned len, unsigned line,
		 unsigned col, char kind, int pp)
{
	struct tok *t;

	if (lx->n == lx->cap) {
		lx->cap = lx->cap ? 2 * lx->cap : 1024;
		lx->t = xrealloc(lx->t, lx->cap * sizeof(*lx->t));
	}
	t = &lx->t[lx->n++];
	memset(t, 0, sizeof(*t));
	t->off = off;
	t->len = len;
	t->line = line;
	t->col = col;
	t->kind = kind;
	t->pp = pp;
	t->unit = -1;
}

/* Cut buf into tokens; a directive's tokens carry its number. */
static void lex(struct lex *lx)
{
	const char *b = lx->buf;
	size_t i = 0, n = lx->len, ls = 0;
	unsigned line = 1;
	bool bol = true;
	int pp = -1;

	while (i < n) {
		char c = b[i];
		size_t s = i;

		if (c == '\n') {
			line++;
			ls = ++i;
			bol = true;
			pp = -1;
			continue;
		}
		if (c == '\\' && i + 1 < n && b[i + 1] == '\n') {
			line++;
			i += 2;
			ls = i;
			continue;
		}
		if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
			i++;
			continue;
		}
		if (c == '/' && i + 1 < n && b[i + 1] == '*') {
			for (i += 2; i + 1 < n && !(b[i] == '*' && b[i + 1] == '/'); i++)
				if (b[i] == '\n') {
					line++;
					ls = i + 1;
				}
			i = i + 2 < n ? i + 2 : n;
			continue;
		}
		if (c == '/' && i + 1 < n && b[i + 1] == '/') {
			while (i < n && b[i] != '\n') {
				if (b[i] == '\\' && i + 1 < n && b[i + 1] == '\n') {
					line++;
					ls = i + 2;
					i++;
				}
				i++;
			}
			continue;
		}
		if (c == '#' && bol && pp < 0)
			pp = lx->ndir++;
		bol = false;
		if (wq_ident_char(c)) {
			while (i < n && wq_ident_char(b[i]))
				i++;
			push(lx, s, i - s, line, s - ls + 1,
			     (c >= '0' && c <= '9') ? 'n' : 'i', pp);
		} else if (c == '"' || c == '\'') {
			for (i++; i < n && b[i] != c && b[i] != '\n'; i++)
				if (b[i] == '\\' && i + 1 < n) {
					if (b[i + 1] == '\n') {
						line++;
						ls = i + 2;
					}
					i++;
				}
			if (i < n && b[i] == c)
				i++;
			push(lx, s, i - s, line, s - ls + 1, 's', pp);
		} else {
			i += (c == '-' && i + 1 < n && b[i + 1] == '>') ? 2 : 1;
			push(lx, s, i - s, line, s - ls + 1, 'p', pp);
		}
	}
}

static bool is(const struct lex *lx, int k, const char *s)
{
	size_t n = strlen(s);

	return k >= 0 && k < lx->n && lx->t[k].len == n &&
	       !memcmp(lx->buf + lx->t[k].off, s, n);
}

/* The text of tokens [a, b], spaced as written, on one line. */
static char *lex_span_text(const struct lex *lx, const int *u, int a, int b)
{
	struct strbuf sb = { 0 };
	int k;

	for (k = a; k <= b; k++) {
		const struct tok *t = &lx->t[u[k]];

		if (k > a && t->off > lx->t[u[k - 1]].off + lx->t[u[k - 1]].len)
			sb_puts(&sb, " ");
		sb_add(&sb, lx->buf + t->off, t->len);
	}
	return sb.s ? sb.s : xstrdup("");
}

/* ---- preprocessor lines: #if chains, #define units ---- */

struct frame {
	int depth;		/* brace depth at the #if */
	bool dead, if1;
	int cond;		/* the #if's tok_cond */
};

struct pass {
	struct lex *lx;
	struct tok_scan *ts;
	struct frame st[64];
	int nst;
	int depth, unit, nunits;
};

static bool any_dead(const struct pass *p)
{
	int i;

	for (i = 0; i < p->nst && i < 64; i++)
		if (p->st[i].dead)
			return true;
	return false;
}

/* Is the condition of directive tokens [a + 2, b) the number v, maybe in
 * parentheses: `#if 0`, `#if (0)`? */
static bool cond_is(const struct lex *lx, int a, int b, const char *v)
{
	int k, n = 0;

	for (k = a + 2; k < b; k++)
		if (is(lx, k, v))
			n++;
		else if (!is(lx, k, "(") && !is(lx, k, ")"))
			return false;
	return n == 1;
}

static void add_cond(struct pass *p, int a, int b, int opener, bool dead)
{
	struct tok_scan *ts = p->ts;
	struct tok_cond *c;
	int *u = xrealloc(NULL, (b - a) * sizeof(int)), k;
	char *t;

	for (k = a; k < b; k++)
		u[k - a] = k;
	ts->c = xrealloc(ts->c, (ts->nc + 1) * sizeof(*ts->c));
	c = &ts->c[ts->nc];
	c->off = p->lx->t[a].off;
	c->line = p->lx->t[a].line;
	/* "# ifdef X" -> "#ifdef X" */
	t = b > a + 1 ? lex_span_text(p->lx, u, 1, b - a - 1) : xstrdup("");
	c->text = xasprintf("#%s", t);
	free(t);
	c->opener = opener < 0 ? ts->nc : opener;
	c->dead = dead;
	ts->nc++;
	free(u);
}

/* A #define: its body is a unit of its own. */
static void define_unit(struct pass *p, int a, int b)
{
	struct lex *lx = p->lx;
	struct tok_scan *ts = p->ts;
	struct tok_macro *m;
	int k = a + 3, depth = 0, unit = p->nunits++;

	if (b <= a + 2 || lx->t[a + 2].kind != 'i')
		return;
	if (k < b && is(lx, k, "(") &&
	    lx->t[k].off == lx->t[a + 2].off + lx->t[a + 2].len)
		while (k < b && !is(lx, k++, ")"))
			;
	ts->m = xrealloc(ts->m, (ts->nm + 1) * sizeof(*ts->m));
	m = &ts->m[ts->nm++];
	memset(m, 0, sizeof(*m));
	m->name = xasprintf("%.*s", (int)lx->t[a + 2].len,
			    lx->buf + lx->t[a + 2].off);
	m->line = lx->t[a + 2].line;
	m->col = lx->t[a + 2].col;
	for (; k < b; k++) {
		if (is(lx, k, "}") && depth > 0)
			depth--;
		lx->t[k].unit = unit;
		lx->t[k].depth = depth;
		lx->t[k].pp = -2 - (ts->nm - 1);	/* in macro ts->nm - 1 */
		lx->t[k].dead = any_dead(p);
		if (is(lx, k, "{"))
			depth++;
	}
}

static void directive(struct pass *p, int a, int b)
{
	struct lex *lx = p->lx;
	struct frame *f = p->nst > 0 && p->nst <= 64 ? &p->st[p->nst - 1] :
			  NULL;

	if (b < a + 2)
		return;
	if (is(lx, a + 1, "if") || is(lx, a + 1, "ifdef") ||
	    is(lx, a + 1, "ifndef")) {
		f = NULL;
		if (p->nst < 64) {
			f = &p->st[p->nst];
			f->depth = p->depth;
			f->dead = is(lx, a + 1, "if") && cond_is(lx, a, b, "0");
			f->if1 = is(lx, a + 1, "if") && cond_is(lx, a, b, "1");
			f->cond = p->ts->nc;
		}
		p->nst++;
		add_cond(p, a, b, -1, f && f->dead);
	} else if (is(lx, a + 1, "elif") || is(lx, a + 1, "else")) {
		if (f) {
			p->depth = f->depth;
			f->dead = is(lx, a + 1, "else") ? f->if1 :
				  cond_is(lx, a, b, "0");
			f->if1 = false;
		}
		add_cond(p, a, b, f ? f->cond : -1, f && f->dead);
	} else if (is(lx, a + 1, "endif")) {
		if (p->nst > 0)
			p->nst--;
	} else if (is(lx, a + 1, "define")) {
		define_unit(p, a, b);
	}
}

/* Give each token its unit and depth, run the directives. */
static void units(struct pass *p)
{
	struct lex *lx = p->lx;
	int k = 0, e;

	while (k < lx->n) {
		struct tok *t = &lx->t[k];

		if (t->pp >= 0) {
			for (e = k; e < lx->n && lx->t[e].pp == t->pp; e++)
				;
			directive(p, k, e);
			k = e;
			continue;
		}
		if (is(lx, k, "}") && p->depth > 0)
			p->depth--;
		if (is(lx, k, "{") && p->depth++ == 0)
			p->unit = p->nunits++;
		t->unit = p->depth > 0 || is(lx, k, "}") ? p->unit : -1;
		t->depth = p->depth;
		t->dead = any_dead(p);
		k++;
	}
}

/* ---- statements and loops, over one unit's tokens u[0..n) ---- */

struct unit {
	const struct lex *lx;
	int *u, n;
	int *loop;		/* [2i, 2i + 1]: token ranges of loops */
	int nloop;
};

static bool uis(const struct unit *un, int k, const char *s)
{
	return k >= 0 && k < un->n && is(un->lx, un->u[k], s);
}

static int match(const struct unit *un, int k, const char *open,
		 const char *close)
{
	int d = 0;

	for (; k < un->n; k++) {
		if (uis(un, k, open))
			d++;
		else if (uis(un, k, close) && --d == 0)
			return k;
	}
	return un->n - 1;
}

/* The last token of the statement starting at k. */
static int stmt_end(const struct unit *un, int k, int level)
{
	int e, d = 0;

	if (k >= un->n - 1 || level > 100)
		return un->n - 1;
	if (uis(un, k, "{"))
		return match(un, k, "{", "}");
	if ((uis(un, k, "if") || uis(un, k, "while") || uis(un, k, "for") ||
	     uis(un, k, "switch")) && uis(un, k + 1, "(")) {
		e = stmt_end(un, match(un, k + 1, "(", ")") + 1, level + 1);
		if (uis(un, k, "if") && uis(un, e + 1, "else"))
			e = stmt_end(un, e + 2, level + 1);
		return e;
	}
	if (uis(un, k, "do")) {
		e = stmt_end(un, k + 1, level + 1);
		if (uis(un, e + 1, "while") && uis(un, e + 2, "("))
			e = match(un, e + 2, "(", ")") + 1;
		return e < un->n ? e : un->n - 1;
	}
	for (e = k; e < un->n; e++) {
		if (uis(un, e, "(") || uis(un, e, "{"))
			d++;
		else if (uis(un, e, ")") || uis(un, e, "}"))
			if (--d < 0)
				return e - 1;
		if (!d && uis(un, e, ";"))
			return e;
	}
	return un->n - 1;
}

static void add_loop(struct unit *un, int a, int b)
{
	un->loop = xrealloc(un->loop, (un->nloop + 1) * 2 * sizeof(int));
	un->loop[2 * un->nloop] = a;
	un->loop[2 * un->nloop + 1] = b;
	un->nloop++;
}

static bool label_at(const struct unit *un, int k)
{
	return un->lx->t[un->u[k]].kind == 'i' && uis(un, k + 1, ":") &&
	       !uis(un, k + 2, ":") && !uis(un, k, "default") &&
	       (k == 0 || uis(un, k - 1, ";") || uis(un, k - 1, "{") ||
		uis(un, k - 1, "}") || uis(un, k - 1, ":"));
}

/*
 * Is the parenthesised condition at k a constant false: `(0)`, `((0))`,
 * `(0UL)`, `(false)`?  The CFG (cfg.c) evaluates it; the tokens see
 * the common spellings.
 */
static bool false_cond(const struct unit *un, int k)
{
	static const char *const zero[] = { "0", "0U", "0L", "0UL", "false" };
	int e = match(un, k, "(", ")"), j, i, n = 0;

	for (j = k + 1; j < e; j++) {
		if (uis(un, j, "(") || uis(un, j, ")"))
			continue;
		for (i = 0; i < 5 && !uis(un, j, zero[i]); i++)
			;
		if (i == 5)
			return false;
		n++;
	}
	return n == 1;
}

/*
 * Does a case arm end between the label at j and the goto at k
 * (`reload: ...; break; case WRITE: ...; goto reload;`), the label inside
 * the switch?  The label's arm leaves the switch by its break: the goto
 * makes no loop around the code after that case label.  A label before
 * the switch (`retry: switch (chip->state) { ... goto retry; }`) is a
 * loop: the switch dispatches again.
 */
static bool case_split(const struct unit *un, int j, int k)
{
	int c;

	for (c = j + 2; c < k; c++)
		if (uis(un, c, "switch"))
			return false;	/* the label is before the switch: a
					 * goto back to it dispatches again */
		else if ((uis(un, c, "case") || uis(un, c, "default")) &&
		    uis(un, c - 1, ";") &&
		    (uis(un, c - 2, "break") || uis(un, c - 2, "return") ||
		     uis(un, c - 2, ")")))
			return true;
	return false;
}

static void find_loops(struct unit *un)
{
	int k, j, tail = -1;

	for (k = 0; k < un->n; k++) {
		if (uis(un, k, "do")) {
			int e = stmt_end(un, k + 1, 0);

			/* `do { ... } while (0)`: a macro's block, no loop */
			if (!(uis(un, e + 1, "while") && uis(un, e + 2, "(") &&
			      false_cond(un, e + 2)))
				add_loop(un, k, e);
			tail = e + 1;	/* its `while (...)` is no loop */
		} else if ((uis(un, k, "for") || uis(un, k, "while")) &&
			   uis(un, k + 1, "(") && k != tail) {
			int c = match(un, k + 1, "(", ")");

			add_loop(un, k, stmt_end(un, c + 1, 0));
		} else if (uis(un, k, "goto") && k + 1 < un->n) {
			for (j = 0; j < k; j++)
				if (label_at(un, j) &&
				    un->lx->t[un->u[j]].len ==
				    un->lx->t[un->u[k + 1]].len &&
				    !memcmp(un->lx->buf + un->lx->t[un->u[j]].off,
					    un->lx->buf + un->lx->t[un->u[k + 1]].off,
					    un->lx->t[un->u[j]].len) &&
				    !case_split(un, j, k))
					add_loop(un, j, k);
		}
	}
}

static bool in_loop(const struct unit *un, int k)
{
	int i;

	for (i = 0; i < un->nloop; i++)
		if (un->loop[2 * i] < k && k <= un->loop[2 * i + 1])
			return true;
	return false;
}

/* ---- the sites ---- */

static const struct kapi *call_api(const struct unit *un, int k)
{
	const struct tok *t = &un->lx->t[un->u[k]];

	if (t->kind != 'i' || !uis(un, k + 1, "(") ||
	    uis(un, k - 1, ".") || uis(un, k - 1, "->"))
		return NULL;
	return kapi_lookup(un->lx->buf + t->off, t->len);
}

/* Is k a call, not a declaration of that name? */
static bool call_shaped(const struct unit *un, int k)
{
	const struct tok *p;

	if (k == 0)
		return true;
	p = &un->lx->t[un->u[k - 1]];
	if (uis(un, k - 1, "#") || uis(un, k - 1, "*"))
		return uis(un, k - 1, "*") && k > 1 &&
		       un->lx->t[un->u[k - 2]].kind != 'i';
	return p->kind != 'i' || uis(un, k - 1, "return") ||
	       uis(un, k - 1, "else") || uis(un, k - 1, "do") ||
	       uis(un, k - 1, "case");
}

static void call_args(const struct unit *un, int k, struct tok_site *s)
{
	int e = match(un, k + 1, "(", ")"), a = k + 2, j, d = 0, na = 0;

	for (j = a; j <= e && na < 2; j++) {
		if (uis(un, j, "(") || uis(un, j, "["))
			d++;
		else if ((uis(un, j, ")") || uis(un, j, "]")) && j < e)
			d--;
		if ((!d && uis(un, j, ",")) || j == e) {
			char *t = j > a ? lex_span_text(un->lx, un->u, a, j - 1) :
				  NULL;

			if (na++ == 0)
				s->arg0 = t;
			else
				s->arg1 = t;
			a = j + 1;
		}
	}
}

static struct tok_site *new_site(struct tok_scan *ts, const struct unit *un,
				 int k, int rule)
{
	const struct tok *t = &un->lx->t[un->u[k]];
	struct tok_site *s;

	ts->s = xrealloc(ts->s, (ts->n + 1) * sizeof(*ts->s));
	s = &ts->s[ts->n++];
	memset(s, 0, sizeof(*s));
	s->rule = rule;
	s->off = t->off;
	s->line = t->line;
	s->col = t->col;
	s->name = xasprintf("%.*s", (int)t->len, un->lx->buf + t->off);
	s->macro = t->pp <= -2 ? -2 - t->pp : -1;
	s->dead = t->dead;
	s->state = "";
	call_args(un, k, s);
	return s;
}

static const char *const states[] = {
	"TASK_INTERRUPTIBLE", "TASK_UNINTERRUPTIBLE", "TASK_KILLABLE",
};

/* Does token k start a statement of its block (not `if (x) return`)? */
static bool stmt_start(const struct unit *un, int k)
{
	return k == 0 || uis(un, k - 1, ";") || uis(un, k - 1, "{") ||
	       uis(un, k - 1, "}") || uis(un, k - 1, ":");
}

/* add_wait_queue*() at a: the first schedule*() in a loop after it. */
static void open_coded(struct tok_scan *ts, const struct unit *un, int a)
{
	const struct tok *ta = &un->lx->t[un->u[a]];
	const char *state = "";
	int k, i, low = ta->depth;

	for (k = a + 2; k < un->n; k++) {
		const struct tok *t = &un->lx->t[un->u[k]];
		const struct kapi *api;

		if (t->dead && !ta->dead)
			continue;
		/* out of the add's block: its `else` is another path */
		if (uis(un, k, "}") && t->depth < low) {
			low = t->depth;
			if (uis(un, k + 1, "else"))
				k = stmt_end(un, k + 2, 0);
			continue;
		}
		for (i = 0; i < 3 && t->kind == 'i'; i++)
			if (is(un->lx, un->u[k], states[i]))
				state = states[i];
		/* `add_wait_queue(&other->wq, &e->wq); break;`: a refile,
		 * the path leaves before any sleep after it */
		if ((uis(un, k, "break") || uis(un, k, "return")) &&
		    t->depth <= ta->depth && stmt_start(un, k))
			return;
		api = call_api(un, k);
		if (!api)
			continue;
		if (api->kind == K_REMOVE_WAIT && t->depth <= ta->depth)
			return;
		/* schedule_timeout_interruptible() too: the queue wakes it */
		if ((api->kind == K_SCHEDULE ||
		     api->kind == K_SCHEDULE_TIMEOUT ||
		     (api->kind == K_DELAY &&
		      !strncmp(api->name, "schedule", 8))) &&
		    in_loop(un, k)) {
			struct tok_site *s = new_site(ts, un, a, 2);

			s->sleep = xasprintf("%.*s", (int)t->len,
					     un->lx->buf + t->off);
			s->sleep_line = t->line;
			s->sleep_col = t->col;
			s->state = state;
			if (!*state && api->kind == K_DELAY)
				s->state = strstr(api->name, "_uninterruptible") ?
					   states[1] :
					   strstr(api->name, "_interruptible") ?
					   states[0] :
					   strstr(api->name, "_killable") ?
					   states[2] : "";
			return;
		}
	}
}

static void scan_unit(struct tok_scan *ts, struct unit *un)
{
	int k;

	find_loops(un);
	for (k = 0; k + 1 < un->n; k++) {
		const struct tok *t = &un->lx->t[un->u[k]];
		const struct kapi *api;

		if (t->kind != 'i' || !uis(un, k + 1, "("))
			continue;
		if (sleep_on_lookup(un->lx->buf + t->off, t->len)) {
			if (!uis(un, k - 1, ".") && !uis(un, k - 1, "->") &&
			    call_shaped(un, k))
				new_site(ts, un, k, 1);
			continue;
		}
		api = call_api(un, k);
		if (api && api->kind == K_ADD_WAIT && call_shaped(un, k))
			open_coded(ts, un, k);
	}
	free(un->loop);
}

/*
 * Where the macro called name (mi: the file's own #define of it, or -1
 * for one of a header) is used, through the file's other macros too.
 */
static void macro_uses(const struct tok_scan *ts, const struct lex *lx,
		       const char *name, int mi, struct tok_macro *m, int level)
{
	size_t n = strlen(name);
	int k;

	for (k = 0; k < lx->n && level < 8; k++) {
		const struct tok *t = &lx->t[k];

		if (t->kind != 'i' || t->len != n || t->pp >= 0 ||
		    (mi >= 0 && t->pp == -2 - mi) ||
		    memcmp(lx->buf + t->off, name, n))
			continue;
		if (t->pp <= -2) {	/* in another macro: its uses */
			macro_uses(ts, lx, ts->m[-2 - t->pp].name, -2 - t->pp,
				   m, level + 1);
			continue;
		}
		m->use = xrealloc(m->use, (m->nuse + 1) * sizeof(*m->use));
		m->use[m->nuse].off = t->off;
		m->use[m->nuse++].line = t->line;
	}
}

int tokscan(const char *buf, size_t len, struct tok_scan *ts)
{
	struct lex lx = { buf, len, NULL, 0, 0, 0 };
	struct pass p = { &lx, ts, { { 0 } }, 0, 0, -1, 0 };
	struct unit un = { &lx, NULL, 0, NULL, 0 };
	int k, u, i;
	int *at;

	memset(ts, 0, sizeof(*ts));
	lex(&lx);
	units(&p);
	/* each unit's tokens, in order: count, then place */
	at = xrealloc(NULL, (p.nunits + 1) * sizeof(int));
	memset(at, 0, (p.nunits + 1) * sizeof(int));
	for (k = 0; k < lx.n; k++)
		if (lx.t[k].unit >= 0)
			at[lx.t[k].unit + 1]++;
	for (u = 0; u < p.nunits; u++)
		at[u + 1] += at[u];
	un.u = xrealloc(NULL, (at[p.nunits] + 1) * sizeof(int));
	{
		int *fill = xrealloc(NULL, (p.nunits + 1) * sizeof(int));

		memcpy(fill, at, (p.nunits + 1) * sizeof(int));
		for (k = 0; k < lx.n; k++)
			if (lx.t[k].unit >= 0)
				un.u[fill[lx.t[k].unit]++] = k;
		free(fill);
	}
	for (u = 0; u < p.nunits; u++) {
		struct unit one = { &lx, un.u + at[u], at[u + 1] - at[u],
				    NULL, 0 };

		scan_unit(ts, &one);
	}
	for (i = 0; i < ts->n; i++)
		if (ts->s[i].macro >= 0 && !ts->m[ts->s[i].macro].use)
			macro_uses(ts, &lx, ts->m[ts->s[i].macro].name,
				   ts->s[i].macro, &ts->m[ts->s[i].macro], 0);
	free(un.u);
	free(at);
	free(lx.t);
	return ts->n;
}

void tokscan_uses(const char *buf, size_t len, struct tok_macro *m, int nm)
{
	struct lex lx = { buf, len, NULL, 0, 0, 0 };
	struct tok_scan own;
	struct pass p = { &lx, &own, { { 0 } }, 0, 0, -1, 0 };
	int i;

	memset(&own, 0, sizeof(own));
	lex(&lx);
	units(&p);
	for (i = 0; i < nm; i++)
		macro_uses(&own, &lx, m[i].name, -1, &m[i], 0);
	free(lx.t);
	tokscan_free(&own);
}

void tokscan_free(struct tok_scan *ts)
{
	int i;

	for (i = 0; i < ts->n; i++) {
		free(ts->s[i].name);
		free(ts->s[i].arg0);
		free(ts->s[i].arg1);
		free(ts->s[i].sleep);
	}
	for (i = 0; i < ts->nc; i++)
		free(ts->c[i].text);
	for (i = 0; i < ts->nm; i++) {
		free(ts->m[i].name);
		free(ts->m[i].use);
	}
	free(ts->s);
	free(ts->c);
	free(ts->m);
	memset(ts, 0, sizeof(*ts));
}

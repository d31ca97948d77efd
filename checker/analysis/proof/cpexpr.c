// SPDX-License-Identifier: GPL-2.0-only
/*
 * The condition proof's expressions and write lists (below the walk,
 * analysis/proof/cpwalk.c, and the evaluation, analysis/proof/condproof.c): an
 * expression normalised (blanks and outer parentheses off) and split at
 * its top operator or its last member, whether a write covers what an
 * expression reads, the locals of a function, and the list of writes a
 * walk collects, moved from a waker's names to the sleeper's.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "condproof.h"
#include "condproof_int.h"

/* buf with comments, strings, characters and # lines blanked. */
char *cp_blanked(const char *buf, size_t len)
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
			if (k && wq_ident_char(r[k - 1]) && i + 1 < n) {
				size_t j = i;

				while (j < n && isspace((unsigned char)e[j]))
					j++;
				if (j < n && wq_ident_char(e[j]))
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

void cp_add(struct cp_state *st, enum cp_wkind k, const char *lhs,
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
		if ((p == s || (!wq_ident_char(p[-1]) && p[-1] != '.' && p[-1] != '>')) &&
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

/*
 * Is the `,` at buf[c] one between two declarators of a declaration
 * (`int retval, len1, real;`), not between a call's arguments: back to
 * the statement's start no `(` is left open, and the statement begins
 * with a type's word followed by another word or a `*`.
 */
static bool later_declarator(const char *buf, unsigned fn, unsigned c)
{
	static const char *const stmt_kw[] = { "return", "if", "while", "for",
		"switch", "case", "goto", "else", "do", "sizeof", NULL };
	unsigned s = c, w;
	int depth = 0, i;

	while (s > fn && !strchr(";{}", buf[s - 1])) {
		s--;
		if (buf[s] == ')')
			depth++;
		else if (buf[s] == '(' && --depth < 0)
			return false;
	}
	while (s < c && isspace((unsigned char)buf[s]))
		s++;
	for (w = s; w < c && wq_ident_char(buf[w]); w++)
		;
	if (w == s || isdigit((unsigned char)buf[s]) || buf[s] == '#')
		return false;
	for (i = 0; stmt_kw[i]; i++)
		if (strlen(stmt_kw[i]) == w - s &&
		    !strncmp(buf + s, stmt_kw[i], w - s))
			return false;
	while (w < c && isspace((unsigned char)buf[w]))
		w++;
	return w < c && (wq_ident_char(buf[w]) || buf[w] == '*');
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
		for (;;) {	/* back over spaces and `// comments` */
			unsigned ls, c;

			while (q > fn && isspace((unsigned char)buf[q - 1]))
				q--;
			for (ls = q; ls > fn && buf[ls - 1] != '\n'; ls--)
				;
			for (c = ls; c + 1 < q && !(buf[c] == '/' && buf[c + 1] == '/'); c++)
				;
			if (c + 1 >= q || ls == q)
				break;
			q = c;	/* the line ends in a comment: before it */
		}
		while (q > fn && buf[q - 1] == '*') {
			q--;
			while (q > fn && isspace((unsigned char)buf[q - 1]))
				q--;
		}
		if (q > fn && buf[q - 1] == ',' && later_declarator(buf, fn, q - 1))
			return true;	/* `int retval, len, real;` */
		if (q <= fn || !wq_ident_char(buf[q - 1]))
			continue;
		ok = true;
		for (i = 0; kw[i]; i++) {
			size_t kl = strlen(kw[i]);

			if (q >= fn + kl && !strncmp(buf + q - kl, kw[i], kl) &&
			    (q == fn + kl || !wq_ident_char(buf[q - kl - 1])))
				ok = false;
		}
		if (ok)
			return true;
	}
	return false;
}

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

// SPDX-License-Identifier: GPL-2.0-only
/*
 * The text scans of entry.c: where statements begin and end, words and
 * calls in a function's bytes (comments and strings skipped), and the
 * declarations of a wait entry for current, written as a driver would.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "entry_text.h"
#include "site_text.h"

/* The previous significant character before off, or 0. */
char et_prev_sig(const char *b, unsigned off, unsigned floor)
{
	unsigned i = off;

	while (i > floor) {
		char ch = b[i - 1];

		if (isspace((unsigned char)ch)) {
			i--;
			if (ch == '\n') {
				/* a // comment ends the line above */
				unsigned ls = i, k;

				while (ls > floor && b[ls - 1] != '\n')
					ls--;
				for (k = ls; k < i && (b[k] == ' ' || b[k] == '\t'); k++)
					;
				if (k < i && b[k] == '#') {
					i = ls;	/* a directive line: no code */
					continue;
				}
				for (k = ls; k + 1 < i; k++)
					if (b[k] == '/' && b[k + 1] == '/') {
						i = k;
						break;
					}
			}
			continue;
		}
		if (ch == '/' && i >= floor + 2 && b[i - 2] == '*') {
			i -= 2;
			while (i >= floor + 2 && !(b[i - 2] == '/' && b[i - 1] == '*'))
				i--;
			i = i >= floor + 2 ? i - 2 : floor;
			continue;
		}
		return ch;
	}
	return 0;
}

/* Skip whitespace and comments forward. */
unsigned et_next_sig(const char *b, unsigned off, unsigned end)
{
	unsigned i = off;

	while (i < end) {
		if (isspace((unsigned char)b[i])) {
			i++;
		} else if (b[i] == '/' && i + 1 < end && b[i + 1] == '*') {
			for (i += 2; i + 1 < end && !(b[i] == '*' && b[i + 1] == '/'); i++)
				;
			i += 2;
		} else if (b[i] == '/' && i + 1 < end && b[i + 1] == '/') {
			while (i < end && b[i] != '\n')
				i++;
		} else {
			break;
		}
	}
	return i;
}

/* The end of the statement starting at off: just past its `;`. */
unsigned et_stmt_end(const char *b, unsigned off, unsigned end)
{
	int depth = 0;
	unsigned i;

	for (i = off; i < end; i++) {
		if (b[i] == '(' || b[i] == '[')
			depth++;
		else if (b[i] == ')' || b[i] == ']')
			depth--;
		else if (b[i] == ';' && depth <= 0)
			return i + 1;
		else if ((b[i] == '{' || b[i] == '}') && depth <= 0)
			return i;
	}
	return end;
}

/* Is the statement at off a statement of its own, not an if's body? */
bool et_plain_stmt(const char *b, unsigned off, unsigned floor)
{
	char p = et_prev_sig(b, off, floor);

	return p == ';' || p == '{' || p == '}' || p == ':';
}

bool et_word_at(const char *b, unsigned i, unsigned end, const char *w)
{
	size_t n = strlen(w);

	return i + n <= end && !memcmp(b + i, w, n) &&
	       (i == 0 || !is_ident(b[i - 1])) &&
	       (i + n == end || !is_ident(b[i + n]));
}

/* Uses of the identifier w in [from, to), comments and strings skipped. */
int et_count_word(const char *b, unsigned from, unsigned to, const char *w)
{
	unsigned i = from;
	int n = 0;

	while (i < to) {
		if (b[i] == '/' && i + 1 < to && (b[i + 1] == '*' || b[i + 1] == '/')) {
			i = et_next_sig(b, i, to);
			continue;
		}
		if (b[i] == '"' || b[i] == '\'') {
			char q = b[i++];

			while (i < to && b[i] != q) {
				if (b[i] == '\\')
					i++;
				i++;
			}
			i++;
			continue;
		}
		if (et_word_at(b, i, to, w)) {
			unsigned k = i, e = i + strlen(w);

			while (k > from && b[k - 1] == ' ')
				k--;
			while (e < to && (b[e] == ' ' || b[e] == '\t'))
				e++;
			/* a member of that name is another thing, and so is
			 * a label (`wait:`, `goto wait;`) */
			if (!(k > from && (b[k - 1] == '.' ||
					   (b[k - 1] == '>' && k - 1 > from &&
					    b[k - 2] == '-'))) &&
			    !(e < to && b[e] == ':' && (e + 1 >= to || b[e + 1] != ':')) &&
			    !(k >= from + 4 && !strncmp(b + k - 4, "goto", 4) &&
			      (k == from + 4 || !is_ident(b[k - 5]))))
				n++;
			i += strlen(w);
			continue;
		}
		i++;
	}
	return n;
}

/* `name ( a , b )` at i with a == x and b == y, spaces ignored. */
bool et_call_args_are(const char *b, unsigned i, unsigned end,
		      const char *name, const char *x, const char *y)
{
	struct strbuf sb = { 0 };
	unsigned j;
	int depth = 0;
	char *want;
	bool r;

	if (!et_word_at(b, i, end, name))
		return false;
	for (j = i; j < end; j++) {
		if (!isspace((unsigned char)b[j]))
			sb_add(&sb, b + j, 1);
		if (b[j] == '(')
			depth++;
		else if (b[j] == ')' && --depth == 0)
			break;
	}
	want = xasprintf("%s(%s,%s)", name, x, y);
	r = sb.s && !strcmp(sb.s, want);
	free(want);
	free(sb.s);
	return r;
}

/*
 * Is t, in the body [from, to) of b, a local made `struct task_struct *t
 * = current;` and assigned nowhere else: another name for current
 * (`DECLARE_WAITQUEUE(wait, tsk)` after `tsk = current`)?
 */
bool et_current_alias(const char *b, unsigned from, unsigned to,
		      const char *t)
{
	char *want = xasprintf("%s=current;", t);
	unsigned i;
	int made = 0, set = 0;

	for (i = from; i < to; i++) {
		struct strbuf sb = { 0 };
		unsigned j;

		if (!et_word_at(b, i, to, t) || (i > from && b[i - 1] == '>') ||
		    (i > from && b[i - 1] == '.'))
			continue;
		for (j = i; j < to && b[j] != ';' && b[j] != ',' && b[j] != ')'; j++)
			if (!isspace((unsigned char)b[j]))
				sb_add(&sb, b + j, 1);
		if (j < to)
			sb_add(&sb, b + j, 1);
		if (sb.s && !strcmp(sb.s, want))
			made++;
		else if (sb.s && sb.s[strlen(t)] == '=' && sb.s[strlen(t) + 1] != '=')
			set++;	/* assigned again */
		free(sb.s);
	}
	free(want);
	return made == 1 && !set && et_count_word(b, from, to, "task_struct") > 0;
}

/* `DECLARE_WAITQUEUE(w, current)` at i, or with a local that is current */
bool et_declares_entry(const char *b, unsigned i, unsigned from,
		       unsigned end, const char *w)
{
	unsigned j, a;
	int depth = 0;
	char *t;
	bool r;

	if (et_call_args_are(b, i, end, "DECLARE_WAITQUEUE", w, "current"))
		return true;
	if (!et_word_at(b, i, end, "DECLARE_WAITQUEUE"))
		return false;
	for (j = i, a = 0; j < end; j++) {
		if (b[j] == '(')
			depth++;
		else if (b[j] == ',' && depth == 1 && !a)
			a = j + 1;
		else if (b[j] == ')' && --depth == 0)
			break;
	}
	if (!a || j >= end)
		return false;
	while (a < j && isspace((unsigned char)b[a]))
		a++;
	t = xasprintf("%.*s", (int)(j - a), b + a);
	while (*t && isspace((unsigned char)t[strlen(t) - 1]))
		t[strlen(t) - 1] = '\0';
	/* the state written through it (set_task_state(tsk, ...)) is
	 * no write the in-place form replaces: current's entry only then */
	r = *t && !strchr(t, ' ') &&
	    et_call_args_are(b, i, end, "DECLARE_WAITQUEUE", w, t) &&
	    et_current_alias(b, from, end, t) &&
	    !et_count_word(b, from, end, "set_task_state") &&
	    !et_count_word(b, from, end, "__set_task_state");
	free(t);
	return r;
}

/* The first argument of the call at off, as written. */
char *et_first_arg_text(const char *b, unsigned off, unsigned end)
{
	unsigned i = off, s;
	int depth = 0;

	while (i < end && b[i] != '(')
		i++;
	s = ++i;
	for (; i < end; i++) {
		if (b[i] == '(' || b[i] == '[')
			depth++;
		else if (b[i] == ')' || b[i] == ']')
			depth--;
		else if (b[i] == ',' && !depth)
			break;
	}
	while (s < i && isspace((unsigned char)b[s]))
		s++;
	while (i > s && isspace((unsigned char)b[i - 1]))
		i--;
	return xasprintf("%.*s", (int)(i - s), b + s);
}

unsigned et_line_of(const char *b, unsigned off)
{
	unsigned i, l = 1;

	for (i = 0; i < off; i++)
		l += b[i] == '\n';
	return l;
}

/* `wait_queue_entry_t w;` (or wait_queue_t, struct wait_queue_entry) */
int et_entry_declared(const char *b, unsigned from, unsigned to,
		      const char *w)
{
	static const char *const types[] = {
		"wait_queue_entry_t", "wait_queue_t", "struct wait_queue_entry",
		NULL,
	};
	int i, n = 0;

	for (i = 0; types[i]; i++) {
		unsigned k;

		for (k = from; k < to; k++) {
			unsigned j;

			if (!et_word_at(b, k, to, types[i]))
				continue;
			j = et_next_sig(b, k + strlen(types[i]), to);
			if (et_word_at(b, j, to, w) &&
			    b[et_next_sig(b, j + strlen(w), to)] == ';')
				n++;
		}
	}
	return n;
}

char *et_squeeze(const char *s)
{
	char *r = xstrdup(s), *d = r;

	for (; *s; s++)
		if (!isspace((unsigned char)*s))
			*d++ = *s;
	*d = '\0';
	return r;
}

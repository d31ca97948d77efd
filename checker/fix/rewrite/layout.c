// SPDX-License-Identifier: GPL-2.0-only
/*
 * Kernel layout for the lines a rewrite produced.
 *
 * spatch prints a new wait_event*() call on one line however long it is.
 * A line the rewrite added that is wider than 80 columns is broken after
 * the last comma (or `||`, `&&` in a condition) that keeps it within 80,
 * and the rest is aligned after
 * the innermost open parenthesis with tabs and spaces, as the kernel's
 * coding style asks.  Only whitespace changes, and only on lines that are
 * not in the original file.
 *
 * When a semantic patch deletes a statement that had a trailing comment,
 * spatch 1.1.1 leaves the comment behind on a line of its own at column
 * 0, in place of the line break before the statement, or drops it; and
 * it moves some comments of replaced statements onto the replacement and
 * not others.  Here such a residue is turned back into that line break
 * and a moved comment taken off; keep_comments() (layout_comments.c) then
 * puts every comment that trailed a removed line back in one way: at the
 * end of the new line that shares most names with the removed one when it
 * fits, else on a line of its own (an errata note on an add_wait_queue()
 * that goes is not lost).
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "fix.h"
#include "site_text.h"

#define MAX_COLS 80

unsigned layout_width(const char *s, size_t n)
{
	unsigned col = 0;
	size_t i;

	for (i = 0; i < n; i++)
		col = s[i] == '\t' ? (col + 8) & ~7u : col + 1;
	return col;
}

static bool in_original(const char *orig, size_t olen, const char *line,
			size_t n)
{
	const char *p = orig, *end = orig + olen;

	while (p < end) {
		const char *nl = memchr(p, '\n', end - p);
		size_t l = nl ? (size_t)(nl - p) : (size_t)(end - p);

		if (l == n && !memcmp(p, line, n))
			return true;
		p += l + 1;
	}
	return false;
}

/* Append line (no newline) to sb, broken as described above. */
static void wrap_line(struct strbuf *sb, const char *line, size_t n)
{
	int depth = 0, open[64], best = -1, best_open = -1, lbest = -1;
	int lbest_open = -1;
	bool in_str = false;
	size_t i;

	for (i = 0; i < n; i++) {
		char c = line[i];

		if (c == '"' && (i == 0 || line[i - 1] != '\\'))
			in_str = !in_str;
		if (in_str)
			continue;
		if (c == '(' && depth < 64)
			open[depth++] = i;
		else if (c == ')' && depth)
			depth--;
		else if (c == '/' && i + 1 < n && (line[i + 1] == '*' || line[i + 1] == '/'))
			break;	/* never break inside or before a comment */
		else if (c == ',' && depth && i + 1 < n && line[i + 1] == ' ' &&
			 layout_width(line, i + 1) <= MAX_COLS) {
			best = i;
			best_open = open[depth - 1];
		} else if ((c == '|' || c == '&') && i + 2 < n &&
			   line[i + 1] == c && line[i + 2] == ' ' &&
			   layout_width(line, i + 2) <= MAX_COLS) {
			/* a condition: after its `||` or `&&`, when no comma
			 * will do; a continuation line (depth 0) keeps its
			 * own alignment */
			lbest = i + 1;
			lbest_open = depth ? open[depth - 1] : -1;
		}
	}
	if (best < 0 && lbest >= 0) {
		best = lbest;
		best_open = lbest_open;
		if (best_open < 0) {
			for (i = 0; line[i] == '\t' || line[i] == ' '; i++)
				;
			best_open = (int)i - 1;
		}
	}
	if (best < 0 || layout_width(line, n) <= MAX_COLS) {
		sb_add(sb, line, n);
		return;
	}
	sb_add(sb, line, best + 1);
	sb_puts(sb, "\n");
	{
		unsigned col = layout_width(line, best_open + 1), t;
		struct strbuf rest = { 0 };
		size_t skip = best + 2;

		for (t = 0; t + 8 <= col; t += 8)
			sb_puts(&rest, "\t");
		for (; t < col; t++)
			sb_puts(&rest, " ");
		sb_add(&rest, line + skip, n - skip);
		if (layout_width(rest.s, rest.len) < layout_width(line, n))
			wrap_line(sb, rest.s, rest.len);
		else
			sb_add(sb, rest.s, rest.len);
		free(rest.s);
	}
}

/* A line that is only a comment at column 0, trailing some original line. */
static bool comment_residue(const char *orig, size_t olen, const char *line,
			    size_t n)
{
	char *c, *hit;
	bool r = false;

	if (n < 4 || strncmp(line, "/*", 2) || strncmp(line + n - 2, "*/", 2) ||
	    memmem(line + 2, n - 4, "*/", 2) || in_original(orig, olen, line, n))
		return false;
	c = xasprintf("%.*s", (int)n, line);
	hit = memmem(orig, olen, c, n);
	/* it must trail code in the original: not at the start of a line */
	while (hit && !r) {
		const char *b = hit;

		while (b > orig && (b[-1] == ' ' || b[-1] == '\t'))
			b--;
		r = b > orig && b[-1] != '\n' && b[-1] != '/';
		hit = memmem(hit + 1, olen - (hit + 1 - orig), c, n);
	}
	free(c);
	return r;
}

/* Is there a line in text equal to [l, l + n)? */
static bool line_in(const char *text, size_t tlen, const char *l, size_t n)
{
	return in_original(text, tlen, l, n);
}

/*
 * Length of line without a trailing comment that trailed an original
 * line which is gone from the new text; n if there is none.
 */
static size_t strip_moved_comment(const char *orig, size_t olen,
				  const char *text, size_t tlen,
				  const char *line, size_t n)
{
	const char *c, *p = orig, *end = orig + olen;
	size_t cl;

	if (n < 4 || strncmp(line + n - 2, "*/", 2))
		return n;
	for (c = line + n - 2; c > line && strncmp(c, "/*", 2); c--)
		;
	if (c == line || strncmp(c, "/*", 2))
		return n;
	cl = line + n - c;
	while (p < end) {
		const char *nl = memchr(p, '\n', end - p);
		size_t l = nl ? (size_t)(nl - p) : (size_t)(end - p);

		if (l > cl && !memcmp(p + l - cl, c, cl) &&
		    !line_in(text, tlen, p, l)) {
			while (c > line && (c[-1] == ' ' || c[-1] == '\t'))
				c--;
			return c - line;
		}
		p += l + 1;
	}
	return n;
}

static bool is_define_wait(const char *l, size_t n)
{
	while (n && (*l == ' ' || *l == '\t')) {
		l++;
		n--;
	}
	if (n > 5 && !strncmp(l, "long ", 5) && l[n - 1] == ';') {
		/* `long left;`, the hoisted schedule_timeout() result */
		size_t i;

		for (i = 5; i < n - 1 && is_ident(l[i]); i++)
			;
		return i == n - 1 && i > 5;
	}
	return n > 12 && !strncmp(l, "DEFINE_WAIT(", 12) && l[n - 1] == ';';
}

/* Does the line at l look like a declaration, or is it blank? */
static bool declaration_line(const char *l, const char *end)
{
	static const char *const words[] = {
		"struct ", "union ", "enum ", "unsigned ", "signed ", "int ",
		"long ", "short ", "char ", "bool ", "const ", "static ",
		"volatile ", "u8 ", "u16 ", "u32 ", "u64 ", "s8 ", "s16 ",
		"s32 ", "s64 ", "size_t ", "ssize_t ", "loff_t ", "DECLARE_",
		"DEFINE_", "wait_queue_head_t ", "register ", "void ", NULL
	};
	const char *e = memchr(l, '\n', end - l);
	int i;

	if (!e)
		e = end;
	while (l < e && (*l == ' ' || *l == '\t'))
		l++;
	if (l == e || *l == '}')
		return true;
	for (i = 0; words[i]; i++)
		if ((size_t)(e - l) > strlen(words[i]) &&
		    !strncmp(l, words[i], strlen(words[i])))
			return true;
	/* `type name;`, `type *name = x;`: two words before ; = [ */
	{
		const char *q = l;
		int w = 0;

		while (q < e && w < 3) {
			while (q < e && (is_ident(*q) || *q == '*'))
				q++;
			w++;
			while (q < e && (*q == ' ' || *q == '\t' || *q == '*'))
				q++;
			if (q < e && !is_ident(*q))
				break;
		}
		return w >= 2 && q < e && strchr(";=[,", *q) &&
		       !(q + 1 < e && *q == '=' && q[1] == '=');
	}
}

static unsigned tabs(const char *l)
{
	unsigned t = 0;

	while (l[t] == '\t')
		t++;
	return t;
}

/*
 * spatch 1.1.1 prints an if-else chain it was given as one statement
 * (a collapsed wait loop with early exits, lib/open_coded_wait.py fold_stmt()) as
 *
 *		ret = -EAGAIN;else
 *		if (wait_event_interruptible(q, c))
 *			ret = -ERESTARTSYS;
 *
 * with each `if` after an `else` a level deeper: here `else if` goes
 * back to the `if` it continues, and the statement under it one level
 * up, on the new lines only.
 */
static void else_chains(const char *orig, size_t olen, char **text,
			size_t *len)
{
	char **l = NULL, *t = *text, *nl;
	int n = 0, i, j, k;
	bool hit = false;
	struct strbuf sb = { 0 };

	for (;;) {
		l = xrealloc(l, (n + 1) * sizeof(*l));
		nl = strchr(t, '\n');
		l[n++] = xasprintf("%.*s", (int)(nl ? nl - t : (long)strlen(t)), t);
		if (!nl)
			break;
		t = nl + 1;
	}
	for (i = 0; i + 1 < n; i++) {
		size_t m = strlen(l[i]);
		unsigned d = tabs(l[i]);
		char *r;

		while (m && l[i][m - 1] == ' ')
			m--;
		if (m < 5 || strncmp(l[i] + m - 5, ";else", 5) || d < 1 ||
		    in_original(orig, olen, l[i], strlen(l[i])) ||
		    tabs(l[i + 1]) != d || strncmp(l[i + 1] + d, "if", 2))
			continue;
		l[i][m - 4] = '\0';
		r = xasprintf("%.*selse %s", (int)(d - 1), l[i + 1], l[i + 1] + d);
		free(l[i + 1]);
		l[i + 1] = r;
		for (k = i + 2; k < n && *l[k] && tabs(l[k]) > d; k++)
			memmove(l[k], l[k] + 1, strlen(l[k]));
		hit = true;
	}
	if (hit) {
		for (j = 0; j < n; j++)
			sb_printf(&sb, "%s%s", l[j], j + 1 < n ? "\n" : "");
		free(*text);
		*text = sb.s ? sb.s : xstrdup("");
		*len = sb.len;
	}
	for (j = 0; j < n; j++)
		free(l[j]);
	free(l);
}

/* Parentheses opened and not closed in line[0, n), strings skipped. */
static int open_parens(const char *line, size_t n)
{
	int depth = 0;
	bool in_str = false;
	size_t i;

	for (i = 0; i < n; i++) {
		if (line[i] == '"' && (i == 0 || line[i - 1] != '\\'))
			in_str = !in_str;
		else if (!in_str && line[i] == '(')
			depth++;
		else if (!in_str && line[i] == ')')
			depth--;
	}
	return depth;
}

/*
 * spatch breaks a long line of the code it adds itself and indents the
 * rest with spaces and tabs mixed (`      \t      \t    TASK_...`, seen
 * on 6.1 sound/core/control.c): join such a continuation to its line,
 * so that wrap_line() breaks it the kernel's way.
 */
static void join_spatch_breaks(const char *orig, size_t olen, char **text,
			       size_t *len)
{
	struct strbuf sb = { 0 };
	const char *p = *text, *end = *text + *len;

	while (p < end) {
		const char *nl = memchr(p, '\n', end - p);
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);

		sb_add(&sb, p, n);
		p += n + 1;
		while (nl && p < end && open_parens(sb.s + (sb.len - n), n) > 0 &&
		       !in_original(orig, olen, sb.s + (sb.len - n), n)) {
			const char *nl2 = memchr(p, '\n', end - p);
			size_t m = nl2 ? (size_t)(nl2 - p) : (size_t)(end - p), k = 0;
			bool mixed = false;

			while (k < m && (p[k] == ' ' || p[k] == '\t')) {
				mixed |= k && p[k] == '\t' && p[k - 1] == ' ';
				k++;
			}
			if (!mixed || in_original(orig, olen, p, m))
				break;
			sb_puts(&sb, " ");
			sb_add(&sb, p + k, m - k);
			n += 1 + m - k;
			nl = nl2;
			p += m + 1;
		}
		if (nl)
			sb_puts(&sb, "\n");
	}
	free(*text);
	*text = sb.s ? sb.s : xstrdup("");
	*len = sb.len;
}

/* ---- an added entry used only under #if ---- */

struct pp_cond {
	int line;		/* the directive's line */
	int branch;		/* 0: its first branch, 1: #else, 2: #elif */
};

/* Is line l (n bytes) the preprocessor directive d (after '#', blanks)? */
static bool directive(const char *l, size_t n, const char *d)
{
	size_t i = 0, m = strlen(d);

	while (i < n && (l[i] == ' ' || l[i] == '\t'))
		i++;
	if (i >= n || l[i] != '#')
		return false;
	for (i++; i < n && (l[i] == ' ' || l[i] == '\t'); i++)
		;
	return n - i >= m && !strncmp(l + i, d, m) &&
	       (n - i == m || !is_ident(l[i + m]));
}

static bool has_word(const char *l, size_t n, const char *w)
{
	size_t m = strlen(w), i;

	for (i = 0; i + m <= n; i++)
		if (!strncmp(l + i, w, m) && (i == 0 || !is_ident(l[i - 1])) &&
		    (i + m == n || !is_ident(l[i + m])))
			return true;
	return false;
}

/* The directive that keeps branch c of its chain, or NULL. */
static char *branch_directive(const char *l, size_t n, int branch)
{
	size_t i = 0;
	const char *rest;

	while (i < n && l[i] != '#')
		i++;
	if (branch == 0)
		return xasprintf("%.*s", (int)(n - i), l + i);
	if (branch != 1)
		return NULL;
	for (i++; i < n && (l[i] == ' ' || l[i] == '\t'); i++)
		;
	rest = l + i;
	if (n - i > 6 && !strncmp(rest, "ifdef", 5) && !is_ident(rest[5]))
		return xasprintf("#ifndef%.*s", (int)(n - i - 5), rest + 5);
	if (n - i > 7 && !strncmp(rest, "ifndef", 6) && !is_ident(rest[6]))
		return xasprintf("#ifdef%.*s", (int)(n - i - 6), rest + 6);
	if (n - i > 3 && !strncmp(rest, "if", 2) && !is_ident(rest[2]))
		return xasprintf("#if !(%.*s)", (int)(n - i - 3), rest + 3);
	return NULL;
}

/*
 * A DEFINE_WAIT() the rewrite added at the top of a block whose every
 * use lies under the same #if branch (a vendor driver's sleep under
 * `#ifdef CONFIG_X_SYNC`): it gets that #if around it, or it would be an
 * unused variable whenever the branch is not compiled.  The declaration
 * stays at the top of its block (no declaration after a statement).
 */
static void scope_new_entries(const char *orig, size_t olen, char **text,
			      size_t *len)
{
	const char *t = *text, **ls = NULL;
	size_t *ln = NULL;
	int nl = 0, i, j, k;
	struct strbuf sb = { 0 };
	bool changed = false;

	for (i = 0; (size_t)i < *len;) {
		const char *e = memchr(t + i, '\n', *len - i);
		size_t n = e ? (size_t)(e - (t + i)) : *len - i;

		ls = xrealloc(ls, (nl + 1) * sizeof(*ls));
		ln = xrealloc(ln, (nl + 1) * sizeof(*ln));
		ls[nl] = t + i;
		ln[nl++] = n;
		i += n + 1;
	}
	for (i = 0; i < nl; i++) {
		struct pp_cond st[16], common[16];
		int depth = 0, nst = 0, ncommon = -1;
		char name[64];
		const char *l = ls[i], *open;
		size_t n = ln[i], a;
		bool ok = true;

		if (!is_define_wait(l, n) || in_original(orig, olen, l, n) ||
		    !(open = memchr(l, '(', n)))
			goto keep;
		for (a = 0; open + 1 + a < l + n && is_ident(open[1 + a]) && a < 63; a++)
			name[a] = open[1 + a];
		name[a] = '\0';
		if (!a)
			goto keep;
		for (j = i + 1; j < nl && ok && depth >= 0; j++) {
			const char *m = ls[j];
			size_t mn = ln[j];

			if (directive(m, mn, "if") || directive(m, mn, "ifdef") ||
			    directive(m, mn, "ifndef")) {
				if (nst == 16)
					ok = false;
				else
					st[nst++] = (struct pp_cond){ j, 0 };
				continue;
			}
			if (directive(m, mn, "else") || directive(m, mn, "elif")) {
				if (!nst)
					ok = false;
				else
					st[nst - 1].branch = directive(m, mn, "else") &&
						st[nst - 1].branch == 0 ? 1 : 2;
				continue;
			}
			if (directive(m, mn, "endif")) {
				if (!nst)
					ok = false;
				else
					nst--;
				continue;
			}
			for (k = 0; k < (int)mn; k++)
				depth += m[k] == '{' ? 1 : m[k] == '}' ? -1 : 0;
			if (!has_word(m, mn, name))
				continue;
			if (ncommon < 0) {
				memcpy(common, st, nst * sizeof(*st));
				ncommon = nst;
			} else {
				for (k = 0; k < ncommon && k < nst &&
				     common[k].line == st[k].line &&
				     common[k].branch == st[k].branch; k++)
					;
				ncommon = k;
			}
		}
		if (!ok || ncommon <= 0)
			goto keep;
		{
			char *dir[16];
			int nd;

			for (nd = 0; nd < ncommon; nd++) {
				dir[nd] = branch_directive(ls[common[nd].line],
							   ln[common[nd].line],
							   common[nd].branch);
				if (!dir[nd])
					break;
			}
			if (nd < ncommon) {
				while (nd--)
					free(dir[nd]);
				goto keep;
			}
			for (k = 0; k < nd; k++) {
				sb_printf(&sb, "%s\n", dir[k]);
				free(dir[k]);
			}
			sb_add(&sb, l, n);
			sb_puts(&sb, "\n");
			for (k = 0; k < nd; k++)
				sb_puts(&sb, "#endif\n");
			changed = true;
			continue;
		}
keep:
		sb_add(&sb, l, n);
		if (l + n < t + *len)
			sb_puts(&sb, "\n");
	}
	free(ls);
	free(ln);
	if (!changed) {
		free(sb.s);
		return;
	}
	free(*text);
	*text = sb.s;
	*len = sb.len;
}

/*
 * Does the parameter list right before the block that opens at lb (a
 * function's `(struct file *f, poll_table *wait) {`) name w?
 */
static bool params_name(const char *t, const char *lb, const char *w)
{
	const char *r = lb - 1, *l;
	int depth = 0;

	while (r > t && isspace((unsigned char)r[-1]))
		r--;
	if (r <= t || r[-1] != ')')
		return false;
	for (l = r - 1; l > t; l--) {
		depth += *l == ')' ? 1 : *l == '(' ? -1 : 0;
		if (!depth)
			break;
	}
	return !depth && has_word(l, r - l, w);
}

/*
 * The sleep_on() patch names its entry after the first of wait,
 * wait_entry, wq_wait, sleep_wait that the function does not use; when
 * another pass then removed the function's own `wait` (a loop collapsed
 * into wait_event*()), the entry takes the plain name back: a DEFINE_WAIT
 * the rewrite added whose block no longer names `wait`.
 */
static void rename_entries(const char *orig, size_t olen, char **text,
			   size_t *len)
{
	static const char *const alt[] = { "wait_entry", "wq_wait", "sleep_wait", NULL };
	char *t = *text;
	int a;

	for (a = 0; alt[a]; a++) {
		char *decl = xasprintf("DEFINE_WAIT(%s);", alt[a]);
		char *amp = xasprintf("&%s", alt[a]);
		char *at = t;

		while ((at = memmem(at, *len - (at - t), decl, strlen(decl)))) {
			char *lb = at, *rb, *p;
			int depth = 0;

			at += strlen(decl);
			/* the block the declaration opens */
			while (lb > t && lb[-1] != '{')
				lb--;
			for (rb = lb; rb < t + *len; rb++) {
				depth += *rb == '{' ? 1 : *rb == '}' ? -1 : 0;
				if (depth < 0)
					break;
			}
			if (rb >= t + *len || has_word(lb, rb - lb, "wait") ||
			    params_name(t, lb, "wait") ||
			    memmem(orig, olen, amp, strlen(amp)))
				continue;	/* `wait` in use (a parameter too), or
						 * the name is the driver's */
			/* same length budget: rewrite in place, then squeeze */
			for (p = lb; p + strlen(alt[a]) <= rb; p++) {
				size_t m = strlen(alt[a]);

				if (strncmp(p, alt[a], m) || (p > t && is_ident(p[-1])) ||
				    is_ident(p[m]))
					continue;
				memcpy(p, "wait", 4);
				memmove(p + 4, p + m, *len - (p + m - t));
				*len -= m - 4;
				rb -= m - 4;
				t[*len] = '\0';
			}
			at = lb;
		}
		free(decl);
		free(amp);
	}
}

void layout_new_lines(const char *orig, size_t olen, char **text, size_t *len)
{
	struct strbuf sb = { 0 };
	const char *p, *end;

	else_chains(orig, olen, text, len);
	join_spatch_breaks(orig, olen, text, len);
	rename_entries(orig, olen, text, len);
	scope_new_entries(orig, olen, text, len);
	p = *text;
	end = *text + *len;

	while (p < end) {
		const char *nl = memchr(p, '\n', end - p);
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);

		if (!in_original(orig, olen, p, n)) {
			size_t k = strip_moved_comment(orig, olen, *text, *len,
						       p, n);

			if (k < n && k) {
				char *l = xasprintf("%.*s", (int)k, p);

				if (layout_width(l, k) > MAX_COLS)
					wrap_line(&sb, l, k);
				else
					sb_add(&sb, l, k);
				free(l);
				if (nl)
					sb_puts(&sb, "\n");
				p += n + 1;
				continue;
			}
		}
		if (comment_residue(orig, olen, p, n)) {
			/* keep the line break, unless a blank line precedes */
			bool blank = !sb.len || (sb.len >= 2 &&
						 sb.s[sb.len - 1] == '\n' &&
						 sb.s[sb.len - 2] == '\n');

			if (nl && !blank)
				sb_puts(&sb, "\n");
			p += n + 1;
			continue;
		} else if (layout_width(p, n) > MAX_COLS && !in_original(orig, olen, p, n))
			wrap_line(&sb, p, n);
		else
			sb_add(&sb, p, n);
		if (nl)
			sb_puts(&sb, "\n");
		/* a DEFINE_WAIT() added as the only declaration: a blank line
		 * after it, as after any declarations (checkpatch) */
		if (nl && !in_original(orig, olen, p, n) && is_define_wait(p, n) &&
		    nl + 1 < end && nl[1] != '#' && !declaration_line(nl + 1, end))
			sb_puts(&sb, "\n");
		p += n + 1;
	}
	free(*text);
	*text = sb.s ? sb.s : xstrdup("");
	*len = sb.len;
}

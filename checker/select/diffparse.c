// SPDX-License-Identifier: GPL-2.0-only
/*
 * Reading a unified diff into changed lines, counting each hunk as git
 * and patch(1) do.
 *
 * A hunk header "@@ -a,b +c,d @@" says how many lines follow: b of the
 * old file and d of the new one.  Until both are used up, every line is
 * hunk content whatever it starts with -- an added "++ counter;" reads
 * "+++ counter;", a removed "-- x" reads "--- x", and neither is a file
 * header.  Only after the counts run out do "diff --git", "--- "/"+++ "
 * and "@@" headers mean anything.
 *
 * Marked as changed are the added lines ('+'), and for a removal that
 * nothing replaces, the lines either side of the cut: removing a
 * set_current_state() or a remove_wait_queue() is what makes the code
 * next to it wrong.  Context lines are not changed lines, so a diff with
 * context (-U3) selects what a -U0 diff of the same change does.
 *
 * Also read: git's extended headers (renames and copies, mode-only
 * changes, new and deleted files, binary changes, which have no hunks
 * but still touch the file under its new name), quoted paths
 * ("a\303\251.c"), names with spaces (git ends them with a tab on the
 * ---/+++ lines), "\ No newline at end of file", CRLF line ends, and
 * the combined diffs of a merge ("@@@ -a,b -c,d +e,f @@@").
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "select.h"

#define MAX_PARENTS 16		/* of a combined diff (an octopus merge) */

struct dparse {
	struct diff *d;
	const char *root;
	int lineno;
	int cur;		/* the file of the hunks, or -1 */
	/* the git section ("diff --git") being read */
	bool in_git;
	bool binary;		/* "GIT binary patch": data until the next */
	bool deleted;
	bool registered;	/* a +++ line named its file */
	char *old_path;		/* of the --- line before the +++ one */
	char *git_name;		/* its new name, from the headers */
	/* the hunk being read: lines left on each side */
	int nparents;		/* 0: not in a hunk */
	unsigned long old_left[MAX_PARENTS], new_left;
	unsigned long new_line;	/* the number of the next new-side line */
	bool cut;		/* removed lines nothing has replaced yet */
	char *err;
};

static bool exists(const char *path)
{
	struct stat st;

	return !stat(path, &st);
}

/* The absolute path of rel: under root, or under the nearest of the
 * current directory and its parents that has it. */
char *diff_resolve(const char *rel, const char *root)
{
	char cwd[PATH_MAX], *p, *real;

	if (rel[0] == '/')
		p = xstrdup(rel);
	else if (root)
		p = xasprintf("%s/%s", root, rel);
	else if (!getcwd(cwd, sizeof(cwd)))
		p = xstrdup(rel);
	else {
		for (;;) {
			char *slash;

			p = xasprintf("%s/%s", cwd, rel);
			if (exists(p))
				break;
			slash = strrchr(cwd, '/');
			if (!slash || slash == cwd) {
				/* nowhere: relative to here after all */
				free(p);
				if (!getcwd(cwd, sizeof(cwd)))
					strcpy(cwd, ".");
				p = xasprintf("%s/%s", cwd, rel);
				break;
			}
			free(p);
			*slash = '\0';
		}
	}
	real = realpath(p, NULL);
	if (real) {
		free(p);
		return real;
	}
	return p;
}

static int fail(struct dparse *p, const char *what)
{
	p->err = xasprintf("line %d: %s", p->lineno, what);
	return -1;
}

/* git's C-style quoted path, s at the opening quote; *end past the close */
static char *unquote(const char *s, const char *eol, const char **end)
{
	static const char esc[] = "a\ab\bf\fn\nr\rt\tv\v\\\\\"\"";
	struct strbuf p = { 0 };

	sb_add(&p, "", 0);
	for (s++; s < eol && *s != '"'; s++) {
		char c = *s;
		const char *e;

		if (c == '\\' && s + 1 < eol) {
			c = *++s;
			if (c >= '0' && c <= '3' && s + 2 < eol) {
				c = (char)((s[0] - '0') * 64 +
					   (s[1] - '0') * 8 + (s[2] - '0'));
				s += 2;
			} else if (c && (e = strchr(esc, c)) &&
				   (e - esc) % 2 == 0) {
				c = e[1];
			}
		}
		sb_add(&p, &c, 1);
	}
	*end = s < eol ? s + 1 : eol;
	return p.s;
}

/* The path of a ---/+++ line: quoted, or up to a tab (git's end mark
 * for a name with a space, diff(1)'s before the date). */
static char *header_path(const char *s, const char *eol)
{
	const char *tab, *end;

	if (*s == '"')
		return unquote(s, eol, &end);
	tab = memchr(s, '\t', eol - s);
	if (tab)
		eol = tab;
	return xasprintf("%.*s", (int)(eol - s), s);
}

/* "x/" with x one character: a prefix git puts before a name */
static bool one_letter_dir(const char *path)
{
	return path[0] && path[0] != '/' && path[1] == '/';
}

/*
 * The name of the new side without git's prefix: "b/x" after "a/x"
 * (or i/ w/ c/ o/ of diff.mnemonicPrefix), "b/x" after /dev/null; but
 * "d/x" after "d/x" is a --no-prefix diff of a folder d.
 */
static const char *new_name(const char *old, const char *new)
{
	if (!one_letter_dir(new))
		return new;
	if (!old || !strcmp(old, "/dev/null"))
		return new + 2;
	if (one_letter_dir(old) && old[0] != new[0])
		return new + 2;
	return new;
}

/*
 * The new name on a "diff --git A B" line: B, quoted or not, without
 * its prefix.  Unquoted names with spaces are ambiguous; git writes such
 * a line only with two equal names (else "rename to" says), so split in
 * the middle.  NULL when it cannot be told.
 */
static char *git_line_name(const char *s, const char *eol)
{
	const char *end, *sp;
	char *a = NULL, *b = NULL, *r;
	size_t n = eol - s;

	if (*s == '"') {
		a = unquote(s, eol, &end);
		if (end < eol && *end == ' ')
			end++;
		b = end < eol && *end == '"' ? unquote(end, eol, &end) :
		    xasprintf("%.*s", (int)(eol - end), end);
	} else if (eol > s && eol[-1] == '"') {	/* only B quoted */
		for (sp = s; (sp = memchr(sp, ' ', eol - sp)); sp++)
			if (sp + 1 < eol && sp[1] == '"')
				break;
		if (sp) {
			a = xasprintf("%.*s", (int)(sp - s), s);
			b = unquote(sp + 1, eol, &end);
		}
	} else if (n % 2 == 1 && s[n / 2] == ' ') {
		a = xasprintf("%.*s", (int)(n / 2), s);
		b = xasprintf("%.*s", (int)(n / 2), s + n / 2 + 1);
		/* the halves must be one name with two prefixes */
		if (!one_letter_dir(a) || !one_letter_dir(b) ||
		    strcmp(a + 2, b + 2)) {
			free(a);
			free(b);
			a = b = NULL;
		}
	}
	if (!b) {
		free(a);
		return NULL;
	}
	r = xstrdup(new_name(a, b));
	free(a);
	free(b);
	return r;
}

/* The entry of path (as the diff names it), made on first sight. */
static int file_of(struct dparse *p, const char *rel)
{
	struct diff *d = p->d;
	char *abs = diff_resolve(rel, p->root);
	int i;

	for (i = 0; i < d->nfiles; i++)	/* the same file twice: one entry */
		if (!strcmp(d->files[i].abs, abs)) {
			free(abs);
			return i;
		}
	d->files = xrealloc(d->files, (d->nfiles + 1) * sizeof(*d->files));
	memset(&d->files[d->nfiles], 0, sizeof(d->files[0]));
	d->files[d->nfiles].rel = xstrdup(rel);
	d->files[d->nfiles].abs = abs;
	return d->nfiles++;
}

static void mark(struct dparse *p, unsigned long first, unsigned long last)
{
	struct diff_file *df;

	if (p->cur < 0)
		return;
	df = &p->d->files[p->cur];
	if (df->nranges && df->lines[2 * df->nranges - 1] + 1 >= first &&
	    df->lines[2 * df->nranges - 2] <= first) {
		if (last > df->lines[2 * df->nranges - 1])
			df->lines[2 * df->nranges - 1] = last;
		return;
	}
	if (!(df->nranges & 15))
		df->lines = xrealloc(df->lines,
				     (df->nranges + 16) * 2 * sizeof(unsigned));
	df->lines[2 * df->nranges] = first;
	df->lines[2 * df->nranges + 1] = last;
	df->nranges++;
}

/* A removal nothing replaced: the lines before and after the cut. */
static void end_cut(struct dparse *p)
{
	if (p->cut)
		mark(p, p->new_line > 1 ? p->new_line - 1 : 1, p->new_line);
	p->cut = false;
}

/* A git section ends: a file it named by its headers only is touched. */
static void end_git_section(struct dparse *p)
{
	if (p->in_git && !p->registered && !p->deleted && p->git_name)
		file_of(p, p->git_name);
	free(p->git_name);
	p->git_name = NULL;
	free(p->old_path);
	p->old_path = NULL;
	p->in_git = p->binary = p->deleted = p->registered = false;
}

static bool starts(const char *s, const char *eol, const char *word)
{
	size_t n = strlen(word);

	return (size_t)(eol - s) >= n && !memcmp(s, word, n);
}

static unsigned long number(const char **s, bool *ok)
{
	char *end;
	unsigned long v;

	if (**s < '0' || **s > '9') {
		*ok = false;
		return 0;
	}
	v = strtoul(*s, &end, 10);
	*s = end;
	return v;
}

/* "N" or "N,M" after a - or +: the count defaults to one */
static unsigned long range(const char **s, unsigned long *start, bool *ok)
{
	*start = number(s, ok);
	if (**s != ',')
		return 1;
	(*s)++;
	return number(s, ok);
}

/* "@@ -a,b +c,d @@", or with n '@' signs, n - 1 old ranges */
static int hunk_header(struct dparse *p, const char *s, const char *eol)
{
	unsigned long start;
	int ats = 0, i;
	bool ok = true;

	while (s + ats < eol && s[ats] == '@')
		ats++;
	s += ats;
	if (ats < 2 || ats - 1 > MAX_PARENTS)
		return fail(p, "bad hunk header");
	for (i = 0; i < ats - 1; i++) {
		if (s[0] != ' ' || s[1] != '-')
			return fail(p, "bad hunk header");
		s += 2;
		p->old_left[i] = range(&s, &start, &ok);
	}
	if (s[0] != ' ' || s[1] != '+')
		return fail(p, "bad hunk header");
	s += 2;
	p->new_left = range(&s, &p->new_line, &ok);
	if (!ok || *s != ' ')
		return fail(p, "bad hunk header");
	/* "+c,0": nothing added, lines removed after line c */
	if (!p->new_left)
		p->new_line++;
	p->nparents = ats - 1;
	p->cut = false;
	return 0;
}

static bool hunk_done(const struct dparse *p)
{
	int i;

	if (p->new_left)
		return false;
	for (i = 0; i < p->nparents; i++)
		if (p->old_left[i])
			return false;
	return true;
}

/*
 * One content line.  Its first nparents characters say, per parent,
 * whether it is there: ' ' in both, '-' removed from it, '+' added.
 * A line with a '-' is not in the new file.  An empty line is a context
 * line whose space a mailer or an editor stripped, as patch(1) takes it.
 */
static int hunk_line(struct dparse *p, const char *s, const char *eol)
{
	bool blank = s == eol || (eol - s == 1 && *s == '\r');
	bool removed = false, added = false;
	char col[MAX_PARENTS];
	int i;

	if (!blank && *s == '\\')
		return 0;	/* "\ No newline at end of file" */
	for (i = 0; i < p->nparents; i++) {
		col[i] = blank ? ' ' : s + i < eol ? s[i] : '?';
		if (col[i] == '-')
			removed = true;
		else if (col[i] == '+')
			added = true;
		else if (col[i] != ' ')
			return fail(p, "hunk shorter than its header says");
	}
	for (i = 0; i < p->nparents; i++) {
		bool in_old = removed ? col[i] == '-' : col[i] == ' ';

		if (in_old && !p->old_left[i]--)
			return fail(p, "hunk longer than its header says");
	}
	if (removed) {
		p->cut = true;
		return 0;
	}
	if (!p->new_left--)
		return fail(p, "hunk longer than its header says");
	if (added) {
		p->cut = false;	/* replaced */
		mark(p, p->new_line, p->new_line);
	} else {
		end_cut(p);
	}
	p->new_line++;
	return 0;
}

/* "+++ b/x": the file the hunks below change */
static void new_file_line(struct dparse *p, const char *s, const char *eol)
{
	char *path = header_path(s, eol);

	p->cur = -1;
	if (strcmp(path, "/dev/null"))
		p->cur = file_of(p, new_name(p->old_path, path));
	free(p->old_path);
	p->old_path = NULL;
	p->registered = true;
	free(path);
}

/* The extended headers of a git section that matter here */
static void git_header(struct dparse *p, const char *s, const char *eol)
{
	if (starts(s, eol, "rename to ") || starts(s, eol, "copy to ")) {
		s = (const char *)memchr(s, ' ', eol - s) + 1;
		s = (const char *)memchr(s, ' ', eol - s) + 1;
		free(p->git_name);
		p->git_name = header_path(s, eol);	/* no prefix here */
	} else if (starts(s, eol, "deleted file mode")) {
		p->deleted = true;
	} else if (starts(s, eol, "GIT binary patch")) {
		p->binary = true;
	}
}

/* "diff --git A B", "diff --cc NAME": a git section begins */
static bool git_section(struct dparse *p, const char *s, const char *eol)
{
	bool git = starts(s, eol, "diff --git ");
	char *name;

	if (!git && !starts(s, eol, "diff --cc ") &&
	    !starts(s, eol, "diff --combined "))
		return false;
	end_git_section(p);
	p->in_git = true;
	p->cur = -1;
	s = (const char *)memchr(s + 5, ' ', eol - s - 5) + 1;
	if (git) {
		p->git_name = git_line_name(s, eol);
	} else {	/* a merge's one name, without a prefix */
		name = header_path(s, eol);
		p->git_name = name;
	}
	return true;
}

static int header_line(struct dparse *p, const char *s, const char *eol,
		       const char *next, const char *end)
{
	if (git_section(p, s, eol) || p->binary)
		return 0;
	if (starts(s, eol, "--- ") && next < end && starts(next, end, "+++ ")) {
		free(p->old_path);
		p->old_path = header_path(s + 4, eol);
		return 0;
	}
	if (starts(s, eol, "+++ ")) {
		new_file_line(p, s + 4, eol);
		return 0;
	}
	if (starts(s, eol, "@@"))
		return hunk_header(p, s, eol);
	if (p->in_git)
		git_header(p, s, eol);
	return 0;
}

int diff_parse(struct diff *d, const char *text, size_t len,
	       const char *root, char **err)
{
	const char *s = text, *end = text + len;
	struct dparse p = { .d = d, .root = root, .cur = -1 };

	while (s < end) {
		const char *nl = memchr(s, '\n', end - s);
		const char *eol = nl ? nl : end, *next = nl ? nl + 1 : end;
		const char *hend = eol;
		int ret;

		p.lineno++;
		if (hend > s && hend[-1] == '\r')	/* CRLF */
			hend--;
		if (p.nparents)
			ret = hunk_line(&p, s, hend);
		else
			ret = header_line(&p, s, hend, next, end);
		if (ret < 0)
			break;
		if (p.nparents && hunk_done(&p)) {
			end_cut(&p);
			p.nparents = 0;
		}
		s = next;
	}
	if (!p.err && p.nparents)
		fail(&p, "the diff ends inside a hunk");
	end_git_section(&p);
	free(p.old_path);
	if (p.err) {
		*err = p.err;
		return -1;
	}
	return 0;
}

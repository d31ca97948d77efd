// SPDX-License-Identifier: GPL-2.0-only
/*
 * Changed lines: the new-side line ranges of a unified diff, per file.
 *
 * --diff reads a diff (git diff -U0, or any unified diff) from standard
 * input or a file; --since REV and --staged run git diff themselves.
 * A hunk "+c,d" marks lines c..c+d-1 of the new file; a pure deletion
 * ("+c,0") marks the lines on both sides of the cut, c and c+1, since
 * removing a statement (a set_current_state(), a remove_wait_queue())
 * is what makes the code next to it wrong.
 *
 * With --staged the checked text is the index's (git cat-file), not the
 * working file's, as a pre-commit hook must: what is committed is what
 * is checked.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "select.h"

/*
 * Run argv (argv[0] looked up in PATH) in dir, return its standard output
 * (NUL-terminated, *len bytes) or NULL with *err set.  Its standard error
 * goes to ours, so git's own message reaches the user.
 */
static char *run_capture(char *const argv[], const char *dir, size_t *len,
			 char **err)
{
	struct strbuf out = { 0 };
	int fds[2], status;
	pid_t pid;
	char buf[65536];
	ssize_t n;

	if (pipe(fds)) {
		*err = xasprintf("pipe: %s", strerror(errno));
		return NULL;
	}
	pid = fork();
	if (pid < 0) {
		*err = xasprintf("fork: %s", strerror(errno));
		close(fds[0]);
		close(fds[1]);
		return NULL;
	}
	if (!pid) {
		int null = open("/dev/null", O_RDONLY);

		dup2(null, 0);
		dup2(fds[1], 1);
		close(fds[0]);
		close(fds[1]);
		if (dir && chdir(dir))
			_exit(126);
		execvp(argv[0], argv);
		/* only async-signal-safe calls here: other threads may hold
		 * the allocator's locks at the fork */
		if (write(2, "wqport: cannot run git\n", 23) < 0)
			_exit(127);
		_exit(127);
	}
	close(fds[1]);
	sb_add(&out, "", 0);
	for (;;) {
		n = read(fds[0], buf, sizeof(buf));
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		sb_add(&out, buf, n);
	}
	close(fds[0]);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (!WIFEXITED(status) || WEXITSTATUS(status)) {
		*err = xasprintf("'%s %s' failed (exit %d)", argv[0],
				 argv[1] ? argv[1] : "",
				 WIFEXITED(status) ? WEXITSTATUS(status) : -1);
		free(out.s);
		return NULL;
	}
	*len = out.len;
	return out.s;
}

/* git's quoted path "a\"b\303\251.c", or a plain one up to a tab. */
static char *diff_path(const char *s, const char *eol)
{
	struct strbuf p = { 0 };

	sb_add(&p, "", 0);
	if (*s != '"') {
		const char *tab = memchr(s, '\t', eol - s);

		sb_add(&p, s, (tab ? tab : eol) - s);
		return p.s;
	}
	for (s++; s < eol && *s != '"'; s++) {
		char c = *s;

		if (c == '\\' && s + 1 < eol) {
			c = *++s;
			if (c >= '0' && c <= '7' && s + 2 < eol) {
				c = (char)((s[0] - '0') * 64 +
					   (s[1] - '0') * 8 + (s[2] - '0'));
				s += 2;
			} else if (c == 'n') {
				c = '\n';
			} else if (c == 't') {
				c = '\t';
			}
		}
		sb_add(&p, &c, 1);
	}
	return p.s;
}

static bool exists(const char *path)
{
	struct stat st;

	return !stat(path, &st);
}

/* The absolute path of rel: under root, or under the nearest of the
 * current directory and its parents that has it. */
static char *resolve(const char *rel, const char *root)
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

static void add_range(struct diff_file *df, unsigned first, unsigned last)
{
	if (!(df->nranges & 15))
		df->lines = xrealloc(df->lines,
				     (df->nranges + 16) * 2 * sizeof(unsigned));
	df->lines[2 * df->nranges] = first;
	df->lines[2 * df->nranges + 1] = last;
	df->nranges++;
}

int diff_parse(struct diff *d, const char *text, size_t len,
	       const char *root, char **err)
{
	const char *p = text, *end = text + len;
	bool git_prefixes = false;
	struct diff_file *cur = NULL;
	int lineno = 0;

	while (p < end) {
		const char *eol = memchr(p, '\n', end - p);
		unsigned c, n = 1;

		if (!eol)
			eol = end;
		lineno++;
		if (!strncmp(p, "diff --git ", 11) || !strncmp(p, "--- a/", 6))
			git_prefixes = true;
		if (!strncmp(p, "+++ ", 4)) {
			char *path = diff_path(p + 4, eol);
			const char *rel = path;

			cur = NULL;
			if (git_prefixes && !strncmp(rel, "b/", 2))
				rel += 2;
			if (strcmp(path, "/dev/null")) {
				d->files = xrealloc(d->files, (d->nfiles + 1) *
						    sizeof(*d->files));
				cur = &d->files[d->nfiles++];
				memset(cur, 0, sizeof(*cur));
				cur->rel = xstrdup(rel);
				cur->abs = resolve(rel, root);
			}
			free(path);
		} else if (!strncmp(p, "@@ -", 4)) {
			const char *plus = memchr(p + 4, '+', eol - p - 4);
			char *q;

			if (!plus) {
				*err = xasprintf("line %d: bad hunk header",
						 lineno);
				return -1;
			}
			c = strtoul(plus + 1, &q, 10);
			if (*q == ',')
				n = strtoul(q + 1, &q, 10);
			if (q == plus + 1 || *q != ' ') {
				*err = xasprintf("line %d: bad hunk header",
						 lineno);
				return -1;
			}
			if (cur && n)
				add_range(cur, c, c + n - 1);
			else if (cur)	/* lines removed after line c */
				add_range(cur, c ? c : 1, c + 1);
		}
		p = eol + 1;
	}
	return 0;
}

int diff_read(struct diff *d, const char *file, char **err)
{
	struct strbuf in = { 0 };
	char buf[65536];
	ssize_t n;
	int fd = strcmp(file, "-") ? open(file, O_RDONLY) : 0;
	int ret;

	if (fd < 0) {
		*err = xasprintf("cannot open the diff %s: %s", file,
				 strerror(errno));
		return -1;
	}
	sb_add(&in, "", 0);
	while ((n = read(fd, buf, sizeof(buf))) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			*err = xasprintf("cannot read the diff %s: %s", file,
					 strerror(errno));
			free(in.s);
			return -1;
		}
		sb_add(&in, buf, n);
	}
	if (fd)
		close(fd);
	ret = diff_parse(d, in.s, in.len, NULL, err);
	free(in.s);
	if (ret < 0) {	/* name the diff that is bad */
		char *e = xasprintf("%s: %s", fd ? file :
				    "the diff on standard input", *err);

		free(*err);
		*err = e;
	}
	return ret;
}

int diff_git(struct diff *d, const char *rev, bool staged, char **err)
{
	char *top[] = { "git", "rev-parse", "--show-toplevel", NULL };
	char *argv[16];
	size_t len;
	char *out, *root;
	int n = 0, ret;

	root = run_capture(top, NULL, &len, err);
	if (!root)
		return -1;
	root[strcspn(root, "\n")] = '\0';
	argv[n++] = "git";
	argv[n++] = "-c";
	argv[n++] = "core.quotePath=false";
	argv[n++] = "diff";
	if (staged)
		argv[n++] = "--cached";
	argv[n++] = "-U0";
	argv[n++] = "--no-color";
	argv[n++] = "--no-ext-diff";
	argv[n++] = "--no-renames";
	argv[n++] = "--src-prefix=a/";
	argv[n++] = "--dst-prefix=b/";
	if (rev)
		argv[n++] = (char *)rev;
	argv[n++] = "--";
	argv[n] = NULL;
	out = run_capture(argv, root, &len, err);
	if (!out) {
		free(root);
		return -1;
	}
	d->root = root;
	d->staged = staged;
	ret = diff_parse(d, out, len, root, err);
	free(out);
	return ret;
}

const struct diff_file *diff_lookup(const struct diff *d, const char *path)
{
	char *abs = resolve(path, NULL);
	int i;

	/* resolve() looks in the parents too: an input path is relative to
	 * the current directory only, so resolve it as such */
	if (path[0] != '/' && !exists(path)) {
		char cwd[PATH_MAX];

		free(abs);
		abs = xasprintf("%s/%s", getcwd(cwd, sizeof(cwd)) ? cwd : ".",
				path);
	}
	for (i = 0; i < d->nfiles; i++)
		if (!strcmp(d->files[i].abs, abs)) {
			free(abs);
			return &d->files[i];
		}
	free(abs);
	return NULL;
}

bool diff_changed(const struct diff_file *df, unsigned line)
{
	int i;

	for (i = 0; i < df->nranges; i++)
		if (line >= df->lines[2 * i] && line <= df->lines[2 * i + 1])
			return true;
	return false;
}

bool diff_read_staged(const struct diff *d, struct wq_file *f)
{
	const struct diff_file *df = diff_lookup(d, f->path);
	char *spec, *argv[6];
	size_t len;
	char *err = NULL, *out;

	if (!df) {
		f->error = xasprintf("not in the staged changes");
		return false;
	}
	spec = xasprintf(":%s", df->rel);
	argv[0] = "git";
	argv[1] = "cat-file";
	argv[2] = "blob";
	argv[3] = spec;
	argv[4] = NULL;
	out = run_capture(argv, d->root, &len, &err);
	free(spec);
	if (!out) {
		f->error = xasprintf("cannot read the staged version: %s", err);
		free(err);
		return false;
	}
	f->buf = out;
	f->len = len;
	return true;
}

void diff_free(struct diff *d)
{
	int i;

	for (i = 0; i < d->nfiles; i++) {
		free(d->files[i].rel);
		free(d->files[i].abs);
		free(d->files[i].lines);
	}
	free(d->files);
	free(d->root);
	memset(d, 0, sizeof(*d));
}

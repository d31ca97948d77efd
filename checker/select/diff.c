// SPDX-License-Identifier: GPL-2.0-only
/*
 * Changed lines: the new-side line ranges of a unified diff, per file.
 *
 * --diff reads a diff (git diff, or any unified diff) from standard
 * input or a file; --since REV and --staged run git diff themselves.
 * Which lines a diff changes is diffparse.c's business.
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

#include "child.h"
#include "select.h"

/*
 * Run argv in dir, return its standard output (NUL-terminated, *len
 * bytes) or NULL with *err set.  Its standard error goes to ours, so
 * git's own message reaches the user.
 */
static char *run_capture(char *const argv[], const char *dir, size_t *len,
			 char **err)
{
	struct strbuf out = { 0 };
	int rc = spawn_capture(argv, dir, &out, false);

	if (rc) {
		*err = rc < 0 ? xasprintf("cannot run %s", argv[0]) :
		       xasprintf("'%s %s' failed (exit %d)", argv[0],
				 argv[1][0] == '-' ? argv[3] : argv[1], rc);
		free(out.s);
		return NULL;
	}
	*len = out.len;
	return out.s;
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
	char *abs = diff_resolve(path, NULL);
	struct stat st;
	int i;

	/* diff_resolve() looks in the parents too: an input path is relative to
	 * the current directory only, so resolve it as such */
	if (path[0] != '/' && stat(path, &st)) {
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

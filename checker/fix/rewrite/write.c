// SPDX-License-Identifier: GPL-2.0-only
/*
 * `wqport fix --write` must never damage the user's tree.
 *
 * Reading: the file is read through one descriptor whose fstat() is kept
 * as the snapshot (device, inode, size, mtime); the bytes read are kept
 * too.  A file whose every line ends in CRLF is fixed as the same text
 * with LF endings and gets CRLF back everywhere afterwards, the new
 * lines too, so it converts exactly like its LF twin.  A file with both
 * conventions is refused when it has something to convert.
 *
 * Names: a symlink named on the command line is fixed and written
 * through to the file it names, which stays where it is and the link a
 * link.  Two names of one file (a.c ./a.c, a link and its target, two
 * hard links) are fixed once, under the first name.
 *
 * Writing: a temporary file beside the target gets the new text, the
 * target's owner, group, mode and extended attributes, and an fsync.
 * Right before the rename the target must still be what was read: same
 * inode, size, mtime and bytes; else nothing is written and the caller
 * says "changed during the run, not written".  A file with more than one
 * hard link is refused, naming the other links found: a rename would
 * give this name a new inode and leave the others with the old text,
 * and writing in place cannot be all-or-nothing.
 *
 * Signals: with --write or --series, SIGINT and SIGTERM only set
 * fix_stop_signal; the run fixes no further file, a temporary file not
 * yet renamed is removed, and nothing more is written.
 *
 * The tests use one seam: WQPORT_TEST_WRITE_HOOK, a shell command run
 * with the target as $1 between writing the temporary file and the last
 * check (to edit the file meanwhile, or to send a signal).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "write.h"

/* as frontend/parse.c: larger files are not source code */
#define MAX_FILE_SIZE (64u << 20)

volatile sig_atomic_t fix_stop_signal;

static void on_signal(int sig)
{
	fix_stop_signal = sig;
}

void fix_catch_signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = SA_RESTART;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

/* ---- reading ---- */

/* Drop the CR of every CRLF. */
static char *strip_cr(const char *s, size_t n, size_t *out)
{
	char *d = xrealloc(NULL, n + 1);
	size_t i, k = 0;

	for (i = 0; i < n; i++)
		if (!(s[i] == '\r' && i + 1 < n && s[i + 1] == '\n'))
			d[k++] = s[i];
	d[k] = '\0';
	*out = k;
	return d;
}

static char *add_cr(const char *s, size_t n, size_t *out)
{
	char *d = xrealloc(NULL, 2 * n + 1);
	size_t i, k = 0;

	for (i = 0; i < n; i++) {
		if (s[i] == '\n')
			d[k++] = '\r';
		d[k++] = s[i];
	}
	d[k] = '\0';
	*out = k;
	return d;
}

bool fix_read(struct fix_result *res, struct wq_file *f)
{
	/* O_NONBLOCK: a FIFO must not wait for a writer (as parse.c) */
	int fd = open(res->path, O_RDONLY | O_NONBLOCK);
	size_t off = 0, i;
	ssize_t got = 0;
	char *buf;

	if (fd < 0) {
		res->error = xasprintf("cannot open: %s", strerror(errno));
		return false;
	}
	if (fstat(fd, &res->snap) || !S_ISREG(res->snap.st_mode)) {
		res->error = xstrdup("not a regular file");
		close(fd);
		return false;
	}
	if ((size_t)res->snap.st_size > MAX_FILE_SIZE) {
		res->error = xasprintf("file too large (%lld bytes, limit %u MiB), skipped",
				       (long long)res->snap.st_size,
				       MAX_FILE_SIZE >> 20);
		close(fd);
		return false;
	}
	buf = xrealloc(NULL, res->snap.st_size + 1);
	while (off < (size_t)res->snap.st_size) {
		got = read(fd, buf + off, res->snap.st_size - off);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			break;
		off += got;
	}
	close(fd);
	if (off != (size_t)res->snap.st_size) {
		res->error = xasprintf("read error: %s",
				       got < 0 ? strerror(errno) : "short read");
		free(buf);
		return false;
	}
	buf[off] = '\0';
	for (i = 0; i < off; i++)
		if (buf[i] == '\n') {
			if (i && buf[i - 1] == '\r')
				res->ncrlf++;
			else
				res->nlf++;
		}
	f->buf = buf;
	f->len = off;
	if (res->ncrlf && !res->nlf) {
		res->raw = buf;
		res->rawlen = off;
		f->buf = strip_cr(buf, off, &f->len);
	}
	return true;
}

void fix_eol_restore(struct fix_result *res)
{
	char *s;

	if (!res->raw)
		return;
	free(res->orig);
	res->orig = res->raw;
	res->olen = res->rawlen;
	res->raw = NULL;
	if (res->final) {
		s = add_cr(res->final, res->flen, &res->flen);
		free(res->final);
		res->final = s;
	}
}

/* ---- names ---- */

/* path relative to the current directory when it is below it */
static char *short_name(const char *abs)
{
	char cwd[PATH_MAX];
	size_t n;

	if (getcwd(cwd, sizeof(cwd))) {
		n = strlen(cwd);
		if (!strncmp(abs, cwd, n) && abs[n] == '/')
			return xstrdup(abs + n + 1);
	}
	return xstrdup(abs);
}

void fix_identify(struct fix_result *files, int n)
{
	struct stat *st = xrealloc(NULL, (n + 1) * sizeof(*st));
	bool *ok = xrealloc(NULL, (n + 1) * sizeof(*ok));
	struct stat lst;
	int i, j;

	for (i = 0; i < n; i++) {
		struct fix_result *res = &files[i];

		ok[i] = !res->error && !stat(res->path, &st[i]) &&
			S_ISREG(st[i].st_mode);
		if (!ok[i])
			continue;
		for (j = 0; j < i; j++)
			if (ok[j] && st[j].st_dev == st[i].st_dev &&
			    st[j].st_ino == st[i].st_ino && !files[j].same_as) {
				res->same_as = j + 1;
				break;
			}
		if (!lstat(res->path, &lst) && S_ISLNK(lst.st_mode)) {
			char *real = realpath(res->path, NULL);

			if (real) {
				res->target = real;
				res->target_name = short_name(real);
			}
		}
	}
	free(st);
	free(ok);
}

/* ---- writing ---- */

static bool same_snapshot(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino &&
	       a->st_size == b->st_size &&
	       a->st_mtim.tv_sec == b->st_mtim.tv_sec &&
	       a->st_mtim.tv_nsec == b->st_mtim.tv_nsec;
}

/* Are the bytes at path exactly text? */
static bool same_content(const char *path, const char *text, size_t len)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK);
	char buf[65536];
	size_t off = 0;
	ssize_t got;
	bool same = fd >= 0;

	while (same) {
		got = read(fd, buf, sizeof(buf));
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			same = false;
		if (got <= 0)
			break;
		same = off + got <= len && !memcmp(buf, text + off, got);
		off += got;
	}
	if (fd >= 0)
		close(fd);
	return same && off == len;
}

static char *temp_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? xasprintf("%.*s/.%s.wqport-XXXXXX", (int)(slash - path),
				 path, slash + 1) :
		       xasprintf(".%s.wqport-XXXXXX", path);
}

static void run_hook(const char *path)
{
	const char *hook = getenv("WQPORT_TEST_WRITE_HOOK");
	pid_t pid;
	int status;

	if (!hook || !*hook)
		return;
	pid = fork();
	if (pid == 0) {
		execl("/bin/sh", "sh", "-c", hook, "sh", path, (char *)NULL);
		_exit(127);
	}
	while (pid > 0 && waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
}

struct links {
	const struct stat *st;
	char *self;		/* realpath of the name being written */
	char **seen;		/* realpaths of the other names found */
	int nseen;
	struct strbuf sb;
};

/* Note cand when it is another name of the inode. */
static void consider(struct links *l, const char *cand)
{
	struct stat ls;
	char *real;
	int k;

	if (lstat(cand, &ls) || !S_ISREG(ls.st_mode) ||
	    ls.st_dev != l->st->st_dev || ls.st_ino != l->st->st_ino)
		return;
	real = realpath(cand, NULL);
	if (!real)
		return;
	for (k = 0; k < l->nseen; k++)
		if (!strcmp(l->seen[k], real))
			break;
	if ((l->self && !strcmp(real, l->self)) || k < l->nseen) {
		free(real);
		return;
	}
	l->seen = xrealloc(l->seen, (l->nseen + 1) * sizeof(*l->seen));
	l->seen[l->nseen++] = real;
	sb_printf(&l->sb, "%s%s", l->sb.len ? ", " : "", cand);
}

/* The other names of the inode st in path's directory and in the run. */
static char *other_links(const char *path, const struct stat *st,
			 const struct fix_result *files, int n)
{
	const char *slash = strrchr(path, '/');
	char *dir = slash ? xasprintf("%.*s", (int)(slash - path) + 1, path) :
		    xstrdup("");
	struct links l = { .st = st, .self = realpath(path, NULL) };
	DIR *d = opendir(*dir ? dir : ".");
	struct dirent *e;
	int i;

	while (d && (e = readdir(d))) {
		char *cand = xasprintf("%s%s", dir, e->d_name);

		consider(&l, cand);
		free(cand);
	}
	if (d)
		closedir(d);
	for (i = 0; i < n; i++)
		consider(&l, files[i].target ? files[i].target : files[i].path);
	if ((nlink_t)l.nseen + 1 < st->st_nlink)
		sb_printf(&l.sb, "%s%lu more elsewhere", l.sb.len ? " and " : "",
			  (unsigned long)(st->st_nlink - 1 - l.nseen));
	for (i = 0; i < l.nseen; i++)
		free(l.seen[i]);
	free(l.seen);
	free(l.self);
	free(dir);
	return l.sb.s ? l.sb.s : xstrdup("?");
}

/* Give the new file fd what the old one (ofd, st) has besides its text. */
static char *keep_metadata(int ofd, int fd, const struct stat *st)
{
	struct stat ts;
	char *names = NULL, *name, *val = NULL;
	ssize_t len, vl;
	char *err = NULL;

	if (fstat(fd, &ts))
		return xasprintf("cannot stat the new file: %s", strerror(errno));
	if ((ts.st_uid != st->st_uid || ts.st_gid != st->st_gid) &&
	    fchown(fd, st->st_uid, st->st_gid))
		return xasprintf("cannot keep its owner and group (%lu:%lu): %s",
				 (unsigned long)st->st_uid,
				 (unsigned long)st->st_gid, strerror(errno));
	if (fchmod(fd, st->st_mode & 07777))
		return xasprintf("cannot keep its mode %04o: %s",
				 (unsigned)(st->st_mode & 07777), strerror(errno));
	len = flistxattr(ofd, NULL, 0);
	if (len < 0 && (errno == ENOTSUP || errno == EOPNOTSUPP))
		return NULL;	/* the file system has none */
	if (len > 0) {
		names = xrealloc(NULL, len);
		len = flistxattr(ofd, names, len);
	}
	if (len < 0)
		return xasprintf("cannot list its extended attributes: %s",
				 strerror(errno));
	for (name = names; !err && name < names + len;
	     name += strlen(name) + 1) {
		vl = fgetxattr(ofd, name, NULL, 0);
		if (vl >= 0) {
			val = xrealloc(val, vl + 1);
			vl = fgetxattr(ofd, name, val, vl);
		}
		if (vl < 0 || fsetxattr(fd, name, val, vl, 0))
			err = xasprintf("cannot keep its extended attribute %s: %s",
					name, strerror(errno));
	}
	free(val);
	free(names);
	return err;
}

static char *write_all(int fd, const char *text, size_t len)
{
	size_t off = 0;
	ssize_t n;

	while (off < len) {
		n = write(fd, text + off, len - off);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return xasprintf("write failed: %s",
					 n ? strerror(errno) : "no space");
		off += n;
	}
	return NULL;
}

static void sync_dir(const char *path)
{
	const char *slash = strrchr(path, '/');
	char *dir = slash ? xasprintf("%.*s", (int)(slash - path) + 1, path) :
		    xstrdup(".");
	int fd = open(dir, O_RDONLY | O_DIRECTORY);

	if (fd >= 0) {
		fsync(fd);
		close(fd);
	}
	free(dir);
}

char *fix_write(const struct fix_result *res, const struct fix_result *files,
		int n, bool *changed)
{
	const char *path = res->target ? res->target : res->path;
	char *tmp = temp_name(path), *err = NULL, *names;
	struct stat st, now;
	int ofd, fd = -1;

	*changed = false;
	ofd = open(path, O_RDONLY | O_NONBLOCK);
	if (ofd < 0 && errno == ENOENT) {
		*changed = true;
		goto out;
	}
	if (ofd < 0 || fstat(ofd, &st)) {
		err = xasprintf("cannot open: %s", strerror(errno));
		goto out;
	}
	if (!same_snapshot(&st, &res->snap)) {
		*changed = true;
		goto out;
	}
	if (st.st_nlink > 1) {
		names = other_links(path, &st, files, n);
		err = xasprintf("it has %lu hard links (also %s): a new file would leave the other names with the old text; break the link to convert this name alone (cp %s x && mv x %s)",
				(unsigned long)st.st_nlink, names, path, path);
		free(names);
		goto out;
	}
	fd = mkstemp(tmp);
	if (fd < 0) {
		err = xasprintf("cannot create a temporary file beside it: %s",
				strerror(errno));
		goto out;
	}
	err = write_all(fd, res->final, res->flen);
	if (!err)
		err = keep_metadata(ofd, fd, &st);
	if (!err && fsync(fd))
		err = xasprintf("cannot finish the new file: %s", strerror(errno));
	if (close(fd) && !err)
		err = xasprintf("cannot close the new file: %s", strerror(errno));
	fd = -1;
	if (err)
		goto out;
	run_hook(path);
	/* the last look: is it still the file that was read? */
	if (stat(path, &now) || !same_snapshot(&now, &res->snap) ||
	    !same_content(path, res->orig, res->olen)) {
		*changed = true;
		goto out;
	}
	if (fix_stop_signal) {
		err = xstrdup("interrupted before the rename");
		goto out;
	}
	if (rename(tmp, path)) {
		err = xasprintf("cannot rename over it: %s", strerror(errno));
		goto out;
	}
	sync_dir(path);
	free(tmp);
	close(ofd);
	return NULL;
out:
	if (fd >= 0)
		close(fd);
	if (ofd >= 0)
		close(ofd);
	unlink(tmp);
	free(tmp);
	if (*changed && !err)
		err = xstrdup("changed during the run, not written");
	return err;
}

static mode_t umask_now(void)
{
	mode_t m = umask(0);

	umask(m);
	return m;
}

bool fix_put_file(const char *path, const char *text, size_t len)
{
	char *tmp = temp_name(path), *err;
	int fd = mkstemp(tmp), saved = 0;

	if (fd < 0) {
		free(tmp);
		return false;
	}
	err = write_all(fd, text, len);
	if (!err && (fchmod(fd, 0666 & ~umask_now()) || fsync(fd)))
		err = xstrdup("sync");
	saved = errno;
	if (close(fd) && !err) {
		saved = errno;
		err = xstrdup("close");
	}
	if (!err)
		run_hook(path);
	if (!err && fix_stop_signal) {
		saved = EINTR;
		err = xstrdup("interrupted");
	}
	if (!err && rename(tmp, path)) {
		saved = errno;
		err = xstrdup("rename");
	}
	if (err)
		unlink(tmp);
	free(tmp);
	free(err);
	errno = saved;
	return !err;
}

/* A new file of the run's own (never an existing name, never a link) */
bool write_file(const char *path, const char *s, size_t n)
{
	FILE *f = fcreate_new(path);
	bool ok;

	if (!f)
		return false;
	ok = fwrite(s, 1, n, f) == n;
	return (fclose(f) == 0) && ok;
}

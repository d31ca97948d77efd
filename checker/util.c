// SPDX-License-Identifier: GPL-2.0-only
/*
 * Small helpers: allocation that dies loudly on exhaustion, a growable
 * string buffer, and the finding list of a file.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "wqport.h"

/*
 * A thread with a stack deep enough for the checker's own walks at their
 * depth bound (WQ_MAX_DEPTH) and libclang's cursor visits under them;
 * only the pages touched are ever backed by memory.
 */
int start_thread(pthread_t *t, void *(*fn)(void *), void *arg)
{
	pthread_attr_t a;
	int r;

	if (pthread_attr_init(&a))
		return pthread_create(t, NULL, fn, arg);
	pthread_attr_setstacksize(&a, WQ_STACK_SIZE);
	r = pthread_create(t, &a, fn, arg);
	pthread_attr_destroy(&a);
	return r;
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p) {
		fputs("wqport: out of memory\n", stderr);
		abort();
	}
	return p;
}

char *xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(xrealloc(NULL, n), s, n);
}

static char *vasprintf_x(const char *fmt, va_list ap)
{
	va_list ap2;
	int n;
	char *s;

	va_copy(ap2, ap);
	n = vsnprintf(NULL, 0, fmt, ap2);
	va_end(ap2);
	s = xrealloc(NULL, n + 1);
	vsnprintf(s, n + 1, fmt, ap);
	return s;
}

char *git_quote_path(const char *prefix, const char *name)
{
	struct strbuf sb = { 0 };
	const unsigned char *p;
	bool quote = false;

	for (p = (const unsigned char *)name; *p; p++)
		if (*p < 0x20 || *p >= 0x7f || *p == '"' || *p == '\\')
			quote = true;
	if (!quote)
		return xasprintf("%s%s", prefix, name);
	sb_puts(&sb, "\"");
	sb_puts(&sb, prefix);
	for (p = (const unsigned char *)name; *p; p++) {
		static const char esc[] = "\a\b\t\n\v\f\r";
		const char *e = *p && *p < 0x20 ? strchr(esc, *p) : NULL;

		if (*p == '"' || *p == '\\')
			sb_printf(&sb, "\\%c", *p);
		else if (e)
			sb_printf(&sb, "\\%c", "abtnvfr"[e - esc]);
		else if (*p < 0x20 || *p >= 0x7f)
			sb_printf(&sb, "\\%03o", *p);
		else
			sb_add(&sb, (const char *)p, 1);
	}
	sb_puts(&sb, "\"");
	return sb.s;
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = vasprintf_x(fmt, ap);
	va_end(ap);
	return s;
}

void sb_add(struct strbuf *sb, const char *s, size_t n)
{
	if (sb->len + n + 1 > sb->cap) {
		sb->cap = (sb->len + n + 1) * 2;
		sb->s = xrealloc(sb->s, sb->cap);
	}
	memcpy(sb->s + sb->len, s, n);
	sb->len += n;
	sb->s[sb->len] = '\0';
}

void sb_puts(struct strbuf *sb, const char *s)
{
	sb_add(sb, s, strlen(s));
}

void sb_printf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = vasprintf_x(fmt, ap);
	va_end(ap);
	sb_puts(sb, s);
	free(s);
}

void file_add_finding(struct wq_file *f, int rule, struct wq_pos pos,
		      char *msg)
{
	struct wq_finding *fd;

	if (f->nfindings == f->capfindings) {
		f->capfindings = f->capfindings ? f->capfindings * 2 : 8;
		f->findings = xrealloc(f->findings,
				       f->capfindings * sizeof(*f->findings));
	}
	fd = &f->findings[f->nfindings++];
	memset(fd, 0, sizeof(*fd));
	fd->rule = rule;
	fd->severity = rule_lookup(rule)->severity;
	fd->func = f->cur_func ? xstrdup(f->cur_func) : NULL;
	fd->pos = pos;
	fd->msg = msg;
}

void file_add_held(struct wq_file *f, int rule, struct wq_pos pos,
		   const char *reason, char *msg)
{
	struct wq_held *h;

	f->held = xrealloc(f->held, (f->nheld + 1) * sizeof(*f->held));
	h = &f->held[f->nheld++];
	h->rule = rule;
	h->pos = pos;
	h->func = f->cur_func ? xstrdup(f->cur_func) : NULL;
	h->reason = reason;
	h->msg = msg;
}

void finding_add_note(struct wq_finding *fd, struct wq_pos pos, char *msg)
{
	if (fd->nnotes == WQ_MAX_NOTES) {
		free(msg);
		return;
	}
	fd->notes[fd->nnotes].pos = pos;
	fd->notes[fd->nnotes].msg = msg;
	fd->notes[fd->nnotes].file = NULL;
	fd->notes[fd->nnotes].ucol = 0;
	fd->nnotes++;
}

void finding_add_note_in(struct wq_finding *fd, char *file, struct wq_pos pos,
			 char *msg)
{
	if (fd->nnotes == WQ_MAX_NOTES) {
		free(file);
		free(msg);
		return;
	}
	finding_add_note(fd, pos, msg);
	fd->notes[fd->nnotes - 1].file = file;
}

void file_release(struct wq_file *f)
{
	int i, j;

	for (i = 0; i < f->nfindings; i++) {
		free(f->findings[i].msg);
		free(f->findings[i].func);
		for (j = 0; j < f->findings[i].nnotes; j++) {
			free(f->findings[i].notes[j].msg);
			free(f->findings[i].notes[j].file);
		}
	}
	free(f->findings);
	for (i = 0; i < f->nheld; i++) {
		free(f->held[i].func);
		free(f->held[i].msg);
	}
	free(f->held);
	f->held = NULL;
	f->nheld = 0;
	free(f->buf);
	free(f->error);
	free(f->warning);
	free(f->cc_first);
	free(f->cc_msgs);
	f->cc_msgs = NULL;
	f->findings = NULL;
	f->buf = NULL;
	f->error = NULL;
	f->warning = NULL;
	f->nfindings = f->capfindings = 0;
}

/*
 * Is argv[*i] a job-count option (-j N, -jN, --jobs=N)?  Returns 0 when
 * not, 1 with *jobs set, -1 with *bad set to the bad value.
 */
/* --timeout=N, --max-memory=N: a whole number, 0 for no limit */
bool parse_limit(const char *s, unsigned long max, unsigned long *v)
{
	char *end;

	errno = 0;
	if (*s < '0' || *s > '9')
		return false;
	*v = strtoul(s, &end, 10);
	return !*end && !errno && *v <= max;
}

/* -j N: 1 to 256 */
bool parse_jobs(const char *s, int *jobs)
{
	char *end;
	long n;

	errno = 0;
	n = strtol(s, &end, 10);
	if (!*s || *end || errno || n < 1 || n > 256)
		return false;
	*jobs = n;
	return true;
}

/* The default job count: one per online core (at most 256). */
int default_jobs(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n < 1 ? 1 : n > 256 ? 256 : (int)n;
}

/* The next index below n that no other worker has taken, or -1. */
int take_next(pthread_mutex_t *lock, int *next, int n)
{
	int i;

	pthread_mutex_lock(lock);
	i = *next < n ? (*next)++ : -1;
	pthread_mutex_unlock(lock);
	return i;
}

/* Can the shim headers be read from dir? */
bool shim_ok(const char *dir)
{
	char *p = xasprintf("%s/wqport-shim.h", dir);
	bool ok = access(p, R_OK) == 0;

	free(p);
	return ok;
}

void shim_missing(const char *prog, const char *dir)
{
	fprintf(stderr, "%s: the shim headers are missing: %s/wqport-shim.h cannot be read; without them the findings would be wrong (check --shim-dir or WQPORT_SHIM_DIR)\n",
		prog, dir);
}

/* Add a warning about the file, after any it has; takes msg. */
void file_add_warning(struct wq_file *f, char *msg)
{
	char *w;

	if (!f->warning) {
		f->warning = msg;
		return;
	}
	w = xasprintf("%s; %s", f->warning, msg);
	free(f->warning);
	free(msg);
	f->warning = w;
}

/*
 * The next `#include "name"` of buf[0..len) at or after *pos: the name
 * (not NUL-terminated, its length in *n), with *pos moved past it; NULL
 * when there is none.  The prefilter, the template-header finder and
 * the header-macro notes all follow a file's quoted includes.
 */
const char *next_quoted_include(const char *buf, size_t len, size_t *pos,
				size_t *n)
{
	const char *p = buf + *pos, *end = buf + len;

	while (p < end && (p = memmem(p, end - p, "include", 7))) {
		const char *q = p, *name, *e;

		while (q > buf && (q[-1] == ' ' || q[-1] == '\t'))
			q--;
		p += 7;
		if (q == buf || q[-1] != '#')
			continue;
		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		if (p == end || *p != '"')
			continue;
		name = ++p;
		for (e = name; e < end && *e != '"' && *e != '\n'; e++)
			;
		if (e == end || *e != '"')
			continue;
		*pos = e + 1 - buf;
		*n = e - name;
		return name;
	}
	*pos = len;
	return NULL;
}

/*
 * Why path is no file to read: NULL when it is a regular file, else a
 * phrase ("is a FIFO, not a regular file", "cannot be read: ...").
 */
static const char *kind_of(mode_t m)
{
	return S_ISFIFO(m) ? "a FIFO" : S_ISCHR(m) ? "a character device" :
	       S_ISBLK(m) ? "a block device" : S_ISSOCK(m) ? "a socket" :
	       S_ISDIR(m) ? "a folder" : "not a regular file";
}

/*
 * Open path for reading only when it is a regular file: stat() first (a
 * FIFO, a device, a socket or a link to one is never opened), then
 * open(O_NONBLOCK | O_NOCTTY), then fstat() on what was opened (it may
 * have been swapped between the two).  -1 and *why set otherwise.
 */
int open_regular(const char *path, struct stat *st, char **why)
{
	struct stat pre;
	int fd;

	if (why)
		*why = NULL;
	if (stat(path, &pre)) {
		if (why)
			*why = xasprintf("cannot be read: %s", strerror(errno));
		return -1;
	}
	if (!S_ISREG(pre.st_mode)) {
		if (why)
			*why = xasprintf("is %s, not a regular file: not read",
					 kind_of(pre.st_mode));
		return -1;
	}
	fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0) {
		if (why)
			*why = xasprintf("cannot be read: %s", strerror(errno));
		return -1;
	}
	if (fstat(fd, st) || !S_ISREG(st->st_mode) ||
	    st->st_dev != pre.st_dev || st->st_ino != pre.st_ino) {
		if (why)
			*why = xstrdup("changed while it was opened: not read");
		close(fd);
		return -1;
	}
	return fd;
}

/*
 * At most max bytes from the start of the regular file path (see
 * open_regular()), NUL-terminated; NULL and *why set when it is none.
 */
char *read_regular_head(const char *path, size_t max, size_t *len,
			char **why)
{
	struct stat st;
	int fd = open_regular(path, &st, why);
	size_t off = 0;
	char *buf;

	if (fd < 0)
		return NULL;
	buf = xrealloc(NULL, max + 1);
	while (off < max) {
		ssize_t got = read(fd, buf + off, max - off);

		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			if (why)
				*why = xasprintf("cannot be read: %s",
						 strerror(errno));
			close(fd);
			free(buf);
			return NULL;
		}
		if (!got)
			break;
		off += got;
	}
	close(fd);
	buf[off] = '\0';
	*len = off;
	return buf;
}

/*
 * A file the tool makes anew: O_CREAT | O_EXCL | O_NOFOLLOW, so that a
 * name that is already there, a link planted at it included, is never
 * opened (the open fails with EEXIST or ELOOP).
 */
int create_new(const char *path, mode_t mode)
{
	return open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
		    mode);
}

FILE *fcreate_new(const char *path)
{
	int fd = create_new(path, 0666);
	FILE *f = fd < 0 ? NULL : fdopen(fd, "w");

	if (fd >= 0 && !f)
		close(fd);
	return f;
}

static bool write_fd(int fd, const char *s, size_t n)
{
	while (n) {
		ssize_t w = write(fd, s, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			if (!w)
				errno = ENOSPC;
			return false;
		}
		s += w;
		n -= w;
	}
	return true;
}

/*
 * path holds s[0, n) after this, or it is as it was: a mkstemp() file in
 * path's folder, mode applied (less the umask), renamed over path.
 * rename() replaces a link at path, it never writes through it.  false
 * with errno set on failure.
 */
bool put_file(const char *path, const char *s, size_t n, mode_t mode)
{
	const char *slash = strrchr(path, '/');
	char *tmp = slash ? xasprintf("%.*s/.%s.wqport-XXXXXX",
				      (int)(slash - path), path, slash + 1) :
			    xasprintf(".%s.wqport-XXXXXX", path);
	mode_t um = umask(0);
	int fd, saved = 0;
	bool ok;

	umask(um);
	fd = mkstemp(tmp);
	if (fd < 0) {
		saved = errno;
		free(tmp);
		errno = saved;
		return false;
	}
	ok = write_fd(fd, s, n) && !fchmod(fd, mode & ~um);
	saved = errno;
	if (close(fd) && ok) {
		ok = false;
		saved = errno;
	}
	if (ok && rename(tmp, path)) {
		ok = false;
		saved = errno;
	}
	if (!ok)
		unlink(tmp);
	free(tmp);
	errno = saved;
	return ok;
}

/*
 * The next `#define NAME` line of buf at or after *pos: the name's start
 * (its length in *n) and [*body, *body_end), the rest of its logical line
 * (continuations included); *pos moves past it.  NULL when there is none.
 */
const char *next_define(const char *buf, size_t len, size_t *pos, size_t *n,
			const char **body, const char **body_end)
{
	const char *p = buf + *pos, *end = buf + len;

	while (p < end && (p = memmem(p, end - p, "define", 6))) {
		const char *q = p, *name, *e;

		while (q > buf && (q[-1] == ' ' || q[-1] == '\t'))
			q--;
		p += 6;
		if (q == buf || q[-1] != '#')
			continue;
		for (q -= 2; q >= buf && (*q == ' ' || *q == '\t'); q--)
			;
		if (q >= buf && *q != '\n')
			continue;
		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		name = p;
		while (p < end && ((*p >= 'a' && *p <= 'z') ||
				   (*p >= 'A' && *p <= 'Z') ||
				   (*p >= '0' && *p <= '9') || *p == '_'))
			p++;
		if (p == name)
			continue;
		for (e = p; e < end && *e != '\n'; e++)
			if (*e == '\\' && e + 1 < end && e[1] == '\n')
				e++;
		*n = p - name;
		*body = p;
		*body_end = e;
		*pos = e - buf;
		return name;
	}
	*pos = len;
	return NULL;
}

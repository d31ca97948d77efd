// SPDX-License-Identifier: GPL-2.0-only
/*
 * Crash isolation: check files in worker processes.
 *
 * One hostile file (nesting deep enough to overflow libclang's parser
 * stack, an include of /dev/zero, a shape that takes forever) must cost
 * one error line naming it, never the run.  So the checker forks N
 * workers up front; each keeps its own libclang index and checks the
 * files the parent hands it, one at a time, over a socket pair, and
 * sends each result back serialized.  The parent owns the output order.
 *
 * A worker that dies (a signal, an exit) is reaped and replaced, and the
 * file it was on gets an error saying why; one that runs over the time
 * limit is killed the same way.  Workers run under an address-space
 * limit, so a file that makes libclang allocate without bound ends as
 * an out-of-memory error for that file.  A worker whose libclang
 * recovered from a crash by itself retires after sending its result:
 * the process state after such a recovery is not to be trusted.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <clang-c/Index.h>

#include "wqport.h"

#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif

#define NO_STR 0xffffffffu
#define MSG_RETIRE 0x8u		/* the worker exits after this message */

struct worker {
	pid_t pid;		/* 0: no process */
	int fd;
	int scratch;		/* its stderr while it checks a file, or -1 */
	int cur;		/* file it is checking, or -1 */
	double start;
};

struct pool {
	struct wq_file *files;
	int nfiles;
	const struct wq_options *opt;
	const struct wq_limits *lim;
	struct worker *w;
	int nw;
	CXIndex index;		/* in a worker */
	isolate_check_fn check;	/* checks one file, or NULL: check_file() */
	void *check_arg;
};

static double mono(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* ---- serialization of a checked file ---- */

static void put_u32(struct strbuf *sb, uint32_t v)
{
	sb_add(sb, (const char *)&v, sizeof(v));
}

static void put_str(struct strbuf *sb, const char *s)
{
	size_t n = s ? strlen(s) : 0;

	put_u32(sb, s ? (uint32_t)n : NO_STR);
	if (s)
		sb_add(sb, s, n);
}

struct cursor {
	const char *p, *end;
	bool bad;
};

static uint32_t get_u32(struct cursor *c)
{
	uint32_t v = 0;

	if (c->end - c->p < (long)sizeof(v)) {
		c->bad = true;
		return 0;
	}
	memcpy(&v, c->p, sizeof(v));
	c->p += sizeof(v);
	return v;
}

static char *get_str(struct cursor *c)
{
	uint32_t n = get_u32(c);
	char *s;

	if (n == NO_STR || c->bad)
		return NULL;
	if ((size_t)(c->end - c->p) < n) {
		c->bad = true;
		return NULL;
	}
	s = xrealloc(NULL, n + 1);
	memcpy(s, c->p, n);
	s[n] = '\0';
	c->p += n;
	return s;
}

static void encode(struct strbuf *sb, int i, const struct wq_file *f,
		   unsigned extra)
{
	int k, j;

	put_u32(sb, 0);		/* length, patched below */
	put_u32(sb, i);
	put_u32(sb, f->skipped | f->parsed << 1 | f->incomplete << 2 |
		    f->cached << 4 | extra);
	put_u32(sb, f->cc_errors);
	put_str(sb, f->error);
	put_str(sb, f->warning);
	put_str(sb, f->cc_first);
	put_u32(sb, f->nfindings);
	for (k = 0; k < f->nfindings; k++) {
		const struct wq_finding *fd = &f->findings[k];

		put_u32(sb, fd->rule);
		put_u32(sb, fd->severity);
		put_str(sb, fd->func);
		put_u32(sb, fd->pos.line);
		put_u32(sb, fd->pos.col);
		put_str(sb, fd->msg);
		put_str(sb, fd->fp);
		put_u32(sb, fd->ucol);
		put_u32(sb, fd->nnotes);
		for (j = 0; j < fd->nnotes; j++) {
			put_u32(sb, fd->notes[j].pos.line);
			put_u32(sb, fd->notes[j].pos.col);
			put_str(sb, fd->notes[j].msg);
			put_str(sb, fd->notes[j].file);
			put_u32(sb, fd->notes[j].ucol);
		}
	}
	k = sb->len - sizeof(uint32_t);
	memcpy(sb->s, &k, sizeof(uint32_t));
}

/* Fill f from a message; false if it is malformed. */
static bool decode(struct cursor *c, struct wq_file *f, unsigned *flags)
{
	uint32_t n, k, j;

	*flags = get_u32(c);
	f->skipped = *flags & 1;
	f->parsed = *flags & 2;
	f->incomplete = *flags & 4;
	f->cached = *flags & 0x10;
	f->cc_errors = get_u32(c);
	f->error = get_str(c);
	f->warning = get_str(c);
	f->cc_first = get_str(c);
	n = get_u32(c);
	if (c->bad || n > (uint32_t)(c->end - c->p))
		return false;
	for (k = 0; k < n && !c->bad; k++) {
		struct wq_finding *fd;
		struct wq_pos pos;
		int rule = get_u32(c);
		unsigned sev = get_u32(c);
		char *func = get_str(c), *msg, *fp, *nfile;
		unsigned ucol;

		pos.line = get_u32(c);
		pos.col = get_u32(c);
		msg = get_str(c);
		f->cur_func = func;
		file_add_finding(f, rule, pos, msg ? msg : xstrdup(""));
		f->cur_func = NULL;
		free(func);
		fd = &f->findings[f->nfindings - 1];
		fd->severity = sev;
		fp = get_str(c);
		if (fp)
			snprintf(fd->fp, sizeof(fd->fp), "%s", fp);
		free(fp);
		fd->ucol = get_u32(c);
		j = get_u32(c);
		while (j-- && !c->bad) {
			pos.line = get_u32(c);
			pos.col = get_u32(c);
			msg = get_str(c);
			nfile = get_str(c);
			ucol = get_u32(c);
			if (msg) {
				finding_add_note_in(fd, nfile, pos, msg);
				if (fd->nnotes && fd->notes[fd->nnotes - 1].msg == msg)
					fd->notes[fd->nnotes - 1].ucol = ucol;
			} else {
				free(nfile);
			}
		}
	}
	return !c->bad;
}

/* ---- plumbing ---- */

static bool write_all(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t k = send(fd, p, n, MSG_NOSIGNAL);

		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return false;
		p += k;
		n -= k;
	}
	return true;
}

static bool read_all(int fd, void *buf, size_t n)
{
	char *p = buf;

	while (n) {
		ssize_t k = read(fd, p, n);

		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return false;
		p += k;
		n -= k;
	}
	return true;
}

static void set_limits(const struct wq_limits *lim)
{
#ifndef UNDER_ASAN	/* ASan's shadow memory needs a huge address space */
	if (lim->max_memory_mib) {
		struct rlimit rl;

		rl.rlim_cur = rl.rlim_max = (rlim_t)lim->max_memory_mib << 20;
		setrlimit(RLIMIT_AS, &rl);
	}
#endif
}

/* Did this process come near its memory limit? */
static bool near_memory_limit(const struct wq_limits *lim, long maxrss_kib)
{
#ifdef UNDER_ASAN
	return false;
#else
	return lim->max_memory_mib &&
	       maxrss_kib >= (long)(lim->max_memory_mib * 1024 / 4 * 3);
#endif
}

static char *memory_error(const struct wq_limits *lim)
{
	return xasprintf("out of memory: checking it needed more than the %lu MiB limit (--max-memory), not checked",
			 lim->max_memory_mib);
}

/*
 * libclang reports its own crashes (a dump of the parse arguments) and
 * allocation failures ("LLVM ERROR: out of memory") on stderr.  While a
 * worker checks a file, its stderr goes to a scratch file: after a crash
 * the text tells an exhausted memory limit from another crash, and the
 * user gets one line naming the file instead of libclang's dump (shown
 * with -v).  Anything else written there is passed on unchanged.
 */
static int capture_start(int scratch)
{
	if (scratch < 0 || ftruncate(scratch, 0) || lseek(scratch, 0, SEEK_SET))
		return -1;
	return dup2(scratch, STDERR_FILENO) < 0 ? -1 : 0;
}

static char *capture_end(int scratch, int saved)
{
	off_t n = lseek(scratch, 0, SEEK_CUR);
	char *text;

	dup2(saved, STDERR_FILENO);
	if (n <= 0 || n > (64 << 20))
		return NULL;
	text = xrealloc(NULL, n + 1);
	if (pread(scratch, text, n, 0) != n) {
		free(text);
		return NULL;
	}
	text[n] = '\0';
	return text;
}

static void check_captured(struct pool *p, struct wq_file *f, int scratch,
			   int saved)
{
	char *said = NULL;
	bool on = saved >= 0 && !capture_start(scratch);

	if (p->check)
		p->check(p->check_arg, f, p->index);
	else
		check_file(f, p->opt, p->index);
	if (on)
		said = capture_end(scratch, saved);
	if (f->crashed && said && strstr(said, "out of memory") &&
	    p->lim->max_memory_mib) {
		free(f->error);
		f->error = memory_error(p->lim);
	}
	if (said && (!f->crashed || p->opt->verbose))
		fputs(said, stderr);
	free(said);
}

struct job {
	struct pool *p;
	struct wq_file *f;
	int scratch, saved;
};

static void *job_thread(void *arg)
{
	struct job *j = arg;

	check_captured(j->p, j->f, j->scratch, j->saved);
	return NULL;
}

/* Check f on a thread with a deep stack (start_thread), or here. */
static void check_deep(struct pool *p, struct wq_file *f, int scratch,
		       int saved)
{
	struct job j = { p, f, scratch, saved };
	pthread_t t;

	if (start_thread(&t, job_thread, &j))
		job_thread(&j);
	else
		pthread_join(t, NULL);
}

static __attribute__((noreturn)) void worker_main(struct pool *p, int fd,
						  int scratch)
{
	struct strbuf sb = { 0 };
	int saved = scratch >= 0 ? fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 0) : -1;

	set_limits(p->lim);
	signal(SIGPIPE, SIG_DFL);
	/* a PCH's declarations are not walked (frontend/cache/pch.c) */
	p->index = clang_createIndex(1, 0);
	for (;;) {
		struct wq_file *f;
		uint32_t i;
		unsigned extra = 0;

		if (!read_all(fd, &i, sizeof(i)) || i >= (uint32_t)p->nfiles)
			_exit(0);
		f = &p->files[i];
		check_deep(p, f, scratch, saved);
		if (f->crashed) {
			struct rusage ru;

			extra = MSG_RETIRE;
			getrusage(RUSAGE_SELF, &ru);
			if (near_memory_limit(p->lim, ru.ru_maxrss)) {
				free(f->error);
				f->error = memory_error(p->lim);
			}
		}
		sb.len = 0;
		encode(&sb, i, f, extra);
		if (!write_all(fd, sb.s, sb.len) || extra)
			_exit(0);
		file_release(f);
	}
}

static bool spawn(struct pool *p, struct worker *w)
{
	int sv[2], j;
	pid_t pid;

	w->pid = 0;
	w->fd = -1;
	w->cur = -1;
	/* made here, so what a dying worker said can still be read */
	if (w->scratch < 0)
		w->scratch = memfd_create("wqport-stderr", MFD_CLOEXEC);
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv))
		return false;
	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid < 0) {
		close(sv[0]);
		close(sv[1]);
		return false;
	}
	if (!pid) {
		close(sv[0]);
		for (j = 0; j < p->nw; j++) {
			if (p->w[j].fd >= 0)
				close(p->w[j].fd);
			if (&p->w[j] != w && p->w[j].scratch >= 0)
				close(p->w[j].scratch);
		}
		worker_main(p, sv[1], w->scratch);
	}
	close(sv[1]);
	w->pid = pid;
	w->fd = sv[0];
	return true;
}

static char *death_message(int status, const struct rusage *ru,
			   const struct wq_limits *lim)
{
	int sig;

	if (!WIFSIGNALED(status))
		return xasprintf("the checker process exited (status %d) while checking it, not checked",
				 WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	sig = WTERMSIG(status);
	if (near_memory_limit(lim, ru->ru_maxrss))
		return memory_error(lim);
	if (sig == SIGSEGV || sig == SIGBUS)
		return xasprintf("the checker crashed on it (%s; code nested too deeply for the parser's stack is the usual cause), not checked",
				 strsignal(sig));
	return xasprintf("the checker process died on it (%s), not checked",
			 strsignal(sig));
}

/* Copy what a worker that died wrote on its stderr to ours. */
static void pass_on(int scratch)
{
	char buf[4096];
	off_t off = 0;
	ssize_t n;

	while (scratch >= 0 && (n = pread(scratch, buf, sizeof(buf), off)) > 0) {
		fwrite(buf, 1, n, stderr);
		off += n;
	}
}

/* Reap w's process; with kill, end it first. */
static void reap(struct worker *w, bool kill_it, int *status,
		 struct rusage *ru)
{
	memset(ru, 0, sizeof(*ru));
	*status = 0;
	if (kill_it)
		kill(w->pid, SIGKILL);
	close(w->fd);
	while (wait4(w->pid, status, 0, ru) < 0 && errno == EINTR)
		;
	w->pid = 0;
	w->fd = -1;
}

/* Receive w's result; false if the worker is gone (w reaped). */
static bool receive(struct pool *p, struct worker *w, unsigned *flags)
{
	struct wq_file *f = &p->files[w->cur];
	uint32_t len, idx;
	struct cursor c;
	char *buf;
	bool ok;

	*flags = 0;
	if (!read_all(w->fd, &len, sizeof(len)) || len < sizeof(idx))
		return false;
	buf = xrealloc(NULL, len);
	ok = read_all(w->fd, buf, len);
	c.p = buf;
	c.end = buf + len;
	c.bad = false;
	idx = get_u32(&c);
	if (ok && idx == (uint32_t)w->cur) {
		ok = decode(&c, f, flags);
	} else {
		ok = false;
	}
	free(buf);
	if (!ok) {
		file_release(f);
		f->error = xstrdup("garbled result from the checker process, not checked");
	}
	return true;
}

/* A worker ended while on a file: the file gets why, w is replaced. */
static void replace(struct pool *p, struct worker *w, bool timed_out,
		    void (*done)(void *, int), void *arg)
{
	int status, cur = w->cur;
	struct rusage ru;

	reap(w, timed_out, &status, &ru);
	if (cur >= 0) {
		struct wq_file *f = &p->files[cur];

		if (p->opt->verbose)	/* libclang's dump, a sanitizer's report */
			pass_on(w->scratch);
		file_release(f);
		f->error = timed_out ?
			xasprintf("timed out after %u s (--timeout), not checked",
				  p->lim->timeout_s) :
			death_message(status, &ru, p->lim);
		done(arg, cur);
	}
	if (!spawn(p, w))
		w->pid = 0;
}

/* Give every idle worker a file; returns how many files are settled. */
/* Is a worker waiting for a file? */
static bool idle(const struct pool *p)
{
	int j;

	for (j = 0; j < p->nw; j++)
		if (p->w[j].pid && p->w[j].cur < 0)
			return true;
	return false;
}

static int dispatch(struct pool *p, int *next, int screened,
		    void (*done)(void *, int), void *arg)
{
	int j, settled = 0;

	for (j = 0; j < p->nw; j++) {
		struct worker *w = &p->w[j];
		uint32_t i;

		if (!w->pid || w->cur >= 0)
			continue;
		while (*next < screened && (p->files[*next].error ||
					    p->files[*next].skipped)) {
			/* a bad path, or settled by the prefilter: no work */
			done(arg, (*next)++);
			settled++;
		}
		if (*next >= screened)
			break;
		i = *next;
		if (!write_all(w->fd, (const char *)&i, sizeof(i))) {
			replace(p, w, true, NULL, NULL);	/* gone idle */
			continue;
		}
		w->cur = (*next)++;
		w->start = mono();
	}
	return settled;
}

int isolate_run(struct wq_file *files, int nfiles,
		const struct wq_options *opt, int jobs,
		const struct wq_limits *lim,
		isolate_check_fn check, void *check_arg,
		bool (*screen)(void *arg, struct wq_file *f),
		void (*done)(void *arg, int i), void *arg)
{
	struct pool p = { files, nfiles, opt, lim, NULL, 0, NULL, check,
			  check_arg };
	struct pollfd *pfd;
	int *who, j, next = 0, settled = 0, alive;
	int screened = screen ? 0 : nfiles;	/* files[0..screened) looked at */

	p.w = xrealloc(NULL, jobs * sizeof(*p.w));
	pfd = xrealloc(NULL, jobs * sizeof(*pfd));
	who = xrealloc(NULL, jobs * sizeof(*who));
	for (j = 0; j < jobs; j++) {
		p.w[j].pid = 0;
		p.w[j].fd = -1;
		p.w[j].cur = -1;
		p.w[j].scratch = -1;
	}
	for (j = 0; j < jobs; j++) {
		p.nw = j;
		if (!spawn(&p, &p.w[j]))
			break;
	}
	p.nw = j;
	while (settled < nfiles) {
		int n = 0, wait_ms = -1;
		double t = mono();

		settled += dispatch(&p, &next, screened, done, arg);
		if (screened < nfiles) {
			/*
			 * Look at the next files here while the workers
			 * parse; stop at one that needs a worker when one
			 * is idle, to hand it over at once.
			 */
			int k;

			for (k = 0; k < 64 && screened < nfiles; k++) {
				struct wq_file *f = &files[screened++];

				if (!f->error && !screen(arg, f) && idle(&p))
					break;
			}
		}
		for (alive = 0, j = 0; j < p.nw; j++) {
			struct worker *w = &p.w[j];

			alive += w->pid != 0;
			if (!w->pid || w->cur < 0)
				continue;
			if (lim->timeout_s) {
				double left = w->start + lim->timeout_s - t;
				int ms = left > 0 ? (int)(left * 1000) + 1 : 0;

				if (wait_ms < 0 || ms < wait_ms)
					wait_ms = ms;
			}
			pfd[n].fd = w->fd;
			pfd[n].events = POLLIN;
			who[n++] = j;
		}
		if (!alive)
			break;
		if (!n)
			continue;
		/* more to look at: only collect the replies already there */
		if (poll(pfd, n, screened < nfiles ? 0 : wait_ms) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		t = mono();
		for (j = 0; j < n; j++) {
			struct worker *w = &p.w[who[j]];
			unsigned flags;

			if (pfd[j].revents) {
				if (!receive(&p, w, &flags)) {
					replace(&p, w, false, done, arg);
					settled++;
					continue;
				}
				done(arg, w->cur);
				settled++;
				w->cur = -1;
				if (flags & MSG_RETIRE)
					replace(&p, w, false, done, arg);
			} else if (lim->timeout_s &&
				   t >= w->start + lim->timeout_s) {
				replace(&p, w, true, done, arg);
				settled++;
			}
		}
	}
	/* no worker could be started or restarted: say so per file */
	for (j = 0; j < p.nw; j++)
		if (p.w[j].pid && p.w[j].cur >= 0) {
			struct wq_file *f = &files[p.w[j].cur];
			struct rusage ru;
			int status;

			reap(&p.w[j], true, &status, &ru);
			file_release(f);
			f->error = xstrdup("not checked: the checker process was lost");
			done(arg, p.w[j].cur);
		}
	while (next < nfiles) {
		struct wq_file *f = &files[next];

		if (!f->error && !f->skipped)
			f->error = xstrdup("not checked: cannot start a checker process");
		done(arg, next++);
	}
	for (j = 0; j < p.nw; j++) {
		int status;
		struct rusage ru;

		if (p.w[j].pid)
			reap(&p.w[j], false, &status, &ru);
		if (p.w[j].scratch >= 0)
			close(p.w[j].scratch);
	}
	free(p.w);
	free(pfd);
	free(who);
	return 0;
}

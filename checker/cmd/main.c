// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport: find racy and obsolete ways of sleeping on a wait queue in
 * Linux kernel driver code.
 *
 * This file is the command line: options, the list of files (directories
 * are walked for *.c), a pool of worker processes (frontend/isolate.c) or,
 * with --no-isolation, of worker threads, each with its own libclang
 * index, and output in input order whatever order the workers finish in.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <clang-c/Index.h>

#include "cache.h"
#include "check.h"
#include "color.h"
#include "complete.h"
#include "config.h"
#include "fix.h"
#include "help.h"
#include "html.h"
#include "template.h"
#include "wqport.h"
#include "cmd.h"

static void usage(FILE *out)
{
	help_print(out, HELP_CHECK);
}

/*
 * --stats: which kernel's facts the files were checked with, and from
 * where (frontend/input/ktree.c): "6.1.192 from linux/Makefile (283 files)".
 */
static char *stats_kernels(struct run *r)
{
	struct kgroup {
		unsigned v;
		const char *from;
		int n;
	} *g = NULL;
	int ng = 0, i, j;
	char *line = xstrdup("wqport: the kernel whose facts apply:");

	for (i = 0; i < r->nfiles; i++) {
		struct wq_file *f = &r->files[i];
		struct wq_options o = r->opt;
		const char *from;
		unsigned v;

		if (f->error || f->skipped)
			continue;
		if (f->cflags) {
			o.cflags = (const char *const *)f->cflags;
			o.ncflags = f->ncflags;
		}
		file_options(r, f, &o);
		v = file_kernel(f, &o, &from);
		for (j = 0; j < ng; j++)
			if (g[j].v == v && (g[j].from == from ||
					    (g[j].from && from &&
					     !strcmp(g[j].from, from))))
				break;
		if (j == ng) {
			g = xrealloc(g, (ng + 1) * sizeof(*g));
			g[ng++] = (struct kgroup){ v, from, 0 };
		}
		g[j].n++;
	}
	for (j = 0; j < ng; j++) {
		char *t = g[j].v == WQ_KERNEL_UNKNOWN ? xstrdup("unknown") :
			  g[j].v == WQ_KERNEL_LATEST ? xstrdup("latest") :
			  kernel_version_text(g[j].v);
		char *was = line;

		/* unknown with a from: why the tree found was not read */
		line = xasprintf("%s%s %s %s%s%s (%d file%s)", was, j ? ";" : "",
				 t, !g[j].from ? "" :
				 g[j].v == WQ_KERNEL_UNKNOWN ? "(" : "from ",
				 g[j].from ? g[j].from :
				 g[j].v == WQ_KERNEL_UNKNOWN ?
				 "(no kernel tree or build found: no version-dependent fact)" :
				 "(the target)",
				 g[j].from && g[j].v == WQ_KERNEL_UNKNOWN ? ")" : "",
				 g[j].n, g[j].n == 1 ? "" : "s");
		free(was);
		free(t);
	}
	free(g);
	if (ng)
		return line;
	free(line);
	return NULL;
}

/* Check one file as the run says: its own flags (-p), --staged, CI data. */
static void check_one(void *arg, struct wq_file *f, void *index)
{
	struct run *r = arg;
	struct wq_options o = r->opt;

	if (f->cflags) {	/* the file's own, from -p */
		o.cflags = (const char *const *)f->cflags;
		o.ncflags = f->ncflags;
	}
	file_options(r, f, &o);
	ci_check(&r->ci, f, &o, index);
}

static void *worker(void *arg)
{
	struct run *r = arg;
	/* a PCH's declarations are not walked (frontend/cache/pch.c) */
	CXIndex index = clang_createIndex(1, 0);

	for (;;) {
		struct wq_file *f;
		int i = take_next(&r->lock, &r->next, r->nfiles);

		if (i < 0)
			break;
		f = &r->files[i];
		if (!f->error) {
			struct wq_options o = r->opt;

			if (f->cflags) {	/* the file's own, from -p */
				o.cflags = (const char *const *)f->cflags;
				o.ncflags = f->ncflags;
				o.pch_flags = false;	/* flags differ file by file */
			}
			file_options(r, f, &o);
			ci_check(&r->ci, f, &o, index);
		}
		free(f->buf);
		f->buf = NULL;
		pthread_mutex_lock(&r->lock);
		r->done[i] = true;
		r->ndone++;
		pthread_cond_broadcast(&r->cond);
		pthread_mutex_unlock(&r->lock);
	}
	clang_disposeIndex(index);
	return NULL;
}

static void list_rules(void)
{
	const struct wq_rule *t;
	size_t n, i;

	t = rule_table(&n);
	for (i = 0; i < n; i++)
		printf("WQ%03d  %-30s %-8s %-9s %-7s %-8s %s\n", t[i].num,
		       t[i].name, severity_name(t[i].severity),
		       confidence_name(t[i].confidence), fix_name(t[i].fix),
		       status_name(t[i].status), t[i].summary);
}

static void print_word(const char *w)
{
	puts(w);
}

/*
 * Installed data: <bindir>/WQPORT_DATA_REL/<what> (share/wqport beside the
 * binary's prefix), found from the binary's own path; else the source
 * tree the binary was built from.
 */
static const char *find_data(char *buf, size_t size, const char *what,
			     const char *env, const char *fallback)
{
	const char *e = getenv(env);
	struct stat st;
	ssize_t n;
	char *slash;

	if (e && *e)
		return e;
	n = readlink("/proc/self/exe", buf, size - 1);
	if (n > 0 && (size_t)n < size - 1) {
		buf[n] = '\0';
		slash = strrchr(buf, '/');
		if (slash && (size_t)(slash - buf) + strlen(WQPORT_DATA_REL) +
		    strlen(what) + 3 < size) {
			sprintf(slash, "/%s/%s", WQPORT_DATA_REL, what);
			if (!stat(buf, &st) && S_ISDIR(st.st_mode))
				return buf;
		}
	}
	return fallback;
}

static const char *find_shim(const char *argv0)
{
	static char buf[PATH_MAX];

	(void)argv0;
	return find_data(buf, sizeof(buf), "shim", "WQPORT_SHIM_DIR",
			 WQPORT_SOURCE_SHIM);
}

/* The semantic patches: installed beside the shim, or the source tree's. */
static const char *find_cocci(void)
{
	static char buf[PATH_MAX];

	return find_data(buf, sizeof(buf), "semantic-patches",
			 "WQPORT_COCCI_DIR", WQPORT_SOURCE_COCCI);
}

/* Is any stable rule among the enabled ones? */
bool stable_rules_in(unsigned long mask)
{
	const struct wq_rule *t;
	size_t n, i;

	t = rule_table(&n);
	for (i = 0; i < n; i++)
		if (t[i].status == ST_STABLE && (mask & (1ul << t[i].num)))
			return true;
	return false;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/*
 * A run that cannot go on: the message on stderr ("Try --help" after a
 * usage error) and, in JSON and SARIF, still a whole document that says
 * so, so that a CI step that uploads the report never gets an empty or
 * broken file.  Exit status 2.
 */
/* What a run that stops early had taken: its files, diff, baseline */
static void drop_inputs(struct run *r)
{
	int i;

	for (i = 0; i < r->nfiles; i++) {
		struct wq_file *f = &r->files[i];

		file_release(f);
		if (f->cflags)
			cflags_free(f->cflags, f->ncflags);
		free((char *)f->path);
		free(f->includer);
		free(f->error);
	}
	free(r->files);
	r->files = NULL;
	r->nfiles = 0;
	config_release(r);
	free(r->ci.docs);
	r->ci.docs = NULL;
	free(r->ci.stdin_text);
	r->ci.stdin_text = NULL;
	diff_free(&r->ci.diff);
	baseline_free(&r->ci.base);
	free(r->ci.baseline_owned);
	r->ci.baseline_owned = NULL;
	compdb_close(r->hook.db);
	r->hook.db = NULL;
	free(r->hook.cc);
	r->hook.cc = NULL;
}

int run_error(struct run *r, char *msg, bool usage)
{
	struct strbuf sb = { 0 }, notes = { 0 };

	fprintf(stderr, "wqport: %s\n", msg);
	if (usage)
		fputs("Try 'wqport --help'.\n", stderr);
	if (r->fmt == FMT_JSON) {
		sb_puts(&sb, "{\"version\": 1, \"findings\": [],\n  \"errors\": [{\"file\": null, \"message\": ");
		report_json_escape(&sb, msg);
		sb_puts(&sb, "}]}\n");
	} else if (r->fmt == FMT_SARIF) {
		sarif_begin(&sb, r->opt.rule_mask ? r->opt.rule_mask : ~0ul,
			    r->ci.docs_url);
		sarif_notification(&notes, NULL, "error", msg);
		sarif_end(&sb, &notes, false, false);
	}
	if (sb.len)
		fputs(sb.s, stdout);
	free(sb.s);
	free(notes.s);
	free(msg);
	drop_inputs(r);
	return 2;
}

/* Wait for a worker to finish a file; on a terminal, keep the line moving. */
static void wait_for_workers(struct run *r)
{
	struct timespec ts;
	int done;

	if (!r->prog.on) {
		pthread_cond_wait(&r->cond, &r->lock);
		return;
	}
	clock_gettime(CLOCK_REALTIME, &ts);
	ts.tv_nsec += 200 * 1000000L;
	if (ts.tv_nsec >= 1000000000L) {
		ts.tv_sec++;
		ts.tv_nsec -= 1000000000L;
	}
	pthread_cond_timedwait(&r->cond, &r->lock, &ts);
	done = r->ndone;
	pthread_mutex_unlock(&r->lock);
	progress_show(&r->prog, done);
	pthread_mutex_lock(&r->lock);
}

/* .wqport's severities (config.c) over the rule table's */
static void set_severities(const struct run *r, struct wq_file *f)
{
	const struct file_conf *c = r->fconf ? r->fconf[f - r->files] : NULL;
	const signed char *sev = c ? c->severity : r->severity;
	int i;

	for (i = 0; sev && i < f->nfindings; i++)
		if (sev[f->findings[i].rule] >= 0)
			f->findings[i].severity = sev[f->findings[i].rule];
}

/* Print finished files [from, upto) in input order; returns upto. */
static int flush_ready(struct run *r, int from, int upto, bool *first,
		       struct strbuf *err)
{
	struct strbuf out = { 0 };

	while (from < upto) {
		struct wq_file *f = &r->files[from];

		if (f->error || f->warning || (f->not_in_db && f->parsed))
			progress_clear(&r->prog);
		if (f->not_in_db && f->parsed)
			fprintf(stderr, "%s: note: not in the compilation database; checked against the shim headers\n",
				f->path);
		if (f->error) {
			fprintf(stderr, "%s: error: %s\n", f->path, f->error);
			if (r->fmt == FMT_SARIF)
				sarif_notification(&r->notes, f->path, "error",
						   f->error);
			if (r->fmt == FMT_JSON) {
				sb_puts(err, err->len ? ",\n    {\"file\": " :
					"\n    {\"file\": ");
				report_json_escape(err, f->path);
				sb_puts(err, ", \"message\": ");
				report_json_escape(err, f->error);
				sb_puts(err, "}");
			}
		} else if (r->opt.prefilter_only) {
			if (!f->skipped && r->fmt == FMT_JSON) {
				sb_puts(&out, *first ? "\n    " : ",\n    ");
				report_json_escape(&out, f->path);
				*first = false;
			} else if (!f->skipped) {
				sb_printf(&out, "%s\n", f->path);
			}
		} else {
			if (f->warning)
				fprintf(stderr, "%s: warning: %s\n", f->path,
					f->warning);
			if (f->warning && r->fmt == FMT_SARIF)
				sarif_notification(&r->notes, f->path,
						   "warning", f->warning);
			set_severities(r, f);
			ci_file_done(&r->ci, f);
			if (r->fmt == FMT_SARIF)
				sarif_file(&out, f, first);
			else
				report_file(&out, f, r->fmt, *first, r->color);
			if (f->nfindings)
				*first = false;
		}
		if (out.len > 65536) {
			progress_clear(&r->prog);
			fwrite(out.s, 1, out.len, r->hook.out);
			out.len = 0;
		}
		from++;
	}
	if (out.len) {
		progress_clear(&r->prog);
		fwrite(out.s, 1, out.len, r->hook.out);
	}
	free(out.s);
	return from;
}

/* A run with nothing to check: the empty document of its format. */
int empty_report(struct run *r)
{
	struct strbuf sb = { 0 };

	if (r->fmt == FMT_JSON)
		sb_puts(&sb, "{\"version\": 1, \"findings\": [],\n  \"errors\": []}\n");
	if (r->fmt == FMT_SARIF) {
		sarif_begin(&sb, r->opt.rule_mask, r->ci.docs);
		sarif_end(&sb, &r->notes, false, true);
	}
	if (sb.len)
		fputs(sb.s, stdout);
	free(sb.s);
	return ci_finish(&r->ci, r->stats);
}

static void sarif_close(struct run *r, bool any)
{
	struct strbuf tail = { 0 };
	int i;
	bool ok = true;

	for (i = 0; i < r->nfiles; i++)
		ok &= !r->files[i].error;
	sarif_end(&tail, &r->notes, any, ok);
	fputs(tail.s, stdout);
	free(tail.s);
}

/* isolate_run's callback: file i is settled; print what is in order. */
static void file_done(void *arg, int i)
{
	struct run *r = arg;
	int upto = r->printed;

	r->done[i] = true;
	r->ndone++;
	while (upto < r->nfiles && r->done[upto])
		upto++;
	if (upto > r->printed)
		r->printed = flush_ready(r, r->printed, upto, &r->first, r->err);
	progress_show(&r->prog, r->ndone);
}

/*
 * isolate_run's screen: the main process reads and prefilters each file
 * itself, between the workers' replies, so only the files that need a
 * parse go to a worker (on a kernel tree 550 of 32,000: no round trip
 * for the rest).  A template header (checked in its includer's context)
 * and the staged content of --staged are left to the workers.  No
 * threads here: their malloc arenas would count against the workers'
 * --max-memory, which they inherit when forked.
 */
static bool screen_one(void *arg, struct wq_file *f)
{
	struct run *r = arg;
	struct wq_options o = r->opt;

	if (r->ci.staged || f->includer || f->from_stdin)
		return false;
	file_options(r, f, &o);
	return screen_file(f, &o);
}

static void run_threads(struct run *r)
{
	pthread_t *tids;
	int i, printed = 0, upto;

	tids = xrealloc(NULL, r->jobs * sizeof(pthread_t));
	for (i = 0; i < r->jobs; i++)
		if (start_thread(&tids[i], worker, r))
			break;
	if (!i) {
		fprintf(stderr, "wqport: cannot start a worker thread\n");
		exit(2);
	}
	r->jobs = i;	/* fewer workers if the system would not give more */
	pthread_mutex_lock(&r->lock);
	while (printed < r->nfiles) {
		upto = printed;
		while (!r->done[printed])
			wait_for_workers(r);
		/* read the done flags under the lock the workers set them with */
		while (upto < r->nfiles && r->done[upto])
			upto++;
		pthread_mutex_unlock(&r->lock);
		printed = flush_ready(r, printed, upto, &r->first, r->err);
		pthread_mutex_lock(&r->lock);
		upto = r->ndone;
		pthread_mutex_unlock(&r->lock);
		progress_show(&r->prog, upto);
		pthread_mutex_lock(&r->lock);
	}
	pthread_mutex_unlock(&r->lock);
	for (i = 0; i < r->jobs; i++)
		pthread_join(tids[i], NULL);
	free(tids);
}

/*
 * A closed stdin, stdout or stderr would be the next descriptor opened:
 * the worker sockets, and the report would go to a worker.  Hold them
 * with /dev/null opened read-only, so a write to a closed stdout still
 * fails (and is reported) as it would have.
 */
static void hold_std_fds(void)
{
	int fd;

	for (fd = 0; fd < 3; fd++)
		if (fcntl(fd, F_GETFD) < 0 && errno == EBADF &&
		    open("/dev/null", O_RDONLY) != fd)
			exit(2);
}

/* --help and the other options that answer and exit */
static int answer(int action)
{
	switch (action) {
	case ACT_HELP:
		usage(stdout);
		break;
	case ACT_MAN:
		help_man(stdout, WQPORT_VERSION);
		break;
	case ACT_COMPLETION:
		complete_bash(stdout, WQPORT_VERSION);
		break;
	case ACT_VERSION:
		printf("wqport %s\n", WQPORT_VERSION);
		break;
	case ACT_RULES:
		list_rules();
		break;
	case ACT_WORDS:
		prefilter_words(print_word);
		break;
	}
	return fflush(stdout) ? 2 : 0;
}

static int check_main(int argc, char **argv);

int main(int argc, char **argv)
{
	return check_main(argc, argv);
}

/* What a run sets up for itself and takes down at its end */
struct run_scratch {
	char *default_cache;	/* the cache folder when none was given */
	char *pch_scratch;	/* precompiled headers of this run only */
	char *pch_reuse;	/* the default cache's, read and not built */
};

/*
 * Everything between the options and the first file: the shim, the
 * report folder, the cache and the precompiled headers.  Non-zero: the
 * run's exit status (the error said).
 */
static int check_prepare(struct run *r, const struct check_args *a,
			 const char *argv0, struct run_scratch *rs)
{
	const char *cache = a->cache;
	char *msg;

	r->color = r->fmt == FMT_TEXT &&
		   color_on(r->color_mode, fileno(r->hook.out));
	r->opt.shim_dir = a->shim ? a->shim : find_shim(argv0);
	if (!r->opt.cflags && !r->opt.prefilter_only && !shim_ok(r->opt.shim_dir)) {
		return run_error(r, xasprintf("the shim headers are missing: %s/wqport-shim.h cannot be read; without them the findings would be wrong (check --shim-dir or WQPORT_SHIM_DIR)",
					      r->opt.shim_dir), false);
	}
	/* a report folder that is not the report's: said before the run */
	if (r->report && html_dir_check(r->report, r->report_force, &msg)) {
		char *t = xasprintf("--report: %s", msg);

		free(msg);
		return run_error(r, t, false);
	}
	/* WQPORT_NO_CACHE (the test suite) turns off only the default */
	if (!cache && !a->no_cache && !getenv("WQPORT_NO_CACHE"))
		cache = rs->default_cache = cache_default_dir();
	r->opt.cache_dir = a->no_cache ? NULL : cache;
	r->done = xrealloc(NULL, r->nfiles * sizeof(bool));
	memset(r->done, 0, r->nfiles * sizeof(bool));
	if (r->jobs > r->nfiles)
		r->jobs = r->nfiles;
	/* --no-cache: a run of many files still precompiles the shim */
	if (!r->opt.cache_dir && !r->opt.prefilter_only)
		r->opt.pch_dir = rs->pch_scratch = pch_scratch_dir(r->nfiles, 16);
	/*
	 * and a short one uses the precompiled headers a run with the
	 * default cache left (clang checks they are current), building none
	 */
	if (!r->opt.cache_dir && !r->opt.pch_dir && !r->opt.prefilter_only &&
	    !getenv("WQPORT_NO_CACHE")) {
		char *d = cache_default_dir();

		if (d) {
			r->opt.pch_dir = rs->pch_reuse = xasprintf("%s/pch", d);
			r->opt.pch_no_build = true;
			free(d);
		}
	}
	return 0;
}

/* The files checked, by the workers or threads, between the head and
 * the end of the report; true when the report could not be written. */
static bool check_files(struct run *r, struct strbuf *err)
{
	bool write_failed = false;

	if (r->fmt == FMT_JSON)
		fputs(r->opt.prefilter_only ? "{\"version\": 1, \"kept\": [" :
		      "{\"version\": 1, \"findings\": [", stdout);
	if (r->fmt == FMT_SARIF) {
		struct strbuf head = { 0 };

		sarif_begin(&head, r->all_rules, r->ci.docs);
		fputs(head.s, stdout);
		free(head.s);
	}
	progress_init(&r->prog, r->nfiles, r->hook.quiet || r->hook.compiler_form);
	/* prefilter-only reads files and parses nothing: no need for isolation */
	if (r->no_isolation || r->opt.prefilter_only)
		run_threads(r);
	else
		isolate_run(r->files, r->nfiles, &r->opt, r->jobs, &r->lim,
			    check_one, r, screen_one, file_done, r);
	progress_clear(&r->prog);
	if (r->fmt == FMT_JSON)
		printf("%s],\n  \"errors\": [%s%s]}\n", r->first ? "" : "\n  ",
		       err->s ? err->s : "", err->len ? "\n  " : "");
	if (r->fmt == FMT_SARIF)
		sarif_close(r, !r->first);
	if (fflush(stdout) || ferror(stdout)) {
		/* a report nobody received must not pass for a clean run */
		fprintf(stderr, "wqport: cannot write the report: %s\n",
			strerror(errno ? errno : EIO));
		write_failed = true;
	}
	if (r->report && html_check_report(r->report, r->files, r->nfiles,
					  r->hook.quiet, r->report_force))
		write_failed = true;
	return write_failed;
}

/* The run's counts, summed over its files */
struct run_totals {
	int nfind, nerr, nskip, nparsed, ncached;
};

/* Sum the files' counts and release them; --stats says the totals. */
static void check_totals(struct run *r, struct run_scratch *rs, double t0,
			 struct run_totals *t)
{
	char *kernels = NULL;
	int i, npch;

	if (r->stats && !r->opt.prefilter_only)
		kernels = stats_kernels(r);
	for (i = 0; i < r->nfiles; i++) {
		struct wq_file *f = &r->files[i];

		t->nfind += f->nfindings;
		t->nerr += f->error != NULL;
		t->nskip += f->skipped;
		t->nparsed += f->parsed;
		t->ncached += f->cached;
		file_release(f);
		if (f->cflags)
			cflags_free(f->cflags, f->ncflags);
		free((char *)f->path);
		free(f->includer);
	}
	cache_trim(r->opt.cache_dir, t->nparsed > t->ncached);
	npch = pch_scratch_remove(rs->pch_scratch);
	free(rs->pch_reuse);
	free(rs->default_cache);
	if (r->stats) {
		fprintf(stderr, "wqport: %d files, %d skipped by prefilter, %d parsed, %d findings, %d errors, %.2f s",
			r->nfiles, t->nskip, t->nparsed, t->nfind, t->nerr,
			now() - t0);
		if (r->opt.cache_dir)	/* the parsed ones known already */
			fprintf(stderr, ", %d from the cache", t->ncached);
		if (npch)
			fprintf(stderr, ", headers precompiled for this run");
		fputc('\n', stderr);
		if (kernels)
			fprintf(stderr, "%s\n", kernels);
	}
	free(kernels);
}

static int check_main(int argc, char **argv)
{
	struct run r = { 0 };
	struct check_args a = { 0 };
	struct strbuf err = { 0 };
	struct run_scratch rs = { 0 };
	struct run_totals t = { 0 };
	int rc;
	bool write_failed;
	double t0 = now();
	char *msg;

	hold_std_fds();
	r.jobs = default_jobs();
	r.fmt = FMT_TEXT;
	r.first = true;
	r.err = &err;
	r.lim.timeout_s = WQ_DEFAULT_TIMEOUT_S;
	r.lim.max_memory_mib = WQ_DEFAULT_MAX_MEMORY_MIB;
	r.opt.verbose = false;
	r.opt.pipeline = &wq_pipeline;
	if (argc > 1 && !strcmp(argv[1], "fix"))
		return fix_main(argc - 1, argv + 1, find_shim(argv[0]), find_cocci());
	/* `wqport check FILE...` is `wqport FILE...`, unless ./check exists */
	if (argc > 1 && !strcmp(argv[1], "check") && access("check", F_OK)) {
		argv[1] = argv[0];
		argv++;
		argc--;
	}
	pthread_mutex_init(&r.lock, NULL);
	pthread_cond_init(&r.cond, NULL);
	rc = check_parse(&r, &a, argc, argv, &msg);
	if (rc < 0 && a.action == ACT_RUN) {
		free(a.paths);
		return run_error(&r, msg, true);
	}
	if ((a.action == ACT_RUN || a.action == ACT_SHOW_CONFIG) &&
	    config_load(&r, &a, &msg)) {
		free(a.paths);
		config_free(&a);
		return run_error(&r, msg, false);
	}
	r.severity = a.severity;
	if (a.action == ACT_SHOW_CONFIG) {
		config_show(&r, &a, stdout);
		if (config_show_paths(&r, &a, stdout, &msg)) {
			free(a.paths);
			config_free(&a);
			return run_error(&r, msg, false);
		}
		free(a.paths);
		config_free(&a);
		return fflush(stdout) ? 2 : 0;
	}
	if (a.action != ACT_RUN) {
		free(msg);
		free(a.paths);
		return answer(a.action);
	}
	rc = setup_inputs(&r, &a);
	if (!rc && config_per_file(&r, &a, &msg))
		rc = run_error(&r, msg, false);
	free(a.paths);
	config_free(&a);
	if (rc)
		return rc & 255;
	if ((rc = check_prepare(&r, &a, argv[0], &rs)))
		return rc;
	write_failed = check_files(&r, &err);
	check_totals(&r, &rs, t0, &t);
	free(r.files);
	config_release(&r);
	free(r.done);
	free(err.s);
	free(r.notes.s);
	if (ci_finish(&r.ci, r.stats))
		write_failed = true;
	compdb_close(r.hook.db);
	if (r.hook.compiler_form && !r.hook.werror)
		return 0;	/* a checker must not stop the build unasked */
	if (t.nerr || write_failed)
		return 2;
	if (r.ci.write_baseline)
		return 0;	/* the findings are accepted now */
	return t.nfind ? 1 : 0;
}

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

#include "ci.h"
#include "cache.h"
#include "fix.h"
#include "help.h"
#include "progress.h"
#include "template.h"
#include "wqport.h"

/* How a build runs us: kbuild's $(CHECK) call, a compilation database. */
struct build_hook {
	bool compiler_form;	/* called like a compiler (make C=1) */
	bool werror;		/* then findings fail the build */
	bool quiet;		/* no progress line */
	const char **cc;	/* the compiler flags of that call */
	int ncc;
	const char *db_path;	/* -p DIR, --compile-commands FILE */
	struct compdb *db;
	FILE *out;		/* the report: stdout, or stderr for kbuild */
};

struct run {
	const char *empty_dir;	/* a path argument that gave no file */
	struct wq_options opt;
	enum wq_format fmt;
	bool stats;
	int jobs;
	struct wq_file *files;
	bool *done;
	int nfiles, capfiles;
	int next;		/* next file a worker takes */
	int ndone;
	struct wq_limits lim;
	bool no_isolation;	/* threads in this process, not workers */
	int printed;		/* files printed so far, in input order */
	bool first;		/* no JSON finding printed yet */
	struct strbuf *err;	/* JSON error list */
	struct build_hook hook;	/* kbuild's CHECK= call, -p */
	struct progress prog;
	pthread_mutex_t lock;
	pthread_cond_t cond;
	struct ci_run ci;	/* diff, baseline, SARIF (select/ci.c) */
	struct strbuf notes;	/* SARIF notifications */
};

static void usage(FILE *out)
{
	help_print(out, HELP_CHECK);
}

static int bad_usage(const char *fmt, const char *arg);

static void add_file(struct run *r, const char *path)
{
	if (r->nfiles == r->capfiles) {
		r->capfiles = r->capfiles ? r->capfiles * 2 : 64;
		r->files = xrealloc(r->files, r->capfiles * sizeof(*r->files));
	}
	memset(&r->files[r->nfiles], 0, sizeof(r->files[0]));
	r->files[r->nfiles++].path = xstrdup(path);
	if (r->hook.db) {
		struct wq_file *f = &r->files[r->nfiles - 1];

		f->cflags = compdb_flags(r->hook.db, path, &f->ncflags);
		f->not_in_db = !f->cflags;
	}
}

/* Options of the build hooks: 1 taken, 0 not one, -1 a missing value. */
static int hook_option(struct build_hook *h, int argc, char **argv, int *i)
{
	const char *a = argv[*i];
	int k;

	if (!strcmp(a, "--werror")) {
		h->werror = true;
	} else if (!strcmp(a, "-q") || !strcmp(a, "--quiet")) {
		h->quiet = true;
	} else if (!strcmp(a, "-p") || !strcmp(a, "--compile-commands")) {
		if (*i + 1 >= argc)
			return -1;
		h->db_path = argv[++*i];
	} else if (!strncmp(a, "--compile-commands=", 19)) {
		h->db_path = a + 19;
	} else if ((k = cflag_kind(a)) ||
		   (h->compiler_form && a[0] == '-' && a[1])) {
		/*
		 * kbuild: $(CHECK) $(CHECKFLAGS) $(c_flags) file.c.  Once a
		 * compiler flag was seen, any option not ours is one too.
		 */
		h->cc = xrealloc(h->cc, (h->ncc + 2) * sizeof(char *));
		h->cc[h->ncc++] = a;
		if (k == 2 && *i + 1 < argc)
			h->cc[h->ncc++] = argv[++*i];
		h->compiler_form = true;
	} else {
		return 0;
	}
	return 1;
}

/* After the options: the flags of a compiler-form call, the database. */
static int hook_setup(struct run *r, bool saw_dashdash)
{
	struct build_hook *h = &r->hook;
	char cwd[PATH_MAX], *err;

	h->out = stdout;
	if (h->compiler_form) {
		if (saw_dashdash)
			return bad_usage("%s", "compiler flags both before and after --");
		if (!getcwd(cwd, sizeof(cwd)))
			strcpy(cwd, ".");
		r->opt.cflags = (const char *const *)cflags_filter(h->cc,
						h->ncc, cwd, &r->opt.ncflags);
		if (r->fmt == FMT_TEXT)
			h->out = stderr;	/* as sparse: the build log */
	}
	if (h->db_path) {
		if (saw_dashdash || h->compiler_form)
			return bad_usage("%s", "-p/--compile-commands and compiler flags do not go together");
		h->db = compdb_open(h->db_path, &err);
		if (!h->db) {
			fprintf(stderr, "wqport: %s\n", err);
			free(err);
			return 2;
		}
	}
	return 0;
}

static void add_db_file(void *arg, const char *path)
{
	size_t n = strlen(path);

	if (n > 2 && !strcmp(path + n - 2, ".c"))
		add_file(arg, path);
}

static void add_scanned(void *arg, const char *path, char *error)
{
	struct run *r = arg;

	add_file(r, path);
	r->files[r->nfiles - 1].error = error;
}

static void add_path(struct run *r, const char *path)
{
	int before = r->nfiles;

	scan_path(path, false, add_scanned, r);
	if (r->nfiles == before && !r->empty_dir)
		r->empty_dir = path;	/* a directory with no *.c file */
}

/*
 * Template-style headers (frontend/template.c): each header holding
 * function bodies that an input includes from its own directory becomes
 * one input, right after its first includer, checked in that file's
 * context; a header the run names itself gets an includer too.
 */
struct tmpl_add {
	struct wq_file *out;
	int n, cap;
	char **real;		/* realpaths of the headers taken so far */
	int nreal;
	const char *includer;
	struct compdb *db;
};

static bool tmpl_seen(struct tmpl_add *ta, const char *path)
{
	char rp[PATH_MAX];
	int i;

	if (!realpath(path, rp))
		return true;
	for (i = 0; i < ta->nreal; i++)
		if (!strcmp(ta->real[i], rp))
			return true;
	ta->real = xrealloc(ta->real, (ta->nreal + 1) * sizeof(char *));
	ta->real[ta->nreal++] = xstrdup(rp);
	return false;
}

static struct wq_file *tmpl_push(struct tmpl_add *ta, const struct wq_file *f)
{
	if (ta->n == ta->cap) {
		ta->cap = ta->cap ? 2 * ta->cap : 64;
		ta->out = xrealloc(ta->out, ta->cap * sizeof(*ta->out));
	}
	ta->out[ta->n] = *f;
	return &ta->out[ta->n++];
}

static void tmpl_found(void *arg, const char *hpath)
{
	struct tmpl_add *ta = arg;
	struct wq_file h = { 0 };

	if (tmpl_seen(ta, hpath))
		return;
	h.path = xstrdup(hpath);
	h.includer = xstrdup(ta->includer);
	if (ta->db) {	/* the includer's flags are the header's */
		h.cflags = compdb_flags(ta->db, ta->includer, &h.ncflags);
		h.not_in_db = !h.cflags;
	}
	tmpl_push(ta, &h);
}

static bool is_header(const char *path)
{
	size_t n = strlen(path);

	return n > 2 && !strcmp(path + n - 2, ".h");
}

static void add_template_headers(struct run *r)
{
	struct template_cache *tc = template_cache_new();
	struct tmpl_add ta = { 0 };
	int i;

	ta.db = r->hook.db;
	/* the headers the run names come first: they are never added twice */
	for (i = 0; i < r->nfiles; i++)
		if (!r->files[i].error && is_header(r->files[i].path))
			tmpl_seen(&ta, r->files[i].path);
	for (i = 0; i < r->nfiles; i++) {
		struct wq_file *f = tmpl_push(&ta, &r->files[i]);

		if (f->error)
			continue;
		if (is_header(f->path)) {
			f->includer = template_includer(tc, f->path);
			if (f->includer && r->hook.db && !f->cflags) {
				f->cflags = compdb_flags(r->hook.db,
							 f->includer,
							 &f->ncflags);
				f->not_in_db = !f->cflags;
			}
			continue;
		}
		ta.includer = f->path;
		template_includes(tc, f->path, tmpl_found, &ta);
	}
	for (i = 0; i < ta.nreal; i++)
		free(ta.real[i]);
	free(ta.real);
	template_cache_free(tc);
	free(r->files);
	r->files = ta.out;
	r->nfiles = ta.n;
	r->capfiles = ta.cap;
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
	ci_check(&r->ci, f, &o, index);
}

static void *worker(void *arg)
{
	struct run *r = arg;
	/* a PCH's declarations are not walked (frontend/pch.c) */
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

static int parse_rule_list(const char *s, unsigned long *mask)
{
	*mask = 0;
	while (*s) {
		char *end;
		long n;

		if (strncmp(s, "WQ", 2))
			return -1;
		n = strtol(s + 2, &end, 10);
		if (end == s + 2 || n <= 0 || n >= WQ_MAX_RULE ||
		    !rule_lookup(n) || (*end && *end != ','))
			return -1;
		*mask |= 1ul << n;
		s = *end ? end + 1 : end;
	}
	return 0;
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
static bool stable_rules_in(unsigned long mask)
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

static int bad_usage(const char *fmt, const char *arg)
{
	fputs("wqport: ", stderr);
	fprintf(stderr, fmt, arg);
	fputs("\nTry 'wqport --help'.\n", stderr);
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
			ci_file_done(&r->ci, f);
			if (r->fmt == FMT_SARIF)
				sarif_file(&out, f, first);
			else
				report_file(&out, f, r->fmt, *first);
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

static void add_changed(void *arg, const char *path)
{
	add_file(arg, path);
}

/*
 * With --diff, --since or --staged: check the changed *.c files when no
 * file is named, and of the named ones only those the diff touches.
 * Returns true when nothing is left to check (a clean exit).
 */
static bool select_changed_files(struct run *r)
{
	int i, k = 0;

	if (!r->nfiles && !r->empty_dir)
		ci_diff_files(&r->ci, add_changed, r);
	for (i = 0; i < r->nfiles; i++) {
		if (r->files[i].error || ci_in_diff(&r->ci, r->files[i].path)) {
			r->files[k++] = r->files[i];
			continue;
		}
		free((char *)r->files[i].path);
	}
	r->nfiles = k;
	r->empty_dir = NULL;
	return !k;
}

/* A run with nothing to check: the empty document of its format. */
static int empty_report(struct run *r)
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

/* --timeout=N, --max-memory=N: a whole number, 0 for no limit */
static bool parse_limit(const char *s, unsigned long max, unsigned long *v)
{
	char *end;

	errno = 0;
	if (*s < '0' || *s > '9')
		return false;
	*v = strtoul(s, &end, 10);
	return !*end && !errno && *v <= max;
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

	if (r->ci.staged || f->includer)
		return false;
	return screen_file(f, &r->opt);
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

static int check_main(int argc, char **argv, const char **paths);

/* paths: the path arguments, kept until they are walked; freed here so
 * that no early return (a usage error, --help, fix) leaks them */
int main(int argc, char **argv)
{
	const char **paths = xrealloc(NULL, argc * sizeof(char *));
	int rc = check_main(argc, argv, paths);

	free(paths);
	return rc;
}

static int check_main(int argc, char **argv, const char **paths)
{
	struct run r = { 0 };
	struct strbuf err = { 0 };
	bool saw_dashdash = false;
	unsigned long select = ~0ul, ignore = 0, lv;
	int i, nfind = 0, nerr = 0, nskip = 0, nparsed = 0, jr;
	int ncached = 0;
	bool write_failed = false;
	const char *bad;
	double t0 = now();
	const char *shim = NULL;
	const char *cache = NULL;
	char *default_cache = NULL, *pch_scratch = NULL, *pch_reuse = NULL;
	int npch = 0;
	bool no_cache = false;
	int npaths = 0, hr;

	hold_std_fds();
	r.jobs = default_jobs();
	r.fmt = FMT_TEXT;
	r.first = true;
	r.err = &err;
	r.lim.timeout_s = WQ_DEFAULT_TIMEOUT_S;
	r.lim.max_memory_mib = WQ_DEFAULT_MAX_MEMORY_MIB;
	r.opt.verbose = false;
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
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "--")) {
			saw_dashdash = true;
			r.opt.cflags = (const char *const *)&argv[i + 1];
			r.opt.ncflags = argc - i - 1;
			r.opt.pch_flags = true;	/* one configuration: pch.c */
			break;
		} else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			usage(stdout);
			return 0;
		} else if (!strcmp(a, "--print-man")) {
			help_man(stdout, WQPORT_VERSION);
			return 0;
		} else if (!strcmp(a, "--version")) {
			printf("wqport %s\n", WQPORT_VERSION);
			return 0;
		} else if (!strcmp(a, "--list-rules")) {
			list_rules();
			return 0;
		} else if (!strcmp(a, "--print-prefilter-words")) {
			prefilter_words(print_word);
			return 0;
		} else if (!strcmp(a, "--format=text")) {
			r.fmt = FMT_TEXT;
		} else if (!strcmp(a, "--format=json")) {
			r.fmt = FMT_JSON;
		} else if (!strcmp(a, "--format=sarif")) {
			r.fmt = FMT_SARIF;
		} else if (!strncmp(a, "--format", 8)) {
			return bad_usage("unknown format '%s' (text, json or sarif)", a);
		} else if ((jr = ci_option(&r.ci, argc, argv, &i, &bad))) {
			if (jr < 0)
				return bad_usage("option '%s' needs a value", bad);
		} else if ((jr = parse_jobs_option(argc, argv, &i, &r.jobs, &bad))) {
			if (jr < 0)
				return bad_usage("bad job count '%s'", bad);
		} else if (!strncmp(a, "--select=", 9)) {
			if (parse_rule_list(a + 9, &select))
				return bad_usage("bad rule list '%s'", a + 9);
		} else if (!strncmp(a, "--ignore=", 9)) {
			if (parse_rule_list(a + 9, &ignore))
				return bad_usage("bad rule list '%s'", a + 9);
		} else if (!strncmp(a, "--target=", 9)) {
			r.opt.target = kernel_version_parse(a + 9);
			if (!r.opt.target && strcmp(a + 9, "latest"))
				return bad_usage("bad target kernel '%s' (say 3.10, 2.6.32 or latest)",
						 a + 9);
		} else if (!strcmp(a, "--stats")) {
			r.stats = true;
		} else if (!strcmp(a, "--no-prefilter")) {
			r.opt.no_prefilter = true;
		} else if (!strcmp(a, "--prefilter-only")) {
			r.opt.prefilter_only = true;
		} else if (!strncmp(a, "--cache=", 8) && a[8]) {
			cache = a + 8;	/* result cache (frontend/cache.c) */
		} else if (!strcmp(a, "--cache") && i + 1 < argc) {
			cache = argv[++i];
		} else if (!strcmp(a, "--no-cache")) {
			no_cache = true;
		} else if (!strncmp(a, "--shim-dir=", 11)) {
			shim = a + 11;
		} else if (!strncmp(a, "--timeout=", 10)) {
			if (!parse_limit(a + 10, 86400 * 365, &lv))
				return bad_usage("bad time limit '%s' (whole seconds, 0 for none)",
						 a + 10);
			r.lim.timeout_s = lv;
		} else if (!strncmp(a, "--max-memory=", 13)) {
			if (!parse_limit(a + 13, 1ul << 30, &lv) || (lv && lv < 64))
				return bad_usage("bad memory limit '%s' (MiB, at least 64, 0 for none)",
						 a + 13);
			r.lim.max_memory_mib = lv;
		} else if (!strcmp(a, "--no-isolation")) {
			r.no_isolation = true;
		} else if (!strcmp(a, "-v") || !strcmp(a, "--verbose")) {
			r.opt.verbose = true;
		} else if ((hr = hook_option(&r.hook, argc, argv, &i))) {
			if (hr < 0)
				return bad_usage("%s needs a value", a);
		} else if (a[0] == '-' && a[1]) {
			return bad_usage("unknown option '%s'", a);
		} else {
			paths[npaths++] = a;
		}
	}
	if ((hr = hook_setup(&r, saw_dashdash)))
		return hr;
	for (i = 0; i < npaths; i++)
		add_path(&r, paths[i]);
	if (!npaths && r.hook.db)	/* every C file the database lists */
		compdb_each_file(r.hook.db, add_db_file, &r);
	r.opt.rule_mask = select & ~ignore;
	/* --verbose reports every parse error, so it parses every body */
	r.opt.blank_bodies = !r.opt.verbose;
	for (i = 1; i < WQ_MAX_RULE; i++)	/* --target: what matters there */
		if (!rule_applies(rule_lookup(i), r.opt.target))
			r.opt.rule_mask &= ~(1ul << i);
	if (!stable_rules_in(r.opt.rule_mask))
		return bad_usage("%s", "no stable rule selected: nothing would be checked (see --list-rules)");
	if (r.opt.prefilter_only && (r.fmt == FMT_SARIF || ci_used(&r.ci)))
		return bad_usage("%s", "--prefilter-only lists files: no SARIF, baseline or diff with it");
	if ((jr = ci_prepare(&r.ci)))
		return jr;
	if (ci_by_diff(&r.ci) && select_changed_files(&r))
		return empty_report(&r);	/* no changed C file */
	if (!r.opt.prefilter_only)
		add_template_headers(&r);
	if (!r.nfiles) {
		free(r.ci.docs);	/* ci_prepare()'s, unused now */
		r.ci.docs = NULL;
		return r.empty_dir ? bad_usage("no *.c file in '%s'", r.empty_dir) :
		       bad_usage("%s", "no input files");
	}
	r.opt.shim_dir = shim ? shim : find_shim(argv[0]);
	if (!r.opt.cflags && !r.opt.prefilter_only && !shim_ok(r.opt.shim_dir)) {
		shim_missing("wqport", r.opt.shim_dir);
		return 2;
	}
	/* WQPORT_NO_CACHE (the test suite) turns off only the default */
	if (!cache && !no_cache && !getenv("WQPORT_NO_CACHE"))
		cache = default_cache = cache_default_dir();
	r.opt.cache_dir = no_cache ? NULL : cache;
	r.done = xrealloc(NULL, r.nfiles * sizeof(bool));
	memset(r.done, 0, r.nfiles * sizeof(bool));
	if (r.jobs > r.nfiles)
		r.jobs = r.nfiles;
	/* --no-cache: a run of many files still precompiles the shim */
	if (!r.opt.cache_dir && !r.opt.prefilter_only)
		r.opt.pch_dir = pch_scratch = pch_scratch_dir(r.nfiles, 16);
	/*
	 * and a short one uses the precompiled headers a run with the
	 * default cache left (clang checks they are current), building none
	 */
	if (!r.opt.cache_dir && !r.opt.pch_dir && !r.opt.prefilter_only &&
	    !getenv("WQPORT_NO_CACHE")) {
		char *d = cache_default_dir();

		if (d) {
			r.opt.pch_dir = pch_reuse = xasprintf("%s/pch", d);
			r.opt.pch_no_build = true;
			free(d);
		}
	}

	if (r.fmt == FMT_JSON)
		fputs(r.opt.prefilter_only ? "{\"version\": 1, \"kept\": [" :
		      "{\"version\": 1, \"findings\": [", stdout);
	if (r.fmt == FMT_SARIF) {
		struct strbuf head = { 0 };

		sarif_begin(&head, r.opt.rule_mask, r.ci.docs);
		fputs(head.s, stdout);
		free(head.s);
	}
	progress_init(&r.prog, r.nfiles, r.hook.quiet || r.hook.compiler_form);
	/* prefilter-only reads files and parses nothing: no need for isolation */
	if (r.no_isolation || r.opt.prefilter_only)
		run_threads(&r);
	else
		isolate_run(r.files, r.nfiles, &r.opt, r.jobs, &r.lim,
			    check_one, &r, screen_one, file_done, &r);
	progress_clear(&r.prog);
	if (r.fmt == FMT_JSON)
		printf("%s],\n  \"errors\": [%s%s]}\n", r.first ? "" : "\n  ",
		       err.s ? err.s : "", err.len ? "\n  " : "");
	if (r.fmt == FMT_SARIF)
		sarif_close(&r, !r.first);
	if (fflush(stdout) || ferror(stdout)) {
		/* a report nobody received must not pass for a clean run */
		fprintf(stderr, "wqport: cannot write the report: %s\n",
			strerror(errno ? errno : EIO));
		write_failed = true;
	}

	for (i = 0; i < r.nfiles; i++) {
		struct wq_file *f = &r.files[i];

		nfind += f->nfindings;
		nerr += f->error != NULL;
		nskip += f->skipped;
		nparsed += f->parsed;
		ncached += f->cached;
		file_release(f);
		if (f->cflags)
			cflags_free(f->cflags, f->ncflags);
		free((char *)f->path);
		free(f->includer);
	}
	cache_trim(r.opt.cache_dir, nparsed > ncached);
	npch = pch_scratch_remove(pch_scratch);
	free(pch_reuse);
	free(default_cache);
	if (r.stats) {
		fprintf(stderr, "wqport: %d files, %d skipped by prefilter, %d parsed, %d findings, %d errors, %.2f s",
			r.nfiles, nskip, nparsed, nfind, nerr, now() - t0);
		if (r.opt.cache_dir)	/* the parsed ones known already */
			fprintf(stderr, ", %d from the cache", ncached);
		if (npch)
			fprintf(stderr, ", headers precompiled for this run");
		fputc('\n', stderr);
	}
	free(r.files);
	free(r.done);
	free(err.s);
	free(r.notes.s);
	if (ci_finish(&r.ci, r.stats))
		write_failed = true;
	compdb_close(r.hook.db);
	if (r.hook.compiler_form && !r.hook.werror)
		return 0;	/* a checker must not stop the build unasked */
	if (nerr || write_failed)
		return 2;
	if (r.ci.write_baseline)
		return 0;	/* the findings are accepted now */
	return nfind ? 1 : 0;
}

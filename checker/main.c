// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport: find racy and obsolete ways of sleeping on a wait queue in
 * Linux kernel driver code.
 *
 * This file is the command line: options, the list of files (directories
 * are walked for *.c), a pool of worker threads each with its own libclang
 * index, and output in input order whatever order the workers finish in.
 */
#include <errno.h>
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
#include "fix.h"
#include "wqport.h"

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
	pthread_mutex_t lock;
	pthread_cond_t cond;
};

static void usage(FILE *out)
{
	fputs("usage: wqport [options] <file|dir>... [-- <compiler flags>]\n"
	      "       wqport fix [options] <file|dir>... [-- <compiler flags>]\n"
	      "\n"
	      "Finds racy and obsolete wait-queue sleeps in kernel C code.\n"
	      "Directories are searched recursively for *.c files.  Without\n"
	      "compiler flags, files are parsed against the bundled shim\n"
	      "headers; flags after -- replace them (e.g. a kernel's own).\n"
	      "\n"
	      "options:\n"
	      "  --format=text|json     output format (default text)\n"
	      "  -j, --jobs=N           check N files in parallel (default 1)\n"
	      "  --select=WQ001,...     run only these rules\n"
	      "  --ignore=WQ004,...     do not run these rules\n"
	      "  --list-rules           print the rule table and exit\n"
	      "  --stats                print a summary line to stderr\n"
	      "  --no-prefilter         parse every file, even those naming no wait API\n"
	      "  --prefilter-only       print the files the prefilter keeps; parse nothing\n"
	      "  --cache DIR            keep results in DIR (default $XDG_CACHE_HOME/wqport/results)\n"
	      "  --no-cache             neither use nor store cached results\n"
	      "  --print-prefilter-words  print the words the prefilter looks for\n"
	      "  --shim-dir=DIR         use DIR as the shim header directory\n"
	      "  -v, --verbose          also report parse errors\n"
	      "  --version, -h/--help\n"
	      "\n"
	      "exit status: 0 nothing found, 1 findings, 2 usage or input errors\n",
	      out);
}

static void add_file(struct run *r, const char *path)
{
	if (r->nfiles == r->capfiles) {
		r->capfiles = r->capfiles ? r->capfiles * 2 : 64;
		r->files = xrealloc(r->files, r->capfiles * sizeof(*r->files));
	}
	memset(&r->files[r->nfiles], 0, sizeof(r->files[0]));
	r->files[r->nfiles++].path = xstrdup(path);
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

static void *worker(void *arg)
{
	struct run *r = arg;
	CXIndex index = clang_createIndex(0, 0);

	for (;;) {
		struct wq_file *f;
		int i = take_next(&r->lock, &r->next, r->nfiles);

		if (i < 0)
			break;
		f = &r->files[i];
		if (!f->error)
			check_file(f, &r->opt, index);
		free(f->buf);
		f->buf = NULL;
		pthread_mutex_lock(&r->lock);
		r->done[i] = true;
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

static const char *find_shim(const char *argv0)
{
	static char buf[PATH_MAX];
	const char *env = getenv("WQPORT_SHIM_DIR");
	ssize_t n;
	char *slash;
	struct stat st;

	(void)argv0;
	if (env && *env)
		return env;
	/* installed layout: <prefix>/bin/wqport, <prefix>/share/wqport/shim */
	n = readlink("/proc/self/exe", buf, sizeof(buf) - 32);
	if (n > 0) {
		buf[n] = '\0';
		slash = strrchr(buf, '/');
		if (slash) {
			strcpy(slash, "/../share/wqport/shim");
			if (!stat(buf, &st) && S_ISDIR(st.st_mode))
				return buf;
		}
	}
	return WQPORT_SOURCE_SHIM;
}

/* The semantic patches: installed beside the shim, or the source tree's. */
static const char *find_cocci(void)
{
	static char buf[PATH_MAX];
	const char *env = getenv("WQPORT_COCCI_DIR");
	ssize_t n;
	char *slash;
	struct stat st;

	if (env && *env)
		return env;
	n = readlink("/proc/self/exe", buf, sizeof(buf) - 40);
	if (n > 0) {
		buf[n] = '\0';
		slash = strrchr(buf, '/');
		if (slash) {
			strcpy(slash, "/../share/wqport/semantic-patches");
			if (!stat(buf, &st) && S_ISDIR(st.st_mode))
				return buf;
		}
	}
	return WQPORT_SOURCE_COCCI;
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

/* Print finished files [from, upto) in input order; returns upto. */
static int flush_ready(struct run *r, int from, int upto, bool *first,
		       struct strbuf *err)
{
	struct strbuf out = { 0 };

	while (from < upto) {
		struct wq_file *f = &r->files[from];

		if (f->error) {
			fprintf(stderr, "%s: error: %s\n", f->path, f->error);
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
			report_file(&out, f, r->fmt, *first);
			if (f->nfindings)
				*first = false;
		}
		if (out.len > 65536) {
			fwrite(out.s, 1, out.len, stdout);
			out.len = 0;
		}
		from++;
	}
	if (out.len)
		fwrite(out.s, 1, out.len, stdout);
	free(out.s);
	return from;
}

int main(int argc, char **argv)
{
	struct run r = { 0 };
	struct strbuf err = { 0 };
	pthread_t *tids;
	bool first = true, saw_dashdash = false;
	unsigned long select = ~0ul, ignore = 0;
	int i, printed = 0, nfind = 0, nerr = 0, nskip = 0, nparsed = 0, jr;
	int ncached = 0;
	bool write_failed = false;
	const char *bad;
	double t0 = now();
	const char *shim = NULL;
	const char *cache = NULL;
	char *default_cache = NULL;
	bool no_cache = false;

	r.jobs = 1;
	r.fmt = FMT_TEXT;
	r.opt.verbose = false;
	if (argc > 1 && !strcmp(argv[1], "fix"))
		return fix_main(argc - 1, argv + 1, find_shim(argv[0]), find_cocci());
	pthread_mutex_init(&r.lock, NULL);
	pthread_cond_init(&r.cond, NULL);
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "--")) {
			saw_dashdash = true;
			r.opt.cflags = (const char *const *)&argv[i + 1];
			r.opt.ncflags = argc - i - 1;
			break;
		} else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			usage(stdout);
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
		} else if (!strncmp(a, "--format", 8)) {
			return bad_usage("unknown format '%s' (text or json)", a);
		} else if ((jr = parse_jobs_option(argc, argv, &i, &r.jobs, &bad))) {
			if (jr < 0)
				return bad_usage("bad job count '%s'", bad);
		} else if (!strncmp(a, "--select=", 9)) {
			if (parse_rule_list(a + 9, &select))
				return bad_usage("bad rule list '%s'", a + 9);
		} else if (!strncmp(a, "--ignore=", 9)) {
			if (parse_rule_list(a + 9, &ignore))
				return bad_usage("bad rule list '%s'", a + 9);
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
		} else if (!strcmp(a, "-v") || !strcmp(a, "--verbose")) {
			r.opt.verbose = true;
		} else if (a[0] == '-' && a[1]) {
			return bad_usage("unknown option '%s'", a);
		} else {
			add_path(&r, a);
		}
	}
	(void)saw_dashdash;
	if (!r.nfiles && r.empty_dir)
		return bad_usage("no *.c file in '%s'", r.empty_dir);
	if (!r.nfiles)
		return bad_usage("%s", "no input files");
	r.opt.shim_dir = shim ? shim : find_shim(argv[0]);
	r.opt.rule_mask = select & ~ignore;
	if (!stable_rules_in(r.opt.rule_mask))
		return bad_usage("%s", "no stable rule selected: nothing would be checked (see --list-rules)");
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

	if (r.fmt == FMT_JSON)
		fputs(r.opt.prefilter_only ? "{\"version\": 1, \"kept\": [" :
		      "{\"version\": 1, \"findings\": [", stdout);
	tids = xrealloc(NULL, r.jobs * sizeof(pthread_t));
	for (i = 0; i < r.jobs; i++)
		if (pthread_create(&tids[i], NULL, worker, &r))
			break;
	if (!i) {
		fprintf(stderr, "wqport: cannot start a worker thread\n");
		return 2;
	}
	r.jobs = i;	/* fewer workers if the system would not give more */
	pthread_mutex_lock(&r.lock);
	while (printed < r.nfiles) {
		int upto = printed;

		while (!r.done[printed])
			pthread_cond_wait(&r.cond, &r.lock);
		/* read the done flags under the lock the workers set them with */
		while (upto < r.nfiles && r.done[upto])
			upto++;
		pthread_mutex_unlock(&r.lock);
		printed = flush_ready(&r, printed, upto, &first, &err);
		pthread_mutex_lock(&r.lock);
	}
	pthread_mutex_unlock(&r.lock);
	for (i = 0; i < r.jobs; i++)
		pthread_join(tids[i], NULL);
	free(tids);
	if (r.fmt == FMT_JSON)
		printf("%s],\n  \"errors\": [%s%s]}\n", first ? "" : "\n  ",
		       err.s ? err.s : "", err.len ? "\n  " : "");
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
		free((char *)f->path);
	}
	cache_trim(r.opt.cache_dir);
	free(default_cache);
	if (r.stats) {
		fprintf(stderr, "wqport: %d files, %d skipped by prefilter, %d parsed, %d findings, %d errors, %.2f s",
			r.nfiles, nskip, nparsed, nfind, nerr, now() - t0);
		if (r.opt.cache_dir)	/* the parsed ones known already */
			fprintf(stderr, ", %d from the cache", ncached);
		fputc('\n', stderr);
	}
	free(r.files);
	free(r.done);
	free(err.s);
	if (nerr || write_failed)
		return 2;
	return nfind ? 1 : 0;
}

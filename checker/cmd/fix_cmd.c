// SPDX-License-Identifier: GPL-2.0-only
/*
 * `wqport fix`: plan, rewrite, verify, and hand back reviewable patches.
 *
 * The command line: options, the files, the worker threads (each with
 * a scratch directory of its own), the report.  Each file goes through
 * the pipeline of engine.c: plan, rewrite, verify, prove.
 *
 * Output: a unified diff on stdout (or --write, atomically; or --series,
 * one git-am-able patch per file), one line per site on stderr and a
 * summary; --format=json for machines.
 */
#define _GNU_SOURCE	/* memmem() */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <clang-c/Index.h>

#include "analysis.h"
#include "cmd/fix_out.h"
#include "child.h"
#include "engine.h"
#include "color.h"
#include "fix.h"
#include "fixout.h"
#include "help.h"
#include "html.h"
#include "options.h"
#include "validate.h"
#include "module.h"
#include "write.h"


/* A CRLF file is fixed with LF endings and gets its CRs back here. */
static void fix_one(const struct fix_run *r, void *index, struct fix_result *res)
{
	fix_file(r, index, res);
	fix_eol_restore(res);
}

struct worker_arg {
	struct fix_run *r;
	char *tmpdir;
};

/* Each worker has its own scratch directory: spatch runs in parallel. */
static void *worker(void *arg)
{
	struct worker_arg *w = arg;
	struct fix_run *r = w->r, local = *r;
	CXIndex index = clang_createIndex(0, 0);

	local.env.tmpdir = w->tmpdir;
	for (;;) {
		int i = take_next(&r->lock, &r->next, r->nfiles);

		if (i < 0)
			break;
		/* a signal: what is not finished yet is not written */
		if (!fix_stop_signal && !r->files[i].error &&
		    !r->files[i].same_as)
			fix_one(&local, index, &r->files[i]);
		if (fix_stop_signal)
			r->files[i].not_done = true;
	}
	clang_disposeIndex(index);
	module_cache_release();
	return NULL;
}

static void screened(void *arg, int i)
{
}

/*
 * Parse every file once in worker processes first (frontend/isolate.c):
 * one that crashes libclang or runs over the time or memory limit gets
 * that error and is not fixed; the run goes on.  The fix itself then
 * runs in this process as before.  It costs one more parse per file,
 * small beside spatch.
 */
static void screen(struct fix_run *r, const struct wq_limits *lim)
{
	struct wq_file *f = xrealloc(NULL, r->nfiles * sizeof(*f));
	struct wq_options o = r->opt;
	int i;

	o.tu_hook = NULL;
	o.tu_arg = NULL;
	memset(f, 0, r->nfiles * sizeof(*f));
	for (i = 0; i < r->nfiles; i++) {
		f[i].path = r->files[i].path;
		if (r->files[i].error)	/* a bad path: nothing to screen */
			f[i].error = xstrdup(r->files[i].error);
	}
	isolate_run(f, r->nfiles, &o, r->jobs, lim, NULL, NULL, NULL,
		    screened, NULL);
	for (i = 0; i < r->nfiles; i++) {
		if (!r->files[i].error && f[i].error) {
			r->files[i].error = f[i].error;
			f[i].error = NULL;
		}
		file_release(&f[i]);
	}
	free(f);
}

static void add_scanned(void *arg, const char *path, char *error)
{
	struct fix_run *r = arg;
	struct fix_result *res;

	r->files = xrealloc(r->files, (r->nfiles + 1) * sizeof(*r->files));
	res = &r->files[r->nfiles++];
	memset(res, 0, sizeof(*res));
	res->path = xstrdup(path);
	res->error = error;
}

static void fix_usage(FILE *out)
{
	help_print(out, HELP_FIX);
}

/* A usage error: its reason, and still a whole JSON/SARIF document */
static int fix_bad_usage(const struct fix_opts *fo, const char *fmt,
			 const char *arg)
{
	char *why = xasprintf(fmt, arg);

	fixout_error(fo, NULL, why);
	free(why);
	fputs("Try 'wqport fix --help'.\n", stderr);
	return 2;
}

static bool executable(const char *prog)
{
	const char *path = getenv("PATH");
	char buf[PATH_MAX];

	if (strchr(prog, '/'))
		return access(prog, X_OK) == 0;
	while (path && *path) {
		const char *c = strchr(path, ':');
		size_t n = c ? (size_t)(c - path) : strlen(path);

		snprintf(buf, sizeof(buf), "%.*s/%s", (int)n, path, prog);
		if (access(buf, X_OK) == 0)
			return true;
		path = c ? c + 1 : NULL;
	}
	return false;
}

/* One option of options.def; NULL, or the usage error it makes. */
static char *fix_option(struct fix_run *r, struct wq_limits *lim,
			bool *no_isolation, int id, const char *v)
{
	unsigned long lv;

	if (v && !*v)
		return xasprintf("option '%s' needs a value", opt_name(id));
	switch (id) {
	case OPT_WRITE:
		r->fo.write = true;
		break;
	case OPT_SERIES:
		r->fo.series = v;
		break;
	case OPT_AUTHOR:
		r->fo.author = v;
		break;
	case OPT_NO_SIGNOFF:
		r->fo.no_signoff = true;
		break;
	case OPT_NO_PREFILTER:
		r->opt.no_prefilter = true;
		break;
	case OPT_TIMEOUT:
		if (!parse_limit(v, 86400 * 365, &lv))
			return xasprintf("bad time limit '%s' for --timeout (whole seconds, 0 for none)", v);
		lim->timeout_s = lv;
		break;
	case OPT_MAX_MEMORY:
		if (!parse_limit(v, 1ul << 30, &lv) || (lv && lv < 64))
			return xasprintf("bad memory limit '%s' for --max-memory (MiB, at least 64, 0 for none)", v);
		lim->max_memory_mib = lv;
		break;
	case OPT_NO_ISOLATION:
		*no_isolation = true;
		break;
	case OPT_FIX_TARGET:
		r->fo.target = kernel_version_parse(v);
		if (!r->fo.target)
			return xasprintf("bad target kernel '%s' (say 3.10 or 2.6.32)", v);
		/* the sites are the findings of a check for it */
		r->opt.target = r->fo.target;
		r->opt.target_set = true;	/* its facts, not the tree's */
		break;
	case OPT_UNSAFE:
		r->fo.unsafe = true;
		break;
	case OPT_NO_KEEP_RACE:
		r->fo.no_keep_race = true;
		break;
	case OPT_FIX_FORMAT:
		r->fo.json = !strcmp(v, "json");
		r->fo.sarif = !strcmp(v, "sarif");
		if (!r->fo.json && !r->fo.sarif && strcmp(v, "text"))
			return xasprintf("unknown format '%s' for --format (text, json or sarif)", v);
		break;
	case OPT_DOCS_URL:
		r->fo.docs_url = v;
		break;
	case OPT_REPORT:
		r->fo.report = v;
		break;
	case OPT_FORCE:
		r->fo.force = true;
		break;
	case OPT_SPATCH:
		r->env.spatch = v;
		break;
	case OPT_SPATCH_TIMEOUT:
		if (!parse_limit(v, 86400 * 365, &lv))
			return xasprintf("bad time limit '%s' for --spatch-timeout (whole seconds, 0 for none)", v);
		r->env.timeout_s = lv ? (int)lv : -1;	/* 0: none */
		break;
	case OPT_COCCI_DIR:
		r->env.cocci_dir = v;
		break;
	case OPT_SHIM_DIR:
		r->opt.shim_dir = v;
		break;
	case OPT_FIX_JOBS:
		if (!parse_jobs(v, &r->jobs))
			return xasprintf("bad job count '%s' for --jobs (1 to 256)", v);
		break;
	case OPT_QUIET:
		r->fo.quiet = true;
		break;
	case OPT_VERBOSE:
		r->opt.verbose = true;
		break;
	case OPT_COLOR:
		if (color_parse(v, &r->fo.color_mode))
			return xasprintf("bad --color '%s' (auto, always or never)", v);
		break;
	}
	return NULL;
}

/* What a fix run holds, released on every way out of fix_main() */
static int fix_drop(struct fix_run *r, int rc)
{
	int i;

	for (i = 0; i < r->nfiles; i++)
		fix_result_release(&r->files[i]);
	free(r->files);
	r->files = NULL;
	r->nfiles = 0;
	free(r->fo.author_owned);
	r->fo.author_owned = NULL;
	return rc;
}

/* The worker threads, each with a scratch folder of its own in tmpl */
static void run_workers(struct fix_run *r, const char *tmpl)
{
	pthread_t *tids = xrealloc(NULL, r->jobs * sizeof(pthread_t));
	struct worker_arg *wa = xrealloc(NULL, r->jobs * sizeof(*wa));
	int i, started;

	for (i = 0; i < r->jobs; i++) {
		wa[i].r = r;
		wa[i].tmpdir = xasprintf("%s/%d", tmpl, i);
		mkdir(wa[i].tmpdir, 0700);
	}
	for (started = 0; started < r->jobs; started++)
		if (start_thread(&tids[started], worker, &wa[started]))
			break;
	if (!started)	/* no thread: do the work on this one */
		worker(&wa[0]);
	for (i = 0; i < started; i++)
		pthread_join(tids[i], NULL);
	for (i = 0; i < r->jobs; i++) {
		rmdir(wa[i].tmpdir);
		free(wa[i].tmpdir);
	}
	free(wa);
	free(tids);
}

/*
 * The kernel each file is from, whatever --target says, and what the
 * words say of it (fix/record.c fills each file's kernel facts).
 */
static void kernels(struct fix_run *r)
{
	int i;

	r->fo.cc_flags = r->opt.cflags != NULL;
	for (i = 0; i < r->nfiles; i++) {
		struct fix_result *res = &r->files[i];

		res->kernel = kernel_detect(res->path, r->opt.cflags,
					    r->opt.ncflags, &res->kernel_from);
		res->kernel_inc = res->kernel ?
				  kernel_include_dir(res->kernel_from) : NULL;
		record_kernel(res, r->fo.target, r->fo.cc_flags);
	}
}

int fix_main(int argc, char **argv, const char *shim_dir, const char *cocci_dir)
{
	struct fix_run r = { 0 };
	char *tmpl;
	int rc, id, action = 0;
	const char *v, *empty_dir = NULL;
	struct wq_limits lim = { WQ_DEFAULT_TIMEOUT_S, WQ_DEFAULT_MAX_MEMORY_MIB };
	bool no_isolation = false;
	struct opt_iter it;
	char *usage_err = NULL;

	r.jobs = default_jobs();
	r.opt.rule_mask = ~0ul;
	r.opt.shim_dir = shim_dir;
	r.opt.pipeline = &wq_pipeline;
	r.env.spatch = getenv("WQPORT_SPATCH") ? getenv("WQPORT_SPATCH") : "spatch";
	r.env.cocci_dir = cocci_dir;
	r.fo.record = getenv("WQPORT_RECORD") &&
		      !strcmp(getenv("WQPORT_RECORD"), "1");
	pthread_mutex_init(&r.lock, NULL);
	opt_init(&it, argc, argv, OPT_FIX);
	while ((id = opt_next(&it, &v)) != OPT_END) {
		char *err = NULL;

		if (id == OPT_DASHDASH) {
			r.opt.cflags = (const char *const *)&argv[it.i];
			r.opt.ncflags = argc - it.i;
			break;
		} else if (id == OPT_ARG) {
			int before = r.nfiles;

			scan_path(v, true, add_scanned, &r);
			if (r.nfiles == before && !empty_dir)
				empty_dir = v;
		} else if (id == OPT_MISSING) {
			err = xasprintf("option '%s' needs a value", v);
		} else if (id == OPT_UNKNOWN) {
			err = xasprintf("unknown option '%s'", v);
		} else if (id == OPT_HELP || id == OPT_VERSION) {
			action = action ? action : id;
		} else {
			err = fix_option(&r, &lim, &no_isolation, id, v);
		}
		if (err && !usage_err)
			usage_err = err;
		else
			free(err);
	}
	if (action == OPT_HELP) {
		fix_usage(stdout);
		free(usage_err);
		return fix_drop(&r, 0);
	}
	if (action == OPT_VERSION) {
		printf("wqport %s\n", WQPORT_VERSION);
		free(usage_err);
		return fix_drop(&r, 0);
	}
	if (usage_err) {
		rc = fix_bad_usage(&r.fo, "%s", usage_err);
		free(usage_err);
		return fix_drop(&r, rc);
	}
	if (!r.nfiles && empty_dir)
		return fix_bad_usage(&r.fo, "no *.c or *.h file in '%s'", empty_dir);
	if (!r.nfiles)
		return fix_bad_usage(&r.fo, "%s", "no input files");
	if (r.fo.write && r.fo.series)
		return fix_drop(&r, fix_bad_usage(&r.fo, "%s", "--write and --series do not go together"));
	fix_identify(r.files, r.nfiles);	/* links, one file named twice */
	if (r.fo.report) {	/* before the run, not after it */
		char *err = NULL, *t;

		if (html_dir_check(r.fo.report, r.fo.force, &err)) {
			t = xasprintf("--report: %s", err);
			fixout_error(&r.fo, NULL, t);
			free(t);
			free(err);
			return fix_drop(&r, 2);
		}
	}
	if (r.fo.write || r.fo.series)
		fix_catch_signals();
	if (r.fo.series) {
		char *err;

		if (series_identity(&r.fo, &err) < 0) {
			fixout_error(&r.fo, NULL, err);
			free(err);
			return fix_drop(&r, 2);
		}
	}
	if (!r.opt.cflags && !shim_ok(r.opt.shim_dir)) {
		char *err = xasprintf("the shim headers are missing: %s/wqport-shim.h cannot be read; without them the findings would be wrong (check --shim-dir or WQPORT_SHIM_DIR)",
				      r.opt.shim_dir);

		fixout_error(&r.fo, NULL, err);
		free(err);
		return fix_drop(&r, 2);
	}
	if (!executable(r.env.spatch)) {
		char *err = xasprintf("cannot run '%s': install Debian's coccinelle package (apt-get install coccinelle), or name it with --spatch=",
				      r.env.spatch);

		fixout_error(&r.fo, NULL, err);
		free(err);
		return fix_drop(&r, 2);
	}
	tmpl = xasprintf("%s/wqport-fix-XXXXXX", tmp_dir());
	if (!mkdtemp(tmpl)) {
		char *err = xasprintf("cannot make a scratch directory in %s: %s",
				      tmp_dir(), strerror(errno));

		fixout_error(&r.fo, NULL, err);
		free(tmpl);
		free(err);
		return fix_drop(&r, 2);
	}
	if (r.jobs > r.nfiles)
		r.jobs = r.nfiles;
	if (!no_isolation)
		screen(&r, &lim);
	run_workers(&r, tmpl);
	kernels(&r);
	rc = fix_output(r.files, r.nfiles, &r.fo, tmpl);
	fix_steps_print();
	rmdir(tmpl);
	free(tmpl);
	return fix_drop(&r, rc);
}

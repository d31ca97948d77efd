// SPDX-License-Identifier: GPL-2.0-only
/*
 * The check command's inputs: the paths on the command line (folders
 * walked for *.c, in name order), the files a compilation database lists,
 * standard input under --stdin-filename, the files a diff changed
 * (--diff), and the template headers (.h files holding whole functions)
 * a walk meets with no includer; each with the options its
 * compilation-database entry or .wqport gives it.
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

static bool is_header(const char *path)
{
	size_t n = strlen(path);

	return n > 2 && !strcmp(path + n - 2, ".h");
}

/* A directory walk: its *.h files are kept aside (add_template_headers) */
static void add_walked(void *arg, const char *path, char *error)
{
	struct run *r = arg;

	if (error || !is_header(path)) {
		add_scanned(arg, path, error);
		return;
	}
	r->walk_h = xrealloc(r->walk_h, (r->nwalk_h + 1) * sizeof(*r->walk_h));
	r->walk_h[r->nwalk_h].path = xstrdup(path);
	r->walk_h[r->nwalk_h++].at = r->nfiles;
}

static void add_path(struct run *r, const char *path)
{
	int before = r->nfiles;
	struct stat st;
	bool dir = !stat(path, &st) && S_ISDIR(st.st_mode);

	scan_path(path, dir, dir ? add_walked : add_scanned, r);
	if (r->nfiles == before && !r->empty_dir)
		r->empty_dir = path;	/* a directory with no *.c file */
}

/*
 * Template-style headers (frontend/input/template.c): each header holding
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

static int cmp_strp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The directories of the run's C files, sorted, each once. */
static char **input_dirs(const struct run *r, int *n)
{
	char **d = xrealloc(NULL, (r->nfiles + 1) * sizeof(char *));
	int i, k = 0;

	for (i = 0; i < r->nfiles; i++) {
		const char *p = r->files[i].path;
		const char *slash = strrchr(p, '/');

		if (r->files[i].error || is_header(p))
			continue;
		d[k++] = slash ? xasprintf("%.*s", (int)(slash - p), p) :
			 xstrdup(".");
	}
	if (k)
		qsort(d, k, sizeof(char *), cmp_strp);
	for (i = 0, *n = 0; i < k; i++) {
		if (*n && !strcmp(d[*n - 1], d[i]))
			free(d[i]);
		else
			d[(*n)++] = d[i];
	}
	return d;
}

/*
 * A template header a walk met that no .c of its directory includes:
 * one input of its own where the walk met it, checked on its own as a
 * header named alone is (what the parse loses without an includer's
 * types and macros, the token floor finds: rules/floor.c).
 */
static void add_orphans(struct run *r, struct template_cache *tc,
			struct tmpl_add *ta, const int *out_at)
{
	struct wq_file *all = NULL;
	int i, j = 0, n = 0, k;

	char **dirs = input_dirs(r, &n);

	for (i = 0; i < r->nwalk_h; i++) {
		struct walk_header *w = &r->walk_h[i];
		const char *slash = strrchr(w->path, '/');
		char *d = slash ? xasprintf("%.*s", (int)(slash - w->path),
					    w->path) : xstrdup(".");
		bool near = bsearch(&d, dirs, n, sizeof(char *), cmp_strp);

		free(d);
		/* only next to a C file of the run: the template cache has
		 * read that directory's headers already */
		if (ci_by_diff(&r->ci) || !near ||
		    !template_orphan(tc, w->path) || tmpl_seen(ta, w->path)) {
			free(w->path);
			w->path = NULL;
		}
	}
	for (i = 0; i < n; i++)
		free(dirs[i]);
	free(dirs);
	n = 0;
	all = xrealloc(NULL, (ta->n + r->nwalk_h + 1) * sizeof(*all));
	for (k = 0; k <= ta->n; k++) {
		/* the headers met before the file that is out[k] */
		for (; j < r->nwalk_h && (k == ta->n ||
					 out_at[r->walk_h[j].at] <= k); j++) {
			struct wq_file h = { 0 };

			if (!r->walk_h[j].path)
				continue;
			h.path = r->walk_h[j].path;
			all[n++] = h;
		}
		if (k < ta->n)
			all[n++] = ta->out[k];
	}
	free(ta->out);
	ta->out = all;
	ta->n = n;
	ta->cap = ta->n + r->nwalk_h + 1;
	free(r->walk_h);
	r->walk_h = NULL;
	r->nwalk_h = 0;
}

static void add_template_headers(struct run *r)
{
	struct template_cache *tc = template_cache_new();
	struct tmpl_add ta = { 0 };
	int *out_at = xrealloc(NULL, (r->nfiles + 1) * sizeof(int));
	int i;

	ta.db = r->hook.db;
	/* the headers the run names come first: they are never added twice */
	for (i = 0; i < r->nfiles; i++)
		if (!r->files[i].error && is_header(r->files[i].path))
			tmpl_seen(&ta, r->files[i].path);
	for (i = 0; i < r->nfiles; i++) {
		struct wq_file *f;

		out_at[i] = ta.n;
		f = tmpl_push(&ta, &r->files[i]);

		if (f->error || f->from_stdin)
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
	out_at[r->nfiles] = ta.n;
	if (r->nwalk_h)
		add_orphans(r, tc, &ta, out_at);
	free(out_at);
	for (i = 0; i < ta.nreal; i++)
		free(ta.real[i]);
	free(ta.real);
	template_cache_free(tc);
	free(r->files);
	r->files = ta.out;
	r->nfiles = ta.n;
	r->capfiles = ta.cap;
}

/* A file under its own .wqport (config.c): its rules and target */
void file_options(const struct run *r, const struct wq_file *f,
		  struct wq_options *o)
{
	const struct file_conf *c = r->fconf ? r->fconf[f - r->files] : NULL;

	if (c) {
		o->rule_mask = c->rule_mask;
		o->target = c->target;
		o->target_set = c->target_set;
	}
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

/*
 * "-": the file on standard input, read whole now (workers are forked
 * later and inherit it), checked under --stdin-filename's name, which
 * also says where its quoted includes are.
 */
static char *add_stdin(struct run *r, const char *name)
{
	struct strbuf in = { 0 };
	char buf[65536];
	ssize_t n;

	if (r->ci.stdin_text)
		return xstrdup("standard input (-) named twice");
	if (r->ci.diff_file && !strcmp(r->ci.diff_file, "-"))
		return xstrdup("standard input cannot be both the diff (--diff) and a file (-): use --diff=FILE");
	sb_add(&in, "", 0);
	while ((n = read(0, buf, sizeof(buf))) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			free(in.s);
			return xasprintf("cannot read standard input: %s",
					 strerror(errno));
		}
		sb_add(&in, buf, n);
	}
	r->ci.stdin_text = in.s;
	r->ci.stdin_len = in.len;
	add_file(r, name ? name : "<stdin>");
	r->files[r->nfiles - 1].from_stdin = true;
	return NULL;
}

/* The files to check, their rules: what the options make of the run */
int setup_inputs(struct run *r, struct check_args *a)
{
	char *msg;
	int i, rc;

	if ((rc = hook_setup(r, a->saw_dashdash, &msg)))
		return run_error(r, msg, rc == -1);
	for (i = 0; i < a->npaths; i++) {
		if (strcmp(a->paths[i], "-")) {
			add_path(r, a->paths[i]);
		} else if ((msg = add_stdin(r, a->stdin_name))) {
			return run_error(r, msg, true);
		}
	}
	if (a->stdin_name && !r->ci.stdin_text)
		return run_error(r, xstrdup("--stdin-filename names the file read from standard input: give '-' too"), true);
	if (!a->npaths && r->hook.db)	/* every C file the database lists */
		compdb_each_file(r->hook.db, add_db_file, r);
	r->opt.rule_mask = a->select & ~a->ignore;
	/* --verbose reports every parse error, so it parses every body */
	r->opt.blank_bodies = !r->opt.verbose;
	for (i = 1; i < WQ_MAX_RULE; i++)	/* --target: what matters there */
		if (!rule_applies(rule_lookup(i), r->opt.target))
			r->opt.rule_mask &= ~(1ul << i);
	if (!stable_rules_in(r->opt.rule_mask))
		return run_error(r, xstrdup("no stable rule selected: nothing would be checked (see --list-rules)"), true);
	if (r->opt.prefilter_only && (r->fmt == FMT_SARIF || ci_used(&r->ci)))
		return run_error(r, xstrdup("--prefilter-only lists files: no SARIF, baseline or diff with it"), true);
	if ((rc = ci_prepare(&r->ci, &msg)))
		return run_error(r, msg, false);
	if (ci_by_diff(&r->ci) && select_changed_files(r))
		return empty_report(r) | 256;	/* no changed C file */
	if (!r->opt.prefilter_only)
		add_template_headers(r);
	if (!r->nfiles)
		return run_error(r, r->empty_dir ?
				 xasprintf("no *.c file in '%s'", r->empty_dir) :
				 xstrdup("no input files"), !r->empty_dir);
	return 0;
}

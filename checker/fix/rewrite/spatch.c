// SPDX-License-Identifier: GPL-2.0-only
/*
 * Run the semantic patches of one rule over one file's current text.
 *
 * The text is written to a private scratch directory, the planned sites
 * of the rule go to a plan file (JSON lines, see semantic-patches/
 * plan.md) named by WQPORT_PLAN, and semantic-patches/<stem>.cocci and
 * every <stem>-<digit>*.cocci of the rule run in name order with
 * --in-place on the scratch copy, until one of them changes it: the plan
 * names sites by their lines in the text it was made on, so the files
 * after it wait for the next pass, planned on the changed text (2).
 * The parts of one pass (<stem>-0a-*.cocci, <stem>-0b-*.cocci, ...; no
 * <stem>.cocci is needed) run as one.
 * The user's file is never touched here.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "child.h"
#include "fix.h"

#define SPATCH_TIMEOUT 300	/* seconds per spatch run, by default */

/* sleep-on.cocci before sleep-on-2.cocci: the name without ".cocci" */
static int cmp_patch(const void *a, const void *b)
{
	const char *x = *(char *const *)a, *y = *(char *const *)b;
	size_t lx = strlen(x) - 6, ly = strlen(y) - 6;
	int c = strncmp(x, y, lx < ly ? lx : ly);

	return c ? c : (lx > ly) - (lx < ly);
}

/* A second pass (<stem>-2.cocci): it takes the in-place entry forms. */
static bool second_pass(const char *patch)
{
	const char *b = strrchr(patch, '/');
	size_t l;

	b = b ? b + 1 : patch;
	l = strlen(b);
	return l > 8 && !strcmp(b + l - 8, "-2.cocci");
}

/*
 * The plan-only files of a family split by shape (sleep-on-<n>-<what>.cocci)
 * convert only sites whose plan entry asks for their shapes: such a file
 * runs only when a planned site of the rule needs it, saving a spatch run
 * (a parse of the file) on each pass where none does.
 */
static bool wants_keep(const struct fix_site *s)
{
	return s->keep_loop;
}

static bool wants_cond(const struct fix_site *s)
{
	return s->cond && *s->cond;
}

/* the in-place forms (the call a statement, or its result used in place) */
static bool wants_ptw(const struct fix_site *s)
{
	return s->form && !strncmp(s->form, "prepare_to_wait", 15);
}

/* the 2.0-2.2 queue declarations, ported with the sleeps */
static bool wants_queues(const struct fix_site *s)
{
	return s->port_queues;
}

static const struct {
	const char *suffix;
	bool (*wants)(const struct fix_site *s);
} plan_parts[] = {
	{ "-keep-loop.cocci", wants_keep },
	{ "-cond.cocci", wants_cond },
	{ "-prepare-to-wait.cocci", wants_ptw },
	{ "-prepare-to-wait-result.cocci", wants_ptw },
	{ "-old-queues.cocci", wants_queues },
};

/* Has patch, for the rule, a planned site to convert? */
static bool needed(const char *patch, const struct fix_plan *plan, int rule)
{
	size_t l = strlen(patch), i;
	int j;

	for (i = 0; i < sizeof(plan_parts) / sizeof(plan_parts[0]); i++) {
		size_t sl = strlen(plan_parts[i].suffix);

		if (l < sl || strcmp(patch + l - sl, plan_parts[i].suffix))
			continue;
		for (j = 0; j < plan->n; j++)
			if (plan->s[j].rule == rule && plan->s[j].planned &&
			    plan_parts[i].wants(&plan->s[j]))
				return true;
		return false;
	}
	return true;
}

/* The .cocci files of a rule, in name order; NULL-terminated. */
static char **rule_patches(const struct spatch_env *env, int rule)
{
	const char *stem = rule_cocci(rule);	/* rules.def */
	DIR *d = opendir(env->cocci_dir);
	struct dirent *de;
	char **v = NULL;
	int n = 0;
	size_t sl;

	if (!d || !stem) {
		if (d)
			closedir(d);
		return NULL;
	}
	sl = strlen(stem);
	while ((de = readdir(d))) {
		size_t l = strlen(de->d_name);

		if (l < 6 || strcmp(de->d_name + l - 6, ".cocci") ||
		    strncmp(de->d_name, stem, sl) ||
		    (de->d_name[sl] != '.' && de->d_name[sl] != '-'))
			continue;
		/*
		 * sleep-on.cocci, sleep-on-2.cocci; not a <stem>-<word>.cocci:
		 * those only report (schedule-while-running-report.cocci)
		 */
		if (de->d_name[sl] == '-' && !(de->d_name[sl + 1] >= '0' &&
					       de->d_name[sl + 1] <= '9'))
			continue;
		v = xrealloc(v, (n + 2) * sizeof(char *));
		v[n++] = xasprintf("%s/%s", env->cocci_dir, de->d_name);
	}
	closedir(d);
	if (!n)
		return NULL;
	qsort(v, n, sizeof(char *), cmp_patch);
	v[n] = NULL;
	return v;
}

bool spatch_has_rule(const struct spatch_env *env, int rule)
{
	char **v = rule_patches(env, rule);
	int i;

	if (!v)
		return false;
	for (i = 0; v[i]; i++)
		free(v[i]);
	free(v);
	return true;
}

/* The time limit of one spatch run, in seconds (0: none) */
static int spatch_limit(const struct spatch_env *env)
{
	return env->timeout_s < 0 ? 0 : env->timeout_s ? env->timeout_s :
	       SPATCH_TIMEOUT;
}

/* name.h, name.hh, name.hpp: spatch parses a header a little differently */
static bool is_header(const char *base)
{
	const char *dot = strrchr(base, '.');

	return dot && dot[1] == 'h';
}

/* A name of the run's own scratch folder, made anew (never through a link) */
static int create_fresh(const char *path)
{
	unlink(path);
	return create_new(path, 0600);
}

static bool write_all(const char *path, const char *s, size_t n)
{
	int fd = create_fresh(path);
	FILE *f = fd < 0 ? NULL : fdopen(fd, "w");
	bool ok;

	if (!f) {
		if (fd >= 0)
			close(fd);
		return false;
	}
	ok = fwrite(s, 1, n, f) == n;
	return fclose(f) == 0 && ok;
}

static char *read_all(const char *path, size_t *len)
{
	FILE *f = fopen(path, "r");
	struct strbuf sb = { 0 };
	char buf[65536];
	size_t n;

	if (!f)
		return NULL;
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		sb_add(&sb, buf, n);
	fclose(f);
	*len = sb.len;
	return sb.s ? sb.s : xstrdup("");
}

static void json_str(struct strbuf *sb, const char *key, const char *v,
		     bool comma)
{
	sb_printf(sb, "\"%s\": ", key);
	report_json_escape(sb, v ? v : "");
	if (comma)
		sb_puts(sb, ", ");
}

static void write_plan(struct strbuf *sb, const char *file,
		       const struct fix_plan *plan, int rule)
{
	int i;

	for (i = 0; i < plan->n; i++) {
		const struct fix_site *s = &plan->s[i];

		if (s->rule != rule)
			continue;
		sb_puts(sb, "{");
		json_str(sb, "file", file, true);
		sb_printf(sb, "\"line\": %u, \"rule\": \"WQ%03d\", ", s->pos.line,
			  s->rule);
		json_str(sb, "anchor", s->anchor, true);
		json_str(sb, "action", s->planned ? "convert" : "refuse", true);
		json_str(sb, "form", s->form, true);
		json_str(sb, "cond", s->cond, true);
		json_str(sb, "lock", s->lock, true);
		sb_printf(sb, "\"keep_loop\": %s, ", s->keep_loop ? "true" : "false");
		json_str(sb, "edits", s->edits, true);
		json_str(sb, "queue", s->eq, true);
		json_str(sb, "entry", s->ew, true);
		sb_printf(sb, "\"port_queues\": %s, ",
			  s->port_queues ? "true" : "false");
		json_str(sb, "caveat", s->outcome == FO_REFUSE ? "" : s->note, true);
		sb_printf(sb, "\"reason\": ");
		if (s->planned || !s->reason) {
			report_json_escape(sb, "");
		} else {
			char *r = xasprintf("%s: %s", s->reason,
					    s->note ? s->note : "");

			report_json_escape(sb, r);
			free(r);
		}
		sb_puts(sb, "}\n");
	}
}

extern char **environ;

/*
 * Run argv with WQPORT_PLAN set; stdout and stderr to errpath.  Exit
 * status, -1, or -2 when it ran past SPATCH_TIMEOUT and was killed.
 * The environment is built here, in this thread: the child runs no code
 * of ours (posix_spawnp), so nothing unsafe happens between fork and
 * exec while other threads hold locks.
 */
static int run(char **argv, const char *plan, const char *errpath,
	       int timeout_s)
{
	struct spawn_opts o = { .in = -1 };
	char **env, *var = xasprintf("WQPORT_PLAN=%s", plan);
	int n = 0, k = 0, fd, rc;
	pid_t pid;

	while (environ[n])
		n++;
	env = xrealloc(NULL, (n + 2) * sizeof(char *));
	for (n = 0; environ[n]; n++)
		if (strncmp(environ[n], "WQPORT_PLAN=", 12))
			env[k++] = environ[n];
	env[k++] = var;
	env[k] = NULL;
	fd = create_fresh(errpath);
	o.out = o.err = fd;
	o.env = env;
	pid = spawn(argv, &o);
	if (fd >= 0)
		close(fd);
	free(env);
	free(var);
	if (pid < 0)
		return -1;
	rc = timeout_s > 0 ? spawn_wait_timeout(pid, timeout_s) :
			     spawn_wait(pid);
	return rc == -2 ? -2 : rc >= 128 ? -1 : rc;
}

/* Does the scratch copy differ from the text the plan was made on? */
static bool changed(const char *work, const char *text, size_t len)
{
	size_t n;
	char *now = read_all(work, &n);
	bool diff = !now || n != len || memcmp(now, text, len);

	free(now);
	return diff;
}

/*
 * The parts of one pass: <stem>-3a-<what>.cocci, <stem>-3b-<what>.cocci, ...
 * (a number and a letter) are files a maintainer reads and runs one by
 * one, and wqport fix runs as one spatch run, in name order, as the
 * rules of one file: a rule sees what the parts before it decided (one
 * DEFINE_WAIT per function), and a function one part rewrote is left to
 * the next pass by the parts after it, as by the later rules of a file.
 * The length of the "<stem>-3" that names the pass, or 0.
 */
static size_t part_of(const char *patch)
{
	const char *b = strrchr(patch, '/'), *c;

	b = b ? b + 1 : patch;
	for (c = b; (c = strchr(c, '-')); c++) {
		const char *d = c + 1;

		if (*d < '0' || *d > '9')
			continue;
		while (*d >= '0' && *d <= '9')
			d++;
		if (*d >= 'a' && *d <= 'z' && (d[1] == '-' || d[1] == '.'))
			return (size_t)(d - patch);
		return 0;
	}
	return 0;
}

/* Does a planned site of the rule need one of the n patches from v[0] on? */
static bool run_needed(char **v, int n, const struct fix_plan *plan, int rule)
{
	int k;

	for (k = 0; k < n; k++)
		if (needed(v[k], plan, rule))
			return true;
	return false;
}

/* How many patches from v[i] on make one spatch run */
static int run_len(char **v, int i)
{
	size_t k = part_of(v[i]);
	int n = 1;

	while (k && v[i + n] && part_of(v[i + n]) == k &&
	       !strncmp(v[i], v[i + n], k))
		n++;
	return n;
}

/*
 * Write the n parts from v[0] on as one file in the scratch directory:
 * the first whole, each next one from the end of its @initialize:python@
 * part (its header, virtual rules and loader are the first's), and a
 * lib/ link beside it to the folder the parts import their Python from.
 * Returns its name, or NULL.
 */
static char *join_parts(const struct spatch_env *env, char **v, int n)
{
	char *path = xasprintf("%s/parts.cocci", env->tmpdir);
	char *lib = xasprintf("%s/lib", env->tmpdir);
	char *dir = xstrdup(v[0]), *slash = strrchr(dir, '/'), *abs, *target;
	struct strbuf sb = { 0 };
	bool ok = true;
	int i;

	/* the link is read from the scratch directory: name the folder whole */
	abs = realpath(slash ? (*slash = '\0', dir) : ".", NULL);
	target = xasprintf("%s/lib", abs ? abs : dir);
	free(abs);

	for (i = 0; i < n && ok; i++) {
		size_t len;
		char *t = read_all(v[i], &len);
		const char *from = t;

		if (!t) {
			ok = false;
			break;
		}
		if (i) {
			const char *init = strstr(t, "\n@initialize:python@\n");
			const char *end = init ? strstr(init + 1, "\n\n") : NULL;

			if (end)
				from = end + 2;
		}
		sb_add(&sb, from, len - (size_t)(from - t));
		free(t);
	}
	unlink(lib);
	if (ok && (symlink(target, lib) || !write_all(path, sb.s ? sb.s : "", sb.len)))
		ok = false;
	free(sb.s);
	free(lib);
	free(dir);
	free(target);
	if (!ok) {
		free(path);
		return NULL;
	}
	return path;
}

int spatch_apply(const struct spatch_env *env, const char *path,
		 const struct fix_plan *plan, int rule, char **text,
		 size_t *len, char **err)
{
	const char *base = strrchr(path, '/');
	char *work, *planf, *errf, **patches, *joined = NULL;
	struct strbuf sb = { 0 };
	int i, nrun, rc = 0;
	bool any = false, shape = false, entry = false, ran = false;

	for (i = 0; i < plan->n; i++) {
		if (plan->s[i].rule != rule || !plan->s[i].planned)
			continue;
		any = true;
		if (form_in_place(plan->s[i].form))
			entry = true;
		else
			shape = true;
	}
	if (!any)
		return 0;
	patches = rule_patches(env, rule);
	if (!patches)
		return 0;
	base = base ? base + 1 : path;
	/*
	 * spatch gets a name made here, never the user's: spatch 1.1.1
	 * --in-place copies its result back with an unquoted
	 * `sh -c "cp <out> <file>"`, so a `$(...)`, a quote or a space in
	 * the name would run as a command or break the copy.  The suffix
	 * tells spatch a header from a source file.
	 */
	work = xasprintf("%s/f0001.%c", env->tmpdir, is_header(base) ? 'h' : 'c');
	planf = xasprintf("%s/plan.jsonl", env->tmpdir);
	errf = xasprintf("%s/spatch.log", env->tmpdir);
	write_plan(&sb, work, plan, rule);
	if (!write_all(planf, sb.s ? sb.s : "", sb.len) ||
	    !write_all(work, *text, *len)) {
		*err = xasprintf("cannot write to %s: %s", env->tmpdir,
				 strerror(errno));
		rc = -1;
		goto out;
	}
	for (i = 0; patches[i]; i += nrun) {
		char *argv[] = {
			(char *)env->spatch, "--sp-file", patches[i],
			"-D", "patch", "--very-quiet", "--no-includes",
			"--include-headers", "--in-place", "--no-show-diff",
			"--tmp-dir", (char *)env->tmpdir, work, NULL
		};
		int r;

		nrun = run_len(patches, i);

		/*
		 * The in-place entry patch edits by the lines of the text the
		 * plan was made on: it runs alone, after the shape patches
		 * have changed the file and it has been analysed again (1)
		 */
		if (second_pass(patches[i]) ?
		    !entry || (shape && !plan->entry_pass) :
		    !shape || plan->entry_pass) {
			if (second_pass(patches[i]) && entry && !plan->entry_pass)
				rc = 1;
			continue;
		}
		if (!run_needed(patches + i, nrun, plan, rule))
			continue;
		if (ran && changed(work, *text, *len)) {
			rc = 2;
			break;
		}
		ran = true;
		if (nrun > 1) {
			free(joined);
			joined = join_parts(env, patches + i, nrun);
			if (!joined) {
				*err = xasprintf("cannot write to %s: %s",
						 env->tmpdir, strerror(errno));
				rc = -1;
				goto out;
			}
			argv[2] = joined;
		}
		r = run(argv, planf, errf, spatch_limit(env));
		if (r != 0) {
			size_t n;
			char *log = read_all(errf, &n);
			char *line = log;

			/* the last non-empty line says what went wrong */
			while (log && n && (log[n - 1] == '\n' || log[n - 1] == ' '))
				log[--n] = '\0';
			if (log && strrchr(log, '\n'))
				line = strrchr(log, '\n') + 1;
			if (r == -2)	/* the limit, named */
				*err = xasprintf("%s timed out on this file: stopped at its limit of %d s per run (--spatch-timeout)",
						 env->spatch, spatch_limit(env));
			else
				*err = xasprintf("%s failed on it (%s)%s%s",
						 env->spatch, r == 127 ?
						 "cannot run" : "error",
						 line && *line ? ": " : "",
						 line ? line : "");
			free(log);
			rc = -1;
			goto out;
		}
	}
	{
		size_t n;
		char *out = read_all(work, &n);

		if (!out) {
			*err = xasprintf("spatch left no output");
			rc = -1;
			goto out;
		}
		free(*text);
		*text = out;
		*len = n;
	}
out:
	unlink(work);
	unlink(planf);
	unlink(errf);
	if (joined) {
		char *lib = xasprintf("%s/lib", env->tmpdir);

		unlink(joined);
		unlink(lib);
		free(lib);
		free(joined);
	}
	for (i = 0; patches[i]; i++)
		free(patches[i]);
	free(patches);
	free(sb.s);
	free(work);
	free(planf);
	free(errf);
	return rc;
}

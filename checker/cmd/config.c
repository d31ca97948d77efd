// SPDX-License-Identifier: GPL-2.0-only
/*
 * .wqport: the settings a tree carries, as .clang-tidy and .shellcheckrc
 * do, so that every run in it (by hand, pre-commit, CI) checks the same
 * rules for the same kernel against the same baseline.
 *
 *	# comments and blank lines are ignored
 *	select = WQ001,WQ002,WQ006
 *	ignore = WQ004
 *	target = 4.19
 *	baseline = tools/wqport.baseline	# relative to this file
 *	jobs = 8
 *	active-only = yes			# --active-only (yes or no)
 *	severity WQ002 = error			# error, warning or style
 *
 * It is looked for from each checked path (its folder, for a file)
 * upward, stopping at the top of the git tree (the folder holding .git)
 * or at /; with no path, from the current folder.  The file found from
 * the first path is the run's: its baseline and jobs are the run's.
 * Each checked file then takes select, ignore, target and severities
 * from the .wqport nearest to it: a subfolder's file applies to the
 * files below it, alone (settings it does not name are the command
 * line's or the defaults, not the run's file's); its baseline and jobs
 * lines are checked but belong to the run's file only.  Values go
 * through the option parser, so they mean exactly what the options of
 * the same name mean; an option given on the command line wins over
 * every file.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config.h"
#include "options.h"

static const struct {
	const char *key;
	int id;
} keys[] = {
	{ "select", OPT_SELECT }, { "ignore", OPT_IGNORE },
	{ "target", OPT_TARGET }, { "baseline", OPT_BASELINE },
	{ "jobs", OPT_JOBS }, { "active-only", OPT_ACTIVE_ONLY },
};

#define NKEYS (sizeof(keys) / sizeof(keys[0]))

static bool is_file(const char *p)
{
	struct stat st;

	return !stat(p, &st) && S_ISREG(st.st_mode);
}

static bool exists(const char *p)
{
	struct stat st;

	return !stat(p, &st);
}

/* The .wqport above path, or NULL */
static char *find_from(const char *path)
{
	char dir[PATH_MAX], *p;
	struct stat st;

	if (!realpath(path, dir))
		return NULL;
	if (!stat(dir, &st) && !S_ISDIR(st.st_mode)) {
		p = strrchr(dir, '/');
		*(p == dir ? p + 1 : p) = '\0';
	}
	for (;;) {
		char *f = xasprintf("%s%s.wqport", dir,
				    strcmp(dir, "/") ? "/" : "");
		char *git = xasprintf("%s/.git", dir);
		bool top = exists(git);

		free(git);
		if (is_file(f))
			return f;
		free(f);
		p = strrchr(dir, '/');
		if (top || !p || !strcmp(dir, "/"))
			return NULL;
		*(p == dir ? p + 1 : p) = '\0';
	}
}

static char *trim(char *s)
{
	char *e;

	while (*s == ' ' || *s == '\t')
		s++;
	e = s + strlen(s);
	while (e > s && strchr(" \t\r\n", e[-1]))
		*--e = '\0';
	return s;
}

static int severity_of(const char *v)
{
	if (!strcmp(v, "error"))
		return SEV_ERROR;
	if (!strcmp(v, "warning"))
		return SEV_WARNING;
	if (!strcmp(v, "style"))
		return SEV_STYLE;
	return -1;
}

/* "severity WQ002 = error" */
static char *set_severity(struct check_args *a, const char *key,
			  const char *v, const char *where)
{
	char *end;
	long n;
	int sev = severity_of(v);

	if (strncmp(key, "WQ", 2))
		return xasprintf("bad rule '%s' (say severity WQ002 = error)", key);
	n = strtol(key + 2, &end, 10);
	if (*end || n <= 0 || n >= WQ_MAX_RULE || !rule_lookup(n))
		return xasprintf("unknown rule '%s'", key);
	if (sev < 0)
		return xasprintf("bad severity '%s' (error, warning or style)", v);
	a->severity[n] = sev;
	if (!a->reading_sub) {
		free(a->sev_origin[n]);
		a->sev_origin[n] = xstrdup(where);
	}
	return NULL;
}

/* A value as the option would take it; a baseline path from the file's
 * folder */
static char *set_key(struct run *r, struct check_args *a, int k,
		     const char *v, const char *dir, const char *where)
{
	char *val = (keys[k].id == OPT_BASELINE && v[0] != '/') ?
		    xasprintf("%s/%s", dir, v) : xstrdup(v);
	char *err, *p, *q;

	if (keys[k].id == OPT_SELECT || keys[k].id == OPT_IGNORE)
		for (p = q = val; (*q = *p); p++)	/* "WQ001, WQ002" */
			q += *p != ' ' && *p != '\t';
	if (keys[k].id == OPT_ACTIVE_ONLY && strcmp(val, "yes") &&
	    strcmp(val, "no")) {
		err = xasprintf("bad value '%s' for active-only (yes or no)", val);
		free(val);
		return err;
	}
	if (a->given[keys[k].id] ||	/* the command line wins */
	    (a->reading_sub && (keys[k].id == OPT_BASELINE ||
				keys[k].id == OPT_JOBS ||
				keys[k].id == OPT_ACTIVE_ONLY))) {
		free(val);
		return NULL;
	}
	if (keys[k].id == OPT_ACTIVE_ONLY)	/* a flag: yes sets it */
		err = strcmp(val, "yes") ? NULL :
		      check_option(r, a, keys[k].id, NULL);
	else
		err = check_option(r, a, keys[k].id, val);
	if (err) {
		free(val);
		return err;
	}
	if (a->reading_sub) {
		a->sub_set[keys[k].id] = true;
		free(val);
		return NULL;
	}
	free(a->origin[keys[k].id]);
	a->origin[keys[k].id] = xstrdup(where);
	if (keys[k].id == OPT_BASELINE) {	/* the run keeps the path */
		free(r->ci.baseline_owned);
		r->ci.baseline_owned = val;
	} else {
		free(val);
	}
	return NULL;
}

static char *config_line(struct run *r, struct check_args *a, char *line,
			 const char *dir, const char *where)
{
	char *eq, *key, *v, *hash = strchr(line, '#');
	size_t k;

	if (hash)
		*hash = '\0';
	line = trim(line);
	if (!*line)
		return NULL;
	eq = strchr(line, '=');
	if (!eq)
		return xstrdup("not 'key = value'");
	*eq = '\0';
	key = trim(line);
	v = trim(eq + 1);
	if (!strncmp(key, "severity", 8) && (key[8] == ' ' || key[8] == '\t'))
		return set_severity(a, trim(key + 8), v, where);
	for (k = 0; k < NKEYS; k++)
		if (!strcmp(key, keys[k].key))
			return set_key(r, a, k, v, dir, where);
	return xasprintf("unknown setting '%s' (select, ignore, target, baseline, jobs, active-only, severity WQnnn)",
			 key);
}

static int config_read(struct run *r, struct check_args *a, const char *path,
		       char **msg)
{
	struct stat st;
	char *why = NULL;
	int fd = open_regular(path, &st, &why);
	FILE *f = fd < 0 ? NULL : fdopen(fd, "r");
	char line[4096], *dir = xstrdup(path), *slash;
	int n = 0;

	if (!f) {
		/* a FIFO, a device or a socket is never opened */
		*msg = xasprintf("%s: %s", path, why ? why : "cannot read it");
		if (fd >= 0)
			close(fd);
		free(why);
		free(dir);
		return -1;
	}
	slash = strrchr(dir, '/');
	if (slash)
		*(slash == dir ? slash + 1 : slash) = '\0';
	while (fgets(line, sizeof(line), f)) {
		char *where = xasprintf("%s:%d", path, ++n);
		char *err = config_line(r, a, line, dir, where);

		if (err) {
			*msg = xasprintf("%s: %s", where, err);
			free(err);
			free(where);
			break;
		}
		free(where);
	}
	fclose(f);
	free(dir);
	return *msg ? -1 : 0;
}

int config_load(struct run *r, struct check_args *a, char **msg)
{
	int i;

	*msg = NULL;
	memset(a->severity, -1, sizeof(a->severity));
	a->base_select = a->select;
	a->base_ignore = a->ignore;
	a->base_target = r->opt.target;
	if (a->no_config)
		return 0;
	for (i = 0; i < (a->npaths ? a->npaths : 1); i++) {
		const char *p = a->npaths ? a->paths[i] : ".";
		char *f;

		if (!strcmp(p, "-"))
			p = a->stdin_name ? a->stdin_name : ".";
		if (!exists(p))
			continue;	/* reported when it is walked */
		f = find_from(p);
		if (!a->config)
			a->config = f;
		else
			free(f);
		break;		/* the first path's file is the run's */
	}
	return a->config ? config_read(r, a, a->config, msg) : 0;
}

/* The settings of the .wqport at path alone, over the command line's */
static struct file_conf *sub_conf(struct run *r, struct check_args *a,
				  char *path, char **msg)
{
	struct file_conf *c = xrealloc(NULL, sizeof(*c));
	unsigned long sel = a->select, ign = a->ignore;
	unsigned target = r->opt.target;
	signed char sev[WQ_MAX_RULE];
	int i;

	memcpy(sev, a->severity, sizeof(sev));
	a->select = a->base_select;
	a->ignore = a->base_ignore;
	r->opt.target = a->base_target;
	memset(a->severity, -1, sizeof(a->severity));
	memset(a->sub_set, 0, sizeof(a->sub_set));
	a->reading_sub = true;
	if (*path)	/* "": no .wqport above it, the defaults */
		config_read(r, a, path, msg);
	a->reading_sub = false;
	c->path = path;
	c->target = r->opt.target;
	c->rule_mask = a->select & ~a->ignore;
	for (i = 1; i < WQ_MAX_RULE; i++)	/* as setup_inputs() does */
		if (!rule_applies(rule_lookup(i), c->target))
			c->rule_mask &= ~(1ul << i);
	memcpy(c->severity, a->severity, sizeof(c->severity));
	c->set_select = a->sub_set[OPT_SELECT] || a->sub_set[OPT_IGNORE];
	c->set_target = a->sub_set[OPT_TARGET];
	c->target_set = c->set_target || a->given[OPT_TARGET];
	a->select = sel;
	a->ignore = ign;
	r->opt.target = target;
	memcpy(a->severity, sev, sizeof(sev));
	if (*msg) {
		free(c);
		free(path);
		return NULL;
	}
	return c;
}

int config_per_file(struct run *r, struct check_args *a, char **msg)
{
	char *last_dir = NULL, *last = NULL;
	int i, k;

	*msg = NULL;
	r->all_rules = r->opt.rule_mask;
	if (a->no_config || !r->nfiles)
		return 0;
	r->fconf = xrealloc(NULL, r->nfiles * sizeof(*r->fconf));
	for (i = 0; i < r->nfiles; i++) {
		const struct wq_file *f = &r->files[i];
		char *dir = xstrdup(f->path), *slash = strrchr(dir, '/'), *c;

		r->fconf[i] = NULL;
		if (slash)
			*(slash == dir ? slash + 1 : slash) = '\0';
		else
			strcpy(dir, ".");
		if (f->from_stdin) {
			free(dir);
			continue;
		}
		if (last_dir && !strcmp(dir, last_dir)) {	/* as the last */
			free(dir);
			c = last ? xstrdup(last) : NULL;
		} else {
			free(last_dir);
			last_dir = dir;
			free(last);
			c = exists(dir) ? find_from(dir) : NULL;
			last = c ? xstrdup(c) : NULL;
		}
		if (!c && a->config)	/* outside the run's file's tree */
			c = xstrdup("");
		if (!c || (a->config && !strcmp(c, a->config))) {
			free(c);
			continue;
		}
		for (k = 0; k < r->nconfs; k++)
			if (!strcmp(r->confs[k]->path, c))
				break;
		if (k == r->nconfs) {
			struct file_conf *fc = sub_conf(r, a, c, msg);

			if (!fc)
				break;
			r->confs = xrealloc(r->confs, (r->nconfs + 1) *
					    sizeof(*r->confs));
			r->confs[r->nconfs++] = fc;
			r->all_rules |= fc->rule_mask;
		} else {
			free(c);
		}
		r->fconf[i] = r->confs[k];
	}
	free(last_dir);
	free(last);
	return *msg ? -1 : 0;
}

void config_release(struct run *r)
{
	int i;

	for (i = 0; i < r->nconfs; i++) {
		free(r->confs[i]->path);
		free(r->confs[i]);
	}
	free(r->confs);
	free(r->fconf);
	r->confs = NULL;
	r->fconf = NULL;
	r->nconfs = 0;
}

static const char *origin(const struct check_args *a, int id)
{
	return a->given[id] ? "command line" : a->origin[id] ? a->origin[id] :
	       "default";
}

void config_show(const struct run *r, const struct check_args *a, FILE *out)
{
	char *t = r->opt.target ? kernel_version_text(r->opt.target) : NULL;
	int i, sep = 0;

	fprintf(out, "# configuration file: %s\n",
		a->no_config ? "none (--no-config)" :
		a->config ? a->config : "none found");
	fprintf(out, "format = %s\t# %s\n", r->fmt == FMT_JSON ? "json" :
		r->fmt == FMT_SARIF ? "sarif" : "text", origin(a, OPT_FORMAT));
	fputs("select = ", out);
	for (i = 1; i < WQ_MAX_RULE; i++)
		if ((a->select & ~a->ignore & (1ul << i)) && rule_lookup(i))
			fprintf(out, "%sWQ%03d", sep++ ? "," : "", i);
	fprintf(out, "\t# %s", origin(a, OPT_SELECT));
	if (a->given[OPT_IGNORE] || a->origin[OPT_IGNORE])
		fprintf(out, ", less ignore (%s)", origin(a, OPT_IGNORE));
	fprintf(out, "\ntarget = %s\t# %s\n", t ? t : "latest",
		origin(a, OPT_TARGET));
	if (r->opt.target_set)
		fprintf(out, "kernel = %s\t# the target's facts\n",
			t ? t : "latest");
	else
		fputs("kernel = detected\t# per file: its kernel tree's Makefile, else its build's version header; none: no version-dependent fact\n",
		      out);
	fprintf(out, "baseline = %s\t# %s\n", r->ci.baseline ? r->ci.baseline :
		"none", origin(a, OPT_BASELINE));
	fprintf(out, "jobs = %d\t# %s\n", r->jobs, origin(a, OPT_JOBS));
	fprintf(out, "active-only = %s\t# %s\n",
		r->opt.active_only ? "yes" : "no", origin(a, OPT_ACTIVE_ONLY));
	for (i = 1; i < WQ_MAX_RULE; i++) {
		const struct wq_rule *rule = rule_lookup(i);

		if (rule && rule->status == ST_STABLE)
			fprintf(out, "severity WQ%03d = %s\t# %s\n", i,
				severity_name(a->severity[i] >= 0 ?
					      (enum wq_severity)a->severity[i] :
					      rule->severity),
				a->sev_origin[i] ? a->sev_origin[i] :
				"the rule table");
	}
	free(t);
}

/* Where a file's own setting came from */
static const char *sub_origin(const struct check_args *a,
			      const struct file_conf *c, int id, bool set)
{
	return a->given[id] ? "command line" : set ? c->path : "default";
}

/* The kernel whose facts a path's files get, and where it came from */
static void show_kernel(const struct run *r, const char *p, bool set,
			unsigned target, FILE *out)
{
	const char *from = NULL;
	unsigned v = set ? (target ? target : WQ_KERNEL_LATEST) :
		     kernel_detect(p, r->opt.cflags, r->opt.ncflags, &from);
	char *t = v == WQ_KERNEL_LATEST ? xstrdup("latest") :
		  v ? kernel_version_text(v) : xstrdup("unknown");

	fprintf(out, "kernel = %s\t# %s\n", t, set ? "the target's facts" :
		from ? from :
		"no kernel tree or build found: no version-dependent fact applies");
	free(t);
}

/*
 * --show-config with paths: for each path under another .wqport than
 * the run's (or under none while the run has one), the rules, target
 * and severities its files get, and from where.
 */
int config_show_paths(struct run *r, struct check_args *a, FILE *out,
		      char **msg)
{
	int i, j, sep;

	*msg = NULL;
	for (i = 0; i < a->npaths && !a->no_config; i++) {
		const char *p = a->paths[i];
		char *f;
		struct file_conf *c;
		char *t;

		if (!strcmp(p, "-") || !exists(p))
			continue;
		f = find_from(p);
		if ((!f && !a->config) || (f && a->config && !strcmp(f, a->config))) {
			fprintf(out, "# %s: the settings above\n", p);
			show_kernel(r, p, r->opt.target_set, r->opt.target, out);
			free(f);
			continue;
		}
		c = sub_conf(r, a, f ? f : xstrdup(""), msg);
		if (!c)
			return -1;
		fprintf(out, "# %s: configuration file %s\n", p,
			*c->path ? c->path : "none found (defaults)");
		fputs("select = ", out);
		for (j = 1, sep = 0; j < WQ_MAX_RULE; j++)
			if ((c->rule_mask & (1ul << j)) && rule_lookup(j))
				fprintf(out, "%sWQ%03d", sep++ ? "," : "", j);
		fprintf(out, "\t# %s\n", sub_origin(a, c, OPT_SELECT,
						    c->set_select));
		t = c->target ? kernel_version_text(c->target) : NULL;
		fprintf(out, "target = %s\t# %s\n", t ? t : "latest",
			sub_origin(a, c, OPT_TARGET, c->set_target));
		free(t);
		show_kernel(r, p, c->target_set, c->target, out);
		for (j = 1; j < WQ_MAX_RULE; j++) {
			const struct wq_rule *rule = rule_lookup(j);

			if (rule && rule->status == ST_STABLE)
				fprintf(out, "severity WQ%03d = %s\t# %s\n", j,
					severity_name(c->severity[j] >= 0 ?
						      (enum wq_severity)c->severity[j] :
						      rule->severity),
					c->severity[j] >= 0 ? c->path :
					"the rule table");
		}
		free(c->path);
		free(c);
	}
	return 0;
}

void config_free(struct check_args *a)
{
	int i;

	free(a->config);
	a->config = NULL;
	for (i = 0; i < (int)(sizeof(a->origin) / sizeof(a->origin[0])); i++) {
		free(a->origin[i]);
		a->origin[i] = NULL;
	}
	for (i = 0; i < WQ_MAX_RULE; i++) {
		free(a->sev_origin[i]);
		a->sev_origin[i] = NULL;
	}
}

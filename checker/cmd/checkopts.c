// SPDX-License-Identifier: GPL-2.0-only
/*
 * The check command's options: what each one of options.def sets, and
 * kbuild's form of the command line.
 *
 * kbuild runs a checker as `$(CHECK) $(CHECKFLAGS) $(c_flags) file.c`:
 * gcc's flags mixed with the file name and no "--".  A compiler flag
 * (cflag_kind()) is taken as one wherever it comes, and once one was
 * seen any option that is not ours is one too; our own options keep
 * their meaning in that form (--werror, -q).
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "color.h"
#include "options.h"

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

/* A compiler flag of kbuild's form, and the word after a two-word one */
static void compiler_flag(struct build_hook *h, struct opt_iter *it,
			  const char *a)
{
	h->cc = xrealloc(h->cc, (h->ncc + 2) * sizeof(char *));
	h->cc[h->ncc++] = a;
	if (cflag_kind(a) == 2 && it->i < it->argc)
		h->cc[h->ncc++] = it->argv[it->i++];
	h->compiler_form = true;
}

static int format_of(const char *v, enum wq_format *fmt)
{
	if (!strcmp(v, "text"))
		*fmt = FMT_TEXT;
	else if (!strcmp(v, "json"))
		*fmt = FMT_JSON;
	else if (!strcmp(v, "sarif"))
		*fmt = FMT_SARIF;
	else
		return -1;
	return 0;
}

char *check_option(struct run *r, struct check_args *a, int id,
		   const char *v)
{
	unsigned long lv;

	switch (id) {
	case OPT_FORMAT:
		if (format_of(v, &r->fmt))
			return xasprintf("unknown format '%s' for --format (text, json or sarif)", v);
		break;
	case OPT_JOBS:
		if (!parse_jobs(v, &r->jobs))
			return xasprintf("bad job count '%s' for --jobs (1 to 256)", v);
		break;
	case OPT_SELECT:
		if (parse_rule_list(v, &a->select))
			return xasprintf("bad rule list '%s' for --select", v);
		break;
	case OPT_IGNORE:
		if (parse_rule_list(v, &a->ignore))
			return xasprintf("bad rule list '%s' for --ignore", v);
		break;
	case OPT_TARGET:
		r->opt.target = kernel_version_parse(v);
		if (!r->opt.target && strcmp(v, "latest"))
			return xasprintf("bad target kernel '%s' (say 3.10, 2.6.32 or latest)", v);
		r->opt.target_set = true;	/* no kernel detection then */
		break;
	case OPT_TIMEOUT:
		if (!parse_limit(v, 86400 * 365, &lv))
			return xasprintf("bad time limit '%s' for --timeout (whole seconds, 0 for none)", v);
		r->lim.timeout_s = lv;
		break;
	case OPT_MAX_MEMORY:
		if (!parse_limit(v, 1ul << 30, &lv) || (lv && lv < 64))
			return xasprintf("bad memory limit '%s' for --max-memory (MiB, at least 64, 0 for none)", v);
		r->lim.max_memory_mib = lv;
		break;
	case OPT_COLOR:
		if (color_parse(v, &r->color_mode))
			return xasprintf("bad --color '%s' (auto, always or never)", v);
		break;
	case OPT_DIFF:
		r->ci.diff_file = v ? v : "-";
		if (!*r->ci.diff_file)
			return xstrdup("--diff= names no file");
		break;
	case OPT_SINCE:
		r->ci.since = v;
		break;
	case OPT_STAGED:
		r->ci.staged = true;
		break;
	case OPT_BASELINE:
		r->ci.baseline = v;
		break;
	case OPT_WRITE_BASELINE:
		r->ci.write_baseline = v;
		break;
	case OPT_DOCS_URL:
		r->ci.docs_url = v;
		break;
	case OPT_STDIN_FILENAME:
		a->stdin_name = v;
		break;
	case OPT_STATS:
		r->stats = true;
		break;
	case OPT_REPORT:
		r->report = v;
		break;
	case OPT_FORCE:
		r->report_force = true;
		break;
	case OPT_QUIET:
		r->hook.quiet = true;
		break;
	case OPT_VERBOSE:
		r->opt.verbose = true;
		break;
	case OPT_COMPILE_COMMANDS:
		r->hook.db_path = v;
		break;
	case OPT_WERROR:
		r->hook.werror = true;
		break;
	case OPT_ACTIVE_ONLY:
		r->opt.active_only = true;
		break;
	case OPT_NO_PREFILTER:
		r->opt.no_prefilter = true;
		break;
	case OPT_PREFILTER_ONLY:
		r->opt.prefilter_only = true;
		break;
	case OPT_CACHE:
		a->cache = v;	/* result cache (frontend/cache/cache.c) */
		break;
	case OPT_NO_CACHE:
		a->no_cache = true;
		break;
	case OPT_SHIM_DIR:
		a->shim = v;
		break;
	case OPT_NO_ISOLATION:
		r->no_isolation = true;
		break;
	case OPT_NO_CONFIG:
		a->no_config = true;
		break;
	}
	if (v && !*v && id != OPT_SELECT && id != OPT_IGNORE)
		return xasprintf("option '%s' needs a value", opt_name(id));
	return NULL;
}

/* --help, --version and the like: the first one asked for is done */
static bool action(struct check_args *a, int id)
{
	int act = id == OPT_HELP ? ACT_HELP : id == OPT_PRINT_MAN ? ACT_MAN :
		  id == OPT_VERSION ? ACT_VERSION :
		  id == OPT_LIST_RULES ? ACT_RULES :
		  id == OPT_PRINT_PREFILTER_WORDS ? ACT_WORDS :
		  id == OPT_SHOW_CONFIG ? ACT_SHOW_CONFIG :
		  id == OPT_PRINT_COMPLETION ? ACT_COMPLETION : ACT_RUN;

	if (act != ACT_RUN && a->action == ACT_RUN)
		a->action = act;
	return act != ACT_RUN;
}

_Static_assert(OPT_COUNT <= 64, "struct check_args: given[] too small");

int check_parse(struct run *r, struct check_args *a, int argc, char **argv,
		char **msg)
{
	struct opt_iter it;
	const char *v;
	char *err;
	int id;

	opt_init(&it, argc, argv, OPT_CHECK);
	it.compiler_flags = true;
	a->select = ~0ul;
	a->paths = xrealloc(NULL, argc * sizeof(char *));
	*msg = NULL;
	while ((id = opt_next(&it, &v)) != OPT_END) {
		err = NULL;
		if (id == OPT_DASHDASH) {
			a->saw_dashdash = true;
			r->opt.cflags = (const char *const *)&argv[it.i];
			r->opt.ncflags = argc - it.i;
			r->opt.pch_flags = true;	/* one configuration: pch.c */
			break;
		} else if (id == OPT_ARG) {
			a->paths[a->npaths++] = v;
		} else if (id == OPT_MISSING) {
			err = xasprintf("option '%s' needs a value", v);
		} else if (id == OPT_UNKNOWN) {
			if (cflag_kind(v) || r->hook.compiler_form)
				compiler_flag(&r->hook, &it, v);
			else
				err = xasprintf("unknown option '%s'", v);
		} else if (!action(a, id)) {
			err = check_option(r, a, id, v);
			if (id < (int)(sizeof(a->given) / sizeof(a->given[0])))
				a->given[id] = true;
		}
		if (err && !*msg)
			*msg = err;
		else
			free(err);
	}
	return *msg ? -1 : 0;
}

int hook_setup(struct run *r, bool saw_dashdash, char **msg)
{
	struct build_hook *h = &r->hook;
	char cwd[PATH_MAX], *err;

	h->out = stdout;
	if (h->compiler_form) {
		if (saw_dashdash) {
			*msg = xstrdup("compiler flags both before and after --");
			return -1;
		}
		if (!getcwd(cwd, sizeof(cwd)))
			strcpy(cwd, ".");
		r->opt.cflags = (const char *const *)cflags_filter(h->cc,
						h->ncc, cwd, &r->opt.ncflags);
		if (r->fmt == FMT_TEXT)
			h->out = stderr;	/* as sparse: the build log */
	}
	if (h->db_path) {
		if (saw_dashdash || h->compiler_form) {
			*msg = xstrdup("-p/--compile-commands and compiler flags do not go together");
			return -1;
		}
		h->db = compdb_open(h->db_path, &err);
		if (!h->db) {
			*msg = err;
			return -2;	/* not a usage error: no "Try --help" */
		}
	}
	return 0;
}

/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The check command's run: what main.c and its option parsing
 * (checkopts.c) share.
 */
#ifndef WQPORT_CHECK_H
#define WQPORT_CHECK_H

#include <pthread.h>
#include <stdio.h>

#include "ci.h"
#include "progress.h"
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

/*
 * A .wqport other than the run's (one in a subfolder): the rules, target
 * and severities of the files under it (config.c)
 */
struct file_conf {
	char *path;
	unsigned long rule_mask;	/* select less ignore, for its target */
	unsigned target;
	signed char severity[WQ_MAX_RULE];
	bool set_select, set_target;	/* the file names them */
	bool target_set;	/* it or the command line: no detection */
};

/* What the command line says beyond struct run's own fields */
struct check_args {
	unsigned long select, ignore;	/* rule masks */
	const char *shim, *cache;
	bool no_cache;
	const char *stdin_name;		/* --stdin-filename */
	const char **paths;		/* the path arguments ("-": stdin) */
	int npaths;
	bool saw_dashdash;
	enum { ACT_RUN, ACT_HELP, ACT_MAN, ACT_VERSION, ACT_RULES,
	       ACT_WORDS, ACT_SHOW_CONFIG, ACT_COMPLETION } action;
	bool no_config;			/* --no-config */
	bool given[64];			/* options the command line set */
	/* .wqport (config.c): the file, and where each setting came from */
	char *config;
	char *origin[64];		/* "FILE:LINE" of a config setting */
	signed char severity[WQ_MAX_RULE];	/* -1, or its severity */
	char *sev_origin[WQ_MAX_RULE];
	/* the command line's (or the defaults'), before any .wqport */
	unsigned long base_select, base_ignore;
	unsigned base_target;
	bool reading_sub;		/* a file's own .wqport: no run settings */
	bool sub_set[64];		/* what that file set */
};

struct run {
	const char *empty_dir;	/* a path argument that gave no file */
	struct wq_options opt;
	enum wq_format fmt;
	bool stats;
	int color_mode;		/* --color (report/color.h) */
	bool color;		/* colour the text report */
	int jobs;
	struct wq_file *files;
	/* the *.h files the walks met, each with the number of files met
	 * before it: a template header no .c includes is checked there */
	struct walk_header {
		char *path;
		int at;
	} *walk_h;
	int nwalk_h;
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
	const signed char *severity;	/* per rule, -1: the table's */
	/* per file (index as files): its own .wqport's settings, or NULL */
	struct file_conf **fconf;
	struct file_conf **confs;	/* every such .wqport, once */
	int nconfs;
	unsigned long all_rules;	/* the run's rules and theirs (SARIF) */
	const char *report;	/* --report DIR (report/html/html.c), or NULL */
	bool report_force;	/* --force: into a folder that is no report's */
};

/*
 * Parse the command line into r and a; 0, or -1 with *msg the usage
 * error (the whole line is read first, so that --format is known when
 * the error is reported).
 */
int check_parse(struct run *r, struct check_args *a, int argc, char **argv,
		char **msg);
/* One option of options.def as if given on the command line; NULL, or
 * the error it makes. */
char *check_option(struct run *r, struct check_args *a, int id,
		   const char *v);
/* After the options: the flags of a compiler-form call, the database. */
int hook_setup(struct run *r, bool saw_dashdash, char **msg);

#endif /* WQPORT_CHECK_H */

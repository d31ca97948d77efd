/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Command-line parsing from the option table (options.def), the GNU way:
 * --opt=V and --opt V, -o V and -oV, flags combined (-qv), "--" ends the
 * options, "-" is an argument (standard input).
 */
#ifndef WQPORT_OPTIONS_H
#define WQPORT_OPTIONS_H

#include <stdbool.h>

enum opt_cmd { OPT_CHECK = 1, OPT_FIX = 2 };
enum opt_arg { NONE, REQ, OPT };

enum opt_id {
#define WQ_OPT(id, cmds, s, l, arg, meta, help) OPT_##id,
#include "options.def"
#undef WQ_OPT
	OPT_COUNT,
	OPT_ARG = -1,		/* not an option: a path, or "-" */
	OPT_END = -2,		/* no arguments left */
	OPT_DASHDASH = -3,	/* "--": the rest is argv + it->i */
	OPT_UNKNOWN = -4,	/* not ours: *val is the argument */
	OPT_MISSING = -5,	/* no value given: *val names the option */
};

struct opt_desc {
	int cmds;		/* OPT_CHECK | OPT_FIX */
	char shrt;
	const char *lng;
	enum opt_arg arg;
	const char *meta, *help;
};

/* The table, in its order; n rows. */
const struct opt_desc *opt_table(int *n);

struct opt_iter {
	int argc;
	char **argv;
	int i;			/* the next argument */
	int cmd;		/* OPT_CHECK or OPT_FIX */
	/*
	 * kbuild's form (check only): a compiler flag (cflag_kind()) is not
	 * read as a bundle of our short flags: "-pg" is gcc's, not -p g.
	 */
	bool compiler_flags;
	const char *bundle;	/* the rest of "-qv" being read */
};

void opt_init(struct opt_iter *it, int argc, char **argv, int cmd);
/* The next option (an enum opt_id) or OPT_*; *val its value or NULL. */
int opt_next(struct opt_iter *it, const char **val);
/* "--jobs" or "-j" as the user wrote it, for messages */
const char *opt_name(int id);

#endif /* WQPORT_OPTIONS_H */

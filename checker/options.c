// SPDX-License-Identifier: GPL-2.0-only
/*
 * The option parser of both commands, driven by options.def, which also
 * gives --help and the man page their text, so no option can be parsed
 * and not documented or the other way round.
 *
 * A value may come attached (--jobs=2, -j2) or as the next argument
 * (--jobs 2, -j 2); a next argument that is itself an option ("--since
 * --format=json") is not taken as the value: the option is reported as
 * missing one, by its name.  Flags without a value combine (-qv).
 */
#include <stdio.h>
#include <string.h>

#include "options.h"
#include "wqport.h"

#define C OPT_CHECK
#define F OPT_FIX
#define CF (OPT_CHECK | OPT_FIX)

static const struct opt_desc table[] = {
#define WQ_OPT(id, cmds, s, l, arg, meta, help) \
	{ cmds, s, l, arg, meta, help },
#include "options.def"
#undef WQ_OPT
};

const struct opt_desc *opt_table(int *n)
{
	*n = OPT_COUNT;
	return table;
}

void opt_init(struct opt_iter *it, int argc, char **argv, int cmd)
{
	memset(it, 0, sizeof(*it));
	it->argc = argc;
	it->argv = argv;
	it->i = 1;
	it->cmd = cmd;
}

static int find_long(const struct opt_iter *it, const char *name, size_t n)
{
	int k;

	for (k = 0; k < OPT_COUNT; k++)
		if ((table[k].cmds & it->cmd) && strlen(table[k].lng) == n &&
		    !strncmp(table[k].lng, name, n))
			return k;
	return -1;
}

static int find_short(const struct opt_iter *it, char c)
{
	int k;

	for (k = 0; k < OPT_COUNT; k++)
		if ((table[k].cmds & it->cmd) && table[k].shrt == c)
			return k;
	return -1;
}

/* Is "-xyz" a bundle of our short options (the last may take a value)? */
static bool our_bundle(const struct opt_iter *it, const char *a)
{
	for (a++; *a; a++) {
		int k = find_short(it, *a);

		if (k < 0)
			return false;
		if (table[k].arg != NONE)
			return true;	/* the rest is its value */
	}
	return true;
}

/* The value of option k from the next argument */
static int next_value(struct opt_iter *it, int k, const char **val)
{
	const char *v = it->i < it->argc ? it->argv[it->i] : NULL;

	if (!v || (v[0] == '-' && v[1])) {
		*val = opt_name(k);
		return OPT_MISSING;
	}
	it->i++;
	*val = v;
	return k;
}

static int next_short(struct opt_iter *it, const char **val)
{
	int k = find_short(it, *it->bundle++);

	*val = NULL;
	if (table[k].arg == NONE) {
		if (!*it->bundle)
			it->bundle = NULL;
		return k;
	}
	if (*it->bundle) {
		*val = it->bundle;
		it->bundle = NULL;
		return k;
	}
	it->bundle = NULL;
	return next_value(it, k, val);
}

int opt_next(struct opt_iter *it, const char **val)
{
	const char *a, *eq;
	int k;

	*val = NULL;
	if (it->bundle)
		return next_short(it, val);
	if (it->i >= it->argc)
		return OPT_END;
	a = it->argv[it->i++];
	if (!strcmp(a, "--"))
		return OPT_DASHDASH;
	if (a[0] != '-' || !a[1]) {
		*val = a;
		return OPT_ARG;
	}
	if (a[1] == '-') {
		eq = strchr(a, '=');
		k = find_long(it, a + 2, eq ? (size_t)(eq - a - 2) : strlen(a + 2));
		if (k < 0 || (eq && table[k].arg == NONE)) {
			*val = a;
			return OPT_UNKNOWN;
		}
		if (eq) {
			*val = eq + 1;
			return k;
		}
		if (table[k].arg == REQ)
			return next_value(it, k, val);
		return k;
	}
	if ((it->compiler_flags && cflag_kind(a)) || !our_bundle(it, a)) {
		*val = a;
		return OPT_UNKNOWN;
	}
	it->bundle = a + 1;
	return next_short(it, val);
}

const char *opt_name(int id)
{
	static char buf[OPT_COUNT][40];

	if (id < 0 || id >= OPT_COUNT)
		return "?";
	snprintf(buf[id], sizeof(buf[id]), "--%s", table[id].lng);
	return buf[id];
}

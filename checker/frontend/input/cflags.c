// SPDX-License-Identifier: GPL-2.0-only
/*
 * Compiler flags from a build: kbuild's $(CHECK) call and compilation
 * databases hand us gcc's command line for a file.  libclang needs only
 * what changes the meaning of the source (macros, include paths, forced
 * includes, language standard, word size); the rest is code generation,
 * warnings, dependency output (-Wp,-MMD would write a .d file beside the
 * object) or gcc-only options clang does not know (-mindirect-branch=,
 * -fconserve-stack, gcc plugins).  So the filter keeps a known list and
 * drops everything else, and makes relative paths absolute against the
 * directory the command ran in.
 */
#include <stdlib.h>
#include <string.h>

#include "wqport.h"

/* Options whose value is the next argument, and whether it is a path. */
static const struct {
	const char *name;
	bool keep, path;
} two_word[] = {
	{ "-I", true, true },		{ "-iquote", true, true },
	{ "-isystem", true, true },	{ "-idirafter", true, true },
	{ "-include", true, true },	{ "-imacros", true, true },
	{ "-D", true, false },		{ "-U", true, false },
	{ "-x", true, false },		{ "-target", true, false },
	{ "-o", false, false },		{ "-MF", false, false },
	{ "-MT", false, false },	{ "-MQ", false, false },
	{ "-Xclang", false, false },	{ "-Xassembler", false, false },
	{ "-Xlinker", false, false },	{ "-aux-info", false, false },
};

/* Joined path options: the prefix, the value follows directly. */
static const char *const joined_path[] = {
	"-I", "-iquote", "-isystem", "-idirafter",
};

/* Kept as they are: they change what the preprocessor or parser sees. */
static const char *const keep_exact[] = {
	"-nostdinc", "-ansi", "-undef", "-m16", "-m32", "-mx32", "-m64",
	"-ffreestanding", "-fno-builtin", "-fshort-wchar", "-funsigned-char",
	"-fsigned-char", "-fms-extensions", "-fgnu89-inline",
	"-fno-short-enums",
};

static const char *const keep_prefix[] = {
	"-D", "-U", "-std=", "-O", "--target=", "-fno-builtin-",
};

static bool has_prefix(const char *s, const char *p)
{
	return !strncmp(s, p, strlen(p));
}

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* Index in two_word[] of an option taking the next argument, or -1. */
static int two_word_index(const char *a)
{
	size_t i;

	for (i = 0; i < N(two_word); i++)
		if (!strcmp(a, two_word[i].name))
			return i;
	return -1;
}

int cflag_kind(const char *a)
{
	static const char *const starts[] = {
		"-D", "-U", "-I", "-W", "-f", "-m", "-O", "-g", "-std=",
		"-nostdinc", "-i", "--arch=", "-pg", "-M", "-x", "-c",
		"-ansi", "-undef", "-pipe", "--target=", "-target",
		"--param", "-Q", "-no-", "-X", "-B", "--sysroot",
		"--gcc-toolchain", "-save-temps",
	};
	size_t i;

	if (a[0] != '-' || !a[1])
		return 0;
	if (two_word_index(a) >= 0 || !strcmp(a, "--param"))
		return 2;
	for (i = 0; i < N(starts); i++)
		if (has_prefix(a, starts[i]))
			return 1;
	return 0;
}

static char *absolute(const char *path, const char *dir)
{
	if (path[0] == '/' || !dir || !*dir)
		return xstrdup(path);
	if (path[0] == '.' && path[1] == '/')
		path += 2;
	return xasprintf("%s/%s", dir, path);
}

static bool keep_one(const char *a)
{
	size_t i;

	for (i = 0; i < N(keep_exact); i++)
		if (!strcmp(a, keep_exact[i]))
			return true;
	for (i = 0; i < N(keep_prefix); i++)
		if (has_prefix(a, keep_prefix[i]))
			return true;
	return false;
}

char **cflags_filter(const char *const *in, int n, const char *dir,
		     int *nout)
{
	char **out = xrealloc(NULL, (n + 2) * sizeof(char *));
	int i, k = 0;

	for (i = 0; i < n; i++) {
		const char *a = in[i];
		int t = two_word_index(a);
		size_t j;

		if (t >= 0 || !strcmp(a, "--param")) {
			if (i + 1 >= n)
				break;
			if (t >= 0 && two_word[t].keep) {
				out[k++] = xstrdup(a);
				out[k++] = two_word[t].path ?
					absolute(in[i + 1], dir) :
					xstrdup(in[i + 1]);
			}
			i++;
			continue;
		}
		for (j = 0; j < N(joined_path); j++)
			if (has_prefix(a, joined_path[j]) &&
			    a[strlen(joined_path[j])])
				break;
		if (j < N(joined_path)) {
			size_t l = strlen(joined_path[j]);
			char *p = absolute(a + l, dir);

			out[k++] = xasprintf("%s%s", joined_path[j], p);
			free(p);
		} else if (keep_one(a)) {
			out[k++] = xstrdup(a);
		}
	}
	out[k++] = xstrdup("-w");	/* the build's warnings are not ours */
	out[k] = NULL;
	*nout = k;
	return out;
}

void cflags_free(char **v, int n)
{
	int i;

	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

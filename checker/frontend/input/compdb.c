// SPDX-License-Identifier: GPL-2.0-only
/*
 * Compilation databases (compile_commands.json): the kernel's
 * scripts/clang-tools/gen_compile_commands.py, CMake and bear write
 * them.  libclang reads the JSON and splits "command" strings into
 * arguments; here every entry is indexed by the real path of its file,
 * so a file is looked up exactly.  (libclang's own lookup guesses flags
 * for files the database lacks from a neighbour; a guess is not what
 * the build does, so such files go to the shim and are named.)
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <clang-c/CXCompilationDatabase.h>

#include "child.h"
#include "wqport.h"

struct compdb_entry {
	char *path;		/* real path of the source file */
	unsigned cmd;		/* index in all */
};

struct compdb {
	CXCompilationDatabase db;
	CXCompileCommands all;
	struct compdb_entry *e;
	unsigned n;
	char *tmpdir;		/* for a database file of another name */
};

static int cmp_entry(const void *a, const void *b)
{
	const struct compdb_entry *x = a, *y = b;
	int c = strcmp(x->path, y->path);

	if (c)
		return c;
	return x->cmd < y->cmd ? -1 : x->cmd > y->cmd;
}

static char *cx_dup(CXString s)
{
	char *r = xstrdup(clang_getCString(s) ? clang_getCString(s) : "");

	clang_disposeString(s);
	return r;
}

static void build_index(struct compdb *c)
{
	unsigned i, n = clang_CompileCommands_getSize(c->all);

	c->e = xrealloc(NULL, (n ? n : 1) * sizeof(*c->e));
	for (i = 0; i < n; i++) {
		CXCompileCommand cmd =
			clang_CompileCommands_getCommand(c->all, i);
		char *dir = cx_dup(clang_CompileCommand_getDirectory(cmd));
		char *file = cx_dup(clang_CompileCommand_getFilename(cmd));
		char *joined = file[0] == '/' ? xstrdup(file) :
			       xasprintf("%s/%s", dir, file);
		char real[PATH_MAX];

		c->e[c->n].path = xstrdup(realpath(joined, real) ? real :
					  joined);
		c->e[c->n++].cmd = i;
		free(joined);
		free(file);
		free(dir);
	}
	qsort(c->e, c->n, sizeof(*c->e), cmp_entry);
}

/* A directory libclang can load the file from (it wants that name). */
static char *database_dir(const char *path, struct compdb *c, char **error)
{
	struct stat st;
	const char *base = strrchr(path, '/');
	char real[PATH_MAX], *link;

	if (stat(path, &st)) {
		*error = xasprintf("%s: %s", path, strerror(errno));
		return NULL;
	}
	if (S_ISDIR(st.st_mode)) {
		char *f = xasprintf("%s/compile_commands.json", path);
		bool ok = !access(f, R_OK);

		free(f);
		if (!ok) {
			*error = xasprintf("%s: no readable compile_commands.json in it",
					   path);
			return NULL;
		}
		return xstrdup(path);
	}
	if (!S_ISREG(st.st_mode) || access(path, R_OK)) {
		*error = xasprintf("%s: not a readable file", path);
		return NULL;
	}
	base = base ? base + 1 : path;
	if (!strcmp(base, "compile_commands.json"))
		return base == path ? xstrdup(".") :
		       xasprintf("%.*s", (int)(base - path - 1), path);
	/* another name: a private directory with a link of the right name */
	c->tmpdir = xasprintf("%s/wqport-compdb-XXXXXX", tmp_dir());
	if (!mkdtemp(c->tmpdir) || !realpath(path, real)) {
		*error = xasprintf("%s: cannot prepare it: %s", path,
				   strerror(errno));
		free(c->tmpdir);
		c->tmpdir = NULL;
		return NULL;
	}
	link = xasprintf("%s/compile_commands.json", c->tmpdir);
	if (symlink(real, link)) {
		*error = xasprintf("%s: cannot prepare it: %s", path,
				   strerror(errno));
		free(link);
		return NULL;
	}
	free(link);
	return xstrdup(c->tmpdir);
}

static void remove_tmpdir(struct compdb *c)
{
	char *link;

	if (!c->tmpdir)
		return;
	link = xasprintf("%s/compile_commands.json", c->tmpdir);
	unlink(link);
	rmdir(c->tmpdir);
	free(link);
	free(c->tmpdir);
	c->tmpdir = NULL;
}

struct compdb *compdb_open(const char *path, char **error)
{
	struct compdb *c = xrealloc(NULL, sizeof(*c));
	CXCompilationDatabase_Error err;
	char *dir;

	memset(c, 0, sizeof(*c));
	*error = NULL;
	dir = database_dir(path, c, error);
	if (!dir) {
		remove_tmpdir(c);
		free(c);
		return NULL;
	}
	c->db = clang_CompilationDatabase_fromDirectory(dir, &err);
	free(dir);
	remove_tmpdir(c);	/* libclang has read it */
	if (err != CXCompilationDatabase_NoError || !c->db) {
		*error = xasprintf("%s: cannot load it as a JSON compilation database",
				   path);
		if (c->db)
			clang_CompilationDatabase_dispose(c->db);
		free(c);
		return NULL;
	}
	c->all = clang_CompilationDatabase_getAllCompileCommands(c->db);
	build_index(c);
	return c;
}

char **compdb_flags(struct compdb *c, const char *file, int *nout)
{
	struct compdb_entry *hit;
	size_t lo = 0, hi = c->n;
	char real[PATH_MAX], *dir, **args, **out;
	CXCompileCommand cmd;
	unsigned i, n;

	if (!realpath(file, real))
		return NULL;
	/* the first entry of the file: entries sort by path, then order */
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (strcmp(c->e[mid].path, real) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == c->n || strcmp(c->e[lo].path, real))
		return NULL;
	hit = &c->e[lo];
	cmd = clang_CompileCommands_getCommand(c->all, hit->cmd);
	n = clang_CompileCommand_getNumArgs(cmd);
	dir = cx_dup(clang_CompileCommand_getDirectory(cmd));
	args = xrealloc(NULL, (n ? n : 1) * sizeof(char *));
	/* argument 0 is the compiler */
	for (i = 1; i < n; i++)
		args[i - 1] = cx_dup(clang_CompileCommand_getArg(cmd, i));
	out = cflags_filter((const char *const *)args, n ? n - 1 : 0, dir,
			    nout);
	cflags_free(args, n ? n - 1 : 0);
	free(dir);
	return out;
}

void compdb_each_file(struct compdb *c,
		      void (*fn)(void *arg, const char *path), void *arg)
{
	unsigned n = clang_CompileCommands_getSize(c->all), i;
	int *first = xrealloc(NULL, (n ? n : 1) * sizeof(int));

	/* in the database's order, each file once (at its first entry) */
	for (i = 0; i < n; i++)
		first[i] = -1;
	for (i = 0; i < c->n; i++)
		if (!i || strcmp(c->e[i - 1].path, c->e[i].path))
			first[c->e[i].cmd] = i;
	for (i = 0; i < n; i++)
		if (first[i] >= 0)
			fn(arg, c->e[first[i]].path);
	free(first);
}

void compdb_close(struct compdb *c)
{
	unsigned i;

	if (!c)
		return;
	for (i = 0; i < c->n; i++)
		free(c->e[i].path);
	free(c->e);
	clang_CompileCommands_dispose(c->all);
	clang_CompilationDatabase_dispose(c->db);
	free(c);
}

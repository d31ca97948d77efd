// SPDX-License-Identifier: GPL-2.0-only
/*
 * Precompiled headers, one per configuration.
 *
 * Every file parsed against the shim starts by parsing the same
 * wqport-shim.h; a precompiled header of it saves that part of each
 * parse.  With a kernel's flags (after --) the common kernel headers
 * (preludes[] below) are precompiled with exactly those flags and passed
 * first as -include-pch (flags given after -- only: a compile database
 * or make CHECK= gives flags with -DKBUILD_BASENAME different for each
 * file, and clang refuses a PCH whose -D differ): the headers every
 * driver includes are then
 * read once per configuration, not once per file, and their include
 * guards make the file's own #includes of them no-ops.  On the fixtures
 * with Debian's 6.1 headers that is 8.5 s instead of 49 s for 20 files.
 *
 * A PCH is kept in the result cache's folder (pch/), named by a hash of
 * this binary and the shim's files or the flags and working directory;
 * clang itself refuses one whose headers changed, and the file is then
 * parsed without it.  It is built the first time a file is really parsed
 * (no libclang before), written to a temporary file and renamed, so
 * concurrent runs can share it; a configuration where the prelude does
 * not compile is remembered (.none) and gets none.  Without a cache
 * folder (--no-cache) a run of many files keeps its PCH in a folder of
 * its own, removed at its end (pch_scratch_dir()); a short run parses
 * without (building the PCH costs more than it saves on a few files),
 * as does every run with WQPORT_NO_PCH.  Macro
 * recognition does not use the preprocessing record (model/macro.c), so
 * the findings are the same either way (ctest pch/fixtures).
 */
#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <clang-c/Index.h>

#include "cache.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

/* The PCHs of this run: one per configuration (hash of the flags). */
static struct known {
	uint64_t key;
	char *path;		/* NULL: none for this configuration */
} known[16];
static int nknown;
static int nflags;	/* flag configurations seen */

/*
 * What kernel drivers include, precompiled for real-header runs: the
 * first list that compiles with the configuration's flags (the second
 * has only headers every kernel since 2.6 has); a configuration where
 * neither does gets no PCH.
 */
static const char *const prelude_new[] = {
	"linux/module.h", "linux/kernel.h", "linux/init.h", "linux/sched.h",
	"linux/sched/signal.h", "linux/wait.h", "linux/fs.h",
	"linux/spinlock.h", "linux/mutex.h", "linux/slab.h",
	"linux/uaccess.h", "linux/interrupt.h", "linux/delay.h",
	"linux/completion.h", "linux/poll.h", "linux/errno.h", NULL
};
static const char *const prelude_old[] = {
	"linux/module.h", "linux/kernel.h", "linux/init.h", "linux/sched.h",
	"linux/wait.h", "linux/fs.h", "linux/spinlock.h", "linux/slab.h",
	"linux/interrupt.h", "linux/delay.h", "linux/errno.h", NULL
};
static const char *const *const preludes[] = { prelude_new, prelude_old };

/* Every regular file under dir, by name, into the hash. */
static void hash_tree(const char *dir, uint64_t *h)
{
	struct dirent **ents;
	int n, i;

	n = scandir(dir, &ents, NULL, alphasort);
	for (i = 0; i < n; i++) {
		char *p = xasprintf("%s/%s", dir, ents[i]->d_name);
		struct stat st;

		if (ents[i]->d_name[0] != '.' && !stat(p, &st)) {
			if (S_ISDIR(st.st_mode)) {
				hash_tree(p, h);
			} else if (S_ISREG(st.st_mode)) {
				cache_hash_str(h, p);
				if (!cache_hash_file(p, h))
					*h ^= 1;
			}
		}
		free(p);
		free(ents[i]);
	}
	if (n >= 0)
		free(ents);
}

/* Precompile header hdr with args into path; true when done. */
static bool precompile(const char *hdr, const char **argv, int argc,
		       const char *path)
{
	CXTranslationUnit tu = NULL;
	CXIndex index;
	char *tmp = xasprintf("%s.tmp.XXXXXX", path);
	bool ok = false;
	int fd = mkstemp(tmp);

	if (fd < 0) {
		free(tmp);
		return false;
	}
	close(fd);
	index = clang_createIndex(0, 0);
	if (clang_parseTranslationUnit2(index, hdr, argv, argc, NULL, 0,
					CXTranslationUnit_ForSerialization |
					CXTranslationUnit_Incomplete, &tu) ==
	    CXError_Success && tu) {
		unsigned i, n = clang_getNumDiagnostics(tu);

		ok = true;
		for (i = 0; i < n && ok; i++) {
			CXDiagnostic d = clang_getDiagnostic(tu, i);

			ok = clang_getDiagnosticSeverity(d) < CXDiagnostic_Error;
			clang_disposeDiagnostic(d);
		}
		ok = ok && clang_saveTranslationUnit(tu, tmp, 0) ==
			   CXSaveError_None && !rename(tmp, path);
	}
	if (tu)
		clang_disposeTranslationUnit(tu);
	clang_disposeIndex(index);
	unlink(tmp);
	free(tmp);
	return ok;
}

/* Build (or find) the PCH for opt's configuration; NULL if none. */
static char *build(const struct wq_options *opt, uint64_t h)
{
	const char **argv = xrealloc(NULL, (opt->ncflags + 16) * sizeof(char *));
	char *hdr = NULL, *path, *dir, *none;
	int argc = 0, i, p;
	bool ok = false;
	FILE *fp;

	dir = opt->cache_dir ? xasprintf("%s/pch", opt->cache_dir) :
	      xstrdup(opt->pch_dir);
	path = xasprintf("%s/%s-%016llx.pch", dir,
			 opt->cflags ? "flags" : "shim", (unsigned long long)h);
	none = xasprintf("%s.none", path);
	if (opt->cflags)
		hdr = xasprintf("%s.h", path);	/* the PCH names its header */
	if (!access(path, R_OK) && (!hdr || !access(hdr, R_OK))) {
		utimensat(AT_FDCWD, path, NULL, 0);	/* in use: keep it */
		if (hdr)
			utimensat(AT_FDCWD, hdr, NULL, 0);
		ok = true;
		goto out;
	}
	if (!access(none, F_OK) || opt->pch_no_build)
		goto out;	/* this configuration has no prelude */
	cache_mkdir(dir);
	if (!opt->cflags) {
		hdr = xasprintf("%s/wqport-shim.h", opt->shim_dir);
		argv[argc++] = "-x";
		argv[argc++] = "c-header";
		argv[argc++] = "-std=gnu11";
		argv[argc++] = "-nostdinc";
		argv[argc++] = "-isystem";
		argv[argc++] = opt->shim_dir;
		argv[argc++] = "-D__KERNEL__";
		argv[argc++] = "-w";
	} else {
		for (i = 0; i < opt->ncflags; i++)
			argv[argc++] = opt->cflags[i];
		argv[argc++] = "-x";
		argv[argc++] = "c-header";
	}
	for (p = 0; !ok && p < (opt->cflags ? 2 : 1); p++) {
		if (opt->cflags) {
			fp = fopen(hdr, "w");
			for (i = 0; fp && preludes[p][i]; i++)
				fprintf(fp, "#include <%s>\n", preludes[p][i]);
			if (!fp || fclose(fp))
				break;
		}
		ok = precompile(hdr, argv, argc, path);
	}
	if (!ok && opt->cflags) {
		/* remember, so later runs do not try again */
		fp = fopen(none, "w");
		if (fp)
			fclose(fp);
	}
	if (!ok && opt->cflags)
		unlink(hdr);
out:
	free(hdr);
	free(none);
	free(dir);
	free(argv);
	if (!ok) {
		free(path);
		return NULL;
	}
	return path;
}

/* The hash naming opt's configuration: binary, shim or flags and cwd. */
static uint64_t config_key(const struct wq_options *opt)
{
	uint64_t h = cache_self_id();
	char cwd[4096];
	int i;

	if (!h)
		return 0;
	if (!opt->cflags) {
		hash_tree(opt->shim_dir, &h);
		return h;
	}
	for (i = 0; i < opt->ncflags; i++)
		cache_hash_str(&h, opt->cflags[i]);
	cache_hash_str(&h, getcwd(cwd, sizeof(cwd)) ? cwd : "?");
	return h;
}

/* clang refused the PCH pch: not again in this run, rebuilt next run */
void pch_failed(const char *pch)
{
	int i;

	pthread_mutex_lock(&lock);
	for (i = 0; i < nknown; i++) {
		if (known[i].path && !strcmp(known[i].path, pch)) {
			unlink(known[i].path);
			known[i].path = NULL;	/* leaked: others may use it */
		}
	}
	pthread_mutex_unlock(&lock);
}

const char *pch_for(const struct wq_options *opt)
{
	const char *r = NULL;
	uint64_t key;
	int i;

	/* not for per-file flags (compile database, make CHECK=): their
	 * -DKBUILD_BASENAME differs file by file */
	if (!(opt->cache_dir || opt->pch_dir) || getenv("WQPORT_NO_PCH") ||
	    (opt->cflags && !opt->pch_flags))
		return NULL;
	key = config_key(opt);
	if (!key)
		return NULL;
	/* one build at a time; the others wait for it and share it */
	pthread_mutex_lock(&lock);
	for (i = 0; i < nknown; i++)
		if (known[i].key == key)
			break;
	if (i < nknown) {
		r = known[i].path;
	} else if (opt->cflags && ++nflags > 2) {
		r = NULL;	/* never more than two flag configurations */
	} else {
		r = build(opt, key);
		if (nknown < (int)(sizeof(known) / sizeof(known[0]))) {
			known[nknown].key = key;
			known[nknown++].path = (char *)r;
		}
	}
	pthread_mutex_unlock(&lock);
	return r;
}

/*
 * A folder for the PCHs of a run without a cache (--no-cache), or NULL:
 * made only for runs of at least min_files files.  Remove it with
 * pch_scratch_remove().
 */
char *pch_scratch_dir(int nfiles, int min_files)
{
	const char *tmp = getenv("TMPDIR");
	char *d;

	if (nfiles < min_files || getenv("WQPORT_NO_PCH"))
		return NULL;
	d = xasprintf("%s/wqport-pch.XXXXXX", tmp && *tmp == '/' ? tmp : "/tmp");
	if (!mkdtemp(d)) {
		free(d);
		return NULL;
	}
	return d;
}

/* Remove it; returns how many PCHs the run had made in it. */
int pch_scratch_remove(char *dir)
{
	struct dirent *e;
	DIR *d;
	int n = 0;

	if (!dir)
		return 0;
	d = opendir(dir);
	while (d && (e = readdir(d))) {
		char *p;

		if (e->d_name[0] == '.')
			continue;
		p = xasprintf("%s/%s", dir, e->d_name);
		n += strlen(p) > 4 && !strcmp(p + strlen(p) - 4, ".pch");
		unlink(p);
		free(p);
	}
	if (d)
		closedir(d);
	rmdir(dir);
	free(dir);
	return n;
}

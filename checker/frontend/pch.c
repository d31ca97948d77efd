// SPDX-License-Identifier: GPL-2.0-only
/*
 * The shim headers, precompiled once.
 *
 * Every file parsed against the shim starts by parsing the same
 * wqport-shim.h; a precompiled header of it saves that part of each
 * parse.  It is kept in the result cache's folder, named by a hash of
 * this binary and every file of the shim, so it is built once and never
 * stale; it is built the first time a file is really parsed (no libclang
 * before), written to a temporary file and renamed, so concurrent runs
 * can share it.  Without a cache folder, or when it cannot be built,
 * files are parsed with -include as before.  Macro recognition does not
 * use the preprocessing record (model/macro.c), so the findings are the
 * same either way (ctest pch/fixtures).
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

static pthread_once_t once = PTHREAD_ONCE_INIT;
static const struct wq_options *want;
static char *pch_path;

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

static void build(void)
{
	const struct wq_options *opt = want;
	const char *argv[16];
	char *hdr, *path, *tmp, *dir;
	CXTranslationUnit tu = NULL;
	CXIndex index;
	uint64_t h = cache_self_id();
	int argc, fd;

	if (!opt->cache_dir || !h)
		return;
	hash_tree(opt->shim_dir, &h);
	dir = xasprintf("%s/pch", opt->cache_dir);
	path = xasprintf("%s/shim-%016llx.pch", dir, (unsigned long long)h);
	if (!access(path, R_OK)) {
		utimensat(AT_FDCWD, path, NULL, 0);	/* in use: keep it */
		pch_path = path;
		free(dir);
		return;
	}
	cache_mkdir(dir);
	tmp = xasprintf("%s.tmp.XXXXXX", path);
	fd = mkstemp(tmp);
	if (fd < 0)
		goto out;
	close(fd);
	hdr = xasprintf("%s/wqport-shim.h", opt->shim_dir);
	argc = 0;
	argv[argc++] = "-x";
	argv[argc++] = "c-header";
	argv[argc++] = "-std=gnu11";
	argv[argc++] = "-nostdinc";
	argv[argc++] = "-isystem";
	argv[argc++] = opt->shim_dir;
	argv[argc++] = "-D__KERNEL__";
	argv[argc++] = "-w";
	index = clang_createIndex(0, 0);
	if (clang_parseTranslationUnit2(index, hdr, argv, argc, NULL, 0,
					CXTranslationUnit_ForSerialization |
					CXTranslationUnit_Incomplete, &tu) ==
	    CXError_Success && tu &&
	    clang_saveTranslationUnit(tu, tmp, 0) == CXSaveError_None &&
	    !rename(tmp, path)) {
		pch_path = path;
		path = NULL;
	}
	if (tu)
		clang_disposeTranslationUnit(tu);
	clang_disposeIndex(index);
	free(hdr);
	unlink(tmp);
out:
	free(tmp);
	free(path);
	free(dir);
}

const char *pch_shim(const struct wq_options *opt)
{
	if (opt->cflags || !opt->cache_dir || getenv("WQPORT_NO_PCH"))
		return NULL;
	want = opt;
	pthread_once(&once, build);
	return pch_path;
}

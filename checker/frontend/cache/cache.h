/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The result cache (cache.c): look a checked file up before parsing it,
 * store its result after.
 */
#ifndef WQPORT_CACHE_H
#define WQPORT_CACHE_H

#include "wqport.h"

struct cache_deps;

/* Fill f's result from the cache; false on a miss (f untouched). */
bool cache_lookup(struct wq_file *f, const struct wq_options *opt);
/* The headers the parsed unit tu read, before it is disposed. */
struct cache_deps *cache_deps(void *tu, const struct wq_options *opt);
/* Store f's result with those headers; frees d. */
void cache_store(struct wq_file *f, const struct wq_options *opt,
		 struct cache_deps *d);
/* Keep the cache under its size limit, after a run that stored. */
void cache_trim(const char *dir, bool parsed_fresh);
/* $XDG_CACHE_HOME/wqport/results or ~/.cache/wqport/results, or NULL */
char *cache_default_dir(void);

/* helpers for the shim's PCH (pch.c) */
uint64_t cache_self_id(void);
void cache_hash_str(uint64_t *h, const char *s);
bool cache_hash_file(const char *path, uint64_t *h);
void cache_mkdir(const char *path);
/* the PCH of opt's configuration in the cache folder, or NULL (pch.c) */
const char *pch_for(const struct wq_options *opt);
/* The same for the file path with text buf: NULL where the prelude of
 * a kernel configuration could change its parse */
const char *pch_for_file(const struct wq_options *opt, const char *path,
			 const char *buf, size_t len);
/* A parse with a prelude that had errors: parse it again without */
bool pch_suspect(const struct wq_options *opt, void *tu);
void pch_failed(const char *pch);
char *pch_scratch_dir(int nfiles, int min_files);
int pch_scratch_remove(char *dir);

#endif /* WQPORT_CACHE_H */

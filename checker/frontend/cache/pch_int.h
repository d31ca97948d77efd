/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Private to the precompiled headers: frontend/cache/pch.c (the preludes, the
 * build, the cache) and frontend/cache/pch_names.c (the names the preludes
 * test, and whether a file fits a prelude).
 */
#ifndef WQPORT_PCH_INT_H
#define WQPORT_PCH_INT_H

#include <stdbool.h>
#include <stdint.h>

#include <clang-c/Index.h>

#include "wqport.h"

/* The PCH of one configuration (hash of the flags) in this run */
struct known {
	uint64_t key;
	char *path;		/* NULL: none for this configuration */
	struct prelude_names *names;	/* its .names, read on first use */
	bool read;		/* .names looked for */
};

/* pch.c: where an #include of name (n bytes) finds it, or NULL */
char *header_path(const struct wq_options *opt, const char *dir,
		  const char *name, size_t n);

/* pch_names.c: the names of tu's prelude (its header hdr), to path */
bool write_names(CXTranslationUnit tu, const char *hdr,
		 const struct wq_options *opt, const char *path);
/* May path (its text buf) be parsed with k's prelude? */
bool prelude_fits(struct known *k, const struct wq_options *opt,
		  const char *path, const char *buf, size_t len);

#endif /* WQPORT_PCH_INT_H */

/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fix/prove/module.c: the other files of a driver's module (its Kbuild
 * composite object, else its folder), read once and kept.
 */
#ifndef WQPORT_MODULE_H
#define WQPORT_MODULE_H

#include <stdbool.h>
#include <stddef.h>

struct mod_file {
	char *path;
	const char *name;	/* its base name, in path */
	char *buf;		/* its text, NUL-terminated */
	size_t len;
};

/*
 * The files of path's module other than path itself, in *out (valid
 * until the next call); 0 with *why (when asked) if it has none to read.
 */
int module_siblings(const char *path, const struct mod_file *const **out,
		    char **why);

/*
 * The calling thread's copy of a folder's files, freed: a worker calls it
 * as it ends (the copy is kept from one file of the folder to the next).
 */
void module_cache_release(void);

#endif /* WQPORT_MODULE_H */

/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A set of identifiers (model/nameset.c): open addressing, grown at half
 * full, each name copied.  For the text scans that ask "seen this name?"
 * many times (the shim's macros, a prelude's tested names).  The slots
 * may be walked (a NULL slot is empty); their order is the hash's.
 */
#ifndef WQPORT_NAMESET_H
#define WQPORT_NAMESET_H

#include <stdbool.h>
#include <stddef.h>

struct nameset {
	char **slot;
	size_t n, cap;
};

bool nameset_has(const struct nameset *set, const char *s, size_t n);
void nameset_add(struct nameset *set, const char *s, size_t n);
void nameset_free(struct nameset *set);
/*
 * The slot of s (n bytes): it holds s when the set has it, else it is
 * where s would go; NULL for a set never added to.  A caller may store
 * the name with a value after its NUL there (the prelude's tested names
 * with the files that define them).
 */
char **nameset_slot(const struct nameset *set, const char *s, size_t n);

#endif /* WQPORT_NAMESET_H */

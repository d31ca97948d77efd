// SPDX-License-Identifier: GPL-2.0-only
/*
 * A set of identifiers (nameset.h): FNV-1a hashed, open addressing,
 * grown to twice its size when half full.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "nameset.h"
#include "wqport.h"

static uint64_t name_hash(const char *s, size_t n)
{
	uint64_t h = 1469598103934665603ull;

	while (n--)
		h = (h ^ (unsigned char)*s++) * 1099511628211ull;
	return h;
}

char **nameset_slot(const struct nameset *set, const char *s, size_t n)
{
	size_t i;

	if (!set->cap)
		return NULL;
	for (i = name_hash(s, n) & (set->cap - 1); set->slot[i];
	     i = (i + 1) & (set->cap - 1))
		if (!strncmp(set->slot[i], s, n) && !set->slot[i][n])
			break;
	return &set->slot[i];
}

bool nameset_has(const struct nameset *set, const char *s, size_t n)
{
	char **p = nameset_slot(set, s, n);

	return p && *p;
}

void nameset_add(struct nameset *set, const char *s, size_t n)
{
	char **p;

	if (2 * (set->n + 1) > set->cap) {
		struct nameset big = { NULL, 0, set->cap ? 2 * set->cap : 1024 };
		size_t i;

		big.slot = xrealloc(NULL, big.cap * sizeof(char *));
		memset(big.slot, 0, big.cap * sizeof(char *));
		for (i = 0; i < set->cap; i++)
			if (set->slot[i])
				*nameset_slot(&big, set->slot[i],
					  strlen(set->slot[i])) = set->slot[i];
		big.n = set->n;
		free(set->slot);
		*set = big;
	}
	p = nameset_slot(set, s, n);
	if (!*p) {
		*p = xasprintf("%.*s", (int)n, s);
		set->n++;
	}
}

void nameset_free(struct nameset *set)
{
	size_t i;

	for (i = 0; i < set->cap; i++)
		free(set->slot[i]);
	free(set->slot);
	set->slot = NULL;
	set->n = set->cap = 0;
}

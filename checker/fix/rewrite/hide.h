/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Function bodies kept from spatch (hide.c): the text with the bodies of
 * fns blanked (lines kept), or NULL when none of them is in it; and the
 * bodies of text put back into spatch's result *out (false when a
 * function is not found there, or its body is no longer blank).
 */
#ifndef WQPORT_HIDE_H
#define WQPORT_HIDE_H

#include <stdbool.h>
#include <stddef.h>

char *hide_bodies(const char *text, size_t len, char *const *fns, int n);
bool unhide_bodies(const char *text, size_t len, char **out, size_t *olen,
		   char *const *fns, int n);

#endif /* WQPORT_HIDE_H */

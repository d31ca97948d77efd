/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A driver's attribute macro in a function head, parsed without the
 * header that defines it (attrmacro.c).
 */
#ifndef WQPORT_ATTRMACRO_H
#define WQPORT_ATTRMACRO_H

#include <stddef.h>

#include "wqport.h"

/*
 * A copy of buf[0..len) (NUL-ended) with the words clang took for the
 * declarator of a function head blanked, *n of them; NULL when none.
 */
char *attr_macros_blanked(void *tu, const char *buf, size_t len, int *n);

#endif /* WQPORT_ATTRMACRO_H */

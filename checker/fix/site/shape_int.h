/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What shape.c lends shape_entry.c: the loop kinds, the statement that
 * holds a site's anchor, and the reading of a loop's body into a shape.
 */
#ifndef WQPORT_SHAPE_INT_H
#define WQPORT_SHAPE_INT_H

#include <stdbool.h>
#include <clang-c/Index.h>

#include "site.h"

/* Is k a while, for or do loop? */
bool shape_is_loop(enum CXCursorKind k);
/* Index in sc->path of the statement holding the anchor, or -1. */
int shape_stmt_index(const struct site_ctx *sc);
/* The loop's body read into ls, as kind (receiver: the timeout's). */
void shape_fill(const struct site_ctx *sc, CXCursor loop,
		enum site_shape kind, const char *receiver,
		struct loop_shape *ls);

#endif

/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The function bodies of a file, from its text alone (bodies.c): the
 * frontend's blanking, the model's text search and the fix's words use
 * them.
 */
#ifndef WQPORT_MODEL_BODIES_H
#define WQPORT_MODEL_BODIES_H
#include <stdbool.h>
#include <stddef.h>

struct fn_body {
	unsigned decl;		/* where its definition starts */
	unsigned open, close;	/* offsets of its `{` and `}` */
};

struct fn_bodies {
	struct fn_body *b;
	int n;
	unsigned *dir;		/* [start, end) of each preprocessor line
				 * inside a body, in order */
	int ndir;
};

/*
 * The bodies of the function definitions of s[0..n): a `{` at file
 * level that follows a `)`.  Comments, literals and preprocessor lines
 * are skipped, so a macro's `({ ... })` does not count.  Returns the
 * number found (free the arrays with fn_bodies_free()), or -1 when the
 * braces of the text do not pair up.
 */
int function_bodies(const char *s, size_t n, struct fn_bodies *out);
void fn_bodies_free(struct fn_bodies *fb);
#endif /* WQPORT_MODEL_BODIES_H */

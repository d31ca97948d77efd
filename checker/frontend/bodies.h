/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The function bodies of a file, from its text (bodies.c), and the
 * parse with the bodies that name no wait word left out (blank.c).
 */
#ifndef WQPORT_BODIES_H
#define WQPORT_BODIES_H
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

/*
 * A copy of buf[0..len) for libclang with the inside of every function
 * body that cannot matter to any rule replaced by blanks (line breaks
 * kept, so every offset, line and column stays), or NULL when nothing
 * is left out.  path names the file (its quoted includes are read for
 * their macros) and shim_dir the shim headers.  The offsets of the `{`
 * and `}` of the *nblank bodies left out are in *blanked (free it).
 */
char *blank_bodies(const char *path, const char *buf, size_t len,
		   const char *shim_dir, unsigned **blanked, int *nblank);
#endif /* WQPORT_BODIES_H */

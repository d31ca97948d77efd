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

/* One file as libclang is to see it. */
struct blanked_file {
	char *path;
	char *text;		/* the text with bodies blanked */
	size_t len;
	unsigned *where;	/* `{` and `}` offsets of each blanked body */
	int n;
};

struct blank_set {
	struct blanked_file *f;	/* the main file first */
	int n;
	int nbodies;		/* bodies left out in all */
};

/*
 * The main file buf[0..len), named path, and the headers it includes
 * with quotes (from their own directories, four levels deep), as
 * libclang is to parse them: the inside of every function body that
 * cannot matter to any rule replaced by blanks (line breaks and
 * preprocessor lines kept, so every offset, line and column stays).
 * shim_dir holds the shim headers, whose macros count too.  False, with
 * bs empty, when no body is left out.
 */
bool blank_bodies(const char *path, const char *buf, size_t len,
		  const char *shim_dir, struct blank_set *bs);
void blank_set_free(struct blank_set *bs);
#endif /* WQPORT_BODIES_H */

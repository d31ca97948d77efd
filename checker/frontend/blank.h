/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The parse with the bodies that name no wait word left out (blank.c);
 * the bodies themselves are the model's (model/text/bodies.h).
 */
#ifndef WQPORT_BLANK_H
#define WQPORT_BLANK_H
#include "bodies.h"
#include <stdbool.h>
#include <stddef.h>

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
#endif /* WQPORT_BLANK_H */

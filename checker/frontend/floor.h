/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The floor under the parse (floor.c): the token scan's sleep_on() calls
 * and open-coded loops the rules did not report, reported with a note.
 */
#ifndef WQPORT_FLOOR_H
#define WQPORT_FLOOR_H

#include "wqport.h"

struct floor_ctx {
	/* why the parse may have lost code: the first header not found
	 * ("'linux/isdnif.h' file not found") and its line, or NULL */
	const char *missing;
	unsigned missing_line;
	unsigned errors;	/* compiler errors in the file */
	const char *first;	/* the first, "line:col: message" */
};

/* tu: the parse of f (or of its includer, for a template header);
 * returns the number of findings it added */
int token_floor(void *tu, struct wq_file *f, const struct wq_options *opt,
		const struct floor_ctx *ctx);

#endif /* WQPORT_FLOOR_H */

/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The floor under the parse (floor.c): the token scan's sleep_on() calls
 * and open-coded loops the rules did not report, reported with a note.
 */
#ifndef WQPORT_FLOOR_H
#define WQPORT_FLOOR_H

#include "wqport.h"

/* tu: the parse of f (or of its includer, for a template header);
 * returns the number of findings it added */
int token_floor(void *tu, struct wq_file *f, const struct wq_options *opt,
		const struct floor_ctx *ctx);

#endif /* WQPORT_FLOOR_H */

/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Blocked functions of a fix (blocks.c): res_blocked() asks, block()
 * blocks fn with why (kept, or freed when fn is blocked already);
 * has_site(): a site of the plan is in fn; block_named(): spatch failed
 * on the file naming one function with a site, which is blocked (true:
 * err is kept by the block); leak_line(), leak_lines(): the WQ006
 * sites of fn, the first's line and "lines 122 and 152".
 */
#ifndef WQPORT_BLOCKS_H
#define WQPORT_BLOCKS_H

#include <stdbool.h>

#include "result.h"

bool res_blocked(const struct fix_result *res, const char *fn);
void block(struct fix_result *res, const char *fn, char *why);
bool has_site(const struct fix_plan *p, const char *fn);
bool block_named(struct fix_result *res, char *err);
unsigned leak_line(const struct fix_plan *p, const char *fn);
char *leak_lines(const struct fix_plan *p, const char *fn);

#endif /* WQPORT_BLOCKS_H */

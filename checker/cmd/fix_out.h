/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The end of a `wqport fix` run (fix_out.c): the writes, then the report.
 */
#ifndef WQPORT_FIX_OUT_H
#define WQPORT_FIX_OUT_H

#include "result.h"

/* Write what was asked, report every file; the run's exit status */
int fix_output(struct fix_result *files, int n, const struct fix_opts *fo,
	       const char *tmpdir);

#endif /* WQPORT_FIX_OUT_H */

/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Between the command line of `wqport fix` (cmd.c) and its per-file
 * pipeline (engine.c).
 */
#ifndef WQPORT_FIX_ENGINE_H
#define WQPORT_FIX_ENGINE_H

#include <pthread.h>

#include "fix.h"
#include "result.h"
#include "wqport.h"

struct fix_run {
	struct wq_options opt;
	struct spatch_env env;
	struct fix_opts fo;
	struct fix_result *files;
	int nfiles;
	int next;
	int jobs;
	pthread_mutex_t lock;
};

/* Plan, rewrite, verify and prove one file; its outcomes in res. */
void fix_file(const struct fix_run *r, void *index, struct fix_result *res);
/* WQPORT_FIX_TIMES=1: the time of each step, summed over the run */
void fix_steps_print(void);

#endif /* WQPORT_FIX_ENGINE_H */

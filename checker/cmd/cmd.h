/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The check command's parts (cmd/main.c runs it, cmd/inputs.c gathers
 * its files): what one calls of the other.
 */
#ifndef WQPORT_CMD_H
#define WQPORT_CMD_H

#include "check.h"

/* inputs.c */
/* The files of the run, from the command line, a database, a diff */
int setup_inputs(struct run *r, struct check_args *a);
/* A file under its own .wqport (config.c): its rules and target */
void file_options(const struct run *r, const struct wq_file *f,
		  struct wq_options *o);

/* main.c */
/* An error before any file is read: said once, exit status 2 */
int run_error(struct run *r, char *msg, bool usage);
/* Is any stable rule among the enabled ones (mask)? */
bool stable_rules_in(unsigned long mask);
/* A run with nothing to check: the empty document of its format */
int empty_report(struct run *r);

#endif /* WQPORT_CMD_H */

/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * .wqport, the configuration file a tree carries (config.c).
 */
#ifndef WQPORT_CONFIG_H
#define WQPORT_CONFIG_H

#include "check.h"

/*
 * Find the .wqport of the checked paths (from each upward to the top of
 * its git tree, or /) and apply what the command line did not set.
 * 0, or -1 with *msg.
 */
int config_load(struct run *r, struct check_args *a, char **msg);
/*
 * After the files are known: each file under another .wqport than the
 * run's (a subfolder's) gets that file's rules, target and severities;
 * -1 and *msg ("FILE:LINE: why") on a bad line there.
 */
int config_per_file(struct run *r, struct check_args *a, char **msg);
void config_release(struct run *r);
/* --show-config: then, per path under another .wqport, its settings */
int config_show_paths(struct run *r, struct check_args *a, FILE *out,
		      char **msg);
/* What config_load() kept of the file (the settings stay) */
void config_free(struct check_args *a);
/* --show-config: the merged settings, each with where it came from */
void config_show(const struct run *r, const struct check_args *a, FILE *out);

#endif /* WQPORT_CONFIG_H */

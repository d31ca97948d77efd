/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Every child process of wqport (git, diff, spatch, the compiler) starts
 * here, with posix_spawnp(): safe to call from any thread, as fork()
 * followed by anything but exec is not once threads hold locks.
 */
#ifndef WQPORT_CHILD_H
#define WQPORT_CHILD_H

#include <stdbool.h>
#include <sys/types.h>

#include "wqport.h"

struct spawn_opts {
	const char *dir;	/* chdir there first, or NULL */
	int in, out, err;	/* descriptors for 0, 1, 2; -1: /dev/null */
	char *const *env;	/* the environment, or NULL: ours */
	bool new_group;		/* its own process group (to kill it whole) */
};

/* Start argv (argv[0] looked up in PATH); the pid, or -1 with errno. */
pid_t spawn(char *const argv[], const struct spawn_opts *o);
/* Wait for pid; its exit status, 128 + signal, or -1. */
int spawn_wait(pid_t pid);
/* The same, but after seconds it is killed and -2 returned */
int spawn_wait_timeout(pid_t pid, int seconds);
/*
 * Run argv in dir (or here), its standard output into *out (kept
 * NUL-terminated), its standard error ours or, quiet, nowhere; the exit
 * status as spawn_wait(), or -1 when it could not start.
 */
int spawn_capture(char *const argv[], const char *dir, struct strbuf *out,
		  bool quiet);
/* $TMPDIR, else /tmp: where every scratch file goes */
const char *tmp_dir(void);

#endif /* WQPORT_CHILD_H */

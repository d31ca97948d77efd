/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Reading and writing the user's files for `wqport fix` without harm:
 * the snapshot taken when a file is read, its line endings, the names
 * that reach one file, and the checked, atomic write (write.c).
 */
#ifndef WQPORT_WRITE_H
#define WQPORT_WRITE_H

#include <signal.h>

#include "result.h"

/* --write, --series: a signal stops the run cleanly instead of killing it */
void fix_catch_signals(void);

/*
 * Read res->path into f (f->buf, f->len) as check_file() would, keeping
 * the snapshot that fix_write() checks.  A CRLF file is handed over with
 * LF endings; fix_eol_restore() puts them back.  False with res->error
 * set when the file cannot be read.
 */
bool fix_read(struct fix_result *res, struct wq_file *f);
void fix_eol_restore(struct fix_result *res);

/* Symlinks and names of one file among the files of the run. */
void fix_identify(struct fix_result *files, int n);

/* SIGINT or SIGTERM caught during --write or --series, else 0 */
extern volatile sig_atomic_t fix_stop_signal;

/*
 * Replace the file res names with res->final, or return why not (NULL:
 * written).  *changed: the file is no longer what was read.
 */
char *fix_write(const struct fix_result *res, const struct fix_result *files,
		int n, bool *changed);

/* A new file (a --series patch): temporary file, fsync, rename. */
bool fix_put_file(const char *path, const char *text, size_t len);

/* Write n bytes of s to path (a scratch file: not atomic). */
bool write_file(const char *path, const char *s, size_t n);

#endif /* WQPORT_WRITE_H */

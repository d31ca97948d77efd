/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * --report=DIR: a static HTML report of a check or fix run (html.c),
 * drawn from the run's JSON document.  No script, no network, no font:
 * DIR/index.html, a page per filter and sort, a page per file, and
 * DIR/style.css, under a Content-Security-Policy that allows nothing
 * but that stylesheet.
 */
#ifndef WQPORT_HTML_H
#define WQPORT_HTML_H

#include <stdbool.h>

#include "wqport.h"

/*
 * Write the report of json (a whole --format=json document of `wqport
 * fix` when fix, else of the check) into dir, made if missing.  0, or -1
 * with *err saying why (nothing is left half-written: each page is
 * written to a temporary name and renamed).  Unless quiet, one line on
 * stderr says where it is, its size and the time it took.
 */
int html_report(const char *dir, const char *json, bool fix, bool quiet,
		bool force, char **err);
/*
 * Before the run: may the report be written into dir?  Missing, empty or
 * an earlier report's (its manifest, dir/.wqport-report), or force: 0.
 * Else -1 with *err saying so (html_dir.c).
 */
int html_dir_check(const char *dir, bool force, char **err);

/*
 * The report of a check run over files[0..n), from the JSON document
 * --format=json prints for them; an error goes to stderr.  0 or -1.
 */
int html_check_report(const char *dir, const struct wq_file *files, int n,
		      bool quiet, bool force);
/* The report of a fix run from its JSON document; the same */
int html_fix_report(const char *dir, const char *json, bool quiet,
		    bool force);

#endif /* WQPORT_HTML_H */

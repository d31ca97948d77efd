/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Regions the first parse skipped (an inactive #if branch outside every
 * function, naming a wait API word), and the rewritten copies of the
 * file that force them on.  See inactive.c.
 */
#ifndef WQPORT_INACTIVE_H
#define WQPORT_INACTIVE_H

#include "wqport.h"

struct directive;

struct inactive_region {
	unsigned start, end;		/* byte range clang skipped */
	unsigned first_line, last_line;
	int dir;			/* the directive opening it */
	int pass;			/* the extra parse that forces it on */
	int pdir;			/* a chain nested in another's
					 * skipped branch: the directive
					 * opening that branch, or -1 */
	char *text;			/* that directive's text */
};

/* at most this many extra parses per file (branches of one chain) */
#define INACTIVE_MAX_PASSES 4

struct inactive_set {
	struct inactive_region *r;
	int n;
	int npasses;
	struct directive *dirs;
	int ndir;
	/* the largest skipped range outside functions holding a body */
	unsigned body_first, body_last, body_size;
	unsigned body_start, body_end;	/* its bytes */
	char *body_dir;
	bool body_if0, body_words;
};

/*
 * Collect the regions of the parsed tu worth a second look; fn_ranges
 * holds nfn [start, end) byte ranges of the functions the parse saw.
 */
int inactive_regions(void *tu, const struct wq_file *f,
		     const unsigned *fn_ranges, int nfn,
		     struct inactive_set *set);
/* The file with the regions of `pass` forced on (allocated, NUL-ended). */
char *inactive_rewrite(const struct wq_file *f, const struct inactive_set *set,
		       int pass, size_t *len);
/* Is the line inside a region forced on in `pass`? */
bool inactive_line(const struct inactive_set *set, int pass, unsigned line);
void inactive_release(struct inactive_set *set);
/* Why nothing was checked when the functions are all in a skipped
 * region (allocated message), or NULL when that is not the case. */
char *inactive_body(const struct wq_file *f, const struct inactive_set *set);

#endif /* WQPORT_INACTIVE_H */

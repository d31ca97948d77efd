/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fix/prove/qmatch.c: a waker's queue and a sleeper's compared as expressions
 * when libclang resolves neither (issue 39).
 */
#ifndef WQPORT_QMATCH_H
#define WQPORT_QMATCH_H

#include <stdbool.h>

struct qmatch {
	char *from, *to;	/* rebase the waker's root onto the sleeper's */
	char *idx_from, *idx_to;	/* the waker's loop index -> the sleeper's */
	bool different;	/* not matched: surely another queue (another
			 * global, the same member path from another type) */
};

/*
 * Is qw, woken at woff in the function [wfn, wend), the queue qs the
 * function [sfn, send) sleeps on?  *why says why not.
 */
bool qmatch_text(const char *buf, unsigned sfn, unsigned send, const char *qs,
		 unsigned wfn, unsigned wend, unsigned woff, const char *qw,
		 struct qmatch *m, char **why);
/* the same with the waker in another file of the module (wbuf) */
bool qmatch_text2(const char *sbuf, size_t slen, unsigned sfn, unsigned send,
		  const char *qs, const char *wbuf, size_t wlen, unsigned wfn,
		  unsigned wend, unsigned woff, const char *qw,
		  struct qmatch *m, char **why);
void qmatch_free(struct qmatch *m);
/* `&((struct foo *)p)->q` -> `p->q` */
char *qmatch_strip(const char *e);
/*
 * The type the declaration of name in [fn, end) of buf gives it, without
 * qualifiers, storage class and stars (`struct foo`), or NULL.
 */
char *qmatch_decl_type(const char *buf, unsigned fn, unsigned end,
		       const char *name);
/* a declared type without qualifiers, storage class and stars */
char *type_norm(const char *t);

#endif /* WQPORT_QMATCH_H */

/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The text scans entry.c plans an entry with (entry_text.c): statements,
 * words and calls in a function's bytes, comments and strings skipped,
 * and the declarations of a wait entry for current.
 */
#ifndef WQPORT_ENTRY_TEXT_H
#define WQPORT_ENTRY_TEXT_H

#include <stdbool.h>

/* The previous significant character before off, or 0. */
char et_prev_sig(const char *b, unsigned off, unsigned floor);
/* Skip whitespace and comments forward. */
unsigned et_next_sig(const char *b, unsigned off, unsigned end);
/* The end of the statement starting at off: just past its `;`. */
unsigned et_stmt_end(const char *b, unsigned off, unsigned end);
/* Is the statement at off a statement of its own, not an if's body? */
bool et_plain_stmt(const char *b, unsigned off, unsigned floor);
/* Is the identifier w at b[i] (a whole word, before end)? */
bool et_word_at(const char *b, unsigned i, unsigned end, const char *w);
/* Uses of the identifier w in [from, to), comments and strings skipped. */
int et_count_word(const char *b, unsigned from, unsigned to, const char *w);
/* `name ( a , b )` at i with a == x and b == y, spaces ignored. */
bool et_call_args_are(const char *b, unsigned i, unsigned end,
		      const char *name, const char *x, const char *y);
/*
 * Is t, in the body [from, to) of b, a local made `struct task_struct *t
 * = current;` and assigned nowhere else: another name for current
 * (`DECLARE_WAITQUEUE(wait, tsk)` after `tsk = current`)?
 */
bool et_current_alias(const char *b, unsigned from, unsigned to,
		      const char *t);
/* `DECLARE_WAITQUEUE(w, current)` at i, or with a local that is current */
bool et_declares_entry(const char *b, unsigned i, unsigned from,
		       unsigned end, const char *w);
/* The first argument of the call at off, as written. */
char *et_first_arg_text(const char *b, unsigned off, unsigned end);
/* The 1-based line of offset off in b. */
unsigned et_line_of(const char *b, unsigned off);
/* `wait_queue_entry_t w;` (or wait_queue_t, struct wait_queue_entry) */
int et_entry_declared(const char *b, unsigned from, unsigned to,
		      const char *w);
/* s without its whitespace (allocated). */
char *et_squeeze(const char *s);

#endif

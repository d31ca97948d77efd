/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The token floor (tokscan.c, floor.c): the sleep_on() calls and the
 * add_wait_queue()/schedule() loops of a file found from its tokens
 * alone, whatever the parse made of it.
 */
#ifndef WQPORT_TOKSCAN_H
#define WQPORT_TOKSCAN_H

#include <stdbool.h>
#include <stddef.h>

/* One conditional directive of the file (#if, #ifdef, #elif, #else). */
struct tok_cond {
	unsigned off, line;
	char *text;		/* "#ifdef RTC_IRQ", "#else" (one line) */
	int opener;		/* the #if of its chain (index), itself for one */
	bool dead;		/* `#if 0`, `#elif 0`, the #else of `#if 1` */
};

struct tok_site {
	int rule;		/* WQ001 or WQ002 */
	unsigned off, line, col;
	char *name;		/* the call: sleep_on, add_wait_queue, ... */
	char *arg0, *arg1;	/* its first two arguments, or NULL */
	/* WQ002: the schedule*() that sleeps in a loop after it */
	char *sleep;
	unsigned sleep_line, sleep_col;
	const char *state;	/* TASK_* set before that sleep, or "" */
	int macro;		/* the #define holding it (index), or -1 */
	bool dead;		/* under #if 0 (or the #else of #if 1) */
};

struct tok_use {
	unsigned off, line;
};

struct tok_macro {
	char *name;
	unsigned line, col;	/* of the name in its #define */
	/* where it is used outside its own #define, and where the macros
	 * that use it are (transitively): a finding at one of those lines
	 * is this macro's */
	struct tok_use *use;
	int nuse;
};

struct tok_scan {
	struct tok_site *s;
	int n;
	struct tok_cond *c;
	int nc;
	struct tok_macro *m;
	int nm;
};

/* Find the sites of buf[0..len); returns their number. */
int tokscan(const char *buf, size_t len, struct tok_scan *ts);
/*
 * The uses in buf[0..len) of macros defined elsewhere (a header's):
 * fill m[i].use from m[i].name, through buf's own macros too.
 */
void tokscan_uses(const char *buf, size_t len, struct tok_macro *m, int nm);
void tokscan_free(struct tok_scan *ts);

#endif /* WQPORT_TOKSCAN_H */

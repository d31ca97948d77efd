/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Uses of API macros in the main file, with what the code does with
 * their value (macros.c): wait_event*() is a macro, so the rules about
 * its condition and its result start from the expansion, not a call.
 */
#ifndef WQPORT_MACROS_H
#define WQPORT_MACROS_H

#include <clang-c/Index.h>

#include "cfg.h"

enum macro_value_use {
	MV_UNKNOWN,	/* not found in the syntax tree (inactive, broken) */
	MV_DISCARDED,	/* a statement of its own */
	MV_VOID_CAST,	/* (void)wait_event_...(): discarded on purpose */
	MV_STORED,	/* `x = ...` or `T x = ...`: type is x's */
	MV_USED,	/* tested, returned, passed on, ... */
};

struct macro_use {
	char *name;
	struct wq_pos pos;
	unsigned start, end;	/* file offsets of the invocation */
	struct wq_event ev;	/* name and argument texts */
	enum macro_value_use use;
	CXType type;		/* MV_STORED: the type it is stored in */
	char *target;		/* MV_STORED: the variable's text */
	char *func;		/* the function it is in, or NULL */
	unsigned fn_start, fn_end;	/* that function's extent */
	bool void_func;		/* that function returns void */
	bool in_loop;		/* it is inside a loop */
};

/*
 * Every use, in the main file, of a macro whose name `want` accepts;
 * with values set, what is done with each one's value.  Returns the
 * number of uses in *out (free with macro_uses_free()).
 */
int macro_uses(CXTranslationUnit tu, const struct wq_file *f,
	       bool (*want)(const char *name), bool values,
	       struct macro_use **out);
void macro_uses_free(struct macro_use *u, int n);

/*
 * Findings from index from on that sit on a driver macro defined in an
 * included header get a note at its #define (macrodef.c).
 */
/*
 * The text (allocated, *size long) of the file holding the `#define name`
 * that buf (the text of path) uses: buf itself, or the first header it
 * includes with quotes, on through their own (macrodef.c); NULL: none.
 */
char *macro_define_file(const char *path, const char *buf, size_t blen,
			const char *name, size_t len, size_t *size);
void note_macro_definitions(CXTranslationUnit tu, struct wq_file *f,
			    int from);

/*
 * The byte ranges of the main file inside an #if branch this parse did
 * not compile and whose condition tests the kernel version or an API's
 * presence (compat.c): code for other kernels, which the rename rules
 * leave alone.
 */
struct compat_ranges {
	unsigned *r;	/* [start, end) pairs */
	int n;
};

void compat_ranges(void *tu, const struct wq_file *f,
		   struct compat_ranges *out);
bool compat_at(const struct compat_ranges *c, unsigned off);
void compat_ranges_free(struct compat_ranges *c);

#endif /* WQPORT_MACROS_H */

/*
 * `base->member` or `base.member` with the member name at file offset
 * off (member.c): the canonical spelling of the struct the base points
 * to ("struct task_struct"), or NULL when the base is no simple name or
 * its type is unknown (an inactive branch, a macro parameter).  *arrow
 * tells `->` from `.`; *base_start is where the base text starts.
 */
char *member_base_struct(CXTranslationUnit tu, const struct wq_file *f,
			 unsigned off, bool *arrow, unsigned *base_start);
/* Is the member at off assigned (`=`, not `==`)? */
bool member_is_written(const struct wq_file *f, unsigned off, size_t len);

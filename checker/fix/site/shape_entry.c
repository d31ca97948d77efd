// SPDX-License-Identifier: GPL-2.0-only
/*
 * For WQ002: the loop an add_wait_queue()d entry sleeps in (its shape, as
 * shape.c reads a sleep's), and how the entry is used: named, indexed,
 * its queue passed by address, misused (added twice, never removed).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ast.h"
#include "analysis.h"
#include "site_text.h"
#include "shape_int.h"

/* Is a statement of b after `add` a loop that sleeps (an inner wait loop)? */
static bool inner_wait_loop(const struct site_ctx *sc, const struct kids *b,
			    CXCursor add)
{
	bool after = false, r = false;
	int i;

	for (i = 0; i < b->n && !r; i++) {
		char *t;

		if (!after) {
			after = clang_equalCursors(b->c[i], add);
			continue;
		}
		if (!shape_is_loop(clang_getCursorKind(b->c[i])))
			continue;
		t = site_cursor_text(sc, b->c[i]);
		r = strstr(t, "schedule") != NULL;
		free(t);
	}
	return r;
}

void loop_of_entry(const struct site_ctx *sc, struct loop_shape *ls)
{
	int si = shape_stmt_index(sc), i;
	CXCursor parent;
	struct kids k;

	memset(ls, 0, sizeof(*ls));
	ls->kind = SH_OTHER;
	if (si < 1)
		return;
	parent = sc->path[si - 1];
	if (si >= 2 && shape_is_loop(clang_getCursorKind(sc->path[si - 2])) &&
	    clang_getCursorKind(parent) == CXCursor_CompoundStmt) {
		/* the porting article's form: add_wait_queue() in the loop */
		enum CXCursorKind lk = clang_getCursorKind(sc->path[si - 2]);
		struct kids b = children(parent);

		ls->per_pass = true;
		ls->add_first = b.n > 0 && clang_equalCursors(b.c[0], sc->path[si]);
		ls->sleep_inner_loop = inner_wait_loop(sc, &b, sc->path[si]);
		free(b.c);
		shape_fill(sc, sc->path[si - 2], lk == CXCursor_WhileStmt ?
			   SH_WHILE : lk == CXCursor_ForStmt ? SH_FOR : SH_DO,
			   NULL, ls);
		if (!ls->state)
			ls->state = sc->state_before;
		return;
	}
	if (si == sc->depth - 1 &&
	    clang_getCursorKind(sc->path[si]) == CXCursor_CompoundStmt) {
		/*
		 * the add's statement is not in the tree (its queue's type
		 * did not parse: `channel_wqs[N]` with N an unknown macro),
		 * so the path ends at the block around it: the loop is
		 * looked for among the block's statements after the anchor
		 */
		parent = sc->path[si];
	} else if (clang_getCursorKind(parent) != CXCursor_CompoundStmt) {
		return;
	}
	k = children(parent);
	for (i = 0; i < k.n; i++) {
		unsigned a, b;

		if (clang_equalCursors(parent, sc->path[si])) {
			/* the first statement after the anchor, less one */
			cursor_span(k.c[i], &a, &b);
			if (a > sc->anchor_off) {
				i--;
				break;
			}
		} else if (clang_equalCursors(k.c[i], sc->path[si])) {
			break;
		}
	}
	for (i++; i < k.n; i++) {
		enum CXCursorKind lk = clang_getCursorKind(k.c[i]);
		char *t;

		if (!shape_is_loop(lk))
			continue;
		t = site_cursor_text(sc, k.c[i]);
		if (strstr(t, "schedule")) {
			free(t);
			shape_fill(sc, k.c[i], lk == CXCursor_WhileStmt ?
				   SH_WHILE : lk == CXCursor_ForStmt ? SH_FOR :
				   SH_DO, NULL, ls);
			break;
		}
		free(t);
	}
	free(k.c);
	if (ls->state == ST_NONE) {
		/* the state may be set once, before the loop */
		char *t = span_text(sc, sc->fn_start, sc->anchor_off);

		ls->state = strstr(t, "TASK_INTERRUPTIBLE") ? ST_INTR :
			    strstr(t, "TASK_KILLABLE") ? ST_KILL :
			    strstr(t, "TASK_UNINTERRUPTIBLE") ? ST_UNINTR : ST_NONE;
		free(t);
	}
}

/* ---- the wait entry ---- */

static char *entry_name(const struct site_ctx *sc)
{
	char *t = span_text(sc, sc->anchor_off, sc->fn_end);
	const char *open = strchr(t, '('), *comma;
	char *arg, *r;

	if (!open) {
		free(t);
		return xstrdup("");
	}
	arg = paren_arg(open);
	comma = strrchr(arg, ',');
	r = strip_amp(comma ? comma + 1 : arg);
	free(arg);
	free(t);
	return r;
}

/*
 * Is there a while or for in the text from the anchor to the entry's
 * remove_wait_queue() (or the function's end)?  When the AST shows no loop
 * but the text does, the parse is broken (an unknown type), not the shape.
 */
bool loop_text_after(const struct site_ctx *sc)
{
	char *t = span_text(sc, sc->anchor_off, sc->fn_end);
	char *rm = strstr(t, "remove_wait_queue");
	bool r;

	if (rm)
		*rm = '\0';
	r = find_word(t, "while") || find_word(t, "for");
	free(t);
	return r;
}

bool entry_indexed(const struct site_ctx *sc)
{
	char *e = entry_name(sc);
	bool r = strchr(e, '[') != NULL;

	free(e);
	return r;
}

/* Is the anchor's queue argument written `&q` (not a pointer or a call)? */
bool queue_by_address(const struct site_ctx *sc)
{
	const char *p = sc->buf + sc->anchor_off;
	const char *end = sc->buf + sc->fn_end;

	while (p < end && *p != '(')
		p++;
	for (p++; p < end && isspace((unsigned char)*p); p++)
		;
	return p < end && *p == '&';
}

const char *entry_misuse(const struct site_ctx *sc)
{
	char *fn = span_text(sc, sc->fn_start, sc->fn_end);
	char *entry = entry_name(sc);
	char *amp = xasprintf("&%s", entry), *flags = xasprintf("%s.flags", entry);
	char *first_q = NULL;
	const char *p = fn, *q, *why = NULL;

	if (!*entry)
		goto out;
	/* one function, one queue: waits on two queues are redesigns */
	for (q = fn; (q = strstr(q, "add_wait_queue")); q++) {
		char *qa;

		if (q > fn && is_ident(q[-1]))
			continue;
		qa = first_arg(q);
		if (!first_q)
			first_q = qa;
		else if (strcmp(first_q, qa))
			why = "two-queues";
		if (qa != first_q)
			free(qa);
		if (why)
			goto out;
	}
	free(first_q);
	first_q = NULL;
	if (strstr(fn, flags) && strstr(fn, "WQ_FLAG_EXCLUSIVE")) {
		why = "hand-set-exclusive";
		goto out;
	}
	while ((q = strstr(p, amp))) {
		const char *r = q;
		int depth = 0;
		char name[64];
		size_t n = 0;

		p = q + 1;
		if (is_ident(q[strlen(amp)]))
			continue;
		/* the call this &entry is an argument of */
		while (r > fn && !(*r == '(' && depth == 0)) {
			r--;
			if (*r == ')')
				depth++;
			else if (*r == '(' && depth)
				depth--, r--;
		}
		while (r > fn && r[-1] == ' ')
			r--;
		while (r > fn && is_ident(r[-1]))
			r--;
		while (is_ident(r[n]) && n < sizeof(name) - 1)
			name[n] = r[n], n++;
		name[n] = '\0';
		if (!kapi_lookup(name, n)) {
			why = "entry-passed";
			goto out;
		}
		if (!strncmp(name, "add_wait_queue", 14)) {
			const char *open = r + n;
			char *qa;

			while (*open == ' ')
				open++;
			qa = first_arg(open);
			if (!first_q)
				first_q = qa;
			else if (strcmp(first_q, qa))
				why = "two-queues", free(qa);
			else
				free(qa);
			if (why)
				goto out;
		}
	}
out:
	free(first_q);
	free(fn);
	free(entry);
	free(amp);
	free(flags);
	return why;
}

char *entry_misuse_text(const struct site_ctx *sc, const char *why)
{
	char *entry = entry_name(sc), *r;

	if (!strcmp(why, "hand-set-exclusive"))
		r = xasprintf("'%s.flags' gets WQ_FLAG_EXCLUSIVE by hand; prepare_to_wait() would clear it",
			      entry);
	else if (!strcmp(why, "two-queues"))
		r = xasprintf("the function waits on two queues with '%s' and another entry or queue; wait_event*() waits on one",
			      entry);
	else
		r = xasprintf("the entry '%s' is passed to another function", entry);
	free(entry);
	return r;
}

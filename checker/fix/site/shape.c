// SPDX-License-Identifier: GPL-2.0-only
/*
 * The statement a fix site is in and the loop or if around it: what the
 * loop body does besides sleeping (signal exits, early exits, lock drops,
 * interrupt toggles, other work), its condition and a timeout receiver
 * (shape_entry.c: for WQ002, the loop an entry sleeps in).  Statements
 * are told apart by their text; structure comes from the path of cursors
 * site.c found.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "ast.h"
#include "analysis.h"
#include "site_text.h"
#include "shape_int.h"

/* ---- statements ---- */

enum item {
	IT_SLEEP, IT_SIGNAL_EXIT, IT_COND_BREAK, IT_TIMEOUT_EXIT, IT_STATE,
	IT_UNLOCK_IRQ, IT_LOCK_IRQ, IT_IRQSAVE, IT_SCHEDULE, IT_ADD, IT_REMOVE,
	IT_EXIT_IF, IT_IRQ_TOGGLE, IT_OTHER,
};

struct item_info {
	enum item kind;
	char *cond;	/* IT_COND_BREAK: the test */
	char *arg;	/* lock, receiver */
	bool expired;	/* IT_SIGNAL_EXIT that also tests the time left */
	bool io;	/* IT_SCHEDULE: io_schedule*(), accounted as I/O wait */
	bool relock;	/* IT_IRQSAVE: spin_lock_irqsave(), not the unlock */
};

bool shape_is_loop(enum CXCursorKind k)
{
	return k == CXCursor_WhileStmt || k == CXCursor_ForStmt ||
	       k == CXCursor_DoStmt;
}

/* What the call statement text t starts with does to interrupts, or NULL */
static const char *irq_call(const char *t)
{
	size_t n = 0;

	while (is_ident(t[n]))
		n++;
	return n ? kapi_irq(t, n) : NULL;
}

/* Does statement text t start with a release a loop exit may make
 * (kapi.def KAPI_EXIT_UNLOCK)? */
static bool starts_with_unlock(const char *t)
{
	size_t n = 0;

	while (is_ident(t[n]))
		n++;
	return n && kapi_exit_unlock(t, n);
}

/*
 * Is the branch only a way out: `break;`, `return E;`, `goto out;`,
 * optionally after assignments (`ret = -EINTR;`) and lock releases?
 */
static bool is_exit_branch(const char *t, bool *is_goto)
{
	char *s = xstrdup(t), *p = s, *part, *last = NULL;
	bool ok = true;

	if (*p == '{')
		p++;
	for (part = strtok(p, ";"); part; part = strtok(NULL, ";")) {
		while (*part == ' ')
			part++;
		if (!*part || !strcmp(part, "}"))
			continue;
		if (last && !(strchr(last, '=') && !strchr(last, '(')) &&
		    !starts_with_unlock(last))
			ok = false;
		last = part;
	}
	if (!last || !(starts_with_word(last, "break") ||
		       starts_with_word(last, "return") ||
		       starts_with_word(last, "goto")))
		ok = false;
	else if (starts_with_word(last, "goto"))
		*is_goto = true;
	free(s);
	return ok;
}

static void classify(const struct site_ctx *sc, CXCursor c, const char *receiver,
		     struct item_info *it, bool *is_goto)
{
	char *t = site_cursor_text(sc, c);
	const char *irq;
	unsigned a, b;

	memset(it, 0, sizeof(*it));
	it->kind = IT_OTHER;
	cursor_span(c, &a, &b);
	if (a <= sc->anchor_off && sc->anchor_off < b) {
		it->kind = IT_SLEEP;
	} else if (clang_getCursorKind(c) == CXCursor_IfStmt) {
		struct kids k = children(c);

		if (k.n == 2) {
			char *cond = site_cursor_text(sc, k.c[0]);
			char *then = site_cursor_text(sc, k.c[1]);

			if (strstr(cond, "signal_pending") &&
			    is_exit_branch(then, is_goto)) {
				it->kind = IT_SIGNAL_EXIT;
				/* `if (!t || signal_pending(current)) break;`:
				 * the time left ends the loop too */
				if (receiver && find_word(cond, receiver) &&
				    !strstr(cond, "&&"))
					it->expired = true;
			} else if (!strcmp(then, "break;") || !strcmp(then, "break") ||
				   !strcmp(then, "{ break; }")) {
				it->kind = IT_COND_BREAK;
				it->cond = xstrdup(cond);
			} else if (receiver && is_exit_branch(then, is_goto) &&
				   find_word(cond, receiver) &&
				   !strpbrk(cond, "&|")) {
				it->kind = IT_TIMEOUT_EXIT;
			} else if (is_exit_branch(then, is_goto) &&
				   !cond_side_effect(cond)) {
				/* `if (nonblock) return -EAGAIN;` and the like */
				it->kind = IT_EXIT_IF;
				it->arg = xasprintf("if (%s) %s", cond, then);
				it->cond = xstrdup(cond);
			}
			free(cond);
			free(then);
		}
		free(k.c);
	} else if (is_state_set(t)) {
		it->kind = IT_STATE;
		it->arg = xstrdup(t);
	} else if ((irq = irq_call(t))) {
		/* interrupts and irq locks (kapi.def KAPI_IRQ) */
		if (!strcmp(irq, "unlock_on")) {
			it->kind = IT_UNLOCK_IRQ;
			it->arg = first_arg(t);
		} else if (!strcmp(irq, "lock_off")) {
			it->kind = IT_LOCK_IRQ;
			it->arg = first_arg(t);
		} else if (!strcmp(irq, "unlock_restore") ||
			   !strcmp(irq, "lock_save")) {
			it->kind = IT_IRQSAVE;
			it->relock = !strcmp(irq, "lock_save");
		} else {
			it->kind = IT_IRQ_TOGGLE;
		}
	} else if (starts_with_word(t, "schedule") ||
		   starts_with_word(t, "io_schedule") ||
		   (strstr(t, "schedule_timeout(") && strchr(t, '=') &&
		    !strchr(t, '?'))) {
		it->kind = IT_SCHEDULE;
		it->io = starts_with_word(t, "io_schedule");
		if (strchr(t, '=') && strstr(t, "schedule_timeout")) {
			const char *eq = strchr(t, '=');

			it->arg = xasprintf("%.*s", (int)(eq - t), t);
			while (strlen(it->arg) && it->arg[strlen(it->arg) - 1] == ' ')
				it->arg[strlen(it->arg) - 1] = '\0';
		}
	} else if (starts_with_word(t, "add_wait_queue") ||
		   starts_with_word(t, "add_wait_queue_exclusive")) {
		it->kind = IT_ADD;
	} else if (starts_with_word(t, "remove_wait_queue")) {
		it->kind = IT_REMOVE;
	} else if (!strcmp(t, ";") ||
		   (clang_getCursorKind(c) == CXCursor_DeclStmt &&
		    !strchr(t, '='))) {
		/* an empty statement, a declaration with no initializer
		 * (`int rc;`): nothing done */
		it->kind = IT_REMOVE;
	}
	if (clang_getCursorKind(c) == CXCursor_GotoStmt)
		*is_goto = true;
	if (it->kind == IT_OTHER)
		it->arg = t;
	else
		free(t);
}

/* The statements of a loop body: a compound's children, or the one. */
static struct kids body_items(CXCursor body)
{
	struct kids k = { 0 };

	if (clang_getCursorKind(body) == CXCursor_CompoundStmt)
		return children(body);
	k.c = xrealloc(NULL, sizeof(CXCursor));
	k.c[0] = body;
	k.n = 1;
	return k;
}

/* Split the header of `for (a; b; c)` and return b (may be empty). */
static char *for_cond(const struct site_ctx *sc, CXCursor loop)
{
	char *t = site_cursor_text(sc, loop);
	const char *p = strchr(t, '('), *s1, *s2;
	char *r;
	int depth = 0;

	if (!p) {
		free(t);
		return xstrdup("");
	}
	for (s1 = p + 1; *s1 && !(*s1 == ';' && !depth); s1++)
		depth += (*s1 == '(') - (*s1 == ')');
	for (s2 = s1 + (*s1 == ';'); *s2 && !(*s2 == ';' && !depth); s2++)
		depth += (*s2 == '(') - (*s2 == ')');
	r = xasprintf("%.*s", (int)(s2 - s1 - 1 > 0 ? s2 - s1 - 1 : 0), s1 + 1);
	free(t);
	while (*r == ' ')
		memmove(r, r + 1, strlen(r));
	while (*r && r[strlen(r) - 1] == ' ')
		r[strlen(r) - 1] = '\0';
	return r;
}

static bool always_true(const char *c)
{
	return !*c || !strcmp(c, "1") || !strcmp(c, "true");
}

/* Drop a `|| !t` (or `t == 0`) operand from an exit test; true if found. */
static bool drop_expired_operand(char *test, const char *t)
{
	char *forms[3];
	bool hit = false;
	int i;

	forms[0] = xasprintf("!%s", t);
	forms[1] = xasprintf("%s == 0", t);
	forms[2] = xasprintf("%s <= 0", t);
	for (i = 0; i < 3 && !hit; i++) {
		size_t n = strlen(forms[i]);
		char *p = strstr(test, forms[i]);

		if (!p || is_ident(p[n]))
			continue;
		if (p >= test + 4 && !strncmp(p - 4, " || ", 4) && !p[n]) {
			p[-4] = '\0';
			hit = true;
		} else if (p == test && !strncmp(p + n, " || ", 4)) {
			memmove(p, p + n + 4, strlen(p + n + 4) + 1);
			hit = true;
		}
	}
	for (i = 0; i < 3; i++)
		free(forms[i]);
	return hit;
}

/* What shape_fill() has seen of the body so far */
struct shape_walk {
	enum site_shape kind;
	const char *guard;	/* the loop's head test, or NULL */
	bool wq002;		/* the site is an add_wait_queue() */
	bool after_sleep, slept, scheduled;
	/* spin_lock_irqsave() after the sleep, not yet released */
	bool saved_after;
	char *breaks;		/* WQ002: the other `if (c2) break;` tests */
};

/*
 * The loop's other work as quoted in the words: a long statement with a
 * block is cut after its opening brace (`while (1) { ... }`), not the
 * whole nested loop.
 */
static char *other_quote(char *t)
{
	char *b = t ? strchr(t, '{') : NULL;
	char *q;

	if (!b || b - t > 160 || strlen(t) <= 100)
		return t;
	q = xasprintf("%.*s{ ... }", (int)(b - t), t);
	free(t);
	return q;
}

/* One item of the loop's body, classified, into the shape. */
static void shape_take(struct loop_shape *ls, struct shape_walk *w,
		       struct item_info *it)
{
	switch (it->kind) {
	case IT_SLEEP:
		w->after_sleep = true;
		break;
	case IT_EXIT_IF:
		if (!ls->cond && w->scheduled && w->kind != SH_DO &&
		    !ls->exit_ifs && (!w->guard || always_true(w->guard)))
			ls->sleep_first = true;
		/* an early exit before the sleep keeps the loop;
		 * after it, it is work the rewrite would skip */
		if (!w->after_sleep && w->kind != SH_DO) {
			/* its test, for the planner's fold (plan_loops.c) */
			if (ls->exit_ifs < SHAPE_MAX_EXITS) {
				ls->exit_test[ls->exit_ifs] = it->cond;
				it->cond = NULL;
			}
			if (w->slept)
				ls->exit_after_sleep = true;
			ls->exit_ifs++;
		} else if (!ls->other)
			ls->other = other_quote(it->arg), it->arg = NULL;
		break;
	case IT_SIGNAL_EXIT:
		ls->signal_exit = true;
		if (it->expired)
			ls->timeout_loop = true;
		break;
	case IT_COND_BREAK:
		if (!ls->cond && w->scheduled && w->kind != SH_DO &&
		    (!w->guard || always_true(w->guard)))
			ls->sleep_first = true;
		if (!ls->cond && (!w->guard || always_true(w->guard))) {
			ls->cond = it->cond, it->cond = NULL;
		} else if (!w->slept && !ls->other && w->wq002 &&
			   !cond_side_effect(it->cond)) {
			/* WQ002: `if (c2) break;` too ends the wait:
			 * the condition is `c || c2` (plan_loops.c) */
			char *b = xasprintf("%s%s(%s)", w->breaks ? w->breaks : "",
					    w->breaks ? " || " : "", it->cond);

			free(w->breaks);
			w->breaks = b;
			ls->cond_breaks++;
		} else if (!ls->other) {
			ls->other = xasprintf("if (%s) break;", it->cond);
		}
		break;
	case IT_TIMEOUT_EXIT:
		ls->timeout_loop = true;
		break;
	case IT_STATE:
		if (state_of(it->arg) != ST_NONE)
			ls->state = state_of(it->arg);
		break;
	case IT_UNLOCK_IRQ:
		if (!ls->lock)
			ls->lock = it->arg, it->arg = NULL;
		break;
	case IT_IRQSAVE:
		/*
		 * Before the sleep the lock is read as dropped around it
		 * (the test under it); after the sleep, taken and released
		 * again before the pass ends (a copy of the line status
		 * under the lock, TIOCMIWAIT), it is no lock held at the
		 * sleep, and one the pass keeps is held for the next test
		 */
		if (!w->after_sleep)
			ls->irqrestore = true;
		else if (it->relock)
			w->saved_after = true;
		else if (w->saved_after)
			w->saved_after = false;
		else
			ls->irqrestore = true;
		break;
	case IT_IRQ_TOGGLE:
		ls->irq_toggle = true;
		break;
	case IT_SCHEDULE:
		ls->io_sleep |= it->io;
		if (it->arg && !ls->receiver)
			ls->receiver = it->arg, it->arg = NULL;
		break;
	case IT_OTHER:
		if (!ls->other)
			ls->other = other_quote(it->arg), it->arg = NULL;
		break;
	default:
		break;
	}
}

/*
 * WQ002: `if (!t) { r = -ETIMEDOUT; break; }` before the loop's
 * `t = schedule_timeout(t);` is its timeout exit too: the t, or NULL
 */
static char *pre_receiver_of(const struct site_ctx *sc,
			     const struct kids *items)
{
	char *pre = NULL;
	int i;

	for (i = 0; i < items->n && !pre; i++) {
		char *t = site_cursor_text(sc, items->c[i]);
		const char *eq = strstr(t, "= schedule_timeout(");
		size_t n = 0;

		while (is_ident(t[n]))
			n++;
		if (eq && n && t + n <= eq && !strchr(eq + 1, '=') &&
		    strspn(t + n, " ") == (size_t)(eq - t - n))
			pre = xasprintf("%.*s", (int)n, t);
		free(t);
	}
	return pre;
}

void shape_fill(const struct site_ctx *sc, CXCursor loop,
		enum site_shape kind, const char *receiver,
		struct loop_shape *ls)
{
	struct kids k = children(loop);
	CXCursor body = kind == SH_DO ? k.c[0] : k.c[k.n - 1];
	struct kids items = body_items(body);
	struct shape_walk w = { 0 };
	char *guard = NULL, *pre_receiver = NULL;
	int i;

	w.wq002 = !strncmp(sc->anchor, "add_wait_queue", 14);
	if (kind == SH_DO && k.n == 2) {
		/* `do { ... } while (1)` (the /dev/rtc read loop): its only
		 * exits are in the body, as in for (;;) */
		char *tail = site_cursor_text(sc, k.c[1]);

		if (always_true(tail)) {
			ls->do_forever = true;
			kind = SH_FOR;
			guard = xstrdup("");
		}
		free(tail);
	}
	ls->kind = kind;
	if (w.wq002 && !receiver)
		pre_receiver = pre_receiver_of(sc, &items);
	if (kind == SH_WHILE)
		guard = site_cursor_text(sc, k.c[0]);
	else if (kind == SH_FOR && !guard)
		guard = for_cond(sc, loop);
	w.kind = kind;
	w.guard = guard;
	for (i = 0; i < items.n; i++) {
		struct item_info it;

		classify(sc, items.c[i], receiver ? receiver :
			 ls->receiver ? ls->receiver : pre_receiver,
			 &it, &ls->has_goto);
		if (it.kind == IT_SCHEDULE ||
		    (it.kind == IT_SLEEP && !strstr(sc->anchor, "add_wait") &&
		     !strstr(sc->anchor, "prepare_to_wait")))
			w.scheduled = true;
		if (it.kind == IT_SCHEDULE || it.kind == IT_SLEEP)
			w.slept = true;
		else if (!w.slept && it.kind == IT_STATE &&
			 state_of(it.arg) != ST_NONE)
			ls->state_top = true;
		else if (!w.slept && it.kind == IT_OTHER && it.arg &&
			 strstr(it.arg, "schedule")) {
			/* a sleep in a branch, or one classify() does
			 * not read (`schedule_timeout(HZ);`) */
			w.slept = w.scheduled = true;
			ls->sleep_nested = starts_with_word(it.arg, "if") ||
					   starts_with_word(it.arg, "switch") ||
					   starts_with_word(it.arg, "for") ||
					   starts_with_word(it.arg, "while") ||
					   it.arg[0] == '{';
		}
		shape_take(ls, &w, &it);
		free(it.cond);
		free(it.arg);
	}
	if (w.saved_after)
		ls->irqrestore = true;	/* retaken for the next pass's test */
	if (ls->cond && ls->receiver && drop_expired_operand(ls->cond, ls->receiver))
		ls->timeout_loop = true;	/* if (c || !t) break; */
	if (guard && always_true(guard) && !ls->cond)
		ls->const_guard = true;	/* while (1) with no way out */
	if (guard && !always_true(guard)) {
		const char *r = receiver ? receiver : ls->receiver;

		/* the 2.2 read loop's head: the signal is no condition */
		if (cond_drop_operand(guard, "!signal_pending(current)"))
			ls->sig_head = true;

		if (r && cond_drop_operand(guard, r))
			ls->timeout_loop = true;
		free(ls->cond);
		ls->cond = wait_condition(guard);
	}
	if (w.breaks && ls->cond) {
		char *c = xasprintf("(%s) || %s", ls->cond, w.breaks);

		free(ls->cond);
		ls->cond = c;
	} else if (w.breaks && !ls->other) {
		ls->other = xasprintf("if %s break;", w.breaks);
	}
	free(w.breaks);
	free(pre_receiver);
	free(guard);
	free(items.c);
	free(k.c);
}

static bool type_unsigned(CXType t)
{
	switch (clang_getCanonicalType(t).kind) {
	case CXType_UInt: case CXType_ULong: case CXType_ULongLong:
	case CXType_UShort: case CXType_UChar: case CXType_Char_U:
		return true;
	default:
		return false;
	}
}

/* Index in the path of the statement holding the anchor. */
int shape_stmt_index(const struct site_ctx *sc)
{
	int i;

	for (i = sc->depth - 1; i > 0; i--) {
		enum CXCursorKind pk = clang_getCursorKind(sc->path[i - 1]);

		if (pk == CXCursor_CompoundStmt || pk == CXCursor_CaseStmt ||
		    pk == CXCursor_DefaultStmt || pk == CXCursor_LabelStmt)
			return i;
		if (shape_is_loop(pk) || pk == CXCursor_IfStmt) {
			struct kids k = children(sc->path[i - 1]);
			bool cond = clang_equalCursors(k.c[0], sc->path[i]) &&
				    pk != CXCursor_DoStmt;

			free(k.c);
			if (!cond)
				return i;
		}
	}
	return -1;
}

/*
 * Is the statement after path[i] (a loop whose head tests the signal)
 * `if (signal_pending(current)) <exit>`: the loop's signal exit?
 */
static bool signal_test_after(const struct site_ctx *sc, int i)
{
	struct kids k;
	bool r = false, is_goto = false;
	int j;

	if (i < 1 || clang_getCursorKind(sc->path[i - 1]) != CXCursor_CompoundStmt)
		return false;
	k = children(sc->path[i - 1]);
	for (j = 0; j + 1 < k.n; j++)
		if (clang_equalCursors(k.c[j], sc->path[i])) {
			struct kids b = children(k.c[j + 1]);

			if (clang_getCursorKind(k.c[j + 1]) == CXCursor_IfStmt &&
			    b.n == 2) {
				char *c = site_cursor_text(sc, b.c[0]);
				char *t = site_cursor_text(sc, b.c[1]);

				r = !strcmp(c, "signal_pending(current)") &&
				    is_exit_branch(t, &is_goto);
				free(c);
				free(t);
			}
			free(b.c);
			break;
		}
	free(k.c);
	return r;
}

/* Is the statement after path[i] (a loop) a return to TASK_RUNNING? */
/* The kapi.def kind of the call statement t starts with, or -1. */
static int call_kind(const char *t)
{
	const struct kapi *k;
	size_t n = 0;

	while (wq_ident_char(t[n]))
		n++;
	k = n ? kapi_lookup(t, n) : NULL;
	return k ? (int)k->kind : -1;
}

/* Does the loop's text name `goto label` for a label not in seen? */
static bool goto_elsewhere(const char *loop, char **seen, int nseen)
{
	const char *p;

	for (p = loop; (p = strstr(p, "goto")); p += 4) {
		const char *a = p + 4, *b;
		int i;

		if ((p > loop && wq_ident_char(p[-1])) || wq_ident_char(*a))
			continue;
		while (*a == ' ' || *a == '\t')
			a++;
		for (b = a; wq_ident_char(*b); b++)
			;
		for (i = 0; i < nseen; i++)
			if ((size_t)(b - a) == strlen(seen[i]) &&
			    !strncmp(a, seen[i], b - a))
				break;
		if (i == nseen)
			return true;
	}
	return false;
}

/*
 * Is the task state set to TASK_RUNNING (or the entry taken off with
 * finish_wait()) after the loop at path[i], on every way out of it: the
 * statements after it in its block, through lock releases,
 * remove_wait_queue(), labels and assignments that call nothing, up to
 * that write; and every goto out of the loop to one of the labels
 * passed on the way?
 */
/*
 * The statement after the loop at path[i], read from the text when the
 * tree has no block around the loop (a header missing): TASK_RUNNING set,
 * or finish_wait()?
 */
static bool running_after_text(const struct site_ctx *sc, int i)
{
	CXSourceRange r = clang_getCursorExtent(sc->path[i]);
	unsigned to;
	const char *p, *e = sc->buf + sc->len;

	clang_getSpellingLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &to);
	if (to == 0 || to >= sc->len || sc->buf[to - 1] != '}')
		return false;
	for (p = sc->buf + to; p < e && isspace((unsigned char)*p); p++)
		;
	return starts_with_word(p, "finish_wait") ||
	       (is_state_set(p) && !strncmp(p + strcspn(p, "(;"), "(TASK_RUNNING)", 14));
}

static bool running_after(const struct site_ctx *sc, int i)
{
	struct kids k;
	bool r = false;
	char *labels[8], *loop;
	int j, nl = 0;

	if (i < 1 || clang_getCursorKind(sc->path[i - 1]) != CXCursor_CompoundStmt)
		return i >= 0 && running_after_text(sc, i);
	k = children(sc->path[i - 1]);
	for (j = 0; j + 1 < k.n; j++)
		if (clang_equalCursors(k.c[j], sc->path[i]))
			break;
	loop = site_cursor_text(sc, sc->path[i]);
	for (j++; j < k.n && !r; j++) {
		CXCursor c = k.c[j];
		char *t;
		int kind;

		while (clang_getCursorKind(c) == CXCursor_LabelStmt && nl < 8) {
			CXString ls = clang_getCursorSpelling(c);
			struct kids lk = children(c);

			labels[nl++] = xstrdup(clang_getCString(ls));
			clang_disposeString(ls);
			if (!lk.n) {
				free(lk.c);
				break;
			}
			c = lk.c[0];
			free(lk.c);
		}
		t = site_cursor_text(sc, c);
		kind = call_kind(t);
		r = (is_state_set(t) && strstr(t, "TASK_RUNNING")) ||
		    starts_with_word(t, "finish_wait");
		/* a lock release, the entry's removal, a printk(), or
		 * work with no call (`q->posted--;`): nothing that may
		 * sleep */
		if (!r && kind != K_UNLOCK && kind != K_REMOVE_WAIT &&
		    !kapi_log(t, strcspn(t, " \t(")) &&
		    (strchr(t, '(') || !*t ||
		     (clang_getCursorKind(c) != CXCursor_BinaryOperator &&
		      clang_getCursorKind(c) != CXCursor_UnaryOperator &&
		      clang_getCursorKind(c) != CXCursor_CompoundAssignOperator))) {
			free(t);
			break;
		}
		free(t);
	}
	/* a statement the parse dropped (a type of a missing header):
	 * the one right after the loop, read from the text */
	if (!r)
		r = running_after_text(sc, i);
	if (r && goto_elsewhere(loop, labels, nl))
		r = false;
	while (nl)
		free(labels[--nl]);
	free(loop);
	free(k.c);
	return r;
}

/*
 * Does finish_wait() follow the anchor in the loop cont's text, with no
 * break, goto or return between them?
 */
static bool finish_in_loop(const struct site_ctx *sc, CXCursor cont)
{
	CXSourceRange r = clang_getCursorExtent(cont);
	unsigned from, to;
	long f;
	const char *exits[] = { "break", "goto", "return", NULL };
	int i;

	clang_getSpellingLocation(clang_getRangeStart(r), NULL, NULL, NULL,
				  &from);
	clang_getSpellingLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &to);
	if (sc->anchor_off < from || sc->anchor_off >= to || to > sc->len)
		return false;
	f = text_find_word(sc->buf, sc->anchor_off, to, "finish_wait");
	if (f < 0)
		return false;
	for (i = 0; exits[i]; i++)
		if (text_has_word(sc->buf, sc->anchor_off, f, exits[i]))
			return false;
	return true;
}

void shape_release(struct loop_shape *ls)
{
	int i;

	for (i = 0; i < SHAPE_MAX_EXITS; i++)
		free(ls->exit_test[i]);
	free(ls->cond);
	free(ls->lock);
	free(ls->other);
	free(ls->receiver);
	free(ls->stmt_text);
	free(ls->block_guard);
	free(ls->if_test);
	memset(ls, 0, sizeof(*ls));
}

/*
 * Is the state write stmt in the block of an if with no else, a later
 * statement of the block sleeping and none of them a loop (old tvaudio.c: `if
 * (!chip->done) { set_current_state(S); schedule(); }`)?  Then the if's
 * test is the one the sleep depends on, made before the state change,
 * as for a statement alone under it (SH_IF).
 */
static bool state_under_if(const struct site_ctx *sc, const struct kids *items,
			   CXCursor stmt)
{
	bool at = false, sleeps = false;
	int i;

	if (!kapi_is(sc->anchor, strlen(sc->anchor), K_SET_STATE))
		return false;
	for (i = 0; i < items->n; i++) {
		char *t;

		if (!at) {	/* (the write may be a macro's do-while) */
			at = clang_equalCursors(items->c[i], stmt);
			continue;
		}
		if (shape_is_loop(clang_getCursorKind(items->c[i])))
			return false;
		t = site_cursor_text(sc, items->c[i]);
		sleeps |= strstr(t, "schedule") != NULL;
		free(t);
	}
	return sleeps;
}

/*
 * The sleep in an arm of an if (k, at path[ci]) that tests how the file
 * was opened: `if (empty) { if (O_NONBLOCK) return; else sleep; }`.
 * That test only picks whether to sleep; the one that led to the sleep is
 * the enclosing if's, when the inner if is the whole of its then block or
 * the block's last statement.  Its condition as a wait condition, or NULL.
 */
static char *else_of_open_flags(const struct site_ctx *sc,
				const struct kids *k, int ci)
{
	char *t = site_cursor_text(sc, k->c[0]), *g = NULL;
	struct kids o, items;

	if (!condclass_open_flags(t) || ci < 3 ||
	    clang_getCursorKind(sc->path[ci - 1]) != CXCursor_CompoundStmt ||
	    clang_getCursorKind(sc->path[ci - 2]) != CXCursor_IfStmt) {
		free(t);
		return NULL;
	}
	free(t);
	o = children(sc->path[ci - 2]);
	items = body_items(sc->path[ci - 1]);
	if (o.n >= 2 && clang_equalCursors(o.c[1], sc->path[ci - 1]) &&
	    items.n && clang_equalCursors(items.c[items.n - 1], sc->path[ci])) {
		t = site_cursor_text(sc, o.c[0]);
		g = wait_condition(t);
		free(t);
	}
	free(items.c);
	free(o.c);
	return g;
}

/*
 * Is the call at the anchor a statement of its own in the text: a `;`,
 * `{`, `}`, `)` (an if's test) or `else` before it, and `;` after its
 * closing parenthesis?  Then nothing uses its result.
 */
static bool bare_call_text(const struct site_ctx *sc)
{
	const char *b = sc->buf, *p = b + sc->anchor_off;
	const char *e = b + sc->len;
	int d = 0;

	while (p > b && isspace((unsigned char)p[-1]))
		p--;
	if (p > b && !strchr(";{})", p[-1]) &&
	    !(p - b >= 4 && !strncmp(p - 4, "else", 4)))
		return false;
	for (p = b + sc->anchor_off; p < e && *p != '('; p++)
		;
	for (; p < e; p++) {
		d += (*p == '(') - (*p == ')');
		if (!d)
			break;
	}
	if (p >= e)
		return false;
	for (p++; p < e && isspace((unsigned char)*p); p++)
		;
	return p < e && *p == ';';
}

/* Is the anchor in the braces of statement stmt (its body, not its head)? */
static bool in_body_text(const struct site_ctx *sc, CXCursor stmt)
{
	CXSourceRange r = clang_getCursorExtent(stmt);
	unsigned from;
	const char *p;

	clang_getSpellingLocation(clang_getRangeStart(r), NULL, NULL, NULL,
				  &from);
	if (from >= sc->anchor_off || sc->anchor_off > sc->len)
		return false;
	for (p = sc->buf + from; p < sc->buf + sc->anchor_off; p++)
		if (*p == '{')
			return true;
	return false;
}

/*
 * Is the sleep (statement stmt at path[si], its if at path[ci]) in the
 * else arm of an if whose then arm only skips it (`if (skb_queue_len(q))
 * continue; else sleep;`, a kernel thread's 3.4 tx loop)?
 */
static bool else_of_skip(const struct site_ctx *sc, const struct kids *k,
			 CXCursor stmt, int ci, int si)
{
	static const char *const skips[] = { "continue;", "continue",
		"{ continue; }", "break;", "break", "{ break; }", NULL };
	char *t;
	int i;

	if (k->n != 3 || !clang_equalCursors(k->c[2], ci == si - 1 ? stmt :
						 sc->path[si - 1]))
		return false;
	t = site_cursor_text(sc, k->c[1]);
	for (i = 0; skips[i] && strcmp(t, skips[i]); i++)
		;
	free(t);
	return skips[i] != NULL;
}

void shape_of(const struct site_ctx *sc, struct loop_shape *ls)
{
	int si = shape_stmt_index(sc), ci;
	CXCursor stmt, cont;
	enum CXCursorKind sk, ck;

	memset(ls, 0, sizeof(*ls));
	ls->kind = SH_OTHER;
	if (si < 1)
		return;
	stmt = sc->path[si];
	sk = clang_getCursorKind(stmt);
	ls->stmt_text = site_cursor_text(sc, stmt);
	/* how the sleep's result is used */
	if (sk == CXCursor_BinaryOperator) {
		struct kids k = children(stmt);
		char *t = ls->stmt_text;
		const char *eq = strchr(t, '=');

		if (k.n == 2 && eq && eq[1] != '=' &&
		    strstr(eq, sc->anchor) == eq + 2) {
			ls->receiver = site_cursor_text(sc, k.c[0]);
			ls->receiver_unsigned =
				type_unsigned(clang_getCursorType(k.c[0]));
		} else {
			ls->result_used = true;
		}
		free(k.c);
	} else if (sk == CXCursor_CStyleCastExpr &&
		   !strncmp(ls->stmt_text, "(void)", 6)) {
		/* `(void)sleep_on_timeout(...)`: the result thrown away */
	} else if (sk == CXCursor_CompoundStmt) {
		/* the call is no cursor of the tree (an undeclared type in
		 * its arguments): its statement read from the text */
		ls->result_used = !bare_call_text(sc);
	} else if ((sk == CXCursor_ForStmt || sk == CXCursor_WhileStmt ||
		    sk == CXCursor_DoStmt || sk == CXCursor_IfStmt ||
		    sk == CXCursor_SwitchStmt) && in_body_text(sc, stmt)) {
		/* the call is no cursor of the tree, and the innermost
		 * statement the tree has is a loop or if around it, in its
		 * body: its statement read from the text */
		ls->result_used = !bare_call_text(sc);
	} else if (sk != CXCursor_CallExpr && sk != CXCursor_UnexposedExpr) {
		ls->result_used = true;
		if (sk == CXCursor_IfStmt) {
			struct kids k = children(stmt);
			char *t = k.n >= 2 ? site_cursor_text(sc, k.c[0]) : NULL;

			ls->result_zero_test = t && zero_test_of(t, sc->anchor);
			free(t);
			free(k.c);
		}
	}
	/* the loop or if around the statement */
	ci = si - 1;
	if (clang_getCursorKind(sc->path[ci]) == CXCursor_CompoundStmt)
		ci--;
	if (ci < 1) {
		ls->kind = SH_NONE;
		return;
	}
	cont = sc->path[ci];
	ck = clang_getCursorKind(cont);
	if (ck == CXCursor_WhileStmt || ck == CXCursor_ForStmt ||
	    ck == CXCursor_DoStmt) {
		bool used = ls->result_used;

		ls->running_after = running_after(sc, ci);
		ls->finish_in_loop = finish_in_loop(sc, cont);

		shape_fill(sc, cont, ck == CXCursor_WhileStmt ? SH_WHILE :
			   ck == CXCursor_ForStmt ? SH_FOR : SH_DO,
			   ls->receiver, ls);
		ls->result_used = used;
		if (ls->sig_head && signal_test_after(sc, ci))
			ls->signal_exit = true;
	} else if (ck == CXCursor_IfStmt) {
		struct kids k = children(cont);
		struct kids items = body_items(k.c[1]);
		bool in_arm;
		char *og;

		ls->kind = (k.n == 2 && items.n == 1 &&
			    clang_equalCursors(items.c[0], stmt)) ||
			   (k.n == 2 && clang_equalCursors(k.c[1], stmt)) ||
			   (k.n == 2 && state_under_if(sc, &items, stmt)) ?
			   SH_IF : SH_OTHER;
		in_arm = (ci == si - 1 && k.n == 3 &&
			  (clang_equalCursors(k.c[1], stmt) ||
			   clang_equalCursors(k.c[2], stmt))) ||
			 (ci == si - 2 && k.n == 3 &&
			  (clang_equalCursors(k.c[1], sc->path[si - 1]) ||
			   clang_equalCursors(k.c[2], sc->path[si - 1])));
		if (in_arm && (og = else_of_open_flags(sc, &k, ci))) {
			/* `if (empty) { if (O_NONBLOCK) return; else sleep; }`
			 * (or the arms the other way round) */
			ls->kind = SH_OTHER;
			ls->block_guard = og;
		} else if (ls->kind == SH_IF) {
			char *g = site_cursor_text(sc, k.c[0]);

			free(ls->cond);
			ls->cond = wait_condition(g);
			ls->if_test = g;
		} else if (in_arm && else_of_skip(sc, &k, stmt, ci, si)) {
			/* `if (queued) continue; else sleep;`: the sleep
			 * waits for the then-arm's test */
			ls->block_guard = site_cursor_text(sc, k.c[0]);
		} else if (k.n >= 2 && ci == si - 2 &&
			   clang_equalCursors(k.c[1], sc->path[si - 1])) {
			/*
			 * the sleep in the if's block after other statements
			 * (an O_NONBLOCK exit): the test that led to it
			 */
			char *g = site_cursor_text(sc, k.c[0]);

			ls->block_guard = wait_condition(g);
			free(g);
		}
		free(items.c);
		free(k.c);
	} else {
		ls->kind = SH_NONE;
		/* `end_loop: set_current_state(S);` at a loop body's end */
		ls->label_in_loop = ck == CXCursor_LabelStmt && ci >= 2 &&
			clang_getCursorKind(sc->path[ci - 1]) == CXCursor_CompoundStmt &&
			shape_is_loop(clang_getCursorKind(sc->path[ci - 2]));
	}
}

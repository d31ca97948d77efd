// SPDX-License-Identifier: GPL-2.0-only
/*
 * Facts about the code around one finding, for the fix planner.
 *
 * The structure (which loop, which if, which statement) comes from the
 * libclang AST: a path of cursors from the function down to the anchor.
 * What a statement *is* (a state change, a lock drop, a signal exit) is
 * read from its text, because the kernel API is half macros and the
 * text is what a reviewer sees too.  Offsets are expansion offsets in
 * the main file, so text always comes from the buffer the checker read.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ast.h"
#include "cfg.h"
#include "site.h"

/* ---- text helpers ---- */

static bool is_ident(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

static void cursor_span(CXCursor c, unsigned *start, unsigned *end)
{
	CXSourceRange r = clang_getCursorExtent(c);

	*start = loc_offset(clang_getRangeStart(r));
	*end = loc_offset(clang_getRangeEnd(r));
}

/* The source text of [start, end), whitespace runs folded to one space. */
static char *span_text(const struct site_ctx *sc, unsigned start, unsigned end)
{
	struct strbuf sb = { 0 };
	unsigned i;
	bool space = false;

	if (end > sc->len)
		end = sc->len;
	for (i = start; i < end; i++) {
		char c = sc->buf[i];

		if (c == '/' && i + 1 < end && sc->buf[i + 1] == '*') {
			const char *e = strstr(sc->buf + i + 2, "*/");

			i = e ? (unsigned)(e - sc->buf) + 1 : end;
			space = true;
			continue;
		}
		if (c == '/' && i + 1 < end && sc->buf[i + 1] == '/') {
			while (i < end && sc->buf[i] != '\n')
				i++;
			space = true;
			continue;
		}
		if (isspace((unsigned char)c)) {
			space = true;
			continue;
		}
		if (space && sb.len)
			sb_puts(&sb, " ");
		space = false;
		sb_add(&sb, &c, 1);
	}
	return sb.s ? sb.s : xstrdup("");
}

static char *cursor_text(const struct site_ctx *sc, CXCursor c)
{
	unsigned s, e;

	cursor_span(c, &s, &e);
	return span_text(sc, s, e);
}

/* Does word w occur in s as a whole identifier? */
static const char *find_word(const char *s, const char *w)
{
	size_t n = strlen(w);
	const char *p = s;

	if (!n)
		return NULL;	/* an empty word is nowhere (and must not loop) */
	while ((p = strstr(p, w))) {
		if ((p == s || !is_ident(p[-1])) && !is_ident(p[n]))
			return p;
		p += n;
	}
	return NULL;
}

static bool starts_with_word(const char *s, const char *w)
{
	size_t n = strlen(w);

	return !strncmp(s, w, n) && !is_ident(s[n]);
}

/* The text inside the parentheses that open at s (s points at '('). */
static char *paren_arg(const char *s)
{
	int depth = 0;
	const char *p;

	for (p = s; *p; p++) {
		if (*p == '(')
			depth++;
		else if (*p == ')' && --depth == 0)
			return xasprintf("%.*s", (int)(p - s - 1), s + 1);
	}
	return xstrdup("");
}

static char *strip_amp(const char *s)
{
	while (*s == ' ')
		s++;
	if (*s == '&')
		s++;
	while (*s == ' ')
		s++;
	return xstrdup(s);
}

/* The first argument of a call text `name(a, b)`, without &. */
static char *first_arg(const char *call)
{
	const char *p = strchr(call, '(');
	char *all, *comma, *r;
	int depth = 0;

	if (!p)
		return xstrdup("");
	all = paren_arg(p);
	for (comma = all; *comma; comma++) {
		if (*comma == '(')
			depth++;
		else if (*comma == ')')
			depth--;
		else if (*comma == ',' && !depth)
			break;
	}
	*comma = '\0';
	r = strip_amp(all);
	free(all);
	return r;
}

/*
 * The last member name of an expression: `dev->rx.wait` -> `wait`; for a
 * queue that a call returns, the callee: `sk_sleep(sk)` -> `sk_sleep`.
 * Points into e; may be empty.
 */
static const char *last_field(const char *e)
{
	const char *p = e + strlen(e);

	if (p > e && p[-1] == ')') {
		int depth = 0;

		while (p > e) {
			p--;
			if (*p == ')')
				depth++;
			else if (*p == '(' && --depth == 0)
				break;
		}
		while (p > e && p[-1] == ' ')
			p--;
		/* p is at the '(': the name ends here */
		{
			static __thread char name[128];
			const char *end = p;

			while (p > e && is_ident(p[-1]))
				p--;
			if ((size_t)(end - p) >= sizeof(name))
				return "";
			memcpy(name, p, end - p);
			name[end - p] = '\0';
			return name;
		}
	}
	while (p > e && is_ident(p[-1]))
		p--;
	return p;
}

static enum task_st state_of(const char *text)
{
	if (strstr(text, "TASK_INTERRUPTIBLE"))
		return ST_INTR;
	if (strstr(text, "TASK_KILLABLE"))
		return ST_KILL;
	if (strstr(text, "TASK_UNINTERRUPTIBLE") || strstr(text, "TASK_IDLE"))
		return ST_UNINTR;
	return ST_NONE;
}

static bool is_state_set(const char *t)
{
	return starts_with_word(t, "set_current_state") ||
	       starts_with_word(t, "__set_current_state") ||
	       starts_with_word(t, "set_task_state") ||
	       !strncmp(t, "current->state =", 16) ||
	       !strncmp(t, "current->__state =", 18);
}

/* ---- finding the site ---- */

struct fn_search {
	unsigned off;
	CXCursor fn;
	bool found;
};

static enum CXChildVisitResult find_fn(CXCursor c, CXCursor parent,
				       CXClientData data)
{
	struct fn_search *s = data;
	unsigned a, b;

	(void)parent;
	if (!clang_Location_isFromMainFile(clang_getCursorLocation(c)) ||
	    clang_getCursorKind(c) != CXCursor_FunctionDecl ||
	    !clang_isCursorDefinition(c))
		return CXChildVisit_Continue;
	cursor_span(c, &a, &b);
	if (a <= s->off && s->off < b) {
		s->fn = c;
		s->found = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Continue;
}

static unsigned pos_offset(const char *buf, size_t len, struct wq_pos p)
{
	unsigned line = 1, i = 0;

	while (i < len && line < p.line)
		if (buf[i++] == '\n')
			line++;
	return i + (p.col ? p.col - 1 : 0);
}

static unsigned offset_line(const char *buf, unsigned off)
{
	unsigned line = 1, i;

	for (i = 0; i < off; i++)
		line += buf[i] == '\n';
	return line;
}

/* The last disable of interrupts before off with no enable after it. */
static const char *irqs_off_before(const struct site_ctx *sc)
{
	static const char *const off_words[] = {
		"cli", "local_irq_disable", "local_irq_save", "save_and_cli", NULL
	};
	static const char *const on_words[] = {
		"sti", "local_irq_enable", "local_irq_restore", "restore_flags",
		NULL
	};
	char *fn = xasprintf("%.*s", (int)(sc->anchor_off - sc->fn_start),
			     sc->buf + sc->fn_start);
	const char *last_off = NULL, *which = NULL, *last_on = NULL;
	int i;

	for (i = 0; off_words[i]; i++) {
		const char *p = fn, *q;

		while ((q = find_word(p, off_words[i]))) {
			if (!last_off || q > last_off) {
				last_off = q;
				which = off_words[i];
			}
			p = q + 1;
		}
	}
	for (i = 0; on_words[i]; i++) {
		const char *p = fn, *q;

		while ((q = find_word(p, on_words[i]))) {
			if (!last_on || q > last_on)
				last_on = q;
			p = q + 1;
		}
	}
	if (last_off && last_on && last_on > last_off)
		which = NULL;
	free(fn);
	return which ? (strcmp(which, "cli") ? which : "cli()") : NULL;
}

/*
 * A spinlock taken before the anchor and not released since: sleeping
 * there is sleeping while atomic.  Returns the lock's text, or NULL.
 */
static char *held_lock_before(const struct site_ctx *sc)
{
	static const char *const takes[] = {
		"spin_lock", "spin_lock_irq", "spin_lock_irqsave", "spin_lock_bh",
		"read_lock", "read_lock_irq", "read_lock_irqsave",
		"write_lock", "write_lock_irq", "write_lock_irqsave", NULL
	};
	char *fn = xasprintf("%.*s", (int)(sc->anchor_off - sc->fn_start),
			     sc->buf + sc->fn_start);
	char *held = NULL;
	int i;

	for (i = 0; takes[i] && !held; i++) {
		const char *p = fn, *q;

		while ((q = find_word(p, takes[i]))) {
			const char *open = q + strlen(takes[i]);
			char *lock, *tail;
			bool released = false;

			p = q + 1;
			while (*open == ' ')
				open++;
			if (*open != '(')
				continue;
			lock = first_arg(q);
			/* any unlock of the same lock after the take */
			for (tail = strstr(open, "unlock"); tail;
			     tail = strstr(tail + 1, "unlock")) {
				char *arg;
				const char *o = tail;

				while (is_ident(*o))
					o++;
				while (*o == ' ')
					o++;
				if (*o != '(')
					continue;
				arg = first_arg(tail);
				released |= !strcmp(arg, lock);
				free(arg);
			}
			if (!released && *lock) {
				held = lock;
				break;
			}
			free(lock);
		}
	}
	free(fn);
	return held;
}

/*
 * The directive line opening the preprocessor-skipped range that holds
 * off (the checker still sees calls there, recovered from the tokens),
 * or NULL when off is compiled.
 */
static char *skipped_branch(CXTranslationUnit tu, const struct wq_file *f,
			    unsigned off)
{
	CXFile mf = clang_getFile(tu, f->path);
	CXSourceRangeList *rl;
	char *r = NULL;
	unsigned i;

	if (!mf)
		return NULL;
	rl = clang_getSkippedRanges(tu, mf);
	for (i = 0; rl && i < rl->count && !r; i++) {
		unsigned a = loc_offset(clang_getRangeStart(rl->ranges[i]));
		unsigned b = loc_offset(clang_getRangeEnd(rl->ranges[i]));
		const char *nl;

		if (off < a || off >= b || a >= f->len)
			continue;
		/* the range starts at its #if, #ifdef, #elif or #else */
		nl = memchr(f->buf + a, '\n', f->len - a);
		r = xasprintf("%.*s", (int)(nl ? nl - (f->buf + a) :
					     (long)(f->len - a)), f->buf + a);
	}
	if (rl)
		clang_disposeSourceRangeList(rl);
	return r;
}

/* The last enqueue before the anchor with no dequeue after it, or NULL. */
static const char *queued_before(const struct site_ctx *sc)
{
	static const char *const adds[] = {
		"prepare_to_wait", "prepare_to_wait_exclusive", "add_wait_queue",
		"add_wait_queue_exclusive", NULL
	};
	static const char *const removes[] = {
		"finish_wait", "remove_wait_queue", NULL
	};
	char *fn = xasprintf("%.*s", (int)(sc->anchor_off - sc->fn_start),
			     sc->buf + sc->fn_start);
	const char *last_add = NULL, *which = NULL, *last_rm = NULL;
	int i;

	for (i = 0; adds[i]; i++) {
		const char *p = fn, *q;

		while ((q = find_word(p, adds[i]))) {
			if (!last_add || q > last_add)
				last_add = q, which = adds[i];
			p = q + 1;
		}
	}
	for (i = 0; removes[i]; i++) {
		const char *p = fn, *q;

		while ((q = find_word(p, removes[i]))) {
			if (!last_rm || q > last_rm)
				last_rm = q;
			p = q + 1;
		}
	}
	free(fn);
	return last_add && (!last_rm || last_rm < last_add) ? which : NULL;
}

static bool word_woken(const char *buf, const char *field)
{
	const char *p = buf;

	while ((p = strstr(p, "wake_up"))) {
		const char *open = p + 7;
		char *arg;
		bool hit;

		while (is_ident(*open))
			open++;
		while (*open == ' ' || *open == '\t')
			open++;
		p++;
		if (*open != '(')
			continue;
		arg = paren_arg(open);
		hit = find_word(arg, field) != NULL;
		free(arg);
		if (hit)
			return true;
	}
	return false;
}

/*
 * Was the statement written inside a macro body, not where it expands?
 * libclang gives both ends of a macro-expanded statement at the macro's
 * use, so look at the text there: a do/while/for/if/{ must start with
 * its keyword.
 */
static bool from_macro(const struct site_ctx *sc, CXCursor c)
{
	static const struct {
		enum CXCursorKind kind;
		const char *word;
	} kw[] = {
		{ CXCursor_DoStmt, "do" }, { CXCursor_WhileStmt, "while" },
		{ CXCursor_ForStmt, "for" }, { CXCursor_IfStmt, "if" },
		{ CXCursor_CompoundStmt, "{" }, { CXCursor_SwitchStmt, "switch" },
	};
	enum CXCursorKind k = clang_getCursorKind(c);
	unsigned s, e, i;

	cursor_span(c, &s, &e);
	for (i = 0; i < sizeof(kw) / sizeof(kw[0]); i++)
		if (kw[i].kind == k)
			return s >= sc->len ||
			       strncmp(sc->buf + s, kw[i].word, strlen(kw[i].word));
	return false;
}

void site_find(CXTranslationUnit tu, const struct wq_file *f,
	       const struct wq_finding *fd, struct site_ctx *sc)
{
	struct fn_search s = { 0 };
	CXCursor cur;
	char name[128];
	unsigned i, n;
	const struct kapi *k;

	memset(sc, 0, sizeof(*sc));
	sc->tu = tu;
	sc->buf = f->buf;
	sc->len = f->len;
	sc->anchor_off = pos_offset(f->buf, f->len, fd->pos);
	s.off = sc->anchor_off;
	clang_visitChildren(clang_getTranslationUnitCursor(tu), find_fn, &s);
	if (!s.found)
		return;
	cursor_span(s.fn, &sc->fn_start, &sc->fn_end);
	sc->fn_first = offset_line(f->buf, sc->fn_start);
	sc->fn_last = offset_line(f->buf, sc->fn_end);

	/* the identifier at the anchor names the API, or a macro */
	for (n = 0, i = sc->anchor_off; i < f->len && is_ident(f->buf[i]) &&
	     n < sizeof(name) - 1; i++)
		name[n++] = f->buf[i];
	name[n] = '\0';
	k = kapi_lookup(name, n);
	if (!k && !strcmp(name, "current"))
		k = kapi_lookup("set_current_state", 17);
	if (!k) {
		sc->in_macro = true;
		sc->macro = xstrdup(name);
	}
	sc->anchor = k ? k->name : "";

	/* the path of cursors from the function down to the anchor */
	cur = s.fn;
	sc->path[sc->depth++] = cur;
	while (sc->depth < SITE_MAX_DEPTH) {
		struct kids kd = children(cur);
		int j, hit = -1;

		for (j = 0; j < kd.n; j++) {
			unsigned a, b;

			cursor_span(kd.c[j], &a, &b);
			if (a <= sc->anchor_off && sc->anchor_off < b) {
				hit = j;
				break;
			}
		}
		if (hit < 0) {
			free(kd.c);
			break;
		}
		cur = kd.c[hit];
		free(kd.c);
		sc->path[sc->depth++] = cur;
		if (from_macro(sc, cur))
			break;	/* a macro's expansion is one statement here */
	}
	sc->found = true;
	if (getenv("WQPORT_DUMP_SITE")) {
		int j;

		fprintf(stderr, "site %u:%u %s:", fd->pos.line, fd->pos.col,
			sc->anchor);
		for (j = 0; j < sc->depth; j++) {
			CXString k = clang_getCursorKindSpelling(
				clang_getCursorKind(sc->path[j]));

			fprintf(stderr, " %s%s", clang_getCString(k),
				from_macro(sc, sc->path[j]) ? "(macro)" : "");
			clang_disposeString(k);
		}
		fputc('\n', stderr);
	}
	{
		char *t = span_text(sc, sc->anchor_off,
				    sc->anchor_off + 512 < sc->fn_end ?
				    sc->anchor_off + 512 : sc->fn_end);

		sc->queue = first_arg(t);
		free(t);
	}
	sc->queue_woken = *sc->queue && *last_field(sc->queue) &&
			  word_woken(f->buf, last_field(sc->queue));
	sc->irqs_off = irqs_off_before(sc);
	sc->skipped_if = skipped_branch(tu, f, sc->anchor_off);
	sc->held_lock = held_lock_before(sc);
	sc->queued_before = queued_before(sc);
	{
		/* the last task state set before the anchor, by text */
		char *t = xasprintf("%.*s", (int)(sc->anchor_off - sc->fn_start),
				    sc->buf + sc->fn_start);
		const char *p = t, *last = NULL, *q;

		while ((q = strstr(p, "state"))) {
			if (strstr(q, "TASK_") && (q - t < 20 || !is_ident(q[-1]) ||
						   q[-1] == '_'))
				last = q;
			p = q + 1;
		}
		if (last) {
			const char *e = strchr(last, ';');
			char *st = xasprintf("%.*s", e ? (int)(e - last) : 40, last);

			sc->state_before = state_of(st);
			free(st);
		}
		free(t);
	}
}

void site_release(struct site_ctx *sc)
{
	free(sc->macro);
	free(sc->queue);
	free(sc->held_lock);
	free(sc->skipped_if);
}

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
};

static bool is_loop(enum CXCursorKind k)
{
	return k == CXCursor_WhileStmt || k == CXCursor_ForStmt ||
	       k == CXCursor_DoStmt;
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
		    !starts_with_word(last, "spin_unlock_irq") &&
		    !starts_with_word(last, "spin_unlock") &&
		    !starts_with_word(last, "spin_unlock_irqrestore") &&
		    !starts_with_word(last, "mutex_unlock") &&
		    !starts_with_word(last, "up") &&
		    !starts_with_word(last, "unlock_kernel"))
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
	char *t = cursor_text(sc, c);
	unsigned a, b;

	memset(it, 0, sizeof(*it));
	it->kind = IT_OTHER;
	cursor_span(c, &a, &b);
	if (a <= sc->anchor_off && sc->anchor_off < b) {
		it->kind = IT_SLEEP;
	} else if (clang_getCursorKind(c) == CXCursor_IfStmt) {
		struct kids k = children(c);

		if (k.n == 2) {
			char *cond = cursor_text(sc, k.c[0]);
			char *then = cursor_text(sc, k.c[1]);

			if (strstr(cond, "signal_pending") &&
			    is_exit_branch(then, is_goto)) {
				it->kind = IT_SIGNAL_EXIT;
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
			}
			free(cond);
			free(then);
		}
		free(k.c);
	} else if (is_state_set(t)) {
		it->kind = IT_STATE;
		it->arg = xstrdup(t);
	} else if (starts_with_word(t, "spin_unlock_irq")) {
		it->kind = IT_UNLOCK_IRQ;
		it->arg = first_arg(t);
	} else if (starts_with_word(t, "spin_lock_irq")) {
		it->kind = IT_LOCK_IRQ;
		it->arg = first_arg(t);
	} else if (starts_with_word(t, "spin_unlock_irqrestore") ||
		   starts_with_word(t, "spin_lock_irqsave")) {
		it->kind = IT_IRQSAVE;
	} else if (starts_with_word(t, "local_irq_restore") ||
		   starts_with_word(t, "local_irq_save") ||
		   starts_with_word(t, "local_irq_enable") ||
		   starts_with_word(t, "local_irq_disable") ||
		   starts_with_word(t, "restore_flags") ||
		   starts_with_word(t, "save_flags") ||
		   starts_with_word(t, "cli") || starts_with_word(t, "sti")) {
		it->kind = IT_IRQ_TOGGLE;
	} else if (starts_with_word(t, "schedule") ||
		   starts_with_word(t, "io_schedule") ||
		   (strstr(t, "schedule_timeout(") && strchr(t, '=') &&
		    !strchr(t, '?'))) {
		it->kind = IT_SCHEDULE;
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
	} else if (!strcmp(t, ";")) {
		it->kind = IT_REMOVE;	/* an empty statement: nothing */
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
	char *t = cursor_text(sc, loop);
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

static void fill_shape(const struct site_ctx *sc, CXCursor loop,
		       enum site_shape kind, const char *receiver,
		       struct loop_shape *ls)
{
	struct kids k = children(loop);
	CXCursor body = kind == SH_DO ? k.c[0] : k.c[k.n - 1];
	struct kids items = body_items(body);
	char *guard = NULL;
	bool after_sleep = false, slept = false;
	int i;

	ls->kind = kind;
	if (kind == SH_WHILE)
		guard = cursor_text(sc, k.c[0]);
	else if (kind == SH_FOR)
		guard = for_cond(sc, loop);
	for (i = 0; i < items.n; i++) {
		struct item_info it;

		classify(sc, items.c[i], receiver ? receiver : ls->receiver,
			 &it, &ls->has_goto);
		if (it.kind == IT_SCHEDULE || it.kind == IT_SLEEP)
			slept = true;
		else if (!slept && it.kind == IT_STATE &&
			 state_of(it.arg) != ST_NONE)
			ls->state_top = true;
		else if (!slept && it.kind == IT_OTHER && it.arg &&
			 strstr(it.arg, "schedule")) {
			/* a sleep in a branch, or one classify() does
			 * not read (`schedule_timeout(HZ);`) */
			slept = true;
			ls->sleep_nested = starts_with_word(it.arg, "if") ||
					   starts_with_word(it.arg, "switch") ||
					   starts_with_word(it.arg, "for") ||
					   starts_with_word(it.arg, "while") ||
					   it.arg[0] == '{';
		}
		switch (it.kind) {
		case IT_SLEEP:
			after_sleep = true;
			break;
		case IT_EXIT_IF:
			/* an early exit before the sleep keeps the loop;
			 * after it, it is work the rewrite would skip */
			if (!after_sleep && kind != SH_DO)
				ls->exit_ifs++;
			else if (!ls->other)
				ls->other = it.arg, it.arg = NULL;
			break;
		case IT_SIGNAL_EXIT:
			ls->signal_exit = true;
			break;
		case IT_COND_BREAK:
			if (!ls->cond && (!guard || always_true(guard)))
				ls->cond = it.cond, it.cond = NULL;
			else if (!ls->other)
				ls->other = xasprintf("if (%s) break;", it.cond);
			break;
		case IT_TIMEOUT_EXIT:
			ls->timeout_loop = true;
			break;
		case IT_STATE:
			if (state_of(it.arg) != ST_NONE)
				ls->state = state_of(it.arg);
			break;
		case IT_UNLOCK_IRQ:
			if (!ls->lock)
				ls->lock = it.arg, it.arg = NULL;
			break;
		case IT_IRQSAVE:
			ls->irqrestore = true;
			break;
		case IT_IRQ_TOGGLE:
			ls->irq_toggle = true;
			break;
		case IT_SCHEDULE:
			if (it.arg && !ls->receiver)
				ls->receiver = it.arg, it.arg = NULL;
			break;
		case IT_OTHER:
			if (!ls->other)
				ls->other = it.arg, it.arg = NULL;
			break;
		default:
			break;
		}
		free(it.cond);
		free(it.arg);
	}
	if (ls->cond && ls->receiver && drop_expired_operand(ls->cond, ls->receiver))
		ls->timeout_loop = true;	/* if (c || !t) break; */
	if (guard && always_true(guard) && !ls->cond)
		ls->const_guard = true;	/* while (1) with no way out */
	if (guard && !always_true(guard)) {
		const char *r = receiver ? receiver : ls->receiver;

		if (r && cond_drop_operand(guard, r))
			ls->timeout_loop = true;
		ls->cond = wait_condition(guard);
	}
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
static int stmt_index(const struct site_ctx *sc)
{
	int i;

	for (i = sc->depth - 1; i > 0; i--) {
		enum CXCursorKind pk = clang_getCursorKind(sc->path[i - 1]);

		if (pk == CXCursor_CompoundStmt || pk == CXCursor_CaseStmt ||
		    pk == CXCursor_DefaultStmt || pk == CXCursor_LabelStmt)
			return i;
		if (is_loop(pk) || pk == CXCursor_IfStmt) {
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

/* Is the statement after path[i] (a loop) a return to TASK_RUNNING? */
static bool running_after(const struct site_ctx *sc, int i)
{
	struct kids k;
	bool r = false;
	int j;

	if (i < 1 || clang_getCursorKind(sc->path[i - 1]) != CXCursor_CompoundStmt)
		return false;
	k = children(sc->path[i - 1]);
	for (j = 0; j + 1 < k.n; j++)
		if (clang_equalCursors(k.c[j], sc->path[i])) {
			char *t = cursor_text(sc, k.c[j + 1]);

			r = ((is_state_set(t) && strstr(t, "TASK_RUNNING")) ||
			     starts_with_word(t, "finish_wait"));
			free(t);
			break;
		}
	free(k.c);
	return r;
}

void shape_of(const struct site_ctx *sc, struct loop_shape *ls)
{
	int si = stmt_index(sc), ci;
	CXCursor stmt, cont;
	enum CXCursorKind sk, ck;

	memset(ls, 0, sizeof(*ls));
	ls->kind = SH_OTHER;
	if (si < 1)
		return;
	stmt = sc->path[si];
	sk = clang_getCursorKind(stmt);
	ls->stmt_text = cursor_text(sc, stmt);
	/* how the sleep's result is used */
	if (sk == CXCursor_BinaryOperator) {
		struct kids k = children(stmt);
		char *t = ls->stmt_text;
		const char *eq = strchr(t, '=');

		if (k.n == 2 && eq && eq[1] != '=' &&
		    strstr(eq, sc->anchor) == eq + 2) {
			ls->receiver = cursor_text(sc, k.c[0]);
			ls->receiver_unsigned =
				type_unsigned(clang_getCursorType(k.c[0]));
		} else {
			ls->result_used = true;
		}
		free(k.c);
	} else if (sk != CXCursor_CallExpr && sk != CXCursor_UnexposedExpr) {
		ls->result_used = true;
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

		fill_shape(sc, cont, ck == CXCursor_WhileStmt ? SH_WHILE :
			   ck == CXCursor_ForStmt ? SH_FOR : SH_DO,
			   ls->receiver, ls);
		ls->result_used = used;
	} else if (ck == CXCursor_IfStmt) {
		struct kids k = children(cont);
		struct kids items = body_items(k.c[1]);

		ls->kind = (k.n == 2 && items.n == 1 &&
			    clang_equalCursors(items.c[0], stmt)) ||
			   (k.n == 2 && clang_equalCursors(k.c[1], stmt)) ?
			   SH_IF : SH_OTHER;
		if (ls->kind == SH_IF) {
			char *g = cursor_text(sc, k.c[0]);

			ls->cond = wait_condition(g);
			free(g);
		}
		free(items.c);
		free(k.c);
	} else {
		ls->kind = SH_NONE;
	}
}

void loop_of_entry(const struct site_ctx *sc, struct loop_shape *ls)
{
	int si = stmt_index(sc), i;
	CXCursor parent;
	struct kids k;

	memset(ls, 0, sizeof(*ls));
	ls->kind = SH_OTHER;
	if (si < 1)
		return;
	parent = sc->path[si - 1];
	if (si >= 2 && is_loop(clang_getCursorKind(sc->path[si - 2])) &&
	    clang_getCursorKind(parent) == CXCursor_CompoundStmt) {
		/* the porting article's form: add_wait_queue() in the loop */
		enum CXCursorKind lk = clang_getCursorKind(sc->path[si - 2]);
		struct kids b = children(parent);

		ls->per_pass = true;
		ls->add_first = b.n > 0 && clang_equalCursors(b.c[0], sc->path[si]);
		free(b.c);
		fill_shape(sc, sc->path[si - 2], lk == CXCursor_WhileStmt ?
			   SH_WHILE : lk == CXCursor_ForStmt ? SH_FOR : SH_DO,
			   NULL, ls);
		if (!ls->state)
			ls->state = sc->state_before;
		return;
	}
	if (clang_getCursorKind(parent) != CXCursor_CompoundStmt)
		return;
	k = children(parent);
	for (i = 0; i < k.n; i++)
		if (clang_equalCursors(k.c[i], sc->path[si]))
			break;
	for (i++; i < k.n; i++) {
		enum CXCursorKind lk = clang_getCursorKind(k.c[i]);
		char *t;

		if (!is_loop(lk))
			continue;
		t = cursor_text(sc, k.c[i]);
		if (strstr(t, "schedule")) {
			free(t);
			fill_shape(sc, k.c[i], lk == CXCursor_WhileStmt ?
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

/* ---- conditions ---- */

const char *cond_side_effect(const char *c)
{
	static const char *const calls[] = {
		"test_and_set_bit", "test_and_clear_bit", "test_and_change_bit",
		"atomic_dec_and_test", "atomic_inc_and_test", "atomic_sub_and_test",
		"atomic_add_return", "atomic_sub_return", "atomic_inc_return",
		"atomic_dec_return", "xchg", "cmpxchg", "kfifo_get", "kfifo_out",
		"down_trylock", "mutex_trylock", "spin_trylock", NULL
	};
	const char *p;
	int i;

	if (strstr(c, "++") || strstr(c, "--"))
		return "an increment or decrement";
	for (p = c; *p; p++)
		if (*p == '=' && p[1] != '=' && (p == c || !strchr("=!<>", p[-1])))
			return "an assignment";
	for (i = 0; calls[i]; i++)
		if (find_word(c, calls[i]))
			return calls[i];
	return NULL;
}

bool cond_constant(const char *c)
{
	const char *p;

	for (p = c; *p; p++)
		if (islower((unsigned char)*p) || *p == '(' || *p == '-')
			return false;
	return true;
}

bool cond_only_locals(const struct site_ctx *sc, const char *c)
{
	char *fn;
	const char *p = c;
	bool any = false, all = true;

	if (strpbrk(c, "(.[*") || strstr(c, "->"))
		return false;
	fn = span_text(sc, sc->fn_start, sc->fn_end);
	while (*p) {
		const char *s = p;
		char *w, *decl;
		const char *brace;

		if (!is_ident(*p) || isdigit((unsigned char)*p)) {
			p++;
			continue;
		}
		while (is_ident(*p))
			p++;
		w = xasprintf("%.*s", (int)(p - s), s);
		if (isupper((unsigned char)w[0])) {
			free(w);
			continue;
		}
		/* a local: declared after the function's opening brace,
		 * not static, not volatile */
		brace = strchr(fn, '{');
		decl = brace ? (char *)find_word(brace, w) : NULL;
		any = true;
		if (!decl || decl == brace || strstr(brace, "static") ||
		    strstr(brace, "volatile") || !strstr(brace, w) ||
		    !(decl > brace && (decl[-1] == ' ' || decl[-1] == '*') &&
		      (decl[strlen(w)] == ';' || decl[strlen(w)] == ' ' ||
		       decl[strlen(w)] == ',')))
			all = false;
		{
			char *amp = xasprintf("&%s", w);

			if (strstr(fn, amp))
				all = false;
			free(amp);
		}
		free(w);
	}
	free(fn);
	return any && all;
}

/* `lhs = rhs` as a condition that says the waker has been. */
static char *condition_from_store(const char *lhs, const char *rhs, bool cleared)
{
	if (!strcmp(rhs, "0") || !strcmp(rhs, "false") || !strcmp(rhs, "NULL"))
		return cleared ? xstrdup(lhs) : xasprintf("!%s", lhs);
	if (!strcmp(rhs, "1") || !strcmp(rhs, "true"))
		return cleared ? xasprintf("!%s", lhs) : xstrdup(lhs);
	return cleared ? xasprintf("%s != %s", lhs, rhs) :
			 xasprintf("%s == %s", lhs, rhs);
}

/* The last `field = value;` in text, with its parts. */
static bool last_store(const char *t, const char *end, char **lhs, char **rhs,
		       const char **at)
{
	const char *p = t, *best = NULL;
	size_t bl = 0, br = 0;
	const char *bro = NULL;

	while (p < end) {
		const char *semi = memchr(p, ';', end - p), *s, *eq;

		if (!semi)
			break;
		s = semi;
		while (s > p && s[-1] != ';' && s[-1] != '{' && s[-1] != '}')
			s--;
		while (*s == ' ')
			s++;
		eq = memchr(s, '=', semi - s);
		if (eq && eq > s && eq[1] != '=' && !strchr("!<>=+-|&", eq[-1])) {
			const char *l = s, *le = eq;

			while (le > l && le[-1] == ' ')
				le--;
			if (memchr(l, '>', le - l) && memchr(l, '-', le - l) &&
			    !memchr(l, '(', le - l) && !memchr(eq, '(', semi - eq)) {
				best = l;
				bl = le - l;
				bro = eq + 1;
				while (*bro == ' ')
					bro++;
				br = semi - bro;
			}
		}
		p = semi + 1;
	}
	if (!best)
		return false;
	*lhs = xasprintf("%.*s", (int)bl, best);
	*rhs = xasprintf("%.*s", (int)br, bro);
	*at = best;
	return true;
}

char *flag_condition(const struct site_ctx *sc)
{
	char *before = span_text(sc, sc->fn_start, sc->anchor_off);
	char *after = span_text(sc, sc->anchor_off, sc->fn_end);
	char *lhs, *rhs, *r = NULL;
	const char *at, *semi = strchr(after, ';');

	if (last_store(before, before + strlen(before), &lhs, &rhs, &at)) {
		const char *use = semi ? find_word(semi, last_field(lhs)) : NULL;

		if (use && strstr(semi, lhs))
			r = condition_from_store(lhs, rhs, true);
		free(lhs);
		free(rhs);
	}
	free(before);
	free(after);
	return r;
}

char *waker_conditions(const struct site_ctx *sc)
{
	const char *field = *sc->queue ? last_field(sc->queue) : NULL;
	const char *p = sc->buf;
	struct strbuf out = { 0 };
	int n = 0;

	if (!field || !*field)
		return NULL;
	while ((p = strstr(p, "wake_up"))) {
		const char *open = p, *start;
		char *arg, *lhs, *rhs, *text;
		const char *at;

		while (is_ident(*open))
			open++;
		while (*open == ' ')
			open++;
		if (*open != '(' || (p > sc->buf && is_ident(p[-1])) ||
		    ((unsigned)(p - sc->buf) >= sc->fn_start &&
		     (unsigned)(p - sc->buf) < sc->fn_end)) {
			p++;
			continue;
		}
		arg = paren_arg(open);
		if (!find_word(arg, field)) {
			free(arg);
			p++;
			continue;
		}
		/*
		 * The run of plain field stores right before wake_up() in
		 * its block, other wake-ups skipped; anything else there
		 * (a counter, a call) means no simple condition.
		 */
		start = p;
		{
			int depth = 0;

			while (start > sc->buf) {
				char c = start[-1];

				if (c == '}')
					depth++;
				else if (c == '{' && depth-- == 0)
					break;
				start--;
			}
		}
		text = span_text(sc, start - sc->buf, p - sc->buf);
		{
			char *stmt_end = text + strlen(text);

			for (;;) {
				char *semi, *st;

				while (stmt_end > text && (stmt_end[-1] == ' ' ||
							   stmt_end[-1] == ';'))
					*--stmt_end = '\0';
				if (stmt_end == text)
					break;
				semi = strrchr(text, ';');
				st = semi ? semi + 1 : text;
				while (*st == ' ' || *st == '{' || *st == '}')
					st++;
				if (!strncmp(st, "wake_up", 7)) {
					if (semi)
						*semi = '\0';
					stmt_end = semi ? semi : text;
					continue;
				}
				{
					char *with_semi = xasprintf("%s;", st);
					bool ok = last_store(with_semi,
							     with_semi + strlen(with_semi),
							     &lhs, &rhs, &at);

					free(with_semi);
					if (ok && (strchr(rhs, '(') || strchr(lhs, '['))) {
						free(lhs);
						free(rhs);
						ok = false;
					}
					if (!ok)
						break;
				}
				{
					/* the waker's base pointer becomes the sleeper's */
					const char *wb = strstr(lhs, "->"), *sb = strstr(sc->queue, "->");
					char *cand, *c;

					if (wb && sb && !strchr(sc->queue, '('))
						cand = xasprintf("%.*s%s", (int)(sb - sc->queue),
								 sc->queue, wb);
					else
						cand = xstrdup(lhs);
					c = condition_from_store(cand, rhs, false);
					if (!out.s || !strstr(out.s, c))
						sb_printf(&out, "%s%s", n++ ? "', '" : "", c);
					free(c);
					free(cand);
					free(lhs);
					free(rhs);
				}
				if (semi)
					*semi = '\0';
				stmt_end = semi ? semi : text;
			}
		}
		free(text);
		free(arg);
		p++;
	}
	return out.s;
}

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
#define _GNU_SOURCE	/* strcasestr() */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ast.h"
#include "analysis.h"
#include "site_text.h"
#include "text.h"
#include "validate.h"

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

/* The last disable of interrupts before off with no enable after it. */
static const char *irqs_off_before(const struct site_ctx *sc)
{
	char *fn = xasprintf("%.*s", (int)(sc->anchor_off - sc->fn_start),
			     sc->buf + sc->fn_start);
	const char *last_off = NULL, *which = NULL, *last_on = NULL;
	const struct kapi_irq *irq;
	size_t i, n;

	irq = kapi_irq_table(&n);
	blank_c_comments(fn);	/* a cli() commented out disables nothing */

	/* the calls that turn interrupts off or back on (kapi.def KAPI_IRQ) */
	for (i = 0; i < n; i++) {
		const char *p = fn, *q;
		bool off = !strcmp(irq[i].effect, "off");

		if (!off && strcmp(irq[i].effect, "on"))
			continue;
		while ((q = find_word(p, irq[i].name))) {
			if (off && (!last_off || q > last_off)) {
				last_off = q;
				which = irq[i].name;
			} else if (!off && (!last_on || q > last_on)) {
				last_on = q;
			}
			p = q + 1;
		}
	}
	if (last_off && last_on && last_on > last_off)
		which = NULL;
	free(fn);
	/* a bare name (cli) is written as the call it is */
	return which ? (strchr(which, '_') ? which : "cli()") : NULL;
}

/*
 * A spinlock taken before the anchor and not released since: sleeping
 * there is sleeping while atomic.  Returns the lock's text, or NULL.
 */
/*
 * Does the block the take at q is in end, before the text does, with a
 * jump out (`spin_lock_irqsave(&l, f); goto out;` on an error path):
 * then the take does not reach what follows the block.
 */
static bool take_jumps_away(const char *q)
{
	const char *p, *last = NULL;
	int depth = 0;

	for (p = q; *p; p++) {
		if (*p == '{') {
			depth++;
		} else if (*p == '}') {
			if (--depth < 0)
				break;
		} else if (*p == ';' && depth == 0) {
			const char *b = p;

			/* the statement ending here: back to its start */
			while (b > q && b[-1] != ';' && b[-1] != '{' && b[-1] != '}')
				b--;
			while (isspace((unsigned char)*b))
				b++;
			last = b;
		}
	}
	if (!*p || !last)
		return false;	/* the sleep is in the take's own block */
	return (!strncmp(last, "goto", 4) && !is_ident(last[4])) ||
	       (!strncmp(last, "return", 6) && !is_ident(last[6])) ||
	       (!strncmp(last, "break", 5) && !is_ident(last[5])) ||
	       (!strncmp(last, "continue", 8) && !is_ident(last[8]));
}

static char *held_lock_before(const struct site_ctx *sc)
{
	char *fn = xasprintf("%.*s", (int)(sc->anchor_off - sc->fn_start),
			     sc->buf + sc->fn_start);
	char *held = NULL;
	int i;

	/* a take in a comment, commented out, takes nothing */
	blank_c_comments(fn);
	/* the spinning locks of kapi.def (KAPI_LOCK) */
	for (i = 0; kapi_lock_name(i, true) && !held; i++) {
		const char *take = kapi_lock_name(i, true), *p = fn, *q;

		while ((q = find_word(p, take))) {
			const char *open = q + strlen(take);
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
			if (!released && *lock && !take_jumps_away(q)) {
				held = lock;
				break;
			}
			free(lock);
		}
	}
	free(fn);
	return held;
}

/* The #if, #elif or #else of the chain opening at a that holds off. */
static unsigned branch_start(const char *buf, unsigned a, unsigned off)
{
	unsigned p = a, cur = a;
	const char *h = buf + a;
	int depth;

	while (*h == '#' || *h == ' ' || *h == '\t')
		h++;
	depth = strncmp(h, "if", 2) ? 1 : 0;	/* opened at #elif/#else */

	while (p < off) {
		const char *q = buf + p, *nl = strchr(q, '\n');

		while (*q == ' ' || *q == '\t')
			q++;
		if (*q == '#') {
			q++;
			while (*q == ' ' || *q == '\t')
				q++;
			if (!strncmp(q, "if", 2))
				depth++;
			else if (!strncmp(q, "endif", 5))
				depth--;
			else if (depth == 1 && (!strncmp(q, "elif", 4) ||
						!strncmp(q, "else", 4)))
				cur = p;
		}
		if (!nl)
			break;
		p = nl - buf + 1;
	}
	return cur;
}

/*
 * The offset of the #if that opens the chain whose #elif or #else is at
 * a (scanning back over nested chains), or a when there is none.
 */
static unsigned chain_head(const char *buf, unsigned a)
{
	unsigned p = a;
	int depth = 0;

	while (p > 0) {
		const char *q;

		/* to the start of the previous line */
		p--;
		while (p > 0 && buf[p - 1] != '\n')
			p--;
		q = buf + p;
		while (*q == ' ' || *q == '\t')
			q++;
		if (*q != '#')
			continue;
		q++;
		while (*q == ' ' || *q == '\t')
			q++;
		if (!strncmp(q, "endif", 5))
			depth++;
		else if (!strncmp(q, "if", 2) && depth-- == 0)
			return p;
	}
	return a;
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
		/* the range starts at its #if, #ifdef, #elif or #else; a
		 * later #elif or #else of the same chain may open the
		 * branch that holds off (`#if A .. #elif B .. #else`) */
		a = branch_start(f->buf, a, off);
		nl = memchr(f->buf + a, '\n', f->len - a);
		r = xasprintf("%.*s", (int)(nl ? nl - (f->buf + a) :
					     (long)(f->len - a)), f->buf + a);
		/*
		 * `#else` alone does not say what it is the other half of
		 * (an `#elif` says what it tests):
		 * name the chain's #if (`#else of #if LINUX_VERSION_CODE >=
		 * KERNEL_VERSION(2, 6, 12)`), which tells an old-kernel
		 * branch from a configuration
		 */
		if (!strncmp(r + strspn(r, "# \t"), "else", 4)) {
			unsigned h = chain_head(f->buf, a);
			const char *hn = memchr(f->buf + h, '\n', f->len - h);

			if (h != a && hn) {
				char *t = xasprintf("%s of %.*s", r,
						    (int)(hn - (f->buf + h)),
						    f->buf + h);

				free(r);
				r = t;
			}
		}
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
	unsigned n = strlen(fn), k, e;
	int i;

	/* code only: a comment's "after prepare_to_wait() has queued us" */
	for (k = 0; k < n; k = e > k ? e : k + 1) {
		e = text_skip_noncode(fn, k, n);
		if (e > k)
			memset(fn + k, ' ', e - k);
	}

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

/*
 * The names of the macros a text defines whose body wakes a queue
 * (`#define OS_WAKE(q) wake_up_interruptible(q)` in a vendor SDK's
 * osdep.h), appended to *names as " NAME " words.
 */
static void waker_macros(const char *t, char **names)
{
	const char *p = t;

	while ((p = strstr(p, "#define"))) {
		const char *n = p + 7, *e, *end = p;

		while (*n == ' ' || *n == '\t')
			n++;
		for (e = n; is_ident(*e); e++)
			;
		/* the body, with its continuation lines */
		while (*end && !(*end == '\n' && end[-1] != '\\'))
			end++;
		p = end;
		if (e > n) {
			char *body = xasprintf("%.*s", (int)(end - e), e);

			if (strstr(body, "wake_up")) {
				char *old = *names;

				*names = xasprintf("%s%.*s ", old ? old : " ",
						   (int)(e - n), n);
				free(old);
			}
			free(body);
		}
	}
}

/* ... and those of the headers the file includes with "", next to it */
static char *file_waker_macros(const char *path, const char *buf)
{
	const char *slash = strrchr(path, '/'), *p = buf;
	char *names = NULL;

	waker_macros(buf, &names);
	while ((p = strstr(p, "#include"))) {
		const char *q = p + 8, *e;
		char *hp, *text;
		size_t got;

		p = q;
		while (*q == ' ' || *q == '\t')
			q++;
		if (*q != '"' || !(e = strchr(q + 1, '"')) ||
		    memchr(q, '\n', e - q))
			continue;
		hp = xasprintf("%.*s%.*s", slash ? (int)(slash - path + 1) : 0,
			       path, (int)(e - q - 1), q + 1);
		/* a FIFO or a device is not read */
		text = read_regular_head(hp, 65536, &got, NULL);
		free(hp);
		if (!text)
			continue;
		waker_macros(text, &names);
		free(text);
	}
	return names;
}

/*
 * Does the file wake the queue whose last member is field: a call of
 * wake_up*(), of anything else with "wake" in its name (a driver's own
 * wrapper), or of a macro of the file or its own headers whose body
 * wakes, with the field in its arguments?
 */
static bool word_woken(const char *path, const char *buf, const char *field)
{
	char *macros = file_waker_macros(path, buf);
	const char *p = buf;
	bool hit = false;

	for (p = buf; *p && !hit; p++) {
		const char *b = p, *open;
		char *name, *word, *arg;
		bool waker;

		if (!is_ident(*p) || (p > buf && is_ident(p[-1])))
			continue;
		while (is_ident(*p))
			p++;
		name = xasprintf("%.*s", (int)(p - b), b);
		word = xasprintf(" %s ", name);
		waker = strcasestr(name, "wake") ||
			(macros && strstr(macros, word));
		free(name);
		free(word);
		p--;
		if (!waker)
			continue;
		for (open = p + 1; *open == ' ' || *open == '\t'; open++)
			;
		if (*open != '(')
			continue;
		arg = paren_arg(open);
		hit = find_word(arg, field) != NULL;
		free(arg);
	}
	free(macros);
	return hit;
}

struct decl_search {
	const char *name;
	bool found;
};

static enum CXChildVisitResult find_decl(CXCursor c, CXCursor parent,
					 CXClientData data)
{
	struct decl_search *d = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	char *n;

	(void)parent;
	if (!clang_Location_isFromMainFile(clang_getCursorLocation(c)))
		return CXChildVisit_Continue;
	if (k != CXCursor_FieldDecl && k != CXCursor_VarDecl)
		return CXChildVisit_Recurse;
	n = cursor_name(c);
	if (!strcmp(n, d->name))
		d->found = true;
	free(n);
	return d->found ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/*
 * Is the queue's member or variable declared in this file?  One that a
 * header declares (a driver split over several files) may be woken by
 * another file, so a sleep on it is no plain delay.
 */
static bool queue_declared_here(CXTranslationUnit tu, const char *buf,
				const char *field)
{
	struct decl_search d = { field, false };
	const char *p = buf;

	/* DECLARE_WAIT_QUEUE_HEAD(q): its declaration is the macro's */
	while ((p = strstr(p, "DECLARE_WAIT_QUEUE_HEAD"))) {
		char *arg;
		bool hit;

		p += 23;
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p != '(')
			continue;
		arg = paren_arg(p);
		hit = find_word(arg, field) != NULL;
		free(arg);
		if (hit)
			return true;
	}
	clang_visitChildren(clang_getTranslationUnitCursor(tu), find_decl, &d);
	return d.found;
}

/*
 * Was the statement written inside a macro body, not where it expands?
 * libclang gives both ends of a macro-expanded statement at the macro's
 * use, so look at the text there: a do/while/for/if/{ must start with
 * its keyword.
 */
bool from_macro(const struct site_ctx *sc, CXCursor c)
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
	size_t mn;
	const struct kapi *k;

	memset(sc, 0, sizeof(*sc));
	sc->tu = tu;
	sc->f = f;
	sc->buf = f->buf;
	sc->len = f->len;
	sc->anchor_off = text_offset(f->buf, f->len, fd->pos);
	s.off = sc->anchor_off;
	clang_visitChildren(clang_getTranslationUnitCursor(tu), find_fn, &s);
	if (!s.found) {
		/* a whole function the compiled configuration skips */
		sc->skipped_if = skipped_branch(tu, f, sc->anchor_off);
		return;
	}
	cursor_span(s.fn, &sc->fn_start, &sc->fn_end);
	sc->fn_first = text_pos(f->buf, f->len, sc->fn_start).line;
	sc->fn_last = text_pos(f->buf, f->len, sc->fn_end).line;

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
	/*
	 * never woken only when nothing outside the file can reach the
	 * queue either (fix/validate/vreach.c): a member the file does not wake may
	 * have a waker in another file (issue 37)
	 */
	sc->queue_woken = *sc->queue && *last_field(sc->queue) &&
			  !vqueue_local_sealed(f->buf, sc->fn_start,
					       sc->fn_end, sc->queue) &&
			  (word_woken(f->path, f->buf, last_field(sc->queue)) ||
			   text_member_waker(f->buf, f->len,
					     last_field(sc->queue), &mn) >= 0 ||
			   !queue_declared_here(tu, f->buf,
						 last_field(sc->queue)) ||
			   (!vqueue_sealed(f->buf, f->len, sc->queue) &&
			    !vqueue_member_sealed(f->buf, f->len, f->path,
						  sc->fn_start, sc->fn_end,
						  sc->queue)));
	sc->irqs_off = irqs_off_before(sc);
	sc->skipped_if = skipped_branch(tu, f, sc->anchor_off);
	sc->held_lock = held_lock_before(sc);
	sc->queued_before = queued_before(sc);
	{
		/* the last task state set before the anchor, by text */
		char *t = xasprintf("%.*s", (int)(sc->anchor_off - sc->fn_start),
				    sc->buf + sc->fn_start);
		const char *p = t, *last = NULL, *q;

		blank_c_comments(t);
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

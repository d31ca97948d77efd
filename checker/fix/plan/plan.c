// SPDX-License-Identifier: GPL-2.0-only
/*
 * Plan the fixes: for every finding the checker made, look at the code
 * around it and decide what a careful maintainer would do.
 *
 *	while (!dev->ready) {
 *		interruptible_sleep_on(&dev->wq);
 *		if (signal_pending(current))
 *			return -EINTR;
 *	}
 *
 * becomes `if (wait_event_interruptible(dev->wq, dev->ready)) return
 * -EINTR;`: convert.  The same loop without the signal test would spin
 * on a pending signal before and return early after: unsafe, done only
 * with --unsafe.  `t = interruptible_sleep_on_timeout(&q, t)` with an
 * unsigned t: refused, -ERESTARTSYS would read as time left.
 *
 * What the semantic patches cannot know is decided here from the AST:
 * the shape of the enclosing loop or if, what the loop body does besides
 * sleeping, the lock dropped around the sleep, interrupts turned off
 * before it, the type of a timeout's receiver, side effects in the
 * condition, and where the condition comes from when there is no loop
 * (a flag set before the sleep and tested after, or the fields the
 * wakers write before wake_up()).  The shape facts live in site.c.
 *
 * This file takes each finding to its rule's planner (rules.def: the
 * sleep_on() one in plan_sleep.c, the loops' in plan_loops.c) after the
 * refusals that come before any planner, then checks the target kernel
 * and lets one conversion cover the findings it rewrites.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <clang-c/Index.h>

#include "ast.h"
#include "analysis.h"
#include "fix.h"
#include "entry.h"
#include "condproof.h"
#include "ptw.h"
#include "plan_int.h"
#include "site.h"
#include "site_text.h"

const char *outcome_name(enum fix_outcome o)
{
	static const char *const names[] = {
		"converted", "converted with caveat", "unsafe", "refused",
		"covered", "converted, keeps the race",
	};

	return names[o];
}

bool site_applied(const struct fix_site *s, bool unsafe)
{
	return s->outcome == FO_CONVERT || s->outcome == FO_CAVEAT ||
	       s->outcome == FO_COVERED || s->outcome == FO_KEEP ||
	       (s->outcome == FO_UNSAFE && unsafe);
}

static struct fix_site *new_site(struct fix_plan *p, const struct wq_finding *fd,
				 const struct site_ctx *sc)
{
	struct fix_site *s;
	int i;

	if (p->n == p->cap) {
		p->cap = p->cap ? p->cap * 2 : 8;
		p->s = xrealloc(p->s, p->cap * sizeof(*p->s));
	}
	s = &p->s[p->n++];
	memset(s, 0, sizeof(*s));
	s->rule = fd->rule;
	s->pos = fd->pos;
	s->func = xstrdup(fd->func ? fd->func : "");
	/* a finding made outside the walk of its function (the floor's)
	 * names none: the function whose text holds the site */
	for (i = 0; !*s->func && sc && sc->found && i < p->nfns; i++)
		if (p->fns[i].start <= sc->anchor_off &&
		    sc->anchor_off < p->fns[i].end) {
			free(s->func);
			s->func = xstrdup(p->fns[i].name);
			s->unparsed = true;	/* in its text, not its parse */
		}
	s->anchor = xstrdup(sc && sc->anchor ? sc->anchor : "");
	s->notes = xrealloc(NULL, (fd->nnotes + 1) * sizeof(*s->notes));
	for (i = 0; i < fd->nnotes; i++) {
		s->notes[i] = fd->notes[i];
		s->notes[i].msg = xstrdup(fd->notes[i].msg);
		s->notes[i].file = fd->notes[i].file ?
				   xstrdup(fd->notes[i].file) : NULL;
	}
	s->nnotes = fd->nnotes;
	if (sc) {
		s->fn_first = sc->fn_first;
		s->fn_last = sc->fn_last;
	}
	return s;
}

/* The condition is one a wait_event*() may evaluate many times. */
bool plan_condition_ok(struct fix_site *s, const struct site_ctx *sc,
			 const char *cond)
{
	const char *why;

	if (!cond || !*cond) {
		/* what the shape reader did not find, not that none exists */
		refuse(s, "no-condition", xstrdup(
			"no exit of the loop is a plain test that leaves it (an exit does work before it leaves, or there is none), so the rewrite has no condition to wait for; convert by hand"));
		return false;
	}
	if ((why = cond_side_effect(cond))) {
		refuse(s, "side-effect", xasprintf(
			"the condition '%s' has side effects (%s); wait_event*() evaluates it many times",
			cond, why));
		return false;
	}
	if ((why = kapi_queue_test_in(cond, 0, strlen(cond), false, NULL))) {
		refuse(s, "waitqueue-active", xasprintf(
			"%s() in the guard '%s' tests the queue, not a condition",
			why, cond));
		return false;
	}
	if (cond_constant(cond)) {
		refuse(s, "constant-condition", xasprintf(
			"the condition '%s' is constant", cond));
		return false;
	}
	if (cond_only_locals(sc, cond)) {
		refuse(s, "local-condition", xasprintf(
			"the condition '%s' reads only locals that no waker can change (a copy of shared state?); set the task state before the copy is taken, by hand",
			cond));
		return false;
	}
	return true;
}

bool plan_same_text(const char *a, const char *b)
{
	char *x = cp_norm(a), *y = cp_norm(b);
	bool same = !strcmp(x, y);

	free(x);
	free(y);
	return same;
}


/*
 * `do { ... } while (1)` reads as for (;;) to the planner, so a site in
 * one gets the reasons a for (;;) would; but SmPL cannot match a
 * do-while at all, so one that would convert is refused by name.
 */
void plan_refuse_do_forever(struct fix_site *s, const struct loop_shape *ls)
{
	if (!ls->do_forever || s->outcome == FO_REFUSE ||
	    s->outcome == FO_COVERED ||
	    (s->form && !strncmp(s->form, "schedule_timeout", 16)))
		return;	/* a delay replaces the call, in any loop */
	free(s->note);
	s->form = NULL;
	refuse(s, "no-patch", xstrdup(
		"the wait loop is written 'do { ... } while (1)'; no semantic patch matches a do-while: rewrite it as for (;;) first, or convert by hand"));
}


/*
 * --target before 2.6.14 has no schedule_timeout_*uninterruptible(): a
 * delay with no state set anywhere before it gets
 * `set_current_state(TASK_UNINTERRUPTIBLE);` in front, which any target
 * has (form "set-state-uninterruptible").
 */
static void old_target_delay(struct fix_site *s, const struct site_ctx *sc,
			     unsigned target)
{
	if (s->outcome != FO_CONVERT || !s->form || !target ||
	    sc->state_before != ST_NONE ||
	    !target_lacks(target, strstr(s->form, "-tick") ?
			  "schedule_timeout_uninterruptible" : s->form))
		return;
	if (!strcmp(s->form, "schedule_timeout_uninterruptible-tick"))
		s->form = "set-state-tick";
	else if (!strcmp(s->form, "schedule_timeout_uninterruptible"))
		s->form = "set-state-uninterruptible";
	else if (!strcmp(s->form, "schedule_timeout_interruptible"))
		s->form = "set-state-interruptible";
}

/*
 * A sleep_on() kept in place with its race closed (ptw.c: queued before
 * the unlock, or with interrupts still off) needs no more than the 2.4
 * wait-entry API where the target has no prepare_to_wait(): the rewrite
 * is spelled in that API after the patch (rewrite/lower.c), and the
 * note says so.  True when s is such a site and the target has that API.
 */
static bool lowered_in_place(struct fix_site *s, unsigned target,
			     const char *prim)
{
	const struct kapi_form *k = kform_lookup(prim, strlen(prim));
	char *why, *t;

	if (rule_planner(s->rule) != PLAN_SLEEP_ON || s->outcome != FO_CONVERT ||
	    !k || k->family != KF_PREPARE || k->exclusive || !s->note)
		return false;
	why = target_api_refusal(target, "DECLARE_WAITQUEUE");
	if (why) {
		free(why);
		return false;
	}
	if (strstr(s->note, "in its wait-entry API"))
		return true;	/* said on an earlier look */
	t = kernel_version_text(target);
	why = xasprintf("%s; written for the target Linux %s, which has no %s(), in its wait-entry API: DECLARE_WAITQUEUE(), add_wait_queue() and set_current_state() for prepare_to_wait(), set_current_state(TASK_RUNNING) and remove_wait_queue() for finish_wait()",
			s->note, t, prim);
	free(t);
	free(s->note);
	s->note = why;
	return true;
}

/*
 * The target kernel lacks the primitive, or is not known to have it
 * (analysis/target.c, target_api_refusal()): refuse, saying which.
 */
static void check_target(struct fix_site *s, unsigned target)
{
	char *prim, *why;
	size_t len;

	if (!s->form || s->outcome == FO_REFUSE || s->outcome == FO_COVERED)
		return;
	/* "prepare_to_wait-unlock", "-entry": the primitive before the '-' */
	len = strcspn(s->form, "-");
	prim = xasprintf("%.*s", (int)len, s->form);
	why = target_api_refusal(target, prim);
	if (why && !lowered_in_place(s, target, prim)) {
		free(s->note);
		refuse(s, "target-api", why);
		s->form = NULL;
	} else {
		free(why);
	}
	free(prim);
}

static enum CXChildVisitResult add_fn(CXCursor c, CXCursor parent,
				      CXClientData data)
{
	struct fix_plan *p = data;
	CXSourceRange r;

	(void)parent;
	if (!clang_Location_isFromMainFile(clang_getCursorLocation(c)) ||
	    clang_getCursorKind(c) != CXCursor_FunctionDecl ||
	    !clang_isCursorDefinition(c))
		return CXChildVisit_Continue;
	p->fns = xrealloc(p->fns, (p->nfns + 1) * sizeof(*p->fns));
	r = clang_getCursorExtent(c);
	p->fns[p->nfns].name = cursor_name(c);
	p->fns[p->nfns].start = loc_offset(clang_getRangeStart(r));
	p->fns[p->nfns].end = loc_offset(clang_getRangeEnd(r));
	p->nfns++;
	return CXChildVisit_Continue;
}

/*
 * The label of a backward goto around the anchor, or NULL: `label:`
 * before a `goto label;` that comes after the anchor, the label at or
 * before the anchor (WQ001, WQ003: the sleep or state change is in the
 * goto loop) or after it (WQ002: the entry is added before the loop).
 */
static char *goto_loop(const struct site_ctx *sc, unsigned *at,
		       unsigned *label)
{
	const char *fn = sc->buf + sc->fn_start;
	const char *end = sc->buf + (sc->fn_end < sc->len ? sc->fn_end : sc->len);
	const char *p = sc->buf + sc->anchor_off;

	while (p < end && (p = find_word(p, "goto")) && p < end) {
		const char *n = p + 4, *e, *q;
		size_t len;

		while (n < end && (*n == ' ' || *n == '\t'))
			n++;
		for (e = n; e < end && is_ident(*e); e++)
			;
		len = e - n;
		p = e;
		if (!len)
			continue;
		/* the label: the name first on its line, then ':' */
		for (q = fn; q + len < n; q++) {
			const char *c = q + len, *b = q;

			if (strncmp(q, n, len) || is_ident(*c))
				continue;
			while (b > fn && (b[-1] == ' ' || b[-1] == '\t'))
				b--;
			if (b > fn && b[-1] != '\n')
				continue;
			while (c < n && (*c == ' ' || *c == '\t'))
				c++;
			if (c < n && *c == ':') {
				*at = n - sc->buf;
				*label = q - sc->buf;
				return xasprintf("%.*s", (int)len, n);
			}
		}
	}
	return NULL;
}

/*
 * A loop statement of the function that starts after the anchor and
 * holds one of the finding's sleeps (its notes): the wait loop, when a
 * goto back before the anchor only redoes the queueing around it
 * (mm/filemap.c folio_wait_bit_common(): the sleep in a for (;;) loop
 * of its own, `goto repeat` inside it).
 */
struct own_loop {
	const struct fix_site *s;
	unsigned after;		/* the anchor's offset */
	unsigned line, last;	/* the loop's first and last lines, 0: none */
	const char *kw;
	/* else the innermost loop around the anchor that holds a sleep
	 * (the entry queued on each of its passes) */
	unsigned around, around_last;
	const char *around_kw;
};

/* Does [a, b] (lines) hold one of the finding's sleeps (its notes)? */
static bool holds_note(const struct fix_site *s, unsigned a, unsigned b)
{
	int i;

	for (i = 0; i < s->nnotes; i++)
		if (!s->notes[i].file && s->notes[i].pos.line >= a &&
		    s->notes[i].pos.line <= b)
			return true;
	return false;
}

static enum CXChildVisitResult own_loop_fn(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	struct own_loop *ol = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXSourceRange r;
	unsigned a, b, off, end;
	const char *kw;

	(void)parent;
	if (ol->line)
		return CXChildVisit_Break;
	if (k != CXCursor_ForStmt && k != CXCursor_WhileStmt &&
	    k != CXCursor_DoStmt)
		return CXChildVisit_Recurse;
	r = clang_getCursorExtent(c);
	clang_getSpellingLocation(clang_getRangeStart(r), NULL, &a, NULL,
				  &off);
	clang_getSpellingLocation(clang_getRangeEnd(r), NULL, &b, NULL, &end);
	kw = k == CXCursor_ForStmt ? "for" :
	     k == CXCursor_WhileStmt ? "while" : "do-while";
	if (off <= ol->after) {
		if (end > ol->after && holds_note(ol->s, a, b)) {
			ol->around = a;
			ol->around_last = b;
			ol->around_kw = kw;
		}
		return CXChildVisit_Recurse;
	}
	if (holds_note(ol->s, a, b)) {
		ol->line = a;
		ol->last = b;
		ol->kw = kw;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Continue;
}

/* The innermost loop around an offset (a sleep_on() call's). */
struct loop_around {
	unsigned at;
	unsigned start, end, line;	/* offsets and first line, or 0 */
	const char *kw;
};

static enum CXChildVisitResult loop_around_fn(CXCursor c, CXCursor parent,
					      CXClientData data)
{
	struct loop_around *la = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXSourceRange r = clang_getCursorExtent(c);
	unsigned a, off, end;

	(void)parent;
	clang_getSpellingLocation(clang_getRangeStart(r), NULL, &a, NULL,
				  &off);
	clang_getSpellingLocation(clang_getRangeEnd(r), NULL, NULL, NULL,
				  &end);
	if (off > la->at || end <= la->at)
		return CXChildVisit_Continue;
	/* a loop of the file's own text, not of a macro's body */
	if ((k == CXCursor_ForStmt || k == CXCursor_WhileStmt ||
	     k == CXCursor_DoStmt) &&
	    clang_Location_isFromMainFile(clang_getRangeStart(r)) &&
	    clang_Location_isFromMainFile(clang_getRangeEnd(r))) {
		la->start = off;
		la->end = end;
		la->line = a;
		la->kw = k == CXCursor_ForStmt ? "for" :
			 k == CXCursor_WhileStmt ? "while" : "do-while";
	}
	return CXChildVisit_Recurse;
}

/*
 * The refusal of a goto loop: "the wait loop is made with 'goto L'" when
 * the sleep is in no loop of its own after the anchor, else what the goto
 * does around that loop.
 */
static char *goto_loop_words(const struct fix_site *s,
			     const struct site_ctx *sc, const char *lab,
			     unsigned goto_off, unsigned label_off)
{
	struct own_loop ol = { s, sc->anchor_off, 0, 0, NULL, 0, 0, NULL };
	unsigned gl = 1;
	size_t i;

	if (s->rule == WQ002 && label_off < sc->anchor_off && sc->depth > 0)
		clang_visitChildren(sc->path[0], own_loop_fn, &ol);
	for (i = 0; i < goto_off && i < sc->len; i++)
		gl += sc->buf[i] == '\n';
	if (s->rule == WQ001 && sc->depth > 0) {
		/* a sleep_on() in a loop of its own, a goto around it */
		struct loop_around la = { sc->anchor_off, 0, 0, 0, NULL };

		clang_visitChildren(sc->path[0], loop_around_fn, &la);
		if (la.line && la.start > label_off && goto_off >= la.end)
			return xasprintf(
				"the sleep is in the %s loop of line %u; 'goto %s' after that loop goes back to the label '%s:' before it and runs it again; no semantic patch matches a wait that a goto repeats around its loop: convert by hand",
				la.kw, la.line, lab, lab);
	}
	if (!ol.line && ol.around && gl > ol.around_last)
		return xasprintf(
			"the sleep is in the %s loop of line %u, which queues the entry on each pass; 'goto %s' after that loop goes back to the label '%s:' before it and runs it again; no semantic patch matches a wait that a goto repeats around its loop: convert by hand",
			ol.around_kw, ol.around, lab, lab);
	if (!ol.line)
		return xasprintf(
			"the wait loop is made with 'goto %s' back to the label '%s:' before it; no semantic patch matches a goto loop: rewrite it as a for (;;) loop first, or convert by hand",
			lab, lab);
	return xasprintf(
		"the sleep is in a %s loop of its own (line %u), but 'goto %s' %s it goes back to the label '%s:' before the entry is queued on line %u, and queues it again; no semantic patch matches a wait that a goto repeats around its loop: convert by hand",
		ol.kw, ol.line, lab,
		gl >= ol.line && gl <= ol.last ? "inside" : "after", lab,
		s->pos.line);
}

/* The sleep at fd's position that the checker held back, or NULL. */
static const struct wq_held *held_at(const struct wq_file *f, int rule,
				     struct wq_pos pos)
{
	int i;

	for (i = 0; i < f->nheld; i++)
		if (f->held[i].rule == rule &&
		    f->held[i].pos.line == pos.line &&
		    f->held[i].pos.col == pos.col)
			return &f->held[i];
	return NULL;
}

/*
 * The sleeps whose task state another function set, and that no
 * finding names (analysis/flow/state_summary.c): never rewritten as if they
 * ran in TASK_RUNNING, refused with the reason the checker gave.
 */
static void refuse_held(void *tu, struct wq_file *f, struct fix_plan *p)
{
	int i, j;

	for (i = 0; i < f->nheld; i++) {
		const struct wq_held *h = &f->held[i];
		struct wq_finding fd = { 0 };
		struct site_ctx sc;
		bool found = false;

		for (j = 0; j < f->nfindings && !found; j++)
			found = f->findings[j].rule == h->rule &&
				f->findings[j].pos.line == h->pos.line &&
				f->findings[j].pos.col == h->pos.col;
		if (found)
			continue;
		fd.rule = h->rule;
		fd.pos = h->pos;
		fd.func = h->func;
		fd.msg = h->msg;
		site_find(tu, f, &fd, &sc);
		refuse(new_site(p, &fd, &sc), h->reason, xstrdup(h->msg));
		site_release(&sc);
		/* in line order among the findings' sites */
		for (j = p->n - 1; j > 0 && (p->s[j - 1].pos.line > h->pos.line ||
					     (p->s[j - 1].pos.line == h->pos.line &&
					      p->s[j - 1].pos.col > h->pos.col)); j--) {
			struct fix_site t = p->s[j];

			p->s[j] = p->s[j - 1];
			p->s[j - 1] = t;
		}
	}
}

/*
 * May a WQ002 site take the in-place entry form (entry.c)?  Where a
 * wait_event*() keeps the meaning, that form stays; the loops it
 * cannot express, and those no semantic patch restructures, keep their
 * shape instead of being refused.
 */
static bool in_place_eligible(const struct fix_site *s, const struct fix_plan *p)
{
	static const char *const never[] = {
		"inactive-branch", "old-kernel-branch", "old-wait-api", "macro",
		"hand-set-exclusive", NULL,
	};
	int i;

	for (i = 0; i < p->nin_place; i++)
		if (!strcmp(p->in_place[i], s->func) && s->outcome != FO_REFUSE)
			return true;
	if (s->outcome == FO_UNSAFE)
		return !p->unsafe;
	if (s->outcome != FO_REFUSE)
		return form_is(s->form, KF_PREPARE);
	for (i = 0; never[i]; i++)
		if (s->reason && !strcmp(s->reason, never[i]))
			return false;
	return !s->note || strcmp(s->note, "the site was not found in the syntax tree");
}

/* Is line a return that a WQ006 finding of the file reports (or notes)? */
static bool leak_reported(const struct wq_file *f, unsigned line)
{
	int i, j;

	for (i = 0; i < f->nfindings; i++) {
		const struct wq_finding *fd = &f->findings[i];

		if (fd->rule != WQ006)
			continue;
		if (fd->pos.line == line)
			return true;
		for (j = 0; j < fd->nnotes; j++)
			if (!fd->notes[j].file && fd->notes[j].pos.line == line &&
			    strstr(fd->notes[j].msg, "also leaves"))
				return true;
	}
	return false;
}

/* Drop the 'F' edits of s at returns no WQ006 finding reports. */
static void keep_reported_returns(const struct wq_file *f, struct fix_site *s)
{
	struct strbuf sb = { 0 };
	char *copy = xstrdup(s->edits), *tok, *save = NULL;

	for (tok = strtok_r(copy, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
		bool keep = *tok != 'F' ||
			    leak_reported(f, (unsigned)atoi(tok + 1));

		if (keep)
			sb_printf(&sb, "%s%s", sb.len ? " " : "", tok);
	}
	free(copy);
	free(s->edits);
	s->edits = sb.s ? sb.s : xstrdup("");
}

/*
 * Refusals that come before any planner: the site not found, in a
 * branch the flags do not compile, in a macro, with interrupts off, a
 * spinlock held, the 2.0 wait API, a goto loop.  Which apply is the
 * rule's planner's to say (rules.def): a rule with a semantic patch
 * rewrites the sleep, which a macro or a held lock stops; the loop
 * planners rewrite a loop, which a goto loop stops.  True when s is
 * refused.
 */
static bool refuse_before(struct fix_site *s, struct site_ctx *sc,
			  enum old_api old_api, const char *old_what)
{
	enum wq_planner pl = rule_planner(s->rule);
	bool rewrites = rule_cocci(s->rule) != NULL;
	bool loop = pl == PLAN_SLEEP_ON || pl == PLAN_OPEN_CODED ||
		    pl == PLAN_STATE_AFTER_TEST;
	const char *via;
	char *lab, *rq;
	unsigned goto_off = 0, label_off = 0;

	if (!sc->found &&
	    text_define_around(sc->buf, sc->len, sc->anchor_off, &lab)) {
		/* a macro's body, compiled or not: flags change nothing */
		/* the body of a driver's macro (reported there once) */
		refuse(s, "macro", xasprintf(
			"the sleep is in the body of the macro '%s'; rewrite the macro by hand",
			lab));
		free(lab);
	} else if (!sc->found && !sc->skipped_if) {
		refuse(s, "no-patch", xstrdup("the site was not found in the syntax tree"));
	} else if (old_api == OLD_BLOCKED ||
		   (old_api == OLD_PORTABLE && pl != PLAN_SLEEP_ON)) {
		/* before the inactive branch: the in-place fallback of an
		 * uncompiled site must not write prepare_to_wait() on a
		 * queue the file declares another way (g10 ELKS
		 * `static struct wait_queue q;`) */
		refuse(s, "old-wait-api", old_what ? xasprintf(
			"the file uses the 2.0-2.2 wait API and has a declaration the rewrite does not port, '%s' (it ports `[static|extern] struct wait_queue *q [= NULL];` at file scope, one queue a declaration, and `struct wait_queue w = { current, NULL };` in a function): port the queues to wait_queue_head_t and the entries to DECLARE_WAITQUEUE() first; a wait_event*() on such a queue would not build",
			old_what) : xstrdup(
			"the file uses the 2.0-2.2 wait API ('struct wait_queue *' queues, 'struct wait_queue' entries): port the queues to wait_queue_head_t and the entries to DECLARE_WAITQUEUE() first; a wait_event*() on such a queue would not build"));
	} else if (sc->skipped_if) {
		bool old = strstr(sc->skipped_if, "LINUX_VERSION_CODE") ||
			   strstr(sc->skipped_if, "KERNEL_VERSION") ||
			   !strncmp(sc->skipped_if, "#if 0", 5);

		refuse(s, old ? "old-kernel-branch" : "inactive-branch", xasprintf(
			old ? "inside '%s', a branch for other kernels: left as it is" :
			      "inside '%s', a branch these flags do not compile, so the fix leaves it as it is; with flags that compile it (after --), the fix reads it and converts it if it can",
			sc->skipped_if));
	} else if (sc->in_macro && rewrites) {
		refuse(s, "macro", xasprintf(
			"the sleep is inside the macro '%s'; rewrite the macro by hand",
			sc->macro ? sc->macro : "?"));
	} else if (sc->irqs_off) {
		refuse(s, "irqs-off", xasprintf(
			"interrupts are disabled here (%s): the old code relied on it to make the test and the sleep atomic",
			sc->irqs_off));
	} else if (sc->held_lock && rewrites && pl != PLAN_OPEN_CODED) {
		refuse(s, "held-lock", xasprintf(
			"the spinlock '%s' is held here: the old code slept while atomic; the locking must be redesigned by hand",
			sc->held_lock));
	} else if (rewrites && pl != PLAN_OPEN_CODED &&
		   (rq = atomic_caller(sc, s->func, &via))) {
		/* the callers' context (issue 39) */
		refuse(s, "held-lock", xasprintf(
			"%s()%s%s%s is handed to %s(): the block layer calls it with the queue lock held and interrupts off, so the old code slept while atomic, and no rewrite keeps that context (wait_event*() and schedule() come back with interrupts on); the locking must be redesigned by hand",
			s->func, strcmp(rq, s->func) ? " is called from " : "",
			strcmp(rq, s->func) ? rq : "",
			strcmp(rq, s->func) ? "(), which" : "", via));
		free(rq);
	} else if (loop && (lab = goto_loop(sc, &goto_off, &label_off))) {
		refuse(s, "goto-loop",
		       goto_loop_words(s, sc, lab, goto_off, label_off));
		free(lab);
	} else {
		return false;
	}
	return true;
}

/* Plan one finding's site by its rule's planner (rules.def). */
static void plan_site(struct fix_site *s, struct site_ctx *sc,
		      struct fix_plan *p, const struct wq_held *h)
{
	switch (rule_planner(s->rule)) {
	case PLAN_SLEEP_ON:
		plan_sleep_on(s, sc);
		wait_event_gate(sc, s, NULL, p);
		return;
	case PLAN_OPEN_CODED:
		plan_open_coded(s, sc);
		wait_event_gate(sc, s, NULL, p);
		/* a form the target lacks, or is not known to have, is
		 * refused before the in-place entry form is considered:
		 * that form may be one the target has */
		check_target(s, p->target ? p->target : WQ_DEFAULT_TARGET);
		return;
	case PLAN_STATE_AFTER_TEST:
		plan_state_after_test(s, sc);
		return;
	default:
		break;
	}
	if (h) {
		/* the loop spins, but its first pass sleeps in a state
		 * another function set: no form keeps it */
		refuse(s, h->reason, xstrdup(h->msg));
	} else if (rule_planner(s->rule) == PLAN_SCHEDULE_RUNNING) {
		plan_schedule_running(s, sc);
		old_target_delay(s, sc, p->target);
	} else if (s->rule == WQ005) {
		refuse(s, "no-patch", xstrdup(
			"an exit left in a sleeping task state has no automatic fix of its own: it is fixed with its wait loop, or by hand with __set_current_state(TASK_RUNNING), or finish_wait() where the entry is still queued, on that path right after the loop"));
	} else {
		refuse(s, "no-patch", xstrdup(
			"a wait entry left queued has no automatic fix"));
	}
}

/*
 * After every site is planned: the returns the in-place entry form
 * gives finish_wait() cover their WQ005/WQ006 sites, and one
 * conversion of a wait loop rewrites the other findings in it.
 */
static void plan_cover(const struct wq_file *f, struct fix_plan *p)
{
	int i, j;

	/*
	 * entry.c proposes finish_wait() ('F') before every return reached
	 * with the entry queued; only those WQ006 reports keep it: at the
	 * others the queue may be gone with its owner (`if (ob->chan)
	 * remove_wait_queue(&ob->chan->q, &w);`), so it must not be named
	 */
	for (i = 0; i < p->n; i++)
		if (rule_planner(p->s[i].rule) == PLAN_OPEN_CODED &&
		    form_in_place(p->s[i].form) && p->s[i].edits)
			keep_reported_returns(f, &p->s[i]);
	/* a return the in-place form gives finish_wait() (entry.c 'F') */
	for (i = 0; i < p->n; i++) {
		char *tag;

		if (rule_planner(p->s[i].rule) != PLAN_WITH_LOOP ||
		    p->s[i].outcome != FO_REFUSE)
			continue;
		tag = xasprintf("F%u", p->s[i].pos.line);
		for (j = 0; j < p->n; j++)
			if (rule_planner(p->s[j].rule) == PLAN_OPEN_CODED &&
			    p->s[j].outcome == FO_CONVERT &&
			    form_in_place(p->s[j].form) && p->s[j].edits &&
			    !strcmp(p->s[j].func, p->s[i].func) &&
			    find_word(p->s[j].edits, tag)) {
				p->s[i].outcome = FO_COVERED;
				p->s[i].reason = NULL;
				p->s[i].form = NULL;
				free(p->s[i].note);
				p->s[i].note = xstrdup(FINISH_BEFORE_RETURN);
				break;
			}
		free(tag);
	}
	/* one conversion of a wait loop rewrites the other findings in it */
	for (i = 0; i < p->n; i++) {
		if (rule_planner(p->s[i].rule) != PLAN_OPEN_CODED ||
		    p->s[i].outcome == FO_REFUSE || form_in_place(p->s[i].form))
			continue;
		for (j = 0; j < p->n; j++)
			if (j != i && rule_planner(p->s[j].rule) != PLAN_SLEEP_ON &&
			    rule_planner(p->s[j].rule) != PLAN_OPEN_CODED &&
			    !strcmp(p->s[j].func, p->s[i].func)) {
				p->s[j].outcome = FO_COVERED;
				p->s[j].form = NULL;
				free(p->s[j].note);
				p->s[j].note = NULL;
			}
	}
}

void plan_file(void *tu, struct wq_file *f, void *arg)
{
	struct fix_plan *p = arg;
	char *old_what;
	struct compat_ranges compat;
	enum old_api old_api;
	struct entry_plans *ep = NULL;
	int i;

	compat_ranges(tu, f, &compat);
	old_api = old_api_state(f->buf, f->len, &compat, &old_what);
	compat_ranges_free(&compat);
	clang_visitChildren(clang_getTranslationUnitCursor(tu), add_fn, p);
	for (i = 0; i < f->nfindings && !ep; i++)
		if (rule_planner(f->findings[i].rule) == PLAN_OPEN_CODED)
			ep = entry_plans_compute(tu, f);
	for (i = 0; i < f->nfindings; i++) {
		const struct wq_finding *fd = &f->findings[i];
		enum wq_planner pl = rule_planner(fd->rule);
		struct site_ctx sc;
		struct fix_site *s;

		if (pl == PLAN_NONE)
			continue;
		site_find(tu, f, fd, &sc);
		sc.plan = p;
		s = new_site(p, fd, &sc);
		if (!refuse_before(s, &sc, old_api, old_what))
			plan_site(s, &sc, p, held_at(f, fd->rule, fd->pos));
		/* a wait_event*() the target lacks: the fallback may close
		 * the race in place (ptw.c), in the target's own API */
		if (pl == PLAN_SLEEP_ON && p->target)
			check_target(s, p->target);
		if (pl == PLAN_SLEEP_ON)
			plan_ptw_fallback(s, &sc, p);
		if (pl == PLAN_OPEN_CODED && in_place_eligible(s, p))
			plan_entry_in_place(s, ep);
		/* the queue declarations are ported with the sleeps */
		s->port_queues = pl == PLAN_SLEEP_ON && old_api == OLD_PORTABLE;
		site_release(&sc);
	}
	free(old_what);
	entry_plans_free(ep);
	refuse_held(tu, f, p);
	for (i = 0; i < p->n; i++)
		check_target(&p->s[i], p->target ? p->target : WQ_DEFAULT_TARGET);
	plan_cover(f, p);
}

void plan_release(struct fix_plan *p)
{
	int i;

	for (i = 0; i < p->n; i++) {
		int j;

		for (j = 0; j < p->s[i].nnotes; j++) {
			free(p->s[i].notes[j].msg);
			free(p->s[i].notes[j].file);
		}
		free(p->s[i].notes);
		free(p->s[i].func);
		free(p->s[i].anchor);
		free(p->s[i].cond);
		free(p->s[i].lock);
		free(p->s[i].exit_before);
		free(p->s[i].other_waker);
		free(p->s[i].note);
		free(p->s[i].edits);
		free(p->s[i].eq);
		free(p->s[i].ew);
	}
	free(p->s);
	for (i = 0; i < p->nfns; i++)
		free(p->fns[i].name);
	free(p->fns);
	p->s = NULL;
	p->fns = NULL;
	p->n = p->cap = p->nfns = 0;
}

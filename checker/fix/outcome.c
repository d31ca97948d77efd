// SPDX-License-Identifier: GPL-2.0-only
/*
 * What finally happened to each planned site of a fixed file: converted
 * as planned, converted with a caveat, or refused because its function
 * failed verification or no semantic patch changed it.  The report
 * (report/fixes/fixout.c) prints these outcomes; it decides none of them.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "bodies.h"
#include "ptw.h"
#include "result.h"
#include "modelcheck.h"
#include "validate.h"

static int count_in(const char *hay, const char *needle)
{
	int n = 0;

	while ((hay = strstr(hay, needle))) {
		n++;
		hay++;
	}
	return n;
}

/*
 * A site in a function the parse did not see (an #ifdef branch the flags
 * do not compile): was its line rewritten?  Its text, from the anchor to
 * the end of the line, occurs fewer times in the final text.
 */
static bool line_unchanged(const struct fix_result *res, struct wq_pos pos)
{
	const char *p = res->orig, *e;
	unsigned line = 1;
	char *t;
	bool same;

	while (line < pos.line && (p = strchr(p, '\n'))) {
		p++;
		line++;
	}
	if (!p || strlen(p) < pos.col)
		return true;
	p += pos.col - 1;
	e = strchr(p, '\n');
	t = xasprintf("%.*s", e ? (int)(e - p) : (int)strlen(p), p);
	same = count_in(res->final, t) >= count_in(res->orig, t);
	free(t);
	return same;
}

/* Is the function's original text still in the final text? */
static bool fn_unchanged(const struct fix_result *res, const char *fn,
			 struct wq_pos pos)
{
	int i;

	if (!res->final)
		return true;
	for (i = 0; i < res->plan.nfns; i++) {
		const struct fix_fn *f = &res->plan.fns[i];
		char *t;
		bool same;

		if (strcmp(f->name, fn))
			continue;
		t = xasprintf("%.*s", (int)(f->end - f->start), res->orig + f->start);
		same = strstr(res->final, t) != NULL;
		free(t);
		return same;
	}
	return line_unchanged(res, pos);
}

static bool retested(const struct fix_result *res, const char *fn)
{
	int i;

	for (i = 0; i < res->nretested; i++)
		if (!strcmp(res->retested[i], fn))
			return true;
	return false;
}

static const char *no_retest(const struct fix_result *res, const char *fn)
{
	int i;

	for (i = 0; i < res->nnoretest; i++)
		if (!strcmp(res->noretest[i], fn))
			return res->noretest_why[i];
	return NULL;
}

static const char *proof_of(const struct fix_result *res, const char *fn,
			    bool model)
{
	int i;

	for (i = 0; i < res->nproven; i++)
		if (!strcmp(res->proven[i], fn))
			return model ? res->model[i] : res->proof[i];
	return NULL;
}

/* The facts of fn's model verdict. */
static void model_facts_of(const struct fix_result *res, const char *fn,
			   struct model_facts *mf)
{
	int i;

	for (i = 0; i < res->nproven; i++)
		if (!strcmp(res->proven[i], fn))
			*mf = res->mfacts[i];
}

/*
 * WQPORT_RECORD_MUTATE=1 (the mutation of tools/record-test.py), after
 * the site's words are made from the record: the record then holds a
 * waker in this file where the model found none, and the words say more
 * than it does.
 */
static void mutate_record(struct model_facts *mf)
{
	const char *mut = getenv("WQPORT_RECORD_MUTATE");

	if (mut && !strcmp(mut, "1") && mf->no_waker)
		mf->no_waker = false;
}

/* Is there a sleep of the record on line l? */
static bool sleep_on_line(const struct model_facts *mf, unsigned l)
{
	int k;

	for (k = 0; k < mf->nsleeps && k < 32; k++)
		if (mf->sleep_line[k] == l)
			return true;
	return false;
}

/*
 * The sleeps of the site's own (by ordinal): the sleep on its line (a
 * sleep_on(), a nap), else those of its function after it (an
 * add_wait_queue() loop's) up to the next site; ~0u (the whole function)
 * when it owns none.
 */
static uint32_t site_sleeps(const struct fix_result *res,
			    const struct fix_site *s, const struct model_facts *mf)
{
	uint32_t mine = 0;
	int k, j;

	for (k = 0; k < mf->nsleeps && k < 32; k++) {
		unsigned l = mf->sleep_line[k], best = 0;
		const struct fix_site *owner = NULL;

		if (l < s->fn_first || l > s->fn_last)
			continue;
		for (j = 0; j < res->plan.n; j++) {
			const struct fix_site *t = &res->plan.s[j];

			/* the sites of the function, by its lines (a refused
			 * site may have no function name) */
			if (t->pos.line < s->fn_first || t->pos.line > s->fn_last ||
			    t->pos.line > l || t->pos.line < best)
				continue;
			if (t->pos.line != l && sleep_on_line(mf, t->pos.line))
				continue;	/* that site's sleep is its own */
			best = t->pos.line;
			owner = t;
		}
		if (owner && owner->pos.line == s->pos.line)
			mine |= 1u << k;
	}
	return mine ? mine : ~0u;
}

/*
 * Is fn the name a function head [h, he) declares: an identifier right
 * before a `(` at the head's top level, comments skipped (a kernel-doc
 * comment above the function may name other functions)?
 */
static bool head_names(const char *h, const char *he, const char *fn)
{
	size_t n = strlen(fn);
	const char *p = h, *id = NULL, *ide = NULL;
	int depth = 0;

	while (p < he) {
		if (p + 1 < he && p[0] == '/' && p[1] == '*') {
			const char *c = strstr(p + 2, "*/");

			p = c && c < he ? c + 2 : he;
			continue;
		}
		if (p + 1 < he && p[0] == '/' && p[1] == '/') {
			while (p < he && *p != '\n')
				p++;
			continue;
		}
		if (isalnum((unsigned char)*p) || *p == '_') {
			id = p;
			while (p < he && (isalnum((unsigned char)*p) || *p == '_'))
				p++;
			ide = p;
			continue;
		}
		if (*p == '(') {
			if (!depth && id && (size_t)(ide - id) == n &&
			    !strncmp(id, fn, n))
				return true;
			depth++;
		} else if (*p == ')' && depth) {
			depth--;
		}
		if (!isspace((unsigned char)*p))
			id = NULL;
		p++;
	}
	return false;
}

/*
 * The same where the file's braces do not pair up as text (an #if whose
 * branches each open a block): fn's definition at the start of a line,
 * its `{` the first after it with no `;` before, its end the next `}` at
 * the start of a line.
 */
static bool fn_body_by_lines(const char *text, const char *fn,
			     const char **b, const char **e)
{
	size_t n = strlen(fn);
	const char *p;

	for (p = text; (p = strstr(p, fn)); p += n) {
		const char *ls = p, *open, *semi;

		if (p[n] != '(' || (p > text && (isalnum((unsigned char)p[-1]) ||
						  p[-1] == '_')))
			continue;
		while (ls > text && ls[-1] != '\n')
			ls--;
		if (isspace((unsigned char)*ls) || *ls == '#')
			continue;
		open = strchr(p, '{');
		semi = strchr(p, ';');
		if (!open || (semi && semi < open))
			continue;
		*b = open;
		*e = strstr(open, "\n}");
		if (!*e)
			*e = open + strlen(open);
		return true;
	}
	return false;
}

/*
 * The body of function fn as written in text: [*b, *e) from its `{` to
 * its `}`, wherever the braces are (model/text/bodies.c), the body whose
 * head declares fn.
 */
static bool fn_body(const char *text, const char *fn, const char **b,
		    const char **e)
{
	struct fn_bodies fb;
	bool found = false;
	int k;

	if (!text)
		return false;
	if (function_bodies(text, strlen(text), &fb) <= 0)
		return fn_body_by_lines(text, fn, b, e);
	for (k = 0; k < fb.n && !found; k++)
		if (head_names(text + fb.b[k].decl, text + fb.b[k].open, fn)) {
			*b = text + fb.b[k].open;
			*e = text + fb.b[k].close;
			found = true;
		}
	fn_bodies_free(&fb);
	return found;
}

static bool span_has(const char *b, const char *e, const char *needle)
{
	const char *p = strstr(b, needle);

	return p && p < e;
}

/*
 * The in-place entry words say what the rewrite wrote: DEFINE_WAIT(w)
 * when it declared the entry so, init_wait(&w) when it kept the
 * declaration and made it with that call (an entry declared apart and
 * made with init_waitqueue_entry()).
 */
static char *entry_as_written(const struct fix_result *res,
			      const struct fix_site *s, char *text)
{
	const char *b, *e, *at;
	char *def, *init, *out = text;

	if (!s->ew || !fn_body(res->final, s->func, &b, &e))
		return text;
	def = xasprintf("DEFINE_WAIT(%s)", s->ew);
	init = xasprintf("init_wait(&%s)", s->ew);
	at = strstr(text, def);
	if (at && !span_has(b, e, def) && span_has(b, e, init)) {
		unsigned tg = res->plan.target ? res->plan.target :
			      WQ_DEFAULT_TARGET;
		/* a declaration of 4.13's old name stays (WQ012's rename
		 * is by hand): the result needs it for such a target */
		bool old = tg >= WQ_KVER(4, 13, 0) &&
			   text_find_word(res->final, (unsigned)(b - res->final),
					  (unsigned)(e - res->final),
					  "wait_queue_t") >= 0;

		out = xasprintf("%.*s%s on its existing declaration%s%s",
				(int)(at - text), text, init,
				old ? ", whose type wait_queue_t Linux 4.13 renamed wait_queue_entry_t (WQ012): the result builds for the target once that is renamed by hand" : "",
				at + strlen(def));
		free(text);
	}
	free(def);
	free(init);
	return out;
}

/*
 * The call the retest follows, as the rewrite wrote it: the anchor's
 * state write, or prepare_to_wait() where the function's in-place entry
 * rewrite made that write a prepare_to_wait() (kvm_main.c
 * kvm_vcpu_block(): no set_current_state() is left).
 */
static const char *retest_after(const struct fix_result *res,
				const struct fix_site *s)
{
	const char *b, *e;
	char *call = xasprintf("%s(", s->anchor);
	bool gone = fn_body(res->final, s->func, &b, &e) &&
		    !span_has(b, e, call) && span_has(b, e, "prepare_to_wait(");

	free(call);
	return gone ? "prepare_to_wait" : s->anchor;
}

/*
 * "no semantic patch matched ...": the call the planned form writes, not
 * the planner's name of the form ("prepare_to_wait-entry" is
 * prepare_to_wait() in place; moxa.c:974 of 2.6).
 */
static char *planned_words(const struct fix_site *s)
{
	const char *f = s->form ? s->form : "?";

	if (!strcmp(f, "retest"))
		return xasprintf("no semantic patch matched this shape of %s() (planned: the loop's test made again after it)",
				 s->anchor);
	if (!strncmp(f, "set-state-", 10))
		return xasprintf("no semantic patch matched this shape of %s() (planned: set_current_state() before the sleep)",
				 s->anchor);
	if (s->unparsed)
		return xasprintf("no semantic patch matched this %s() (the parse did not show its function, so no analysis read it: %.*s()%s was tried as the shape's default)",
				 s->anchor, (int)strcspn(f, "-"), f,
				 !strcmp(f + strcspn(f, "-"), "-entry") ?
				 " in place" : "");
	return xasprintf("no semantic patch matched this shape of %s() (planned: %.*s()%s)",
			 s->anchor, (int)strcspn(f, "-"), f,
			 !strcmp(f + strcspn(f, "-"), "-entry") ?
			 " in place" : "");
}

/* The function a site is in: its own name, else the one whose text holds its line */
static const char *fn_at(const struct fix_result *res, const struct fix_site *s)
{
	const char *p = res->orig;
	unsigned line = 1, off;
	int i;

	if (s->func && *s->func)
		return s->func;
	while (p && line < s->pos.line && (p = strchr(p, '\n'))) {
		p++;
		line++;
	}
	if (!p)
		return NULL;
	off = (unsigned)(p - res->orig);
	for (i = 0; i < res->plan.nfns; i++)
		if (res->plan.fns[i].start <= off && off < res->plan.fns[i].end)
			return res->plan.fns[i].name;
	return NULL;
}

/*
 * A site the planner refused whose line the patch rewrites all the same:
 * another site of its function was planned, and its change took this
 * line with it (an entry rewritten in place at each of its adds, a state
 * write folded into the prepare_to_wait() of the line before).  Saying
 * only "refused" there, and listing it as left as it was, contradicts the
 * diff: the words say which change rewrote it.  *with: that site's line
 * (0: none of its function was planned, so only the note).
 */
/*
 * Does the model of the rewritten fn still find what the rule of s
 * reports (a sleeping state left at a return for WQ005, an entry left
 * queued for WQ006), though the check of the rewrite no longer does?
 */
static bool model_still_finds(const struct fix_result *res, const char *fn,
			      int rule)
{
	unsigned prop = rule == WQ005 ? P_STATE : rule == WQ006 ? P_LEAK : 0;
	int i;

	for (i = 0; prop && i < res->nproven; i++)
		if (!strcmp(res->proven[i], fn) && res->mfacts[i].ran &&
		    (res->mfacts[i].new_props & prop))
			return true;
	return false;
}

static char *refused_words(const struct fix_result *res,
			   const struct fix_site *s, bool unsafe, unsigned *with)
{
	const char *note = s->note ? s->note : "";
	const char *fn;
	int j;

	*with = 0;
	/* a site in a branch the parse does not compile is not in the
	 * check of the rewrite either: its finding is not gone */
	if (res->final && s->done && (fn = fn_at(res, s)) &&
	    !fn_unchanged(res, fn, s->pos) &&
	    !model_still_finds(res, fn, s->rule) &&
	    !(s->reason && (!strcmp(s->reason, "inactive-branch") ||
			    !strcmp(s->reason, "old-kernel-branch")))) {
		/* its finding is gone from the rewritten function */
		for (j = 0; j < res->plan.n; j++) {
			const struct fix_site *t = &res->plan.s[j];

			if (t == s || !t->func || strcmp(t->func, fn) ||
			    !site_applied(t, unsafe))
				continue;
			*with = t->pos.line;
			return xasprintf("fixed all the same: the check of the rewritten %s() finds no WQ%03d after the change planned at line %u (%s() -> %s%s); not planned on its own: %s",
					 fn, s->rule, t->pos.line, t->anchor,
					 form_in_place(t->form) ? "prepare_to_wait" : t->form,
					 form_in_place(t->form) ? "() in place" : "()",
					 note);
		}
	}
	if (s->rule == WQ004 && res->final && (fn = fn_at(res, s)) &&
	    strstr(note, "set the state by hand")) {
		/* the entry the hand-set state would rely on is rewritten */
		for (j = 0; j < res->plan.n; j++) {
			const struct fix_site *t = &res->plan.s[j];

			if (t == s || !t->func || strcmp(t->func, fn) ||
			    !site_applied(t, unsafe) || !form_in_place(t->form) ||
			    !t->eq || !t->ew)
				continue;
			return xasprintf("%s; after the change planned at line %u the entry '%s' is DEFINE_WAIT()'s, which a wake-up takes off the queue: set the state there with prepare_to_wait(%s, &%s, ...), not set_current_state()",
					 note, t->pos.line, t->ew, t->eq, t->ew);
		}
	}
	if (!res->final || !(fn = fn_at(res, s)) || line_unchanged(res, s->pos))
		return xstrdup(note);
	for (j = 0; j < res->plan.n; j++) {
		const struct fix_site *t = &res->plan.s[j];

		if (t == s || !t->func || strcmp(t->func, fn) ||
		    !site_applied(t, unsafe) ||
		    fn_unchanged(res, t->func, t->pos))
			continue;
		*with = t->pos.line;
		bool in_place = form_in_place(t->form);

		return xasprintf("line %u is rewritten all the same, by the change planned at line %u (%s() -> %s%s); not planned on its own: %s",
				 s->pos.line, t->pos.line, t->anchor,
				 in_place ? "prepare_to_wait" : t->form,
				 in_place ? "() in place" : "()", note);
	}
	return xstrdup(note);
}

/*
 * Does the rewrite leave line `line` of the original as it was?  The
 * function's lines before and after, matched as diff matches them (a
 * longest common subsequence), so that a line the rewrite kept is told
 * from an identical one it replaced (two add_wait_queue(&q, &wait) of
 * one entry, one rewritten to wait_event()).  False when not known.
 */
static bool line_kept(const struct fix_result *res, const char *fn,
		      unsigned line)
{
	const char *ob, *oe, *rb, *re, *p;
	const char **ol = NULL, **rl = NULL;
	unsigned no = 0, nr = 0, i, j, first = 1, want, *dp = NULL;
	bool kept = false;

	if (!res->final || !fn || !fn_body(res->orig, fn, &ob, &oe) ||
	    !fn_body(res->final, fn, &rb, &re))
		return false;
	for (p = res->orig; p <= ob; p++)
		first += *p == '\n';	/* ob is the newline before '{' */
	want = line - first;
	ol = text_lines(res->orig, ob + 1 - res->orig, oe - res->orig, &no);
	rl = text_lines(res->final, rb + 1 - res->final, re - res->final, &nr);
	if (line >= first && want < no && nr)
		dp = lines_lcs(ol, no, rl, nr);
#define DP(a, b) dp[(size_t)(a) * (nr + 1) + (b)]
	for (i = 0, j = 0; dp && i < no && j < nr && i <= want;) {
		if (lines_same(ol, i, rl, j) && DP(i, j) == DP(i + 1, j + 1) + 1) {
			kept = i == want;
			i++;
			j++;
		} else if (DP(i + 1, j) >= DP(i, j + 1)) {
			i++;
		} else {
			j++;
		}
	}
#undef DP
	free(dp);
	free(ol);
	free(rl);
	return kept;
}

/* Does site t's line add the entry ew (`&ew` in its anchor's call)? */
static bool line_adds(const struct fix_result *res, const struct fix_site *t,
		      const char *ew)
{
	const char *p = res->orig, *e, *at;
	unsigned line = 1;
	size_t n = strlen(ew);

	if (!t->anchor || strncmp(t->anchor, "add_wait_queue", 14))
		return false;
	while (p && line < t->pos.line && (p = strchr(p, '\n'))) {
		p++;
		line++;
	}
	if (!p)
		return false;
	e = p + strcspn(p, "\n");
	for (at = p; (at = strstr(at, ew)) && at < e; at += n)
		if (at > p && at[-1] == '&' &&
		    !isalnum((unsigned char)at[n]) && at[n] != '_')
			return true;
	return false;
}

static const char *in_place_call(const struct fix_site *s)
{
	return strncmp(s->form, "prepare_to_wait_exclusive", 25) ?
	       "prepare_to_wait" : "prepare_to_wait_exclusive";
}

/*
 * An add planned in place whose line the diff leaves as it was: the
 * rewrite of its function did not make the in-place change there (the
 * entry's other add became a wait_event*() and the entry's declaration
 * stayed).  Its words say what the diff shows, not the plan.
 */
static char *in_place_not_written(const struct fix_result *res,
				  const struct fix_site *s, bool unsafe)
{
	int j;

	if (!form_in_place(s->form) || !res->final ||
	    !line_kept(res, s->func, s->pos.line))
		return NULL;
	for (j = 0; j < res->plan.n; j++) {
		const struct fix_site *t = &res->plan.s[j];

		if (t == s || !t->func || strcmp(t->func, s->func) ||
		    !s->ew || !line_adds(res, t, s->ew) ||
		    form_in_place(t->form) || !site_applied(t, unsafe) ||
		    line_kept(res, t->func, t->pos.line))
			continue;
		return xasprintf("left as it was: the rewrite planned here (%s() in place) was not made, and the diff keeps this line; the %s() of the same entry '%s' on line %u became %s()",
				 in_place_call(s), t->anchor, s->ew, t->pos.line,
				 t->form);
	}
	return xasprintf("left as it was: the rewrite planned here (%s() in place) was not made, and the diff keeps this line",
			 in_place_call(s));
}

/*
 * The in-place entry words, and what else the rewrite of the function
 * wrote into the loop: the state-after-test fix's test made again before
 * the sleep (atmtcp.c:72 of 6.1), which "the loop keeps its shape"
 * alone would leave out.
 */
static char *in_place_words(const struct fix_result *res,
			    const struct fix_site *s)
{
	const char *call = in_place_call(s);
	unsigned line = 0;
	int i;

	for (i = 0; retested(res, s->func) && i < res->plan.n; i++) {
		const struct fix_site *t = &res->plan.s[i];

		if (t != s && t->form && !strcmp(t->form, "retest") &&
		    t->func && !strcmp(t->func, s->func)) {
			line = t->pos.line;
			break;
		}
	}
	if (!line)
		return xasprintf("%s() -> %s() in place: %s", s->anchor, call,
				 s->note);
	return xasprintf("%s() -> %s() in place: %s, but for its test, made again after %s() right before the sleep (the state-after-test fix of line %u)",
			 s->anchor, call, s->note, call, line);
}

char *unproven_rewrite_words(char *why)
{
	const char *pfx = "unproven: ";
	char *w;

	if (!why || strncmp(why, pfx, strlen(pfx)))
		return why;
	w = xasprintf("%sin the rewrite the tool made and put back (not shown; lines as in the original), %s",
		      pfx, why + strlen(pfx));
	free(why);
	return w;
}

static const char *blocked_why(const struct fix_result *res, const char *fn)
{
	int i;

	for (i = 0; i < res->nblocked; i++)
		if (!strcmp(res->blocked[i], fn))
			return res->block_why[i];
	return NULL;
}

/*
 * The check's note on a wait_event*() form's return value ("X() returns
 * 0 on timeout ...", rules/check_sleep_on.c) describes the form the
 * check suggests; a site rewritten to another form (prepare_to_wait()
 * and schedule_timeout(), which returns the jiffies left as the old
 * call did) drops it: the site's words follow what was written.
 */
static void drop_unwritten_notes(struct fix_site *s, enum fix_outcome out)
{
	int i, k = 0;

	for (i = 0; i < s->nnotes; i++) {
		const char *m = s->notes[i].msg;
		size_t n = strcspn(m, "(");
		bool about = !s->notes[i].file && !strncmp(m, "wait_event", 10) &&
			     strstr(m, "() returns 0 on timeout");
		bool written = s->form && strlen(s->form) >= n &&
			       !strncmp(s->form, m, n) &&
			       (!s->form[n] || s->form[n] == '-');

		if (about && out != FO_REFUSE && !written) {
			free(s->notes[i].msg);
			free(s->notes[i].file);
			continue;
		}
		s->notes[k++] = s->notes[i];
	}
	s->nnotes = k;
}

/*
 * "converted" where the model says the rewrite keeps the original's lost
 * wake-up: it converts, keeping the race; but not from a model that runs
 * at any time a waker the rewrite now queues before starting (ptw.c
 * started_by), whose words then say so.
 */
static void kept_race(struct site_outcome *o, const struct fix_site *s)
{
	char *m;

	if (o->outcome == FO_CONVERT && o->mf.ran && o->mf.nsleeps &&
	    !s->started_by && model_keeps_loss(&o->mf, o->sleeps))
		o->outcome = FO_KEEP;
	if (!s->started_by || !o->model || o->outcome == FO_REFUSE ||
	    !strstr(o->model, "as in the original: a lost wake-up") ||
	    strstr(o->model, "what starts the waker is not modelled"))
		return;
	m = xasprintf("%s (its wakers run at any time: the model does not know that %s() starts one, which the rewrite now queues before)",
		      o->model, s->started_by);
	o->model_site = m;
	o->model = m;
}

void fixout_outcomes(struct fix_result *res, bool unsafe)
{
	int i;

	res->out = xrealloc(NULL, (res->plan.n + 1) * sizeof(*res->out));
	for (i = 0; i < res->plan.n; i++) {
		const struct fix_site *s = &res->plan.s[i];
		struct site_outcome *o = &res->out[res->nout++];
		const char *why = blocked_why(res, s->func);
		bool eligible = site_applied(s, unsafe);
		char *nw;

		memset(o, 0, sizeof(*o));
		o->rule = s->rule;
		o->pos = s->pos;
		o->anchor = s->anchor;
		o->form = s->form;
		o->notes = s->notes;
		o->nnotes = s->nnotes;
		o->func = s->func;
		o->fn_first = s->fn_first;
		o->fn_last = s->fn_last;
		if (eligible && why && !strncmp(why, "unproven: ", 10)) {
			/* the translation validation (fix/validate/validate.c) */
			o->outcome = FO_REFUSE;
			o->reason = "unproven";
			o->text = xstrdup(why + 10);
		} else if (eligible && why && !strncmp(why, "spatch: ", 8)) {
			/* spatch failed on this function (engine.c) */
			o->outcome = FO_REFUSE;
			o->reason = "spatch";
			o->text = xstrdup(why + 8);
		} else if (eligible && why) {
			o->outcome = FO_REFUSE;
			o->reason = "verification";
			o->text = xstrdup(why);
		} else if (eligible && !res->final && res->error) {
			/* the rewrite itself failed (spatch timed out or
			 * failed): what happened, not "no patch matched" */
			o->outcome = FO_REFUSE;
			o->reason = "spatch";
			o->text = xasprintf("%s; the file is left as it was",
					    res->error);
		} else if (eligible && fn_unchanged(res, s->func, s->pos)) {
			o->outcome = FO_REFUSE;
			o->reason = "no-patch";
			o->text = s->outcome == FO_COVERED ?
				xasprintf("the wait loop in %s() was not converted",
					  s->func) :
				planned_words(s);
		} else if (eligible && (nw = in_place_not_written(res, s, unsafe))) {
			o->outcome = FO_REFUSE;
			o->reason = "no-patch";
			o->text = nw;
		} else if (eligible) {
			o->proof = proof_of(res, s->func, false);
			o->model = proof_of(res, s->func, true);
			model_facts_of(res, s->func, &o->mf);
			o->sleeps = ~0u;
			if (o->mf.ran && o->mf.nsleeps) {
				o->sleeps = site_sleeps(res, s, &o->mf);
				o->model_site = model_words(&o->mf, o->sleeps);
				o->model = o->model_site;
			}
			mutate_record(&o->mf);
			o->outcome = s->outcome == FO_CONVERT ? FO_CONVERT :
				     s->outcome == FO_COVERED ? FO_CONVERT :
				     s->outcome == FO_KEEP ? FO_KEEP : FO_CAVEAT;
			if (s->outcome == FO_KEEP && retested(res, s->func)) {
				o->outcome = s->stop_only || s->exit_before ||
					     s->other_waker ? FO_KEEP :
					     strstr(s->note, PTW_TIMEOUT_NOTE) ?
					     FO_CAVEAT : FO_CONVERT;
				bool model = s->reason && !strcmp(s->reason, "model");

				char *closed = s->stop_only ? xstrdup(
					"the race is closed for the kthread_should_stop() test, not for a wake-up that makes no condition true (the loop tests kthread_should_stop() alone): one between that test and prepare_to_wait() is still lost") :
					s->exit_before ? xasprintf(
					"the race is closed for that test, not for the exit tested before the state is set ('%s'), which is not made again",
					s->exit_before) : s->other_waker ? xasprintf(
					"the race is closed for that test, not for a wake-up by %s, which the test does not read and the loop reads after the sleep: one between that test and prepare_to_wait() is still lost",
					s->other_waker) : xstrdup("the race is closed");

				o->text = xasprintf("%s() -> prepare_to_wait()/%s()/finish_wait(), and the loop's test made again after prepare_to_wait() (the state-after-test fix): %s%s%s%s%s",
						    s->anchor, strstr(s->anchor, "timeout") ?
						    "schedule_timeout" : "schedule", closed,
						    strstr(s->note, PTW_TIMEOUT_NOTE) ? "; " : "",
						    strstr(s->note, PTW_TIMEOUT_NOTE) ? PTW_TIMEOUT_NOTE : "",
						    model ? "; " : "", model ? s->note : "");
				free(closed);
			} else if (s->form && !strncmp(s->form, "prepare_to_wait", 15) &&
			    s->rule == WQ001 && s->outcome != FO_UNSAFE) {
				const char *nr = no_retest(res, s->func);

				if (nr && strstr(s->note, nr))
					nr = NULL;	/* it says so already */

				o->text = xasprintf("%s() -> prepare_to_wait()/%s()/finish_wait(): %s%s%s",
						    s->anchor, strstr(s->anchor, "timeout") ?
						    "schedule_timeout" : "schedule", s->note,
						    nr ? "; the state-after-test fix that would close the race is refused: " : "",
						    nr ? nr : "");
			}
			else if (form_in_place(s->form))
				o->text = entry_as_written(res, s,
					in_place_words(res, s));
			else if (s->outcome == FO_COVERED && s->note)
				o->text = xstrdup(s->note);
			else if (s->outcome == FO_COVERED)
				o->text = xasprintf("rewritten with the wait loop of %s()",
						    s->func);
			else if (s->outcome == FO_UNSAFE)
				o->text = xasprintf("%s() -> %s(): unsafe, applied with --unsafe: %s",
						    s->anchor, s->form, s->note);
			else if (s->outcome == FO_CAVEAT)
				o->text = xasprintf("%s() -> %s(): %s", s->anchor,
						    s->form, s->note);
			else if (strstr(s->form, "-tick"))
				o->text = xasprintf("%s() -> %s(1) once per pass, the loop's budget kept by jiffies: the loop ran in TASK_RUNNING, where each pass yields and the remaining time counts down; a sleep of the whole budget would stall the first pass until it is spent",
						    s->anchor, strncmp(s->form, "set-state-", 10) ?
						    "schedule_timeout_uninterruptible" :
						    "set_current_state(TASK_UNINTERRUPTIBLE) and schedule_timeout");
			else if (!strncmp(s->form, "set-state-", 10))
				o->text = xasprintf("the state is set before %s(): set_current_state(TASK_%s) (the target has no schedule_timeout_%s())",
						    s->anchor,
						    s->form[10] == 'u' ? "UNINTERRUPTIBLE" : "INTERRUPTIBLE",
						    s->form + 10);
			else if (!strcmp(s->form, "retest"))
				o->text = xasprintf("the loop's test is made again after %s(), right before the sleep",
						    retest_after(res, s));
			else
				o->text = xasprintf("%s() -> %s()", s->anchor, s->form);
		} else if (s->outcome == FO_UNSAFE) {
			o->outcome = FO_REFUSE;
			o->reason = s->reason ? s->reason : "unsafe";
			o->text = xasprintf("%s; apply with --unsafe",
					    s->note ? s->note : "may change behaviour");
		} else {
			o->outcome = FO_REFUSE;
			o->reason = s->reason ? s->reason : "no-patch";
			o->text = refused_words(res, s, unsafe, &o->with_line);
		}
		kept_race(o, s);
		o->outcome_word = outcome_name(o->outcome);
		drop_unwritten_notes(&res->plan.s[i], o->outcome);
		o->notes = s->notes;
		o->nnotes = s->nnotes;
	}
}

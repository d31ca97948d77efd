// SPDX-License-Identifier: GPL-2.0-only
/*
 * The floor under the parse (issue 40): no sleep_on() call and no
 * add_wait_queue()/schedule() loop of a file the tool reads is silent.
 *
 * After the rules ran on the parse, the sites the token scan found
 * (tokscan.c) are matched with what was reported:
 *
 * - a sleep_on() call is the parse's when a WQ001 finding stands on its
 *   line; a call in a driver's macro when one stands on a line that uses
 *   the macro (or a macro using it);
 * - an open-coded loop is the parse's when a WQ002 finding stands on the
 *   add_wait_queue() line (or, in a macro, on a line using the macro).
 *   The rule's graph misses some a function the parse has: a sleep by
 *   schedule_timeout_interruptible(), which the queue wakes as well.
 *
 * Any other site is reported from its tokens, with a note saying why the
 * parse did not: the #if branch that is off in this configuration (not
 * with --active-only), the macro no code of the file uses, or the parse
 * that lost the code (the first header not found, or the first error).
 * A site under `#if 0` stays out: that is dead code by convention.
 *
 * The findings the rules made inside a branch that is off get the same
 * note, and those under `#if 0` are dropped.
 */
#include <stdlib.h>
#include <string.h>

#include <clang-c/Index.h>

#include "floor.h"
#include "tokscan.h"
#include "rules.h"

struct ranges {
	unsigned *r;		/* [2i, 2i + 1): byte ranges */
	int n;
};

static void range_add(struct ranges *rs, unsigned a, unsigned b)
{
	rs->r = xrealloc(rs->r, (rs->n + 1) * 2 * sizeof(unsigned));
	rs->r[2 * rs->n] = a;
	rs->r[2 * rs->n + 1] = b;
	rs->n++;
}

static int range_at(const struct ranges *rs, unsigned off)
{
	int i;

	for (i = 0; i < rs->n; i++)
		if (rs->r[2 * i] <= off && off < rs->r[2 * i + 1])
			return i;
	return -1;
}

struct fn_visit {
	CXFile file;
	struct ranges *rs;
};

static enum CXChildVisitResult fn_extent(CXCursor c, CXCursor parent,
					 CXClientData data)
{
	struct fn_visit *v = data;
	CXSourceRange r;
	CXFile file;
	unsigned a, b;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_FunctionDecl ||
	    !clang_isCursorDefinition(c))
		return CXChildVisit_Continue;
	r = clang_getCursorExtent(c);
	clang_getFileLocation(clang_getRangeStart(r), &file, NULL, NULL, &a);
	if (!file || !clang_File_isEqual(file, v->file))
		return CXChildVisit_Continue;
	clang_getFileLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &b);
	if (a < b)
		range_add(v->rs, a, b);
	return CXChildVisit_Continue;
}

/* The byte ranges of file the preprocessor skipped in tu. */
static void skipped(CXTranslationUnit tu, CXFile file, struct ranges *skip)
{
	CXSourceRangeList *rl = file ? clang_getSkippedRanges(tu, file) : NULL;
	unsigned k;

	for (k = 0; rl && k < rl->count; k++) {
		unsigned a, b;

		clang_getFileLocation(clang_getRangeStart(rl->ranges[k]),
				      NULL, NULL, NULL, &a);
		clang_getFileLocation(clang_getRangeEnd(rl->ranges[k]),
				      NULL, NULL, NULL, &b);
		range_add(skip, a, b);
	}
	if (rl)
		clang_disposeSourceRangeList(rl);
}

static bool is_header(const char *path)
{
	size_t n = strlen(path);

	return n > 2 && !strcmp(path + n - 2, ".h");
}

static bool finding_on(const struct wq_file *f, int rule, unsigned line)
{
	int i;

	for (i = 0; i < f->nfindings; i++)
		if (f->findings[i].rule == rule &&
		    f->findings[i].pos.line == line)
			return true;
	return false;
}

/* The conditional directive whose branch the skipped range starts in. */
static const struct tok_cond *off_cond(const struct tok_scan *ts,
				       unsigned start)
{
	const struct tok_cond *c = NULL;
	int i;

	for (i = 0; i < ts->nc && ts->c[i].off <= start; i++)
		c = &ts->c[i];
	return c;
}

static char *off_note(const struct tok_scan *ts, const struct tok_cond *c)
{
	const struct tok_cond *o = &ts->c[c->opener];

	if (!strncmp(c->text, "#else", 5) && o != c)
		return xasprintf("under the #else of %s, off in this configuration",
				 o->text);
	return xasprintf("under %s, off in this configuration", c->text);
}

/* Is a macro site the parse's: a finding on a line that uses it? */
static bool macro_covered(const struct wq_file *f, const struct tok_macro *m,
			  int rule, const struct ranges *fns,
			  const struct ranges *skip)
{
	int i;

	for (i = 0; i < m->nuse; i++) {
		if (finding_on(f, rule, m->use[i].line))
			return true;
		/* WQ002: where the parse has the use, the rule decided */
		if (rule == WQ002 && range_at(fns, m->use[i].off) >= 0 &&
		    range_at(skip, m->use[i].off) < 0)
			return true;
	}
	return false;
}

static char *site_message(const struct wq_file *f, const struct tok_site *s,
			  const struct tok_macro *m)
{
	if (s->rule == WQ001)
		return sleep_on_token_message(f->target, s->name, s->arg1,
					      m ? m->name : NULL);
	return open_coded_token_message(f->target, s->name, s->arg0,
					s->arg1, s->sleep, s->state);
}

/* The finding of site s, with the note on its sleep (WQ002), or NULL. */
static struct wq_finding *add_site(struct wq_file *f, const struct tok_scan *ts,
				   const struct tok_site *s)
{
	const struct tok_macro *m = s->macro >= 0 ? &ts->m[s->macro] : NULL;
	struct wq_finding *fd;
	char *msg = site_message(f, s, m);

	if (!msg)	/* a --target that has no better form */
		return NULL;
	file_add_finding(f, s->rule, (struct wq_pos){ s->line, s->col }, msg);
	fd = &f->findings[f->nfindings - 1];
	if (s->rule == WQ002)
		finding_add_note(fd, (struct wq_pos){ s->sleep_line, s->sleep_col },
			xasprintf("%s() sleeps here, in a loop, while '%s' is queued",
				  s->sleep, s->arg1 ? s->arg1 +
				  strspn(s->arg1, "& ") : "?"));
	return fd;
}

/*
 * The uses of the macros of ts in the includer at path (and the column
 * of each one's first use), or NULL.
 */
static struct tok_macro *includer_uses(const char *path,
				       const struct tok_scan *ts)
{
	size_t len;
	char *buf = read_regular_file(path, 4u << 20, &len);
	struct tok_macro *m;
	int i;

	if (!buf)
		return NULL;
	m = xrealloc(NULL, (ts->nm + 1) * sizeof(*m));
	for (i = 0; i < ts->nm; i++)
		m[i] = (struct tok_macro){ ts->m[i].name, 0, 0, NULL, 0 };
	tokscan_uses(buf, len, m, ts->nm);
	for (i = 0; i < ts->nm; i++)	/* the first use and its column */
		if (m[i].nuse) {
			struct tok_use u0 = m[i].use[0];
			unsigned o, b;
			int j;

			for (j = 1; j < m[i].nuse; j++)
				if (m[i].use[j].off < m[i].use[0].off) {
					m[i].use[0] = m[i].use[j];
					m[i].use[j] = u0;
					u0 = m[i].use[0];
				}
			o = b = m[i].use[0].off;

			while (b > 0 && buf[b - 1] != '\n')
				b--;
			m[i].col = o - b + 1;
		}
	free(buf);
	return m;
}

/* Where the includer a header is checked with uses macro m first. */
static void includer_note(const struct wq_file *f, struct wq_finding *fd,
			  const struct tok_macro *m)
{
	finding_add_note_in(fd, xstrdup(f->includer),
		(struct wq_pos){ m->use[0].line, m->col },
		m->nuse > 1 ?
		xasprintf("'%s' expands here, and at %d other place%s in this file",
			  m->name, m->nuse - 1, m->nuse > 2 ? "s" : "") :
		xasprintf("'%s' expands here, once in this file", m->name));
}

static void report_site(struct wq_file *f, const struct floor_ctx *ctx,
			const struct tok_scan *ts, const struct tok_site *s,
			const struct tok_cond *off, bool in_fn,
			const struct tok_macro *inc)
{
	const struct tok_macro *m = s->macro >= 0 ? &ts->m[s->macro] : NULL;
	struct wq_finding *fd = add_site(f, ts, s);

	if (!fd)
		return;
	if (off) {
		finding_add_note(fd, (struct wq_pos){ off->line, 1 },
				 off_note(ts, off));
	} else if (m && !m->nuse && is_header(f->path)) {
		finding_add_note(fd, (struct wq_pos){ m->line, m->col },
			xasprintf("in the body of macro '%s' of this header: reported here once, for every file that uses it",
				  m->name));
		if (inc && inc[s->macro].nuse)
			includer_note(f, fd, &inc[s->macro]);
	} else if (m && !m->nuse) {
		finding_add_note(fd, (struct wq_pos){ m->line, m->col },
			xasprintf("in the body of macro '%s', which this file never uses: found by its tokens",
				  m->name));
	} else if (m && (ctx->missing || ctx->errors)) {
		char *why = ctx->missing ? xstrdup(ctx->missing) :
			    xasprintf("%u errors, the first at %s", ctx->errors,
				      ctx->first ? ctx->first : "?");

		finding_add_note(fd, (struct wq_pos){ m->line, m->col },
			xasprintf("in the body of macro '%s', used where the parse of this file was incomplete (%s): found by its tokens",
				  m->name, why));
		free(why);
	} else if (m) {
		finding_add_note(fd, (struct wq_pos){ m->line, m->col },
			xasprintf("in the body of macro '%s'; the parse did not see it used: found by its tokens",
				  m->name));
	} else if (in_fn && s->rule == WQ002 &&
		   !strncmp(s->sleep, "schedule_timeout_", 17)) {
		/* the rule's graph counts schedule*() only */
		finding_add_note(fd, (struct wq_pos){ s->line, s->col },
			xasprintf("found by its tokens: %s() sleeps in the loop with the entry queued, and the queue's wake-up ends it as it ends schedule_timeout()",
				  s->sleep));
	} else if (!in_fn && (ctx->missing || ctx->errors)) {
		char *why = ctx->missing ? xstrdup(ctx->missing) :
			    xasprintf("%u errors, the first at %s", ctx->errors,
				      ctx->first ? ctx->first : "?");

		finding_add_note(fd, (struct wq_pos){ ctx->missing ?
				 ctx->missing_line : s->line, 1 },
			xasprintf("the parse of this file was incomplete here (%s): found by its tokens",
				  why));
		free(why);
	} else if (ctx->missing || ctx->errors) {
		finding_add_note(fd, (struct wq_pos){ s->line, s->col },
			xasprintf("found by its tokens: the parse of this function did not show it (the file has %u parse errors%s%s)",
				  ctx->errors, ctx->missing ? "; " : "",
				  ctx->missing ? ctx->missing : ""));
	} else {
		finding_add_note(fd, (struct wq_pos){ s->line, s->col },
			xstrdup("found by its tokens: the parse of this function did not show it"));
	}
}

/* The word after the spaces at p (its length in *n), or NULL. */
static const char *word_at(const char *p, size_t *n)
{
	while (*p == ' ' || *p == '\t')
		p++;
	for (*n = 0; wq_ident_char(p[*n]); (*n)++)
		;
	return *n ? p : NULL;
}

/*
 * The name a directive tests to be defined, `#ifdef W`, `#if defined(W)`
 * (neg 0), or not, `#ifndef W`, `#if !defined W` (neg 1); NULL if it
 * tests anything else.
 */
static const char *tests_defined(const char *t, int neg, size_t *n)
{
	const char *w;

	if (!strncmp(t, neg ? "#ifndef" : "#ifdef", neg ? 7 : 6))
		return word_at(t + (neg ? 7 : 6), n);
	if (strncmp(t, "#if", 3) || wq_ident_char(t[3]))
		return NULL;
	t += 3;
	while (*t == ' ' || *t == '\t')
		t++;
	if (neg && *t++ != '!')
		return NULL;
	w = word_at(t, n);
	if (!w || *n != 7 || strncmp(w, "defined", 7))
		return NULL;
	t = w + 7;
	while (*t == ' ' || *t == '\t' || *t == '(')
		t++;
	w = word_at(t, n);
	for (t = w ? w + *n : t; *t == ' ' || *t == '\t' || *t == ')'; t++)
		;
	return w && !*t ? w : NULL;
}

/*
 * Is the off branch c a driver's own definition of a wait API for
 * kernels without it (`#ifndef wait_event_interruptible_timeout`, or
 * the #else of `#ifdef` it)?  It is that API, off here because the
 * headers define it: no open-coded loop in it is the driver's to
 * convert.  A sleep_on() in it still loses wake-ups on the kernels
 * that build it: WQ001 reports it.
 */
static bool api_fallback(const struct tok_scan *ts, const struct tok_cond *c)
{
	const struct tok_cond *o = &ts->c[c->opener];
	const struct kapi *k;
	const char *w;
	size_t n;

	if (o == c)
		w = tests_defined(c->text, 1, &n);
	else if (!strncmp(c->text, "#else", 5))
		w = tests_defined(o->text, 0, &n);
	else
		return false;
	k = w ? kapi_lookup(w, n) : NULL;
	return k && k->kind == K_WAIT_EVENT;
}

/* The rules' findings inside skipped branches: the note, or out (#if 0;
 * WQ002 in a driver's own definition of a wait API). */
static void mark_findings(struct wq_file *f, const struct tok_scan *ts,
			  const struct ranges *skip, int first_new)
{
	int i, j, k = 0;

	for (i = 0; i < f->nfindings; i++) {
		struct wq_finding *fd = &f->findings[i];
		unsigned off = text_offset(f->buf, f->len, fd->pos);
		int r = i < first_new ? range_at(skip, off) : -1;
		const struct tok_cond *c = r >= 0 ?
			off_cond(ts, skip->r[2 * r]) : NULL;
		bool noted = false;

		if (c && (c->dead ||
			  (fd->rule == WQ002 && api_fallback(ts, c)))) {
			free(fd->msg);
			free(fd->func);
			for (j = 0; j < fd->nnotes; j++) {
				free(fd->notes[j].msg);
				free(fd->notes[j].file);
			}
			continue;
		}
		for (j = 0; j < fd->nnotes && c; j++)
			noted |= !fd->notes[j].file &&
				 (strstr(fd->notes[j].msg, "a branch this configuration does not compile") ||
				  strstr(fd->notes[j].msg, "off in this configuration"));
		if (c && !noted)
			finding_add_note(fd, (struct wq_pos){ c->line, 1 },
					 off_note(ts, c));
		f->findings[k++] = *fd;
	}
	f->nfindings = k;
}

/* ---- a driver's own macro: once, at the sleep in its body ---- */

/* The end of the identifier the file has at off (off: none). */
static unsigned ident_end(const struct wq_file *f, unsigned off)
{
	while (off < f->len && wq_ident_char(f->buf[off]))
		off++;
	return off;
}

/*
 * Does the finding at off (on line) stand on use u of a macro: at its
 * name, or on its line at another macro's name around it
 * (`DRV_CHECK(DRV_NAP(d))` is reported at DRV_CHECK), not at an API call?
 */
static bool on_use(const struct wq_file *f, unsigned off, unsigned line,
		   const struct tok_use *u)
{
	unsigned e = ident_end(f, off);

	if (off == u->off)
		return true;
	if (line != u->line)
		return false;
	return e > off && !kapi_lookup(f->buf + off, e - off);
}

/* Has macro mi an active site of the rule: its #define is compiled? */
static bool macro_sleeps(const struct tok_scan *ts, int mi, int rule,
			 const struct ranges *skip)
{
	int i;

	for (i = 0; i < ts->n; i++)
		if (ts->s[i].macro == mi && ts->s[i].rule == rule &&
		    !ts->s[i].dead && range_at(skip, ts->s[i].off) < 0)
			return true;
	return false;
}

/*
 * The note at the first use the rules reported (u, of nuses places):
 * what they said there, which names the use's own queue and condition,
 * and their notes (the test they read the condition from).
 */
static void note_uses(const struct wq_file *f, struct wq_finding *fd,
		      const struct wq_finding *u, const char *macro, int nuses)
{
	const char *rest = strstr(u->msg, "; "), *own = strstr(fd->msg, "; ");
	unsigned off = text_offset(f->buf, f->len, u->pos);
	unsigned e = ident_end(f, off);
	char *where = nuses > 1 ?
		xasprintf("and at %d other place%s in this file", nuses - 1,
			  nuses > 2 ? "s" : "") :
		xstrdup("once in this file"), *via;
	int j;

	/* `LCX_WAIT_IDLE(l)` whose body uses LCX_NAP() */
	via = e > off && (e - off != strlen(macro) ||
			  memcmp(f->buf + off, macro, e - off)) ?
	      xasprintf(" (through '%.*s')", (int)(e - off), f->buf + off) :
	      xstrdup("");

	/* nothing the use adds: the macro's own words */
	if (rest && (!strncmp(rest + 2, "it is inside", 12) ||
		     (own && !strcmp(rest, own))))
		rest = NULL;
	finding_add_note(fd, u->pos, xasprintf("'%s' expands here%s, %s%s%s",
		macro, via, where,
		rest ? "; at this use the rules suggest: " : "",
		rest ? rest + 2 : ""));
	free(where);
	free(via);
	for (j = 0; j < u->nnotes; j++)
		if (!strstr(u->notes[j].msg, "sleeps here, in a loop"))
			finding_add_note_in(fd, u->notes[j].file ?
				xstrdup(u->notes[j].file) : NULL,
				u->notes[j].pos, xstrdup(u->notes[j].msg));
}

/* Take finding i out; `wqport fix` still refuses its place (a use). */
static void hold_use(struct wq_file *f, int i)
{
	struct wq_finding *fd = &f->findings[i];
	unsigned off = text_offset(f->buf, f->len, fd->pos);
	unsigned e = ident_end(f, off);
	const char *cur = f->cur_func;
	int j;

	for (j = 0; j < f->nheld; j++)
		if (f->held[j].rule == fd->rule &&
		    f->held[j].pos.line == fd->pos.line &&
		    f->held[j].pos.col == fd->pos.col)
			break;
	f->cur_func = fd->func;
	if (j == f->nheld)	/* as the fix refused the finding there */
		file_add_held(f, fd->rule, fd->pos, "macro", xasprintf(
			"the sleep is inside the macro '%.*s'; rewrite the macro by hand",
			(int)(e - off), f->buf + off));
	f->cur_func = cur;
	free(fd->msg);
	free(fd->func);
	for (j = 0; j < fd->nnotes; j++) {
		free(fd->notes[j].msg);
		free(fd->notes[j].file);
	}
}

/*
 * The places m expands in this configuration: its uses in code (not on
 * a #define line: the macros that use it are counted where they are
 * used), none in a skipped branch.  The rules' findings may be at fewer
 * (a function the parse lost), so the note counts these.
 */
static int code_uses(const struct wq_file *f, const struct tok_macro *m,
		     const struct ranges *skip)
{
	int j, n = 0;

	for (j = 0; j < m->nuse; j++) {
		unsigned b = m->use[j].off;

		while (b > 0 && f->buf[b - 1] != '\n')
			b--;
		while (b < m->use[j].off && (f->buf[b] == ' ' || f->buf[b] == '\t'))
			b++;
		if (f->buf[b] != '#' && range_at(skip, m->use[j].off) < 0)
			n++;
	}
	return n;
}

/*
 * The rules report a sleep in a driver's macro of this file at each
 * use, since they walk the expansion.  It is one site, in the macro:
 * one finding at the sleep in its body (as for a macro no code uses),
 * with a note on the first use, and the findings at the uses go.  A
 * macro whose #define is off in this configuration is left to the
 * floor (another #define of the name is the one expanded).
 */
static void macro_once(struct wq_file *f, const struct tok_scan *ts,
		       const struct ranges *skip, const struct wq_options *opt)
{
	int nf = f->nfindings, nm = 2 * ts->nm, i, j, k, slot;
	bool *on = xrealloc(NULL, (nf + 1) * sizeof(bool));
	bool *sleeps = xrealloc(NULL, (nm + 1) * sizeof(bool));
	int *first = xrealloc(NULL, (nm + 1) * sizeof(int));
	int *nuses = xrealloc(NULL, (nm + 1) * sizeof(int));

	for (slot = 0; slot < nm; slot++) {
		sleeps[slot] = (opt->rule_mask & (1ul << (slot % 2 + 1))) &&
			       macro_sleeps(ts, slot / 2, slot % 2 + 1, skip);
		first[slot] = -1;
		nuses[slot] = 0;
	}
	for (i = 0; i < nf; i++) {
		const struct wq_finding *fd = &f->findings[i];
		unsigned off = text_offset(f->buf, f->len, fd->pos);

		on[i] = false;
		for (slot = fd->rule - 1; slot < nm &&
		     (fd->rule == WQ001 || fd->rule == WQ002); slot += 2) {
			const struct tok_macro *m = &ts->m[slot / 2];

			for (j = 0; sleeps[slot] && j < m->nuse; j++)
				if (on_use(f, off, fd->pos.line, &m->use[j]))
					break;
			if (!sleeps[slot] || j == m->nuse)
				continue;
			on[i] = true;
			for (k = 0; k < i; k++)	/* a place counted once */
				if (on[k] && f->findings[k].rule == fd->rule &&
				    f->findings[k].pos.line == fd->pos.line &&
				    f->findings[k].pos.col == fd->pos.col)
					break;
			nuses[slot] += k == i;
			if (first[slot] < 0)
				first[slot] = i;
		}
	}
	for (i = 0; i < ts->n; i++) {
		const struct tok_site *s = &ts->s[i];
		struct wq_finding *fd;

		slot = 2 * s->macro + s->rule - 1;
		if (s->macro < 0 || s->dead || first[slot] < 0 ||
		    range_at(skip, s->off) >= 0)
			continue;
		fd = add_site(f, ts, s);
		if (fd && s->rule == WQ002)	/* WQ001 says so already */
			finding_add_note(fd, (struct wq_pos){
				ts->m[s->macro].line, ts->m[s->macro].col },
				xasprintf("in the body of macro '%s': rewrite the loop there, for all its uses",
					  ts->m[s->macro].name));
		if (fd) {
			int n = code_uses(f, &ts->m[s->macro], skip);

			note_uses(f, fd, &f->findings[first[slot]],
				  ts->m[s->macro].name,
				  n > nuses[slot] ? n : nuses[slot]);
		}
	}
	for (i = 0, k = 0; i < f->nfindings; i++) {
		if (i < nf && on[i])
			hold_use(f, i);
		else
			f->findings[k++] = f->findings[i];
	}
	f->nfindings = k;
	free(on);
	free(sleeps);
	free(first);
	free(nuses);
}

/*
 * A driver header of this file (template.c: `#include "x.h"` beside it,
 * with a #define that sleeps) is an input of its own, checked once for
 * all its includers: there its macro is one finding, at the sleep in
 * its body.  Here the rules' findings on a use of such a macro go, held
 * for `wqport fix` as those of the file's own macros are.
 */
struct header_ctx {
	struct wq_file *f;
	CXTranslationUnit tu;
	const struct wq_options *opt;
};

static void header_once(void *arg, const char *hpath)
{
	struct header_ctx *hc = arg;
	struct wq_file *f = hc->f;
	struct ranges skip = { 0 };
	struct tok_scan hs;
	size_t len;
	char *buf = read_regular_file(hpath, 4u << 20, &len);
	int i, j, k, slot, nm;
	bool *sleeps;

	if (!buf)
		return;
	tokscan(buf, len, &hs);
	skipped(hc->tu, clang_getFile(hc->tu, hpath), &skip);
	nm = 2 * hs.nm;
	sleeps = xrealloc(NULL, (nm + 1) * sizeof(bool));
	for (slot = 0; slot < nm; slot++)
		sleeps[slot] = (hc->opt->rule_mask & (1ul << (slot % 2 + 1))) &&
			       macro_sleeps(&hs, slot / 2, slot % 2 + 1, &skip);
	tokscan_uses(f->buf, f->len, hs.m, hs.nm);
	for (i = 0, k = 0; i < f->nfindings; i++) {
		const struct wq_finding *fd = &f->findings[i];
		unsigned off = text_offset(f->buf, f->len, fd->pos);
		bool on = false;

		for (slot = fd->rule - 1; slot < nm && !on &&
		     (fd->rule == WQ001 || fd->rule == WQ002); slot += 2)
			for (j = 0; sleeps[slot] &&
			     j < hs.m[slot / 2].nuse && !on; j++)
				on = on_use(f, off, fd->pos.line,
					    &hs.m[slot / 2].use[j]);
		if (on)
			hold_use(f, i);
		else
			f->findings[k++] = f->findings[i];
	}
	f->nfindings = k;
	free(sleeps);
	free(skip.r);
	tokscan_free(&hs);
	free(buf);
}

/*
 * Per function the parse has and rule (WQ001, WQ002): how many of its
 * token sites, outside off branches and macros, the rules' findings in
 * it leave unreported: sites less findings.  A site a finding stands on
 * is not reported either way; one that has none is reported while the
 * budget lasts.
 */
static int *fn_budget(const struct wq_file *f, const struct tok_scan *ts,
		      const struct ranges *fns, const struct ranges *skip)
{
	int *b = xrealloc(NULL, (2 * fns->n + 1) * sizeof(int));
	int i, j;

	memset(b, 0, (2 * fns->n + 1) * sizeof(int));
	for (i = 0; i < ts->n; i++) {
		const struct tok_site *s = &ts->s[i];
		int fn = range_at(fns, s->off);

		if (fn >= 0 && s->macro < 0 && !s->dead &&
		    range_at(skip, s->off) < 0)
			b[2 * fn + s->rule - 1]++;
	}
	for (i = 0; i < f->nfindings; i++) {
		const struct wq_finding *fd = &f->findings[i];
		unsigned off;

		if (fd->rule != WQ001 && fd->rule != WQ002)
			continue;
		off = text_offset(f->buf, f->len, fd->pos);
		j = range_at(fns, off);
		if (j >= 0 && range_at(skip, off) < 0)
			b[2 * j + fd->rule - 1]--;
	}
	return b;
}

int token_floor(void *tu_, struct wq_file *f, const struct wq_options *opt,
		const struct floor_ctx *ctx)
{
	CXTranslationUnit tu = tu_;
	CXFile file = clang_getFile(tu, f->path);
	struct ranges fns = { 0 }, skip = { 0 };
	struct fn_visit v = { file, &fns };
	struct tok_scan ts;
	int i, first_new, added, *budget;
	struct tok_macro *inc = NULL;

	if (!file || !(opt->rule_mask & (1ul << WQ001 | 1ul << WQ002)))
		return 0;
	tokscan(f->buf, f->len, &ts);
	clang_visitChildren(clang_getTranslationUnitCursor(tu), fn_extent, &v);
	skipped(tu, file, &skip);
	macro_once(f, &ts, &skip, opt);
	for (i = 0; i < ctx->nheaders; i++)
		header_once(&(struct header_ctx){ f, tu, opt },
			    ctx->headers[i]);
	if (is_header(f->path) && f->includer)
		inc = includer_uses(f->includer, &ts);
	first_new = f->nfindings;
	budget = fn_budget(f, &ts, &fns, &skip);
	for (i = 0; i < ts.n; i++) {
		const struct tok_site *s = &ts.s[i];
		int r = range_at(&skip, s->off);
		const struct tok_cond *off = r >= 0 ?
			off_cond(&ts, skip.r[2 * r]) : NULL;
		int fn = range_at(&fns, s->off);
		bool in_fn = fn >= 0;

		if (s->dead || (off && (off->dead || (s->rule == WQ002 &&
						      api_fallback(&ts, off)))) ||
		    !(opt->rule_mask & (1ul << s->rule)) ||
		    (off && opt->active_only))
			continue;
		if (finding_on(f, s->rule, s->line))
			continue;
		/* as many findings in the function as sites: the parse saw
		 * them all, one maybe at another line (a macro's argument) */
		if (in_fn && !off && s->macro < 0 &&
		    budget[2 * fn + s->rule - 1]-- <= 0)
			continue;
		if (s->macro >= 0 &&
		    macro_covered(f, &ts.m[s->macro], s->rule, &fns, &skip))
			continue;
		report_site(f, ctx, &ts, s, off, in_fn, inc);
	}
	added = f->nfindings - first_new;
	mark_findings(f, &ts, &skip, first_new);
	for (i = 0; inc && i < ts.nm; i++)
		free(inc[i].use);
	free(inc);
	free(budget);
	free(fns.r);
	free(skip.r);
	tokscan_free(&ts);
	return added;
}

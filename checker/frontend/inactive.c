// SPDX-License-Identifier: GPL-2.0-only
/*
 * Inactive configurations: code the first parse skipped.
 *
 * A whole function under `#ifdef CONFIG_PROC_FS`, an old kernel's half
 * of `#if LINUX_VERSION_CODE < KERNEL_VERSION(2,6,0)`, a file body under
 * `#ifdef CONFIG_BLK_DEV_X`: the preprocessor drops it, so the parse
 * sees no function there.  A porting tool must see every configuration,
 * so each such region is parsed again with its branch forced on: the
 * directives of its #if chain are rewritten in an in-memory copy of the
 * file (`#if 0` before it, `#if 1` or `#elif 1` at it), one line for
 * one line, so every other line keeps its number and its columns.  Only
 * findings in the regions forced on are kept.
 *
 * Cost: a region is parsed again only when it lies outside every
 * function (a dead branch inside a function is recovered from its tokens
 * by the CFG builder) and names a prefilter word.  Branches of one chain
 * take one extra parse each (a chain has one active branch per parse);
 * different chains share the parses.
 *
 * `#if 0` is never forced on: by convention it is dead code (an old
 * version kept for reference, a disabled experiment), which nobody
 * builds, and reporting in it would be noise.
 */
#include <stdlib.h>
#include <string.h>

#include <clang-c/Index.h>

#include "text.h"
#include "inactive.h"

/* One preprocessor conditional directive of the main file. */
struct directive {
	unsigned start, end;	/* '#' .. end of the logical line */
	enum { D_IF, D_ELIF, D_ELSE, D_ENDIF } kind;
	int chain;		/* the #if it belongs to (index) */
	int branch;		/* 0 for the #if, then 1, 2, ... */
};

static bool hspace(char c)
{
	return c == ' ' || c == '\t';
}

/* End of the logical line that starts at p (backslash continuations). */
static size_t line_end(const char *buf, size_t len, size_t p)
{
	while (p < len && buf[p] != '\n') {
		if (buf[p] == '\\' && p + 1 < len && buf[p + 1] == '\n')
			p++;
		p++;
	}
	return p;
}

static bool word_at(const char *buf, size_t len, size_t p, const char *w)
{
	size_t n = strlen(w);

	return p + n <= len && !strncmp(buf + p, w, n) &&
	       (p + n == len || !(buf[p + n] == '_' ||
				  (buf[p + n] >= 'a' && buf[p + n] <= 'z') ||
				  (buf[p + n] >= 'A' && buf[p + n] <= 'Z') ||
				  (buf[p + n] >= '0' && buf[p + n] <= '9')));
}

/*
 * Every #if/#ifdef/#ifndef/#elif/#else/#endif at the start of a line,
 * with the chain it belongs to.  Directives in comments are rare enough
 * in driver code to be ignored: a wrong chain only costs a useless parse.
 */
static int scan_directives(const char *buf, size_t len, struct directive **out)
{
	struct directive *d = NULL;
	int n = 0, cap = 0, stack[64], depth = 0;
	size_t p = 0;

	while (p < len) {
		size_t q = p, e = line_end(buf, len, p);
		int kind = -1;

		while (q < e && hspace(buf[q]))
			q++;
		if (q < e && buf[q] == '#') {
			size_t w = q + 1;

			while (w < e && hspace(buf[w]))
				w++;
			if (word_at(buf, len, w, "if") ||
			    word_at(buf, len, w, "ifdef") ||
			    word_at(buf, len, w, "ifndef"))
				kind = D_IF;
			else if (word_at(buf, len, w, "elif"))
				kind = D_ELIF;
			else if (word_at(buf, len, w, "else"))
				kind = D_ELSE;
			else if (word_at(buf, len, w, "endif"))
				kind = D_ENDIF;
		}
		if (kind >= 0) {
			if (n == cap) {
				cap = cap ? cap * 2 : 32;
				d = xrealloc(d, cap * sizeof(*d));
			}
			d[n].start = q;
			d[n].end = e;
			d[n].kind = kind;
			if (kind == D_IF) {
				d[n].chain = n;
				d[n].branch = 0;
				if (depth < 64)
					stack[depth] = n;
				depth++;
			} else if (depth > 0 && depth <= 64) {
				int top = stack[depth - 1];

				d[n].chain = top;
				d[n].branch = d[top].branch + 1;
				d[top].branch = d[n].branch;	/* last seen */
				if (kind == D_ENDIF)
					depth--;
			} else {
				d[n].chain = -1;	/* unbalanced */
				if (kind == D_ENDIF && depth > 64)
					depth--;
			}
			n++;
		}
		p = e + 1;
	}
	/* the #if's branch field was used as a counter: reset it */
	for (p = 0; p < (size_t)n; p++)
		if (d[p].kind == D_IF)
			d[p].branch = 0;
	*out = d;
	return n;
}

static bool is_if_zero(const char *buf, const struct directive *d)
{
	const char *p = buf + d->start + 1;

	while (hspace(*p))
		p++;
	if (strncmp(p, "if", 2) || !hspace(p[2]))
		return false;
	p += 2;
	while (hspace(*p))
		p++;
	return *p == '0' && (p + 1 >= buf + d->end || hspace(p[1]) ||
			     p[1] == '\n' || p[1] == '/');
}

/* `#elif 0`: a branch dead by convention, like `#if 0` */
static bool is_elif_zero(const char *buf, const struct directive *d)
{
	const char *p = buf + d->start + 1;

	if (d->kind != D_ELIF)
		return false;
	while (hspace(*p))
		p++;
	p += 4;
	while (hspace(*p))
		p++;
	return *p == '0' && (p + 1 >= buf + d->end || hspace(p[1]) ||
			     p[1] == '\n' || p[1] == '/');
}

/* Does the text hold a function body: `)` then `{` at a line start? */
static bool has_body(const char *s, size_t n)
{
	size_t i;

	for (i = 1; i < n; i++)
		if (s[i] == '{' && s[i - 1] == '\n') {
			size_t j = i - 1;

			while (j > 0 && (s[j - 1] == '\n' || hspace(s[j - 1])))
				j--;
			if (j > 0 && s[j - 1] == ')')
				return true;
		}
	return false;
}

/* Is the chain's #if the first directive at or after a? */
static bool opens_range(const struct inactive_set *set, int chain, unsigned a)
{
	int k;

	for (k = 0; k < set->ndir; k++)
		if (set->dirs[k].start >= a)
			return k == chain;
	return false;
}

/* One branch [a, e) of a skipped range, opened by directive d. */
static void add_region(const struct wq_file *f, struct inactive_set *set,
		       const struct directive *d, unsigned a, unsigned e)
{
	unsigned off = d->end < e ? d->end : e;
	struct inactive_region *r;
	bool if0 = is_if_zero(f->buf, &set->dirs[d->chain]) ||
		   is_elif_zero(f->buf, d);
	bool words = prefilter_match(f->buf + off, e - off);

	if (d->start > a)
		a = d->start;
	if (e - a > set->body_size && has_body(f->buf + off, e - off)) {
		free(set->body_dir);
		set->body_size = e - a;
		set->body_start = a;
		set->body_end = e;
		set->body_first = text_pos(f->buf, f->len, a).line;
		set->body_last = text_pos(f->buf, f->len, e).line;
		set->body_dir = xasprintf("%.*s", (int)(d->end - d->start),
					  f->buf + d->start);
		set->body_if0 = if0;
		set->body_words = words;
	}
	if (if0 || !words)
		return;
	set->r = xrealloc(set->r, (set->n + 1) * sizeof(*set->r));
	r = &set->r[set->n++];
	r->start = a;
	r->end = e;
	r->dir = d - set->dirs;
	r->first_line = text_pos(f->buf, f->len, a).line;
	r->last_line = text_pos(f->buf, f->len, e).line;
	r->pass = 0;
	r->pdir = -1;
	r->text = xasprintf("%.*s", (int)(d->end - d->start), f->buf + d->start);
}

/* Where the chain opened by directive c ends (its #endif's start). */
static unsigned end_of_chain(const struct inactive_set *set, int c)
{
	int k;

	for (k = c + 1; k < set->ndir; k++)
		if (set->dirs[k].chain == c && set->dirs[k].kind == D_ENDIF)
			return set->dirs[k].start;
	return ~0u;
}

/*
 * A chain nested in a skipped branch (`#ifdef CONFIG_PM` inside the
 * `#ifdef CONFIG_PCI` half) stays off when only the outer branch is
 * forced on: each branch of it that holds a function body and a word is
 * a region of its own, forced on together with the branch around it.
 * Regions are appended, so chains nested deeper are found in turn.
 */
static void nested_regions(const struct wq_file *f, struct inactive_set *set)
{
	int i, j, k;

	for (i = 0; i < set->n; i++) {
		unsigned a = set->r[i].start, e = set->r[i].end;
		int outer = set->r[i].dir;

		for (j = 0; j < set->ndir; j++) {
			const struct directive *d = &set->dirs[j];
			unsigned b = e;

			if (d->start <= a || d->start >= e || d->kind == D_ENDIF ||
			    d->chain < 0 || set->dirs[d->chain].start <= a)
				continue;
			/* directly inside region i, not in a deeper chain */
			for (k = d->chain - 1; k > outer; k--)
				if (set->dirs[k].kind == D_IF &&
				    set->dirs[k].start > a &&
				    end_of_chain(set, k) > d->start)
					break;
			if (k > outer)
				continue;
			for (k = j + 1; k < set->ndir; k++)
				if (set->dirs[k].chain == d->chain) {
					b = set->dirs[k].start < e ?
					    set->dirs[k].start : e;
					break;
				}
			if (!has_body(f->buf + d->end, b > d->end ? b - d->end : 0))
				continue;
			k = set->n;
			add_region(f, set, d, d->start, b);
			if (set->n > k) {	/* named with the #if around it */
				char *t = xasprintf("%s' inside '%s",
						    set->r[k].text,
						    set->r[i].text);

				free(set->r[k].text);
				set->r[k].text = t;
				set->r[k].pdir = outer;
			}
		}
	}
}

static const struct inactive_region *region_of_dir(
	const struct inactive_set *set, int dir)
{
	int i;

	for (i = 0; i < set->n; i++)
		if (set->r[i].dir == dir)
			return &set->r[i];
	return NULL;
}

/* Do regions x and y force different branches of one chain on? */
static bool regions_conflict(const struct inactive_set *set,
			     const struct inactive_region *x,
			     const struct inactive_region *y)
{
	const struct inactive_region *p, *q;

	for (p = x; p; p = p->pdir < 0 ? NULL : region_of_dir(set, p->pdir))
		for (q = y; q; q = q->pdir < 0 ? NULL :
		     region_of_dir(set, q->pdir))
			if (p->dir != q->dir &&
			    set->dirs[p->dir].chain == set->dirs[q->dir].chain)
				return true;
	return false;
}

/*
 * The extra parse of each region: the first that forces on no other
 * branch of a chain it (or a branch around it) belongs to.  Without
 * nesting, the k-th branch of a chain goes to pass k.
 */
static void assign_passes(struct inactive_set *set)
{
	int i, j;

	for (i = 0; i < set->n; i++) {
		for (set->r[i].pass = 0;; set->r[i].pass++) {
			for (j = 0; j < i; j++)
				if (set->r[j].pass == set->r[i].pass &&
				    regions_conflict(set, &set->r[i], &set->r[j]))
					break;
			if (j == i)
				break;
		}
		if (set->r[i].pass + 1 > set->npasses)
			set->npasses = set->r[i].pass + 1;
	}
}

static int cmp_region_size(const void *a, const void *b)
{
	const struct inactive_region *x = a, *y = b;
	unsigned sx = x->end - x->start, sy = y->end - y->start;

	return sx < sy ? -1 : sx > sy;
}

int inactive_regions(void *tu_, const struct wq_file *f,
		     const unsigned *fn_ranges, int nfn,
		     struct inactive_set *set)
{
	CXTranslationUnit tu = tu_;
	CXFile mf = clang_getFile(tu, f->path);
	CXSourceRangeList *rl;
	unsigned i;
	int j;

	memset(set, 0, sizeof(*set));
	set->ndir = scan_directives(f->buf, f->len, &set->dirs);
	if (!mf)
		return 0;
	rl = clang_getSkippedRanges(tu, mf);
	for (i = 0; rl && i < rl->count; i++) {
		unsigned a, b;

		clang_getFileLocation(clang_getRangeStart(rl->ranges[i]),
				      NULL, NULL, NULL, &a);
		clang_getFileLocation(clang_getRangeEnd(rl->ranges[i]),
				      NULL, NULL, NULL, &b);
		if (a >= f->len || b > f->len || a >= b)
			continue;
		for (j = 0; j < nfn; j++)
			if (fn_ranges[2 * j] < a && b <= fn_ranges[2 * j + 1])
				break;
		if (j < nfn)
			continue;	/* the CFG builder reads its tokens */
		/* one skipped range can hold several branches of a chain
		 * (`#if A ... #elif B ... #else`): one region per branch */
		for (j = 0; j < set->ndir; j++) {
			const struct directive *d = &set->dirs[j];
			unsigned e = b;
			int k;

			if (d->start < a || d->start >= b || d->kind == D_ENDIF ||
			    d->chain < 0)
				continue;
			if (d->kind == D_IF && j > 0) {
				/* only a chain that opens the range, not one
				 * nested in it */
				for (k = 0; k < j; k++)
					if (set->dirs[k].start >= a &&
					    set->dirs[k].start < d->start)
						break;
				if (k < j)
					continue;
			} else if (d->kind != D_IF &&
				   set->dirs[d->chain].start >= a &&
				   set->dirs[d->chain].start < b &&
				   set->dirs[d->chain].start != set->dirs[j].start &&
				   !opens_range(set, d->chain, a)) {
				continue;	/* a nested chain's branch */
			}
			for (k = j + 1; k < set->ndir; k++)
				if (set->dirs[k].chain == d->chain) {
					e = set->dirs[k].start < b ?
					    set->dirs[k].start : b;
					break;
				}
			add_region(f, set, d, a, e);
		}
	}
	if (rl)
		clang_disposeSourceRangeList(rl);
	nested_regions(f, set);
	assign_passes(set);
	/* innermost first: a finding belongs to the closest #if around it */
	if (set->n)	/* set->r is NULL without regions */
		qsort(set->r, set->n, sizeof(*set->r), cmp_region_size);
	return set->n;
}

/* Append the directive d rewritten as `text`, keeping its line count. */
static void put_directive(struct strbuf *sb, const char *buf,
			  const struct directive *d, const char *text)
{
	unsigned i;

	sb_puts(sb, text);
	for (i = d->start; i < d->end; i++)
		if (buf[i] == '\n')
			sb_puts(sb, "\n");
}

char *inactive_rewrite(const struct wq_file *f, const struct inactive_set *set,
		       int pass, size_t *len)
{
	struct strbuf sb = { 0 };
	char *forced;	/* per directive: 0 keep, 1 false, 2 true */
	unsigned prev = 0;
	int i, j;

	forced = calloc(set->ndir ? set->ndir : 1, 1);
	for (i = 0; i < set->n; i++) {
		const struct directive *t = &set->dirs[set->r[i].dir];

		const struct inactive_region *r = &set->r[i];

		if (r->pass != pass)
			continue;
		/* every earlier branch of its chain off, this one on; the
		 * same for the branches it is nested in */
		for (; r; r = r->pdir < 0 ? NULL : region_of_dir(set, r->pdir)) {
			t = &set->dirs[r->dir];
			for (j = t->chain; j < set->ndir && &set->dirs[j] != t; j++)
				if (set->dirs[j].chain == t->chain &&
				    set->dirs[j].kind != D_ENDIF)
					forced[j] = 1;
			forced[t - set->dirs] = 2;
		}
	}
	for (i = 0; i < set->ndir; i++) {
		const struct directive *d = &set->dirs[i];

		if (!forced[i])
			continue;
		sb_add(&sb, f->buf + prev, d->start - prev);
		if (d->kind == D_IF)
			put_directive(&sb, f->buf, d, forced[i] == 2 ? "#if 1" : "#if 0");
		else
			put_directive(&sb, f->buf, d, forced[i] == 2 ? "#elif 1" : "#elif 0");
		prev = d->end;
	}
	sb_add(&sb, f->buf + prev, f->len - prev);
	sb_add(&sb, "", 1);	/* NUL-terminated like wq_file.buf */
	free(forced);
	*len = sb.len - 1;
	return sb.s;
}

bool inactive_line(const struct inactive_set *set, int pass, unsigned line)
{
	int i;

	for (i = 0; i < set->n; i++)
		if (set->r[i].pass == pass && set->r[i].first_line < line &&
		    line <= set->r[i].last_line)
			return true;
	return false;
}

void inactive_release(struct inactive_set *set)
{
	int i;

	for (i = 0; i < set->n; i++)
		free(set->r[i].text);
	free(set->r);
	free(set->dirs);
	free(set->body_dir);
	memset(set, 0, sizeof(*set));
}

char *inactive_body(const struct wq_file *f, const struct inactive_set *set)
{
	if (!set->body_dir)
		return NULL;
	/* a function outside it that did not parse either: the region is
	 * not why nothing was checked (the shim lacks the file's types) */
	if (has_body(f->buf, set->body_start) ||
	    (set->body_end < f->len &&
	     has_body(f->buf + set->body_end, f->len - set->body_end)))
		return NULL;
	if (set->body_if0)
		return xasprintf(
			"not checked: the functions (lines %u-%u) are under '%s': dead code by convention, which wqport never checks",
			set->body_first, set->body_last, set->body_dir);
	if (!set->body_words)
		return xasprintf(
			"nothing to check: the functions (lines %u-%u) are under '%s', off in this configuration, and name no wait API",
			set->body_first, set->body_last, set->body_dir);
	return xasprintf(
		"not checked: the functions (lines %u-%u) are under '%s', off in this configuration, and none parses with it forced on either; pass the kernel's compiler flags after --",
		set->body_first, set->body_last, set->body_dir);
}

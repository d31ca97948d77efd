// SPDX-License-Identifier: GPL-2.0-only
/*
 * The names a prelude's headers test or define (pch.c's preludes): read
 * from the headers when a PCH is built (scan_header(), written beside it
 * as NAME.pch.names), read back once per process, and checked against a
 * file's own #define/#undef lines before its first #include
 * (prelude_fits()): a file that defines or undefines a name a prelude
 * header tests is parsed without the prelude.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <clang-c/Index.h>

#include "child.h"
#include "cache.h"
#include "nameset.h"
#include "pch_int.h"
#include "text.h"

struct scan {
	struct nameset tested, defd, dflt;
	const char *prelude;	/* the prelude's own header */
	const struct wq_options *opt;
	char **files;		/* real paths; a file's id is its index */
	int nfiles;
	struct { int file; char *name; } *defs;	/* who defines what */
	int ndefs;
	struct { int from; char *to; } *incs;	/* unconditional #includes */
	int nincs;
};

/*
 * The directives of header id of sc: each identifier an #if/#ifdef/
 * #ifndef/#elif tests goes into tested, each name a #define/#undef
 * names into defd, except the default-definition idiom "#ifndef X"
 * followed by "#define X(" (pr_fmt, dev_fmt: a file's own earlier
 * definition wins either way), which goes into dflt; definitions and
 * the #includes outside any #if but the include guard are listed.
 */
/* a definition of name (n bytes) in file id */
static void add_def(struct scan *sc, int id, const char *name, size_t n)
{
	sc->defs = xrealloc(sc->defs, (sc->ndefs + 1) * sizeof(*sc->defs));
	sc->defs[sc->ndefs].file = id;
	sc->defs[sc->ndefs++].name = xasprintf("%.*s", (int)n, name);
}

/* `#include <x>` or "x" in file id (its folder dir), its name at q */
static void scan_include(struct scan *sc, int id, const char *dir,
			 const char *q, const char *end)
{
	const char *n = q, *e;
	char *to;

	while (n < end && (*n == ' ' || *n == '\t'))
		n++;
	e = n < end && (*n == '<' || *n == '"') ?
	    memchr(n + 1, *n == '<' ? '>' : '"', end - n - 1) : NULL;
	if (!e)
		return;
	to = header_path(sc->opt, *n == '"' ? dir : NULL, n + 1, e - n - 1);
	if (!to)
		return;
	sc->incs = xrealloc(sc->incs, (sc->nincs + 1) * sizeof(*sc->incs));
	sc->incs[sc->nincs].from = id;
	sc->incs[sc->nincs++].to = to;
}

/* every identifier of a test in [q, end); the name of a definition (def) */
static void scan_names(struct scan *sc, int id, const char *q,
		       const char *end, bool def)
{
	const char *w;

	while (q < end) {
		if (isalpha((unsigned char)*q) || *q == '_') {
			for (w = q; q < end && wq_ident_char(*q); q++)
				;
			if (!(q - w == 7 && !strncmp(w, "defined", 7)))
				nameset_add(def ? &sc->defd : &sc->tested, w, q - w);
			if (def) {
				add_def(sc, id, w, q - w);
				break;
			}
		} else if (isdigit((unsigned char)*q)) {
			while (q < end && isalnum((unsigned char)*q))
				q++;
		} else if (*q == '/' && q + 1 < end && q[1] == '*') {
			q = text_skip_comment(q, end);
		} else if (*q == '/' && q + 1 < end && q[1] == '/') {
			break;
		} else {
			q++;
		}
	}
}

static void scan_header(struct scan *sc, int id)
{
	const char *path = sc->files[id], *slash = strrchr(path, '/');
	char *buf = NULL, *p, *end, *pending = NULL, *dir;
	size_t len = 0, plen = 0;
	int depth = 0, guard = -1, ndir = 0;

	/* a FIFO or a device among the headers is not read */
	buf = read_regular_file(path, 64u << 20, &len);
	if (!buf)
		return;
	dir = xasprintf("%.*s", (int)(slash ? slash - path : 1),
			slash ? path : ".");
	for (p = buf; p < buf + len; p = end + 1) {
		const char *q, *w;
		size_t wl;
		bool cond, def;

		end = strchr(p, '\n');
		if (!end)
			end = buf + len;
		while (end < buf + len && end > p && end[-1] == '\\')
			end = strchr(end + 1, '\n') ? strchr(end + 1, '\n') :
			      buf + len;	/* continued line */
		q = p;
		while (q < end && (*q == ' ' || *q == '\t'))
			q++;
		if (q == end || *q != '#')
			continue;
		q++;
		while (q < end && (*q == ' ' || *q == '\t'))
			q++;
		for (w = q; q < end && wq_ident_char(*q); q++)
			;
		wl = q - w;
		ndir++;
		if (wl == 5 && !strncmp(w, "endif", 5))
			depth -= depth > 0;
		if (wl == 7 && !strncmp(w, "include", 7) &&
		    depth == (guard >= 0)) {
			scan_include(sc, id, dir, q, end);
			continue;
		}
		cond = (wl == 2 && !strncmp(w, "if", 2)) ||
		       (wl == 5 && !strncmp(w, "ifdef", 5)) ||
		       (wl == 6 && !strncmp(w, "ifndef", 6)) ||
		       (wl == 4 && !strncmp(w, "elif", 4)) ||
		       (wl == 7 && !strncmp(w, "elifdef", 7)) ||
		       (wl == 8 && !strncmp(w, "elifndef", 8));
		def = (wl == 6 && !strncmp(w, "define", 6)) ||
		      (wl == 5 && !strncmp(w, "undef", 5));
		if (cond && w[0] == 'i')
			depth++;
		if (!cond && !def)
			continue;
		if (pending) {	/* the #ifndef before: the idiom or a test */
			const char *n = q;
			bool idiom;

			while (n < end && (*n == ' ' || *n == '\t'))
				n++;
			idiom = wl == 6 && !strncmp(w, "define", 6) &&
				!strncmp(n, pending, plen) && n[plen] == '(';
			/* the file's first two directives: its guard */
			if (ndir == 2 && wl == 6 && !strncmp(w, "define", 6) &&
			    !strncmp(n, pending, plen) &&
			    !wq_ident_char(n[plen]))
				guard = 1;
			nameset_add(idiom ? &sc->dflt : &sc->tested, pending, plen);
			if (idiom)
				add_def(sc, id, pending, plen);
			pending = NULL;
			if (idiom)
				continue;	/* not a definition to avoid */
		}
		if (wl == 6 && !strncmp(w, "ifndef", 6)) {
			while (q < end && (*q == ' ' || *q == '\t'))
				q++;
			for (w = q; q < end && wq_ident_char(*q); q++)
				;
			if (q > w) {
				pending = (char *)w;
				plen = q - w;
				continue;
			}
		}
		scan_names(sc, id, q, end, def);
	}
	if (pending)
		nameset_add(&sc->tested, pending, plen);
	free(dir);
	free(buf);
}

static void scan_inclusion(CXFile file, CXSourceLocation *stack,
			   unsigned depth, CXClientData data)
{
	struct scan *sc = data;
	CXString n = clang_getFileName(file), top;
	CXFile tf = NULL;
	char *real;
	bool ours;

	if (!depth) {	/* the prelude's header itself */
		clang_disposeString(n);
		return;
	}
	/* a file the flags' -include brought is read either way */
	clang_getFileLocation(stack[depth - 1], &tf, NULL, NULL, NULL);
	top = clang_getFileName(tf);
	ours = clang_getCString(top) &&
	       !strcmp(clang_getCString(top), sc->prelude);
	clang_disposeString(top);
	real = ours && clang_getCString(n) ?
	       realpath(clang_getCString(n), NULL) : NULL;
	clang_disposeString(n);
	if (real) {	/* each file is reported once */
		sc->files = xrealloc(sc->files,
				     (sc->nfiles + 1) * sizeof(char *));
		sc->files[sc->nfiles++] = real;
	}
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The id of the file at real path p in the sorted paths v[0..n), or -1. */
static int path_id(char *const *v, int n, const char *p)
{
	int lo = 0, hi = n - 1;

	while (lo <= hi) {
		int mid = (lo + hi) / 2, c = strcmp(v[mid], p);

		if (!c)
			return mid;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid - 1;
	}
	return -1;
}

static int cmp_def(const void *a, const void *b)
{
	const struct { int file; char *name; } *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	return c ? c : x->file - y->file;
}

/*
 * Write what a file needs to know of the prelude of tu (its header hdr)
 * to path, one item a line: "f PATH" its headers (the n-th is file n),
 * "e A B" file A includes file B outside any #if, then each name after a
 * letter: 'p' a file must not #define or #undef it before an #include
 * (a prelude header tests or defines it), 't' a file may test it only
 * after including one of the files listed after it (which define it),
 * 'b' both.
 */
bool write_names(CXTranslationUnit tu, const char *hdr,
		 const struct wq_options *opt, const char *path)
{
	struct scan sc;
	struct nameset all = { 0 };
	char **v;
	size_t i, k = 0;
	int j, d = 0;
	FILE *fp;
	bool ok;

	memset(&sc, 0, sizeof(sc));
	sc.prelude = hdr;
	sc.opt = opt;
	clang_getInclusions(tu, scan_inclusion, &sc);
	/* ids in path order, so lookups can bisect */
	qsort(sc.files, sc.nfiles, sizeof(char *), cmp_str);
	for (j = 0; j < sc.nfiles; j++)
		scan_header(&sc, j);
	qsort(sc.defs, sc.ndefs, sizeof(*sc.defs), cmp_def);
	for (i = 0; i < sc.tested.cap; i++)
		if (sc.tested.slot[i])
			nameset_add(&all, sc.tested.slot[i], strlen(sc.tested.slot[i]));
	for (i = 0; i < sc.defd.cap; i++)
		if (sc.defd.slot[i])
			nameset_add(&all, sc.defd.slot[i], strlen(sc.defd.slot[i]));
	for (i = 0; i < sc.dflt.cap; i++)
		if (sc.dflt.slot[i])
			nameset_add(&all, sc.dflt.slot[i], strlen(sc.dflt.slot[i]));
	v = xrealloc(NULL, (all.n + 1) * sizeof(char *));
	for (i = 0; i < all.cap; i++)
		if (all.slot[i])
			v[k++] = all.slot[i];
	qsort(v, k, sizeof(char *), cmp_str);	/* the same file each time */
	unlink(path);	/* the mkstemp() name: made anew, never a link */
	fp = fcreate_new(path);
	for (j = 0; fp && j < sc.nfiles; j++)
		fprintf(fp, "f %s\n", sc.files[j]);
	for (j = 0; fp && j < sc.nincs; j++) {
		int to = path_id(sc.files, sc.nfiles, sc.incs[j].to);

		if (to >= 0 && to != sc.incs[j].from)
			fprintf(fp, "e %d %d\n", sc.incs[j].from, to);
	}
	for (i = 0; fp && i < k; i++) {
		size_t l = strlen(v[i]);
		bool df = nameset_has(&sc.defd, v[i], l);
		bool p = df || nameset_has(&sc.tested, v[i], l);
		bool t = df || nameset_has(&sc.dflt, v[i], l);

		fprintf(fp, "%c %s", p && t ? 'b' : p ? 'p' : 't', v[i]);
		while (d < sc.ndefs && strcmp(sc.defs[d].name, v[i]) < 0)
			d++;
		for (; t && d < sc.ndefs && !strcmp(sc.defs[d].name, v[i]); d++)
			fprintf(fp, " %d", sc.defs[d].file);
		fputc('\n', fp);
	}
	ok = fp && !fclose(fp) && sc.nfiles > 0;
	free(v);
	nameset_free(&all);
	nameset_free(&sc.tested);
	nameset_free(&sc.defd);
	nameset_free(&sc.dflt);
	for (j = 0; j < sc.nfiles; j++)
		free(sc.files[j]);
	free(sc.files);
	for (j = 0; j < sc.ndefs; j++)
		free(sc.defs[j].name);
	free(sc.defs);
	for (j = 0; j < sc.nincs; j++)
		free(sc.incs[j].to);
	free(sc.incs);
	return ok;
}

/* What a file must not do before its #includes (write_names()). */
struct prelude_names {
	struct nameset predef;	/* #define or #undef */
	struct nameset tests;	/* test, but for a "NAME\0ids" value */
	char **files;		/* the prelude's headers, sorted */
	int nfiles;
	int **edges;		/* edges[i]: files i includes, -1 ends */
};

/* Read the names beside k's PCH; false when there are none. */
static bool read_names(struct known *k)
{
	struct prelude_names *pn;
	char *p, *line = NULL;
	size_t cap = 0;
	ssize_t n;
	FILE *fp;
	int *ne = NULL;

	if (k->read)
		return k->names != NULL;
	k->read = true;
	p = xasprintf("%s.names", k->path);
	fp = fopen(p, "r");
	free(p);
	if (!fp)
		return false;
	pn = xrealloc(NULL, sizeof(*pn));
	memset(pn, 0, sizeof(*pn));
	while ((n = getline(&line, &cap, fp)) > 0) {
		int a, b;

		if (line[n - 1] == '\n')
			line[--n] = '\0';
		if (n < 3 || line[1] != ' ')
			continue;
		if (line[0] == 'f') {
			pn->files = xrealloc(pn->files,
					     (pn->nfiles + 1) * sizeof(char *));
			pn->files[pn->nfiles++] = xstrdup(line + 2);
			continue;
		}
		if (line[0] == 'e') {
			if (sscanf(line + 2, "%d %d", &a, &b) != 2 || a < 0 ||
			    b < 0 || a >= pn->nfiles || b >= pn->nfiles)
				continue;
			if (!pn->edges) {
				pn->edges = xrealloc(NULL, pn->nfiles *
						     sizeof(int *));
				memset(pn->edges, 0, pn->nfiles * sizeof(int *));
				ne = xrealloc(NULL, pn->nfiles * sizeof(int));
				memset(ne, 0, pn->nfiles * sizeof(int));
			}
			pn->edges[a] = xrealloc(pn->edges[a],
						(ne[a] + 2) * sizeof(int));
			pn->edges[a][ne[a]++] = b;
			pn->edges[a][ne[a]] = -1;
			continue;
		}
		p = strchr(line + 2, ' ');
		if (line[0] == 'p' || line[0] == 'b')
			nameset_add(&pn->predef, line + 2,
				p ? (size_t)(p - line - 2) : strlen(line + 2));
		if (line[0] == 't' || line[0] == 'b') {
			/* the name, then its files' ids after a NUL */
			size_t l = p ? (size_t)(p - line - 2) : strlen(line + 2);
			char **slot;

			nameset_add(&pn->tests, line + 2, l);
			slot = nameset_slot(&pn->tests, line + 2, l);
			free(*slot);
			*slot = xasprintf("%.*s%c%s", (int)l, line + 2, 0,
					  p ? p + 1 : "");
		}
	}
	free(line);
	free(ne);
	fclose(fp);
	k->names = pn;
	return true;
}

/* Add file id and what it includes to the closure seen[]. */
static void close_over(const struct prelude_names *pn, char *seen, int id)
{
	int *stack, n = 0, i;

	if (seen[id])
		return;
	stack = xrealloc(NULL, pn->nfiles * sizeof(int));
	seen[id] = 1;
	stack[n++] = id;
	while (n) {
		int f = stack[--n];

		for (i = 0; pn->edges && pn->edges[f] && pn->edges[f][i] >= 0;
		     i++) {
			int t = pn->edges[f][i];

			if (!seen[t]) {
				seen[t] = 1;
				stack[n++] = t;
			}
		}
	}
	free(stack);
}

static const char *skip_blank(const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	return p;
}

/*
 * Does the #if/#elif at q (to the end of its line) test only macros no
 * prelude header defines, or that one of the headers the file included
 * before (seen[]) defines?
 */
static bool tests_fit(const struct prelude_names *pn, const char *seen,
		      const char *q, const char *end)
{
	const char *e = memchr(q, '\n', end - q), *w;

	while (e && e > q && e[-1] == '\\' && e + 1 < end)
		e = memchr(e + 1, '\n', end - e - 1);	/* continued */
	if (!e)
		e = end;
	while (q < e && wq_ident_char(*q))
		q++;	/* the directive */
	while (q < e) {
		if (isalpha((unsigned char)*q) || *q == '_') {
			char **v;
			const char *ids;
			bool ok = false;

			for (w = q; q < e && wq_ident_char(*q); q++)
				;
			v = nameset_slot(&pn->tests, w, q - w);
			if (!v || !*v)
				continue;
			for (ids = *v + (q - w) + 1; *ids && !ok; ) {
				char *x;
				long id = strtol(ids, &x, 10);

				if (x == ids)
					break;
				ok = id >= 0 && id < pn->nfiles && seen[id];
				ids = x;
			}
			if (!ok)
				return false;
		} else if (isdigit((unsigned char)*q)) {
			while (q < e && isalnum((unsigned char)*q))
				q++;
		} else if (*q == '/' && q + 1 < e && (q[1] == '/' || q[1] == '*')) {
			break;	/* a comment: rarely more after it */
		} else {
			q++;
		}
	}
	return true;
}

/*
 * May path (its text buf) be parsed with k's prelude?  Every header it
 * includes outside #if is found (one inside is left to pch_suspect()),
 * it defines or undefines no name the prelude's headers test or define
 * before its last #include, and each macro its #if lines test that a
 * prelude header defines comes from a header it included before
 * (outside #if, itself or through others): compatibility code may test
 * what the prelude would define where the file itself does not.
 */
bool prelude_fits(struct known *k, const struct wq_options *opt,
		  const char *path, const char *buf, size_t len)
{
	const char *end = buf + len, *p, *last = NULL, *slash;
	struct prelude_names *pn;
	char *dir, *seen;
	bool ok = true;
	int depth = 0;

	if (!read_names(k))
		return false;
	pn = k->names;
	/* where the last #include is */
	for (p = buf; p < end; p = memchr(p, '\n', end - p) ?
	     (const char *)memchr(p, '\n', end - p) + 1 : end) {
		const char *q = skip_blank(p, end);

		if (q < end && *q == '#') {
			q = skip_blank(q + 1, end);
			if (end - q > 7 && !strncmp(q, "include", 7))
				last = p;
		}
	}
	slash = strrchr(path, '/');
	dir = slash ? xasprintf("%.*s", (int)(slash - path), path) :
	      xstrdup(".");
	seen = xrealloc(NULL, pn->nfiles + 1);
	memset(seen, 0, pn->nfiles + 1);
	for (p = buf; ok && p < end; p = memchr(p, '\n', end - p) ?
	     (const char *)memchr(p, '\n', end - p) + 1 : end) {
		const char *q = skip_blank(p, end), *w;

		if (q >= end || *q != '#')
			continue;
		q = skip_blank(q + 1, end);
		if ((end - q > 2 && !strncmp(q, "if", 2)) ||
		    (end - q > 4 && !strncmp(q, "elif", 4))) {
			depth += *q == 'i';
			ok = tests_fit(pn, seen, q, end);
			continue;
		}
		if (end - q > 5 && !strncmp(q, "endif", 5)) {
			depth -= depth > 0;
			continue;
		}
		if (!last || p > last)
			continue;	/* after the includes: its own names */
		if (end - q > 7 && !strncmp(q, "include", 7)) {
			char close, *real;
			int id;

			if (depth)	/* maybe not compiled: the parse says */
				continue;
			q = skip_blank(q + 7, end);
			if (q >= end || (*q != '<' && *q != '"'))
				continue;	/* #include MACRO */
			close = *q == '<' ? '>' : '"';
			for (w = ++q; q < end && *q != close && *q != '\n'; q++)
				;
			real = q < end && *q == close ?
			       header_path(opt, close == '"' ? dir : NULL, w,
					   q - w) : NULL;
			if (!real) {
				ok = false;	/* clang would guess */
				continue;
			}
			id = path_id(pn->files, pn->nfiles, real);
			if (id >= 0)
				close_over(pn, seen, id);
			free(real);
			continue;
		}
		if (end - q > 6 && !strncmp(q, "define", 6))
			q += 6;
		else if (end - q > 5 && !strncmp(q, "undef", 5))
			q += 5;
		else
			continue;
		q = skip_blank(q, end);
		for (w = q; q < end && wq_ident_char(*q);
		     q++)
			;
		if (q > w && nameset_has(&pn->predef, w, q - w))
			ok = false;
	}
	free(seen);
	free(dir);
	return ok;
}

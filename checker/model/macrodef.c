// SPDX-License-Identifier: GPL-2.0-only
/*
 * A wait hidden in a driver's own macro defined in a header (drv.h:
 * `#define DRV_SLEEP(d) interruptible_sleep_on_timeout(&(d)->q, HZ)`)
 * is reported at the macro's use, where the rules put it; this adds a
 * note at the definition, in the header.
 *
 * Like the rest of the macro recognition (macro.c), this reads the
 * file's text, not libclang's preprocessing record: a precompiled
 * header that holds the driver's header leaves no expansion record, and
 * the note must not depend on that.  The name is the identifier at the
 * finding; its definition is the first `#define NAME` in a header the
 * file includes with quotes, next to it (read from disk, so the same
 * with or without a precompiled header), else in any other included
 * header that is neither a system header nor the main file.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <clang-c/Index.h>

#include "macros.h"

struct def_search {
	CXTranslationUnit tu;
	const char *name;
	size_t len;
	CXFile file;		/* where it is defined, or NULL */
	unsigned line, col;
};

/*
 * The 1-based line and column of NAME in a `#define NAME` of buf, or
 * false when buf defines no such macro.
 */
static bool find_define(const char *buf, size_t size, const char *name,
			size_t len, unsigned *line, unsigned *col)
{
	const char *p = buf, *end = buf + size;

	while ((p = memmem(p, end - p, name, len))) {
		const char *q = p, *ls;

		if ((p > buf && wq_ident_char(p[-1])) ||
		    (p + len < end && wq_ident_char(p[len]))) {
			p += len;
			continue;
		}
		/* back over blanks, "define", blanks, "#", blanks */
		while (q > buf && (q[-1] == ' ' || q[-1] == '\t'))
			q--;
		if (q - buf >= 6 && !memcmp(q - 6, "define", 6)) {
			q -= 6;
			while (q > buf && (q[-1] == ' ' || q[-1] == '\t'))
				q--;
			if (q > buf && q[-1] == '#') {
				q--;
				while (q > buf && (q[-1] == ' ' || q[-1] == '\t'))
					q--;
				if (q == buf || q[-1] == '\n') {
					*line = 1;
					for (ls = buf; ls < p; ls++)
						if (*ls == '\n')
							(*line)++;
					for (ls = p; ls > buf && ls[-1] != '\n'; ls--)
						;
					*col = p - ls + 1;
					return true;
				}
			}
		}
		p += len;
	}
	return false;
}

static void visit_inclusion(CXFile included, CXSourceLocation *stack,
			    unsigned depth, CXClientData data)
{
	struct def_search *ds = data;
	const char *buf;
	size_t size;

	(void)stack;
	if (ds->file || !depth)		/* found already, or the main file */
		return;
	if (clang_Location_isInSystemHeader(
		    clang_getLocation(ds->tu, included, 1, 1)))
		return;
	buf = clang_getFileContents(ds->tu, included, &size);
	if (buf && find_define(buf, size, ds->name, ds->len, &ds->line,
			       &ds->col))
		ds->file = included;
}

#define QUOTED_DEPTH 4	/* as frontend/blank.c follows them */

/*
 * The first header that buf (the text of path) includes with quotes,
 * from path's directory and on through the headers' own quoted
 * includes, that defines name; its path, allocated, or NULL.
 */
static char *quoted_define(const char *path, const char *buf, size_t blen,
			   const char *name, size_t len, unsigned *line,
			   unsigned *col, int depth)
{
	const char *slash = strrchr(path, '/'), *hn;
	int dirlen = slash ? (int)(slash - path + 1) : 0;
	size_t pos = 0, nl, size;
	char *found = NULL;

	while (!found && (hn = next_quoted_include(buf, blen, &pos, &nl))) {
		char *hp, *h;

		if (!nl || nl > 256)
			continue;
		hp = *hn == '/' ? xasprintf("%.*s", (int)nl, hn) :
		     xasprintf("%.*s%.*s", dirlen, path, (int)nl, hn);
		h = read_regular_file(hp, 16u << 20, &size);
		if (h && find_define(h, size, name, len, line, col))
			found = xstrdup(hp);
		else if (h && depth < QUOTED_DEPTH)
			found = quoted_define(hp, h, size, name, len, line,
					      col, depth + 1);
		free(h);
		free(hp);
	}
	return found;
}

char *macro_define_file(const char *path, const char *buf, size_t blen,
			const char *name, size_t len, size_t *size)
{
	unsigned line, col;
	char *hp, *h;

	if (find_define(buf, blen, name, len, &line, &col)) {
		*size = blen;
		h = xrealloc(NULL, blen + 1);
		memcpy(h, buf, blen);
		h[blen] = '\0';
		return h;
	}
	hp = quoted_define(path, buf, blen, name, len, &line, &col, 0);
	if (!hp)
		return NULL;
	h = read_regular_file(hp, 16u << 20, size);
	free(hp);
	return h;
}

void note_macro_definitions(CXTranslationUnit tu, struct wq_file *f, int from)
{
	int i, j;

	for (i = from; i < f->nfindings; i++) {
		struct wq_finding *fd = &f->findings[i];
		unsigned off = text_offset(f->buf, f->len, fd->pos), e = off;
		struct def_search ds = { .tu = tu };
		unsigned l, c;
		char *name, *where = NULL;

		while (e < f->len && wq_ident_char(f->buf[e]))
			e++;
		for (j = from; j < i; j++)	/* that place is done already */
			if (f->findings[j].pos.line == fd->pos.line &&
			    f->findings[j].pos.col == fd->pos.col)
				break;
		if (e == off || j < i)
			continue;
		name = xasprintf("%.*s", (int)(e - off), f->buf + off);
		if (!kapi_classify(name, e - off) &&
		    !find_define(f->buf, f->len, name, e - off, &l, &c)) {
			where = quoted_define(f->path, f->buf, f->len, name,
					      e - off, &ds.line, &ds.col, 0);
			if (!where) {
				ds.name = name;
				ds.len = e - off;
				clang_getInclusions(tu, visit_inclusion, &ds);
			}
			if (ds.file) {
				CXString fn = clang_getFileName(ds.file);

				where = xstrdup(clang_getCString(fn));
				clang_disposeString(fn);
			}
		}
		for (j = i; where && j < f->nfindings; j++) {
			if (f->findings[j].pos.line != fd->pos.line ||
			    f->findings[j].pos.col != fd->pos.col)
				continue;
			finding_add_note_in(&f->findings[j],
				xstrdup(strncmp(where, "./", 2) ? where : where + 2),
				(struct wq_pos){ ds.line, ds.col },
				xasprintf("'%s' is defined here; the wait is in its body",
					  name));
		}
		free(where);
		free(name);
	}
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * Fingerprints of findings: the identity a finding keeps while the code
 * around it changes.  A baseline (baseline.c) stores them and SARIF
 * carries them as partialFingerprints, so a CI service and a baseline
 * agree on which findings are old.
 *
 * The fingerprint hashes the rule, the base name of the file, the
 * function, the statement at the finding with all whitespace and
 * comments dropped, and the occurrence index of that tuple in the file.
 * No line or column goes in: lines added above a finding, edits to other
 * functions and re-indentation leave it unchanged.  The base name, not
 * the path, so that the same tree checked from another directory, or a
 * driver moved to another directory (git mv), keeps its fingerprints;
 * renaming the file itself makes its findings new.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"
#include "wqport.h"

#define STMT_MAX 512

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char *s = p;

	while (n--) {
		h ^= *s++;
		h *= 0x100000001b3ull;
	}
	return h;
}

/* Start of line `line` (1-based) in buf, or NULL past the end. */
static const char *line_start(const char *buf, size_t len, unsigned line)
{
	const char *p = buf, *end = buf + len;

	while (--line) {
		p = memchr(p, '\n', end - p);
		if (!p)
			return NULL;
		p++;
	}
	return p;
}

/*
 * The statement that starts on the finding's line, normalized: no
 * whitespace, no comments, up to the ';' or brace that ends it at
 * parenthesis depth 0 (so a call over several lines is whole).
 */
static size_t normalized_stmt(const char *buf, size_t len, unsigned line,
			      char *out)
{
	const char *p = line_start(buf, len, line), *end = buf + len;
	size_t n = 0;
	int depth = 0;

	if (!p)
		return 0;
	while (p < end && n < STMT_MAX) {
		char c = *p;

		if (c == '/' && p + 1 < end && p[1] == '*') {
			p = text_skip_comment(p, end);
			continue;
		}
		if (c == '/' && p + 1 < end && p[1] == '/') {
			p = memchr(p, '\n', end - p);
			if (!p)
				break;
			continue;
		}
		p++;
		/* a line of its own closing a block (the end of the function
		 * that WQ006 points at) is the statement: not the next one */
		if (c == '\n' && depth == 0 && n == 1 && out[0] == '}')
			break;
		if (c == ' ' || c == '\t' || c == '\n' || c == '\r' ||
		    c == '\f' || c == '\v' || c == '\\')
			continue;
		out[n++] = c;
		if (c == '(')
			depth++;
		else if (c == ')' && depth)
			depth--;
		else if (depth == 0 && (c == ';' || ((c == '{' || c == '}') &&
						     n > 1)))
			break;
	}
	return n;
}

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

/* Fill in fd->fp for every finding of f; f->buf must still be there. */
void fingerprint_file(struct wq_file *f)
{
	uint64_t *key;
	int i, j;

	if (!f->nfindings)
		return;
	key = xrealloc(NULL, f->nfindings * sizeof(*key));
	for (i = 0; i < f->nfindings; i++) {
		struct wq_finding *fd = &f->findings[i];
		const char *func = fd->func ? fd->func : "";
		const char *base = base_name(f->path);
		char stmt[STMT_MAX];
		size_t n = f->buf ? normalized_stmt(f->buf, f->len,
						    fd->pos.line, stmt) : 0;
		unsigned occ = 0;
		uint64_t h = 0xcbf29ce484222325ull;
		char id[8];

		snprintf(id, sizeof(id), "WQ%03d", fd->rule);
		h = fnv(h, id, strlen(id) + 1);
		h = fnv(h, base, strlen(base) + 1);
		h = fnv(h, func, strlen(func) + 1);
		h = fnv(h, stmt, n);
		key[i] = h;
		/* the same rule, function and statement again: count it */
		for (j = 0; j < i; j++)
			occ += key[j] == h;
		h = fnv(h, "", 1);
		h = fnv(h, &occ, sizeof(occ));
		snprintf(fd->fp, sizeof(fd->fp), "%016llx",
			 (unsigned long long)h);
	}
	free(key);
}

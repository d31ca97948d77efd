// SPDX-License-Identifier: GPL-2.0-only
/*
 * A driver's own attribute macro in a function head, parsed without the
 * header that defines it.
 *
 *	NV_STATUS NV_API_CALL os_delay(NvU32 ms)
 *	static void BCMFASTPATH wl_start(struct sk_buff *skb)
 *
 * Vendor code marks its functions with a calling-convention or section
 * macro (empty, or an __attribute__) that its own headers define.  When
 * those headers are not found, clang takes the macro for the declarator
 * and stops at the real name: "expected ';' after top level declarator",
 * and the whole function is lost to the rules.  An unknown type alone is
 * no such loss (clang reads it as int and goes on).
 *
 * The words found that way are blanked (spaces, so every offset, line
 * and column stays) in a copy of the file for a second parse; the rules
 * read that parse, and the file's text is unchanged.  A word is taken
 * only where clang's error stands on `name (` and the word before it is
 * preceded by another word (the return type): the shape of a head, not
 * of a statement.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <clang-c/Index.h>

#include "attrmacro.h"
#include "text.h"

static bool ident(char c)
{
	return wq_ident_char(c);
}

/* The word ending right before off (spaces skipped): its start, or -1. */
static long word_before(const char *buf, unsigned off, unsigned *end)
{
	unsigned e = off, s;

	while (e > 0 && (buf[e - 1] == ' ' || buf[e - 1] == '\t' ||
			 buf[e - 1] == '\n' || buf[e - 1] == '\r'))
		e--;
	s = e;
	while (s > 0 && ident(buf[s - 1]))
		s--;
	if (s == e || (buf[s] >= '0' && buf[s] <= '9'))
		return -1;
	*end = e;
	return s;
}

/* Is there `name (` at off? */
static bool call_head_at(const char *buf, size_t len, unsigned off)
{
	unsigned i = off;

	if (i >= len || !ident(buf[i]) || (buf[i] >= '0' && buf[i] <= '9'))
		return false;
	while (i < len && ident(buf[i]))
		i++;
	while (i < len && (buf[i] == ' ' || buf[i] == '\t'))
		i++;
	return i < len && buf[i] == '(';
}

/*
 * Blank every whole-word use of the word at buf[w..w + n) outside
 * preprocessor lines: the macro marks the driver's other heads too,
 * which clang's recovery after the first may not report.
 */
static int blank_word(char *buf, size_t len, unsigned w, unsigned n)
{
	char *word = xasprintf("%.*s", (int)n, buf + w);
	bool line_start = true, directive = false;
	size_t i;
	int k = 0;

	for (i = 0; i < len; i++) {
		if (buf[i] == '\n') {
			line_start = true;
			directive = directive && i > 0 && buf[i - 1] == '\\';
			continue;
		}
		if (line_start && buf[i] == '#')
			directive = true;
		if (buf[i] != ' ' && buf[i] != '\t')
			line_start = false;
		if (directive || (i > 0 && ident(buf[i - 1])) ||
		    i + n > len || memcmp(buf + i, word, n) ||
		    (i + n < len && ident(buf[i + n])))
			continue;
		memset(buf + i, ' ', n);
		k++;
	}
	free(word);
	return k;
}

char *attr_macros_blanked(void *tu_, const char *buf, size_t len, int *n)
{
	CXTranslationUnit tu = tu_;
	unsigned i, nd = clang_getNumDiagnostics(tu);
	char *copy = NULL;

	*n = 0;
	for (i = 0; i < nd; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		CXSourceLocation l = clang_getDiagnosticLocation(d);
		CXString m;
		unsigned off = 0, ws, we, ts, te;
		long w, t;
		bool head;

		if (clang_getDiagnosticSeverity(d) < CXDiagnostic_Error ||
		    !clang_Location_isFromMainFile(l)) {
			clang_disposeDiagnostic(d);
			continue;
		}
		m = clang_getDiagnosticSpelling(d);
		head = strstr(clang_getCString(m),
			      "after top level declarator") != NULL;
		if (getenv("WQPORT_ATTR_DEBUG"))
			fprintf(stderr, "attr: %s\n", clang_getCString(m));
		clang_disposeString(m);
		clang_getFileLocation(l, NULL, NULL, NULL, &off);
		clang_disposeDiagnostic(d);
		/* clang puts it at the end of the word it took for the
		 * declarator: the name follows */
		while (off < len && (buf[off] == ' ' || buf[off] == '\t' ||
				     buf[off] == '\n' || buf[off] == '\r'))
			off++;
		if (!head || off >= len || !call_head_at(buf, len, off))
			continue;
		/* the macro, and the return type's last word before it */
		w = word_before(buf, off, &we);
		ws = (unsigned)w;
		if (w < 0)
			continue;
		t = word_before(buf, ws, &te);
		ts = (unsigned)t;
		if (t < 0 || (te - ts == 6 && !memcmp(buf + ts, "return", 6)))
			continue;
		if (!copy) {
			copy = xrealloc(NULL, len + 1);
			memcpy(copy, buf, len);
			copy[len] = '\0';
		}
		if (copy[ws] != ' ')	/* not blanked yet */
			*n += blank_word(copy, len, ws, we - ws);
	}
	return copy;
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * Is a function's name, handed to a driver's macro, only data?  A trace
 * macro records which function it was used in as a number:
 *
 *	#define FOO_TRACE(_fn, _tag) do { rec->fnaddr = (u64)(unsigned long)_fn; ... } while (0)
 *	FOO_TRACE(foo_cleanup_io, tag);
 *
 * The name is no call and no callback: nothing calls the function through
 * that number, so it says nothing of the state the function runs in.  The
 * state summaries (state_summary.c) take a name handed to a call for a
 * function run by whoever it is handed to; this reads the macro's
 * definition in the file's texts (the main file and the headers it
 * includes with quotes), as the bodies the check leaves out of the parse
 * (frontend/blank.c) have no AST to read.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "macros.h"
#include "state_sums.h"

/* integer types a function's address is cast to when it is kept as data */
static const char *const int_types[] = {
	"unsigned long", "unsigned long long", "long", "u64", "u32",
	"uintptr_t", "unsigned int", "int", "size_t", "__u64",
};

static unsigned skip_back(const char *b, unsigned from, unsigned i)
{
	while (i > from && isspace((unsigned char)b[i - 1]))
		i--;
	return i;
}

/* Is the text before offset i (a `)`'s end) an integer cast `(T)`? */
static bool int_cast_before(const char *b, unsigned from, unsigned i)
{
	unsigned close = skip_back(b, from, i), open, s, e;
	size_t k;

	if (close <= from || b[close - 1] != ')')
		return false;
	for (open = close - 1; open > from && b[open - 1] != '('; open--)
		if (b[open - 1] == ')' || b[open - 1] == ';')
			return false;
	if (open <= from)
		return false;
	for (s = open; s < close - 1 && isspace((unsigned char)b[s]); s++)
		;
	e = skip_back(b, s, close - 1);
	for (k = 0; k < sizeof(int_types) / sizeof(int_types[0]); k++)
		if (strlen(int_types[k]) == e - s &&
		    !memcmp(b + s, int_types[k], e - s))
			return true;
	return false;
}

/* The name of parameter k of the #define whose name ends at off, or 0 */
static size_t macro_param(const char *b, size_t end, unsigned off, int k,
			  unsigned *at)
{
	unsigned i = off;
	int n = 0;

	if (i >= end || b[i] != '(')
		return 0;
	for (i++; i < end && b[i] != ')'; i++) {
		unsigned s, e;

		while (i < end && isspace((unsigned char)b[i]))
			i++;
		for (s = i; i < end && wq_ident_char(b[i]); i++)
			;
		e = i;
		while (i < end && isspace((unsigned char)b[i]))
			i++;
		if (i >= end || (b[i] != ',' && b[i] != ')') || e == s)
			return 0;	/* `args...`, `...`: not read */
		if (n++ == k) {
			*at = s;
			return e - s;
		}
		if (b[i] == ')')
			break;
	}
	return 0;
}

/*
 * Does the #define of call[0..n) in buf use its parameter k only as an
 * integer cast of it (`(unsigned long)_fn`, `(u64)(unsigned long)(_fn)`)?
 */
static bool param_is_data(const char *buf, size_t len, const char *call,
			  size_t n, int k)
{
	size_t end;
	long off = macro_define_at(buf, len, call, n, &end);
	unsigned p, body, i;
	size_t pn;
	long w;
	int uses = 0;

	if (off < 0 || !(pn = macro_param(buf, end, off + n, k, &p)))
		return false;
	for (body = off + n; body < end && buf[body] != ')'; body++)
		;
	for (i = body + 1; (w = text_next_ident(buf, i, end, &i)) >= 0;) {
		unsigned before = w;

		if ((size_t)(i - w) != pn || memcmp(buf + w, buf + p, pn))
			continue;
		/* `(_fn)`: the parentheses around the use */
		before = skip_back(buf, body, before);
		if (before > body && buf[before - 1] == '(' &&
		    !int_cast_before(buf, body, before)) {
			unsigned a = i;

			while (a < end && isspace((unsigned char)buf[a]))
				a++;
			if (a >= end || buf[a] != ')')
				return false;
			before--;
		}
		if (!int_cast_before(buf, body, before))
			return false;
		uses++;
	}
	return uses > 0;
}

bool fn_name_is_data(const struct state_sums *s, const char *path,
		     const char *buf, const char *call, size_t n, unsigned at)
{
	const char *q = call + n;
	int k = 0, depth = 0, t;
	size_t size;
	char *h;
	bool data;

	while (*q == ' ' || *q == '\t')
		q++;
	if (*q != '(')
		return false;
	for (q++; q < buf + at; q++) {
		if (*q == '(')
			depth++;
		else if (*q == ')')
			depth--;
		else if (*q == ',' && !depth)
			k++;
	}
	for (t = 0; t < s->ntexts; t++)
		if (s->texts[t].buf &&
		    macro_define_at(s->texts[t].buf, s->texts[t].len, call, n,
				    &size) >= 0)
			return param_is_data(s->texts[t].buf, s->texts[t].len,
					     call, n, k);
	/* a header of the driver's the summaries have no text of */
	if (!path || !s->ntexts || !s->texts[0].buf ||
	    !(h = macro_define_file(path, s->texts[0].buf, s->texts[0].len,
				    call, n, &size)))
		return false;
	data = param_is_data(h, size, call, n, k);
	free(h);
	return data;
}

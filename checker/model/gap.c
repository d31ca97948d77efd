// SPDX-License-Identifier: GPL-2.0-only
/*
 * What clang dropped from a function body: a statement whose expression
 * has errors (a struct the shim does not know, a name of a missing
 * header) is not in the AST at all, and leaves a gap between the
 * children of a compound statement.  The API calls in a gap, read from
 * its tokens, become events in place, in source order, and the names it
 * mentions become writes (the graph builder, cfg.c, calls scan_gap()).
 */
#include <stdlib.h>
#include <string.h>

#include "builder.h"

/*
 * What a dropped statement writes is unknown: each name it mentions
 * (but calls) may be written, and a call in it may write fields.
 */
static void gap_writes(struct builder *b, CXToken *t, unsigned n)
{
	unsigned i;
	int k = 0, w;

	if (b->cur < 0)
		return;
	for (i = 0; i < n && k < 16; i++) {
		CXString s;
		const char *name;

		if (clang_getTokenKind(t[i]) != CXToken_Identifier)
			continue;
		s = clang_getTokenSpelling(b->tu, t[i]);
		name = clang_getCString(s);
		if (i + 1 < n && tok_is(b->tu, t[i + 1], "(")) {
			if (!kapi_classify(name, strlen(name)) &&
			    !kapi_pure(name))
				b->after_call = true;
		} else if (!(i && (tok_is(b->tu, t[i - 1], "->") ||
				   tok_is(b->tu, t[i - 1], ".")))) {
			w = append(b, N_ASSIGN,
				   loc_pos(clang_getTokenLocation(b->tu, t[i])));
			b->g->nodes[w].text = xstrdup(name);
			k++;
		}
		clang_disposeString(s);
	}
}

/*
 * If a `#` at buf[off] starts a preprocessor line, the end of that
 * logical line; else 0.
 */
static unsigned directive_end(const char *buf, size_t len, unsigned off)
{
	unsigned p = off;

	while (p > 0 && (buf[p - 1] == ' ' || buf[p - 1] == '\t'))
		p--;
	if (p > 0 && buf[p - 1] != '\n')
		return 0;
	for (p = off; p < len && buf[p] != '\n'; p++)
		if (buf[p] == '\\' && p + 1 < len && buf[p + 1] == '\n')
			p++;
	return p;
}

/*
 * clang drops a statement whose expression has errors (a struct the shim
 * does not know, say) from the AST altogether.  Such statements leave
 * gaps between the children of a compound statement; API calls found by
 * their tokens in a gap become events in place, in source order.
 */
void scan_gap(struct builder *b, unsigned from, unsigned to)
{
	CXSourceRange r;
	CXToken *t;
	unsigned n, i, j;

	if (to > b->len || from >= to)
		return;
	for (j = from; j < to; j++)
		if (!strchr(" \t\r\n;{}", b->buf[j]))
			break;
	if (j == to)
		return;
	r = clang_getRange(clang_getLocationForOffset(b->tu, b->file, from),
			   clang_getLocationForOffset(b->tu, b->file, to));
	clang_tokenize(b->tu, r, &t, &n);
	gap_writes(b, t, n);
	for (i = 0; i + 1 < n; i++) {
		CXString s;
		const struct kapi *api;
		const char *name;
		unsigned end, depth = 0, off, dend;
		int ev;

		if (tok_is(b->tu, t[i], "#")) {
			/* a #define in the body is no call */
			clang_getFileLocation(clang_getTokenLocation(b->tu, t[i]),
					      NULL, NULL, NULL, &off);
			dend = directive_end(b->buf, b->len, off);
			while (dend && i + 1 < n) {
				clang_getFileLocation(clang_getTokenLocation(
						b->tu, t[i + 1]), NULL, NULL,
						NULL, &off);
				if (off >= dend)
					break;
				i++;
			}
			continue;
		}
		if (i + 4 < n && tok_is(b->tu, t[i], "current") &&
		    tok_is(b->tu, t[i + 1], "->") &&
		    tok_is(b->tu, t[i + 2], "state") &&
		    tok_is(b->tu, t[i + 3], "=")) {
			/* `current->state = X;` in a dropped statement */
			struct strbuf sb = { 0 };

			for (end = i + 4; end < n && !tok_is(b->tu, t[end], ";");
			     end++) {
				s = clang_getTokenSpelling(b->tu, t[end]);
				sb_puts(&sb, clang_getCString(s));
				clang_disposeString(s);
			}
			ev = append(b, N_EVENT,
				    loc_pos(clang_getTokenLocation(b->tu, t[i])));
			b->g->nodes[ev].ev.api = state_field_kapi();
			b->g->nodes[ev].ev.args[0] = sb.s ? sb.s : xstrdup("");
			b->g->nodes[ev].ev.nargs = 1;
			i = end;
			continue;
		}
		if (clang_getTokenKind(t[i]) != CXToken_Identifier ||
		    !tok_is(b->tu, t[i + 1], "("))
			continue;
		s = clang_getTokenSpelling(b->tu, t[i]);
		name = clang_getCString(s);
		api = kapi_classify(name, strlen(name));
		if (!api && callee_touches_state(b->g, name, strlen(name)) &&
		    !(i && (tok_is(b->tu, t[i - 1], "->") ||
			    tok_is(b->tu, t[i - 1], ".")))) {
			/* a call of a function of the file, in a dropped statement */
			emit_state_call(b, loc_pos(clang_getTokenLocation(b->tu, t[i])),
					name, strlen(name));
			clang_disposeString(s);
			continue;
		}
		/* `ops->sleep_on(q)`: a method of that name (events.c) */
		if (api && api->kind == K_SLEEP_ON && i &&
		    (tok_is(b->tu, t[i - 1], "->") || tok_is(b->tu, t[i - 1], ".")))
			api = NULL;
		else if (!api)	/* `unlock_pool();`, a driver's lock macro */
			api = macro_body_unlock(b->buf, b->len, name);
		clang_disposeString(s);
		if (!api)
			continue;
		for (end = i + 1; end < n; end++) {
			if (tok_is(b->tu, t[end], "("))
				depth++;
			else if (tok_is(b->tu, t[end], ")") && --depth == 0)
				break;
		}
		if (end == n)
			break;
		ev = append(b, N_EVENT, loc_pos(clang_getTokenLocation(b->tu, t[i])));
		b->g->nodes[ev].ev.api = api;
		macro_args(b->tu, clang_getRange(
				clang_getTokenLocation(b->tu, t[i]),
				clang_getRangeEnd(clang_getTokenExtent(b->tu, t[end]))),
			   &b->g->nodes[ev].ev);
		i = end;
	}
	clang_disposeTokens(b->tu, t, n);
}

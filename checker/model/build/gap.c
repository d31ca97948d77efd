// SPDX-License-Identifier: GPL-2.0-only
/*
 * Statements clang dropped from the AST, read from their tokens.
 *
 * A statement whose expression has errors (a struct the shim does not
 * know) leaves a gap between the children of its compound statement.
 * The API calls in a gap become events in place, in source order, and
 * each name it mentions may be written (a constant stored by a plain
 * `name = K;` is kept as the write's value).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "builder.h"
/*
 * The constant a dropped statement stores to the name at token i, when
 * the tokens are just `name = K;` with K a number, true, false or NULL
 * (the value is then known, as a parsed one's would be), else NULL.
 */
static char *gap_constant(struct builder *b, CXToken *t, unsigned n,
			  unsigned i)
{
	CXString s;
	char *k = NULL;
	CXTokenKind kind;

	static const char *const before[] = { ";", "{", "}", ")", "else" };
	size_t j = 0;

	for (; i && j < sizeof(before) / sizeof(before[0]); j++)
		if (tok_is(b->tu, t[i - 1], before[j]))
			break;
	if (i + 3 >= n || !tok_is(b->tu, t[i + 1], "=") ||
	    !tok_is(b->tu, t[i + 3], ";") ||
	    j == sizeof(before) / sizeof(before[0]))
		return NULL;
	kind = clang_getTokenKind(t[i + 2]);
	s = clang_getTokenSpelling(b->tu, t[i + 2]);
	if ((kind == CXToken_Literal && isdigit((unsigned char)*clang_getCString(s))) ||
	    (kind == CXToken_Identifier &&
	     (!strcmp(clang_getCString(s), "true") ||
	      !strcmp(clang_getCString(s), "false") ||
	      !strcmp(clang_getCString(s), "NULL"))))
		k = xstrdup(clang_getCString(s));
	clang_disposeString(s);
	return k;
}

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
			b->g->nodes[w].rhs = gap_constant(b, t, n, i);
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
/*
 * Does the block that closes at token c end with a jump (continue,
 * break, return, goto): `{ __set_current_state(TASK_RUNNING); continue; }`?
 */
static bool block_jumps(struct builder *b, CXToken *t, unsigned c)
{
	static const char *const jumps[] = { "continue", "break", "return", "goto" };
	unsigned k, i;

	if (c < 2 || !tok_is(b->tu, t[c - 1], ";"))
		return false;
	for (k = c - 1; k > 0 && !tok_is(b->tu, t[k - 1], ";") &&
	     !tok_is(b->tu, t[k - 1], "{") && !tok_is(b->tu, t[k - 1], "}"); k--)
		;
	for (i = 0; i < sizeof(jumps) / sizeof(jumps[0]); i++)
		if (tok_is(b->tu, t[k], jumps[i]))
			return true;
	return false;
}

/*
 * For each token of the gap, the closing brace of the innermost block
 * around it that ends with a jump, or 0.
 */
static unsigned *jump_blocks(struct builder *b, CXToken *t, unsigned n)
{
	unsigned *close = xrealloc(NULL, (n + 1) * sizeof(unsigned));
	unsigned *open = xrealloc(NULL, (n + 1) * sizeof(unsigned));
	unsigned i, k, sp = 0;

	memset(close, 0, (n + 1) * sizeof(unsigned));
	for (i = 0; i < n; i++) {
		if (tok_is(b->tu, t[i], "{")) {
			open[sp++] = i;
		} else if (tok_is(b->tu, t[i], "}") && sp) {
			sp--;
			if (block_jumps(b, t, i))
				for (k = open[sp]; k <= i; k++)
					if (!close[k])
						close[k] = i;
		}
	}
	free(open);
	return close;
}

/*
 * A state change at token i ending at token end whose block leaves by a
 * jump with no wait API call after it (`{ __set_current_state(
 * TASK_RUNNING); continue; }`): it is on a path that leaves, and the
 * tokens are read in a line, so it must not stand before the code after
 * the block.
 */
static bool state_left(struct builder *b, CXToken *t, const unsigned *close,
		       unsigned i, unsigned end)
{
	unsigned k;

	if (!close[i])
		return false;
	for (k = end + 1; k + 1 < close[i]; k++) {
		CXString s;
		bool api;

		if (clang_getTokenKind(t[k]) != CXToken_Identifier ||
		    !tok_is(b->tu, t[k + 1], "("))
			continue;
		s = clang_getTokenSpelling(b->tu, t[k]);
		api = kapi_classify(clang_getCString(s),
				    strlen(clang_getCString(s))) != NULL;
		clang_disposeString(s);
		if (api)
			return false;
	}
	return true;
}

/* The token after the one matching the opener at i (`(`, `{`), or n. */
static unsigned tok_match(struct builder *b, CXToken *t, unsigned i,
			  unsigned n, const char *open, const char *close)
{
	unsigned depth = 0;

	for (; i < n; i++) {
		if (tok_is(b->tu, t[i], open))
			depth++;
		else if (tok_is(b->tu, t[i], close) && --depth == 0)
			return i + 1;
	}
	return n;
}

/* The token after the statement starting at token i, or n. */
static unsigned tok_stmt_end(struct builder *b, CXToken *t, unsigned i,
			     unsigned n)
{
	unsigned depth = 0, e;

	if (i >= n)
		return n;
	if (tok_is(b->tu, t[i], "{"))
		return tok_match(b, t, i, n, "{", "}");
	if (tok_is(b->tu, t[i], "if") && i + 1 < n &&
	    tok_is(b->tu, t[i + 1], "(")) {
		e = tok_stmt_end(b, t, tok_match(b, t, i + 1, n, "(", ")"), n);
		return e < n && tok_is(b->tu, t[e], "else") ?
		       tok_stmt_end(b, t, e + 1, n) : e;
	}
	for (; i < n; i++) {
		if (tok_is(b->tu, t[i], "(") || tok_is(b->tu, t[i], "{"))
			depth++;
		else if (tok_is(b->tu, t[i], ")") || tok_is(b->tu, t[i], "}"))
			depth -= depth > 0;
		else if (!depth && tok_is(b->tu, t[i], ";"))
			return i + 1;
	}
	return n;
}

static void scan_range(struct builder *b, CXToken *t, unsigned lo,
		       unsigned n, const unsigned *jumping);

/* Does the arm [lo, hi) leave by a jump: a block ending in one, or a
 * `return ...;`, `continue;`, `break;`, `goto l;` of its own? */
static bool arm_jumps(struct builder *b, CXToken *t, unsigned lo,
		      unsigned hi)
{
	if (hi <= lo)
		return false;
	if (tok_is(b->tu, t[hi - 1], "}"))
		return block_jumps(b, t, hi - 1);
	return tok_is(b->tu, t[lo], "continue") ||
	       tok_is(b->tu, t[lo], "break") ||
	       tok_is(b->tu, t[lo], "return") || tok_is(b->tu, t[lo], "goto");
}

/*
 * A dropped `if (c) A; else B;` at token i (of n): the calls of c, then
 * A's on one branch and B's on the other, joined after them.  Read in a
 * line, the two arms would run one after the other (the io and the plain
 * sleep of one wait).  The token after the statement.
 */
static unsigned scan_if(struct builder *b, CXToken *t, unsigned i,
			unsigned n, const unsigned *jumping)
{
	unsigned c = tok_match(b, t, i + 1, n, "(", ")");
	unsigned a = tok_stmt_end(b, t, c, n), e = a;
	int fork, then_end, j;

	int first;

	scan_range(b, t, i + 2, c > i + 2 ? c - 1 : i + 2, jumping);
	fork = b->cur;
	first = b->g->n;
	scan_range(b, t, c, a, jumping);
	/* an arm that leaves (`{ ...; continue; }`) does not reach the
	 * code after the if: the jump itself is not read */
	then_end = arm_jumps(b, t, c, a) ? -1 : b->cur;
	b->cur = fork;
	if (a < n && tok_is(b->tu, t[a], "else")) {
		e = tok_stmt_end(b, t, a + 1, n);
		scan_range(b, t, a + 1, e, jumping);
		if (arm_jumps(b, t, a + 1, e))
			b->cur = -1;
	}
	/* the arms' events come after a test the graph does not hold */
	for (j = first; j < b->g->n; j++)
		if (b->g->nodes[j].kind == N_EVENT)
			b->g->nodes[j].flags |= NF_GAP_TESTED;
	if (then_end == fork && b->cur == fork)
		return e;	/* no event in either arm, no jump */
	/* an arm with none is the edge from the fork itself */
	j = new_node(b, N_JOIN, loc_pos(clang_getTokenLocation(b->tu, t[i])));
	link_nodes(b, then_end, j);
	link_nodes(b, b->cur, j);
	b->cur = then_end < 0 && b->cur < 0 ? -1 : j;
	return e;
}

/*
 * The API calls of tokens [lo, n) become events in place, in source
 * order; an `if (c) A; else B;` among them forks (scan_if()).
 */
static void scan_range(struct builder *b, CXToken *t, unsigned lo,
		       unsigned n, const unsigned *jumping)
{
	unsigned i;

	for (i = lo; i + 1 < n; i++) {
		CXString s;
		const struct kapi *api;
		const struct lock_wrap *w = NULL;
		const char *name;
		unsigned end, depth = 0, off, dend;
		int ev;

		if (tok_is(b->tu, t[i], "if") && tok_is(b->tu, t[i + 1], "(")) {
			i = scan_if(b, t, i, n, jumping) - 1;
			continue;
		}
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
			if (state_left(b, t, jumping, i, end)) {
				free(sb.s);
				i = end;
				continue;
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
		/* `ops->sleep_on(q)`: a method of that name (method_call()) */
		if (api && api->kind == K_SLEEP_ON && i &&
		    (tok_is(b->tu, t[i - 1], "->") || tok_is(b->tu, t[i - 1], ".")))
			api = NULL;
		else if (!api)	/* `unlock_pool();`, a driver's lock macro */
			api = macro_body_unlock(b->buf, b->len, name);
		if (!api && b->macros)	/* as in a call clang kept */
			api = lock_wrap_unlock(&b->macros->wraps, b->tu, name, &w);
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
		if (api->kind == K_SET_STATE && state_left(b, t, jumping, i, end)) {
			i = end;
			continue;
		}
		ev = append(b, N_EVENT, loc_pos(clang_getTokenLocation(b->tu, t[i])));
		b->g->nodes[ev].ev.api = api;
		macro_args(b->tu, clang_getRange(
				clang_getTokenLocation(b->tu, t[i]),
				clang_getRangeEnd(clang_getTokenExtent(b->tu, t[end]))),
			   &b->g->nodes[ev].ev);
		if (w)
			lock_wrap_event(w, &b->g->nodes[ev].ev);
		i = end;
	}
}

void scan_gap(struct builder *b, unsigned from, unsigned to)
{
	CXSourceRange r;
	CXToken *t;
	unsigned n, all, j;
	unsigned *jumping;

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
	all = n;
	/* the range takes the token that starts at `to`: the next statement's */
	while (n) {
		unsigned off;

		clang_getFileLocation(clang_getTokenLocation(b->tu, t[n - 1]),
				      NULL, NULL, NULL, &off);
		if (off < to)
			break;
		n--;
	}
	gap_writes(b, t, n);
	jumping = jump_blocks(b, t, n);
	scan_range(b, t, 0, n, jumping);
	free(jumping);
	clang_disposeTokens(b->tu, t, all);
}

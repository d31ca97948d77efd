// SPDX-License-Identifier: GPL-2.0-only
/*
 * Tokens and a statement graph of one function, for the translation
 * validation (validate.c), built from the text alone.
 *
 * libclang's AST of a driver checked without its private headers lacks
 * whole statements: a `case RXRPC_INTERRUPTIBLE:` whose label no header
 * defines drops its arm from the parse, and the state write in it with
 * it.  The validation must see what the compiler will see, so it reads
 * the tokens: comments and literals skipped, each preprocessor
 * directive one token, and a recursive descent over statements that
 * needs no declaration of any name.  A `#if` chain whose branches are
 * whole statements becomes a branch of the graph; one that cuts through
 * a statement keeps its first live branch only.
 */
#define _GNU_SOURCE	/* memmem() */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "validate.h"

static bool idc(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_';
}

static void push(struct vtoks *v, enum vtok_kind k, unsigned off,
		 unsigned len, unsigned line)
{
	struct vtok *t;

	if (v->n == v->cap) {
		v->cap = v->cap ? 2 * v->cap : 256;
		v->t = xrealloc(v->t, v->cap * sizeof(*v->t));
	}
	t = &v->t[v->n++];
	memset(t, 0, sizeof(*t));
	t->kind = k;
	t->off = off;
	t->len = len;
	t->line = line;
	t->chain = t->branch = t->block = -1;
}

static enum vpp pp_kind(const char *s, const char *e)
{
	s++;
	while (s < e && (*s == ' ' || *s == '\t'))
		s++;
	if (e - s >= 2 && !strncmp(s, "if", 2) && (e - s == 2 || !idc(s[2]) ||
	    !strncmp(s, "ifdef", 5) || !strncmp(s, "ifndef", 6)))
		return VPP_IF;
	if (e - s >= 4 && !strncmp(s, "elif", 4))
		return VPP_ELIF;
	if (e - s >= 4 && !strncmp(s, "else", 4))
		return VPP_ELSE;
	if (e - s >= 5 && !strncmp(s, "endif", 5))
		return VPP_ENDIF;
	return VPP_OTHER;
}

/* A version test: the newest kernel (exclusive) the branch is for. */
static unsigned version_upper(const char *s, const char *e, bool negate)
{
	const char *p = s;
	unsigned a, b, c = 0;
	char op[3] = { 0 };
	int k;

	while (p < e && (p = memmem(p, e - p, "LINUX_VERSION_CODE", 18))) {
		const char *q = p + 18, *kv;

		while (q < e && (*q == ' ' || *q == '\t'))
			q++;
		for (k = 0; k < 2 && q < e && strchr("<>=!", *q); k++)
			op[k] = *q++;
		kv = memmem(q, e - q, "KERNEL_VERSION", 14);
		if (!kv || sscanf(kv + 14, " ( %u , %u , %u", &a, &b, &c) < 2)
			return 0;
		if (negate ? !strcmp(op, ">=") : !strcmp(op, "<"))
			return WQ_KVER(a, b, c);
		if (negate ? !strcmp(op, ">") : !strcmp(op, "<="))
			return WQ_KVER(a, b, c) + 1;
		return 0;
	}
	return 0;
}

/* The chain bookkeeping of directive token i. */
static bool pp_chain(struct vtoks *v, int i, int *stack, int *depth)
{
	struct vtok *t = &v->t[i];
	const char *s = v->text + t->off, *e = s + t->len;
	struct vchain *c;

	switch (t->pp) {
	case VPP_IF:
		if (*depth == 32)
			return false;
		v->ch = xrealloc(v->ch, (v->nch + 1) * sizeof(*v->ch));
		c = &v->ch[v->nch];
		memset(c, 0, sizeof(*c));
		c->parent = *depth ? stack[*depth - 1] : -1;
		c->pbranch = *depth ? v->ch[c->parent].nbranch - 1 : -1;
		c->nbranch = 1;
		c->upper[0] = version_upper(s, e, false);
		c->iftok = i;
		stack[(*depth)++] = v->nch++;
		break;
	case VPP_ELIF:
	case VPP_ELSE:
		if (!*depth) {
			/* its #if is before the function (a prototype per
			 * kernel version): no chain of the body */
			t->pp = VPP_OTHER;
			return true;
		}
		c = &v->ch[stack[*depth - 1]];
		if (c->nbranch == 8)
			return false;	/* the caller flattens nothing: refused */
		/* the #else of a single version test is its negation */
		c->upper[c->nbranch] = t->pp == VPP_ELIF ?
			version_upper(s, e, false) :
			c->nbranch == 1 ? version_upper(
				v->text + v->t[c->iftok].off,
				v->text + v->t[c->iftok].off + v->t[c->iftok].len,
				true) : 0;
		c->has_else |= t->pp == VPP_ELSE;
		c->nbranch++;
		break;
	case VPP_ENDIF:
		if (!*depth) {
			t->pp = VPP_OTHER;
			return true;
		}
		(*depth)--;
		break;
	default:
		break;
	}
	return true;
}

/* Is directive [s, e) `#if 0`? */
static bool pp_zero(const char *s, const char *e)
{
	for (s++; s < e && (*s == ' ' || *s == '\t'); s++)
		;
	if (e - s < 2 || strncmp(s, "if", 2) || idc(s[2]))
		return false;
	for (s += 2; s < e && (*s == ' ' || *s == '\t'); s++)
		;
	return s < e && *s == '0' && (s + 1 == e || !idc(s[1]));
}

bool vtok_cut(struct vtoks *v, const char *text, unsigned start, unsigned end)
{
	static const char *const punct3[] = { "<<=", ">>=", "...", NULL };
	static const char *const punct2[] = {
		"->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&",
		"||", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "##", NULL
	};
	unsigned line = 1, i;
	int stack[32], depth = 0, blocks[256], nb = 0, k;
	int ppdepth = 0, dead = -1;	/* the #if level of an #if 0 */
	bool bol = true;

	memset(v, 0, sizeof(*v));
	v->text = text;
	for (i = 0; i < start; i++)
		line += text[i] == '\n';
	i = start;
	while (i < end) {
		char c = text[i];
		unsigned s = i;

		if (c == '\n') {
			line++;
			bol = true;
			i++;
			continue;
		}
		if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
			i++;
			continue;
		}
		if (c == '\\' && i + 1 < end && text[i + 1] == '\n') {
			i += 2;
			line++;
			continue;
		}
		if (c == '/' && i + 1 < end && text[i + 1] == '*') {
			for (i += 2; i + 1 < end && !(text[i] == '*' && text[i + 1] == '/'); i++)
				line += text[i] == '\n';
			i += 2;
			continue;
		}
		if (c == '/' && i + 1 < end && text[i + 1] == '/') {
			while (i < end && text[i] != '\n')
				i++;
			continue;
		}
		if (c == '#' && bol) {
			unsigned l0 = line;

			while (i < end && text[i] != '\n') {
				if (text[i] == '\\' && i + 1 < end && text[i + 1] == '\n') {
					i++;
					line++;
				} else if (text[i] == '/' && i + 1 < end && text[i + 1] == '*') {
					for (i += 2; i + 1 < end && !(text[i] == '*' && text[i + 1] == '/'); i++)
						line += text[i] == '\n';
					i++;
				}
				i++;
			}
			push(v, VT_PP, s, i - s, l0);
			v->t[v->n - 1].pp = pp_kind(text + s, text + i);
			/* `#if 0`: the compiler reads nothing up to its
			 * #else, #elif or #endif (a prototype kept there) */
			switch (v->t[v->n - 1].pp) {
			case VPP_IF:
				ppdepth++;
				if (dead < 0 && pp_zero(text + s, text + i))
					dead = ppdepth;
				break;
			case VPP_ELIF:
			case VPP_ELSE:
				if (dead == ppdepth)
					dead = -1;
				break;
			case VPP_ENDIF:
				if (dead == ppdepth)
					dead = -1;
				if (ppdepth)
					ppdepth--;
				break;
			default:
				break;
			}
			continue;
		}
		bol = false;
		if (dead >= 0) {	/* in an #if 0: skip the line */
			while (i < end && text[i] != '\n')
				i++;
			continue;
		}
		if (c == '"' || c == '\'') {
			for (i++; i < end && text[i] != c && text[i] != '\n'; i++)
				if (text[i] == '\\')
					i++;
			i++;
			push(v, VT_STR, s, i - s, line);
			continue;
		}
		if (idc(c)) {
			bool num = c >= '0' && c <= '9';

			while (i < end && (idc(text[i]) ||
					   (num && text[i] == '.')))
				i++;
			push(v, num ? VT_NUM : VT_ID, s, i - s, line);
			continue;
		}
		for (k = 0; punct3[k]; k++)
			if (i + 3 <= end && !strncmp(text + i, punct3[k], 3))
				break;
		if (punct3[k]) {
			push(v, VT_PUNCT, s, 3, line);
			i += 3;
			continue;
		}
		for (k = 0; punct2[k]; k++)
			if (i + 2 <= end && !strncmp(text + i, punct2[k], 2))
				break;
		i += punct2[k] ? 2 : 1;
		push(v, VT_PUNCT, s, i - s, line);
	}
	/* chains, branches and blocks */
	for (k = 0; k < v->n; k++) {
		struct vtok *t = &v->t[k];

		if (t->kind == VT_PP && !pp_chain(v, k, stack, &depth))
			return false;
		if (depth) {
			t->chain = stack[depth - 1];
			t->branch = v->ch[t->chain].nbranch - 1;
		}
		t->block = nb ? blocks[nb - 1] : -1;
		if (vtok_is(v, k, "{") && nb < 256)
			blocks[nb++] = k;
		else if (vtok_is(v, k, "}") && nb)
			nb--;
	}
	return true;
}

static bool if_zero(const struct vtoks *v, int chain)
{
	const struct vtok *t = &v->t[v->ch[chain].iftok];

	return pp_zero(v->text + t->off, v->text + t->off + t->len);
}

int vtok_choices(const struct vtoks *v, int c)
{
	return v->ch[c].nbranch + (v->ch[c].has_else ? 0 : 1);
}

void vtok_flatten(struct vtoks *v)
{
	vtok_select(v, NULL);
}

void vtok_select(struct vtoks *v, const int *sel)
{
	int i, k, n = 0, blocks[256], nb = 0;

	for (i = 0; i < v->n; i++) {
		struct vtok *t = &v->t[i];
		bool keep = !(t->kind == VT_PP && t->pp != VPP_OTHER);
		int c = t->chain, br = t->branch;

		for (; keep && c >= 0; br = v->ch[c].pbranch, c = v->ch[c].parent) {
			int want = sel ? sel[c] :
				   if_zero(v, c) && v->ch[c].nbranch > 1 ? 1 : 0;

			keep = br == want;
		}
		if (keep)
			v->t[n++] = *t;
	}
	v->n = n;
	for (k = 0; k < v->n; k++) {
		v->t[k].chain = v->t[k].branch = -1;
		v->t[k].block = nb ? blocks[nb - 1] : -1;
		if (vtok_is(v, k, "{") && nb < 256)
			blocks[nb++] = k;
		else if (vtok_is(v, k, "}") && nb)
			nb--;
	}
}

void vtok_release(struct vtoks *v)
{
	free(v->t);
	free(v->ch);
	memset(v, 0, sizeof(*v));
}

bool vtok_is(const struct vtoks *v, int i, const char *s)
{
	size_t n = strlen(s);

	return i >= 0 && i < v->n && v->t[i].len == n &&
	       v->t[i].kind != VT_PP && !memcmp(v->text + v->t[i].off, s, n);
}

int vtok_match(const struct vtoks *v, int i)
{
	const char *open = "([{", *close = ")]}";
	char o, c;
	int d = 0, k;

	if (i < 0 || i >= v->n || v->t[i].len != 1 ||
	    !strchr(open, v->text[v->t[i].off]))
		return -1;
	o = v->text[v->t[i].off];
	c = close[strchr(open, o) - open];
	for (k = i; k < v->n; k++) {
		if (v->t[k].kind != VT_PUNCT || v->t[k].len != 1)
			continue;
		if (v->text[v->t[k].off] == o)
			d++;
		else if (v->text[v->t[k].off] == c && !--d)
			return k;
	}
	return -1;
}

bool vtok_exclusive(const struct vtoks *v, int a, int b)
{
	int ca = v->t[a].chain, ba = v->t[a].branch;

	for (; ca >= 0; ba = v->ch[ca].pbranch, ca = v->ch[ca].parent) {
		int cb = v->t[b].chain, bb = v->t[b].branch;

		for (; cb >= 0; bb = v->ch[cb].pbranch, cb = v->ch[cb].parent)
			if (ca == cb)
				return ba != bb;
	}
	return false;
}

/* an assignment or a comparison, written with spaces around */
static bool spaced(const struct vtoks *v, int k)
{
	static const char *const ops[] = {
		"=", "==", "!=", "+=", "-=", "|=", "&=", "&&", "||", "?", "<=",
		">=", NULL
	};
	int i;

	for (i = 0; ops[i]; i++)
		if (vtok_is(v, k, ops[i]))
			return true;
	return false;
}

char *vtok_text(const struct vtoks *v, int a, int b)
{
	struct strbuf sb = { 0 };
	int k;

	for (k = a; k < b; k++) {
		if (v->t[k].kind == VT_PP)
			continue;
		if (sb.len && k > a && ((v->t[k - 1].kind != VT_PUNCT &&
		     v->t[k].kind != VT_PUNCT) || vtok_is(v, k - 1, ",") ||
		    spaced(v, k) || spaced(v, k - 1)))
			sb_puts(&sb, " ");
		sb_add(&sb, v->text + v->t[k].off, v->t[k].len);
	}
	if (!sb.s)
		return xstrdup("");
	return sb.s;
}

/* ---- the statement graph ---- */

struct vbuild {
	struct vcfg *g;
	const struct vtoks *v;
	int brk[64], cont[64], nloop;
	int sw[64], nsw;		/* switch heads */
	bool sw_default[64];
	struct { int tok, node; } *labels, *gotos;
	int nlabels, ngotos;
	int depth;
	bool fail;
};

static int node(struct vbuild *b, enum vnode_kind k, int first, int last)
{
	struct vcfg *g = b->g;
	struct vnode *n;

	if (g->nn == g->capn) {
		g->capn = g->capn ? 2 * g->capn : 64;
		g->n = xrealloc(g->n, g->capn * sizeof(*g->n));
	}
	n = &g->n[g->nn];
	memset(n, 0, sizeof(*n));
	n->kind = k;
	n->first = first;
	n->last = last;
	return g->nn++;
}

static void edge(struct vbuild *b, int from, int to)
{
	struct vnode *n = &b->g->n[from];

	if (n->nsucc == n->capsucc) {
		n->capsucc = n->capsucc ? 2 * n->capsucc : 2;
		n->succ = xrealloc(n->succ, n->capsucc * sizeof(int));
	}
	n->succ[n->nsucc++] = to;
}

static bool same_name(const struct vtoks *v, int a, int b)
{
	return v->t[a].len == v->t[b].len &&
	       !memcmp(v->text + v->t[a].off, v->text + v->t[b].off, v->t[a].len);
}

static int stmt(struct vbuild *b, int *pos, int next);

static bool seq_end(const struct vbuild *b, int pos)
{
	const struct vtoks *v = b->v;

	return pos >= v->n || vtok_is(v, pos, "}") ||
	       (v->t[pos].kind == VT_PP && v->t[pos].pp != VPP_OTHER &&
		v->t[pos].pp != VPP_IF);
}

/* Statements up to a '}' or a directive ending a branch. */
static int seq(struct vbuild *b, int *pos, int next)
{
	int entry = node(b, VN_JOIN, *pos, *pos), cur = entry;

	while (!b->fail && !seq_end(b, *pos)) {
		int after = node(b, VN_JOIN, *pos, *pos);
		int e = stmt(b, pos, after);

		edge(b, cur, e);
		cur = after;
	}
	edge(b, cur, next);
	return entry;
}

/* The end of the expression statement at pos: its ';' (exclusive end). */
static int expr_end(struct vbuild *b, int pos, bool *block_macro)
{
	const struct vtoks *v = b->v;
	int k;

	*block_macro = false;
	for (k = pos; k < v->n; k++) {
		if (vtok_is(v, k, ";"))
			return k + 1;
		if (vtok_is(v, k, "(") || vtok_is(v, k, "[")) {
			k = vtok_match(v, k);
			if (k < 0)
				break;
			continue;
		}
		if (vtok_is(v, k, "{")) {
			/* an initializer, or a loop macro's body */
			if (k > pos && vtok_is(v, k - 1, ")") &&
			    v->t[pos].kind == VT_ID && vtok_is(v, pos + 1, "(") &&
			    vtok_match(v, pos + 1) == k - 1) {
				*block_macro = true;
				return k;
			}
			k = vtok_match(v, k);
			if (k < 0)
				break;
			continue;
		}
		if (vtok_is(v, k, "}"))
			break;
		if (v->t[k].kind == VT_PP && v->t[k].pp != VPP_OTHER)
			break;
	}
	b->fail = true;
	return v->n;
}

static int cond_paren(struct vbuild *b, int *pos)
{
	int open = *pos, close;

	if (!vtok_is(b->v, open, "(") || (close = vtok_match(b->v, open)) < 0) {
		b->fail = true;
		return node(b, VN_JOIN, open, open);
	}
	*pos = close + 1;
	return node(b, VN_COND, open + 1, close);
}

static int loop_body(struct vbuild *b, int *pos, int next, int cont)
{
	int e;

	if (b->nloop == 64) {
		b->fail = true;
		return next;
	}
	b->brk[b->nloop] = next;
	b->cont[b->nloop++] = cont;
	e = stmt(b, pos, cont);
	b->nloop--;
	return e;
}

static int stmt_pp(struct vbuild *b, int *pos, int next)
{
	const struct vtoks *v = b->v;
	int head = node(b, VN_JOIN, *pos, *pos), chain = v->t[*pos].chain;

	(*pos)++;
	for (;;) {
		int e = seq(b, pos, next);

		edge(b, head, e);
		if (b->fail || *pos >= v->n || v->t[*pos].kind != VT_PP) {
			b->fail = true;
			return head;
		}
		if (v->t[*pos].pp == VPP_ENDIF) {
			(*pos)++;
			break;
		}
		(*pos)++;
	}
	if (chain < 0 || !v->ch[chain].has_else)
		edge(b, head, next);
	return head;
}

/* do { } while (c); */
static int stmt_do(struct vbuild *b, int *pos, int next)
{
	const struct vtoks *v = b->v;
	int p = *pos, body = node(b, VN_JOIN, p, p), c, k;

	*pos = p + 1;
	c = node(b, VN_COND, 0, 0);
	edge(b, body, loop_body(b, pos, next, c));
	if (!vtok_is(v, *pos, "while")) {
		b->fail = true;
		return body;
	}
	(*pos)++;
	k = *pos;
	if (vtok_is(v, k, "(") && vtok_match(v, k) > 0) {
		b->g->n[c].first = k + 1;
		b->g->n[c].last = vtok_match(v, k);
		*pos = b->g->n[c].last + 1;
	} else {
		b->fail = true;
	}
	if (vtok_is(v, *pos, ";"))
		(*pos)++;
	edge(b, c, body);
	edge(b, c, next);
	return body;
}

/* for (init; c; step) body */
static int stmt_for(struct vbuild *b, int *pos, int next)
{
	const struct vtoks *v = b->v;
	int p = *pos, close = vtok_match(v, p + 1), s1 = -1, s2 = -1;
	int init, step, c, k;

	if (close < 0) {
		b->fail = true;
		return next;
	}
	for (k = p + 2; k < close; k++) {
		if (vtok_is(v, k, "(") || vtok_is(v, k, "{"))
			k = vtok_match(v, k);
		if (k < 0)
			break;
		if (vtok_is(v, k, ";")) {
			if (s1 < 0)
				s1 = k;
			else if (s2 < 0)
				s2 = k;
		}
	}
	if (s1 < 0 || s2 < 0) {
		b->fail = true;
		return next;
	}
	init = node(b, VN_STMT, p + 2, s1);
	c = s2 > s1 + 1 ? node(b, VN_COND, s1 + 1, s2) :
			  node(b, VN_JOIN, s1, s1);
	step = node(b, VN_STMT, s2 + 1, close);
	*pos = close + 1;
	edge(b, init, c);
	edge(b, c, loop_body(b, pos, next, step));
	if (b->g->n[c].kind == VN_COND)
		edge(b, c, next);
	edge(b, step, c);
	return init;
}

/* switch (x) body: break leaves the switch; continue still means the loop */
static int stmt_switch(struct vbuild *b, int *pos, int next)
{
	int c, sw;

	*pos = *pos + 1;
	c = cond_paren(b, pos);
	b->g->n[c].kind = VN_STMT;	/* evaluated, then a jump */
	sw = node(b, VN_JOIN, *pos, *pos);
	edge(b, c, sw);
	if (b->nsw == 64 || b->nloop == 64) {
		b->fail = true;
		return c;
	}
	b->sw[b->nsw] = sw;
	b->sw_default[b->nsw++] = false;
	b->brk[b->nloop] = next;
	b->cont[b->nloop] = b->nloop ? b->cont[b->nloop - 1] : -1;
	b->nloop++;
	stmt(b, pos, next);
	b->nloop--;
	if (!b->sw_default[--b->nsw])
		edge(b, sw, next);
	return c;
}

/* case x: / default: */
static int stmt_case(struct vbuild *b, int *pos, int next)
{
	const struct vtoks *v = b->v;
	int p = *pos, n, k;

	for (k = p + 1; k < v->n && !vtok_is(v, k, ":"); k++)
		if (vtok_is(v, k, "("))
			k = vtok_match(v, k) < 0 ? v->n : vtok_match(v, k);
	if (k >= v->n || !b->nsw) {
		b->fail = true;
		return next;
	}
	n = node(b, VN_JOIN, p, p);
	edge(b, b->sw[b->nsw - 1], n);
	if (vtok_is(v, p, "default"))
		b->sw_default[b->nsw - 1] = true;
	*pos = k + 1;
	edge(b, n, next);
	return n;
}

/* break; continue; goto label; */
static int stmt_jump(struct vbuild *b, int *pos)
{
	const struct vtoks *v = b->v;
	int p = *pos, n = node(b, VN_JOIN, p, p);

	if (vtok_is(v, p, "goto")) {
		b->gotos = xrealloc(b->gotos, (b->ngotos + 1) * sizeof(*b->gotos));
		b->gotos[b->ngotos].tok = p + 1;
		b->gotos[b->ngotos++].node = n;
		*pos = p + 2;
	} else {
		int to = b->nloop ? (vtok_is(v, p, "break") ? b->brk[b->nloop - 1] :
				     b->cont[b->nloop - 1]) : -1;

		if (to < 0)
			b->fail = true;
		else
			edge(b, n, to);
		*pos = p + 1;
	}
	if (vtok_is(v, *pos, ";"))
		(*pos)++;
	return n;
}

/* An expression statement, or a loop macro with its body. */
static int stmt_expr(struct vbuild *b, int *pos, int next)
{
	int p = *pos, c, n;
	bool blk;

	*pos = expr_end(b, p, &blk);
	if (blk) {
		/* list_for_each_entry(...) { ... }: a loop */
		c = node(b, VN_COND, p, *pos);
		edge(b, c, loop_body(b, pos, next, c));
		edge(b, c, next);
		return c;
	}
	n = node(b, VN_STMT, p, *pos);
	edge(b, n, next);
	return n;
}

static int stmt(struct vbuild *b, int *pos, int next)
{
	const struct vtoks *v = b->v;
	int p = *pos, n, c, e;
	bool blk;

	if (++b->depth > 200 || p >= v->n) {
		b->fail = true;
		b->depth--;
		return next;
	}
	if (v->t[p].kind == VT_PP) {
		if (v->t[p].pp == VPP_IF) {
			n = stmt_pp(b, pos, next);
		} else {
			/* #define and friends inside a body: no statement */
			(*pos)++;
			n = node(b, VN_JOIN, p, p);
			edge(b, n, next);
		}
	} else if (vtok_is(v, p, "{")) {
		(*pos)++;
		n = seq(b, pos, next);
		if (!vtok_is(v, *pos, "}"))
			b->fail = true;
		(*pos)++;
	} else if (vtok_is(v, p, ";")) {
		(*pos)++;
		n = node(b, VN_JOIN, p, p);
		edge(b, n, next);
	} else if (vtok_is(v, p, "if")) {
		*pos = p + 1;
		c = cond_paren(b, pos);
		n = c;
		e = stmt(b, pos, next);
		edge(b, c, e);
		if (vtok_is(v, *pos, "else")) {
			(*pos)++;
			edge(b, c, stmt(b, pos, next));
		} else {
			edge(b, c, next);
		}
	} else if (vtok_is(v, p, "while")) {
		*pos = p + 1;
		c = cond_paren(b, pos);
		n = c;
		edge(b, c, loop_body(b, pos, next, c));
		edge(b, c, next);
	} else if (vtok_is(v, p, "do")) {
		n = stmt_do(b, pos, next);
	} else if (vtok_is(v, p, "for")) {
		n = stmt_for(b, pos, next);
	} else if (vtok_is(v, p, "switch")) {
		n = stmt_switch(b, pos, next);
	} else if (vtok_is(v, p, "case") || vtok_is(v, p, "default")) {
		n = stmt_case(b, pos, next);
	} else if (vtok_is(v, p, "break") || vtok_is(v, p, "continue") ||
		   (vtok_is(v, p, "goto") && v->t[p + 1].kind == VT_ID)) {
		n = stmt_jump(b, pos);
	} else if (vtok_is(v, p, "return")) {
		*pos = expr_end(b, p, &blk);
		n = node(b, VN_RET, p, *pos);
		edge(b, n, b->g->exit);
	} else if (v->t[p].kind == VT_ID && vtok_is(v, p + 1, ":") &&
		   !vtok_is(v, p + 2, ":")) {
		n = node(b, VN_JOIN, p, p);
		b->labels = xrealloc(b->labels, (b->nlabels + 1) * sizeof(*b->labels));
		b->labels[b->nlabels].tok = p;
		b->labels[b->nlabels++].node = n;
		*pos = p + 2;
		edge(b, n, next);
	} else {
		n = stmt_expr(b, pos, next);
	}
	b->depth--;
	return n;
}

bool vcfg_build(struct vcfg *g, const struct vtoks *v, int lb)
{
	struct vbuild b = { 0 };
	int pos = lb + 1, i, j, body, end;

	memset(g, 0, sizeof(*g));
	b.g = g;
	b.v = v;
	g->exit = node(&b, VN_EXIT, v->n, v->n);
	end = node(&b, VN_RET, 0, 0);	/* falling off the end */
	edge(&b, end, g->exit);
	body = seq(&b, &pos, end);
	g->entry = body;
	g->n[end].first = g->n[end].last = pos < v->n ? pos : v->n - 1;
	/* the body's own '}': a '}' of one #if branch ends no function */
	if (!b.fail && (!vtok_is(v, pos, "}") || vtok_match(v, lb) != pos))
		b.fail = true;
	for (i = 0; !b.fail && i < b.ngotos; i++) {
		for (j = 0; j < b.nlabels; j++)
			if (same_name(v, b.gotos[i].tok, b.labels[j].tok))
				break;
		if (j == b.nlabels)
			b.fail = true;
		else
			edge(&b, b.gotos[i].node, b.labels[j].node);
	}
	if (b.fail)
		g->error = xasprintf("the statements near line %u do not read as C",
				     pos < v->n ? v->t[pos].line :
				     v->n ? v->t[v->n - 1].line : 0);
	free(b.labels);
	free(b.gotos);
	return !b.fail;
}

void vcfg_release(struct vcfg *g)
{
	int i;

	for (i = 0; i < g->nn; i++)
		free(g->n[i].succ);
	free(g->n);
	free(g->error);
	memset(g, 0, sizeof(*g));
}

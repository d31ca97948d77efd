// SPDX-License-Identifier: GPL-2.0-only
/*
 * What a test of the model's function reads of the function's own
 * (vmodel.c): its locals and parameters, which no waker writes, and the
 * locals that copy shared state, whose test reads the copy's moment,
 * not its own.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "vmodel.h"
#include "vmodel_run.h"

/*
 * Does the statement of the ',' at token c start as a declaration (a
 * type name, then a name or '*': `struct counts prev, now`, `int a = 1,
 * b`), not as a comma expression or a call's arguments?
 */
static bool later_declarator(const struct vtoks *v, int c,
			     const char *const *not_type)
{
	int j, d = 0, k;

	for (j = c - 1; j >= 0; j--) {
		if (vtok_is(v, j, ")") || vtok_is(v, j, "]"))
			d++;
		else if (vtok_is(v, j, "(") || vtok_is(v, j, "[")) {
			if (!d--)
				return false;	/* in a call's or a list's parens */
		} else if (!d && (vtok_is(v, j, ";") || vtok_is(v, j, "{") ||
				  vtok_is(v, j, "}")))
			break;
	}
	j++;
	if (j + 1 >= c || v->t[j].kind != VT_ID ||
	    !(v->t[j + 1].kind == VT_ID || vtok_is(v, j + 1, "*")))
		return false;
	for (k = 0; not_type[k]; k++)
		if (strlen(not_type[k]) == v->t[j].len &&
		    !strncmp(v->text + v->t[j].off, not_type[k], v->t[j].len))
			return false;
	return true;
}

/*
 * Is the name declared in f itself (a parameter or a local: `TYPE name`
 * followed by '=', ';', ',', ')' or '[')?  *addr: its address is taken
 * somewhere in f.
 */
static bool vfn_declares(const struct vfn *f, const char *x, size_t len,
			 bool *addr)
{
	static const char *const not_type[] = { "return", "case", "goto",
		"sizeof", "else", "do", NULL };
	const struct vtoks *v = &f->raw;
	bool decl = false;
	int i, k;

	*addr = false;
	for (i = 1; i + 1 < v->n; i++) {
		const struct vtok *p = &v->t[i - 1], *nx = &v->t[i + 1];
		const char *pt = v->text + p->off, *nt = v->text + nx->off;
		int pi = i - 1;

		if (v->t[i].kind != VT_ID || v->t[i].len != len ||
		    strncmp(v->text + v->t[i].off, x, len))
			continue;
		/* `&x` hands x on; `&x->f` a field behind it only */
		if (p->kind == VT_PUNCT && p->len == 1 && *pt == '&' &&
		    !(nx->kind == VT_PUNCT && nx->len == 2 && !strncmp(nt, "->", 2)))
			*addr = true;
		/* a pointer declarator: `struct dev *a, *b;` */
		while (pi > 0 && vtok_is(v, pi, "*"))
			pi--;
		p = &v->t[pi];
		pt = v->text + p->off;
		if (nx->kind != VT_PUNCT || nx->len != 1 || !strchr("=;,)[", *nt))
			continue;
		if (p->kind == VT_PUNCT && p->len == 1 && *pt == ',') {
			/* a later declarator: `struct counts prev, now;` */
			decl |= later_declarator(v, pi, not_type);
			continue;
		}
		if (p->kind != VT_ID)
			continue;
		for (k = 0; not_type[k]; k++)
			if (strlen(not_type[k]) == p->len &&
			    !strncmp(pt, not_type[k], p->len))
				break;
		decl |= !not_type[k];
	}
	return decl;
}

/* Declared in f and its address never taken: no waker can write it. */
static bool vfn_local(const struct vfn *f, const char *x, size_t len)
{
	bool addr;

	return vfn_declares(f, x, len, &addr) && !addr;
}

/* Is x declared as a pointer in f (`struct vga_device *vgadev, *x`)? */
static bool local_pointer(const struct vfn *f, const char *x, size_t len)
{
	const struct vtoks *v = &f->raw;
	int i;

	for (i = 2; i + 1 < v->n; i++)
		if (v->t[i].kind == VT_ID && v->t[i].len == len &&
		    !strncmp(v->text + v->t[i].off, x, len) &&
		    vtok_is(v, i - 1, "*") &&
		    (v->t[i - 2].kind == VT_ID || vtok_is(v, i - 2, ",") ||
		     vtok_is(v, i - 2, "*")) &&
		    v->t[i + 1].kind == VT_PUNCT && v->t[i + 1].len == 1 &&
		    strchr("=;,)[", v->text[v->t[i + 1].off]))
			return true;
	return false;
}

/*
 * Is the local x assigned, anywhere in f, what memory behind a pointer
 * or an array holds (`st = d->status`), or, a pointer, what a call
 * returns (`conflict = __vga_tryget(...)`, `rbuf = buf_get(...)`: a
 * lookup of shared state)?  Its value is then what others write, as the
 * copy or the call read it.  A number a call returns (`err =
 * check_status(...)`, `retval = usb_submit_urb(...)`) is taken for a
 * status of the call, the function's own.
 */
static bool local_from_shared(const struct vfn *f, const char *x, size_t len)
{
	const struct vtoks *v = &f->raw;
	bool ptr = local_pointer(f, x, len);
	int i, u;

	for (i = 0; i + 1 < v->n; i++) {
		bool call = false, mem = false;

		if (v->t[i].kind != VT_ID || v->t[i].len != len ||
		    strncmp(v->text + v->t[i].off, x, len) ||
		    !vtok_is(v, i + 1, "="))
			continue;
		for (u = i + 2; u + 1 < v->n && !vtok_is(v, u, ";"); u++) {
			call |= v->t[u].kind == VT_ID && vtok_is(v, u + 1, "(");
			mem |= vtok_is(v, u, "->") || vtok_is(v, u, "[");
		}
		if (call ? ptr : mem)
			return true;
	}
	return false;
}

/*
 * Does test node nd read only names pred accepts (and constants): no
 * field, element, call or dereference?  Each accepted name goes to
 * names (when not NULL), "'a', 'b'".
 */
static bool node_reads_only(const struct vfn *f, int nd,
			    bool (*pred)(const struct vfn *f, const char *x,
					 size_t n, const void *ctx),
			    const void *ctx, struct strbuf *names)
{
	static const char *const kw[] = { "if", "while", "for", "switch",
		"likely", "unlikely", NULL };
	const struct vnode *n = &f->g.n[nd];
	int t, k, ids = 0;

	for (t = n->first; t < n->last && t < f->flow.n; t++) {
		const struct vtok *tk = &f->flow.t[t];
		const char *x = f->flow.text + tk->off;

		bool binary = t > n->first &&
			      (f->flow.t[t - 1].kind == VT_ID ||
			       f->flow.t[t - 1].kind == VT_NUM ||
			       vtok_is(&f->flow, t - 1, ")"));
		size_t u;

		/* `a & MASK`, `a * 2`: operators; `*p`, `&x`, `p->f`: not
		 * the name alone */
		if (tk->kind == VT_PUNCT &&
		    ((tk->len == 2 && !strncmp(x, "->", 2)) ||
		     (tk->len == 1 && strchr(".[", *x)) ||
		     (tk->len == 1 && strchr("*&", *x) && !binary)))
			return false;
		if (tk->kind != VT_ID)
			continue;
		/* an upper-case name is a constant (`MSG_WAITALL`) */
		for (u = 0; u < tk->len && (isupper((unsigned char)x[u]) ||
					    isdigit((unsigned char)x[u]) ||
					    x[u] == '_'); u++)
			;
		if (u == tk->len && isupper((unsigned char)x[0]))
			continue;
		for (k = 0; kw[k]; k++)
			if (strlen(kw[k]) == tk->len && !strncmp(x, kw[k], tk->len))
				break;
		if (kw[k])
			continue;
		/* a call: a name followed by '(' */
		if (t + 1 < f->flow.n &&
		    f->flow.text[f->flow.t[t + 1].off] == '(')
			return false;
		if (!pred(f, x, tk->len, ctx))
			return false;
		if (names)
			sb_printf(names, "%s'%.*s'", names->len ? ", " : "",
				  (int)tk->len, x);
		ids++;
	}
	return ids > 0;
}

static bool own_name(const struct vfn *f, const char *x, size_t n,
		     const void *ctx)
{
	(void)ctx;
	return vfn_local(f, x, n) && !local_from_shared(f, x, n);
}

/*
 * Does test node nd read only the function's own names (vfn_local()),
 * none of them a copy of what others write (local_from_shared()): no
 * field, element, call or dereference?  `while (count)` on a
 * parameter the loop never changes is no exit a waker can open.
 */
bool node_locals_only(const struct vfn *f, int nd)
{
	return node_reads_only(f, nd, own_name, NULL, NULL);
}

static bool sealed_name(const struct vfn *f, const char *x, size_t n,
			const void *ctx)
{
	const struct vside *s = ctx;
	char *w;
	bool ok;

	if (vfn_local(f, x, n))
		return false;
	w = xasprintf("%.*s", (int)n, x);
	ok = text_static_sealed(s->text, s->len, w);
	free(w);
	return ok;
}

char *sealed_test(const struct vside *s, const struct vfn *o)
{
	struct strbuf names = { 0 };
	int8_t *cls;
	bool *guard, ok = true;
	int i, n = 0;

	model_conditions(o, &cls, &guard);
	for (i = 0; i < o->g.nn && ok; i++) {
		struct strbuf one = { 0 };

		if (!cls[i])
			continue;
		ok = node_reads_only(o, i, sealed_name, s, &one);
		if (ok && !strstr(names.s ? names.s : "", one.s))
			sb_printf(&names, "%s%s", names.len ? ", " : "", one.s);
		free(one.s);
		n++;
	}
	free(cls);
	free(guard);
	if (ok && n)
		return names.s;
	free(names.s);
	return NULL;
}

static bool tok_in(const struct vfn *f, int t, const char *const *list)
{
	const struct vtok *k = &f->flow.t[t];
	int i;

	for (i = 0; list[i]; i++)
		if (strlen(list[i]) == k->len &&
		    !strncmp(f->flow.text + k->off, list[i], k->len))
			return true;
	return false;
}

/*
 * Does node nd copy shared state into the local of token x (its text):
 * `memcpy(&x, &d->icount, sizeof(x))` (KAPI_MEM_COPY), or `x = <a field or an element>;`
 * as a statement?  A node that sleeps (`x = wait_event_timeout(...)`)
 * takes what the sleep returned, no copy.
 */
static bool node_copies(const struct vfn *f, int nd, const char *x,
			size_t len)
{
	const struct vnode *n = &f->g.n[nd];
	int t, k;

	for (k = 0; k < f->nnev[nd]; k++)
		if (is_sleep_ev(&f->ev[f->nev[nd][k]]))
			return false;
	for (t = n->first; t < n->last && t < f->flow.n; t++) {
		const struct vtok *tk = &f->flow.t[t];

		if (tk->kind != VT_ID || tk->len != len ||
		    strncmp(f->flow.text + tk->off, x, len))
			continue;
		/* memcpy ( & x , */
		if (t >= 3 && vtok_is(&f->flow, t - 1, "&") &&
		    vtok_is(&f->flow, t - 2, "(") &&
		    kapi_mem_copy(f->flow.text + f->flow.t[t - 3].off,
				  f->flow.t[t - 3].len) &&
		    t + 1 < n->last && vtok_is(&f->flow, t + 1, ","))
			return true;
		/* x = ... ; at a statement's start, a read of memory: a
		 * field or an element, no call but a KAPI_READ one (what a call returns, `err =
		 * open_file(...)`, `t = msecs_to_jiffies(...)`, is no copy
		 * of the condition the model can name) */
		if (t + 1 < n->last && vtok_is(&f->flow, t + 1, "=") &&
		    (t == n->first || vtok_is(&f->flow, t - 1, ";") ||
		     vtok_is(&f->flow, t - 1, "{") || vtok_is(&f->flow, t - 1, "}"))) {
			bool mem = false, call = false;
			int u;

			for (u = t + 2; u < n->last && !vtok_is(&f->flow, u, ";"); u++) {
				mem |= vtok_is(&f->flow, u, "->") ||
				       vtok_is(&f->flow, u, "[");
				call |= f->flow.t[u].kind == VT_ID &&
					u + 1 < n->last &&
					vtok_is(&f->flow, u + 1, "(") &&
					!kapi_read(f->flow.text + f->flow.t[u].off,
						   f->flow.t[u].len);
			}
			if (mem && !call)
				return true;
		}
	}
	return false;
}

/* Is token t of node n a field name (after '.' or '->')? */
static bool tok_member(const struct vfn *f, const struct vnode *n, int t)
{
	return t > n->first && (vtok_is(&f->flow, t - 1, ".") ||
				vtok_is(&f->flow, t - 1, "->"));
}

/*
 * The copy nodes of the locals test node i names (into mine, when any)
 * and the field names it reads through them (into *fields, a word list).
 * A copy counts in a loop with the test only: taken again each time
 * round (`cnow = p->icount;`); one taken once before the loop is the
 * reference the test compares with (`cprev`), or a flag of the call
 * (`nonblock = !!(file->f_flags & O_NONBLOCK);`), no copy of what the
 * loop waits for.
 */
static bool test_copies(const struct vfn *f, int i, bool *mine,
			struct strbuf *fields)
{
	const struct vnode *n = &f->g.n[i];
	bool any = false, copy = false, *ri = reach_set(f, i, -1);
	int t, k;

	for (t = n->first; t < n->last && t < f->flow.n; t++) {
		const struct vtok *tk = &f->flow.t[t];
		bool addr, this = false;

		if (tk->kind != VT_ID)
			continue;
		if (tok_member(f, n, t)) {
			if (copy)
				sb_printf(fields, " %.*s ", (int)tk->len,
					  f->flow.text + tk->off);
			continue;
		}
		copy = false;
		if (!vfn_declares(f, f->flow.text + tk->off, tk->len, &addr))
			continue;
		for (k = 0; k < f->g.nn; k++) {
			bool *rk;

			if (k == i || !ri[k] ||
			    !node_copies(f, k, f->flow.text + tk->off, tk->len))
				continue;
			rk = reach_set(f, k, -1);
			if (rk[i])
				mine[k] = this = true;
			free(rk);
		}
		copy = this;
		any |= this;
	}
	free(ri);
	return any;
}

/*
 * The tests that read a copy of shared state (into *read) and the nodes
 * that take the copy (into *take), per node, allocated.  A test of the
 * condition (cls) that names a local of the function some node copies
 * shared state into (node_copies()), calls nothing, and reads nothing
 * else the waker writes (writes, its last names; NULL: not read, then no
 * field through a pointer), reads the condition as it was at that copy,
 * not as it is at the test: the 3.4 TIOCMIWAIT loop that copies its
 * counts under the lock, then sets its state, then compares the copy
 * misses a change made between the copy and the state write.  A field
 * of the copy compared with the same field of another object (`now.dcd
 * != prev->dcd`) is the reference it is compared with.  A local of no
 * copy node (a reference value set once) reads nothing.  Where a test
 * reads a copy, a test of a signal is no longer read as the condition
 * (the flag, true at once after the waker): it goes either way, as a
 * signal does.
 */
void model_copies(const struct vfn *f, int8_t *cls, const char *writes,
		  bool **takep, bool **readp)
{
	static const char *const kw[] = { "if", "while", "for", "switch",
		"likely", "unlikely", "sizeof", NULL };
	bool *take = xrealloc(NULL, (f->g.nn + 1) * sizeof(bool));
	bool *read = xrealloc(NULL, (f->g.nn + 1) * sizeof(bool));
	bool *mine = xrealloc(NULL, (f->g.nn + 1) * sizeof(bool));
	bool any = false;
	int i, t, k;

	memset(take, 0, (f->g.nn + 1) * sizeof(bool));
	memset(read, 0, (f->g.nn + 1) * sizeof(bool));
	for (i = 0; i < f->g.nn; i++) {
		const struct vnode *n = &f->g.n[i];
		struct strbuf fields = { 0 };
		bool bad = false, copy = false;

		if (!cls[i] || n->kind != VN_COND)
			continue;
		memset(mine, 0, (f->g.nn + 1) * sizeof(bool));
		if (!test_copies(f, i, mine, &fields)) {
			free(fields.s);
			continue;
		}
		for (t = n->first; t < n->last && t < f->flow.n && !bad; t++) {
			const struct vtok *tk = &f->flow.t[t];
			const char *x = f->flow.text + tk->off;
			bool member = tok_member(f, n, t), addr;
			char *w;

			if (tk->kind != VT_ID || tok_in(f, t, kw) ||
			    isupper((unsigned char)*x))
				continue;
			if (t + 1 < f->flow.n && vtok_is(&f->flow, t + 1, "(")) {
				bad = true;	/* a call: read at the test */
				continue;
			}
			w = xasprintf("%.*s", (int)tk->len, x);
			if (member)
				/* a field of the copy, or the reference for
				 * one, or one the waker writes, read fresh */
				bad = !copy && !word_in(fields.s ? fields.s : "", w) &&
				      (writes ? word_in(writes, w) :
				       vtok_is(&f->flow, t - 1, "->"));
			else {
				copy = vfn_declares(f, x, tk->len, &addr);
				for (k = 0; copy && k < f->g.nn; k++)
					if (mine[k] && node_copies(f, k, x, tk->len))
						break;
				copy = copy && k < f->g.nn;
				bad = !copy && writes && word_in(writes, w);
			}
			free(w);
		}
		if (!bad) {
			read[i] = true;
			for (k = 0; k < f->g.nn; k++)
				take[k] |= mine[k];
		}
		free(fields.s);
	}
	free(mine);
	for (i = 0; i < f->g.nn; i++)
		any |= read[i];
	for (i = 0; i < f->g.nn && any; i++)
		if (cls[i] && !read[i] && node_names(f, i, NULL, NULL))
			cls[i] = 0;
	*takep = take;
	*readp = read;
}


bool node_plain_data(const struct vfn *f, int nd)
{
	static const char *const kw[] = { "if", "while", "for", "switch",
		"likely", "unlikely", "sizeof", NULL };
	const struct vnode *n = &f->g.n[nd];
	int t;

	for (t = n->first; t < n->last && t < f->flow.n; t++) {
		const struct vtok *tk = &f->flow.t[t];
		const char *x = f->flow.text + tk->off;
		bool addr;

		if (tk->kind != VT_ID || tok_in(f, t, kw) || tok_member(f, n, t))
			continue;
		if (t + 1 < f->flow.n && vtok_is(&f->flow, t + 1, "("))
			return false;	/* a call: what it reads is not read */
		if (vfn_declares(f, x, tk->len, &addr) &&
		    (addr || local_from_shared(f, x, tk->len)))
			return false;
	}
	return true;
}

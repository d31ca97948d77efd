// SPDX-License-Identifier: GPL-2.0-only
/*
 * Which queues may the proof of `wqport fix` take as never woken?
 *
 * A queue that nothing in this file wakes is not a queue nobody wakes:
 * most queues are struct members reached through a parameter, and
 * their wakers live in another file of the driver (an interrupt handler
 * in foo_irq.c), in the subsystem core, or behind a pointer.  Issue 37:
 * the translation validation (validate.c) let a rewrite sleep on no
 * queue where the original slept queued as soon as the file had no
 * waker, and the model check (vmodel.c) ran such a function against
 * "nobody", so a rewrite that deleted add_wait_queue() passed with
 * "as in the original: a hang".
 *
 * Only one kind of queue is proven unreachable from outside: a plain
 * name declared `static` at file scope (or a head on the stack,
 * DECLARE_WAIT_QUEUE_HEAD_ONSTACK()), whose every other use in the file
 * is an argument of the wait API that sleeps on it, queues or unqueues
 * on it, or sets it up: no wake-up, no address handed to anything, no
 * macro body naming it.  For the model's environment, a #define of this
 * file whose body only wakes it (or uses it as above) is followed to its
 * uses, which are then this file's wakers (vqueue_macro_wakers()): the
 * queue is still reached only through this file's code.  For the model
 * check's environment (vmodel_env.c) only, a member of a struct whose
 * definition is private to this .c file is sealed alike
 * (vqueue_member_sealed()): no other file knows where in the struct it
 * lies, unless a function the file shares with others takes the struct
 * (then another file may hold a copy of its definition).  Anything else
 * has an unknown waker.
 *
 * WQPORT_FILE_WAKERS_ONLY=1 puts the old excuse back (any queue whose
 * last name the file only sleeps on counts as never woken): the
 * mutation check `mutation/wakers` shows the fixtures of issue 37
 * converted wrongly with it.
 */
#include <stdlib.h>
#include <string.h>

#include "qmatch.h"
#include "validate.h"

static bool ident(const char *s, size_t n)
{
	size_t i;

	if (!n || (s[0] >= '0' && s[0] <= '9'))
		return false;
	for (i = 0; i < n; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
		      (s[i] >= '0' && s[i] <= '9') || s[i] == '_'))
			return false;
	return true;
}

/* Does the text of directive token k name `name` as a word? */
static bool pp_names(const struct vtoks *v, int k, const char *name, size_t n)
{
	const char *s = v->text + v->t[k].off, *e = s + v->t[k].len, *p;

	for (p = s; p + n <= e; p++)
		if (!memcmp(p, name, n) && (p == s || !ident(p - 1, 1)) &&
		    (p + n == e || !ident(p + n, 1)))
			return true;
	return false;
}

/* The name of the innermost call whose argument token k is, or -1. */
static int call_of(const struct vtoks *v, int k)
{
	int j, d = 0;

	for (j = k - 1; j >= 0; j--) {
		if (v->t[j].kind == VT_PP)
			return -1;
		if (vtok_is(v, j, ")") || vtok_is(v, j, "]"))
			d++;
		else if ((vtok_is(v, j, "(") || vtok_is(v, j, "[")) && d)
			d--;
		else if (vtok_is(v, j, "(") && j > 0 && v->t[j - 1].kind == VT_ID)
			return j - 1;
		else if (vtok_is(v, j, "(") && j > 0 &&
			 (vtok_is(v, j - 1, "&") || vtok_is(v, j - 1, "(") ||
			  vtok_is(v, j - 1, ",")))
			continue;	/* `&(q)`: a grouping, not a call */
		else if (vtok_is(v, j, "(") || vtok_is(v, j, "[") ||
			 vtok_is(v, j, ";") || vtok_is(v, j, "{") ||
			 vtok_is(v, j, "}") || vtok_is(v, j, "="))
			return -1;
	}
	return -1;
}


/* A wake-up of a queue (kapi.def's), unless any, not one of
 * interruptible sleepers only */
static bool queue_wake(const char *c, size_t cl, bool any)
{
	const char *const *w;
	size_t i;

	for (i = 0; i + 13 <= cl && !any; i++)
		if (!memcmp(c + i, "interruptible", 13))
			return false;
	for (w = kapi_wakes(true); *w; w++)
		if (strlen(*w) == cl && !memcmp(*w, c, cl))
			return true;
	return false;
}

/*
 * Directive token k as `#define NAME...` of this file: NAME's bounds in
 * the text (*nm, *nn) and the body's tokens in *b (from after NAME: a
 * function-like macro's parameters first); false for another directive.
 */
static bool define_body(const struct vtoks *v, int k, const char **nm,
			size_t *nn, struct vtoks *b)
{
	const char *s = v->text + v->t[k].off, *e = s + v->t[k].len, *p = s;

	if (p < e && *p == '#')
		p++;
	while (p < e && (*p == ' ' || *p == '\t'))
		p++;
	if (e - p < 7 || memcmp(p, "define", 6) || (p[6] != ' ' && p[6] != '\t'))
		return false;
	for (p += 6; p < e && (*p == ' ' || *p == '\t'); p++)
		;
	*nm = p;
	while (p < e && ident(p, 1))
		p++;
	*nn = p - *nm;
	return *nn && vtok_cut(b, v->text, p - v->text, e - v->text);
}

/*
 * May the file's macro defined at directive token k, whose body names q
 * (a plain name; a member after `->`/`.` when member), be followed to its
 * uses (vt_ioctl.c's `#define vt_wake_waitactive()
 * wake_up(&vt_activate_queue)`)?  Its body names q only as the queue of
 * a wake-up (not of interruptible sleepers only) or of the quiet wait
 * API, and no other directive names the macro: then the queue is
 * reached through it only where this file's code uses it, and each use
 * of one that wakes is a waker of this file (vqueue_macro_wakers()).
 * *wakes: the body wakes q.  For the model's wakers (any): an
 * interruptible wake-up wakes too (the model reads its mask at each
 * use), and the other directives may be `#define`s of the same macro,
 * its alternatives under #if (2.6 diagraph's NOTIFY(), a wake-up or a
 * signal): the uses wake where this one is compiled.
 */
static bool define_followed(const struct vtoks *v, int k, const char *q,
			    size_t n, bool member, bool any, bool *wakes)
{
	struct vtoks b;
	const char *nm;
	size_t nn;
	bool ok = true;
	int j, c;

	*wakes = false;
	if (!define_body(v, k, &nm, &nn, &b))
		return false;
	for (j = 0; j < b.n && ok; j++) {
		if (!name_is(&b, j, q, n) ||
		    (j > 0 && (vtok_is(&b, j - 1, "->") || vtok_is(&b, j - 1, "."))) != member)
			continue;
		c = call_of(&b, j);
		if (c >= 0 && queue_wake(b.text + b.t[c].off, b.t[c].len, any))
			*wakes = true;
		else
			ok = c >= 0 && kapi_quiet_queue_user(b.text + b.t[c].off, b.t[c].len);
	}
	vtok_release(&b);
	for (j = 0; j < v->n && ok; j++) {
		const char *nm2;
		size_t nn2;

		if (j == k || v->t[j].kind != VT_PP || !pp_names(v, j, nm, nn))
			continue;
		ok = false;
		if (any && define_body(v, j, &nm2, &nn2, &b)) {
			ok = nn2 == nn && !memcmp(nm2, nm, nn);
			vtok_release(&b);
		}
	}
	return ok;
}

int vqueue_macro_wakers(const struct vtoks *v, const char *key, int *uses,
			int max)
{
	size_t n = strlen(key);
	int k, j, nu = 0;

	for (k = 0; k < v->n; k++) {
		const char *nm;
		size_t nn;
		struct vtoks b;
		bool wakes, member;

		if (v->t[k].kind != VT_PP || !pp_names(v, k, key, n) ||
		    !define_body(v, k, &nm, &nn, &b))
			continue;
		/* the body's first naming of key says how it is named */
		for (j = 0; j < b.n && !name_is(&b, j, key, n); j++)
			;
		member = j < b.n && j > 0 &&
			 (vtok_is(&b, j - 1, "->") || vtok_is(&b, j - 1, "."));
		vtok_release(&b);
		if (!define_followed(v, k, key, n, member, true, &wakes) || !wakes)
			continue;
		for (j = 0; j < v->n && nu < max; j++)
			if (v->t[j].kind == VT_ID && name_is(v, j, nm, nn) &&
			    !(j > 0 && (vtok_is(v, j - 1, "->") ||
					vtok_is(v, j - 1, "."))))
				uses[nu++] = j;
	}
	return nu;
}

/* Is file-scope token k in a declaration that starts with `static`? */
static bool static_decl(const struct vtoks *v, int k)
{
	int j;

	for (j = k - 1; j >= 0; j--) {
		if (v->t[j].kind == VT_PP || vtok_is(v, j, ";") ||
		    vtok_is(v, j, "}") || vtok_is(v, j, "{"))
			break;
		if (vtok_is(v, j, "extern"))
			return false;
		if (vtok_is(v, j, "static")) {
			/* no other declarator before it: `static int a, q` is fine */
			return true;
		}
	}
	return false;
}

/* The old excuse: the last name appears in the wait API only. */
static bool only_waited_on(const struct vtoks *v, const char *q)
{
	const char *last = q + strlen(q);
	size_t n;
	int k;

	while (last > q && !ident(last - 1, 1))
		last--;
	for (n = 0; last - n > q && ident(last - n - 1, 1); n++)
		;
	if (!n)
		return false;
	for (k = 0; k < v->n; k++)
		if (name_is(v, k, last - n, n) && vtok_named_outside_wait(v, k))
			return false;
	return true;
}

bool vqueue_unnamed_here(const char *text, size_t len, const char *q)
{
	struct vtoks v;
	bool r;

	if (!vtok_cut(&v, text, 0, len))
		return false;
	r = only_waited_on(&v, q);
	vtok_release(&v);
	return r;
}

static bool private_member(const struct vtoks *v, const char *text,
			   size_t len, unsigned fn, unsigned fn_end,
			   const char *root, const char *m, size_t mn);

/*
 * Is the use of the queue at k (`root->m = &q;`) a store into a member of
 * a struct private to this file (as vqueue_member_sealed() reads it) that
 * nothing in the file reads: every `->m` or `.m` is assigned, no macro
 * names m?  Its address then reaches nobody (env only: lan78xx.c's
 * `dev->wait = &unlink_wakeup`, a pointer nothing reads).
 */
static bool store_unread(const struct vtoks *v, const char *text, size_t len,
			 int k)
{
	const char *m;
	size_t mn;
	char *root;
	bool ok;
	int j;

	if (k < 5 || !vtok_is(v, k - 1, "&") || !vtok_is(v, k - 2, "=") ||
	    !(vtok_is(v, k - 4, "->") || vtok_is(v, k - 4, ".")) ||
	    !vtok_is(v, k + 1, ";") || !ident(v->text + v->t[k - 5].off, v->t[k - 5].len) ||
	    (k > 5 && (vtok_is(v, k - 6, "->") || vtok_is(v, k - 6, "."))))
		return false;
	m = v->text + v->t[k - 3].off;
	mn = v->t[k - 3].len;
	root = xasprintf("%.*s", (int)v->t[k - 5].len, v->text + v->t[k - 5].off);
	ok = private_member(v, text, len, 0, len, root, m, mn);
	for (j = 1; j < v->n && ok; j++) {
		if (v->t[j].kind == VT_PP) {
			ok = !pp_names(v, j, m, mn);
			continue;
		}
		if (name_is(v, j, m, mn) &&
		    (vtok_is(v, j - 1, "->") || vtok_is(v, j - 1, ".")))
			ok = vtok_is(v, j + 1, "=");
	}
	free(root);
	return ok;
}

static bool sealed_static(const char *text, size_t len, const char *q,
			  bool follow)
{
	const char *old = getenv("WQPORT_FILE_WAKERS_ONLY");
	char *e = qmatch_strip(q);
	size_t n = strlen(e);
	struct vtoks v;
	int k, depth = 0, decls = 0;
	bool sealed = true;

	if (!vtok_cut(&v, text, 0, len)) {
		free(e);
		return false;
	}
	q = e;
	if (old && *old && strcmp(old, "0")) {
		sealed = only_waited_on(&v, q);
		vtok_release(&v);
		free(e);
		return sealed;
	}
	/* an element of a static array of heads (`DummyWQ[cpu]`): the array */
	if (n && q[n - 1] == ']' && strchr(q, '[') && ident(q, strcspn(q, "[")))
		n = strcspn(q, "[");
	if (!ident(q, n)) {
		vtok_release(&v);
		free(e);
		return false;	/* a member, or behind a pointer */
	}
	for (k = 0; k < v.n && sealed; k++) {
		int c;

		if (v.t[k].kind == VT_PP) {
			bool w;

			/* a macro may wake it: from anywhere, unless this
			 * file's own, followed to its uses (env only) */
			if (pp_names(&v, k, q, n) &&
			    !(follow && define_followed(&v, k, q, n, false, false, &w)))
				sealed = false;
			continue;
		}
		if (vtok_is(&v, k, "{"))
			depth++;
		else if (vtok_is(&v, k, "}"))
			depth--;
		if (!name_is(&v, k, q, n) ||
		    (k > 0 && (vtok_is(&v, k - 1, "->") || vtok_is(&v, k - 1, "."))))
			continue;
		c = call_of(&v, k);
		if (c >= 0 && (name_is(&v, c, "DECLARE_WAIT_QUEUE_HEAD", 23) ||
			       name_is(&v, c, "DECLARE_WAIT_QUEUE_HEAD_ONSTACK", 31))) {
			/* its declaration: static at file scope, or on the
			 * stack (a function's own head, _ONSTACK or not:
			 * only its address passed on reaches another file) */
			if (depth == 0 && !static_decl(&v, c))
				sealed = false;
			decls++;
		} else if (c < 0 && depth > 0 && k > 0 &&
			   name_is(&v, k - 1, "wait_queue_head_t", 17) &&
			   vtok_is(&v, k + 1, ";")) {
			/* wait_queue_head_t q; in a function */
			decls++;
		} else if (c >= 0) {
			if (!kapi_quiet_queue_user(v.text + v.t[c].off, v.t[c].len))
				sealed = false;
		} else if (depth == 0 && static_decl(&v, k) &&
			   (vtok_is(&v, k + 1, ";") || vtok_is(&v, k + 1, "=") ||
			    vtok_is(&v, k + 1, ",") || vtok_is(&v, k + 1, "["))) {
			/* static wait_queue_head_t q; static struct wait_queue *q = NULL; */
			decls++;
		} else if (!(follow && store_unread(&v, text, len, k))) {
			sealed = false;	/* assigned, stored, declared otherwise */
		}
	}
	vtok_release(&v);
	free(e);
	return sealed && decls > 0;
}

bool vqueue_local(const char *text, unsigned start, unsigned end,
		  const char *q)
{
	char *e = qmatch_strip(q);
	size_t n = strlen(e);
	struct vtoks v;
	bool local = false;
	int k;

	if (!ident(e, n) || !vtok_cut(&v, text, start, end)) {
		free(e);
		return false;
	}
	for (k = 1; k + 1 < v.n && !local; k++) {
		int c;

		if (!name_is(&v, k, e, n))
			continue;
		c = call_of(&v, k);
		local = (c >= 0 &&
			 (name_is(&v, c, "DECLARE_WAIT_QUEUE_HEAD", 23) ||
			  name_is(&v, c, "DECLARE_WAIT_QUEUE_HEAD_ONSTACK", 31))) ||
			(c < 0 && name_is(&v, k - 1, "wait_queue_head_t", 17) &&
			 vtok_is(&v, k + 1, ";"));
	}
	vtok_release(&v);
	free(e);
	return local;
}

bool vqueue_local_sealed(const char *text, unsigned start, unsigned end,
			 const char *q)
{
	char *e;
	size_t n;
	struct vtoks v;
	bool sealed = true;
	int k;

	if (!vqueue_local(text, start, end, q))
		return false;
	e = qmatch_strip(q);
	n = strlen(e);
	if (!vtok_cut(&v, text, start, end)) {
		free(e);
		return false;
	}
	for (k = 1; k + 1 < v.n && sealed; k++) {
		const struct kapi *a;
		int c;

		if (v.t[k].kind == VT_PP) {
			sealed = !pp_names(&v, k, e, n);
			continue;
		}
		if (!name_is(&v, k, e, n) ||
		    vtok_is(&v, k - 1, "->") || vtok_is(&v, k - 1, "."))
			continue;
		c = call_of(&v, k);
		if (c < 0) {
			/* `wait_queue_head_t q;`, nothing else */
			sealed = name_is(&v, k - 1, "wait_queue_head_t", 17) &&
				 vtok_is(&v, k + 1, ";");
			continue;
		}
		if (kapi_queue_decl(v.text + v.t[c].off, v.t[c].len) ||
		    name_is(&v, c, "init_waitqueue_head", 19))
			continue;
		a = kapi_classify(v.text + v.t[c].off, v.t[c].len);
		sealed = a && (a->kind == K_SLEEP_ON || a->kind == K_ADD_WAIT ||
			       a->kind == K_REMOVE_WAIT || a->kind == K_PREPARE ||
			       a->kind == K_FINISH || a->kind == K_WAIT_EVENT);
	}
	vtok_release(&v);
	free(e);
	return sealed;
}

bool vqueue_sealed(const char *text, size_t len, const char *q)
{
	return sealed_static(text, len, q, false);
}

bool vqueue_env_sealed(const char *text, size_t len, const char *q)
{
	return sealed_static(text, len, q, true);
}

/*
 * Does the definition of `struct tag` in v declare member m?  Its body
 * at its own depth only.
 */
static bool struct_declares(const struct vtoks *v, const char *tag, size_t tn,
			    const char *m, size_t mn)
{
	int k, close, j, d;

	for (k = 0; k + 2 < v->n; k++) {
		if (!vtok_is(v, k, "struct") || !name_is(v, k + 1, tag, tn) ||
		    !vtok_is(v, k + 2, "{"))
			continue;
		close = vtok_match(v, k + 2);
		for (j = k + 3, d = 0; close > 0 && j < close; j++) {
			if (vtok_is(v, j, "{"))
				d++;
			else if (vtok_is(v, j, "}"))
				d--;
			else if (!d && name_is(v, j, m, mn) &&
				 (vtok_is(v, j + 1, ";") || vtok_is(v, j + 1, ",") ||
				  vtok_is(v, j + 1, "[")))
				return true;
		}
	}
	return false;
}

/*
 * Does a function this file shares (not static: defined for other files,
 * or declared here and defined elsewhere) take a `struct tag`?  Then the
 * struct crosses the file and another file may know its members.
 */
static bool struct_shared(const struct vtoks *v, const char *tag, size_t tn)
{
	int k, depth = 0, paren = 0;

	for (k = 0; k + 1 < v->n; k++) {
		if (v->t[k].kind == VT_PP)
			continue;
		if (vtok_is(v, k, "{"))
			depth++;
		else if (vtok_is(v, k, "}"))
			depth--;
		else if (!depth && vtok_is(v, k, "("))
			paren++;
		else if (!depth && vtok_is(v, k, ")"))
			paren--;
		else if (!depth && paren > 0 && vtok_is(v, k, "struct") &&
			 name_is(v, k + 1, tag, tn) && !static_decl(v, k))
			return true;
	}
	return false;
}

/*
 * Is m a member of the struct root's declaration (in [fn, fn_end), else at
 * file scope) names, one this .c file defines and shares with no other?
 */
static bool private_member(const struct vtoks *v, const char *text,
			   size_t len, unsigned fn, unsigned fn_end,
			   const char *root, const char *m, size_t mn)
{
	char *type = qmatch_decl_type(text, fn, fn_end, root);
	bool ok;

	if (!type)
		type = qmatch_decl_type(text, 0, len, root);
	ok = type && !strncmp(type, "struct ", 7) &&
	     struct_declares(v, type + 7, strlen(type + 7), m, mn) &&
	     !struct_shared(v, type + 7, strlen(type + 7));
	free(type);
	return ok;
}

bool vqueue_member_sealed(const char *text, size_t len, const char *path,
			  unsigned fn, unsigned fn_end, const char *q)
{
	char *e = qmatch_strip(q), *root, *m;
	size_t pl = path ? strlen(path) : 0, rn;
	struct vtoks v;
	bool sealed = false;
	int k;

	/* `root->m` or `root.m` of a .c file: a header's struct is shared */
	rn = strspn(e, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
	m = e + rn + (!strncmp(e + rn, "->", 2) ? 2 : e[rn] == '.' ? 1 : 0);
	if (pl < 2 || strcmp(path + pl - 2, ".c") || !rn || m == e + rn ||
	    !ident(m, strlen(m)) || !vtok_cut(&v, text, 0, len)) {
		free(e);
		return false;
	}
	root = xasprintf("%.*s", (int)rn, e);
	sealed = private_member(&v, text, len, fn, fn_end, root, m, strlen(m));
	for (k = 0; k < v.n && sealed; k++) {
		int c;

		if (v.t[k].kind == VT_PP) {
			bool w;

			/* a macro may wake it, unless this file's own,
			 * followed to its uses */
			sealed = !pp_names(&v, k, m, strlen(m)) ||
				 define_followed(&v, k, m, strlen(m), true, false, &w);
			continue;
		}
		if (!name_is(&v, k, m, strlen(m)) || k == 0 ||
		    !(vtok_is(&v, k - 1, "->") || vtok_is(&v, k - 1, ".")))
			continue;
		c = call_of(&v, k);
		/* an argument of the wait API that sleeps, queues or sets it
		 * up; anything else (a wake-up, its address stored or passed
		 * on) may reach a waker */
		sealed = c >= 0 && kapi_quiet_queue_user(v.text + v.t[c].off, v.t[c].len);
	}
	vtok_release(&v);
	free(root);
	free(e);
	return sealed;
}

/*
 * The last name of a pointer the file stores queue key's address in
 * (`dev->wait = &unlink_wakeup;` -> "wait"), when there is exactly one
 * such name, or NULL (allocated).  A wake_up(dev->wait) is then a
 * wake-up of key: the file's own waker, not one outside it.
 */
char *vqueue_alias(const struct vtoks *v, const char *key)
{
	char *alias = NULL;
	int k;

	for (k = 2; k + 1 < v->n; k++) {
		int b, e;
		char *ln;

		/* `= & key ;` or `= & ( key ) ;` with key a whole name */
		if (!vtok_is(v, k, key) || !vtok_is(v, k - 1, "&") ||
		    !vtok_is(v, k - 2, "=") ||
		    !(vtok_is(v, k + 1, ";") || vtok_is(v, k + 1, ",")))
			continue;
		e = k - 2;
		for (b = e - 1; b > 0 && (v->t[b].kind == VT_ID ||
					  vtok_is(v, b, "->") ||
					  vtok_is(v, b, ".")); b--)
			;
		if (b + 1 >= e || v->t[e - 1].kind != VT_ID)
			continue;
		ln = xasprintf("%.*s", (int)v->t[e - 1].len,
			       v->text + v->t[e - 1].off);
		if (alias && strcmp(alias, ln)) {
			free(alias);
			free(ln);
			return NULL;	/* two pointers: neither is sure */
		}
		free(alias);
		alias = ln;
	}
	return alias;
}

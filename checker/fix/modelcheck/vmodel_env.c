// SPDX-License-Identifier: GPL-2.0-only
/*
 * The environment of the model check generated from the file (vmodel.c):
 * the wakers of a queue that the file itself has.  Each wake-up call of
 * the file (kapi.def KAPI_WAKES_QUEUE) on a queue of the same last name,
 * outside the waiting function, is a waker, with the lock it holds
 * around the wake-up (the lock calls of the function before it) and its
 * wake mask; wakers the model cannot tell apart are one.  For a sleep on
 * no queue, the file's wake_up_process() calls (KAPI_WAKES_TASK).
 */
#include <stdlib.h>
#include <string.h>

#include "builder.h"
#include "cfg.h"
#include "module.h"
#include "qmatch.h"
#include "vmodel.h"

/*
 * The last identifier of a queue or lock expression, brackets skipped;
 * compared as an expression: `&(pd->q)`, `(x)->q` and a cast in front
 * are read as `pd->q` (qmatch_strip()).
 */
char *last_name(const char *expr)
{
	char *s = qmatch_strip(expr), *r;
	size_t n = strlen(s), e, b;
	int depth = 0;

	for (e = n; e > 0; e--) {
		char c = s[e - 1];

		if (c == ']' || c == ')')
			depth++;
		else if ((c == '[' || c == '(') && depth)
			depth--;
		else if (!depth && (c == '_' || (c >= 'a' && c <= 'z') ||
				    (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')))
			break;
	}
	for (b = e; b > 0 && (s[b - 1] == '_' || (s[b - 1] >= 'a' && s[b - 1] <= 'z') ||
			      (s[b - 1] >= 'A' && s[b - 1] <= 'Z') ||
			      (s[b - 1] >= '0' && s[b - 1] <= '9')); b--)
		;
	r = xasprintf("%.*s", (int)(e - b), s + b);
	free(s);
	return r;
}

/* ---- the wakers of the file ---- */


void wakers_release(struct mwakers *ws)
{
	int i;

	for (i = 0; i < ws->n; i++) {
		free(ws->w[i].lock);
		free(ws->w[i].clock);
		free(ws->w[i].what);
		free(ws->w[i].writes);
		free(ws->w[i].unread);
		free(ws->w[i].held_texts);
		free(ws->w[i].callers);
	}
	free(ws->files);
	ws->files = NULL;
	ws->n = 0;
}

/* Add the last name of tokens [a, e) of v to the word list *out. */
static void add_written(struct strbuf *out, const struct vtoks *v, int a, int e)
{
	char *t = vtok_text(v, a, e), *ln = last_name(t);

	if (*ln && !(out->s && word_in(out->s, ln)))
		sb_printf(out, "%s%s", out->len ? " " : "", ln);
	free(ln);
	free(t);
}

/*
 * Is token i an argument of a lock, unlock or wait-API call (a lock or
 * a queue, not what the sleeper tests)?
 */
static bool api_arg(const struct vtoks *v, int from, int i)
{
	int j, d = 0;

	for (j = i - 1; j > from; j--) {
		if (vtok_is(v, j, ")"))
			d++;
		else if (vtok_is(v, j, "(") && d)
			d--;
		else if (vtok_is(v, j, "(") || vtok_is(v, j, ";") ||
			 vtok_is(v, j, "{") || vtok_is(v, j, "}"))
			break;
	}
	if (j <= from || !vtok_is(v, j, "(") || v->t[j - 1].kind != VT_ID)
		return false;
	{
		const char *c = v->text + v->t[j - 1].off;
		size_t cl = v->t[j - 1].len;

		return kapi_classify(c, cl) || kapi_lock(c, cl, false) ||
		       kapi_is(c, cl, K_UNLOCK) || kapi_wake(c, cl, true) ||
		       kapi_wake(c, cl, false) ||
		       kapi_queue_test(c, cl);
	}
}

/*
 * What the waker's function writes in tokens [from, k) before its
 * wake-up: the last names of what it assigns, increments or decrements,
 * and of each `&x` it hands to a call (set_bit(), atomic_inc(),
 * list_add(), complete()), separated by spaces; "" when nothing.  More
 * than it writes, never less: a name it only hands on counts too.
 */
static char *waker_writes(const struct vtoks *v, int from, int k)
{
	static const char *const ops[] = { "=", "+=", "-=", "*=", "/=", "%=",
		"&=", "|=", "^=", NULL };
	struct strbuf sb = { 0 };
	int i, j, b;

	for (i = from; i < k; i++) {
		bool op = false;

		for (j = 0; ops[j] && !op; j++)
			op = vtok_is(v, i, ops[j]);
		if ((op || vtok_is(v, i, "++") || vtok_is(v, i, "--")) && i > from) {
			/* the lvalue before it: `a->b[i] = `, `x++` */
			b = i - 1;
			while (b > from && vtok_is(v, b, "]")) {
				int d = 0;

				for (; b > from; b--) {
					d += vtok_is(v, b, "]") - vtok_is(v, b, "[");
					if (!d)
						break;
				}
				b--;
			}
			if (v->t[b].kind == VT_ID)
				add_written(&sb, v, b, b + 1);
		}
		if ((vtok_is(v, i, "++") || vtok_is(v, i, "--")) && i + 1 < k) {
			/* `++x->n`: the name before the next operator */
			for (b = i + 1; b + 1 < k && (v->t[b + 1].kind == VT_ID ||
						      vtok_is(v, b + 1, "->") ||
						      vtok_is(v, b + 1, ".")); b++)
				;
			if (v->t[b].kind == VT_ID)
				add_written(&sb, v, b, b + 1);
		}
		if (vtok_is(v, i, "&") && i > from &&
		    (vtok_is(v, i - 1, "(") || vtok_is(v, i - 1, ",")) &&
		    !api_arg(v, from, i)) {
			/* `&x->y` as a call's argument: up to the , or ) */
			int d = 0;

			for (b = i + 1; b < k; b++) {
				if (vtok_is(v, b, "(") || vtok_is(v, b, "["))
					d++;
				else if (vtok_is(v, b, ")") || vtok_is(v, b, "]")) {
					if (!d--)
						break;
				} else if (!d && vtok_is(v, b, ","))
					break;
			}
			add_written(&sb, v, i + 1, b);
		}
	}
	return sb.s ? sb.s : xstrdup("");
}

/*
 * What the functions of this file that the waker calls in tokens
 * [from, k) write, one level down (`RxQueueWrite(rxq, c)` writes
 * q->head): their bodies' waker_writes(), appended to *sb's names.
 * More than they write, as waker_writes() is: the names are last names,
 * whatever the helper calls its parameters.
 */
static void helper_writes(struct strbuf *sb, const struct vtoks *v,
			  size_t len, int from, int k)
{
	int i, seen = 0;

	for (i = from; i + 1 < k && seen < 8; i++) {
		char *name, *hw;
		unsigned a, b;
		struct vtoks hv;

		if (v->t[i].kind != VT_ID || !vtok_is(v, i + 1, "(") ||
		    (i > from && (vtok_is(v, i - 1, "->") || vtok_is(v, i - 1, "."))) ||
		    kapi_classify(v->text + v->t[i].off, v->t[i].len))
			continue;
		name = vtok_text(v, i, i + 1);
		/* the waker's own function (its head is in the range) is
		 * no helper: what it writes after its wake-up is not before */
		if (text_function_body(v->text, len, name, &a, &b) &&
		    !(a <= v->t[k].off && v->t[k].off < b) &&
		    vtok_cut(&hv, v->text, a, b)) {
			seen++;
			hw = waker_writes(&hv, 0, hv.n);
			if (*hw)
				sb_printf(sb, "%s%s", sb->len ? " " : "", hw);
			free(hw);
			vtok_release(&hv);
		}
		free(name);
	}
}

/* A file the wakers are read from: the sleeper's, or one of its module. */
struct wfile {
	const char *text;
	size_t len;
	const struct vside *s;	/* the sleeper's file: its functions */
	const char *name;	/* a sibling's base name, else NULL */
};

/* The function of f around offset off: [*from, *to) and its name. */
static bool wfile_fn(const struct wfile *f, unsigned off, unsigned *from,
		     char **name)
{
	const char *nm;
	size_t nn;
	unsigned to;
	int i;

	if (f->s) {
		for (i = 0; i < f->s->nfns; i++)
			if (off >= f->s->fns[i].start && off < f->s->fns[i].end) {
				*from = f->s->fns[i].start;
				*name = xstrdup(f->s->fns[i].name);
				return true;
			}
		/* else a function of an #if branch these flags do not
		 * compile, which the parse left out: read from the text */
	}
	if (!text_enclosing_function(f->text, f->len, off, from, &to, &nm, &nn))
		return false;
	*name = xasprintf("%.*s", (int)nn, nm);
	return true;
}

/* The end of f's function that starts at offset from. */
static unsigned wfile_end(const struct wfile *f, unsigned from)
{
	const char *nm;
	size_t nn;
	unsigned a, to;
	int i;

	if (f->s)
		for (i = 0; i < f->s->nfns; i++)
			if (f->s->fns[i].start == from)
				return f->s->fns[i].end;
	return text_enclosing_function(f->text, f->len, from, &a, &to, &nm, &nn) ?
	       to : from;
}

/*
 * Is token k (the name of a function the file hands on, not a call) an
 * argument of a K_ATOMIC_START call (kapi.def: blk_init_queue(fn,
 * &lock), whose kernel caller runs fn holding that lock with interrupts
 * off)?  The lock argument as written (allocated), else NULL.
 */
static char *atomic_start_lock(const struct vtoks *v, int k, char **api)
{
	const struct kapi *kf;
	int p, d = 0, a[4], e[4], n, j;

	for (p = k - 1; p > 0; p--) {
		if (vtok_is(v, p, ")"))
			d++;
		else if (vtok_is(v, p, "(") && d)
			d--;
		else if (vtok_is(v, p, "(") || vtok_is(v, p, ";") ||
			 vtok_is(v, p, "{") || vtok_is(v, p, "}"))
			break;
	}
	if (p <= 0 || !vtok_is(v, p, "(") || v->t[p - 1].kind != VT_ID)
		return NULL;
	kf = kapi_fact(v->text + v->t[p - 1].off, v->t[p - 1].len);
	if (!kf || kf->kind != K_ATOMIC_START)
		return NULL;
	n = vcall_args(v, p, a, e, 4);
	for (j = 0; j < n; j++)
		if (vtok_is(v, a[j], "&") && e[j] > a[j] + 1) {
			*api = vtok_text(v, p - 1, p);
			return vtok_text(v, a[j], e[j]);
		}
	return NULL;
}

/* Is the file-scope declaration whose name is token k static? */
static bool decl_static(const struct vtoks *v, int k)
{
	int p;

	for (p = k - 1; p >= 0 && v->t[p].kind != VT_PP &&
	     !vtok_is(v, p, ";") && !vtok_is(v, p, "}"); p--)
		if (name_is(v, p, "static", 6))
			return true;
	return false;
}

/* Keep in *common (a word list, NULL: not yet) the words of list. */
static void words_common(char **common, const char *list)
{
	struct strbuf sb = { 0 };
	char *copy, *w, *save = NULL;

	if (!*common) {
		*common = xstrdup(list);
		return;
	}
	copy = xstrdup(*common);
	for (w = strtok_r(copy, " ", &save); w; w = strtok_r(NULL, " ", &save))
		if (word_in(list, w))
			sb_printf(&sb, "%s%s", sb.len ? " " : "", w);
	free(copy);
	free(*common);
	*common = sb.s ? sb.s : xstrdup("");
}

static char *callers_lock(const struct wfile *f, const struct vtoks *ft,
			  const char *fn, int depth, char **text, char **by);

/*
 * The locks held at the call of token k, in function caller starting at
 * offset from: those its body takes before it, else (depth allowing)
 * those its own callers hold around every call of it.
 */
static char *call_site_lock(const struct wfile *f, const struct vtoks *ft,
			    int k, unsigned from, const char *caller,
			    int depth, char **text, char **by)
{
	char *held, *released, *t, *unread = NULL;
	int i, callee[2];
	bool entered, dropped;

	for (i = k; i > 0 && ft->t[i].off > from; i--)
		;
	held = lock_held(ft, f->len, i, k, &t, &released, &unread, callee,
			 &entered);
	free(unread);	/* a caller's unread guard: its lock is not read */
	dropped = released != NULL;
	free(released);
	if (t && strchr(t, '\n'))
		*strchr(t, '\n') = '\0';	/* the first */
	if (held) {
		*text = t;
		*by = xasprintf("%s() holds", caller);
		return held;
	}
	free(t);
	t = NULL;
	if (!dropped && callee[0] < 0) {
		/* taken by its own callers: dropped after the call */
		unsigned end = wfile_end(f, from);
		int e = k;

		while (e < ft->n && ft->t[e].off < end)
			e++;
		held = lock_entered_held(ft, f->len, i, k, e, &t);
		if (held) {
			if (strchr(t, '\n'))
				*strchr(t, '\n') = '\0';
			*text = t;
			*by = xasprintf("%s()'s callers hold, as it drops it after the call and takes it nowhere before",
					caller);
			return held;
		}
	}
	return depth < 2 ? callers_lock(f, ft, caller, depth + 1, text, by) :
			   NULL;
}

/*
 * The locks (last names, separated by spaces) held around every call of
 * the static function fn in f: each call's caller holds them (its own
 * lock calls before the call, or its callers' around every call of it,
 * two levels up), or the kernel does (fn handed to a K_ATOMIC_START
 * call with the lock).  NULL when fn is not static, is named in a
 * directive or handed on otherwise (its callers are not all read), has
 * no call, or the callers hold no lock in common.  *text: the first as
 * written at the first call, *by: who holds it there.
 */
static char *callers_lock(const struct wfile *f, const struct vtoks *ft,
			  const char *fn, int depth, char **text, char **by)
{
	size_t n = strlen(fn);
	char *common = NULL;
	bool is_static = false, fail = false;
	int k;

	*text = NULL;
	*by = NULL;
	for (k = 0; k < ft->n && !fail; k++) {
		char *held = NULL, *t = NULL, *b = NULL, *caller;
		unsigned from;

		if (ft->t[k].kind == VT_PP) {
			fail = text_has_word(ft->text, ft->t[k].off,
					     ft->t[k].off + ft->t[k].len, fn);
			continue;
		}
		if (!name_is(ft, k, fn, n) ||
		    (k > 0 && (tok_eq(ft, k - 1, "->") || tok_eq(ft, k - 1, "."))))
			continue;
		if (ft->t[k].block < 0 && tok_eq(ft, k + 1, "(")) {
			is_static |= decl_static(ft, k);	/* declared */
			continue;
		}
		if (!tok_eq(ft, k + 1, "(")) {
			/* handed on: to a kernel caller holding a lock */
			char *api = NULL;

			held = atomic_start_lock(ft, k, &api);
			if (held) {
				t = held;
				held = last_name(t);
				b = xasprintf("the kernel holds around it (%s())", api);
			}
			free(api);
		} else if (wfile_fn(f, ft->t[k].off, &from, &caller)) {
			if (!strcmp(caller, fn)) {
				free(caller);
				continue;	/* recursion */
			}
			held = call_site_lock(f, ft, k, from, caller, depth,
					      &t, &b);
			free(caller);
		}
		if (!held) {
			fail = true;
		} else {
			words_common(&common, held);
			fail = !*common;
			if (!*text) {
				*text = t;
				*by = b;
				t = b = NULL;
			}
		}
		free(held);
		free(t);
		free(b);
	}
	if (fail || !is_static || !common) {
		free(common);
		free(*text);
		free(*by);
		*text = *by = NULL;
		return NULL;
	}
	return common;
}

char *fn_callers_lock(const struct vside *s, const char *fn, char **text,
		      char **by)
{
	struct wfile f = { s->text, s->len, s, NULL };
	struct vtoks ft;
	char *cl;

	*text = *by = NULL;
	if (!vtok_cut(&ft, s->text, 0, s->len))
		return NULL;
	cl = callers_lock(&f, &ft, fn, 0, text, by);
	vtok_release(&ft);
	return cl;
}

/*
 * What the callers in this file of the waker's function fn write before
 * they call it, appended to *sb: a wake helper (`static void
 * read_space(int n) { ...; wake_up(&q); }`) wakes for its callers, and
 * what they change first (`nr_open--; read_space(0);`) is what the
 * wake-up is for too.  One level up, as helper_writes() is one down.
 */
static void callers_writes(struct strbuf *sb, const struct wfile *f,
			   const struct vtoks *ft, const char *fn)
{
	size_t n = strlen(fn);
	int k, i;

	for (k = 1; k + 1 < ft->n; k++) {
		unsigned from;
		char *caller, *w;

		if (!name_is(ft, k, fn, n) || !tok_eq(ft, k + 1, "(") ||
		    ft->t[k].block < 0 || tok_eq(ft, k - 1, "->") ||
		    tok_eq(ft, k - 1, ".") ||
		    !wfile_fn(f, ft->t[k].off, &from, &caller))
			continue;
		if (!strcmp(caller, fn)) {
			free(caller);
			continue;	/* recursion */
		}
		free(caller);
		for (i = k; i > 0 && ft->t[i].off > from; i--)
			;
		w = waker_writes(ft, i, k);
		if (*w)
			sb_printf(sb, "%s%s", sb->s && *sb->s ? " " : "", w);
		free(w);
	}
}

/*
 * Does the waker's function assign anything in tokens [from, k) before
 * its wake-up (=, op=, ++, --), beyond what it hands to calls?  A
 * wake-up after none (a hang-up that wakes every sleeper) is everyone's.
 */
static bool assigns_before(const struct vtoks *v, int from, int k)
{
	static const char *const ops[] = { "=", "+=", "-=", "*=", "/=", "%=",
		"&=", "|=", "^=", "++", "--", NULL };
	int i, j;

	for (i = from; i < k; i++)
		for (j = 0; ops[j]; j++)
			if (vtok_is(v, i, ops[j]))
				return true;
	return false;
}

/* Add waker w to ws unless the model sees one like it; false if not. */
static bool waker_add(struct mwakers *ws, struct mwaker *w)
{
	int i;

	for (i = 0; i < ws->n; i++)
		if (ws->w[i].intr_only == w->intr_only &&
		    !ws->w[i].lock == !w->lock &&
		    (!w->lock || !strcmp(ws->w[i].lock, w->lock)) &&
		    !ws->w[i].writes == !w->writes && !ws->w[i].unread == !w->unread &&
		    (!w->writes || !strcmp(ws->w[i].writes, w->writes)))
			return false;
	if (ws->n == MAXWAKERS) {
		ws->dropped = true;
		return false;
	}
	ws->w[ws->n++] = *w;
	return true;
}

/*
 * The locks the callers of the waker's function fn hold around every
 * call of it (callers_lock()), added to w's: "wake_up(&d->q) in
 * foo_event() (under &d->lock, which foo_irq() holds)".
 */
static void caller_locks(const struct wfile *f, const struct vtoks *ft,
			 const char *fn, struct mwaker *w)
{
	char *text, *by, *cl = callers_lock(f, ft, fn, 0, &text, &by), *t;
	char *copy, *x, *save = NULL;

	if (!cl)
		return;
	w->callers = xstrdup(cl);
	copy = xstrdup(cl);
	for (x = strtok_r(copy, " ", &save); x; x = strtok_r(NULL, " ", &save))
		if (!w->lock || !word_in(w->lock, x)) {
			t = w->lock ? xasprintf("%s %s", w->lock, x) : xstrdup(x);
			free(w->lock);
			w->lock = t;
		}
	free(copy);
	t = xasprintf("%s (under %s, which %s)", w->what, text, by);
	free(w->what);
	w->what = t;
	free(cl);
	free(text);
	free(by);
}

/*
 * Is the wake-up at token k of the sleeper's own function (body from
 * offset from) in another case arm of a switch than every sleep of the
 * function: an ioctl whose SET arm wakes the queue its GET arm sleeps
 * on, called by another task?
 */
static bool arm_apart(const struct wfile *f, const struct vtoks *ft,
		      unsigned from, int k)
{
	unsigned end = wfile_end(f, from);
	int i, sleeps = 0;

	for (i = 0; i + 1 < ft->n && ft->t[i].off < end; i++) {
		const struct kapi *ka;

		if (ft->t[i].off < from || ft->t[i].kind != VT_ID ||
		    !tok_eq(ft, i + 1, "(") ||
		    !(ka = kapi_classify(ft->text + ft->t[i].off, ft->t[i].len)) ||
		    !(ka->kind == K_SLEEP_ON || ka->kind == K_SCHEDULE ||
		      ka->kind == K_SCHEDULE_TIMEOUT || ka->kind == K_DELAY ||
		      ka->kind == K_WAIT_EVENT))
			continue;
		sleeps++;
		if (!text_other_case_arm(f->text, from, end, ft->t[k].off,
					 ft->t[i].off))
			return false;
	}
	return sleeps > 0;
}

/*
 * The wake-up at token k of f (a wake-up call of queue key, or of the
 * task), made a waker of ws.  *found: a waker of f's was seen, even when
 * the model sees one like it already.
 */
static void take_waker(const struct wfile *f, const struct vtoks *ft, int k,
		       bool task, const char *self, struct mwakers *ws,
		       bool *found)
{
	const char *c = ft->text + ft->t[k].off;
	size_t cl = ft->t[k].len;
	struct mwaker w;
	unsigned from;
	char *fn, *ltext, *call;
	int i, close, callee[2];

	if (!wfile_fn(f, ft->t[k].off, &from, &fn))
		return;
	if (f->s && !strcmp(fn, self) && !arm_apart(f, ft, from, k)) {
		free(fn);
		return;
	}
	*found = true;
	memset(&w, 0, sizeof(w));
	w.task = task;
	w.intr_only = contains(c, cl, "interruptible");
	for (i = k; i > 0 && ft->t[i].off > from; i--)
		;
	w.lock = lock_held(ft, f->len, i, k, &ltext, &w.clock, &w.unread, callee,
			   &w.centry);
	w.wbuf = f->text;
	w.wlen = f->len;
	w.wfn = from;
	w.wend = wfile_end(f, from);
	w.woff = ft->t[k].off;
	if (!w.lock && !w.clock && callee[0] < 0) {
		/* held from before the function: dropped after the wake-up */
		int e = k;

		while (e < ft->n && ft->t[e].off < w.wend)
			e++;
		w.lock = lock_entered_held(ft, f->len, i, k, e, &ltext);
		w.entry_held = w.lock != NULL;
	}
	/* where they are held, to tell them from the waiter's */
	if (ltext && callee[0] < 0)
		w.held_texts = xstrdup(ltext);
	if (w.entry_held) {
		char *t = xasprintf("%s, which its callers hold (it drops it after the wake-up and takes it nowhere before)",
				    ltext);

		free(ltext);
		ltext = t;
	}
	if (ltext && strchr(ltext, '\n'))
		*strchr(ltext, '\n') = '\0';	/* the first, for the words */
	w.writes = waker_writes(ft, i, k);
	{
		struct strbuf hs = { 0 };

		sb_puts(&hs, w.writes);
		helper_writes(&hs, ft, f->len, i, k);
		callers_writes(&hs, f, ft, fn);
		free(w.writes);
		w.writes = hs.s ? hs.s : xstrdup("");
	}
	if (callee[0] >= 0) {
		/* what the function whose locks it takes writes, too */
		char *cw = waker_writes(ft, callee[0] + 1, callee[1]), *t;

		t = *cw ? xasprintf("%s%s%s", w.writes, *w.writes ? " " : "", cw) :
		    xstrdup(w.writes);
		free(w.writes);
		free(cw);
		w.writes = t;
	}
	close = vtok_match(ft, k + 1);
	call = vtok_text(ft, k, close < 0 ? k + 1 : close + 1);
	w.what = xasprintf("%s in %s()%s%s%s%s%s", call, fn,
			   f->name ? " (" : "", f->name ? f->name : "",
			   f->name ? ")" : "", ltext ? " holding " : "",
			   ltext ? ltext : "");
	caller_locks(f, ft, fn, &w);
	w.other_sleeper = assigns_before(ft, i, k);
	free(call);
	free(ltext);
	free(fn);
	if (!waker_add(ws, &w)) {
		free(w.lock);
		free(w.clock);
		free(w.unread);
		free(w.held_texts);
		free(w.callers);
		free(w.what);
		free(w.writes);
	}
}

/*
 * Is the wake-up of qw at token k of sibling f surely another queue than
 * the sleeper's qs (two globals, two struct types: fix/prove/qmatch.c)?
 */
static bool other_queue(const struct vside *s, const char *self,
			const char *qs, const struct wfile *f,
			const struct vtoks *ft, int k, const char *qw)
{
	const struct fix_fn *sf = NULL;
	const char *nm;
	size_t nn;
	unsigned wf, wt;
	struct qmatch m;
	bool other;
	int i;

	for (i = 0; i < s->nfns; i++)
		if (!strcmp(s->fns[i].name, self))
			sf = &s->fns[i];
	if (!sf || !qs || !text_enclosing_function(f->text, f->len, ft->t[k].off,
						    &wf, &wt, &nm, &nn))
		return false;
	/* this file's own wake-up: one text, so one global is one queue */
	if (qmatch_text2(s->text, s->len, sf->start, sf->end, qs,
			 f->name ? f->text : NULL, f->name ? f->len : 0,
			 nm - f->text, wt, ft->t[k].off, qw, &m, NULL)) {
		qmatch_free(&m);
		return false;
	}
	other = m.different;
	qmatch_free(&m);
	return other;
}

/*
 * The wake-ups of f of queue key (task: wake_up_process()), outside the
 * sleeping function self.  qs: the sleeper's queue as written, to tell a
 * sibling's queue of the same last name apart.  Returns whether f has
 * one.
 */
static bool scan_wakers(const struct vside *s, const struct wfile *f,
			const char *key, const char *qs, bool task,
			const char *self, struct mwakers *ws, bool *named)
{
	struct vtoks ft;
	bool found = false;
	char *alias;
	int k;

	if (!vtok_cut(&ft, f->text, 0, f->len))
		return false;
	/* `dev->wait = &q;` ... `wake_up(dev->wait)`: this file's */
	alias = task || !f->s ? NULL : vqueue_alias(&ft, key);
	for (k = 0; k + 1 < ft.n; k++) {
		int a[2], e[2];
		char *arg, *ln;
		bool same;

		if (ft.t[k].kind != VT_ID)
			continue;
		if (named && !task && name_is(&ft, k, key, strlen(key)) &&
		    vtok_named_outside_wait(&ft, k))
			*named = true;	/* something may wake it */
		if (!tok_eq(&ft, k + 1, "(") ||
		    !kapi_wake(ft.text + ft.t[k].off, ft.t[k].len, !task) ||
		    (k > 0 && (tok_eq(&ft, k - 1, "->") || tok_eq(&ft, k - 1, "."))) ||
		    vcall_args(&ft, k + 1, a, e, 2) < 1)
			continue;
		arg = vtok_text(&ft, a[0], e[0]);
		ln = last_name(arg);
		/* a thread's start wakes no sleep of its function */
		same = task ? !vkthread_start_wake(f->text, f->len,
						   ft.t[k].off, arg) :
		       !strcmp(ln, key) || (alias && *arg != '&' &&
					    !strcmp(ln, alias));
		if (same && qs && !task)
			same = !other_queue(s, self, qs, f, &ft, k, arg);
		free(arg);
		free(ln);
		if (same)
			take_waker(f, &ft, k, task, self, ws, &found);
	}
	if (f->s && !task) {	/* this file's macros that wake it (vreach.c) */
		int uses[16], nu = vqueue_macro_wakers(&ft, key, uses, 16);

		for (k = 0; k < nu; k++)
			take_waker(f, &ft, uses[k], false, self, ws, &found);
	}
	vtok_release(&ft);
	free(alias);
	return found;
}

void find_wakers(const struct vside *s, const char *key, const char *qs,
		 bool task, const char *self, struct mwakers *ws, bool *named)
{
	struct wfile f = { s->text, s->len, s, NULL };

	memset(ws, 0, sizeof(*ws));
	*named = false;	/* a task: the caller decides (vmodel.c) */
	scan_wakers(s, &f, key, qs, task, self, ws, named);
}

/*
 * The wakers of queue key (written qs in self) in the other files of
 * the module of the sleeper's file (fix/prove/module.c), added to ws;
 * the files that have one in ws->files.
 */
void find_module_wakers(const struct vside *s, const char *key,
			const char *qs, const char *self, struct mwakers *ws)
{
	const struct mod_file *const *mods;
	struct strbuf sb = { 0 };
	int nm, j;

	if (!s->path)
		return;
	nm = module_siblings(s->path, &mods, NULL);
	ws->module = nm > 0;
	for (j = 0; j < nm; j++) {
		struct wfile f = { mods[j]->buf, mods[j]->len, NULL, mods[j]->name };

		if (!text_has_word(f.text, 0, f.len, key))
			continue;
		if (scan_wakers(s, &f, key, qs, false, self, ws, NULL))
			sb_printf(&sb, "%s%s", sb.len ? ", " : "", f.name);
	}
	ws->files = sb.s;
}

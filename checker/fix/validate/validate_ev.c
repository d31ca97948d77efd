// SPDX-License-Identifier: GPL-2.0-only
/*
 * The events of the translation validation (validate.c): what each
 * statement of a function does to the task state, the wait entries,
 * the interrupts and the locks, read from its tokens.
 *
 * Every spelling counts: the set_*state() family, set_task_state() on
 * current, `current->state =` and `current->__state =`, WRITE_ONCE() on
 * it, a macro of the file expanded with its arguments (`#define PREP()
 * set_current_state(TASK_INTERRUPTIBLE)`), and a static helper of the
 * file whose last word on the task state is a sleeping one.  The file's
 * helpers also tell which calls repeat an effect when a test runs them
 * again (vside_effect()).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"		/* target_api_since() */
#include "validate.h"

/* A call that sleeps on, queues on or leaves a queue (kapi.def) */
static bool waits_on(const char *c, size_t cl)
{
	const struct kapi *k = kapi_classify(c, cl);

	return k && (k->kind == K_SLEEP_ON || k->kind == K_WAIT_EVENT ||
		     k->kind == K_ADD_WAIT || k->kind == K_REMOVE_WAIT ||
		     k->kind == K_PREPARE || k->kind == K_FINISH);
}

bool vtok_named_outside_wait(const struct vtoks *ft, int k)
{
	int j = k - 1, d = 0;
	const char *c;
	size_t cl;

	/* the call the name is an argument of */
	for (; j >= 0; j--) {
		if (tok_eq(ft, j, ")"))
			d++;
		else if (tok_eq(ft, j, "(") && d)
			d--;
		else if (tok_eq(ft, j, "(") && j > 0 && ft->t[j - 1].kind == VT_ID)
			break;
		else if (tok_eq(ft, j, ";") || tok_eq(ft, j, "{") ||
			 tok_eq(ft, j, "}"))
			j = 0;
	}
	if (j <= 0)
		return false;	/* a declaration or an assignment */
	c = ft->text + ft->t[j - 1].off;
	cl = ft->t[j - 1].len;
	return !(waits_on(c, cl) || starts(c, cl, "init_waitqueue_head") ||
		 starts(c, cl, "DECLARE_WAIT_QUEUE_HEAD") || starts(c, cl, "sizeof"));
}

int vintern(struct vval *vv, int ns, const char *s)
{
	int i;

	for (i = 0; i < vv->nnames[ns]; i++)
		if (!strcmp(vv->names[ns][i], s))
			return i;
	if (vv->nnames[ns] == (ns == NS_ENTRY ? VMAXE : VMAXQ)) {
		vv->overflow = true;
		return 0;
	}
	vv->names[ns][i] = xstrdup(s);
	vv->nnames[ns]++;
	return i;
}

char *vtok_name(const struct vtoks *v, int i)
{
	return xasprintf("%.*s", (int)v->t[i].len, v->text + v->t[i].off);
}

/* Arguments of the call whose '(' is token lp: [a[k], e[k]) */
int vcall_args(const struct vtoks *v, int lp, int *a, int *e, int max)
{
	int close = vtok_match(v, lp), k, n = 0, s = lp + 1;

	if (close < 0)
		return -1;
	for (k = lp + 1; k <= close && n < max; k++) {
		if (k < close && (tok_eq(v, k, "(") || tok_eq(v, k, "[") ||
				  tok_eq(v, k, "{"))) {
			k = vtok_match(v, k);
			if (k < 0)
				return -1;
			continue;
		}
		if (k == close || tok_eq(v, k, ",")) {
			if (k > s || n) {
				a[n] = s;
				e[n++] = k;
			}
			s = k + 1;
		}
	}
	return n;
}

/* Drop parentheses around the whole of t, in place. */

/* WRITE_ONCE(x, v) and the like: a call sideeffect.def says changes its
 * first argument (WRITE_ONCE(current->__state, X) is a state write) */
static bool writes_first_arg(const char *s, size_t len)
{
	const struct side_effect *e = side_effect_lookup(s, len);

	return e && e->arg == 0 && !strcmp(e->what, "changes");
}

/* What the call does to the local interrupts is exactly effect (kapi.def) */
static bool irq_effect(const char *s, size_t len, const char *effect)
{
	const char *e = kapi_irq(s, len);

	return e && !strcmp(e, effect);
}

/*
 * A lock taken or dropped (kapi.def KAPI_LOCK, and K_UNLOCK rows whose
 * taking side is one: spin_unlock_irqrestore of spin_lock_irqsave,
 * mutex_unlock of mutex_lock).  A mutex may sleep, but between a
 * waiter's test, its state change and a waker's wake-up it excludes as
 * a spinlock does: both are events of the model.
 */
static bool lock_call(const char *s, size_t len)
{
	char buf[64], *u;
	size_t ul;

	if (kapi_lock(s, len, false))
		return true;
	if (!kapi_is(s, len, K_UNLOCK) || len >= sizeof(buf) - 1)
		return false;
	memcpy(buf, s, len);
	buf[len] = '\0';
	u = strstr(buf, "unlock");
	if (!u)
		return false;
	memmove(u, u + 2, strlen(u + 2) + 1);	/* unlock -> lock */
	ul = strlen(buf);
	if (ul > 11 && !strcmp(buf + ul - 11, "_irqrestore"))
		strcpy(buf + ul - 11, "_irqsave");
	return kapi_lock(buf, strlen(buf), false);
}

static void strip_parens(char *t)
{
	size_t n = strlen(t), i;
	int d = 0;

	while (n >= 2 && t[0] == '(' && t[n - 1] == ')') {
		for (i = 0; i < n; i++) {
			d += t[i] == '(' ? 1 : t[i] == ')' ? -1 : 0;
			if (!d && i < n - 1)
				return;	/* (a)->b: not one pair */
		}
		memmove(t, t + 1, n - 2);
		t[n - 2] = '\0';
		n -= 2;
	}
}

/* A queue as the object it names: &q and wait_event's q are one. */
static char *queue_of(const struct vtoks *v, int a, int e, bool lvalue)
{
	char *t = vtok_text(v, a, e), *r;
	size_t n;

	strip_parens(t);
	if (t[0] == '*')
		strip_parens(t + 1);
	n = strlen(t);
	if (lvalue)
		return t;
	if (t[0] == '&') {
		char *s = t + 1;

		n--;
		r = xasprintf("%.*s", (int)n, s);
		strip_parens(r);
	} else {
		r = xasprintf("*%s", t);
	}
	free(t);
	return r;
}

/* The entry named by &w (or w for an old 2.0 pointer) */
static char *entry_of(const struct vtoks *v, int a, int e)
{
	if (tok_eq(v, a, "&"))
		a++;
	return vtok_text(v, a, e);
}

/* ---- the file's own macros and static helpers ---- */

struct vmacro {
	const char *name, *params, *body, *body_end;
	size_t nlen;
	bool fnlike;
};

static bool find_macro(const struct vside *s, const char *name, size_t n,
		       struct vmacro *m)
{
	size_t pos = 0, nl;
	const char *nm, *b, *be;

	while ((nm = next_define(s->text, s->len, &pos, &nl, &b, &be))) {
		if (nl != n || memcmp(nm, name, n))
			continue;
		m->name = nm;
		m->nlen = nl;
		m->fnlike = *b == '(';
		m->params = b;
		if (m->fnlike) {
			const char *c = memchr(b, ')', be - b);

			if (!c)
				return false;
			b = c + 1;
		}
		m->body = b;
		m->body_end = be;
		return true;
	}
	return false;
}

/*
 * Does the body of the file's macro name (an object-like one, or a
 * function-like one's text) hold the word w as a name?  floppy.c's
 * NO_SIGNAL, `(!interruptible || !signal_pending(current))`.
 */
bool vmacro_names(const struct vside *s, const char *name, size_t n,
		  const char *w)
{
	struct vmacro m;
	size_t wl = strlen(w);
	const char *p;

	if (!find_macro(s, name, n, &m))
		return false;
	for (p = m.body; p + wl <= m.body_end; p++)
		if (!memcmp(p, w, wl) &&
		    (p == m.body || !(isalnum((unsigned char)p[-1]) || p[-1] == '_')) &&
		    (p + wl == m.body_end ||
		     !(isalnum((unsigned char)p[wl]) || p[wl] == '_')))
			return true;
	return false;
}

/* The body of macro m with its parameters replaced by the arguments. */
static char *expand(const struct vmacro *m, const struct vtoks *v,
		    const int *a, const int *e, int na)
{
	struct strbuf sb = { 0 };
	const char *p = m->body, *params[16];
	size_t plen[16];
	int np = 0, k;

	if (m->fnlike) {
		const char *q = m->params + 1;

		while (np < 16) {
			while (*q == ' ' || *q == '\t')
				q++;
			params[np] = q;
			while ((*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z') ||
			       (*q >= '0' && *q <= '9') || *q == '_')
				q++;
			plen[np] = q - params[np];
			if (plen[np])
				np++;
			while (*q == ' ' || *q == '\t')
				q++;
			if (*q != ',')
				break;
			q++;
		}
	}
	while (p < m->body_end) {
		const char *w = p;

		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || *p == '_') {
			while (p < m->body_end && ((*p >= 'a' && *p <= 'z') ||
			       (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
			       *p == '_'))
				p++;
			for (k = 0; k < np && k < na; k++)
				if ((size_t)(p - w) == plen[k] && !memcmp(w, params[k], plen[k]))
					break;
			if (k < np && k < na) {
				char *t = vtok_text(v, a[k], e[k]);

				sb_puts(&sb, t);
				free(t);
			} else {
				sb_add(&sb, w, p - w);
			}
			continue;
		}
		if (*p == '\\' && p + 1 < m->body_end && p[1] == '\n') {
			sb_puts(&sb, " ");
			p += 2;
			continue;
		}
		sb_add(&sb, p++, 1);
	}
	return sb.s ? sb.s : xstrdup("");
}

const struct fix_fn *vfind_fn(const struct vside *s, const char *name)
{
	int i;

	for (i = 0; i < s->nfns; i++)
		if (!strcmp(s->fns[i].name, name))
			return &s->fns[i];
	return NULL;
}

/* The '{' of the body among tokens, or -1 */
int vbody_brace(const struct vtoks *v)
{
	int k, d = 0;

	for (k = 0; k < v->n; k++) {
		if (tok_eq(v, k, "("))
			d++;
		else if (tok_eq(v, k, ")"))
			d--;
		else if (!d && tok_eq(v, k, "{"))
			return k;
	}
	return -1;
}

/* ---- events ---- */

struct vscan {
	struct vval *vv;
	struct vfn *f;
	int side;
	int depth;
	int tok, line;		/* the statement in the function, for macros */
	const char *via;	/* "macro 'PREP()'", "helper 'foo()'" */
	bool calls;		/* via a function's body, not a macro's */
};

static int state_of(struct vval *vv, const struct vtoks *v, int a, int e)
{
	char *t = vtok_text(v, a, e);
	int r = vintern(vv, NS_STATE, t);

	free(t);
	return r;
}

static void add_ev(struct vscan *sc, struct vev *ev, const struct vtoks *v,
		   int name, int close, int **list, int *n)
{
	struct vfn *f = sc->f;
	char *call = vtok_text(v, name, close + 1);

	ev->tok = sc->depth ? sc->tok : name;
	ev->line = sc->depth ? (unsigned)sc->line : v->t[name].line;
	ev->what = sc->via ? xasprintf("%s, which %s %s", sc->via,
				       sc->calls ? "calls" : "expands to", call) :
			     xstrdup(call);
	free(call);
	f->ev = xrealloc(f->ev, (f->nev_all + 1) * sizeof(*f->ev));
	f->ev[f->nev_all] = *ev;
	*list = xrealloc(*list, (*n + 1) * sizeof(int));
	(*list)[(*n)++] = f->nev_all++;
}

static void scan_events(struct vscan *sc, const struct vtoks *v, int a, int b,
			int **list, int *n);

/* The last task state helper `name` leaves, or -1; depth-limited. */
static int helper_state(struct vscan *sc, const char *name, int *ev_out)
{
	const struct fix_fn *h = vfind_fn(sc->f->side, name);
	struct vtoks ht;
	int *l = NULL, nl = 0, lb, k, st = -1;

	if (!h || !strcmp(h->name, sc->f->fn->name) || sc->depth >= 3)
		return -1;
	if (!vtok_cut(&ht, sc->f->side->text, h->start, h->end))
		goto out;
	lb = vbody_brace(&ht);
	if (lb < 0)
		goto out;
	sc->depth++;
	scan_events(sc, &ht, lb + 1, ht.n, &l, &nl);
	sc->depth--;
	for (k = 0; k < nl; k++) {
		struct vev *e = &sc->f->ev[l[k]];

		if (e->k == EV_STATE || e->k == EV_PREPARE) {
			st = e->st;
			*ev_out = l[k];
		} else if (e->k == EV_FINISH || e->k == EV_SLEEP ||
			   e->k == EV_SLEEPON || e->k == EV_WAITEV) {
			st = -1;
		}
	}
out:
	free(l);
	vtok_release(&ht);
	return st;
}

/*
 * The event of a wait_event*() call (its kapi.def KAPI_FORM row, NULL
 * for a name it does not list: a driver's own wait_event*() macro, taken
 * as sleeping uninterruptible, untimed, with no lock): the queue is the
 * object its first argument names, the lock of the spin_irq forms (its
 * third argument) is dropped while asleep.
 */
static void wait_event_ev(struct vscan *sc, const struct vtoks *v,
			  const struct kapi_form *form, const int *args,
			  const int *ends, int na, struct vev *ev)
{
	struct vval *vv = sc->vv;
	char *q = queue_of(v, args[0], ends[0], true);
	enum kform_lock lk = form ? form->lock : KF_NO_LOCK;
	const char *st = form ? kform_task_state(form->state) :
			 "TASK_UNINTERRUPTIBLE";

	ev->k = EV_WAITEV;
	ev->q = vintern(vv, NS_QUEUE, q);
	free(q);
	if (st)
		ev->st = vintern(vv, NS_STATE, st);
	else if (na >= 3)	/* wait_event_state(wq, condition, state) */
		ev->st = state_of(vv, v, args[2], ends[2]);
	else
		ev->st = vintern(vv, NS_STATE, "TASK_UNINTERRUPTIBLE");
	ev->timed = form && form->timed != KF_UNTIMED;
	ev->excl = form && form->exclusive;
	ev->keeps_irq = lk == KF_SPIN_IRQ || lk == KF_SPIN_IRQ_CMD ||
			lk == KF_QUEUE_LOCK || lk == KF_QUEUE_LOCK_IRQ;
	/* wait_event*_lock_irq*(wq, cond, lock, ...): dropped while asleep */
	if ((lk == KF_SPIN_IRQ || lk == KF_SPIN_IRQ_CMD) && na >= 3) {
		char *l = queue_of(v, args[2], ends[2], true);

		ev->lock = vintern(vv, NS_LOCK, l);
		free(l);
	}
}

/*
 * Scan the expansion x of a macro of the file used at token k (via: how
 * the words name it, taken; x is kept in the function's expansions).
 */
static void scan_expansion(struct vscan *sc, const struct vtoks *v, int k,
			   char *x, char *via_text, int **list, int *n)
{
	struct vtoks xt;
	const char *via = sc->via;

	if (vtok_cut(&xt, x, 0, strlen(x))) {
		if (!sc->depth) {
			sc->tok = k;
			sc->line = v->t[k].line;
		}
		sc->via = via ? via : via_text;
		if (via)
			free(via_text);
		via_text = NULL;
		sc->depth++;
		sc->f->exp = xrealloc(sc->f->exp, (sc->f->nexp + 1) * sizeof(char *));
		sc->f->exp[sc->f->nexp++] = x;
		scan_events(sc, &xt, 0, xt.n, list, n);
		sc->depth--;
		if (!via)
			free((char *)sc->via);
		sc->via = via;
		x = NULL;
	}
	vtok_release(&xt);
	free(via_text);
	free(x);
}

/*
 * `current->state = X` (or `->__state`, or get_current()) at token k:
 * the state write, if it is one; the token to go on after.
 */
static int state_write_ev(struct vscan *sc, const struct vtoks *v, int k,
			  int b, struct vev *ev, int **list, int *n)
{
	int m = name_is(v, k, "current", 7) ? k + 1 : k + 3, e2;

	if (!(tok_eq(v, m, "->") && m + 2 < b &&
	      (name_is(v, m + 1, "state", 5) || name_is(v, m + 1, "__state", 7)) &&
	      tok_eq(v, m + 2, "=")))
		return k;
	for (e2 = m + 3; e2 < b && !tok_eq(v, e2, ";") &&
	     !tok_eq(v, e2, ",") && !tok_eq(v, e2, ")"); e2++)
		;
	ev->k = EV_STATE;
	ev->st = state_of(sc->vv, v, m + 3, e2);
	add_ev(sc, ev, v, k, e2 - 1, list, n);
	return e2 - 1;
}

/*
 * A lock taken or dropped at token k (and the interrupts with it, for
 * the _irq ones); its initialisers and try-locks are no events.  A lock
 * that can fail (mutex_lock_interruptible(), _killable()) tested as the
 * whole condition of an if, `if (mutex_lock_interruptible(&m))`, is not
 * held on that if's true arm (vev.fails); tested any other way, through
 * a variable, the model takes it as held on both arms.
 */
static void lock_evs(struct vscan *sc, const struct vtoks *v, int k, int close,
		     int a0, int e0, struct vev *ev, int **list, int *n)
{
	const char *s = v->text + v->t[k].off;
	size_t len = v->t[k].len;
	bool unlock = contains(s, len, "unlock");
	char *l;

	if (contains(s, len, "init") || contains(s, len, "trylock") ||
	    contains(s, len, "is_locked"))
		return;
	l = a0 >= 0 ? queue_of(v, a0, e0, false) : xstrdup("?");
	ev->k = unlock ? EV_UNLOCK : EV_LOCK;
	ev->lock = vintern(sc->vv, NS_LOCK, l);
	ev->fails = !unlock && k >= 2 && tok_eq(v, k - 1, "(") &&
		    name_is(v, k - 2, "if", 2) && tok_eq(v, close + 1, ")") &&
		    vtok_match(v, k - 1) == close + 1;
	free(l);
	add_ev(sc, ev, v, k, close, list, n);
	if (contains(s, len, "irq")) {
		ev->k = unlock ? EV_IRQON : EV_IRQOFF;
		ev->lock = -1;
		add_ev(sc, ev, v, k, close, list, n);
	}
}

/* A sleep_on() call: its state and timeout from its kapi.def row. */
static void sleep_on_ev(struct vval *vv, const struct vtoks *v,
			const struct kapi *api, int a0, int e0, struct vev *ev)
{
	const struct sleep_on_fact *so = sleep_on_lookup(api->name,
							 strlen(api->name));
	char *q = queue_of(v, a0, e0, false);

	ev->k = EV_SLEEPON;
	ev->q = vintern(vv, NS_QUEUE, q);
	ev->st = vintern(vv, NS_STATE, so && so->intr ?
			 "TASK_INTERRUPTIBLE" : "TASK_UNINTERRUPTIBLE");
	ev->timed = so && so->timed;
	ev->keeps_irq = true;
	free(q);
}

/*
 * schedule(), schedule_timeout(t) (a receiver: `x = schedule_timeout()`)
 * and schedule_timeout_*(), at token k.
 */
static void sleep_ev(struct vval *vv, const struct vtoks *v, int k, int a,
		     const struct kapi *api, const int *args, const int *ends,
		     int na, struct vev *ev)
{
	ev->k = EV_SLEEP;
	ev->timed = api->kind != K_SCHEDULE;
	if (ev->timed && na >= 1) {
		char *t = vtok_text(v, args[0], ends[0]);

		ev->timed = strcmp(t, "MAX_SCHEDULE_TIMEOUT") != 0;
		free(t);
	}
	if (ev->timed && na >= 1) {
		int j;

		ev->tmo = vtok_text(v, args[0], ends[0]);
		/* x = schedule_timeout(...): the receiver */
		for (j = k - 2; k > a && tok_eq(v, k - 1, "=") && j >= a &&
		     !tok_eq(v, j, ";") && !tok_eq(v, j, "{") &&
		     !tok_eq(v, j, "}") && !tok_eq(v, j, ")"); j--)
			;
		if (k > a + 1 && tok_eq(v, k - 1, "=") && j + 1 < k - 1)
			ev->recv = vtok_text(v, j + 1, k - 1);
	}
	if (api->kind == K_DELAY) {
		const char *s = api->name;
		size_t len = strlen(s);

		ev->st = vintern(vv, NS_STATE,
				 contains(s, len, "uninterruptible") ? "TASK_UNINTERRUPTIBLE" :
				 contains(s, len, "interruptible") ? "TASK_INTERRUPTIBLE" :
				 contains(s, len, "killable") ? "TASK_KILLABLE" : "TASK_IDLE");
	}
}

/*
 * A call at token k of a function of the file whose body is one lock or
 * unlock call (model/locktext.c: `drv_lock(d)`, mutex_lock(&d->lock)):
 * that call's events, with the call's arguments in the body.
 */
static bool wrapper_call(struct vscan *sc, const struct vtoks *v, int k,
			 const int *a, const int *e, int na, int **list, int *n)
{
	const struct vside *s = sc->f->side;
	char *args[8], *x;
	bool unlock, fn;
	int i;

	if (k > 0 && (tok_eq(v, k - 1, "->") || tok_eq(v, k - 1, ".")))
		return false;
	na = na < 0 ? 0 : na > 8 ? 8 : na;
	for (i = 0; i < na; i++)
		args[i] = vtok_text(v, a[i], e[i]);
	x = text_lock_use(s->text, s->len, v->text + v->t[k].off, v->t[k].len,
			  args, na, &unlock, &fn);
	for (i = 0; i < na; i++)
		free(args[i]);
	if (x && !fn) {
		free(x);
		return false;	/* a macro's: expanded as one */
	}
	if (!x)
		return false;
	sc->calls = true;
	scan_expansion(sc, v, k, x, vtok_text(v, k, vtok_match(v, k + 1) + 1),
		       list, n);
	sc->calls = false;
	return true;
}

static void scan_events(struct vscan *sc, const struct vtoks *v, int a, int b,
			int **list, int *n)
{
	struct vval *vv = sc->vv;
	int k, args[8], ends[8];

	for (k = a; k < b && k < v->n; k++) {
		const char *s = v->text + v->t[k].off;
		size_t len = v->t[k].len;
		const struct kapi_form *form;
		const struct kapi *api;
		struct vev ev;
		int na, close;

		if (v->t[k].kind != VT_ID)
			continue;
		memset(&ev, 0, sizeof(ev));
		ev.st = ev.q = ev.ent = ev.lock = -1;
		/* current->state = X, current->__state = X */
		if ((name_is(v, k, "current", 7) || (name_is(v, k, "get_current", 11) &&
		     tok_eq(v, k + 1, "(") && tok_eq(v, k + 2, ")"))) &&
		    !(k > a && (tok_eq(v, k - 1, "->") || tok_eq(v, k - 1, ".")))) {
			k = state_write_ev(sc, v, k, b, &ev, list, n);
			continue;
		}
		if (!tok_eq(v, k + 1, "(")) {
			struct vmacro m;

			/* an object-like macro of the file used as a statement */
			if (sc->depth < 4 && len > 1 && find_macro(sc->f->side, s, len, &m) &&
			    !m.fnlike && m.body_end > m.body)
				scan_expansion(sc, v, k, expand(&m, v, NULL, NULL, 0),
					       xasprintf("%.*s", (int)len, s), list, n);
			continue;
		}
		close = vtok_match(v, k + 1);
		if (close < 0)
			continue;
		na = vcall_args(v, k + 1, args, ends, 8);
		api = kapi_lookup(s, len);
		if (api && api->kind == K_SET_STATE && api->state_arg < na) {
			/* set_task_state(tsk, X) counts for current only */
			if (api->state_arg == 1 && !(ends[0] == args[0] + 1 &&
			    name_is(v, args[0], "current", 7)))
				continue;
			ev.k = EV_STATE;
			ev.st = state_of(vv, v, args[api->state_arg], ends[api->state_arg]);
		} else if (writes_first_arg(s, len) && na == 2 &&
			   contains(v->text + v->t[args[0]].off,
				    v->t[ends[0] - 1].off + v->t[ends[0] - 1].len -
				    v->t[args[0]].off, "current->__state")) {
			ev.k = EV_STATE;
			ev.st = state_of(vv, v, args[1], ends[1]);
		} else if (api && api->kind == K_PREPARE && na >= 3) {
			char *q = queue_of(v, args[0], ends[0], false);
			char *w = entry_of(v, args[1], ends[1]);

			ev.k = EV_PREPARE;
			ev.q = vintern(vv, NS_QUEUE, q);
			ev.ent = vintern(vv, NS_ENTRY, w);
			ev.st = state_of(vv, v, args[2], ends[2]);
			ev.excl = contains(s, len, "exclusive");
			free(q);
			free(w);
		} else if (api && api->kind == K_ADD_WAIT && na >= 2) {
			char *q = queue_of(v, args[0], ends[0], false);
			char *w = entry_of(v, args[1], ends[1]);

			ev.k = EV_ADD;
			ev.q = vintern(vv, NS_QUEUE, q);
			ev.ent = vintern(vv, NS_ENTRY, w);
			ev.excl = contains(s, len, "exclusive");
			free(q);
			free(w);
		} else if (api && (api->kind == K_REMOVE_WAIT || api->kind == K_FINISH) &&
			   na >= 2) {
			char *w = entry_of(v, args[1], ends[1]);

			ev.k = api->kind == K_FINISH ? EV_FINISH : EV_REMOVE;
			ev.ent = vintern(vv, NS_ENTRY, w);
			free(w);
		} else if (api && (api->kind == K_SCHEDULE || api->kind == K_SCHEDULE_TIMEOUT ||
				   (api->kind == K_DELAY && starts(s, len, "schedule_timeout_"))) &&
			   !name_is(v, k, "schedule_preempt_disabled", 25)) {
			sleep_ev(vv, v, k, a, api, args, ends, na, &ev);
		} else if (api && api->kind == K_SLEEP_ON && na >= 1) {
			sleep_on_ev(vv, v, api, args[0], ends[0], &ev);
		} else if (((form = kform_lookup(s, len)) ? form->family == KF_EVENT :
			    starts(s, len, "wait_event") ||
			    starts(s, len, "io_wait_event")) && na >= 1) {
			wait_event_ev(sc, v, form, args, ends, na, &ev);
		} else if (lock_call(s, len)) {
			lock_evs(sc, v, k, close, na >= 1 ? args[0] : -1,
				 na >= 1 ? ends[0] : -1, &ev, list, n);
			continue;
		} else if (irq_effect(s, len, "off")) {
			ev.k = EV_IRQOFF;
		} else if (irq_effect(s, len, "on")) {
			ev.k = EV_IRQON;
		} else {
			struct vmacro m;
			char *nm = vtok_name(v, k);
			int hev = -1, st;

			if (sc->depth < 4 && find_macro(sc->f->side, s, len, &m) && m.fnlike) {
				scan_expansion(sc, v, k, expand(&m, v, args, ends, na < 0 ? 0 : na),
					       vtok_text(v, k, close + 1), list, n);
				free(nm);
				k = close;
				continue;
			}
			if (!sc->depth && wrapper_call(sc, v, k, args, ends, na, list, n)) {
				free(nm);
				k = close;
				continue;
			}
			if (!(k > a && (tok_eq(v, k - 1, "->") || tok_eq(v, k - 1, "."))) &&
			    (st = helper_state(sc, nm, &hev)) >= 0) {
				ev.k = EV_STATE;
				ev.st = st;
				if (!sc->depth) {
					struct vev *last;

					add_ev(sc, &ev, v, k, close, list, n);
					last = &sc->f->ev[sc->f->nev_all - 1];
					free(last->what);
					last->what = xasprintf("%s() (a helper that sets %s)",
							       nm, vv->names[NS_STATE][st]);
					free(nm);
					continue;
				}
			}
			free(nm);
			if (ev.st < 0)
				continue;
		}
		add_ev(sc, &ev, v, k, close, list, n);
		if (ev.k == EV_SLEEPON || ev.k == EV_WAITEV)
			k = close;	/* the condition runs inside the macro */
	}
}

/* ---- one side: tokens, graph, events ---- */

bool vside_load(struct vval *vv, struct vfn *f, const struct vside *s,
		const char *name, int side, char **why)
{
	return vside_load_sel(vv, f, s, name, side, NULL, why);
}

bool vside_load_sel(struct vval *vv, struct vfn *f, const struct vside *s,
		    const char *name, int side, const int *sel, char **why)
{
	int lb, i;

	memset(f, 0, sizeof(*f));
	f->side = s;
	f->fn = vfind_fn(s, name);
	if (!f->fn) {
		*why = xasprintf("%s() is not found in the %s text", name,
				 side ? "rewritten" : "original");
		return false;
	}
	if (!vtok_cut(&f->raw, s->text, f->fn->start, f->fn->end) ||
	    !vtok_cut(&f->flow, s->text, f->fn->start, f->fn->end)) {
		*why = xasprintf("the #if nesting of %s() does not read", name);
		return false;
	}
	if (sel)
		vtok_select(&f->flow, sel);
	lb = vbody_brace(&f->flow);
	if (sel && (lb < 0 || !vcfg_build(&f->g, &f->flow, lb))) {
		*why = xasprintf("%s of %s%s()", f->g.error ? f->g.error :
				 "no body", side ? "the rewritten " : "", name);
		return false;
	}
	if (!sel && (lb < 0 || !vcfg_build(&f->g, &f->flow, lb))) {
		/* a chain cutting through statements: one branch only */
		int *dsel = xrealloc(NULL, (f->flow.nch + 1) * sizeof(int));
		bool ok;

		vtok_default_sel(&f->flow, dsel);
		ok = vtok_consistent(&f->flow, dsel);
		free(dsel);
		if (!ok) {
			/* first branches no preprocessor selects together */
			*why = xasprintf("%s of %s%s()", f->g.error ? f->g.error :
					 "no body", side ? "the rewritten " : "", name);
			return false;
		}
		vcfg_release(&f->g);
		vtok_flatten(&f->flow);
		lb = vbody_brace(&f->flow);
		if (lb < 0 || !vcfg_build(&f->g, &f->flow, lb)) {
			*why = xasprintf("%s of %s%s()", f->g.error ? f->g.error :
					 "no body", side ? "the rewritten " : "", name);
			return false;
		}
	}
	f->nev = xrealloc(NULL, f->g.nn * sizeof(int *));
	f->nnev = xrealloc(NULL, f->g.nn * sizeof(int));
	for (i = 0; i < f->g.nn; i++) {
		struct vscan sc = { vv, f, side, 0, 0, 0, NULL, false };
		const struct vnode *nd = &f->g.n[i];

		f->nev[i] = NULL;
		f->nnev[i] = 0;
		if (nd->kind != VN_JOIN && nd->kind != VN_EXIT)
			scan_events(&sc, &f->flow, nd->first, nd->last,
				    &f->nev[i], &f->nnev[i]);
	}
	/* autoremove entries: DEFINE_WAIT(w), init_wait(&w) */
	for (i = 0; i + 2 < f->raw.n; i++) {
		const struct vtoks *v = &f->raw;
		int e = -1;

		if (tok_eq(v, i + 1, "(") && v->t[i + 2].kind == VT_ID &&
		    (name_is(v, i, "DEFINE_WAIT", 11) ||
		     (name_is(v, i, "DEFINE_WAIT_FUNC", 16) &&
		      i + 4 < v->n && name_is(v, i + 4, "autoremove_wake_function", 24))))
			e = i + 2;
		else if (tok_eq(v, i + 1, "(") && tok_eq(v, i + 2, "&") &&
			 (name_is(v, i, "init_wait", 9) || name_is(v, i, "init_wait_entry", 15)))
			e = i + 3;
		if (e >= 0) {
			char *w = vtok_name(v, e);

			vv->autorm[side][vintern(vv, NS_ENTRY, w)] = true;
			free(w);
		}
	}
	return true;
}

void vside_release(struct vfn *f)
{
	int i;

	for (i = 0; f->nev && i < f->g.nn; i++)
		free(f->nev[i]);
	free(f->nev);
	free(f->nnev);
	for (i = 0; i < f->nev_all; i++) {
		free(f->ev[i].what);
		free(f->ev[i].tmo);
		free(f->ev[i].recv);
	}
	free(f->ev);
	for (i = 0; i < f->nexp; i++)
		free(f->exp[i]);
	free(f->exp);
	vcfg_release(&f->g);
	vtok_release(&f->raw);
	vtok_release(&f->flow);
}

/* Does body [a, b) of a helper write anything but its own locals? */
static bool body_writes(const struct vside *s, const struct vtoks *v, int a,
			int b, int depth)
{
	int k;

	for (k = a; k < b; k++) {
		const char *t = v->text + v->t[k].off;
		size_t n = v->t[k].len;

		if (v->t[k].kind == VT_PUNCT &&
		    ((n == 1 && *t == '=') || (n == 2 && t[1] == '=' &&
		     strchr("+-*/%&|^", t[0])) || (n == 3 && t[2] == '='))) {
			int j = k - 1;

			/* a write through a pointer, a field or an array */
			while (j >= a && !tok_eq(v, j, ";") && !tok_eq(v, j, "{") &&
			       !tok_eq(v, j, "}") && !tok_eq(v, j, ",") &&
			       !tok_eq(v, j, "(")) {
				if (tok_eq(v, j, "->") || tok_eq(v, j, ".") ||
				    tok_eq(v, j, "[") || (tok_eq(v, j, "*") && j > a &&
				    (tok_eq(v, j - 1, ";") || tok_eq(v, j - 1, "{") ||
				     tok_eq(v, j - 1, "}"))))
					return true;
				j--;
			}
		}
		if ((tok_eq(v, k, "++") || tok_eq(v, k, "--")) &&
		    ((k > a && (v->t[k - 1].kind == VT_ID || tok_eq(v, k - 1, "]"))) &&
		     k >= a + 2 && (tok_eq(v, k - 2, "->") || tok_eq(v, k - 2, "."))))
			return true;
		if (tok_eq(v, k, "(") && k > a) {
			/* a call through a pointer: (*fp)(...), ops->send(...) */
			if (tok_eq(v, k - 1, ")") || (v->t[k - 1].kind == VT_ID && k - 1 > a &&
			    (tok_eq(v, k - 2, "->") || tok_eq(v, k - 2, "."))))
				return true;
			if (v->t[k - 1].kind == VT_ID &&
			    vside_effect(s, v->text + v->t[k - 1].off, v->t[k - 1].len,
					   depth + 1))
				return true;
		}
	}
	return false;
}

/*
 * A call whose effect repeats when it runs again: listed in
 * sideeffect.def, or a static function of the file that writes through
 * a pointer, calls through one, or calls such a function.  A call of
 * another file is taken as a predicate, as WQ009 does.
 */
bool vside_effect(const struct vside *s, const char *name, size_t n,
			   int depth)
{
	const struct fix_fn *h;
	struct vtoks ht;
	bool r = false;
	int lb;
	char *nm;

	/* sideeffect.def: take-if-there calls change what they take too */
	if (side_effect_lookup(name, n))
		return true;
	if (depth > 3)
		return false;
	nm = xasprintf("%.*s", (int)n, name);
	h = vfind_fn(s, nm);
	free(nm);
	if (!h || !vtok_cut(&ht, s->text, h->start, h->end))
		return false;
	lb = vbody_brace(&ht);
	if (lb >= 0)
		r = body_writes(s, &ht, lb + 1, ht.n, depth);
	vtok_release(&ht);
	return r;
}

/*
 * What keeps interrupts off across a sleep, said only where it is so:
 * the wait_event*_lock_irq() forms drop and retake a spinlock taken
 * with interrupts off (kapi.def KAPI_IRQ lock_off, lock_save) and come
 * back with them off; nothing keeps a cli() or local_irq_save() across
 * a sleep; and the forms exist only from the release target.def gives.
 */
bool irq_by_lock(const char *what)
{
	const char *eff = what ? kapi_irq(what, strcspn(what, "(")) : NULL;

	return eff && (!strcmp(eff, "lock_off") || !strcmp(eff, "lock_save"));
}

const char *irq_keep_words(const char *what, unsigned target)
{
	unsigned since = target_api_since("wait_event_lock_irq");

	if (!irq_by_lock(what))
		return "";
	if (target && since && target < since)
		return " (the target kernel has no wait_event*_lock_irq() form, which would keep them)";
	return " (a wait_event*_lock_irq() form keeps them)";
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * A wait condition proven against every waker of the queue in the file,
 * as a maintainer proves it before writing wait_event*(q, cond):
 *
 *	static irqreturn_t fd_irq(int irq, void *id)
 *	{
 *		...
 *		fs->state = available;		<- every waker makes it true
 *		wake_up(&fs->wait);
 *	}
 *	...
 *		fs->state = busy;		<- false at the sleep
 *		start_seek(fs);
 *		sleep_on(&fs->wait);		-> wait_event(fs->wait,
 *						       fs->state == available)
 *
 * Candidates, in order: the negated guard of the sleep (`if (!c)
 * sleep`), a flag set before the sleep and tested after it, the writes
 * the wakers make before their wake-up.  One is accepted only when, in
 * this order:
 *  1. it tests no task state (`current->state != TASK_INTERRUPTIBLE` is
 *     always false inside wait_event*(), which sets the state itself);
 *  2. it has no side effect (wait_event*() evaluates it many times);
 *  3. it reads no stale local: a local of the sleeper is replaced by the
 *     shared expression it was read from, or the candidate fails;
 *  4. it is false at the sleep: the test that led there (the guard of
 *     the block or the loop's test, issue 39) or the sleeper's own
 *     writes say so, and nothing it does after that test makes it true
 *     (else the wait_event*() would not sleep and return a stale state);
 *  5. the file or its module (fix/prove/module.c) has a waker of the queue (a
 *     waker elsewhere is an assumption only --unsafe may make);
 *  6. the waker's queue is the same member of the same struct type as
 *     the sleeper's, checked on libclang's declarations, or compared as
 *     expressions by fix/prove/qmatch.c when it resolves none, so that the
 *     waker's writes can be rebased onto the sleeper's variables
 *     (`d->done` at `wake_up(&d->wq)` is `fs->done` for a sleep on
 *     `&fs->wq` only if both wq are the same field);
 *  7. every waker, one call level deep (a helper that wakes, called by
 *     the interrupt handler, timer, work item or file operation that
 *     writes first), makes it true on every path before its wake-up.
 * The walks and the evaluation are analysis/proof/condproof.c's, the wakers
 * fix/prove/pwaker.c's.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "condproof.h"
#include "pwaker.h"
#include "qmatch.h"
#include "site.h"
#include "site_text.h"

const char *proof_step_name(enum proof_step s)
{
	static const char *const names[] = {
		"proven", "no candidate", "task state", "side effect",
		"local", "not false at the sleep", "no waker in the file",
		"rebase", "waker",
	};

	return names[s];
}

void cond_proof_free(struct cond_proof *pr)
{
	free(pr->cond);
	free(pr->why);
	free(pr->wakers);
	memset(pr, 0, sizeof(*pr));
}

/* `current->state != TASK_INTERRUPTIBLE`: the task's own state */
static bool is_task_state(const char *c)
{
	const char *p;

	for (p = c; (p = strstr(p, "TASK_")); p++)
		if (p == c || !is_ident(p[-1]))
			return true;
	return find_word(c, "current") != NULL;
}

/*
 * Replace the sleeper's locals in c by the shared expressions they were
 * read from; NULL with *why when one is not such a copy.
 */
#define MAX_COPIES 8

/* `dev->q.len`, `ready[n]`: names, members and plain indexes only */
static bool postfix_only(const char *v)
{
	const char *p;

	for (p = v; *p; p++) {
		if (is_ident(*p) || *p == '.' || *p == '[' || *p == ']')
			continue;
		if (p[0] == '-' && p[1] == '>') {
			p++;
			continue;
		}
		return false;
	}
	return *v != 0;
}
/*
 * Is v a constant: a number, or a name in capitals (`0`, `0x10`,
 * `FRAME_BIT`)?  A local set to one and not changed since reads the
 * same at any test: no stale copy (`int frame = 0; ... test_bit(frame,
 * &cam->flags)`), but a name the waker's words would not match.
 */
static bool constant_value(const char *v)
{
	const char *p = v;

	while (*p == ' ' || *p == '(')
		p++;
	if (isdigit((unsigned char)*p)) {
		while (isalnum((unsigned char)*p))
			p++;
	} else if (isupper((unsigned char)*p)) {
		while (isupper((unsigned char)*p) || isdigit((unsigned char)*p) ||
		       *p == '_')
			p++;
	} else {
		return false;
	}
	while (*p == ' ' || *p == ')')
		p++;
	return !*p;
}

static char *unlocal(const struct site_ctx *sc, unsigned decl,
		     const struct cp_state *ss, const char *c, char **why,
		     int *copies, int *ncopies)
{
	struct strbuf sb = { 0 };
	const char *p = c;
	int bracket = 0;

	while (*p) {
		const char *s = p, *q;
		char *w;
		int i;
		bool member;

		if (!is_ident(*p) || (p > c && is_ident(p[-1])) ||
		    isdigit((unsigned char)*p)) {
			if (*p == '[')
				bracket++;
			else if (*p == ']')
				bracket--;
			sb_add(&sb, p, 1);
			p++;
			continue;
		}
		member = p > c && (p[-1] == '.' || (p[-1] == '>' && p > c + 1 &&
						    p[-2] == '-'));
		while (is_ident(*p))
			p++;
		w = xasprintf("%.*s", (int)(p - s), s);
		q = p;
		while (*q == ' ')
			q++;
		if (member || bracket || *q == '(' || (q[0] == '-' && q[1] == '>') ||
		    *q == '.' || *q == '[' ||
		    !cp_is_local(sc->buf, decl, sc->anchor_off, w)) {
			sb_printf(&sb, "%s", w);
			free(w);
			continue;
		}
		for (i = 0; i < ss->n; i++)
			if (ss->w[i].kind != CPW_FACT && !strcmp(ss->w[i].lhs, w))
				break;
		if (i < ss->n && ss->w[i].kind == CPW_SET && ss->w[i].val &&
		    constant_value(ss->w[i].val)) {
			/* no stale copy: a constant the proof does not
			 * carry into the waker's words (its own local
			 * `frame = 0` too) */
			*why = xasprintf("'%s' reads the local '%s', set to %s: the proof does not put a local's constant in its place",
					 c, w, ss->w[i].val);
			free(w);
			free(sb.s);
			return NULL;
		}
		if (i == ss->n || ss->w[i].kind != CPW_SET || !ss->w[i].val ||
		    (!strstr(ss->w[i].val, "->") && !strchr(ss->w[i].val, '.')) ||
		    cond_side_effect(ss->w[i].val)) {
			*why = xasprintf("'%s' reads the local '%s', %s: wait_event*() would test a stale copy",
					 c, w, i < ss->n && ss->w[i].val ?
					 "not a plain copy of shared state" :
					 "not a copy taken right before the sleep");
			free(w);
			free(sb.s);
			return NULL;
		}
		/* `dev->qlen`, `port_ready[n]`: no parentheses needed */
		if (postfix_only(ss->w[i].val))
			sb_printf(&sb, "%s", ss->w[i].val);
		else
			sb_printf(&sb, "(%s)", ss->w[i].val);
		if (copies && *ncopies < MAX_COPIES)
			copies[(*ncopies)++] = i;
		free(w);
	}
	return sb.s ? sb.s : xstrdup("");
}

/* may write w change the shared expression e? */
static bool touches(const char *w, const char *e)
{
	size_t n = strlen(w), m = strlen(e);

	if (!strcmp(w, "*"))
		return true;
	if (!strncmp(w, e, n < m ? n : m)) {
		const char *rest = n < m ? e + n : w + m;

		return !*rest || *rest == '.' || *rest == '[' ||
		       (rest[0] == '-' && rest[1] == '>');
	}
	return false;
}

/*
 * `qlen = dev->qlen; if (qlen > 0) { ...; sleep }`: the test read the
 * copies; it holds of what they copied when nothing the sleeper does
 * between each copy and the sleep writes it.
 */
static bool copies_intact(const struct cp_state *ss, const int *copies, int n)
{
	int k, j;

	for (k = 0; k < n; k++) {
		char *e = cp_norm(ss->w[copies[k]].val);

		for (j = 0; j < copies[k]; j++) {
			const struct cp_write *w = &ss->w[j];

			if (w->kind != CPW_FACT && touches(w->lhs, e)) {
				free(e);
				return false;
			}
		}
		free(e);
	}
	return true;
}

/*
 * Is member m used as a flag in the file: every store to `->m` or `.m`
 * writes 0 or 1 (then a maintainer tests `p->m`, else `p->m == v`)?
 */
static bool flag_member(const char *buf, size_t len, const char *m)
{
	long at = 0;
	size_t n = strlen(m);

	while ((at = text_find_word(buf, at, len, m)) >= 0) {
		long p = at + n;

		at = p;
		if (!(at - (long)n > 0 && (buf[at - n - 1] == '.' ||
					 buf[at - n - 1] == '>')))
			continue;
		while ((size_t)p < len && (buf[p] == ' ' || buf[p] == '\t'))
			p++;
		if ((size_t)p + 1 >= len)
			continue;
		if (strchr("+-|&^", buf[p]) && buf[p + 1] == '=')
			return false;
		if ((buf[p] == '+' && buf[p + 1] == '+') ||
		    (buf[p] == '-' && buf[p + 1] == '-'))
			return false;
		if (buf[p] == '=' && buf[p + 1] != '=') {
			p++;
			while ((size_t)p < len && (buf[p] == ' ' || buf[p] == '\t'))
				p++;
			if (!((buf[p] == '0' || buf[p] == '1') && !is_ident(buf[p + 1])) &&
			    strncmp(buf + p, "true", 4) && strncmp(buf + p, "false", 5))
				return false;
		}
	}
	return true;
}

static void add_cand(char ***cands, int *nc, char *c)
{
	int k;

	/* a write of the task state (`current->state = TASK_...`) is the
	 * sleep's own, no condition a waker makes: not a candidate (the
	 * words would quote a test the code does not have) */
	if (strstr(c, "current->state") || strstr(c, "current->__state")) {
		free(c);
		return;
	}
	for (k = 0; k < *nc; k++)
		if (!strcmp((*cands)[k], c)) {
			free(c);
			return;
		}
	*cands = xrealloc(*cands, (*nc + 1) * sizeof(**cands));
	(*cands)[(*nc)++] = c;
}

/* The condition write w makes true, or NULL. */
/* Is name declared outside every function of buf (depth 0, no call)? */
static bool file_scope_name(const char *buf, size_t len, const char *name)
{
	size_t n = strlen(name), i;
	int depth = 0, paren = 0;

	for (i = 0; i + n <= len; i++) {
		if (buf[i] == '#' && (i == 0 || buf[i - 1] == '\n')) {
			/* a directive line (a #define's body): no declaration */
			while (i < len && buf[i] != '\n')
				i += buf[i] == '\\' && i + 1 < len ? 2 : 1;
			continue;
		}
		if (buf[i] == '/' && i + 1 < len &&
		    (buf[i + 1] == '*' || buf[i + 1] == '/')) {
			/* a comment's words are no declaration */
			const char *e = text_skip_comment(buf + i, buf + len);

			i = e - buf - 1;
			continue;
		}
		if (buf[i] == '{')
			depth++;
		else if (buf[i] == '}' && depth > 0)
			depth--;
		else if (!depth && buf[i] == '(')
			paren++;	/* a parameter list: no file-scope name */
		else if (!depth && buf[i] == ')' && paren > 0)
			paren--;
		else if (!depth && !paren && !strncmp(buf + i, name, n) &&
			 (i == 0 || !is_ident(buf[i - 1])) && !is_ident(buf[i + n])) {
			size_t j = i + n;

			while (j < len && isspace((unsigned char)buf[j]))
				j++;
			if (j < len && buf[j] != '(')
				return true;
		}
	}
	return false;
}

/*
 * Does the value a waker stores name only what the sleeper can read: no
 * bare name but constants (upper case) and names declared at file scope
 * (`last_keyin_val = val` with val the handler's own local makes no
 * condition the sleeper could test)?
 */
static bool value_visible(const struct site_ctx *sc, const char *v)
{
	const char *p = v;

	while (*p) {
		const char *b = p;
		char *name;
		bool lower = false, ok;

		if (isdigit((unsigned char)*p)) {	/* a number */
			while (is_ident(*p))
				p++;
			continue;
		}
		if (!is_ident(*p)) {
			p++;
			continue;
		}
		while (is_ident(*p))
			lower |= islower((unsigned char)*p), p++;
		if (!lower || (b > v && (b[-1] == '.' || b[-1] == '>')))
			continue;	/* a constant, a member */
		name = xasprintf("%.*s", (int)(p - b), b);
		/* a name of this file's scope, or one the file declares
		 * nowhere (a header's enum constant or global): not a
		 * function's own local */
		ok = file_scope_name(sc->buf, sc->len, name) ||
		     !cp_is_local(sc->buf, 0, (unsigned)sc->len, name);
		free(name);
		if (!ok)
			return false;
	}
	return true;
}

/*
 * Is lhs a declaration rather than an lvalue: two names with only
 * spaces between (`static struct testr test[]`, `int x`), or `[]`?
 * Its initializer is the waker's own local starting out, no write the
 * sleeper can wait for.
 */
static bool declared_lhs(const char *lhs)
{
	const char *p;

	if (strstr(lhs, "[]"))
		return true;
	for (p = lhs; *p; p++)
		if (wq_ident_char(*p) && (p[1] == ' ' || p[1] == '\t')) {
			const char *q = p + 1;

			while (*q == ' ' || *q == '\t')
				q++;
			if (wq_ident_char(*q))
				return true;
		}
	return false;
}

static char *made_true(const struct site_ctx *sc, const struct cp_write *w)
{
	if (!strcmp(w->lhs, "*") || strchr(w->lhs, '(') || declared_lhs(w->lhs) ||
	    (w->val && w->val[0] == '{'))
		return NULL;
	if (w->kind == CPW_SET && w->val && !strchr(w->val, '(')) {
		char *b = NULL, *m = NULL;
		const char *op;
		bool flag;

		if (!strcmp(w->val, "0") || !strcmp(w->val, "NULL") ||
		    !strcmp(w->val, "false"))
			return xasprintf("!%s", w->lhs);
		flag = cp_split(w->lhs, &b, &op, &m) &&
		       flag_member(sc->buf, sc->len, m);
		free(b);
		free(m);
		if ((!strcmp(w->val, "1") || !strcmp(w->val, "true")) && flag)
			return xstrdup(w->lhs);
		if (!value_visible(sc, w->val))
			return NULL;	/* the waker's own local: no condition */
		return xasprintf("%s == %s", w->lhs, w->val);
	}
	if (w->kind == CPW_ADD)
		return xstrdup(w->lhs);
	if (w->kind == CPW_BITSET && w->val)
		return xasprintf("test_bit(%s, &%s)", w->val, w->lhs);
	/* clear_bit(), test_and_clear_bit() before the wake-up */
	if (w->kind == CPW_BITCLR && w->val)
		return xasprintf("!test_bit(%s, &%s)", w->val, w->lhs);
	if (w->kind == CPW_LISTADD)
		return xasprintf("!list_empty(&%s)", w->lhs);
	/* `flags &= ~ASYNC_CLOSING`: one named bit (of several, below) */
	if ((w->kind == CPW_MASKCLR || w->kind == CPW_MASKSET) && w->val &&
	    !strpbrk(w->val, "|()"))
		return xasprintf(w->kind == CPW_MASKCLR ? "!(%s & %s)" : "%s & %s",
				 w->lhs, w->val);
	return NULL;
}

/* `flags &= ~(A | B)`: one candidate per bit, `!(flags & A)` ... */
static void mask_candidates(const struct cp_write *w, char ***cands, int *nc)
{
	char *m, *save = NULL, *tok;

	if ((w->kind != CPW_MASKCLR && w->kind != CPW_MASKSET) || !w->val ||
	    !strchr(w->val, '|') || strchr(w->lhs, '('))
		return;
	m = xstrdup(w->val);
	for (tok = strtok_r(m, "|", &save); tok; tok = strtok_r(NULL, "|", &save)) {
		char *b = cp_norm(tok);

		if (*b && strspn(b, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") == strlen(b))
			add_cand(cands, nc, xasprintf(w->kind == CPW_MASKCLR ?
					"!(%s & %s)" : "%s & %s", w->lhs, b));
		free(b);
	}
	free(m);
}

/*
 * The conditions the wakers' writes make true, as candidates; then,
 * when the wakers write different things, the disjunction of each
 * one's nearest (`l2_state == L2_RUNNING || l2_state == L2_DOWN`).
 */
static void waker_candidates(const struct site_ctx *sc, struct pwaker *pws,
			     int n, char ***cands, int *nc)
{
	struct strbuf any = { 0 };
	int i, j, parts = 0;

	for (i = 0; i < n; i++) {
		char *near = NULL;

		/* a helper's callers write for it (one level up) */
		const struct cp_state *st = pws[i].ncallers ? &pws[i].callers[0] :
					    &pws[i].st;

		for (j = 0; j < st->n; j++) {
			char *c = made_true(sc, &st->w[j]);

			mask_candidates(&st->w[j], cands, nc);
			if (!c)
				continue;
			if (!near)
				near = xstrdup(c);
			add_cand(cands, nc, c);
		}
		if (near && (!any.s || !strstr(any.s, near))) {
			sb_printf(&any, "%s%s", parts ? " || " : "", near);
			parts++;
		}
		free(near);
	}
	if (parts > 1 && parts <= 3)
		add_cand(cands, nc, any.s);
	else
		free(any.s);
}

/*
 * Would the facts of ss make cond false, but for the calls on the way
 * that may write anything?
 */
static bool opaque_hides(const char *buf, size_t len,
			 const struct cp_state *ss, const char *cond)
{
	struct cp_state f = { 0 };
	bool hides;
	int i;

	f.w = xrealloc(NULL, (ss->n + 1) * sizeof(*f.w));
	for (i = 0; i < ss->n; i++)
		if (ss->w[i].kind != CPW_OPAQUE || strcmp(ss->w[i].lhs, "*"))
			f.w[f.n++] = ss->w[i];
	f.stop = ss->stop;
	hides = f.n < ss->n && cp_eval(buf, len, cond, &f) == CP_FALSE;
	free(f.w);
	return hides;
}

/*
 * The nearest call on the way to the sleep that may write what cond
 * reads (a CPW_OPAQUE write under one of its names: `send(req, ...)`
 * before a test of req->len), as written; NULL when none.
 */
static const char *opaque_call(const char *buf, size_t len,
			       const struct cp_state *ss, const char *cond)
{
	int i;

	for (i = 0; i < ss->n; i++) {
		const struct cp_write *w = &ss->w[i];
		const char *p;

		if (w->kind != CPW_OPAQUE || !w->lhs || !*w->lhs || !w->text)
			continue;
		if (!strcmp(w->lhs, "*")) {
			/* a call that may write anything (cpwalk.c): named
			 * when without it the facts make cond false */
			const char *t = w->text;

			if (!opaque_hides(buf, len, ss, cond))
				continue;
			while (isspace((unsigned char)*t))
				t++;
			return t;
		}
		for (p = cond; (p = strstr(p, w->lhs)); p++)
			if ((p == cond || !is_ident(p[-1])) &&
			    !is_ident(p[strlen(w->lhs)])) {
				const char *t = w->text;

				while (isspace((unsigned char)*t))
					t++;
				return t;
			}
	}
	return NULL;
}

/* The proof of one candidate; step and why in pr. */
static bool prove_one(const struct site_ctx *sc, unsigned decl,
		      const struct cp_state *ss, struct pwaker *pws, int npw,
		      const char *nowaker, const char *cand,
		      struct cond_proof *pr)
{
	char *c, *why = NULL;
	const char *se;
	enum cp_truth t;
	int i, copies[MAX_COPIES], ncopies = 0;

	pr->cond = xstrdup(cand);
	if (is_task_state(cand)) {
		pr->step = PS_TASK_STATE;
		pr->why = xasprintf("'%s' tests the task state, which wait_event*() sets itself: false on every test there",
				    cand);
		return false;
	}
	if ((se = cond_side_effect(cand))) {
		pr->step = PS_SIDE_EFFECT;
		pr->why = xasprintf("'%s' has a side effect (%s); wait_event*() evaluates it many times",
				    cand, se);
		return false;
	}
	c = unlocal(sc, decl, ss, cand, &why, copies, &ncopies);
	if (!c) {
		pr->step = PS_STALE_LOCAL;
		pr->why = why;
		return false;
	}
	free(pr->cond);
	pr->cond = c;
	/* outer parentheses of a lone substituted local */
	t = cp_eval(sc->buf, sc->len, pr->cond, ss);
	if (t != CP_FALSE && ncopies &&
	    cp_eval(sc->buf, sc->len, cand, ss) == CP_FALSE &&
	    copies_intact(ss, copies, ncopies))
		t = CP_FALSE;	/* the test of the copies established it */
	if (t != CP_FALSE) {
		const char *call = t == CP_TRUE ? NULL :
			opaque_call(sc->buf, sc->len, ss, pr->cond);

		pr->step = PS_TRUE_AT_SLEEP;
		pr->why = call ? xasprintf(
			"'%s' is not known false at the sleep: the call '%s' on the way may change what it reads, so wait_event*() might not sleep at all",
			pr->cond, call) : xasprintf(t == CP_TRUE ?
			"'%s' is already true at the sleep: wait_event*() would not sleep and would return a stale state" :
			"'%s' is not known false at the sleep: the proof reads nothing the sleeper does on every path before it that makes it false, so wait_event*() might not sleep at all",
			pr->cond);
		return false;
	}
	if (!npw) {
		pr->step = PS_NO_WAKER;
		pr->why = xstrdup(nowaker ? nowaker : "no waker of the queue in this file");
		return false;
	}
	for (i = 0; i < npw; i++)
		if (!waker_makes_true(sc, &pws[i], pr->cond, &why)) {
			pr->step = pws[i].fail ? PS_REBASE :
				   pws[i].dropped &&
				   waker_dropped_names(pws[i].dropped, pr->cond) ?
				   PS_REBASE : PS_WAKER;
			pr->why = why;
			return false;
		}
	pr->step = PS_OK;
	{
		/* each waker once: a handler that wakes twice is one */
		struct strbuf sb = { 0 };
		int n = 0, k, j;

		for (i = 0; i < npw; i++) {
			for (j = 0; j < i; j++)
				if (!strcmp(pws[j].desc, pws[i].desc))
					break;
			if (j == i)
				n++;
		}
		for (i = 0, k = 0; i < npw; i++) {
			for (j = 0; j < i; j++)
				if (!strcmp(pws[j].desc, pws[i].desc))
					break;
			if (j < i)
				continue;
			sb_printf(&sb, "%s%s", k ? (k == n - 1 ? " and " : ", ") : "",
				  pws[i].desc);
			k++;
		}
		pr->wakers = sb.s;
	}
	return true;
}

/*
 * The fields the sleeper clears before the sleep (on every path) and
 * reads after it, as the conditions that say the waker has been.
 */
static void sleeper_flags(const struct site_ctx *sc, const struct cp_state *ss,
			  unsigned fn_end, char ***cands, int *nc)
{
	int i;

	for (i = 0; i < ss->n; i++) {
		const struct cp_write *w = &ss->w[i];
		char *b = NULL, *m = NULL;
		const char *op;
		long at;

		if (w->kind != CPW_SET || !w->val || strchr(w->val, '(') ||
		    !cp_split(w->lhs, &b, &op, &m)) {
			free(b);
			free(m);
			continue;
		}
		at = text_find_word(sc->buf, sc->anchor_off, fn_end, m);
		if (at >= 0) {
			if (!strcmp(w->val, "0") || !strcmp(w->val, "NULL") ||
			    !strcmp(w->val, "false"))
				add_cand(cands, nc, xstrdup(w->lhs));
			else if (!strcmp(w->val, "1") || !strcmp(w->val, "true"))
				add_cand(cands, nc, xasprintf("!%s", w->lhs));
			else
				add_cand(cands, nc, xasprintf("%s != %s", w->lhs,
							      w->val));
		}
		free(b);
		free(m);
	}
}

static void dump_state(const char *what, const struct cp_state *st)
{
	int i;

	fprintf(stderr, "  %s:%s%s\n", what, st->stop ? " stop: " : "",
		st->stop ? st->stop : "");
	for (i = 0; i < st->n; i++)
		fprintf(stderr, "    %d %s = %s  [%s]\n", st->w[i].kind,
			st->w[i].lhs, st->w[i].val ? st->w[i].val : "-",
			st->w[i].text ? st->w[i].text : "");
}

static void dump_proof(const struct site_ctx *sc, const struct cp_state *ss,
		       const struct pwaker *pws, int npw, char **cands, int nc)
{
	int i, j;

	fprintf(stderr, "proof at %s (offset %u):\n", sc->anchor,
		sc->anchor_off);
	dump_state("sleeper", ss);
	for (i = 0; i < npw; i++) {
		fprintf(stderr, " waker %s%s%s\n", pws[i].desc,
			pws[i].fail ? ": " : "", pws[i].fail ? pws[i].fail : "");
		dump_state("writes", &pws[i].st);
		for (j = 0; j < pws[i].ncallers; j++)
			dump_state("caller", &pws[i].callers[j]);
	}
	for (i = 0; i < nc; i++)
		fprintf(stderr, " candidate %s\n", cands[i]);
}

/*
 * `!(!a && !b)`, the negated guard `if (!a && !b)`, as a maintainer
 * writes it: `a || b`.  Only when every part is a `!x`; else a copy.
 */
static char *demorgan(const char *c)
{
	char *n = cp_norm(c), *in;
	struct strbuf sb = { 0 };
	const char *p, *s;
	int depth = 0;

	if (n[0] != '!' || n[1] != '(') {
		free(n);
		return xstrdup(c);
	}
	in = cp_norm(n + 1);
	for (p = s = in;; p++) {
		if (*p == '(')
			depth++;
		else if (*p == ')')
			depth--;
		else if (!depth && p[0] == '|' && p[1] == '|')
			goto keep;
		if (*p && (depth || p[0] != '&' || p[1] != '&'))
			continue;
		{
			/* one operand of the top-level && */
			char *t = xasprintf("%.*s", (int)(p - s), s);
			char *part = cp_norm(t);
			const char *q;
			int d = 0;
			bool unit = part[0] == '!' && part[1] != '=';

			for (q = part + 1; unit && *q; q++) {
				if (*q == '(' || *q == '[')
					d++;
				else if (*q == ')' || *q == ']')
					d--;
				else if (q[0] == '-' && q[1] == '>')
					q++;
				else if (!d && strchr("&|<>=?!+*/%^", *q))
					unit = false;
			}
			free(t);
			if (!unit) {
				free(part);
				goto keep;
			}
			sb_printf(&sb, "%s%s", sb.s ? " || " : "", part + 1);
			free(part);
		}
		if (!*p)
			break;
		s = ++p + 1;
	}
	free(in);
	free(n);
	return sb.s;
keep:
	free(sb.s);
	free(in);
	free(n);
	return xstrdup(c);
}

void cond_prove(const struct site_ctx *sc, const char *guard,
		const char *func, struct cond_proof *pr)
{
	unsigned sf, st_;
	const char *sn;
	size_t snn;
	struct cp_state ss;
	struct pwaker *pws = NULL;
	int npw, i, nc = 0;
	char **cands = NULL, *flag, *nowaker = NULL;
	struct cond_proof first = { 0 };

	memset(pr, 0, sizeof(*pr));
	pr->step = PS_NO_CANDIDATE;
	if (!sc->found || !text_enclosing_function(sc->buf, sc->len,
						   sc->anchor_off, &sf, &st_,
						   &sn, &snn)) {
		pr->why = xstrdup(!sc->found ?
				  "the sleep was not found in the syntax tree" :
				  "the proof could not delimit the sleeping function's body in the text");
		return;
	}
	cp_walk(sc->buf, sc->len, sf + 1, sc->anchor_off, &ss);
	npw = gather_wakers(sc, func, sn - sc->buf, sf, st_, &pws, &nowaker);
	if (guard && *guard) {
		cands = xrealloc(cands, (nc + 1) * sizeof(*cands));
		cands[nc++] = demorgan(guard);
	}
	waker_candidates(sc, pws, npw, &cands, &nc);
	flag = flag_condition(sc);
	if (flag)
		add_cand(&cands, &nc, flag);
	sleeper_flags(sc, &ss, st_, &cands, &nc);
	if (getenv("WQPORT_DUMP_PROOF"))	/* for debugging */
		dump_proof(sc, &ss, pws, npw, cands, nc);
	for (i = 0; i < nc; i++) {
		struct cond_proof one = { 0 };

		if (prove_one(sc, sn - sc->buf, &ss, pws, npw, nowaker,
			      cands[i], &one)) {
			cond_proof_free(&first);
			*pr = one;
			break;
		}
		/* the candidate that went furthest is the one reported */
		if (!i || one.step > first.step) {
			cond_proof_free(&first);
			first = one;
		} else {
			cond_proof_free(&one);
		}
	}
	if (pr->step != PS_OK && nc) {
		free(pr->why);
		*pr = first;
	} else if (pr->step != PS_OK) {
		pr->why = xstrdup(npw ? "no condition the proof could use at the sleep or at its wakers" :
				  nowaker ? nowaker : "no condition and no waker in this file");
	}
	for (i = 0; i < nc; i++)
		free(cands[i]);
	free(cands);
	for (i = 0; i < npw; i++)
		pwaker_free(&pws[i]);
	free(pws);
	free(nowaker);
	cp_state_free(&ss);
}

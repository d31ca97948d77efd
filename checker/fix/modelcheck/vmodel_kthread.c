// SPDX-License-Identifier: GPL-2.0-only
/*
 * Two things the model check (vmodel.c) reads about a kernel thread's
 * loop.
 *
 * kthread_stop() (kernel/kthread.c) makes kthread_should_stop() true and
 * then wakes the thread with wake_up_process(): wherever a test of the
 * sleeping function reads kthread_should_stop(), a kthread_stop() in any
 * file is a waker of that test.  The model runs it as a waker of the
 * task whose condition is those tests alone (the others go either way),
 * and a sleep on their waiting arm is one it ends: no run of another
 * waker claims "a hang" there.  Its loss is claimed only where no such
 * test read the stop after the thread's last sleeping state write: a
 * test that did saw it, and a sleep after it was decided by a test the
 * model lets go either way (`shouldsleep = 0` on the stop, then `if
 * (shouldsleep) schedule();`).
 *
 * A wake_up_process(t) of a thread the same function made just before
 * with kthread_create() (`t = kthread_create(fn, ...); kthread_bind(t,
 * 0); wake_up_process(t);`) starts that thread: it has run none of its
 * function yet, so it wakes no sleep (kernel/kthread.c runs fn only
 * after it), and the model runs no such waker.
 *
 * A test that goes either way in the model and decides whether a sleep
 * runs (one arm reaches it, the other does not: `if (no_work())
 * schedule();`), passed with a sleeping state set, is a choice of the
 * model's, not of the code: a schedule() in TASK_RUNNING after it (a
 * yield after the work) is not a busy loop's.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "vmodel_run.h"

/* The nodes reachable from `from` without passing node c (allocated). */
static bool *reach_from(const struct vfn *f, int from, int c)
{
	bool *seen = xrealloc(NULL, (f->g.nn + 1) * sizeof(bool));
	int *stack = xrealloc(NULL, (f->g.nn + 1) * sizeof(int)), ns = 0, i;

	memset(seen, 0, (f->g.nn + 1) * sizeof(bool));
	stack[ns++] = from;
	seen[from] = true;
	while (ns) {
		int nd = stack[--ns];

		for (i = 0; nd != c && i < f->g.n[nd].nsucc; i++)
			if (!seen[f->g.n[nd].succ[i]]) {
				seen[f->g.n[nd].succ[i]] = true;
				stack[ns++] = f->g.n[nd].succ[i];
			}
	}
	free(stack);
	return seen;
}

static bool node_sleeps(const struct vfn *f, int nd)
{
	int k;

	for (k = 0; k < f->nnev[nd]; k++)
		if (is_sleep_ev(&f->ev[f->nev[nd][k]]))
			return true;
	return false;
}

bool *model_decides(const struct vfn *f, const int8_t *cls)
{
	bool *d = xrealloc(NULL, (f->g.nn + 1) * sizeof(bool));
	int i, k;

	memset(d, 0, (f->g.nn + 1) * sizeof(bool));
	for (i = 0; i < f->g.nn; i++) {
		const struct vnode *nd = &f->g.n[i];
		bool *a, *b;

		if (nd->kind != VN_COND || nd->nsucc != 2 || cls[i])
			continue;
		a = reach_from(f, nd->succ[0], i);
		b = reach_from(f, nd->succ[1], i);
		for (k = 0; k < f->g.nn && !d[i]; k++)
			d[i] = k != i && a[k] != b[k] && node_sleeps(f, k);
		free(a);
		free(b);
	}
	return d;
}

/* Does node nd's text name kthread_should_stop? */
static bool names_kstop(const struct vfn *f, int nd)
{
	const struct vnode *n = &f->g.n[nd];
	int t;

	for (t = n->first; t < n->last && t < f->flow.n; t++)
		if (f->flow.t[t].kind == VT_ID &&
		    name_is(&f->flow, t, KSTOP_TEST, strlen(KSTOP_TEST)))
			return true;
	return false;
}

bool *kstop_tests(const struct vfn *f)
{
	bool *t = xrealloc(NULL, (f->g.nn + 1) * sizeof(bool));
	int i;

	for (i = 0; i < f->g.nn; i++)
		t[i] = f->g.n[i].kind == VN_COND && names_kstop(f, i);
	return t;
}

bool tests_kstop(const struct vfn *f)
{
	int i;

	for (i = 0; i < f->g.nn; i++)
		if (f->g.n[i].kind == VN_COND && names_kstop(f, i))
			return true;
	return false;
}

void kstop_guard(const struct vfn *f, const int8_t *cls, bool **kguard)
{
	int8_t *c = xrealloc(NULL, (f->g.nn + 1) * sizeof(int8_t));

	memcpy(c, cls, f->g.nn * sizeof(int8_t));
	model_conditions_writes(f, c, KSTOP_TEST, kguard);
	free(c);
}

void kstop_conditions(const struct vfn *f, int8_t *cls, bool *guard,
		      const bool *wguard)
{
	int i;

	for (i = 0; i < f->g.nn; i++) {
		if (f->g.n[i].kind == VN_COND && !names_kstop(f, i))
			cls[i] = 0;
		guard[i] = wguard && wguard[i];
	}
}

void kstop_waker(struct mwaker *w)
{
	memset(w, 0, sizeof(*w));
	w->task = true;
	w->kstop = true;
	w->what = xstrdup("kthread_stop() (kernel/kthread.c: kthread_should_stop() made true, then wake_up_process())");
	w->writes = xstrdup(KSTOP_TEST);
}

/*
 * Does the wake_up_process() whose argument text is arg, at offset at
 * of text, start a thread its function made with kthread_create*()
 * before it (`arg = kthread_create...(`)?
 */
bool vkthread_start_wake(const char *text, size_t len, unsigned at,
			 const char *arg)
{
	unsigned from, to, i, end;
	const char *name;
	size_t n, an = strlen(arg);
	long w;

	if (!an || !text_enclosing_function(text, len, at, &from, &to, &name, &n))
		return false;
	for (i = from; (w = text_next_ident(text, i, at, &end)) >= 0; i = end) {
		unsigned p = w;

		if (end - w < 14 || memcmp(text + w, "kthread_create", 14))
			continue;
		/* back over `=` and blanks to the name written */
		while (p > from && isspace((unsigned char)text[p - 1]))
			p--;
		if (p <= from + 1 || text[p - 1] != '=' || strchr("=!<>", text[p - 2]))
			continue;
		for (p--; p > from && isspace((unsigned char)text[p - 1]); p--)
			;
		if (p >= from + an && !memcmp(text + p - an, arg, an) &&
		    !wq_ident_char(text[p - an - 1]))
			return true;
	}
	return false;
}

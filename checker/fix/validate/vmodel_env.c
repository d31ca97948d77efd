// SPDX-License-Identifier: GPL-2.0-only
/*
 * The environment of the model check generated from the file (vmodel.c):
 * the wakers of a queue that the file itself has.  Each wake-up call of
 * the file (kapi.def KAPI_WAKES_QUEUE) on a queue of the same last name,
 * outside the waiting function, is a waker, with the spinlock it holds
 * around the wake-up (the lock calls of the function before it) and its
 * wake mask; wakers the model cannot tell apart are one.  For a sleep on
 * no queue, the file's wake_up_process() calls (KAPI_WAKES_TASK).
 */
#include <stdlib.h>
#include <string.h>

#include "vmodel.h"

/* The last identifier of a queue or lock expression, brackets skipped. */
char *last_name(const char *s)
{
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
	return xasprintf("%.*s", (int)(e - b), s + b);
}

/* ---- the wakers of the file ---- */


void wakers_release(struct mwakers *ws)
{
	int i;

	for (i = 0; i < ws->n; i++) {
		free(ws->w[i].lock);
		free(ws->w[i].what);
	}
	ws->n = 0;
}

static bool wake_name(const char *s, size_t n, bool queue)
{
	const char *const *w = kapi_wakes(queue);

	for (; *w; w++)
		if (strlen(*w) == n && !memcmp(*w, s, n))
			return true;
	return false;
}

/* The function of the file around offset off, or NULL. */
static const struct fix_fn *fn_at(const struct vside *s, unsigned off)
{
	int i;

	for (i = 0; i < s->nfns; i++)
		if (off >= s->fns[i].start && off < s->fns[i].end)
			return &s->fns[i];
	return NULL;
}

/*
 * The last name of the spinlock held at token k of its function, and in
 * *text the lock as written.
 */
static char *lock_held(const struct vtoks *v, int from, int k, char **text)
{
	char *names[8], *texts[8];
	int depth[8], n = 0, i, j;
	char *held = NULL;

	for (i = from; i < k; i++) {
		int a[2], e[2];
		const char *c = v->text + v->t[i].off;
		size_t cl = v->t[i].len;
		bool unlock = kapi_is(c, cl, K_UNLOCK), lock = kapi_lock(c, cl, true);

		if (v->t[i].kind != VT_ID || !tok_eq(v, i + 1, "(") ||
		    (!lock && !unlock) || vcall_args(v, i + 1, a, e, 2) < 1)
			continue;
		{
			char *t = vtok_text(v, a[0], e[0]), *ln = last_name(t);

			for (j = 0; j < n && strcmp(names[j], ln); j++)
				;
			if (j == n && n < 8) {
				names[n] = ln;
				texts[n] = t;
				depth[n++] = 0;
			} else {
				free(ln);
				free(t);
			}
			if (j < n)
				depth[j] += unlock ? -1 : 1;
		}
	}
	*text = NULL;
	for (j = 0; j < n; j++) {
		if (depth[j] > 0 && !held) {
			held = xstrdup(names[j]);
			*text = xstrdup(texts[j]);
		}
		free(names[j]);
		free(texts[j]);
	}
	return held;
}

/*
 * The wakers of queue key (task: the file's wake_up_process()) outside
 * function self, distinct by what the model sees of them.  *named: the
 * key is named anywhere but in the wait API (so something may wake it).
 */
void find_wakers(const struct vside *s, const char *key, bool task,
			const char *self, struct mwakers *ws, bool *named)
{
	struct vtoks ft;
	int k;

	ws->n = 0;
	*named = false;	/* a task: the caller decides (vmodel.c) */
	if (!vtok_cut(&ft, s->text, 0, s->len))
		return;
	for (k = 0; k + 1 < ft.n; k++) {
		const char *c = ft.text + ft.t[k].off;
		size_t cl = ft.t[k].len;
		int a[2], e[2], i;
		const struct fix_fn *fn;
		struct mwaker w;
		char *arg, *ln, *ltext;

		if (ft.t[k].kind != VT_ID)
			continue;
		if (!task && name_is(&ft, k, key, strlen(key)) &&
		    vtok_named_outside_wait(&ft, k))
			*named = true;	/* something may wake it */
		if (!tok_eq(&ft, k + 1, "(") || !wake_name(c, cl, !task) ||
		    (k > 0 && (tok_eq(&ft, k - 1, "->") || tok_eq(&ft, k - 1, "."))) ||
		    vcall_args(&ft, k + 1, a, e, 2) < 1)
			continue;
		arg = vtok_text(&ft, a[0], e[0]);
		ln = last_name(arg);
		free(arg);
		fn = fn_at(s, ft.t[k].off);
		if ((!task && strcmp(ln, key)) || !fn || !strcmp(fn->name, self)) {
			free(ln);
			continue;
		}
		free(ln);
		memset(&w, 0, sizeof(w));
		w.task = task;
		w.intr_only = contains(c, cl, "interruptible");
		for (i = k; i > 0 && ft.t[i].off > fn->start; i--)
			;
		w.lock = lock_held(&ft, i, k, &ltext);
		for (i = 0; i < ws->n; i++)
			if (ws->w[i].intr_only == w.intr_only &&
			    !ws->w[i].lock == !w.lock &&
			    (!w.lock || !strcmp(ws->w[i].lock, w.lock)))
				break;
		if (i < ws->n || ws->n == MAXWAKERS) {
			free(w.lock);
			free(ltext);
			continue;
		}
		{
			int close = vtok_match(&ft, k + 1);
			char *call = vtok_text(&ft, k, close < 0 ? k + 1 : close + 1);

			w.what = xasprintf("%s in %s()%s%s", call, fn->name,
					   ltext ? " holding " : "", ltext ? ltext : "");
			free(call);
			free(ltext);
		}
		ws->w[ws->n++] = w;
	}
	vtok_release(&ft);
}

/*
 * Is the queue of last name key a static head of this file that nothing
 * outside it reaches?  Every queue of that name must be the plain name.
 */
bool env_queue_sealed(const struct vside *s, const struct vval *vv,
		      const char *key)
{
	int i;

	for (i = 0; i < vv->nnames[NS_QUEUE]; i++) {
		char *k = last_name(vv->names[NS_QUEUE][i]);
		bool same = !strcmp(k, key);

		free(k);
		if (same && !vqueue_sealed(s->text, s->len, vv->names[NS_QUEUE][i]))
			return false;
	}
	return true;
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * Which wakers the model check of a function runs against (vmodel.c):
 * for each queue it sleeps on, the file's wakers (vmodel_env.c), the
 * module's other files' for a queue not sealed in this file, the
 * task's own wake_up_process() where it has no queue waker here, an
 * opaque waker outside this file, or none but timeouts; and the queue
 * keys of a function, the wakers of another sleeper.
 */
#include <stdlib.h>
#include <string.h>

#include "text.h"
#include "vmodel.h"

/*
 * Is the queue of last name key one that nothing outside this file
 * reaches: a static head of it, or a member of a struct it alone defines
 * (vreach.c)?  Every queue of that name must be.
 */
bool env_queue_sealed(const struct vside *s, const struct vval *vv,
		      const char *fn, const char *key)
{
	const struct fix_fn *f = NULL;
	int i;

	for (i = 0; i < s->nfns; i++)
		if (!strcmp(s->fns[i].name, fn))
			f = &s->fns[i];
	for (i = 0; i < vv->nnames[NS_QUEUE]; i++) {
		const char *q = vv->names[NS_QUEUE][i];
		char *k = last_name(q);
		bool same = !strcmp(k, key);

		free(k);
		if (same && !vqueue_env_sealed(s->text, s->len, q) &&
		    !(f && vqueue_local_sealed(s->text, f->start, f->end,
					       q)) &&
		    !(f && vqueue_member_sealed(s->text, s->len, s->path,
						f->start, f->end, q)))
			return false;
	}
	return true;
}

static bool untimed_sleep(const struct vfn *f)
{
	int i;

	for (i = 0; i < f->nev_all; i++)
		if (is_sleep_ev(&f->ev[i]) && !f->ev[i].timed)
			return true;
	return false;
}

bool has_sleep(const struct vfn *f)
{
	int i;

	for (i = 0; i < f->nev_all; i++)
		if (is_sleep_ev(&f->ev[i]))
			return true;
	return false;
}

/*
 * The sleeper's queue of last name key as written, or NULL; with one,
 * NULL too when two of its queues have that last name.
 */
static const char *queue_written(const struct vval *vv, const char *key,
				 bool one)
{
	const char *q = NULL;
	int i;

	for (i = 0; i < vv->nnames[NS_QUEUE]; i++) {
		char *k = last_name(vv->names[NS_QUEUE][i]);
		bool same = !strcmp(k, key);

		free(k);
		if (same && !one)
			return vv->names[NS_QUEUE][i];
		if (same && q)
			return NULL;
		if (same)
			q = vv->names[NS_QUEUE][i];
	}
	return q;
}


/*
 * Is the argument of the wake-up in what ("wake_up_process(kthread) in
 * f()") a task pointer the file sets to current (`kthread = current;`):
 * the sleeping thread itself?
 */
static bool wakes_current(const struct vside *s, const char *what)
{
	const char *a = strchr(what, '('), *e;
	char *name;
	long at = 0;
	bool hit = false;

	if (!a || !(e = strchr(a, ')')))
		return false;
	name = xasprintf("%.*s", (int)(e - a - 1), a + 1);
	while (!hit && (at = text_find_word(s->text, at, s->len, name)) >= 0) {
		const char *p = s->text + at + strlen(name);

		at += strlen(name);
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p != '=' || p[1] == '=')
			continue;
		p++;
		while (*p == ' ' || *p == '\t')
			p++;
		hit = !strncmp(p, "current", 7) && !wq_ident_char(p[7]);
	}
	free(name);
	return hit;
}

/*
 * A queue nothing in the file wakes: the file's wake_up_process() of a
 * task pointer it sets to current wakes the sleeper on any queue (an
 * RT tasklet kicking its kernel thread); those wakers, into ws.
 */
static void task_wakes_queue(const struct vside *orig, const char *fn,
			     struct mwakers *ws, struct menv *env)
{
	struct mwakers tws;
	bool tn;
	int j, k = 0;

	find_wakers(orig, "", NULL, true, fn, &tws, &tn);
	for (j = 0; j < tws.n; j++)
		if (tws.w[j].what && wakes_current(orig, tws.w[j].what))
			k++;
	if (k && k == tws.n) {
		free(ws->files);
		*ws = tws;
		env->file = true;
		return;
	}
	wakers_release(&tws);
}

/*
 * The wakers the model runs against for queue key (task: the task's
 * wake_up_process()): the file's; a queue not sealed in this file
 * (vreach.c) also the module's other files' (fix/prove/module.c); none
 * but timeouts for a sealed queue nothing wakes, or a task whose sleeps
 * are all timed and that nothing here wakes; else an opaque waker
 * outside this file that may run at any point (issue 37).
 */
void model_env(const struct vside *orig, struct vval *vv,
		      const struct vfn *o, const char *fn, const char *key,
		      bool task, struct mwakers *ws, struct menv *env)
{
	struct mwaker opq;
	bool named, sealed = false;
	int j;

	find_wakers(orig, key, task ? NULL : queue_written(vv, key, true),
		    task, fn, ws, &named);
	env->file |= ws->n > 0;
	if (!task) {
		sealed = env_queue_sealed(orig, vv, fn, key);
		if (!sealed) {
			find_module_wakers(orig, key, queue_written(vv, key, false), fn, ws);
			if (ws->files)
				sb_printf(&env->files, "%s%s", env->files.len ? ", " : "",
					  ws->files);
		}
		named = !sealed;
	} else if (!ws->n) {
		/*
		 * a task no call of the file wakes: woken from elsewhere when
		 * it sleeps with no timeout (or nothing ends that sleep), a
		 * poll of the hardware when all its sleeps are timed
		 */
		named = untimed_sleep(o);
	}
	if (!task && !ws->n)
		task_wakes_queue(orig, fn, ws, env);
	for (j = 0; j < ws->n; j++)
		waker_other_locks(o, vv, &ws->w[j]);
	memset(&opq, 0, sizeof(opq));
	if (!ws->n && !named) {
		opq.none = true;
		opq.what = xstrdup("no waker");
		ws->w[ws->n++] = opq;
		env->unwoken = true;
		return;
	}
	if (!sealed)
		env->complete = false;
	if (!ws->n) {
		opq.task = task;
		opq.opaque = true;
		opq.what = xasprintf(task ? "wake_up_process() of the task, from a waker outside this file" :
				     "a wake-up of '%s' from a waker outside this file", key);
		ws->w[ws->n++] = opq;
		env->opaque = true;
	}
}

/* Does f name one of the space-separated words of list? */
static bool fn_names(const struct vfn *f, const char *list)
{
	return vtoks_name_any(&f->flow, 0, f->flow.n, list);
}

/*
 * Is waker j of ws one for the queue's other sleepers: it writes names
 * the function (either side) never names, where another waker of the
 * queue writes one it does (usblp's read completion on the queue its
 * write waits on too), and it assigns something before its wake-up (a
 * hang-up's wake-up of every sleeper, which changes nothing they test,
 * is everyone's)?  Its wake-up is not this function's to lose.
 */
bool other_sleepers(const struct vfn *o, const struct vfn *r,
			   const struct mwakers *ws, int j)
{
	int i;

	if (!ws->w[j].writes || !*ws->w[j].writes || !ws->w[j].other_sleeper ||
	    fn_names(o, ws->w[j].writes) || fn_names(r, ws->w[j].writes))
		return false;
	for (i = 0; i < ws->n; i++)
		if (i != j && ws->w[i].writes && *ws->w[i].writes &&
		    fn_names(o, ws->w[i].writes) && fn_names(r, ws->w[i].writes))
			return true;
	return false;
}

/* The queue keys the function sleeps or queues on (both sides). */
int queue_keys(const struct vfn *o, const struct vfn *rw,
		      const struct vval *vv, char **keys, int max)
{
	const struct vfn *fs[2] = { o, rw };
	int n = 0, s, i, j;

	for (s = 0; s < 2; s++)
		for (i = 0; i < fs[s]->nev_all; i++) {
			const struct vev *e = &fs[s]->ev[i];
			char *k;

			if (e->q < 0 || e->q >= vv->nnames[NS_QUEUE] ||
			    !(e->k == EV_PREPARE || e->k == EV_ADD ||
			      e->k == EV_SLEEPON || e->k == EV_WAITEV))
				continue;
			k = last_name(vv->names[NS_QUEUE][e->q]);
			for (j = 0; j < n && strcmp(keys[j], k); j++)
				;
			if (j < n || n == max || !*k) {
				free(k);
				continue;
			}
			keys[n++] = k;
		}
	return n;
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * WQ009 wait-event-side-effect: a wait_event*() condition that does
 * something.
 *
 *	wait_event_interruptible(dev->wq, dev->polls++ > 3 || dev->ready);
 *
 * wait_event*() evaluates its condition once before sleeping and again
 * after every wake-up, spurious ones included, and (for the state it
 * sleeps in) after the task state is set.  A `++`, a compound
 * assignment or a call that changes something runs an unknown number of
 * times; a call that may sleep (mutex_lock(), copy_from_user(),
 * kmalloc()) resets the task state, so the wait never sleeps and the
 * kernel warns "do not call blocking ops when !TASK_RUNNING".
 *
 * Reported: ++ and -- (of anything), compound assignments (+=, |=, ...)
 * and calls listed in sideeffect.def.  A plain `(ret = f()) != -EAGAIN`
 * keeps the value of the last evaluation, which is what its author
 * wants, and is left alone; so are calls the list does not name (see
 * sideeffect.def for why the list is short).
 */
#include <stdlib.h>
#include <string.h>

#include "macros.h"
#include "rules.h"

static const struct {
	const char *name, *what;
} side_effects[] = {
#define SIDE_EFFECT(n, w, arg) { #n, w },
#include "sideeffect.def"
#undef SIDE_EFFECT
};

/* The index of the name w[0..n) in side_effects[], or -1. */
static int listed(const char *w, size_t n)
{
	size_t s;

	for (s = 0; s < sizeof(side_effects) / sizeof(side_effects[0]); s++)
		if (strlen(side_effects[s].name) == n &&
		    !memcmp(side_effects[s].name, w, n))
			return s;
	return -1;
}

/*
 * The first side effect in condition text c, described, or NULL; *sleeps
 * is set when it is a call that may sleep.
 */
static char *side_effect(const char *c, bool *sleeps)
{
	static const char *const ops[] = {
		"++", "--", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=",
		"<<=", ">>=", NULL
	};
	size_t i = 0, j, k;
	int s;
	char q;

	while (c[i]) {
		if (c[i] == '"' || c[i] == '\'') {
			for (q = c[i++]; c[i] && c[i] != q; i++)
				if (c[i] == '\\' && c[i + 1])
					i++;
			if (c[i])
				i++;
			continue;
		}
		if (wq_ident_char(c[i])) {
			for (j = i; wq_ident_char(c[j]); j++)
				;
			for (k = j; c[k] == ' '; k++)
				;
			s = c[k] == '(' && (i == 0 || !wq_ident_char(c[i - 1])) ?
			    listed(c + i, j - i) : -1;
			if (s >= 0) {
				*sleeps = !strcmp(side_effects[s].what, "sleeps");
				return xasprintf(*sleeps ?
					"calls %s(), which may sleep" :
					"calls %s(), which changes something each time",
					side_effects[s].name);
			}
			i = j;
			continue;
		}
		for (k = 0; ops[k]; k++)
			if (!strncmp(c + i, ops[k], strlen(ops[k])))
				return xasprintf("has '%s'", ops[k]);
		i++;
	}
	return NULL;
}

static bool is_wait_event(const char *name)
{
	return strstr(name, "wait_event") || strstr(name, "wait_var_event");
}

void check_wait_event_side_effect(void *tu, struct wq_file *f)
{
	struct macro_use *u;
	int n, i;

	if (!strstr(f->buf, "wait_event") && !strstr(f->buf, "wait_var_event"))
		return;
	n = macro_uses(tu, f, is_wait_event, false, &u);
	for (i = 0; i < n; i++) {
		bool sleeps = false;
		char *why;

		if (u[i].ev.nargs < 2)
			continue;
		why = side_effect(u[i].ev.args[1], &sleeps);
		if (!why)
			continue;
		file_add_finding(f, WQ009, u[i].pos, xasprintf(
			"the condition of %s() %s: %s",
			u[i].name, why, sleeps ?
			"it runs after the task state is set, and a sleep there sets the task running, so the wait spins; test without sleeping (wait_event_lock_irq() and friends hold a spinlock for it)" :
			"it runs before the first sleep and after every wake-up, an unknown number of times; move the side effect out of the condition"));
		free(why);
	}
	macro_uses_free(u, n);
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * What the rest of the checker asks the task state summaries
 * (state_summary.c builds them): the state a function is entered in and
 * who set it, why it is not known, the caller that enters it running,
 * whether it is a sleep helper, whether it touches the state at all.
 */
#include <string.h>

#include "state_sums.h"

unsigned sums_name_hash(const char *name, size_t len)
{
	unsigned h = 2166136261u;
	size_t i;

	for (i = 0; i < len; i++)
		h = (h ^ (unsigned char)name[i]) * 16777619u;
	return h;
}

int sums_find_fn(const struct state_sums *s, const char *name, size_t len)
{
	unsigned h;

	if (!s || !s->hsize)
		return -1;
	for (h = sums_name_hash(name, len) & (s->hsize - 1); s->hash[h];
	     h = (h + 1) & (s->hsize - 1)) {
		const char *n = s->fn[s->hash[h] - 1].name;

		if (strlen(n) == len && !memcmp(n, name, len))
			return s->hash[h] - 1;
	}
	return -1;
}

uint32_t state_sums_entry(const struct state_sums *s, const char *fn)
{
	int i = fn ? sums_find_fn(s, fn, strlen(fn)) : -1;

	return i >= 0 && s->fn[i].touches ? s->fn[i].entry : FL_RUN_INIT;
}

const char *state_sums_entry_setter(const struct state_sums *s,
				    const char *fn)
{
	int i = fn ? sums_find_fn(s, fn, strlen(fn)) : -1;

	return i >= 0 ? s->fn[i].entry_setter : NULL;
}

char *state_sums_unknown_why(const struct state_sums *s, const char *fn)
{
	int i = fn ? sums_find_fn(s, fn, strlen(fn)) : -1;
	const struct sum_fn *f;

	if (i < 0)
		return xstrdup("the state it is entered in is not known");
	f = &s->fn[i];
	if (f->state_param)
		return xasprintf("%s() takes the task state as its parameter '%s': its caller set it",
				 f->name, f->state_param);
	if (f->addr_taken && !f->thread)
		return xasprintf("%s() is handed to another function, which calls it through a pointer in a state it chose",
				 f->name);
	if (f->run_caller && f->sleep_caller)
		return xasprintf("%s() is called in TASK_RUNNING by %s() and in a sleeping state by %s()",
				 f->name, f->run_caller, f->sleep_caller);
	return xasprintf("the state %s()'s callers leave is not known",
			 f->name);
}

const char *state_sums_run_caller(const struct state_sums *s, const char *fn,
				  struct wq_pos *pos)
{
	int i = fn ? sums_find_fn(s, fn, strlen(fn)) : -1;

	if (i < 0 || !s->fn[i].run_caller || !s->fn[i].run_main ||
	    !s->fn[i].run_pos.line)
		return NULL;
	*pos = s->fn[i].run_pos;
	return s->fn[i].run_caller;
}

bool state_sums_helper(const struct state_sums *s, const char *fn)
{
	int i = fn ? sums_find_fn(s, fn, strlen(fn)) : -1;

	return i >= 0 && s->fn[i].helper;
}

bool state_sums_touches(const struct state_sums *s, const char *name,
			size_t len)
{
	int i = sums_find_fn(s, name, len);

	return i >= 0 && s->fn[i].touches;
}

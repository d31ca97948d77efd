// SPDX-License-Identifier: GPL-2.0-only
/*
 * The functions a fix leaves as they were, and why (fix_result's
 * blocked[] and block_why[]): the bookkeeping the fix engine's rounds
 * share (engine.c), and the blocks an error of spatch's own makes.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "blocks.h"
#include "text.h"

bool res_blocked(const struct fix_result *res, const char *fn)
{
	int i;

	for (i = 0; i < res->nblocked; i++)
		if (!strcmp(res->blocked[i], fn))
			return true;
	return false;
}

void block(struct fix_result *res, const char *fn, char *why)
{
	if (res_blocked(res, fn)) {
		free(why);
		return;
	}
	res->blocked = xrealloc(res->blocked, (res->nblocked + 1) * sizeof(char *));
	res->block_why = xrealloc(res->block_why,
				  (res->nblocked + 1) * sizeof(char *));
	res->blocked[res->nblocked] = xstrdup(fn);
	res->block_why[res->nblocked++] = why;
}

bool has_site(const struct fix_plan *p, const char *fn)
{
	int j;

	for (j = 0; j < p->n; j++)
		if (p->s[j].func && !strcmp(p->s[j].func, fn))
			return true;
	return false;
}

/*
 * spatch failed on the file with an error that names one function with
 * a site ("... in set_frequency reachable ..."): block that one, so the
 * next round converts the others; err is then kept by it.  False (err
 * untouched) when the error is no spatch error, or names none or more
 * than one.
 */
bool block_named(struct fix_result *res, char *err)
{
	const char *fn = NULL;
	int i;

	if (!err || !strstr(err, "failed on it (error)"))
		return false;
	for (i = 0; i < res->plan.nfns; i++) {
		const char *f = res->plan.fns[i].name;

		if (res_blocked(res, f) || !has_site(&res->plan, f) ||
		    !text_has_word(err, 0, strlen(err), f))
			continue;
		if (fn)
			return false;
		fn = f;
	}
	if (!fn)
		return false;
	block(res, fn, xasprintf("spatch: %s; that function is left as it was, the file's others were converted without it",
				 err));
	free(err);
	return true;
}

/* The line of the first WQ006 site of fn in the original, or 0. */
unsigned leak_line(const struct fix_plan *p, const char *fn)
{
	int j;

	for (j = 0; j < p->n; j++)
		if (p->s[j].rule == WQ006 && !strcmp(p->s[j].func, fn))
			return p->s[j].pos.line;
	return 0;
}

/* "line 122" or "lines 122 and 152": the WQ006 sites of fn (allocated) */
char *leak_lines(const struct fix_plan *p, const char *fn)
{
	struct strbuf sb = { 0 };
	unsigned lines[8];
	int j, n = 0, i;

	for (j = 0; j < p->n && n < 8; j++) {
		const struct fix_site *s = &p->s[j];
		int k;

		if (s->rule != WQ006 || strcmp(s->func, fn))
			continue;
		lines[n++] = s->pos.line;
		/* "this return also leaves 'w' queued" */
		for (k = 0; k < s->nnotes && n < 8; k++)
			if (!s->notes[k].file && s->notes[k].msg &&
			    strstr(s->notes[k].msg, "also leaves"))
				lines[n++] = s->notes[k].pos.line;
	}
	sb_printf(&sb, "line%s", n > 1 ? "s" : "");
	for (i = 0; i < n; i++)
		sb_printf(&sb, "%s %u", !i ? "" : i == n - 1 ? " and" : ",",
			  lines[i]);
	return sb.s;
}


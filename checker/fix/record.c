// SPDX-License-Identifier: GPL-2.0-only
/*
 * The records of a fixed file's sites (record.h): the kernel facts of
 * the file, which its sites' records point at, and the release of a
 * fix_result.  The outcomes, sentences and model facts of each site are
 * filled by outcome.c.
 *
 * What the rewrite writes: the wait calls of the final text that the
 * original does not call, in the order the final text first calls them
 * (so, the calls on the diff's added lines the original lacks).  For
 * each, whether the code's kernel has it comes from that kernel's own
 * headers, else from checker/target.def for its version, else it is
 * not known (analysis/kheaders.c, kernel_has_api()); nothing is worded
 * from memory.
 */
#include <stdlib.h>
#include <string.h>

#include "result.h"

/* A call a rewrite writes in place of a sleep, or beside it */
static bool wait_primitive(const char *name, size_t len)
{
	const struct kapi *k = kapi_lookup(name, len);

	if (k)
		switch (k->kind) {
		case K_PREPARE: case K_FINISH: case K_SET_STATE:
		case K_SCHEDULE: case K_SCHEDULE_TIMEOUT:
		case K_DECLARE_ENTRY: case K_INIT_ENTRY:
		case K_WAIT_EVENT: case K_DELAY: case K_ADD_WAIT:
		case K_REMOVE_WAIT:
			return true;
		default:
			break;
		}
	return (len > 10 && !strncmp(name, "wait_event", 10)) ||
	       (len > 16 && !strncmp(name, "schedule_timeout", 16));
}

/*
 * The next call of [p, e): an identifier, then blanks on its line, then
 * '('.  Its name in *name, *len; the point after it, or NULL.
 */
static const char *next_call(const char *s, const char *p, const char *e,
			     const char **name, size_t *len)
{
	for (; p < e; p++) {
		const char *q = p, *r;

		if (!wq_ident_char(*p) || (p > s && wq_ident_char(p[-1])))
			continue;
		while (q < e && wq_ident_char(*q))
			q++;
		for (r = q; r < e && (*r == ' ' || *r == '\t'); r++)
			;
		if (r < e && *r == '(') {
			*name = p;
			*len = q - p;
			return q;
		}
		p = q - 1;
	}
	return NULL;
}

/* Does text [s, e) call name? */
static bool calls(const char *s, const char *e, const char *name, size_t n)
{
	const char *p = s, *c;
	size_t len;

	while ((p = next_call(s, p, e, &c, &len)))
		if (len == n && !strncmp(c, name, n))
			return true;
	return false;
}

static void add_name(struct kernel_facts *k, const char *s, size_t n)
{
	int i;

	for (i = 0; i < k->nwritten; i++)
		if (strlen(k->written[i]) == n && !strncmp(k->written[i], s, n))
			return;
	if (k->nwritten == KW_MAX)
		return;
	k->written[k->nwritten++] = xasprintf("%.*s", (int)n, s);
}

static void kernel_facts_release(struct kernel_facts *k)
{
	int i;

	for (i = 0; i < k->nwritten; i++)
		free(k->written[i]);
	k->nwritten = 0;
	free(k->where);
	k->where = NULL;
	free(k->unchecked);
	k->unchecked = NULL;
}

/* Which changed functions were read again, which were not (unchecked) */
static void record_checked(struct kernel_facts *k, const struct fix_result *res)
{
	struct strbuf sb = { 0 };
	int i, j;

	for (i = 0; i < res->plan.n; i++) {
		const struct fix_site *s = &res->plan.s[i];
		bool seen = false;

		if (!site_applied(s, false))
			continue;
		for (j = 0; j < res->nblocked; j++)
			seen |= !strcmp(res->blocked[j], s->func);
		if (seen)
			continue;	/* not changed */
		if (!s->unchecked) {
			k->checked = true;
			continue;
		}
		for (j = 0; j < i; j++)
			seen |= res->plan.s[j].unchecked &&
				!strcmp(res->plan.s[j].func, s->func);
		if (!seen)
			sb_printf(&sb, "%s%s()", sb.len ? ", " : "", s->func);
	}
	k->unchecked = sb.s;
}

void record_kernel(struct fix_result *res, unsigned target, bool cc_flags)
{
	struct kernel_facts *k = &res->kf;
	const char *p, *e, *c;
	size_t len;
	int i;

	kernel_facts_release(k);
	memset(k, 0, sizeof(*k));
	k->from = res->kernel;
	k->from_file = res->kernel_from;
	k->target = target ? target : WQ_DEFAULT_TARGET;
	k->target_given = target != 0;
	k->cc_flags = cc_flags;
	k->tree_known = res->kernel_inc != NULL;
	k->cc_missing = res->cc_missing;
	record_checked(k, res);
	if (res->final && res->orig && !res->error) {
		p = res->final;
		e = p + res->flen;
		while ((p = next_call(res->final, p, e, &c, &len)))
			if (wait_primitive(c, len) &&
			    !calls(res->orig, res->orig + res->olen, c, len))
				add_name(k, c, len);
	}
	for (i = 0; i < k->nwritten; i++) {
		char *where = NULL;

		k->have[i] = k->from ? kernel_has_api(res->kernel_inc, k->from,
						      k->written[i], &where) :
				       KH_UNKNOWN;
		if (where && !k->where)
			k->where = where;
		else
			free(where);
	}
	for (i = 0; i < res->nout; i++)
		res->out[i].kernel = k;
}

void fixout_not_written(struct fix_result *res, const char *why)
{
	int j;

	for (j = 0; j < res->nout; j++) {
		struct site_outcome *o = &res->out[j];
		char *t;

		if (o->outcome == FO_REFUSE)
			continue;
		t = xasprintf("%s (was: %s)", why, o->text);
		free(o->text);
		o->text = t;
		o->outcome = FO_REFUSE;
		o->outcome_word = outcome_name(FO_REFUSE);
		o->reason = "not-written";
	}
	/* a rewrite not written writes nothing */
	kernel_facts_release(&res->kf);
}

static void strv_free(char **v, int n)
{
	int i;

	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

void fix_result_release(struct fix_result *res)
{
	int i;

	for (i = 0; i < res->nout; i++) {
		free(res->out[i].text);
		free(res->out[i].model_site);
	}
	free(res->out);
	strv_free(res->blocked, res->nblocked);
	strv_free(res->block_why, res->nblocked);
	strv_free(res->proven, res->nproven);
	strv_free(res->proof, res->nproven);
	strv_free(res->model, res->nproven);
	free(res->mfacts);
	strv_free(res->mref, res->nmref);
	strv_free(res->mwhy, res->nmref);
	strv_free(res->noretest, res->nnoretest);
	strv_free(res->noretest_why, res->nnoretest);
	strv_free(res->retested, res->nretested);
	strv_free(res->in_place, res->nin_place);
	plan_release(&res->plan);
	kernel_facts_release(&res->kf);
	free(res->path);
	free(res->orig);
	free(res->final);
	free(res->error);
	free(res->warning);
	free(res->raw);
	free(res->target);
	free(res->target_name);
	free(res->kernel_inc);
	free(res->cc_missing);
}

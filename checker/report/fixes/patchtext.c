// SPDX-License-Identifier: GPL-2.0-only
/*
 * Words of a patch description taken from the change itself: the wait
 * primitives a subject names are the ones the diff's added lines call,
 * so a subject never says wait_event*() where only prepare_to_wait() was
 * written, and never names a planner's form ("prepare_to_wait-entry",
 * "retest") as if it were a kernel function.
 */
#include <stdlib.h>
#include <string.h>

#include "fixout.h"
#include "patchtext.h"
#include "text.h"

/* The kinds of call a rewrite puts in place of a sleep, in the order a
 * subject names them: the event waits, then the queued sleeps, then the
 * plain delays. */
static int call_rank(const char *name, size_t len)
{
	const struct kapi *k = kapi_lookup(name, len);

	if (k && k->kind == K_WAIT_EVENT)
		return 0;
	/* the forms wait.h has beyond the table's rows (with a lock, a
	 * timeout and a lock, exclusive and killable) are event waits too */
	if (!k && len > 10 && !strncmp(name, "wait_event", 10))
		return 0;
	if (k && k->kind == K_PREPARE && !(len == 21 &&
	    !strncmp(name, "prepare_to_wait_event", 21)))
		return 1;
	if (k && k->kind == K_DELAY)
		return 2;
	return -1;
}

struct names {
	char *v[8];
	int rank[8];
	int n;
	bool more;
};

static void names_add(struct names *ns, const char *s, size_t len, int rank)
{
	int i;

	for (i = 0; i < ns->n; i++)
		if (strlen(ns->v[i]) == len && !strncmp(ns->v[i], s, len))
			return;
	if (ns->n == (int)(sizeof(ns->v) / sizeof(ns->v[0]))) {
		ns->more = true;
		return;
	}
	ns->v[ns->n] = xasprintf("%.*s", (int)len, s);
	ns->rank[ns->n++] = rank;
}

void diff_added_calls(const char *diff,
		      void (*fn)(const char *name, size_t len, void *arg),
		      void *arg)
{
	const char *line;

	for (line = diff; line && *line; line = strchr(line, '\n'),
	     line = line ? line + 1 : NULL) {
		const char *p, *end = strchr(line, '\n');

		if (!end)
			end = line + strlen(line);
		if (line[0] != '+' || !strncmp(line, "+++ ", 4))
			continue;
		for (p = line + 1; p < end; p++) {
			const char *q = p, *r;

			if (!wq_ident_char(*p) || (p > line + 1 && wq_ident_char(p[-1])))
				continue;
			while (q < end && wq_ident_char(*q))
				q++;
			for (r = q; r < end && (*r == ' ' || *r == '\t'); r++)
				;
			if (r < end && *r == '(')
				fn(p, q - p, arg);
			p = q - 1;
		}
	}
}

/* The calls of a rewrite's kinds, for the subject */
static void rank_call(const char *name, size_t len, void *arg)
{
	int rank = call_rank(name, len);

	if (rank >= 0)
		names_add(arg, name, len, rank);
}

char *patch_written(const char *diff)
{
	struct names ns = { .n = 0 };
	struct strbuf sb = { 0 };
	int rank, i, parts = 0;
	const char *part[3];
	int first[3];

	diff_added_calls(diff, rank_call, &ns);

	for (rank = 0; rank < 3; rank++) {
		int k = 0;

		first[parts] = -1;
		for (i = 0; i < ns.n; i++)
			if (ns.rank[i] == rank) {
				if (first[parts] < 0)
					first[parts] = i;
				k++;
			}
		if (!k)
			continue;
		part[parts++] = k == 1 && !(ns.more && rank == 0) ? NULL :
				rank == 0 ? "wait_event*()" :
				rank == 1 ? "prepare_to_wait*()" :
				"schedule_timeout_*()";
	}
	/* "a()", "a() and b()", "a(), b() and c()" */
	for (i = 0; i < parts; i++) {
		sb_puts(&sb, !i ? "" : i == parts - 1 ? " and " : ", ");
		if (part[i])
			sb_puts(&sb, part[i]);
		else
			sb_printf(&sb, "%s()", ns.v[first[i]]);
	}
	for (i = 0; i < ns.n; i++)
		free(ns.v[i]);
	return sb.s;
}

size_t form_call_len(const char *form)
{
	size_t len;

	if (!form)
		return 0;
	/* "prepare_to_wait-unlock", "-entry", "-irq": the call before '-' */
	len = strcspn(form, "-");
	return call_rank(form, len) >= 0 ? len : 0;
}

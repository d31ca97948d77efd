// SPDX-License-Identifier: GPL-2.0-only
/*
 * What the rules suggest, worded for old kernels.
 *
 * Two things a 2.0 to 2.4 driver needs from a suggestion that a current
 * one does not:
 *
 *	current->timeout = jiffies + HZ;
 *	interruptible_sleep_on(&dev->wq);
 *	current->timeout = 0;
 *
 * is a timed sleep on 2.0 and 2.2 (the scheduler woke a task whose
 * ->timeout had passed), so its replacement is a _timeout form with the
 * relative timeout, HZ; and with --target older than the primitive a
 * rule suggests (checker/kapi.def, checker/target.def), the suggestion
 * must say which kernel has it and what the target has instead: the
 * open-coded add_wait_queue() loop.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"

/*
 * The first releases: the wait_event*() and prepare_to_wait*() forms'
 * are a column of their kapi.def KAPI_FORM rows (kform_table()), the
 * other primitives' (and the forms' removals) target.def rows.
 */
enum tapi_kind { TA_FIRST, TA_GONE, TA_SEEN };

static const struct {
	const char *name;
	enum tapi_kind kind;
	unsigned v;
} target_rows[] = {
#define TARGET_API(n, a, b, c) { #n, TA_FIRST, WQ_KVER(a, b, c) },
#define TARGET_API_GONE(n, a, b, c) { #n, TA_GONE, WQ_KVER(a, b, c) },
#define TARGET_API_SEEN(n, a, b, c) { #n, TA_SEEN, WQ_KVER(a, b, c) },
#include "target.def"
#undef TARGET_API_SEEN
#undef TARGET_API_GONE
#undef TARGET_API
};

#define NTARGET_ROWS (sizeof(target_rows) / sizeof(target_rows[0]))

/* The release of name's target.def row of that kind, or 0. */
static unsigned target_row(const char *name, enum tapi_kind kind)
{
	size_t i;

	for (i = 0; i < NTARGET_ROWS; i++)
		if (target_rows[i].kind == kind && !strcmp(target_rows[i].name, name))
			return target_rows[i].v;
	return 0;
}

/*
 * A release whose headers have name (a SEEN row: kapi.def's forms,
 * target.def's others), its first release not established; 0 when name
 * has no such row.
 */
unsigned target_api_seen(const char *name)
{
	const struct kapi_form *k = kform_lookup(name, strlen(name));

	return k && k->seen ? k->seen : target_row(name, TA_SEEN);
}

/* The newest release a row of target.def or a kapi.def form names */
static unsigned target_api_newest(void)
{
	const struct kapi_form *k;
	unsigned v = 0;
	size_t i, n;

	k = kform_table(&n);
	for (i = 0; i < n; i++) {
		if (k[i].first > v)
			v = k[i].first;
		if (k[i].seen > v)
			v = k[i].seen;
	}
	for (i = 0; i < NTARGET_ROWS; i++)
		if (target_rows[i].v > v)
			v = target_rows[i].v;
	return v;
}

/*
 * Why the target kernel cannot take the primitive prim a conversion
 * writes, or NULL when it can: not yet in it (a dated row), gone from
 * it, or not known to be in it (a TARGET_API_SEEN row newer than the
 * target; a wait_event*() form with no row at all, for a target older
 * than the newest release the table knows).
 */
char *target_api_refusal(unsigned target, const char *prim)
{
	unsigned since = target_api_since(prim), until = target_api_until(prim);
	unsigned seen = target_api_seen(prim), newest;
	char *t, *v, *s = NULL;

	if (!target || target == WQ_KERNEL_LATEST)
		return NULL;
	t = kernel_version_text(target);
	if (since && target < since) {
		v = kernel_version_text(since);
		s = xasprintf("%s() is not in the target kernel %s (first in %s)",
			      prim, t, v);
		free(v);
	} else if (since && until && target >= until) {
		v = kernel_version_text(until);
		s = xasprintf("%s() is not in the target kernel %s (gone in %s)",
			      prim, t, v);
		free(v);
	} else if (!since && seen && target < seen) {
		v = kernel_version_text(seen);
		s = xasprintf("%s() is not known to be in the target kernel %s: wqport read it in Linux %s's headers, and its first release is not established (checker/kapi.def); check the target's include/linux/wait.h",
			      prim, t, v);
		free(v);
	} else if (!since && !seen && !strncmp(prim, "wait_event", 10) &&
		   target < (newest = target_api_newest())) {
		v = kernel_version_text(newest);
		s = xasprintf("%s() has no row in wqport's tables of first releases (checker/kapi.def, checker/target.def), so it is not known to be in the target kernel %s (the table knows releases up to %s); check the target's include/linux/wait.h",
			      prim, t, v);
		free(v);
	}
	free(t);
	return s;
}

/* The first release without name (target.def TARGET_API_GONE), or 0. */
unsigned target_api_until(const char *name)
{
	return target_row(name, TA_GONE);
}

/* Does the target kernel have name: since its first release, not gone? */
bool target_has_api(unsigned target, const char *name)
{
	unsigned since = target_api_since(name), until = target_api_until(name);

	return target >= since && (!until || target < until);
}

unsigned target_api_since(const char *name)
{
	const struct kapi_form *k = kform_lookup(name, strlen(name));

	return k && k->first ? k->first : target_row(name, TA_FIRST);
}

/*
 * The i-th dated primitive and the kernel it came in, or NULL past the
 * end: the dated forms of kapi.def, then target.def's TARGET_API rows.
 */
const char *target_api_at(size_t i, unsigned *since)
{
	const struct kapi_form *k;
	size_t j, n;

	k = kform_table(&n);
	for (j = 0; j < n; j++)
		if (k[j].first && !i--) {
			*since = k[j].first;
			return k[j].name;
		}
	for (j = 0; j < NTARGET_ROWS; j++)
		if (target_rows[j].kind == TA_FIRST && !i--) {
			*since = target_rows[j].v;
			return target_rows[j].name;
		}
	return NULL;
}

bool target_lacks(unsigned target, const char *name)
{
	unsigned since = target_api_since(name);

	return target && since && target < since;
}

/*
 * The loop a target without wait_event*() writes instead, in words:
 * timeout is the relative timeout (NULL: untimed), interruptible whether
 * the sleep is TASK_INTERRUPTIBLE.
 */
char *target_open_coded(unsigned target, bool interruptible,
			const char *timeout)
{
	const char *state = interruptible ? "TASK_INTERRUPTIBLE" :
					    "TASK_UNINTERRUPTIBLE";
	char *sleep, *s;

	if (!timeout)
		sleep = xstrdup("schedule()");
	else if (target >= WQ_KVER(2, 2, 0))
		sleep = xasprintf("schedule_timeout(%s) (its result is what is left)",
				  timeout);
	else
		sleep = xasprintf("schedule(), with current->timeout set to when the wait ends (%s from now) before the loop and cleared after it",
				  timeout);
	s = xasprintf("add_wait_queue(); then in a loop: set the state to %s, test the condition%s, %s; then set TASK_RUNNING and remove_wait_queue()",
		      state,
		      !interruptible ? "" :
		      target < WQ_KVER(2, 2, 0) ?
		      " and current->signal & ~current->blocked" :
		      " and signal_pending(current)",
		      sleep);
	free(sleep);
	return s;
}

/*
 * "; X() needs Linux A.B (the target is C.D): there, <open-coded loop>",
 * or an empty string when the target has it.
 */
char *target_note(unsigned target, const char *name, bool interruptible,
		  const char *timeout)
{
	char *t, *v, *loop, *s;

	if (!target_lacks(target, name))
		return xstrdup("");
	t = kernel_version_text(target);
	v = kernel_version_text(target_api_since(name));
	loop = target_open_coded(target, interruptible, timeout);
	s = xasprintf("; %s() is first in Linux %s, not in the target %s: there, open-code it: %s",
		      name, v, t, loop);
	free(t);
	free(v);
	free(loop);
	return s;
}

/* ---- 2.0's current->timeout ---- */

static const char *skip_space_back(const char *buf, const char *p)
{
	for (;;) {
		while (p > buf && isspace((unsigned char)p[-1]))
			p--;
		if (p - buf >= 2 && p[-1] == '/' && p[-2] == '*') {
			const char *c = p - 2;

			while (c > buf && !(c[-1] == '/' && c[0] == '*'))
				c--;
			if (c == buf)
				return p;
			p = c - 1;
			continue;
		}
		return p;
	}
}

static char *trimmed(const char *s, const char *e)
{
	while (s < e && isspace((unsigned char)*s))
		s++;
	while (e > s && isspace((unsigned char)e[-1]))
		e--;
	return xasprintf("%.*s", (int)(e - s), s);
}

/* The statement [s, e) is `current->timeout = <rhs>`: the rhs, or NULL. */
static char *timeout_store(const char *s, const char *e)
{
	static const char *const lhs[] = { "current", "->", "timeout", "=" };
	const char *p = s;
	size_t i;

	for (i = 0; i < 4; i++) {
		size_t n = strlen(lhs[i]);

		while (p < e && isspace((unsigned char)*p))
			p++;
		if ((size_t)(e - p) < n || strncmp(p, lhs[i], n))
			return NULL;
		p += n;
	}
	if (p < e && *p == '=')
		return NULL;
	return trimmed(p, e);
}

static bool word_at(const char *p, const char *w)
{
	size_t n = strlen(w);

	return !strncmp(p, w, n) && !wq_ident_char(p[n]);
}

/*
 * The relative timeout a 2.0 driver set in current->timeout in the
 * statements right before the sleep at byte offset off of buf (same
 * block, at most three statements back): `jiffies + HZ` gives "HZ",
 * `HZ + jiffies` too, an absolute `expires` gives "expires - jiffies".
 * NULL when there is none, or it is cleared (= 0).
 */
char *text_old_timeout_before(const char *buf, size_t len, unsigned off)
{
	const char *p = buf + (off < len ? off : len);
	int i;

	for (i = 0; i < 3; i++) {
		const char *end = skip_space_back(buf, p), *s;
		char *rhs, *rel;

		if (end == buf || end[-1] != ';')
			return NULL;
		end--;
		for (s = end; s > buf && !strchr(";{}", s[-1]); s--)
			;
		/* a comment before the statement is no part of it */
		for (;;) {
			while (s < end && isspace((unsigned char)*s))
				s++;
			if (end - s >= 2 && s[0] == '/' && s[1] == '*') {
				const char *c = strstr(s + 2, "*/");

				if (!c || c >= end)
					return NULL;
				s = c + 2;
				continue;
			}
			break;
		}
		rhs = timeout_store(s, end);
		if (!rhs) {
			p = s;
			continue;
		}
		if (!strcmp(rhs, "0")) {
			free(rhs);
			return NULL;
		}
		if (word_at(rhs, "jiffies")) {
			const char *r = rhs + 7;

			while (isspace((unsigned char)*r))
				r++;
			rel = *r == '+' ? trimmed(r + 1, r + strlen(r)) :
			      xasprintf("%s - jiffies", rhs);
		} else {
			size_t n = strlen(rhs);
			const char *j = n >= 7 ? rhs + n - 7 : NULL;
			const char *op = j;

			while (op && op > rhs && isspace((unsigned char)op[-1]))
				op--;
			if (j && word_at(j, "jiffies") && op > rhs && op[-1] == '+' &&
			    (j == rhs || !wq_ident_char(j[-1])))
				rel = trimmed(rhs, op - 1);
			else
				rel = xasprintf("%s - jiffies", rhs);
		}
		free(rhs);
		return rel;
	}
	return NULL;
}

/* Facts of the target kernel (checker/target-facts.def). */
static const unsigned fact_since[] = {
#define TARGET_FACT(id, a, b, c, what) [id] = WQ_KVER(a, b, c),
#include "target-facts.def"
#undef TARGET_FACT
};

static const char *const target_fact_what[] = {
#define TARGET_FACT(id, a, b, c, what) [id] = what,
#include "target-facts.def"
#undef TARGET_FACT
};

bool target_has_fact(unsigned kernel, enum target_fact fact)
{
	return kernel != WQ_KERNEL_UNKNOWN && kernel >= fact_since[fact];
}

char *target_fact_note(enum target_fact fact)
{
	char *v = kernel_version_text(fact_since[fact]), *s;

	s = xasprintf("not a bug from Linux %s on, where %s; which kernel this file is for is not known (no kernel tree or build above it): pass --target",
		      v, target_fact_what[fact]);
	free(v);
	return s;
}

unsigned target_fact_first(enum target_fact fact)
{
	return fact_since[fact];
}

const char *target_fact_text(enum target_fact fact)
{
	return target_fact_what[fact];
}

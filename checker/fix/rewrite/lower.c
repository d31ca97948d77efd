// SPDX-License-Identifier: GPL-2.0-only
/*
 * The rewrite in a target kernel's own words, for a --target before
 * 2.6 (issue 41): a sleep_on() kept in place with its race closed is
 * written by the semantic patch with the 2.6 primitives, and spelled
 * here as the 2.4 idiom the target has,
 *
 *	DEFINE_WAIT(wait);                   DECLARE_WAITQUEUE(wait, current);
 *	prepare_to_wait(q, &wait, S);        add_wait_queue(q, &wait);
 *	                                     set_current_state(S);
 *	spin_unlock_irq(&d->lock);           spin_unlock_irq(&d->lock);
 *	schedule();                    ->    schedule();
 *	finish_wait(q, &wait);               set_current_state(TASK_RUNNING);
 *	                                     remove_wait_queue(q, &wait);
 *
 * The task is queued before the state is set and the test and unlock
 * come after both, as prepare_to_wait() did; the entry is removed on
 * the one path the in-place form has.  Only statements of their own are
 * lowered (the first on their line, after ';', '{' or '}'); anything
 * else keeps the 2.6 name, which the validation then refuses for the
 * target (validate.c compare_apis()), and the function is left alone.
 * A file that already spells any of these names is not lowered at all:
 * what it meant by them is not this file's to change.
 */
#include <stdlib.h>
#include <string.h>

#include "analysis.h"	/* target_lacks(), target_api_refusal() */
#include "fix.h"

struct lowering {
	const char *from;		/* the 2.6 call */
	const char *before;		/* statement put before it, or NULL */
	const char *to;			/* its 2.4 name, "" to drop the call */
	const char *needs;		/* the primitive the target must lack */
};

/*
 * The statements the in-place forms write.  prepare_to_wait() is
 * `add_wait_queue(q, w)` then `set_current_state(s)`: the call keeps its
 * first two arguments and the state becomes the next statement's.
 */
static const struct lowering lowerings[] = {
	{ "DEFINE_WAIT", NULL, "DECLARE_WAITQUEUE", "prepare_to_wait" },
	{ "init_wait", NULL, "init_waitqueue_entry", "prepare_to_wait" },
	{ "prepare_to_wait", NULL, "add_wait_queue", "prepare_to_wait" },
	{ "finish_wait", "set_current_state(TASK_RUNNING);", "remove_wait_queue",
	  "prepare_to_wait" },
};

#define NLOWER (sizeof(lowerings) / sizeof(lowerings[0]))

/* The ')' that closes the '(' at open, or -1. */
static long close_paren(const char *t, size_t len, size_t open)
{
	size_t i;
	int d = 0;

	for (i = open; i < len; i++) {
		if (t[i] == '(')
			d++;
		else if (t[i] == ')' && !--d)
			return (long)i;
		else if (t[i] == ';' || t[i] == '{' || t[i] == '}')
			return -1;
	}
	return -1;
}

/* The start of the line of off, if only blanks come before off on it and
 * the code before the line ends a statement or opens a block. */
static long stmt_line_start(const char *t, size_t off)
{
	size_t ls = off;
	long p;

	while (ls > 0 && (t[ls - 1] == ' ' || t[ls - 1] == '\t'))
		ls--;
	if (ls > 0 && t[ls - 1] != '\n')
		return -1;
	for (p = (long)ls - 1; p >= 0; p--) {
		if (t[p] == ' ' || t[p] == '\t' || t[p] == '\n' || t[p] == '\r')
			continue;
		if (p >= 1 && t[p] == '/' && t[p - 1] == '*') {
			p--;	/* a comment: skip back to its start */
			while (p >= 1 && !(t[p - 1] == '/' && t[p] == '*'))
				p--;
			p--;
			continue;
		}
		break;
	}
	if (p >= 0 && !strchr(";{}", t[p]))
		return -1;
	return (long)ls;
}

/* The statement `[lhs =] name(args);` at name's offset at: the offsets of
 * its '(' and its ')', the statement's line start and its ';'. */
static bool statement_call(const char *t, size_t len, size_t at,
			   size_t nlen, long *lp, long *rp, long *ls, long *semi)
{
	size_t s = at;
	long e;

	while (s > 0 && t[s - 1] != '\n' && t[s - 1] != ';' &&
	       t[s - 1] != '{' && t[s - 1] != '}')
		s--;
	while (s < at && (t[s] == ' ' || t[s] == '\t'))
		s++;
	*ls = stmt_line_start(t, s);
	if (*ls < 0)
		return false;
	/* only `name(` or `x = name(` before: no other call, no test */
	if (s != at && (memchr(t + s, '(', at - s) || !memchr(t + s, '=', at - s)))
		return false;
	*lp = (long)(at + nlen);
	while ((size_t)*lp < len && (t[*lp] == ' ' || t[*lp] == '\t'))
		(*lp)++;
	if ((size_t)*lp >= len || t[*lp] != '(')
		return false;
	e = close_paren(t, len, (size_t)*lp);
	if (e < 0)
		return false;
	*rp = e;
	e++;
	while ((size_t)e < len && (t[e] == ' ' || t[e] == '\t'))
		e++;
	if ((size_t)e >= len || t[e] != ';')
		return false;
	*semi = e;
	return true;
}

/* The last top-level argument of the call between lp and rp: [*a, rp) */
static long last_arg(const char *t, long lp, long rp)
{
	long i, a = -1;
	int d = 0;

	for (i = lp + 1; i < rp; i++) {
		if (t[i] == '(' || t[i] == '[')
			d++;
		else if (t[i] == ')' || t[i] == ']')
			d--;
		else if (t[i] == ',' && !d)
			a = i;
	}
	return a;
}

/* Lower one statement of lowering l at offset at into sb; *next is
 * where the text after it resumes.  False when it is no statement of
 * its own (the text is left as it is). */
static bool lower_one(struct strbuf *sb, const char *t, size_t len,
		      size_t at, const struct lowering *l, size_t *next)
{
	long lp, rp, ls, semi, comma = -1;
	const char *ind;
	size_t il;

	if (!statement_call(t, len, at, strlen(l->from), &lp, &rp, &ls, &semi))
		return false;
	ind = t + ls;
	il = 0;
	while (ind[il] == ' ' || ind[il] == '\t')
		il++;
	if (!strcmp(l->from, "DEFINE_WAIT")) {
		sb_printf(sb, "%.*s%s%.*s, current)", (int)(at - *next),
			  t + *next, l->to, (int)(rp - lp), t + lp);
		*next = (size_t)rp + 1;
		return true;
	}
	if (!strcmp(l->from, "init_wait")) {
		sb_printf(sb, "%.*s%s%.*s, current)", (int)(at - *next), t + *next,
			  l->to, (int)(rp - lp), t + lp);
		*next = (size_t)rp + 1;
		return true;
	}
	if (!strncmp(l->from, "prepare_to_wait", 15)) {
		comma = last_arg(t, lp, rp);
		if (comma < 0)
			return false;
		while (comma + 1 < rp && (t[comma + 1] == ' ' || t[comma + 1] == '\t' ||
					  t[comma + 1] == '\n'))
			comma++;	/* the state, without the blanks before it */
		sb_printf(sb, "%.*s%s%.*s);\n%.*sset_current_state(%.*s);",
			  (int)(at - *next), t + *next, l->to,
			  (int)(last_arg(t, lp, rp) - lp), t + lp, (int)il, ind,
			  (int)(rp - comma - 1), t + comma + 1);
		*next = (size_t)semi + 1;
		return true;
	}
	/* a statement before: at the line's start, with its indent */
	sb_printf(sb, "%.*s%.*s%s\n%.*s%.*s%s", (int)(ls - (long)*next),
		  t + *next, (int)il, ind, l->before, (int)il, ind,
		  (int)(at - (size_t)ls - il), t + ls + il, l->to);
	*next = at + strlen(l->from);
	return true;
}

/* Does word w (a call or a macro) occur in t[0..len) as a whole name? */
static bool has_word(const char *t, size_t len, const char *w)
{
	char *z = xasprintf("%.*s", (int)len, t);
	bool r = text_has_word(z, 0, (unsigned)len, w);

	free(z);
	return r;
}

/*
 * Lower *text (the rewrite of orig) for target: true when it changed.
 * Nothing for a target that has prepare_to_wait(), nor one the 2.4
 * wait-entry API is not known to be in (DECLARE_WAITQUEUE: target.def).
 */
bool lower_for_target(const char *orig, size_t olen, char **text,
		      size_t *len, unsigned target)
{
	struct strbuf sb = { 0 };
	const char *t = *text;
	size_t i, k, next = 0;
	bool want[NLOWER], any = false;
	char *why;

	if (!target || target == WQ_KERNEL_LATEST)
		return false;
	why = target_api_refusal(target, "DECLARE_WAITQUEUE");
	if (why) {
		free(why);
		return false;
	}
	for (k = 0; k < NLOWER; k++) {
		want[k] = target_lacks(target, lowerings[k].needs) &&
			  !has_word(orig, olen, lowerings[k].from);
		any |= want[k];
	}
	if (!any)
		return false;
	for (i = 0; i < *len; i++) {
		size_t n = 0;

		if (t[i] == '/' && i + 1 < *len && (t[i + 1] == '*' || t[i + 1] == '/')) {
			const char *e = t[i + 1] == '*' ? strstr(t + i + 2, "*/") :
						      strchr(t + i, '\n');

			i = e ? (size_t)(e - t) + (t[i + 1] == '*') : *len;
			continue;
		}
		if (t[i] == '"' || t[i] == '\'') {
			char q = t[i];

			for (i++; i < *len && t[i] != q && t[i] != '\n'; i++)
				if (t[i] == '\\')
					i++;
			continue;
		}
		if (i && wq_ident_char(t[i - 1]))
			continue;
		for (k = 0; k < NLOWER; k++) {
			n = strlen(lowerings[k].from);
			if (want[k] && i + n < *len &&
			    !strncmp(t + i, lowerings[k].from, n) &&
			    !wq_ident_char(t[i + n]))
				break;
		}
		if (k == NLOWER)
			continue;
		if (lower_one(&sb, t, *len, i, &lowerings[k], &next))
			i = next - 1;
	}
	if (!next) {
		free(sb.s);
		return false;
	}
	sb_printf(&sb, "%.*s", (int)(*len - next), t + next);
	free(*text);
	*text = sb.s;
	*len = sb.len;
	return true;
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * WQ010 wait-event-result-ignored: the result of a wait_event*() that
 * can fail is thrown away, or kept where it does not fit.
 *
 *	wait_event_interruptible(dev->wq, dev->ready);
 *	return dev->data;	<- also on a signal, with nothing ready
 *
 * The interruptible, killable and freezable flavours return
 * -ERESTARTSYS when a signal ends the wait, with the condition false;
 * the timeout flavours return 0 when time ran out.  A caller that drops
 * the result goes on as if the condition held.  Kept in an unsigned
 * variable (or a bool, for the _timeout ones that also report signals)
 * -ERESTARTSYS reads as success; a timeout flavour's remaining jiffies
 * (a long) kept in a char or short, or in an int when the timeout is
 * MAX_SCHEDULE_TIMEOUT, are cut short.
 *
 * `(void)wait_event_...()` says the drop is deliberate and is left
 * alone, as are results tested, returned or passed on, and the drops
 * deliberate() accepts.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "macros.h"

static bool can_be_interrupted(const char *name)
{
	return strstr(name, "interruptible") || strstr(name, "killable") ||
	       strstr(name, "freezable");
}

static bool has_timeout(const char *name)
{
	return strstr(name, "timeout") != NULL;
}

static bool wanted(const char *name)
{
	return (strstr(name, "wait_event") || strstr(name, "wait_var_event")) &&
	       strncmp(name, "__", 2) && !strstr(name, "_cmd") &&
	       (can_be_interrupted(name) || has_timeout(name));
}

static bool unsigned_type(CXType t)
{
	switch (clang_getCanonicalType(t).kind) {
	case CXType_Bool:
	case CXType_Char_U:
	case CXType_UChar:
	case CXType_UShort:
	case CXType_UInt:
	case CXType_ULong:
	case CXType_ULongLong:
		return true;
	default:
		return false;
	}
}

/* What is wrong with keeping u's result in u->type, or NULL. */
static const char *bad_store(const struct macro_use *u)
{
	CXType t = clang_getCanonicalType(u->type);
	long long size = clang_Type_getSizeOf(t);
	bool intr = can_be_interrupted(u->name), tmo = has_timeout(u->name);

	if (t.kind == CXType_Invalid || size < 0)
		return NULL;
	if (intr && t.kind == CXType_Bool && tmo)
		return "a bool, where -ERESTARTSYS and success are both true";
	if (intr && unsigned_type(t) && t.kind != CXType_Bool)
		return "an unsigned type, where -ERESTARTSYS reads as a large positive value";
	if (tmo && size < 4 && t.kind != CXType_Bool)
		return "a type narrower than the long it returns, which cuts the remaining jiffies";
	if (tmo && size < 8 && u->ev.nargs > 2 &&
	    strstr(u->ev.args[u->ev.nargs - 1], "MAX_SCHEDULE_TIMEOUT"))
		return "an int, which cuts the long remaining time of MAX_SCHEDULE_TIMEOUT";
	return NULL;
}

/*
 * A dropped result that is no mistake: in a kernel thread (no signals;
 * its loop goes round and tests again, the timeout is its period), or a
 * timeout-only flavour in a function that returns nothing and so has no
 * way to pass the timeout on (a best-effort wait at teardown).
 */
static bool in_thread(const struct wq_file *f, const struct macro_use *u)
{
	return u->func &&
	       text_is_thread(f->buf, f->len, u->fn_start, u->fn_end, u->func);
}

/*
 * Does the code right after the wait test the condition again?  The
 * longest name of the condition (`cl->response.received`) in the next
 * few lines says so: `if (!cl->response.received) return -ETIMEDOUT;`.
 */
static bool retested(const struct wq_file *f, const struct macro_use *u)
{
	const char *c = u->ev.nargs > 1 ? u->ev.args[1] : "";
	size_t best = 0, at = 0, i = 0, end = u->end + 300;
	char *name;
	bool hit;

	while (c[i]) {
		size_t j = i;

		while (c[j] && (isalnum((unsigned char)c[j]) || c[j] == '_' ||
				c[j] == '.' || (c[j] == '-' && c[j + 1] == '>') ||
				(c[j] == '>' && j > i && c[j - 1] == '-')))
			j++;
		if (j - i > best) {
			best = j - i;
			at = i;
		}
		i = j > i ? j : i + 1;
	}
	if (u->end >= f->len)
		return false;
	/* a signal test right after is a test of the result's meaning */
	i = u->end + 200 < f->len ? u->end + 200 : f->len;
	if (can_be_interrupted(u->name) &&
	    memmem(f->buf + u->end, i - u->end, "signal_pending", 14))
		return true;
	i = 0;
	if (best < 3)
		return false;
	if (end > f->len)
		end = f->len;
	if (u->fn_end && end > u->fn_end)
		end = u->fn_end;
	name = xasprintf("%.*s", (int)best, c + at);
	hit = false;
	for (i = u->end; i < end && !hit; i++) {
		const char *p = memmem(f->buf + i, end - i, name, best);
		const char *line;

		if (!p)
			break;
		/* a test: an if, a while or a return on its line */
		for (line = p; line > f->buf && line[-1] != '\n'; line--)
			;
		hit = memmem(line, p - line, "if", 2) ||
		      memmem(line, p - line, "while", 5) ||
		      memmem(line, p - line, "return", 6);
		i = p - f->buf;
	}
	free(name);
	return hit;
}

/*
 * A dropped result that is no mistake: in a kernel thread (no signals;
 * its loop goes round and tests again, the timeout is its period), in
 * any loop (which tests again), in a function that returns nothing (a
 * best-effort wait, at teardown say, with no way to pass a failure on),
 * or followed at once by a test of the condition itself.
 */
static bool deliberate(const struct wq_file *f, const struct macro_use *u)
{
	return u->in_loop || (u->func && u->void_func) || retested(f, u) ||
	       in_thread(f, u);
}

void check_wait_event_result(void *tu, struct wq_file *f)
{
	struct macro_use *u;
	int n, i;

	if (!strstr(f->buf, "wait_event") && !strstr(f->buf, "wait_var_event"))
		return;
	n = macro_uses(tu, f, wanted, true, &u);
	for (i = 0; i < n; i++) {
		const char *why;

		if (u[i].use == MV_DISCARDED && !deliberate(f, &u[i])) {
			file_add_finding(f, WQ010, u[i].pos, xasprintf(
				"the result of %s() is discarded: it is %s, and the code goes on as if the condition held; test it",
				u[i].name, can_be_interrupted(u[i].name) ?
				(has_timeout(u[i].name) ?
				 "-ERESTARTSYS on a signal and 0 on timeout" :
				 "-ERESTARTSYS when a signal ends the wait") :
				"0 when the time ran out"));
		} else if (u[i].use == MV_STORED && (why = bad_store(&u[i])) &&
			   !(can_be_interrupted(u[i].name) && in_thread(f, &u[i]) &&
			     !strstr(why, "narrow") && !strstr(why, "an int"))) {
			file_add_finding(f, WQ010, u[i].pos, xasprintf(
				"the result of %s() is kept in '%s', %s",
				u[i].name, u[i].target, why));
		}
	}
	macro_uses_free(u, n);
}

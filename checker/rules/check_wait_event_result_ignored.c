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
#include "rules.h"

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

static size_t skip_back_space(const char *s, size_t i)
{
	while (i > 0 && isspace((unsigned char)s[i - 1]))
		i--;
	return i;
}

static const char *skip_space(const char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	return s;
}

/*
 * The next whole-word occurrence of name (len bytes) in [from, to) of
 * buf, or NULL.  With test, only one on a line that has an if, a while,
 * a return or a `?` before it: a test of it, or its value passed out.
 */
static const char *find_word(const char *buf, size_t from, size_t to,
			     const char *name, size_t len, bool test)
{
	while (from < to) {
		const char *p = memmem(buf + from, to - from, name, len);
		const char *line;

		if (!p)
			return NULL;
		from = p - buf + len;
		if ((p > buf && (wq_ident_char(p[-1]) || p[-1] == '.' ||
				 (p[-1] == '>' && p - buf > 1 && p[-2] == '-'))) ||
		    (from < to && wq_ident_char(buf[from])))
			continue;
		if (!test)
			return p;
		for (line = p; line > buf && line[-1] != '\n'; line--)
			;
		if (memmem(line, p - line, "if", 2) ||
		    memmem(line, p - line, "while", 5) ||
		    memmem(line, p - line, "return", 6) ||
		    memchr(p, '?', to - (p - buf) < 80 ? to - (p - buf) : 80))
			return p;
	}
	return NULL;
}

/* The end of the text the rule looks at after the wait: its function's. */
static size_t after_end(const struct wq_file *f, const struct macro_use *u)
{
	return u->fn_end && u->fn_end <= f->len ? u->fn_end : f->len;
}

/*
 * Does the condition keep its own outcome in a plain variable that the
 * code after the wait tests or returns?
 *
 *	wait_event_interruptible(d->wq, (rv = drv_try(d)) != DRV_BUSY);
 *	if (rv == DRV_BUSY) ...
 *	wait_event_timeout(d->wq, drv_collect(d, &status, mask), HZ);
 *	return status & mask ? 0 : -EIO;
 *
 * After a signal or a timeout that variable says what happened (the
 * condition's last evaluation); the wait's result adds nothing.  The
 * variable is assigned in the condition (`x =`, `x |=`, ...) or its
 * address is passed to a call there (`, &x)`).
 */
static bool outcome_kept(const struct wq_file *f, const struct macro_use *u)
{
	const char *c = u->ev.nargs > 1 ? u->ev.args[1] : "";
	size_t i = 0, end = after_end(f, u);

	if (u->end >= end)
		return false;
	while (c[i]) {
		size_t j = i, k;
		const char *n;
		bool kept = false;

		if (!wq_ident_char(c[i]) || (i && wq_ident_char(c[i - 1]))) {
			i++;
			continue;
		}
		while (wq_ident_char(c[j]))
			j++;
		if (isdigit((unsigned char)c[i])) {
			i = j;
			continue;
		}
		n = skip_space(c + j);
		k = skip_back_space(c, i);
		/* a plain variable: no member, no array element, no call */
		if (!(k > 0 && (c[k - 1] == '.' ||
				(c[k - 1] == '>' && k > 1 && c[k - 2] == '-')))) {
			if ((n[0] == '=' && n[1] != '=') ||
			    (strchr("|&+-^", n[0]) && n[0] && n[1] == '='))
				kept = true;
			if (k > 0 && c[k - 1] == '&' && (*n == ')' || *n == ',')) {
				size_t b = skip_back_space(c, k - 1);

				kept = b > 0 && (c[b - 1] == '(' || c[b - 1] == ',');
			}
		}
		if (kept && find_word(f->buf, u->end, end, c + i, j - i, true))
			return true;
		i = j;
	}
	return false;
}

/*
 * Does any name the text t reads as a base (`dev` of `dev->ready`, a
 * global flag; not a member, a call or an all-caps constant) occur in
 * [from, end) of the file?  *any says whether t had one at all.
 */
static bool bases_used(const struct wq_file *f, size_t from, size_t end,
		       const char *t, bool *any)
{
	static const char *const skip[] = {
		"sizeof", "typeof", "__typeof__", "unsigned", "int", "long",
		"char", "short", "bool", "struct", "const", "volatile",
		"true", "false", "NULL", NULL,
	};
	size_t i = 0;

	while (t[i]) {
		size_t j = i, k;
		const char *n;
		bool upper = true;
		int s;

		if (!wq_ident_char(t[i]) || (i && wq_ident_char(t[i - 1]))) {
			i++;
			continue;
		}
		while (wq_ident_char(t[j])) {
			if (islower((unsigned char)t[j]))
				upper = false;
			j++;
		}
		n = skip_space(t + j);
		k = skip_back_space(t, i);
		for (s = 0; skip[s]; s++)
			if (strlen(skip[s]) == j - i && !strncmp(skip[s], t + i, j - i))
				break;
		if (isdigit((unsigned char)t[i]) || upper || skip[s] ||
		    *n == '(' ||
		    (k > 0 && (t[k - 1] == '.' ||
			       (t[k - 1] == '>' && k > 1 && t[k - 2] == '-')))) {
			i = j;
			continue;
		}
		*any = true;
		if (from < end && find_word(f->buf, from, end, t + i, j - i, false))
			return true;
		i = j;
	}
	return false;
}

/*
 * A best-effort throttle or pause: nothing after the wait, in its
 * function, names what the condition reads or the object of the queue
 * (`j` of `atomic_read(&j->throttle) == 0`, a global debug flag), so the
 * code after does not depend on the condition having come true.
 */
static bool nothing_depends(const struct wq_file *f, const struct macro_use *u)
{
	bool any = false;

	if (!u->func || u->ev.nargs < 2)
		return false;
	if (bases_used(f, u->end, after_end(f, u), u->ev.args[1], &any) || !any)
		return false;
	return !bases_used(f, u->end, after_end(f, u), u->ev.args[0], &any);
}

static bool says_timeout(const char *s, size_t n)
{
	static const char *const w[] = {
		"timeout", "timed out", "time out", "timedout", "timed-out",
	};
	size_t i, k;

	for (i = 0; i < n; i++)
		for (k = 0; k < sizeof(w) / sizeof(w[0]); k++)
			if (i + strlen(w[k]) <= n &&
			    !strncasecmp(s + i, w[k], strlen(w[k])))
				return true;
	return false;
}

/*
 * A timeout-only wait whose timeout the code detects through other state
 * of the same object, and says so:
 *
 *	wait_event_timeout(port->wait_open, !port->open_pending, HZ);
 *	if (!port->open) {
 *		dev_dbg(dev, "open timed out\n");
 *		return -ENODEV;
 *	}
 *
 * Within the next two statements an `if` tests a name the condition
 * reads (`port`), and the text from the wait to its branch (a comment,
 * a message) speaks of the timeout.  The waker sets that state together
 * with the condition; the author handles the timeout, without the
 * result.
 */
static bool timeout_handled(const struct wq_file *f, const struct macro_use *u)
{
	size_t end = after_end(f, u), lim = u->end + 400, i, semis = 0;
	size_t cond, depth;
	const char *b = f->buf;
	bool any = false;

	if (can_be_interrupted(u->name) || u->ev.nargs < 2 || u->end >= end)
		return false;
	if (lim > end)
		lim = end;
	for (i = u->end; i < lim; i++) {
		if (b[i] == ';' && ++semis > 3)	/* the wait's own, and two */
			return false;
		if (b[i] == 'i' && b[i + 1] == 'f' && !wq_ident_char(b[i - 1]) &&
		    !wq_ident_char(b[i + 2]))
			break;
	}
	if (i >= lim)
		return false;
	cond = i + 2;
	while (cond < lim && isspace((unsigned char)b[cond]))
		cond++;
	if (cond >= lim || b[cond] != '(')
		return false;
	for (i = cond, depth = 0; i < lim; i++) {
		if (b[i] == '(')
			depth++;
		else if (b[i] == ')' && !--depth)
			break;
	}
	if (i >= lim ||
	    !bases_used(f, cond, i + 1, u->ev.args[1], &any))
		return false;
	lim = i + 200 < end ? i + 200 : end;
	return says_timeout(b + u->end, lim - u->end);
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

		while (c[j] && (wq_ident_char(c[j]) ||
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
 * followed at once by a test of the condition itself, with a condition
 * that keeps its outcome in a variable the code then tests, when
 * nothing after the wait depends on the condition (a throttle), or when
 * the code tests for the timeout through the object's other state.
 */
static bool deliberate(const struct wq_file *f, const struct macro_use *u)
{
	return u->in_loop || (u->func && u->void_func) || retested(f, u) ||
	       in_thread(f, u) || outcome_kept(f, u) || nothing_depends(f, u) ||
	       timeout_handled(f, u);
}

void check_wait_event_result_ignored(void *tu, struct wq_file *f)
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

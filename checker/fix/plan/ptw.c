// SPDX-License-Identifier: GPL-2.0-only
/*
 * The prepare_to_wait() forms of a sleep_on() site: what `wqport fix`
 * does where no wait_event*() says what the driver means.
 *
 * A driver that still calls the sleep_on() family does not build on any
 * kernel since 3.15, so a refusal leaves it broken.  Where the planner
 * found no wait_event*() that keeps the meaning (no condition, a loop
 * that does work, a sleep-first loop, a local copy, a polling timeout on
 * a woken queue, ...), the call itself is replaced by what sleep_on()
 * did, on an entry of the function's own:
 *
 *	spin_unlock_irqrestore(&d->lock, flags);     (form 2: race closed)
 *	interruptible_sleep_on(&d->wq);
 * ->
 *	prepare_to_wait(&d->wq, &wait, TASK_INTERRUPTIBLE);
 *	spin_unlock_irqrestore(&d->lock, flags);
 *	schedule();
 *	finish_wait(&d->wq, &wait);
 *
 * Form 2 applies where the statement before the sleep drops a lock or
 * turns interrupts on: queueing before the unlock closes the window the
 * old code had, and the lock discipline is unchanged.  With interrupts
 * off at the sleep (cli(), local_irq_save()), the task is queued with
 * them still off, as sleep_on() did, and they are on only across
 * schedule(): the old code's meaning, exactly.  Anywhere else the call
 * becomes prepare_to_wait()/schedule()/finish_wait() in place (form 3):
 * the same schedules as before, race included, which the per-site line
 * says ("converted, keeps the race").  That is what the maintainers did
 * for OSS in 2014 (oss_broken_sleep_on()).
 *
 * The statement around the call is read from the text, not the AST, so
 * that a sleep in an #ifdef branch the flags do not compile gets the
 * same treatment as one that parsed.
 */
#include <stdlib.h>
#include <string.h>

#include "fix.h"
#include "ptw.h"
#include "site_text.h"

/* The previous non-space, non-comment character before pos, or -1. */
static long skip_back(const char *buf, long pos)
{
	for (;;) {
		long ls, i;

		while (pos > 0 && (buf[pos - 1] == ' ' || buf[pos - 1] == '\t' ||
				   buf[pos - 1] == '\n' || buf[pos - 1] == '\r'))
			pos--;
		if (pos >= 2 && buf[pos - 1] == '/' && buf[pos - 2] == '*') {
			for (i = pos - 3; i > 0; i--)
				if (buf[i] == '*' && buf[i - 1] == '/')
					break;
			if (i <= 0)
				return -1;
			pos = i - 1;
			continue;
		}
		/* a // comment on this line: go to its start */
		for (ls = pos; ls > 0 && buf[ls - 1] != '\n'; ls--)
			;
		for (i = ls; i + 1 < pos; i++)
			if (buf[i] == '/' && buf[i + 1] == '/')
				break;
		if (i + 1 < pos) {
			pos = i;
			continue;
		}
		/* a preprocessor line (#ifdef ...) is no statement */
		for (i = ls; i < pos && (buf[i] == ' ' || buf[i] == '\t'); i++)
			;
		if (i < pos && buf[i] == '#' && ls > 0) {
			pos = ls;
			continue;
		}
		return pos > 0 ? pos - 1 : -1;
	}
}

/* The offset just past the ')' matching the '(' at open, or 0. */
static size_t close_paren(const char *buf, size_t len, size_t open)
{
	int depth = 0;
	size_t i;

	for (i = open; i < len; i++) {
		if (buf[i] == '"' || buf[i] == '\'') {
			char q = buf[i];

			for (i++; i < len && buf[i] != q; i++)
				if (buf[i] == '\\')
					i++;
			continue;
		}
		if (buf[i] == '(')
			depth++;
		else if (buf[i] == ')' && --depth == 0)
			return i + 1;
	}
	return 0;
}

/* Does the keyword w end at offset end (inclusive) of buf? */
static bool word_ends_at(const char *buf, long end, const char *w)
{
	long n = strlen(w);

	return end + 1 >= n && !strncmp(buf + end + 1 - n, w, n) &&
	       (end + 1 == n || !is_ident(buf[end - n]));
}

/* A statement may start right after the character at offset b. */
static bool stmt_boundary(const char *buf, long b)
{
	if (b < 0)
		return true;
	if (strchr(";{})", buf[b]))
		return true;
	if (buf[b] == ':')	/* a label or case, not ?: */
		return b == 0 || buf[b - 1] != ':';
	return word_ends_at(buf, b, "else") || word_ends_at(buf, b, "do");
}

/*
 * The calls that drop a lock (kapi.def K_UNLOCK) and those that start
 * what will wake the queue and never sleep themselves (kapi_starter():
 * a timer, a tasklet, a work item): a sleep right after one is queued
 * before it (form 2), so the wake-up cannot come first.
 */
bool ptw_starter(const char *name)
{
	return name && kapi_starter(name, strlen(name), false);
}

/* The unlock call of the statement that ends at the ';' at semi. */
static const char *unlock_before(const char *buf, long semi)
{
	const struct kapi *k;
	const char *name;
	long b, s, e;

	for (b = semi - 1; b >= 0 && !strchr(";{}", buf[b]); b--)
		;
	/* skip comments and blanks at the statement's start */
	for (s = b + 1; s < semi;) {
		if (buf[s] == ' ' || buf[s] == '\t' || buf[s] == '\n' ||
		    buf[s] == '\r') {
			s++;
		} else if (buf[s] == '/' && buf[s + 1] == '*') {
			const char *c = strstr(buf + s + 2, "*/");

			if (!c || c - buf >= semi)
				return NULL;
			s = c - buf + 2;
		} else if (buf[s] == '/' && buf[s + 1] == '/') {
			while (s < semi && buf[s] != '\n')
				s++;
		} else if (buf[s] == '#') {	/* a directive line */
			while (s < semi && buf[s] != '\n')
				s++;
		} else {
			break;
		}
	}
	for (e = s; e < semi && is_ident(buf[e]); e++)
		;
	k = kapi_lookup(buf + s, e - s);
	name = k && k->kind == K_UNLOCK ? k->name : kapi_starter(buf + s, e - s, false);
	if (!name)
		return NULL;
	while (e < semi && (buf[e] == ' ' || buf[e] == '\t'))
		e++;
	return e < semi && buf[e] == '(' ? name : NULL;
}

/* Is the statement that ends at the ';' at semi a logging call? */
static bool log_stmt(const char *buf, long semi, long *start)
{
	/* kapi.def's KAPI_LOG rows, and the drivers' usual debug macros */
	static const char *const logs[] = {
		"DPRINTK", "dprintk", "PDEBUG", "DBG", "dbg", NULL
	};
	long b, s, e;
	int i;

	for (b = semi - 1; b >= 0 && !strchr(";{}", buf[b]); b--)
		;
	for (s = b + 1; s < semi && strchr(" \t\r\n", buf[s]); s++)
		;
	for (e = s; e < semi && is_ident(buf[e]); e++)
		;
	for (i = -1; i < 0 || logs[i]; i++)
		if (i < 0 ? kapi_log(buf + s, e - s) :
		    (long)strlen(logs[i]) == e - s &&
		    !strncmp(buf + s, logs[i], e - s)) {
			while (e < semi && (buf[e] == ' ' || buf[e] == '\t'))
				e++;
			if (e < semi && buf[e] == '(' && b >= 0 && buf[b] == ';') {
				*start = b;
				return true;
			}
		}
	return false;
}

/*
 * The unlock or start before the statement that ends at semi, looking
 * past one logging call (`printk("sleeping\n");`): printk() does not
 * sleep, so the task may be queued before it as well.
 */
static const char *unlock_or_start_before(const char *buf, long semi)
{
	const char *u = unlock_before(buf, semi);
	long prev;

	if (!u && log_stmt(buf, semi, &prev))
		u = unlock_before(buf, prev);
	return u;
}

/*
 * The call at anchor is no statement of its own: is it the value of a
 * `return` or inside the condition of an `if`, with nothing evaluated
 * before it that could skip it (&&, ||, ?:)?  Then the result of
 * schedule_timeout() can go through a variable set just before that
 * statement.  Returns 'r' or 'i' and sets *start to the offset of the
 * `return` or `if`; 0 otherwise.
 */
static char hoist_kind(const char *buf, size_t len, size_t anchor,
		       size_t *start)
{
	long b = skip_back(buf, anchor), i;
	int depth = 0;

	(void)len;
	while (b >= 0 && (buf[b] == '!' || buf[b] == '('))
		b = skip_back(buf, b);
	if (b >= 0 && word_ends_at(buf, b, "return")) {
		*start = b - 5;
		return 'r';
	}
	/* the innermost unclosed '(' before the call, in one statement */
	for (i = (long)anchor - 1; i >= 0; i--) {
		char c = buf[i];

		/* a comma beside the call: the comma operator sequences */
		if (c == ',' && depth == 0)
			return 0;
		if (c == ';' || c == '{' || c == '}' || c == '?' ||
		    (c == '&' && i > 0 && buf[i - 1] == '&') ||
		    (c == '|' && i > 0 && buf[i - 1] == '|'))
			return 0;
		if (c == '"' || c == '\'')
			return 0;
		if (c == ')') {
			depth++;
		} else if (c == '(' && depth-- == 0) {
			long w = skip_back(buf, i);

			if (w >= 0 && word_ends_at(buf, w, "if")) {
				*start = w - 1;
				return 'i';
			}
			depth = 0;	/* a call's or a cast's: go on out */
		}
	}
	return 0;
}

void sleep_stmt_of(const char *buf, size_t len, size_t anchor,
		   struct sleep_stmt *st)
{
	size_t i = anchor, end;
	long b;

	memset(st, 0, sizeof(*st));
	while (i < len && is_ident(buf[i]))
		i++;
	while (i < len && (buf[i] == ' ' || buf[i] == '\t'))
		i++;
	if (i >= len || buf[i] != '(' || !(end = close_paren(buf, len, i)))
		return;
	while (end < len && (buf[end] == ' ' || buf[end] == '\t'))
		end++;
	if (end >= len || buf[end] != ';') {
		size_t start;

		st->hoist = hoist_kind(buf, len, anchor, &start);
		if (st->hoist) {
			b = skip_back(buf, start);
			if (!stmt_boundary(buf, b) ||
			    (b >= 0 && buf[b] != ';' && buf[b] != '{' &&
			     buf[b] != '}')) {
				/* `else if (...)`, a label: no room before */
				st->hoist = 0;
				return;
			}
			if (b >= 0 && buf[b] == ';')
				st->unlock = unlock_or_start_before(buf, b);
			st->starter = ptw_starter(st->unlock);
		}
		return;
	}
	b = skip_back(buf, anchor);
	if (b >= 0 && buf[b] == '=' && b > 0 && !strchr("=!<>+-*/%&|^", buf[b - 1])) {
		/* x = call(...);: back over the receiver, an lvalue */
		long r = skip_back(buf, b), depth = 0;

		while (r >= 0) {
			char c = buf[r];

			if (c == ']' || c == ')')
				depth++;
			else if (c == '[' || c == '(')
				depth--;
			else if (!depth && !is_ident(c) && c != '.' && c != '>' &&
				 c != '-' && c != '*')
				break;
			if (depth < 0)
				return;
			r--;
		}
		r = skip_back(buf, r + 1);
		if (!stmt_boundary(buf, r))
			return;
		st->assign = true;
		b = r;
	} else if (!stmt_boundary(buf, b)) {
		size_t start;

		/* return call(...); */
		st->hoist = hoist_kind(buf, len, anchor, &start) == 'r' ? 'r' : 0;
		if (st->hoist) {
			b = skip_back(buf, start);
			if (!stmt_boundary(buf, b) ||
			    (b >= 0 && buf[b] != ';' && buf[b] != '{' &&
			     buf[b] != '}')) {
				st->hoist = 0;
				return;
			}
			if (b >= 0 && buf[b] == ';')
				st->unlock = unlock_or_start_before(buf, b);
			st->starter = ptw_starter(st->unlock);
		}
		return;
	}
	st->stmt = true;
	if (b >= 0 && buf[b] == ';')
		st->unlock = unlock_or_start_before(buf, b);
	st->starter = ptw_starter(st->unlock);
}

/* buf with comments and string literals blanked, lengths kept */
static char *mask_text(const char *buf, size_t len)
{
	char *m = xrealloc(NULL, len + 1);
	size_t i = 0;

	memcpy(m, buf, len);
	m[len] = '\0';
	while (i < len) {
		if (m[i] == '/' && i + 1 < len && m[i + 1] == '*') {
			for (; i < len && !(m[i] == '*' && i + 1 < len && m[i + 1] == '/'); i++)
				if (m[i] != '\n')
					m[i] = ' ';
			if (i < len)
				m[i++] = ' ';
			if (i < len)
				m[i++] = ' ';
		} else if (m[i] == '/' && i + 1 < len && m[i + 1] == '/') {
			for (; i < len && m[i] != '\n'; i++)
				m[i] = ' ';
		} else if (m[i] == '"' || m[i] == '\'') {
			char q = m[i++];

			for (; i < len && m[i] != q && m[i] != '\n'; i++) {
				if (m[i] == '\\' && i + 1 < len)
					m[i++] = ' ';
				m[i] = ' ';
			}
			i++;
		} else {
			i++;
		}
	}
	return m;
}

static const char *skip_sp(const char *p)
{
	while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
		p++;
	return p;
}

/*
 * One use of `struct wait_queue` at p (masked text): a file-scope queue
 * pointer `[static|extern] struct wait_queue *q [= NULL];` or an entry
 * `struct wait_queue w = { current, NULL };` in a function.  These the
 * semantic patch ports (DECLARE_WAIT_QUEUE_HEAD(), an extern
 * wait_queue_head_t, DECLARE_WAITQUEUE()); anything else (a member of a
 * structure, a parameter, a cast) is left to a person.
 */
static bool portable_use(const char *p, int depth)
{
	const char *q = skip_sp(p + 17);

	if (depth == 0 && *q == '*') {
		q = skip_sp(q + 1);
		if (!is_ident(*q))
			return false;
		while (is_ident(*q))
			q++;
		q = skip_sp(q);
		if (*q == '=') {
			q = skip_sp(q + 1);
			if (strncmp(q, "NULL", 4) && *q != '0')
				return false;
			q = skip_sp(q + (*q == '0' ? 1 : 4));
		}
		return *q == ';';
	}
	if (depth > 0 && is_ident(*q)) {
		while (is_ident(*q))
			q++;
		q = skip_sp(q);
		if (*q != '=')
			return false;
		q = skip_sp(q + 1);
		if (*q != '{')
			return false;
		q = skip_sp(q + 1);
		if (strncmp(q, "current", 7))
			return false;
		q = skip_sp(q + 7);
		if (*q != ',')
			return false;
		q = skip_sp(q + 1);
		if (strncmp(q, "NULL", 4))
			return false;
		q = skip_sp(q + 4);
		if (*q != '}')
			return false;
		return *skip_sp(q + 1) == ';';
	}
	return false;
}

/* Is m[at] the start of a preprocessor line whose directive starts d? */
static bool directive_at(const char *m, size_t len, size_t at, const char *d)
{
	size_t q = at, n = strlen(d);

	while (q < len && (m[q] == ' ' || m[q] == '\t'))
		q++;
	if (q >= len || m[q] != '#')
		return false;
	q++;
	while (q < len && (m[q] == ' ' || m[q] == '\t'))
		q++;
	return q + n <= len && !strncmp(m + q, d, n);
}

/*
 * Is the `struct wait_queue *name` at i in a branch of an #if chain
 * whose other branch declares `wait_queue_head_t name` (`#if
 * defined(AFS_LINUX24_ENV)` ... `#else` ... `#endif`)?  Then it is the
 * old kernels' half of a driver's own compatibility test: the port has
 * nothing to do there.
 */
static bool head_in_sibling(const char *m, size_t len, size_t i)
{
	const char *q = skip_sp(m + i + 17);
	size_t a, b, ls, n;
	int depth = 0;
	char *name, *pat;
	bool hit = false;

	if (*q != '*')
		return false;
	q = skip_sp(q + 1);
	for (n = 0; is_ident(q[n]); n++)
		;
	if (!n)
		return false;
	/* back to the chain's #if, forward to its #endif */
	for (a = i; a > 0; a = ls) {
		for (ls = a - 1; ls > 0 && m[ls - 1] != '\n'; ls--)
			;
		if (directive_at(m, len, ls, "endif"))
			depth++;
		else if (directive_at(m, len, ls, "if") && depth-- == 0)
			break;
		if (!ls)
			return false;
	}
	if (!a)
		return false;
	for (b = i, depth = 0; b < len; b++) {
		if (b && m[b - 1] != '\n')
			continue;
		if (directive_at(m, len, b, "if"))
			depth++;
		else if (directive_at(m, len, b, "endif") && depth-- == 0)
			break;
	}
	name = xasprintf("%.*s", (int)n, q);
	pat = xasprintf("wait_queue_head_t");
	for (q = m + ls; !hit && (q = strstr(q, pat)) && (size_t)(q - m) < b; q++) {
		const char *r = skip_sp(q + 17);

		hit = !strncmp(r, name, n) && !is_ident(r[n]);
	}
	free(name);
	free(pat);
	return hit;
}

/*
 * m with the lines of each `#if 0` (or `#if (0)`) branch blanked, to its
 * #else, #elif or #endif: code no configuration compiles declares
 * nothing the rewrite must port.
 */
static void blank_if0(char *m, size_t len)
{
	size_t i = 0;
	int dead = 0, depth = 0;

	while (i < len) {
		size_t e = i, k = i;

		while (e < len && m[e] != '\n')
			e++;
		while (k < e && (m[k] == ' ' || m[k] == '\t'))
			k++;
		if (k < e && m[k] == '#') {
			const char *d = m + k + 1;

			while (*d == ' ' || *d == '\t')
				d++;
			if (!strncmp(d, "if", 2)) {
				depth++;
				if (!dead && (!strncmp(d, "if 0", 4) ||
					      !strncmp(d, "if (0)", 6)) &&
				    (d[d[3] == '(' ? 6 : 4] == '\n' ||
				     d[d[3] == '(' ? 6 : 4] == ' ' ||
				     d[d[3] == '(' ? 6 : 4] == '\t' ||
				     d[d[3] == '(' ? 6 : 4] == '\0'))
					dead = depth;
			} else if (!strncmp(d, "endif", 5)) {
				if (dead == depth)
					dead = 0;
				depth -= depth > 0;
			} else if ((!strncmp(d, "else", 4) ||
				    !strncmp(d, "elif", 4)) && dead == depth) {
				dead = 0;
			}
		} else if (dead) {
			memset(m + i, ' ', e - i);
		}
		i = e + 1;
	}
}

enum old_api old_api_state(const char *buf, size_t len,
			   const struct compat_ranges *compat, char **what)
{
	char *m = mask_text(buf, len);
	enum old_api st = OLD_NONE;
	int depth = 0;
	size_t i;

	blank_if0(m, len);

	*what = NULL;
	for (i = 0; i < len; i++) {
		if (m[i] == '{')
			depth++;
		else if (m[i] == '}' && depth > 0)
			depth--;
		if (m[i] != 's' || strncmp(m + i, "struct wait_queue", 17) ||
		    is_ident(m[i + 17]) || (i && is_ident(m[i - 1])) ||
		    (compat && compat_at(compat, i)) || head_in_sibling(m, len, i))
			continue;
		if (!portable_use(m + i, depth)) {
			const char *e = strpbrk(m + i, ";{)\n");

			*what = xasprintf("%.*s", e ? (int)(e - (m + i)) : 17, m + i);
			st = OLD_BLOCKED;
			break;
		}
		st = OLD_PORTABLE;
	}
	free(m);
	return st;
}

/* Reasons a prepare_to_wait() form may stand in for. */
static bool keepable(const char *reason)
{
	static const char *const ids[] = {
		"no-condition", "sleep-first", "work-in-loop", "local-condition",
		"polling-timeout", "one-shot", "side-effect", "waitqueue-active",
		"constant-condition", "do-while", "result-used", "unsafe",
		"unsigned-timeout", "inactive-branch", "irqs-off",
		"irqrestore-lock", "goto-loop", "no-patch", "unproven-condition",
		"tty-lock", "model", "target-api", NULL
	};
	int i;

	for (i = 0; reason && ids[i]; i++)
		if (!strcmp(reason, ids[i]))
			return true;
	return false;
}

void plan_ptw_fallback(struct fix_site *s, const struct site_ctx *sc,
		       const struct fix_plan *p)
{
	const struct sleep_on_fact *so_row;
	struct sleep_stmt st;
	char *why;

	if (rule_planner(s->rule) != PLAN_SLEEP_ON || !sc->buf)
		return;
	if (!*s->anchor) {
		/* in a function the flags do not compile: name it by text */
		const char *a = sc->buf + sc->anchor_off;
		const struct sleep_on_fact *so;
		size_t n, i;

		so = sleep_on_table(&n);
		for (i = 0; i < n; i++)
			if (!strncmp(a, so[i].name, strlen(so[i].name)) &&
			    !is_ident(a[strlen(so[i].name)]))
				break;
		if (i == n)
			return;
		free(s->anchor);
		s->anchor = xstrdup(so[i].name);
	}
	if (site_applied(s, p->unsafe))
		return;
	if (!keepable(s->reason))
		return;
	if (s->reason && !strcmp(s->reason, "no-patch") && !sc->found)
		return;
	sleep_stmt_of(sc->buf, sc->len, sc->anchor_off, &st);
	so_row = sleep_on_lookup(s->anchor, strlen(s->anchor));
	if (st.hoist && !(so_row && so_row->timed))
		st.hoist = 0;	/* an untimed sleep returns nothing */
	if (!st.stmt && !st.hoist) {
		if (s->outcome == FO_REFUSE && s->note) {
			why = xasprintf("%s; the call is not a statement of its own, so no prepare_to_wait() form replaces it in place",
					s->note);
			free(s->note);
			s->note = why;
		}
		return;
	}
	why = s->note;
	s->note = NULL;
	free(s->cond);
	free(s->lock);
	s->cond = NULL;
	s->lock = NULL;
	if (st.unlock && st.starter) {
		s->outcome = FO_CONVERT;
		s->form = "prepare_to_wait-unlock";
		s->note = xasprintf("queued before %s() starts what wakes the queue, so that wake-up can no longer come before the sleep",
				    st.unlock);
		s->started_by = st.unlock;
	} else if (st.unlock) {
		s->outcome = FO_CONVERT;
		s->form = "prepare_to_wait-unlock";
		s->note = xasprintf("queued before %s(), so a wake-up between it and the sleep is no longer lost",
				    st.unlock);
	} else if (sc->irqs_off && (!s->reason || strcmp(s->reason, "inactive-branch"))) {
		s->outcome = FO_CONVERT;
		s->form = "prepare_to_wait-irq";
		s->note = xasprintf("queued with interrupts still off (%s), as before; they are on only across %s()",
				    sc->irqs_off, so_row && so_row->timed ?
				    "schedule_timeout" : "schedule");
	} else if (p->no_keep_race ||
		   (s->reason && !strcmp(s->reason, "target-api"))) {
		/* --no-keep-race, or a target without the wait_event*()
		 * form, which has the sleep_on() kept as it is: the refusal
		 * stands */
		s->note = why;
		return;
	} else if (sc->skipped_if) {
		s->outcome = FO_KEEP;
		s->form = "prepare_to_wait";
		s->unchecked = true;
		s->note = xasprintf("inside '%s', a branch these flags do not compile: replaced in place without the analysis or the compile check; check it with flags that compile it (after --)",
				    sc->skipped_if);
	} else {
		bool unsafe = s->outcome == FO_UNSAFE && s->form;

		s->note = xasprintf("%s%s%s%s", why ? why : s->reason,
				    unsafe ? " (--unsafe gives " : "",
				    unsafe ? s->form : "", unsafe ? "())" : "");
		s->outcome = FO_KEEP;
		s->form = "prepare_to_wait";
	}
	free(why);
	if (st.hoist) {
		/* the result used in place: say where it goes now */
		char *n = xasprintf("%s; the remaining jiffies %s come from schedule_timeout(), which returns them as %s() did, through a variable set before the %s",
				    s->note, st.hoist == 'i' ? "tested in the if" : "returned",
				    s->anchor, st.hoist == 'i' ? "if" : "return");

		free(s->note);
		s->note = n;
	}
	s->keep_loop = false;
	if (sc->fn_end > sc->fn_start && sc->anchor_off > sc->fn_start) {
		/* 2.0: `current->timeout = jiffies + X;` bounded the sleep */
		char *t = xasprintf("%.*s", (int)(sc->anchor_off - sc->fn_start),
				    sc->buf + sc->fn_start);

		if (strstr(t, "current->timeout")) {
			char *n = xasprintf("%s; %s", s->note, PTW_TIMEOUT_NOTE);

			free(s->note);
			s->note = n;
			/* the bound is gone until a person restores it */
			if (s->outcome == FO_CONVERT)
				s->outcome = FO_CAVEAT;
		}
		free(t);
	}
}

unsigned old_queues_left(const struct fix_plan *p, const char *buf, size_t len,
			 char **decl)
{
	char *what = NULL, *m;
	const char *at;
	unsigned line = 1;
	bool port = false;
	int i;

	for (i = 0; i < p->n; i++)
		port |= p->s[i].port_queues;
	if (!port || old_api_state(buf, len, NULL, &what) == OLD_NONE) {
		free(what);
		return 0;
	}
	free(what);
	/* the first use outside comments and strings */
	m = mask_text(buf, len);
	for (at = m; (at = strstr(at, "struct wait_queue")); at += 17)
		if (!is_ident(at[17]) && (at == m || !is_ident(at[-1])))
			break;
	for (i = 0; at && m + i < at; i++)
		line += m[i] == '\n';
	if (at) {
		const char *e = strpbrk(at, ";{)=\n");

		if (!e)
			e = at + 17;
		while (e > at + 17 && (e[-1] == ' ' || e[-1] == '\t'))
			e--;
		*decl = xasprintf("%.*s", (int)(e - at), at);
	}
	free(m);
	return at ? line : 0;
}

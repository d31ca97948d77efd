// SPDX-License-Identifier: GPL-2.0-only
/*
 * The compile check of a rewritten file against its input: which compiler
 * errors are new (cmd/fix_cmd.c's verify() blocks on those only), and which
 * header the input was already missing.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fix.h"

/*
 * Does every prepare_to_wait() on the entry `name` in text come after a
 * DEFINE_WAIT(name) or a declaration of it in the same function (which
 * starts at a line holding only '{')?  And every `name = ` after a `long
 * name;`?  What the compile check cannot say when a missing header hid
 * DEFINE_WAIT() from clang.
 */
static bool declared_in_fn(const char *text, const char *name)
{
	char *use = xasprintf("&%s,", name), *asg = xasprintf("\t%s = ", name);
	char *d1 = xasprintf("DEFINE_WAIT(%s)", name);
	char *d2 = xasprintf("long %s;", name);
	const char *pats[2] = { use, asg }, *decls[2] = { d1, d2 };
	bool ok = true;
	int k;

	for (k = 0; k < 2 && ok; k++) {
		const char *u;

		for (u = strstr(text, pats[k]); u && ok; u = strstr(u + 1, pats[k])) {
			const char *f = u, *d;

			while (f > text && !(f[-1] == '\n' && f[0] == '{' &&
					     f[1] == '\n'))
				f--;
			d = strstr(f, decls[k]);
			ok = d && d < u;
		}
	}
	free(use);
	free(asg);
	free(d1);
	free(d2);
	return ok;
}

/* "line N of the result: message" from "message\tN" [p, nl) */
static char *cc_error_at(const char *p, size_t n, const char *nl)
{
	if (p + n < nl && p[n] == '\t')
		return xasprintf("line %.*s of the result: %.*s",
				 (int)(nl - p - n - 1), p + n + 1, (int)n, p);
	return xasprintf("%.*s", (int)n, p);
}

/*
 * The first compiler error of the result whose message the input does
 * not have, "line N of the result: message", or NULL.  A driver whose private header
 * is missing has errors of its own (undeclared names, incomplete types);
 * the rewrite repeats them where it copies the queue expression, which
 * is no new error.  Without the messages (a file from the cache), any
 * error more than the input's counts.
 */
char *new_cc_error(const struct wq_file *f0, const struct wq_file *f1,
		   const char *buf, size_t len)
{
	/*
	 * After a missing header clang reads no further #include, so
	 * the names the rewrite brings in may be undeclared too: not an
	 * error of the rewrite, when the input misses a header
	 */
	static const char *const ours[] = {
		"'DEFINE_WAIT'", "'prepare_to_wait'", "'finish_wait'",
		"'schedule'", "'schedule_timeout'", "'TASK_INTERRUPTIBLE'",
		"'TASK_UNINTERRUPTIBLE'", "'local_irq_enable'",
		"'local_irq_disable'", "'wait'", "'wait_entry'", "'wq_wait'",
		"'sleep_wait'", "'left'", "'time_left'", "'remaining'",
		"'wq_left'", "'schedule_timeout_interruptible'",
		"'schedule_timeout_uninterruptible'", NULL
	};
	bool missing = f0->cc_msgs && strstr(f0->cc_msgs, "' file not found\t");
	const char *p, *nl;

	if (!f1->cc_errors)
		return NULL;
	if (!f0->cc_msgs || !f1->cc_msgs)
		return f1->cc_errors > f0->cc_errors ?
			xstrdup(f1->cc_first ? f1->cc_first : "?") : NULL;
	for (p = f1->cc_msgs; *p; p = nl + 1) {
		const char *q;
		size_t n;

		nl = strchr(p, '\n');
		if (!nl)
			break;
		/* "message\tline": the message alone is compared */
		for (n = 0; p + n < nl && p[n] != '\t'; n++)
			;
		for (q = f0->cc_msgs; *q; q = strchr(q, '\n') + 1)
			if (!strncmp(q, p, n) && (q[n] == '\t' || q[n] == '\n'))
				break;
		if (*q)
			continue;
		if (missing) {
			int i;
			char *m = xasprintf("%.*s", (int)n, p);

			for (i = 0; ours[i] && !strstr(m, ours[i]); i++)
				;
			free(m);
			if (ours[i] && i >= 9 && i <= 16) {
				/* an entry or result name: declared? */
				char *nm = xasprintf("%.*s", (int)strlen(ours[i]) - 2,
						     ours[i] + 1);
				char *text = xasprintf("%.*s", (int)len, buf);
				bool ok = declared_in_fn(text, nm);

				free(text);
				free(nm);
				if (!ok)
					return cc_error_at(p, n, nl);
			}
			if (ours[i])
				continue;
		}
		return cc_error_at(p, n, nl);
	}
	return NULL;
}

/* The header the input misses, quoted as clang says it, or NULL. */
char *missing_header_of(const struct wq_file *f0)
{
	const char *m = f0->cc_msgs ? strstr(f0->cc_msgs, "' file not found") : NULL;
	const char *b;

	if (!m)
		return NULL;
	for (b = m - 1; b > f0->cc_msgs && *b != '\'' && *b != '\n'; b--)
		;
	if (*b != '\'')
		return NULL;
	return xasprintf("%.*s", (int)(m - b + 1), b);
}

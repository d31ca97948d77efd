// SPDX-License-Identifier: GPL-2.0-only
/*
 * The model check's words (vmodel.c), in one place: the properties it
 * found, scoped to what it ran ("a hang" only against every waker there
 * can be, a lost wake-up with what would close it when the model left
 * that out, the sleeps it was found in when not all of them), and the
 * wakers it ran against (this file's, the module's files', one outside
 * this file at any point, none but timeouts).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "vmodel.h"

static const char *const prop_name[] = {
	"a lost wake-up", "a wake-up lost until the timeout", "a hang",
	"a sleep holding the lock its waker takes", "a busy loop",
	"a wait entry left queued at a return", "a sleeping state left at a return",
};

/*
 * Which sleeps a property was found in, when not in all of the
 * function's: " at the sleep on line 53", the lines the original's.
 */
static void sleeps_text(struct strbuf *sb, uint32_t at, const unsigned *lines,
			int n)
{
	int i, k = 0, c = 0;

	if (!at || n < 2 || at == (n >= 32 ? ~0u : (1u << n) - 1))
		return;
	for (i = 0; i < n && i < 32; i++)
		c += !!(at & (1u << i));
	sb_printf(sb, " at the sleep%s on line%s ", c > 1 ? "s" : "", c > 1 ? "s" : "");
	for (i = 0; i < n && i < 32; i++)
		if (at & (1u << i)) {
			k++;
			sb_printf(sb, "%s%u", k == 1 ? "" : k == c ? " and " : ", ",
				  lines[i]);
		}
}

/*
 * The properties as claims scoped to what the model ran: "a hang" only
 * when its wakers are every waker there can be (complete); a lost
 * wake-up with what would close it when the model left that out.
 */
char *props_at(unsigned props, bool complete, const struct mside *m,
		      const unsigned *lines, int nl)
{
	struct strbuf sb = { 0 };
	int b;

	for (b = 0; b < 7; b++) {
		if (!(props & (1u << b)))
			continue;
		sb_printf(&sb, "%s", sb.len ? ", " : "");
		if ((1u << b) == P_HANG && !complete)
			sb_printf(&sb, "a sleep that none of the wakers read ends");
		else if ((1u << b) == P_LOST && m && !m->lost_plain && m->lost_if)
			sb_printf(&sb, "a lost wake-up unless %s", m->lost_if);
		else
			sb_printf(&sb, "%s", prop_name[b]);
		if (m)
			sleeps_text(&sb, m->sleep_at[b], lines, nl);
	}
	return sb.s ? sb.s : xstrdup("");
}

char *props_text(unsigned props, bool complete, const struct mside *m)
{
	return props_at(props, complete, m, NULL, 0);
}

/* ", a waker outside this file (at any point)" and the like. */
static char *env_text(const struct menv *env)
{
	if (env->files.len)
		return xasprintf(", wakers read in %s%s", env->file ? "this file and " : "",
				 env->files.s);
	if (env->opaque)
		return xstrdup(", a waker outside this file (at any point)");
	if (env->unwoken && !env->file)
		return xstrdup(", no waker in the file: timeouts only");
	return xstrdup("");
}

/* The verdict of a rewrite that adds nothing bad (mo, mr: both sides). */
/*
 * The original's sleep lines by ordinal (sleep_ord()), when the rewrite
 * has as many sleeps (at most 32); else 0.
 */
int sleep_lines(const struct vfn *o, const struct vfn *r,
		       unsigned *lines)
{
	int i, no = 0, nr = 0, k;

	for (i = 0; i < r->nev_all; i++)
		nr += is_sleep_ev(&r->ev[i]);
	for (i = 0; i < o->nev_all; i++)
		if (is_sleep_ev(&o->ev[i]) && (k = sleep_ord(o, i)) < 32) {
			lines[k] = o->ev[i].line;
			no++;
		}
	return no == nr && no <= 32 ? no : 0;
}

char *verdict_text(const struct mside *mo, const struct mside *mr,
			  const struct menv *env, const unsigned *lines, int nl)
{
	unsigned bad = P_LOST | P_TLOST | P_HANG | P_DEADLOCK;
	char *kept = props_at(mr->props, env->complete, mr, lines, nl);
	char *et = env_text(env), *v;
	unsigned long long n = mr->count > MAXCOUNT ? MAXCOUNT : mr->count;
	const char *more = mr->count > MAXCOUNT ? "more than " : "";

	if (!(mr->props & bad))
		v = xasprintf("model: no lost wake-up in %s%llu schedule%s%s%s%s%s",
			      more, n, mr->count == 1 ? "" : "s",
			      (mo->props & bad) ? " (the original has one)" : "",
			      mr->props ? "; as in the original: " : "",
			      mr->props ? kept : "", et);
	else
		v = xasprintf("model: nothing new in %s%llu schedule%s; as in the original: %s%s",
			      more, n, mr->count == 1 ? "" : "s", kept, et);
	free(kept);
	free(et);
	return v;
}

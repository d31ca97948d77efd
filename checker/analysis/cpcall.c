// SPDX-License-Identifier: GPL-2.0-only
/*
 * What a call of one of the file's own functions may write, for the
 * condition proof (issue 39): a sleeper that starts its device before
 * it sleeps,
 *
 *	while (s->dma.count <= 0) {
 *		start_adc(s);
 *		interruptible_sleep_on(&s->dma.wait);
 *	}
 *
 * keeps its loop test as a fact at the sleep only if start_adc() does
 * not write s->dma.count.  The helper's body is read once, every write
 * in it as a may-write with no value (analysis/condproof.c's
 * cp_may_writes()), its pointer parameters replaced by the caller's
 * arguments (`p->ctl` with start_adc(s) is `s->ctl`), its locals
 * dropped, a write indexed by a parameter widened to the whole array.
 * Its own calls are not followed: one level deep, their pointer
 * arguments may write anything under them.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "cfg.h"
#include "condproof.h"

static bool idch(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* the parameter names of the function whose body opens at from */
static int param_names(const char *buf, unsigned from, char **names, int max,
		       unsigned *open)
{
	unsigned i = from, close;
	int depth = 0, n = 0;
	unsigned s;

	while (i > 0 && buf[i - 1] != ')')
		i--;
	if (!i)
		return -1;
	close = i - 1;
	for (i = close + 1; i > 0; i--) {
		if (buf[i - 1] == ')')
			depth++;
		else if (buf[i - 1] == '(' && --depth == 0)
			break;
	}
	if (!i)
		return -1;
	*open = i - 1;
	s = i;
	depth = 0;
	for (i = s; i <= close; i++) {
		char c = buf[i];

		if (c == '(' || c == '[')
			depth++;
		else if ((c == ')' || c == ']') && i < close)
			depth--;
		if (i < close && (depth || c != ','))
			continue;
		{
			/* the last identifier of the parameter */
			unsigned e = i, b;

			while (e > s && !idch(buf[e - 1]))
				e--;
			b = e;
			while (b > s && idch(buf[b - 1]))
				b--;
			if (e > b && n < max) {
				char *w = xasprintf("%.*s", (int)(e - b), buf + b);

				if (!strcmp(w, "void") && b == s) {
					free(w);
				} else {
					names[n++] = w;
				}
			}
			s = i + 1;
		}
	}
	return n;
}

/* lhs `p->x.y` with p -> arg: `s->x.y`, `dev->port.x.y`; NULL if unsure */
static char *through_arg(const char *rest, const char *arg)
{
	char *a = cp_norm(arg), *r = NULL;
	const char *p;

	for (p = a[0] == '&' ? a + 1 : a; *p; p++)
		if (!idch(*p) && !strchr(".->[]", *p))
			goto out;
	if (a[0] == '&' && !strncmp(rest, "->", 2))
		r = xasprintf("%s.%s", a + 1, rest + 2);
	else if (a[0] != '&' && (!strncmp(rest, "->", 2) || rest[0] == '['))
		r = xasprintf("%s%s", a, rest);
out:
	free(a);
	return r;
}

bool cp_helper_writes(const char *buf, size_t len, const char *fn,
		      const char *const *args, int n, struct cp_state *st)
{
	unsigned from, to, open = 0;
	char *params[8];
	int np, i, k;
	struct cp_state mw;

	memset(st, 0, sizeof(*st));
	if (!text_function_body(buf, len, fn, &from, &to))
		return false;
	np = param_names(buf, from, params, 8, &open);
	if (np != n) {
		for (i = 0; i < np; i++)
			free(params[i]);
		return false;
	}
	cp_may_writes(buf, len, from + 1, to, &mw);
	for (i = 0; i < mw.n; i++) {
		const char *l = mw.w[i].lhs, *p = l;
		char *root, *nl = NULL;

		while (*p == '*')
			p++;
		root = xasprintf("%.*s", (int)strspn(p, "abcdefghijklmnopqrstuvwxyz"
						     "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_"), p);
		for (k = 0; k < np; k++)
			if (!strcmp(root, params[k]))
				break;
		if (!strcmp(l, "*")) {
			nl = xstrdup("*");
		} else if (k < np) {
			/* the parameter itself is the helper's copy */
			if (p[strlen(root)])
				nl = through_arg(p + strlen(root), args[k]);
			if (!nl && p[strlen(root)])
				nl = xstrdup("*");
		} else if (!*root || !cp_is_local(buf, open, to, root)) {
			/* a global: `busy`, `ready[i]` widened to `ready` */
			const char *b = strchr(l, '[');

			nl = b ? xasprintf("%.*s", (int)(b - l), l) : xstrdup(l);
		}
		if (nl) {
			st->w = xrealloc(st->w, (st->n + 1) * sizeof(*st->w));
			st->w[st->n].kind = CPW_OPAQUE;
			st->w[st->n].lhs = nl;
			st->w[st->n].val = NULL;
			st->w[st->n].text = xstrdup(mw.w[i].text);
			st->n++;
		}
		free(root);
	}
	cp_state_free(&mw);
	for (i = 0; i < np; i++)
		free(params[i]);
	return true;
}

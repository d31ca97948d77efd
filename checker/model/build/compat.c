// SPDX-License-Identifier: GPL-2.0-only
/*
 * Compatibility branches: the half of an `#if` that tests the kernel's
 * version or whether an API exists, and that this parse did not compile.
 *
 *	#ifdef set_current_state
 *		set_current_state(TASK_INTERRUPTIBLE);
 *	#else
 *		current->state = TASK_INTERRUPTIBLE;	(for kernels before 2.2)
 *	#endif
 *
 * The rules about renamed fields and types (WQ011, WQ012) report code
 * that stops building on the kernels that renamed them.  An old half of
 * such a test is never built there, so it breaks nothing: those rules
 * stay silent in it.  A branch on a CONFIG_ option is no compatibility
 * branch (another configuration builds it) and is still reported.
 */
#include <stdlib.h>
#include <string.h>

#include <clang-c/Index.h>

#include "macros.h"

/*
 * The names a file #defines inside a version test of its own
 * (`#if LINUX_VERSION_CODE >= KERNEL_VERSION(2,3,0)` / `#define
 * KERNEL_2_3`): a test of one of them is a version test too.
 */
struct vnames {
	char *name[16];
	int n;
};

static bool version_name(const struct vnames *vn, const char *w, size_t n)
{
	int i;

	for (i = 0; vn && i < vn->n; i++)
		if (strlen(vn->name[i]) == n && !memcmp(vn->name[i], w, n))
			return true;
	return false;
}

/* Does the condition text [s, e) test the kernel version or an API? */
static bool compat_condition(const char *s, const char *e,
			     const struct vnames *vn)
{
	const char *p = s;

	while (p < e) {
		const char *w = p;

		if (!wq_ident_char(*p) || (*p >= '0' && *p <= '9')) {
			while (p < e && wq_ident_char(*p))	/* a number */
				p++;
			if (p == w)
				p++;
			continue;
		}
		while (p < e && wq_ident_char(*p))
			p++;
		if ((p - w == 18 && !memcmp(w, "LINUX_VERSION_CODE", 18)) ||
		    (p - w == 14 && !memcmp(w, "KERNEL_VERSION", 14)) ||
		    (p - w > 5 && !memcmp(w, "TASK_", 5)) ||
		    kapi_classify(w, p - w) || version_name(vn, w, p - w))
			return true;
	}
	return false;
}

/* One conditional directive of the file: where, and the chain it opens */
struct cond {
	unsigned line_start;
	bool compat;		/* its own condition, or its chain's #if's */
};

/*
 * The conditional directives of buf in order, each marked compat when
 * its chain's opening #if or its own #elif condition is one.
 */
static int scan(const char *buf, size_t len, struct cond **out,
		struct vnames *vn)
{
	struct cond *v = NULL;
	bool stack[64];
	int n = 0, depth = 0;
	size_t p = 0;

	while (p < len) {
		size_t ls = p, e, q = p;

		while (q < len && (buf[q] == ' ' || buf[q] == '\t'))
			q++;
		for (e = q; e < len && !(buf[e] == '\n' &&
					 (e == 0 || buf[e - 1] != '\\')); e++)
			;
		p = e + 1;
		if (q >= len || buf[q] != '#')
			continue;
		q++;
		while (q < e && (buf[q] == ' ' || buf[q] == '\t'))
			q++;
		if (e - q >= 2 && !memcmp(buf + q, "if", 2)) {
			bool c = compat_condition(buf + q + 2, buf + e, vn);

			/* #ifdef/#ifndef: the name is the condition */
			if (depth < 64)
				stack[depth] = c;
			depth++;
			v = xrealloc(v, (n + 1) * sizeof(*v));
			v[n].line_start = ls;
			v[n++].compat = c;
		} else if ((e - q >= 4 && !memcmp(buf + q, "elif", 4)) ||
			   (e - q >= 4 && !memcmp(buf + q, "else", 4))) {
			bool c = depth > 0 && depth <= 64 && stack[depth - 1];

			if (buf[q + 2] == 'i')
				c = c || compat_condition(buf + q + 4, buf + e, vn);
			v = xrealloc(v, (n + 1) * sizeof(*v));
			v[n].line_start = ls;
			v[n++].compat = c;
		} else if (e - q >= 5 && !memcmp(buf + q, "endif", 5)) {
			if (depth > 0)
				depth--;
		} else if (e - q > 6 && !memcmp(buf + q, "define", 6) &&
			   depth > 0 && depth <= 64 && stack[depth - 1] &&
			   vn->n < 16) {
			/* a name defined under a version test */
			size_t a = q + 6, b;

			while (a < e && (buf[a] == ' ' || buf[a] == '\t'))
				a++;
			for (b = a; b < e && wq_ident_char(buf[b]); b++)
				;
			if (b > a && !version_name(vn, buf + a, b - a))
				vn->name[vn->n++] = xasprintf("%.*s",
							      (int)(b - a),
							      buf + a);
		}
	}
	*out = v;
	return n;
}

void compat_ranges(void *tu_, const struct wq_file *f,
		   struct compat_ranges *out)
{
	CXTranslationUnit tu = tu_;
	CXFile mf = clang_getFile(tu, f->path);
	CXSourceRangeList *rl;
	struct cond *conds = NULL;
	struct vnames vn = { .n = 0 };
	int nconds, j;
	unsigned i;

	memset(out, 0, sizeof(*out));
	if (!mf || !memchr(f->buf, '#', f->len))
		return;
	rl = clang_getSkippedRanges(tu, mf);
	if (!rl || !rl->count) {
		if (rl)
			clang_disposeSourceRangeList(rl);
		return;
	}
	/* twice: the second pass knows the names the first found */
	nconds = scan(f->buf, f->len, &conds, &vn);
	free(conds);
	nconds = scan(f->buf, f->len, &conds, &vn);
	while (vn.n)
		free(vn.name[--vn.n]);
	for (i = 0; i < rl->count; i++) {
		unsigned a, b;

		clang_getFileLocation(clang_getRangeStart(rl->ranges[i]),
				      NULL, NULL, NULL, &a);
		clang_getFileLocation(clang_getRangeEnd(rl->ranges[i]),
				      NULL, NULL, NULL, &b);
		/* the directive that began skipping: the last one at or
		 * before the range's start */
		for (j = nconds - 1; j >= 0 && conds[j].line_start > a; j--)
			;
		if (j < 0 || !conds[j].compat || a >= b)
			continue;
		out->r = xrealloc(out->r, (out->n + 1) * 2 * sizeof(unsigned));
		out->r[2 * out->n] = a;
		out->r[2 * out->n + 1] = b;
		out->n++;
	}
	free(conds);
	clang_disposeSourceRangeList(rl);
}

bool compat_at(const struct compat_ranges *c, unsigned off)
{
	int i;

	for (i = 0; i < c->n; i++)
		if (c->r[2 * i] <= off && off < c->r[2 * i + 1])
			return true;
	return false;
}

void compat_ranges_free(struct compat_ranges *c)
{
	free(c->r);
	c->r = NULL;
	c->n = 0;
}

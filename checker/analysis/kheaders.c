// SPDX-License-Identifier: GPL-2.0-only
/*
 * Which wait primitives the kernel a file is from has, read from that
 * kernel's own headers, never from memory.
 *
 * frontend/input/ktree.c finds the kernel a file is from (its tree's Makefile,
 * or the version header of the build its flags point at) and names the
 * file that said so.  When that file is a tree's top-level Makefile, or
 * lies under a folder include/ that holds linux/wait.h, that include/
 * is the tree's; its linux/wait.h, linux/sched.h and linux/tty.h are
 * read (comments blanked) and a primitive is
 *
 *   - there: a line `#define NAME(` or `#define NAME ` (the macros), or
 *     a declaration `... NAME(` after a type word or `*`, also inside
 *     2.6's FASTCALL(...) (the functions);
 *   - not there: wait.h and sched.h were both read and none of the
 *     three headers defines or declares it;
 *   - not known: a header is missing or cannot be read.
 *
 * Where the headers cannot tell, the kernel's version and the table of
 * first releases (checker/target.def, analysis/target.c) answer, and
 * where that has no row, nothing is claimed (KH_UNKNOWN).  Results are
 * kept per include folder for the life of the process.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "analysis.h"

static const char *const api_headers[] = {
	"linux/wait.h", "linux/sched.h", "linux/tty.h",
};
#define NHDR (sizeof(api_headers) / sizeof(api_headers[0]))
#define HEADER_MAX (4u << 20)

struct kinc {
	char *dir;
	char *text[NHDR];	/* comments blanked; NULL: missing */
};

static pthread_mutex_t kinc_lock = PTHREAD_MUTEX_INITIALIZER;
static struct kinc **kincs;	/* entries never move */
static int nkinc;

static bool regular(const char *p)
{
	struct stat st;

	return !stat(p, &st) && S_ISREG(st.st_mode);
}

char *kernel_include_dir(const char *from)
{
	size_t n;
	const char *inc;
	char *dir, *wait;

	if (!from)
		return NULL;
	n = strlen(from);
	if (n >= 9 && !strcmp(from + n - 9, "/Makefile"))
		dir = xasprintf("%.*s/include", (int)(n - 9), from);
	else if ((inc = strstr(from, "/include/")))
		dir = xasprintf("%.*s/include", (int)(inc - from), from);
	else
		return NULL;
	wait = xasprintf("%s/linux/wait.h", dir);
	if (!regular(wait)) {
		free(dir);
		dir = NULL;
	}
	free(wait);
	return dir;
}

static const struct kinc *kinc_of(const char *dir)
{
	struct kinc *k = NULL;
	size_t i;
	int j;

	pthread_mutex_lock(&kinc_lock);
	for (j = 0; j < nkinc && !k; j++)
		if (!strcmp(kincs[j]->dir, dir))
			k = kincs[j];
	if (!k) {
		k = xrealloc(NULL, sizeof(*k));
		k->dir = xstrdup(dir);
		for (i = 0; i < NHDR; i++) {
			char *p = xasprintf("%s/%s", dir, api_headers[i]);
			size_t len;

			k->text[i] = regular(p) ?
				     read_regular_head(p, HEADER_MAX, &len, NULL) :
				     NULL;
			if (k->text[i])
				blank_c_comments(k->text[i]);
			free(p);
		}
		kincs = xrealloc(kincs, (nkinc + 1) * sizeof(*kincs));
		kincs[nkinc++] = k;
	}
	pthread_mutex_unlock(&kinc_lock);
	return k;
}

/* The word before p (skipping blanks), as [*b, p'): its length, 0: none */
static size_t word_before(const char *buf, const char *p, const char **b)
{
	const char *e = p;

	while (e > buf && (e[-1] == ' ' || e[-1] == '\t'))
		e--;
	*b = e;
	while (*b > buf && wq_ident_char((*b)[-1]))
		(*b)--;
	return e - *b;
}

static bool is_keyword(const char *w, size_t n)
{
	static const char *const kw[] = { "return", "else", "do", "case",
					  "sizeof", "goto", NULL };
	int i;

	for (i = 0; kw[i]; i++)
		if (strlen(kw[i]) == n && !strncmp(w, kw[i], n))
			return true;
	return false;
}

/* Does the blanked header text define or declare name? */
static bool header_has(const char *text, const char *name)
{
	size_t n = strlen(name);
	const char *p;

	for (p = strstr(text, name); p; p = strstr(p + 1, name)) {
		const char *q = p + n, *b, *ls;
		size_t wl;

		if ((p > text && wq_ident_char(p[-1])) || wq_ident_char(*q))
			continue;
		/* #define NAME( or #define NAME at a line's start */
		for (ls = p; ls > text && ls[-1] != '\n'; ls--)
			;
		while (*ls == ' ' || *ls == '\t')
			ls++;
		if (*ls == '#') {
			ls++;
			while (*ls == ' ' || *ls == '\t')
				ls++;
			if (!strncmp(ls, "define", 6)) {
				ls += 6;
				while (*ls == ' ' || *ls == '\t')
					ls++;
				if (ls == p && (*q == '(' || *q == ' ' ||
						*q == '\t'))
					return true;
			}
			continue;
		}
		while (*q == ' ' || *q == '\t')
			q++;
		if (*q != '(')
			continue;
		/* a declaration: a type word or '*' before the name */
		wl = word_before(text, p, &b);
		if (wl && !is_keyword(b, wl))
			return true;
		if (!wl && b > text && b[-1] == '*')
			return true;
		/* 2.6's FASTCALL(NAME(...)) */
		if (!wl && b > text && b[-1] == '(' &&
		    word_before(text, b - 1, &b) == 8 &&
		    !strncmp(b, "FASTCALL", 8))
			return true;
	}
	return false;
}

enum kh_have kheader_has(const char *incdir, const char *name)
{
	const struct kinc *k;
	size_t i;

	if (!incdir)
		return KH_UNKNOWN;
	k = kinc_of(incdir);
	for (i = 0; i < NHDR; i++)
		if (k->text[i] && header_has(k->text[i], name))
			return KH_YES;
	/* wait.h and sched.h read, neither has it, nor tty.h if any */
	return k->text[0] && k->text[1] ? KH_NO : KH_UNKNOWN;
}

/* Its headers read, "include/linux/wait.h and sched.h" */
char *kheader_list(const char *incdir)
{
	const struct kinc *k = kinc_of(incdir);
	struct strbuf sb = { 0 };
	size_t i;
	int n = 0, total = 0;

	for (i = 0; i < NHDR; i++)
		total += k->text[i] != NULL;
	for (i = 0; i < NHDR; i++) {
		if (!k->text[i])
			continue;
		sb_printf(&sb, "%s%s", !n ? "include/" : n == total - 1 ?
			  " and " : ", ", n ? api_headers[i] + 6 :
			  api_headers[i]);
		n++;
	}
	return sb.s ? sb.s : xstrdup("no header");
}

enum kh_have api_claim(unsigned kernel, const char *kinc, unsigned target,
		       const char *name, char **whose)
{
	enum kh_have h = KH_UNKNOWN;
	char *where = NULL, *v;

	if (kernel) {
		h = kernel_has_api(kinc, kernel, name, &where);
		v = kernel_version_text(kernel);
		*whose = h == KH_UNKNOWN ? xasprintf("Linux %s, which this file is from,", v) :
			 strncmp(where, "table:", 6) ?
			 xasprintf("this tree (Linux %s, by its %s)", v, where) :
			 xasprintf("Linux %s (which this file is from; by checker/target.def)", v);
		free(v);
		free(where);
		return h;
	}
	if (!target || target == WQ_KERNEL_LATEST)
		target = WQ_KVER(6, 1, 0);
	v = kernel_version_text(target);
	*whose = xasprintf("the target Linux %s", v);
	free(v);
	if (target_api_since(name))
		h = target_has_api(target, name) ? KH_YES : KH_NO;
	else if (target_api_seen(name) &&
		 target >> 8 == target_api_seen(name) >> 8)
		h = KH_YES;
	return h;
}

enum kh_have kernel_has_api(const char *incdir, unsigned version,
			    const char *name, char **where)
{
	enum kh_have h = kheader_has(incdir, name);
	unsigned since, seen;
	char *v;

	*where = NULL;
	if (h != KH_UNKNOWN) {
		*where = kheader_list(incdir);
		return h;
	}
	if (!version || version == WQ_KERNEL_LATEST)
		return KH_UNKNOWN;
	since = target_api_since(name);
	seen = target_api_seen(name);
	v = kernel_version_text(version);
	if (since) {
		*where = xasprintf("table:%s", v);
		free(v);
		return target_has_api(version, name) ? KH_YES : KH_NO;
	}
	if (seen && version >> 8 == seen >> 8) {
		/* read in that release's headers: only it is known */
		*where = xasprintf("table:%s", v);
		free(v);
		return KH_YES;
	}
	free(v);
	return KH_UNKNOWN;
}

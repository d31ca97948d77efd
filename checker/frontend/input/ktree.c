// SPDX-License-Identifier: GPL-2.0-only
/*
 * The kernel a file is from, when --target does not say.
 *
 * Some findings depend on the kernel the code runs on, not on the one it
 * is ported to: before 6.1, kthread_stop() only wakes the thread, so
 *
 *	while (!kthread_should_stop()) {
 *		set_current_state(TASK_INTERRUPTIBLE);
 *		schedule();
 *	}
 *
 * loses the stop that comes between the test and the state change; from
 * 6.1 on it cannot (checker/target-facts.def).  A user who runs wqport
 * in a 3.13 tree without --target must not get the 6.1 answer.  So,
 * for each file, in this order:
 *
 *   1. the top-level Makefile of the kernel tree the file lives in
 *	(found by walking up from its folder): VERSION, PATCHLEVEL and
 *	SUBLEVEL as its first three assignments, a kernel's release
 *	variable (KERNELRELEASE, or UTS_RELEASE on 2.0) in it, and
 *	include/linux/wait.h beside it (U-Boot, BusyBox and many a
 *	hobby kernel number their Makefile the same way);
 *   2. the build the flags point at (kbuild's C=1 call, -p, `--`
 *	flags): for each include folder, the generated
 *	generated/uapi/linux/version.h (LINUX_VERSION_CODE; the
 *	_MAJOR/_PATCHLEVEL/_SUBLEVEL macros from 5.x), linux/version.h
 *	(2.x builds, and -I include/generated/uapi), generated/
 *	utsrelease.h or linux/utsrelease.h (UTS_RELEASE), then the
 *	kernel Makefile of the tree above it (the source tree of an O=
 *	build, or Debian's linux-headers-*-common).
 *
 * A .wqport `target` line and --target come before all of this: they
 * are the user's word (parse.c).  None found: the kernel is unknown,
 * and no version-dependent fact applies (analysis/target.c).  Results
 * are kept per folder for the life of the process.
 *
 * Only regular files are opened (open_regular()): a Makefile that is a
 * FIFO, a device, a socket or a link to /dev/stdin beside wait.h is not
 * read, and the tree's kernel is unknown with the reason as its *from
 * ("... is a FIFO, not a regular file: not read"), as it is for a
 * Makefile that cannot be read.  No lock is held while a file is read:
 * memo_lock guards the table alone, whose entries never move.
 */
#include <ctype.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "wqport.h"
#include "text.h"

#define MAKEFILE_MAX	(512 * 1024)	/* 6.1's is 70 KiB */

struct kdir {
	char *dir;
	unsigned version;	/* 0: no kernel tree at or above dir */
	char *from;		/* version 0: why the tree found was not read */
};

static pthread_mutex_t memo_lock = PTHREAD_MUTEX_INITIALIZER;
static struct kdir **memo;	/* entries never move: read without the lock */
static int nmemo, capmemo;

static bool is_file(const char *p)
{
	struct stat st;

	return !stat(p, &st) && S_ISREG(st.st_mode);
}

/* A version from its three numbers; SUBLEVEL saturates as KERNEL_VERSION() does */
static unsigned kver(long a, long b, long c)
{
	if (a <= 0 || a > 255 || b < 0 || b > 255 || c < 0)
		return 0;
	return WQ_KVER((unsigned)a, (unsigned)b, (unsigned)(c > 255 ? 255 : c));
}

/* "NAME = 12" (or NAME := 12): the number, -1 for another line */
static long assignment(const char *line, const char *name)
{
	size_t n = strlen(name);
	const char *p = line;
	char *end;
	long v;

	if (strncmp(p, name, n))
		return -1;
	p += n;
	while (*p == ' ' || *p == '\t')
		p++;
	if (*p == ':')
		p++;
	if (*p++ != '=')
		return -1;
	while (*p == ' ' || *p == '\t')
		p++;
	if (!isdigit((unsigned char)*p))
		return -1;
	v = strtol(p, &end, 10);
	while (*end == ' ' || *end == '\t' || *end == '\r')
		end++;
	return (*end && *end != '\n' && *end != '#') ? -1 : v;
}

/*
 * The version a kernel's top-level Makefile at dir/Makefile names, or 0
 * when there is none or it is not a Linux kernel's (see above).
 */
static unsigned kernel_makefile(const char *dir, char **from)
{
	static const char *const names[] = { "VERSION", "PATCHLEVEL",
					     "SUBLEVEL" };
	char *path = xasprintf("%s/Makefile", dir), *wait, *buf, *line, *why;
	struct stat st;
	long v[3];
	size_t len;
	int k = 0;
	unsigned r = 0;

	wait = xasprintf("%s/include/linux/wait.h", dir);
	if (!is_file(wait)) {
		free(wait);
		free(path);
		return 0;
	}
	free(wait);
	buf = read_regular_head(path, MAKEFILE_MAX, &len, &why);
	if (!buf) {
		/* a tree, but its Makefile says nothing: say why */
		if (!lstat(path, &st))
			*from = xasprintf("%s (beside include/linux/wait.h) %s",
					  path, why);
		free(why);
		free(path);
		return 0;
	}
	for (line = buf; line && *line && k < 3;
	     line = strchr(line, '\n'), line = line ? line + 1 : NULL) {
		const char *p = line;

		while (*p == ' ' || *p == '\t')
			p++;
		if (*p == '#' || *p == '\n' || *p == '\r')
			continue;
		v[k] = assignment(p, names[k]);
		if (v[k] < 0)
			break;
		k++;
	}
	if (k == 3 && (strstr(buf, "KERNELRELEASE") || strstr(buf, "UTS_RELEASE")))
		r = kver(v[0], v[1], v[2]);
	free(buf);
	if (r)
		*from = path;
	else
		free(path);
	return r;
}

/* "#define NAME value": the value's text, or NULL */
static const char *define_of(const char *buf, const char *name)
{
	size_t n = strlen(name);
	const char *p = buf;

	while ((p = strstr(p, "#define"))) {
		const char *q = p + 7;

		p = q;
		while (*q == ' ' || *q == '\t')
			q++;
		if (strncmp(q, name, n) || !(q[n] == ' ' || q[n] == '\t'))
			continue;
		q += n;
		while (*q == ' ' || *q == '\t')
			q++;
		return q;
	}
	return NULL;
}

/* A "X.Y[.Z]..." release string at s (a quote before it is skipped) */
static unsigned release_text(const char *s)
{
	long v[3] = { 0, 0, 0 };
	char *end;
	int k;

	if (*s == '"')
		s++;
	for (k = 0; k < 3; k++) {
		if (!isdigit((unsigned char)*s))
			break;
		v[k] = strtol(s, &end, 10);
		s = end;
		if (*s != '.')
			break;
		s++;
	}
	return k >= 1 ? kver(v[0], v[1], v[2]) : 0;
}

/* A generated version.h or utsrelease.h: the version it states, or 0 */
static unsigned version_header(const char *path)
{
	size_t len;
	char *buf = read_regular_head(path, 4096, &len, NULL);
	const char *a, *b, *c;
	unsigned r = 0;

	if (!buf)
		return 0;
	blank_c_comments(buf);	/* a #define in a comment is no definition */
	a = define_of(buf, "LINUX_VERSION_MAJOR");
	b = define_of(buf, "LINUX_VERSION_PATCHLEVEL");
	c = define_of(buf, "LINUX_VERSION_SUBLEVEL");
	if (a && b && c)
		r = kver(strtol(a, NULL, 10), strtol(b, NULL, 10),
			 strtol(c, NULL, 10));
	if (!r && (a = define_of(buf, "LINUX_VERSION_CODE"))) {
		long code = strtol(a, NULL, 10);

		r = kver(code >> 16, (code >> 8) & 255, code & 255);
	}
	if (!r && (a = define_of(buf, "UTS_RELEASE")))
		r = release_text(a);
	free(buf);
	return r;
}

static const struct kdir *memo_find(const char *dir)
{
	const struct kdir *k = NULL;
	int i;

	pthread_mutex_lock(&memo_lock);
	for (i = 0; i < nmemo && !k; i++)
		if (!strcmp(memo[i]->dir, dir))
			k = memo[i];
	pthread_mutex_unlock(&memo_lock);
	return k;
}

/* dir's entry: the one another thread added meanwhile, or this one */
static const struct kdir *memo_add(const char *dir, unsigned v,
				   const char *from)
{
	struct kdir *k = NULL;
	int i;

	pthread_mutex_lock(&memo_lock);
	for (i = 0; i < nmemo && !k; i++)
		if (!strcmp(memo[i]->dir, dir))
			k = memo[i];
	if (!k) {
		if (nmemo == capmemo) {
			capmemo = capmemo ? 2 * capmemo : 32;
			memo = xrealloc(memo, capmemo * sizeof(*memo));
		}
		k = xrealloc(NULL, sizeof(*k));
		k->dir = xstrdup(dir);
		k->version = v;
		k->from = from ? xstrdup(from) : NULL;
		memo[nmemo++] = k;
	}
	pthread_mutex_unlock(&memo_lock);
	return k;
}

/* The kernel tree at or above the real folder dir (no lock held) */
static const struct kdir *tree_of(const char *dir)
{
	const struct kdir *k = memo_find(dir);
	char *from = NULL, *up, *slash;
	unsigned v;

	if (k)
		return k;
	v = kernel_makefile(dir, &from);
	if (v || from) {	/* a tree: its version, or why none */
		k = memo_add(dir, v, from);
		free(from);
		return k;
	}
	if (!strcmp(dir, "/") || !(slash = strrchr(dir, '/')))
		return memo_add(dir, 0, NULL);
	up = xstrdup(dir);
	up[slash == dir ? 1 : slash - dir] = '\0';
	k = tree_of(up);
	free(up);
	/* the parent's answer holds for this folder too */
	return memo_add(dir, k->version, k->from);
}

/* An include folder of the build: its generated version, or its tree's */
static unsigned include_dir(const char *inc, char **from)
{
	static const char *const gen[] = {
		"generated/uapi/linux/version.h", "linux/version.h",
		"generated/utsrelease.h", "linux/utsrelease.h",
	};
	char real[PATH_MAX], *up, *slash;
	unsigned v;
	size_t i;

	if (!realpath(inc, real))
		return 0;
	for (i = 0; i < sizeof(gen) / sizeof(gen[0]); i++) {
		char *p = xasprintf("%s/%s", real, gen[i]);

		v = is_file(p) ? version_header(p) : 0;
		if (v) {
			*from = p;
			return v;
		}
		free(p);
	}
	/* <tree>/include: the tree's Makefile */
	slash = strrchr(real, '/');
	if (!slash || strcmp(slash, "/include"))
		return 0;
	up = xstrdup(real);
	up[slash == real ? 1 : slash - real] = '\0';
	v = kernel_makefile(up, from);
	free(up);
	return v;
}

static const char *const inc_opts[] = { "-I", "-isystem", "-idirafter",
					"-iquote" };

/* The include folder flag i names (joined or split), or NULL */
static const char *include_arg(const char *const *fl, int n, int i)
{
	size_t k;

	for (k = 0; k < sizeof(inc_opts) / sizeof(inc_opts[0]); k++) {
		size_t l = strlen(inc_opts[k]);

		if (strncmp(fl[i], inc_opts[k], l))
			continue;
		if (fl[i][l])
			return k ? NULL : fl[i] + l;	/* -Ifoo only */
		return i + 1 < n ? fl[i + 1] : NULL;
	}
	return NULL;
}

unsigned kernel_detect(const char *path, const char *const *cflags,
		       int ncflags, const char **from)
{
	char real[PATH_MAX], *slash;
	const struct kdir *k = NULL;
	unsigned v = 0;
	int i;

	*from = NULL;
	if (path && realpath(path, real)) {
		struct stat st;

		if (!stat(real, &st) && !S_ISDIR(st.st_mode) &&
		    (slash = strrchr(real, '/')))
			real[slash == real ? 1 : slash - real] = '\0';
		k = tree_of(real);
		v = k->version;
		*from = k->from;
	}
	for (i = 0; !v && cflags && i < ncflags; i++) {
		const char *inc = include_arg(cflags, ncflags, i);
		char *f = NULL;
		const struct kdir *m;
		char *key;

		if (!inc)
			continue;
		key = xasprintf("-I%s", inc);	/* apart from the tree walk's */
		m = memo_find(key);
		if (!m) {
			unsigned iv = include_dir(inc, &f);

			m = memo_add(key, iv, f);
			free(f);
		}
		free(key);
		v = m->version;
		if (v || !*from)	/* keep the tree's reason */
			*from = m->from;
	}
	return v;
}

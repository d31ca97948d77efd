// SPDX-License-Identifier: GPL-2.0-only
/*
 * Template-style headers: a driver's own .h that holds whole function
 * bodies and is included by a .c file of its directory, e.g. a
 * `drv_core.h` with a `static int drv_wait_ready()` that sleeps, which
 * only parses after the includer has defined its types and macros.
 *
 * The check command finds them before any file is checked, in the main
 * process: each such header becomes an input of its own, right after
 * the first input that includes it, and is checked once, in the context
 * of that includer (the includer is parsed and the rules run on the
 * functions of the header, reported at the header's lines).  A header
 * reached from several includers, or also named on the command line, is
 * still one input.  A header named alone is checked with the first .c
 * of its directory that includes it, or on its own when none does.
 *
 * Only headers next to the includer (`#include "x.h"`, one level) are
 * followed, as the prefilter follows header macros: a driver's private
 * headers live beside it, and the kernel's own are not driver code.
 * The cost on a tree is one readdir per directory and one read of each
 * header in it; a .c file is read only when a template header sits in
 * its directory.
 */
#define _GNU_SOURCE	/* memmem */
#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "template.h"
#include "blank.h"
#include "tokscan.h"
#include "wqport.h"
#include "text.h"

#define TEMPLATE_MAX_SIZE	(4u << 20)

/* The whole regular file at path, NUL-terminated, or NULL. */
static char *slurp(const char *path, size_t *len)
{
	return read_regular_file(path, TEMPLATE_MAX_SIZE, len);
}

/* Does the text define a function (bodies.c)? */
static bool has_function_body(const char *s, size_t n)
{
	struct fn_bodies fb;
	bool r = function_bodies(s, n, &fb) > 0;

	fn_bodies_free(&fb);
	return r;
}

/* A header of the directory and the headers of it that it includes. */
struct hdr {
	char *name;
	char **inc;		/* `#include "x.h"` of the same directory */
	int ninc;
	bool read;
};

/* The headers of one directory that are templates, and all of them. */
struct tdir {
	char *dir;
	char **names;
	int n;
	struct hdr *h;		/* sorted by name */
	int nh;
};

struct template_cache {
	struct tdir *d;
	int n, cap;
};

struct template_cache *template_cache_new(void)
{
	struct template_cache *tc = xrealloc(NULL, sizeof(*tc));

	memset(tc, 0, sizeof(*tc));
	return tc;
}

void template_cache_free(struct template_cache *tc)
{
	int i, j;

	if (!tc)
		return;
	for (i = 0; i < tc->n; i++) {
		for (j = 0; j < tc->d[i].n; j++)
			free(tc->d[i].names[j]);
		free(tc->d[i].names);
		for (j = 0; j < tc->d[i].nh; j++) {
			struct hdr *h = &tc->d[i].h[j];
			int k;

			for (k = 0; k < h->ninc; k++)
				free(h->inc[k]);
			free(h->inc);
			free(h->name);
		}
		free(tc->d[i].h);
		free(tc->d[i].dir);
	}
	free(tc->d);
	free(tc);
}

/* Does a #define of the text sleep (tokscan.c: a site in its body)? */
static bool has_sleeping_macro(const char *s, size_t n)
{
	struct tok_scan ts;
	bool r = false;
	int i;

	tokscan(s, n, &ts);
	for (i = 0; i < ts.n && !r; i++)
		r = ts.s[i].macro >= 0 && !ts.s[i].dead;
	tokscan_free(&ts);
	return r;
}

bool template_header_text(const char *buf, size_t len)
{
	return prefilter_match(buf, len) &&
	       (has_function_body(buf, len) || has_sleeping_macro(buf, len));
}

static bool is_template(const char *path)
{
	size_t len;
	char *buf = slurp(path, &len);
	bool t = buf && template_header_text(buf, len);

	free(buf);
	return t;
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);

	return n > k && !strcmp(s + n - k, suffix);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The *.h or *.c names of dir, sorted; free each and the array. */
static char **dir_names(const char *dir, const char *suffix, int *n)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	char **names = NULL;

	*n = 0;
	if (!d)
		return NULL;
	while ((de = readdir(d)))
		if (de->d_name[0] != '.' && ends_with(de->d_name, suffix)) {
			names = xrealloc(names, (*n + 1) * sizeof(char *));
			names[(*n)++] = xstrdup(de->d_name);
		}
	closedir(d);
	if (*n)
		qsort(names, *n, sizeof(char *), cmp_str);
	return names;
}

static char *dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? xasprintf("%.*s", (int)(slash - path), path) :
	       xstrdup(".");
}

static struct tdir *dir_templates(struct template_cache *tc, const char *dir)
{
	struct tdir *t;
	char **names;
	int i, n;

	/* inputs come grouped by directory: look from the newest */
	for (i = tc->n - 1; i >= 0; i--)
		if (!strcmp(tc->d[i].dir, dir))
			return &tc->d[i];
	if (tc->n == tc->cap) {
		tc->cap = tc->cap ? 2 * tc->cap : 16;
		tc->d = xrealloc(tc->d, tc->cap * sizeof(*tc->d));
	}
	t = &tc->d[tc->n++];
	memset(t, 0, sizeof(*t));
	t->dir = xstrdup(dir);
	names = dir_names(dir, ".h", &n);
	t->h = xrealloc(NULL, (n + 1) * sizeof(*t->h));
	t->nh = n;
	for (i = 0; i < n; i++) {
		char *p = xasprintf("%s/%s", dir, names[i]);

		t->h[i] = (struct hdr){ names[i], NULL, 0, false };
		if (is_template(p)) {
			t->names = xrealloc(t->names, (t->n + 1) * sizeof(char *));
			t->names[t->n++] = xstrdup(names[i]);
		}
		free(p);
	}
	free(names);
	return t;
}

/* The header called name[0..nl) of the directory, or NULL. */
static struct hdr *dir_header(struct tdir *t, const char *name, size_t nl)
{
	int lo = 0, hi = t->nh;

	while (lo < hi) {
		int mid = (lo + hi) / 2, c = strncmp(t->h[mid].name, name, nl);

		if (!c && t->h[mid].name[nl])
			c = 1;
		if (!c)
			return &t->h[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

/* Each `#include "name"` of buf (no directory, or "./name") that names
 * a header of the directory, in the order of the includes. */
static void dir_includes(struct tdir *t, const char *buf, size_t len,
			 void (*fn)(void *arg, struct hdr *h), void *arg)
{
	const char *name;
	size_t pos = 0, nl;
	struct hdr *h;

	while ((name = next_quoted_include(buf, len, &pos, &nl))) {
		if (nl > 2 && !strncmp(name, "./", 2)) {
			name += 2;
			nl -= 2;
		}
		if (!memchr(name, '/', nl) && (h = dir_header(t, name, nl)))
			fn(arg, h);
	}
}

static void add_inc(void *arg, struct hdr *h)
{
	struct hdr *from = arg;

	from->inc = xrealloc(from->inc, (from->ninc + 1) * sizeof(char *));
	from->inc[from->ninc++] = xstrdup(h->name);
}

struct walk {
	struct tdir *t;
	struct hdr **seen;
	int nseen;
	void (*fn)(void *arg, const char *name);
	void *arg;
};

static bool is_template_name(const struct tdir *t, const char *name)
{
	int i;

	for (i = 0; i < t->n; i++)
		if (!strcmp(t->names[i], name))
			return true;
	return false;
}

/*
 * Header h, reached from an includer: fn for it if it is a template,
 * then the same for the headers of the directory it includes (a
 * driver's headers include each other), each once.
 */
static void walk_one(void *arg, struct hdr *h)
{
	struct walk *w = arg;
	int i;

	for (i = 0; i < w->nseen; i++)
		if (w->seen[i] == h)
			return;
	w->seen = xrealloc(w->seen, (w->nseen + 1) * sizeof(*w->seen));
	w->seen[w->nseen++] = h;
	if (is_template_name(w->t, h->name))
		w->fn(w->arg, h->name);
	if (!h->read) {
		char *p = xasprintf("%s/%s", w->t->dir, h->name), *buf;
		size_t len;

		h->read = true;
		if ((buf = slurp(p, &len))) {
			dir_includes(w->t, buf, len, add_inc, h);
			free(buf);
		}
		free(p);
	}
	for (i = 0; i < h->ninc; i++) {
		struct hdr *to = dir_header(w->t, h->inc[i], strlen(h->inc[i]));

		if (to)
			walk_one(w, to);
	}
}

/* fn for each template header the text buf of a .c reaches. */
static void each_template(struct tdir *t, const char *buf, size_t len,
			  void (*fn)(void *arg, const char *name), void *arg)
{
	struct walk w = { t, NULL, 0, fn, arg };

	dir_includes(t, buf, len, walk_one, &w);
	free(w.seen);
}

struct found {
	const char *dir;
	bool bare;		/* the includer was named without a directory */
	void (*fn)(void *arg, const char *path);
	void *arg;
};

static void found_one(void *arg, const char *name)
{
	struct found *fd = arg;
	/* `wqport drv.c` names the header `drv_core.h`, not `./drv_core.h` */
	char *p = fd->bare ? xstrdup(name) :
		  xasprintf("%s/%s", fd->dir, name);

	fd->fn(fd->arg, p);
	free(p);
}

void template_includes(struct template_cache *tc, const char *cpath,
		       void (*fn)(void *arg, const char *hpath), void *arg)
{
	char *dir = dir_of(cpath), *buf;
	struct tdir *t = dir_templates(tc, dir);
	struct found fd = { dir, !strchr(cpath, '/'), fn, arg };
	size_t len;

	if (t->n && (buf = slurp(cpath, &len))) {
		each_template(t, buf, len, found_one, &fd);
		free(buf);
	}
	free(dir);
}

void template_includes_text(const char *cpath, const char *buf, size_t len,
			    void (*fn)(void *arg, const char *hpath), void *arg)
{
	struct template_cache *tc;
	char *dir;
	struct tdir *t;
	size_t pos = 0, nl;

	/* most files include no header of their own */
	if (!next_quoted_include(buf, len, &pos, &nl))
		return;
	tc = template_cache_new();
	dir = dir_of(cpath);
	t = dir_templates(tc, dir);
	if (t->n) {
		struct found fd = { dir, false, fn, arg };

		each_template(t, buf, len, found_one, &fd);
	}
	free(dir);
	template_cache_free(tc);
}

struct first {
	const char *name;
	bool hit;
};

static void hit(void *arg, const char *name)
{
	struct first *f = arg;

	f->hit |= !strcmp(name, f->name);
}

char *template_includer(struct template_cache *tc, const char *hpath)
{
	char *dir = dir_of(hpath), *res = NULL, **names;
	const char *base = strrchr(hpath, '/');
	struct tdir *t = dir_templates(tc, dir);
	int i, n, k;

	base = base ? base + 1 : hpath;
	for (k = 0; k < t->n && strcmp(t->names[k], base); k++)
		;
	if (k == t->n) {	/* not a template: checked on its own */
		free(dir);
		return NULL;
	}
	names = dir_names(dir, ".c", &n);
	for (i = 0; i < n; i++) {
		char *p = xasprintf("%s/%s", dir, names[i]), *buf;
		struct first f = { t->names[k], false };
		size_t len;

		if (!res && (buf = slurp(p, &len))) {
			each_template(t, buf, len, hit, &f);
			free(buf);
		}
		if (f.hit)
			res = p;
		else
			free(p);
		free(names[i]);
	}
	free(names);
	free(dir);
	return res;
}

bool template_orphan(struct template_cache *tc, const char *hpath)
{
	char *dir = dir_of(hpath), *inc, **names;
	const char *base = strrchr(hpath, '/');
	struct tdir *t = dir_templates(tc, dir);
	int i, n, k;

	base = base ? base + 1 : hpath;
	for (k = 0; k < t->n && strcmp(t->names[k], base); k++)
		;
	if (k == t->n) {
		free(dir);
		return false;
	}
	/* a driver's directory: one that holds C files */
	names = dir_names(dir, ".c", &n);
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	free(dir);
	if (!n)
		return false;
	inc = template_includer(tc, hpath);
	free(inc);
	return !inc;
}

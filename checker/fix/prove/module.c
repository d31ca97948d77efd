// SPDX-License-Identifier: GPL-2.0-only
/*
 * The other files of a driver's module, for the condition proof's
 * wakers (issue 39): a sleep in foo_card.c whose queue foo_core.c's
 * interrupt handler wakes.
 *
 * The module is the composite object of the folder's Kbuild or Makefile
 * that lists the file:
 *
 *	obj-$(CONFIG_FOO)	+= foo.o
 *	foo-objs		:= foo_core.o foo_card.o
 *	foo-y			+= foo_dma.o
 *	foo-$(CONFIG_FOO_PCI)	+= foo_pci.o
 *
 * A folder with a Makefile that lists the file only as an object of
 * its own (obj-y, obj-m) is a module of one file.  A folder with no
 * Makefile at all (a vendor's driver as shipped) is one module, less
 * the files that define a function this one defines too (copies or
 * variants of the same driver, which no module links together).  The
 * cost is bounded: at most MOD_MAX_FILES files of at most MOD_MAX_SIZE
 * bytes each are read, and a folder with more .c files than that is not
 * read at all; the files are read once per process and folder, and
 * kept.
 */
#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "module.h"
#include "wqport.h"
#include "text.h"

#define MOD_MAX_FILES	24
#define MOD_MAX_SIZE	(1024 * 1024)

struct mod_cache {
	char *dir;
	char *makefile;		/* its Kbuild or Makefile text, or NULL */
	struct mod_file files[MOD_MAX_FILES];	/* the folder's .c files */
	int n;
	bool too_big;
};

static _Thread_local struct mod_cache cache;

/* a regular file only (a FIFO or device named foo.c or Makefile in a
 * driver's folder must not hang the run), of at most max bytes */
static char *read_small(const char *path, size_t max, size_t *len)
{
	size_t n;

	return read_regular_file(path, max, len ? len : &n);
}

static void cache_drop(void)
{
	int i;

	free(cache.dir);
	free(cache.makefile);
	for (i = 0; i < cache.n; i++) {
		free(cache.files[i].path);
		free(cache.files[i].buf);
	}
	memset(&cache, 0, sizeof(cache));
}

void module_cache_release(void)
{
	cache_drop();
}

static int c_source(const struct dirent *e)
{
	size_t l = strlen(e->d_name);

	return l >= 3 && !strcmp(e->d_name + l - 2, ".c");
}

static void cache_fill(const char *dir)
{
	struct dirent **ents = NULL;
	char *mk;
	int nd, k;

	cache_drop();
	cache.dir = xstrdup(dir);
	mk = xasprintf("%s/Kbuild", dir);
	cache.makefile = read_small(mk, MOD_MAX_SIZE, NULL);
	free(mk);
	if (!cache.makefile) {
		mk = xasprintf("%s/Makefile", dir);
		cache.makefile = read_small(mk, MOD_MAX_SIZE, NULL);
		free(mk);
	}
	/* in name order, so that wakers are named in the same order
	 * whatever order the file system lists the folder in */
	nd = scandir(dir, &ents, c_source, alphasort);
	if (nd < 0)
		return;
	for (k = 0; k < nd; k++) {
		struct mod_file *m;
		char *p;

		if (cache.n == MOD_MAX_FILES) {
			cache.too_big = true;
			break;
		}
		p = xasprintf("%s/%s", dir, ents[k]->d_name);
		m = &cache.files[cache.n];
		m->buf = read_small(p, MOD_MAX_SIZE, &m->len);
		if (!m->buf) {
			free(p);
			continue;
		}
		m->path = p;
		m->name = strrchr(p, '/') + 1;
		cache.n++;
	}
	for (k = 0; k < nd; k++)
		free(ents[k]);
	free(ents);
}

/* the Makefile with its continuation lines joined */
static char *joined(const char *mk)
{
	char *j = xstrdup(mk), *p, *q;

	for (p = q = j; *p; p++) {
		if (p[0] == '\\' && p[1] == '\n') {
			*q++ = ' ';
			p++;
			continue;
		}
		*q++ = *p;
	}
	*q = 0;
	return j;
}

/*
 * The composite object whose list has obj (`foo_card.o`) in the
 * Makefile text, in *comp; true if one does.
 */
static bool composite_of(const char *mk, const char *obj, char **comp)
{
	char *j = joined(mk), *save = NULL, *line;
	bool found = false;

	for (line = strtok_r(j, "\n", &save); line && !found;
	     line = strtok_r(NULL, "\n", &save)) {
		char *p = line, *name, *dash, *list;

		while (isspace((unsigned char)*p))
			p++;
		name = p;
		while (*p && (wq_ident_char(*p) ||
			      *p == '-' || *p == '$' || *p == '(' || *p == ')'))
			p++;
		list = p;
		while (isspace((unsigned char)*list))
			list++;
		if (*list == ':' || *list == '+')
			list++;
		if (*list != '=')
			continue;
		list++;
		/* `foo-objs`, `foo-y`, `foo-$(CONFIG_X)`; not obj-y/obj-m */
		*p = 0;
		dash = strchr(name, '-');
		if (!dash || dash == name || !strncmp(name, "obj-", 4) ||
		    !strncmp(name, "subdir-", 7) || !strncmp(name, "ccflags", 7))
			continue;
		if (strcmp(dash, "-objs") && strcmp(dash, "-y") &&
		    strncmp(dash, "-$(", 3))
			continue;
		{
			const char *w = list;
			size_t n = strlen(obj);

			while ((w = strstr(w, obj))) {
				if ((w == list || isspace((unsigned char)w[-1]) ||
				     w[-1] == '/') &&
				    (!w[n] || isspace((unsigned char)w[n]))) {
					*comp = xasprintf("%.*s", (int)(dash - name),
							  name);
					found = true;
					break;
				}
				w += n;
			}
		}
	}
	free(j);
	return found;
}

/* is object `o.o` in composite comp's lists? */
static bool in_composite(const char *mk, const char *comp, const char *o)
{
	char *c = NULL;
	bool in = composite_of(mk, o, &c) && !strcmp(c, comp);

	free(c);
	return in;
}

/*
 * Does b define (kernel style: the body's '{' at the start of a line) a
 * function that a also defines?  Two such files in a folder with no
 * Makefile are copies or variants of one driver (a vendor's 2.4 and 2.6
 * versions side by side, a test's copies), not parts of one module: a
 * module cannot link two definitions of one name, and reading one's
 * waker as the other's would name a function of another build.
 */
static size_t func_before(const char *buf, const char *brace,
			  const char **name)
{
	const char *p = brace, *paren = NULL, *e;

	/* back to the end of the previous declaration or body */
	while (p > buf && p[-1] != ';' && p[-1] != '}' &&
	       !(p[-1] == '\n' && p - 1 > buf && p[-2] == '\n'))
		p--;
	for (; p < brace; p++)
		if (*p == '(') {
			paren = p;
			break;
		}
	if (!paren)
		return 0;
	e = paren;
	while (e > buf && (e[-1] == ' ' || e[-1] == '\t'))
		e--;
	p = e;
	while (p > buf && wq_ident_char(p[-1]))
		p--;
	*name = p;
	return e - p;
}

static bool defines(const char *text, const char *name, size_t n)
{
	const char *b;

	for (b = strstr(text, "\n{"); b; b = strstr(b + 2, "\n{")) {
		const char *f;
		size_t l = func_before(text, b, &f);

		if (l == n && !strncmp(f, name, n))
			return true;
	}
	return false;
}

static bool same_functions(const char *a, const char *b)
{
	const char *br;

	for (br = strstr(a, "\n{"); br; br = strstr(br + 2, "\n{")) {
		const char *f;
		size_t l = func_before(a, br, &f);

		if (l && defines(b, f, l))
			return true;
	}
	return false;
}

int module_siblings(const char *path, const struct mod_file *const **out,
		    char **why)
{
	const char *slash = strrchr(path, '/');
	char *dir = slash ? xasprintf("%.*s", (int)(slash - path), path) :
			    xstrdup(".");
	const char *base = slash ? slash + 1 : path;
	static _Thread_local const struct mod_file *list[MOD_MAX_FILES];
	const struct mod_file *self = NULL;
	char *obj, *comp = NULL;
	int i, n = 0;

	*out = list;
	if (!cache.dir || strcmp(cache.dir, dir))
		cache_fill(dir);
	free(dir);
	if (strlen(base) < 3 || strcmp(base + strlen(base) - 2, ".c"))
		return 0;
	obj = xasprintf("%.*s.o", (int)(strlen(base) - 2), base);
	if (cache.makefile && !composite_of(cache.makefile, obj, &comp)) {
		if (why)
			*why = xasprintf("the folder's Makefile builds %s as a module of its own",
					 obj);
		free(obj);
		return 0;
	}
	if (!cache.makefile && cache.too_big) {
		if (why)
			*why = xasprintf("the folder has more than %d .c files and no Makefile: not read as one module",
					 MOD_MAX_FILES);
		free(obj);
		return 0;
	}
	for (i = 0; i < cache.n; i++)
		if (!strcmp(cache.files[i].name, base))
			self = &cache.files[i];
	for (i = 0; i < cache.n; i++) {
		const struct mod_file *m = &cache.files[i];
		char *o;

		if (m == self)
			continue;
		/* no Makefile: not a copy or variant of this driver */
		if (!comp && (!self || same_functions(self->buf, m->buf)))
			continue;
		o = xasprintf("%.*s.o", (int)(strlen(m->name) - 2), m->name);
		if (!comp || in_composite(cache.makefile, comp, o))
			list[n++] = m;
		free(o);
	}
	free(obj);
	free(comp);
	*out = list;
	return n;
}

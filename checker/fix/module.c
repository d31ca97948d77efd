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
 * Makefile at all (a vendor's driver as shipped) is one module.  The
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
#include <sys/stat.h>

#include "module.h"
#include "wqport.h"

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

static char *read_small(const char *path, size_t max, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *b;
	size_t n;
	struct stat st;

	if (!f)
		return NULL;
	if (fstat(fileno(f), &st) || (size_t)st.st_size > max) {
		fclose(f);
		return NULL;
	}
	b = xrealloc(NULL, st.st_size + 1);
	n = fread(b, 1, st.st_size, f);
	fclose(f);
	b[n] = 0;
	if (len)
		*len = n;
	return b;
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

static void cache_fill(const char *dir)
{
	DIR *d;
	struct dirent *e;
	char *mk;

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
	d = opendir(dir);
	if (!d)
		return;
	while ((e = readdir(d))) {
		size_t l = strlen(e->d_name);
		struct mod_file *m;
		char *p;

		if (l < 3 || strcmp(e->d_name + l - 2, ".c"))
			continue;
		if (cache.n == MOD_MAX_FILES) {
			cache.too_big = true;
			break;
		}
		p = xasprintf("%s/%s", dir, e->d_name);
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
	closedir(d);
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
		while (*p && (isalnum((unsigned char)*p) || *p == '_' ||
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

int module_siblings(const char *path, const struct mod_file *const **out,
		    char **why)
{
	const char *slash = strrchr(path, '/');
	char *dir = slash ? xasprintf("%.*s", (int)(slash - path), path) :
			    xstrdup(".");
	const char *base = slash ? slash + 1 : path;
	static _Thread_local const struct mod_file *list[MOD_MAX_FILES];
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
	for (i = 0; i < cache.n; i++) {
		const struct mod_file *m = &cache.files[i];
		char *o;

		if (!strcmp(m->name, base))
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

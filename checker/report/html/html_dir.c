// SPDX-License-Identifier: GPL-2.0-only
/*
 * The report's folder (--report=DIR): what may be written into it and
 * what may be deleted from it.
 *
 * A report folder is often shared (a CI artifact folder, docs/, ".")
 * and holds files that are not the report's.  So:
 *
 *  - DIR is written into when it is missing, empty, or holds an earlier
 *    report (its manifest, DIR/.wqport-report, is there); any other
 *    DIR is refused unless --force.  The check is made before the run
 *    (html_dir_check()) and again when the pages are written.
 *  - Each page is a mkstemp() file beside its name, renamed over it
 *    (put_file()): never written through a link planted at the name.
 *  - The manifest lists each page this run wrote with its device,
 *    inode, size and time.  The next run deletes a page of the earlier
 *    report that it has not written again only when the manifest names
 *    it and the file there is still that very regular file: a user's
 *    own rule-book.html, or a page the user edited or replaced, is
 *    never deleted, --force or not.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "html_int.h"
#include "text.h"

#define MANIFEST	".wqport-report"
#define MANIFEST_HEAD	"# wqport report manifest 1: dev ino size mtime name\n"
#define MANIFEST_MAX	(16u << 20)

/* A name the report can have written: a plain name in DIR, a page's */
static bool page_name(const char *n)
{
	size_t l = strlen(n);

	return l && n[0] != '.' && !strchr(n, '/') && !strchr(n, '\n') &&
	       l < 256 &&
	       ((l > 5 && !strcmp(n + l - 5, ".html")) ||
		!strcmp(n, "style.css"));
}

/* The manifest's text, NULL when DIR has none (or none that is a file) */
static char *read_manifest(const char *dir)
{
	char *p = xasprintf("%s/%s", dir, MANIFEST), *t;
	size_t len;

	t = read_regular_file(p, MANIFEST_MAX, &len);
	free(p);
	if (t && strncmp(t, MANIFEST_HEAD, strlen(MANIFEST_HEAD))) {
		free(t);
		return NULL;
	}
	return t;
}

/* DIR holds anything but "." and ".." */
static bool has_entries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	bool any = false;

	while (d && !any && (e = readdir(d)))
		any = strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
	if (d)
		closedir(d);
	return any;
}

int html_dir_check(const char *dir, bool force, char **err)
{
	struct stat st;
	char *m;

	if (stat(dir, &st)) {
		if (errno == ENOENT)
			return 0;	/* made when the report is written */
		*err = xasprintf("cannot use the report folder %s: %s", dir,
				 strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		*err = xasprintf("the report folder %s is not a folder", dir);
		return -1;
	}
	m = read_manifest(dir);
	if (m || force || !has_entries(dir)) {
		free(m);
		return 0;
	}
	*err = xasprintf("%s is not empty and holds no earlier report (no %s/%s): refusing to write the report into it; name a new or empty folder, or pass --force to write it there anyway (nothing there is deleted)",
			 dir, dir, MANIFEST);
	return -1;
}

bool html_dir_make(const char *dir, bool force, char **err)
{
	char *p = xstrdup(dir), *s;
	struct stat st;

	for (s = p + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = 0;
		mkdir(p, 0777);
		*s = '/';
	}
	free(p);
	if (mkdir(dir, 0777) && errno != EEXIST) {
		*err = xasprintf("cannot create the report folder %s: %s", dir,
				 strerror(errno));
		return false;
	}
	if (stat(dir, &st) || !S_ISDIR(st.st_mode)) {
		*err = xasprintf("the report folder %s is not a folder", dir);
		return false;
	}
	return html_dir_check(dir, force, err) == 0;
}

static bool written(const struct h_out *o, const char *name)
{
	int i;

	for (i = 0; i < o->n; i++)
		if (!strcmp(o->names[i], name))
			return true;
	return false;
}

/* One manifest line: the file there is still the one it names */
static void drop_line(const struct h_out *o, int dfd, const char *line)
{
	unsigned long long dev, ino, size, sec, nsec;
	struct stat st;
	int used = 0;
	const char *name;

	if (sscanf(line, "%llu %llu %llu %llu.%llu %n", &dev, &ino, &size,
		   &sec, &nsec, &used) < 5 || !used)
		return;
	name = line + used;
	if (!page_name(name) || written(o, name))
		return;
	if (fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) ||
	    !S_ISREG(st.st_mode) || st.st_dev != dev || st.st_ino != ino ||
	    (unsigned long long)st.st_size != size ||
	    (unsigned long long)st.st_mtim.tv_sec != sec ||
	    (unsigned long long)st.st_mtim.tv_nsec != nsec)
		return;		/* not the page that run wrote */
	unlinkat(dfd, name, 0);
}

/*
 * Pages of the earlier report (its manifest) that this one has not
 * written, when each is still the file that report wrote.
 */
void html_dir_drop_stale(const struct h_out *o)
{
	char *m = read_manifest(o->dir), *line, *nl;
	int dfd;

	if (!m)
		return;
	dfd = open(o->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	for (line = m + strlen(MANIFEST_HEAD); dfd >= 0 && *line; line = nl) {
		nl = strchr(line, '\n');
		if (!nl)
			break;
		*nl++ = '\0';
		drop_line(o, dfd, line);
	}
	if (dfd >= 0)
		close(dfd);
	free(m);
}

/* The manifest of this run's pages, for the next run */
bool html_dir_manifest(const struct h_out *o, char **err)
{
	struct strbuf sb = { 0 };
	char *path;
	bool ok;
	int i, dfd = open(o->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	sb_puts(&sb, MANIFEST_HEAD);
	for (i = 0; dfd >= 0 && i < o->n; i++) {
		struct stat st;

		if (!page_name(o->names[i]) ||
		    fstatat(dfd, o->names[i], &st, AT_SYMLINK_NOFOLLOW) ||
		    !S_ISREG(st.st_mode))
			continue;
		sb_printf(&sb, "%llu %llu %llu %llu.%09llu %s\n",
			  (unsigned long long)st.st_dev,
			  (unsigned long long)st.st_ino,
			  (unsigned long long)st.st_size,
			  (unsigned long long)st.st_mtim.tv_sec,
			  (unsigned long long)st.st_mtim.tv_nsec, o->names[i]);
	}
	if (dfd >= 0)
		close(dfd);
	path = xasprintf("%s/%s", o->dir, MANIFEST);
	ok = put_file(path, sb.s, sb.len, 0666);
	if (!ok)
		*err = xasprintf("cannot write %s: %s", path, strerror(errno));
	free(path);
	free(sb.s);
	return ok;
}

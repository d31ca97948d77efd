// SPDX-License-Identifier: GPL-2.0-only
/*
 * Expand the command line's paths into the files to look at: a file is
 * taken as it is, a directory is walked for *.c files (and *.h, for the
 * fix command: a static inline sleeper is ported too) in sorted order (so
 * runs are reproducible), symbolic links and special files met during
 * the walk are skipped.
 */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "wqport.h"

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool wanted(const char *s, bool headers)
{
	size_t n = strlen(s);

	return n > 2 && (!strcmp(s + n - 2, ".c") ||
			 (headers && !strcmp(s + n - 2, ".h")));
}

static void scan_dir(const char *dir, bool headers, scan_fn add, void *arg)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	char **names = NULL;
	int n = 0, i;

	if (!d) {
		char *err = xasprintf("cannot read directory: %s", strerror(errno));

		add(arg, dir, err);
		return;
	}
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		names = xrealloc(names, (n + 1) * sizeof(char *));
		names[n++] = xstrdup(de->d_name);
	}
	closedir(d);
	if (n)	/* names is NULL in an empty directory */
		qsort(names, n, sizeof(char *), cmp_str);
	for (i = 0; i < n; i++) {
		char *p = xasprintf("%s/%s", dir, names[i]);
		struct stat st;

		if (!lstat(p, &st)) {
			if (S_ISDIR(st.st_mode))
				scan_dir(p, headers, add, arg);
			else if (S_ISREG(st.st_mode) && wanted(names[i], headers))
				add(arg, p, NULL);
		}
		free(p);
		free(names[i]);
	}
	free(names);
}

void scan_path(const char *path, bool headers, scan_fn add, void *arg)
{
	struct stat st;
	size_t n = strlen(path);
	char *p = xstrdup(path);

	while (n > 1 && p[n - 1] == '/')
		p[--n] = '\0';
	if (!stat(p, &st) && S_ISDIR(st.st_mode))
		scan_dir(p, headers, add, arg);
	else
		add(arg, p, NULL);
	free(p);
}

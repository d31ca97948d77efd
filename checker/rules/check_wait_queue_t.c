// SPDX-License-Identifier: GPL-2.0-only
/*
 * WQ012 wait-queue-t: the wait queue names of before 4.13.
 *
 *	wait_queue_t wait;
 *	init_waitqueue_entry(&wait, current);
 *	list_empty(&wait.task_list)
 *
 * Linux 4.13 renamed the wait entry type wait_queue_t (struct
 * __wait_queue) to wait_queue_entry_t (struct wait_queue_entry), its
 * list member task_list to entry, and the head's task_list to head
 * (struct __wait_queue_head became struct wait_queue_head; the typedef
 * wait_queue_head_t stayed).  The old names no longer build.
 *
 * The type names are found in the text (also in macros and skipped
 * branches); a `.task_list` counts when its base is declared as a wait
 * entry or head, since drivers have task_list members of their own.
 *
 * Vendor SDKs hide the entry type behind their OS layer
 * (`typedef wait_queue_t osl_waiter_t;` in an osdep header next to the
 * driver) and the driver names only the typedef; such a header is never
 * checked on its own.  Its first use in the file is reported, with a
 * note at the typedef, where the rename must be made; not when the
 * header names wait_queue_entry_t too (it has the compat branch).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "macros.h"
#include "rules.h"

static void type_names(struct wq_file *f, const struct compat_ranges *old)
{
	static const char *const names[][2] = {
		{ "wait_queue_t", "wait_queue_entry_t" },
		{ "__wait_queue", "struct wait_queue_entry" },
		{ "__wait_queue_head", "struct wait_queue_head" },
	};
	size_t k;

	for (k = 0; k < sizeof(names) / sizeof(names[0]); k++) {
		long at = 0;

		while ((at = text_find_word(f->buf, at, f->len,
					    names[k][0])) >= 0) {
			struct wq_pos pos = text_pos(f->buf, f->len, at);

			if (compat_at(old, at)) {
				at += strlen(names[k][0]);
				continue;
			}
			file_add_finding(f, WQ012, pos, xasprintf(
				"%s%s was renamed %s in 4.13",
				k ? "struct " : "", names[k][0], names[k][1]));
			at += strlen(names[k][0]);
		}
	}
}

static char *read_header(const struct wq_file *f, const char *name,
			 size_t n, char **path)
{
	const char *slash = strrchr(f->path, '/');
	char *buf;
	size_t len = 0;

	*path = slash ? xasprintf("%.*s/%.*s", (int)(slash - f->path),
				  f->path, (int)n, name) :
			xasprintf("%.*s", (int)n, name);
	/* a FIFO or a device is not read */
	buf = read_regular_head(*path, (1u << 20) + 4096, &len, NULL);
	return buf;
}

/* `typedef wait_queue_t NAME;` at off in h: NAME, or NULL. */
static char *typedef_name(const char *h, size_t len, long off, size_t *at)
{
	const char *p = h + off, *e = h + len, *name;

	while (p > h && (p[-1] == ' ' || p[-1] == '\t'))
		p--;
	if (p - h < 7 || strncmp(p - 7, "typedef", 7))
		return NULL;
	p = h + off + strlen("wait_queue_t");
	while (p < e && (*p == ' ' || *p == '\t'))
		p++;
	name = p;
	while (p < e && (*p == '_' || (*p >= 'a' && *p <= 'z') ||
			 (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9')))
		p++;
	if (p == name || p >= e || *p != ';')
		return NULL;
	*at = name - h;
	return xasprintf("%.*s", (int)(p - name), name);
}

static void header_typedefs(struct wq_file *f)
{
	size_t pos = 0, n;
	const char *inc;

	while ((inc = next_quoted_include(f->buf, f->len, &pos, &n))) {
		char *path, *h = read_header(f, inc, n, &path);
		long at = 0;

		/* a header that names the new type too has a compat branch
		 * for the rename (`#if LINUX_VERSION_CODE < ...`) */
		if (h && strstr(h, "wait_queue_entry")) {
			free(h);
			h = NULL;
		}

		while (h && (at = text_find_word(h, at, strlen(h),
						 "wait_queue_t")) >= 0) {
			size_t nat;
			char *name = typedef_name(h, strlen(h), at, &nat);
			long use;

			at += 12;
			if (!name)
				continue;
			use = text_find_word(f->buf, 0, f->len, name);
			if (use >= 0) {
				struct wq_finding *fd;

				file_add_finding(f, WQ012,
						 text_pos(f->buf, f->len, use),
						 xasprintf(
					"'%s' is wait_queue_t, renamed wait_queue_entry_t in 4.13: rename it in the typedef in %.*s",
					name, (int)n, inc));
				fd = &f->findings[f->nfindings - 1];
				finding_add_note_in(fd, xstrdup(path),
					text_pos(h, strlen(h), nat), xasprintf(
					"'%s' is defined as wait_queue_t here",
					name));
			}
			free(name);
		}
		free(h);
		free(path);
	}
}

void check_wait_queue_t(void *tu, struct wq_file *f)
{
	struct compat_ranges old;
	long at = 0;

	if (!strstr(f->buf, "wait_queue") && !strstr(f->buf, "task_list"))
		return;
	/* the old half of a version or API test is never built here */
	compat_ranges(tu, f, &old);
	type_names(f, &old);
	header_typedefs(f);
	while ((at = text_find_word(f->buf, at, f->len, "task_list")) >= 0) {
		unsigned off = at, base = 0;
		bool arrow = false;
		char *st = NULL;
		bool head;

		at += 9;
		if (!compat_at(&old, off))
			st = member_base_struct(tu, f, off, &arrow, &base);
		if (!st)
			continue;
		/* exactly these: swait_queue_head has a task_list too */
		head = !strcmp(st, "struct wait_queue_head") ||
		       !strcmp(st, "struct __wait_queue_head");
		if (head || !strcmp(st, "struct wait_queue_entry") ||
		    !strcmp(st, "struct __wait_queue"))
			file_add_finding(f, WQ012,
					 text_pos(f->buf, f->len, off), xasprintf(
				"the %s's member task_list was renamed %s in 4.13",
				head ? "wait queue head" : "wait entry",
				head ? "head" : "entry"));
		free(st);
	}
	compat_ranges_free(&old);
}

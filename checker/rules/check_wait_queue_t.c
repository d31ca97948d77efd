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
 */
#include <stdlib.h>
#include <string.h>

#include "macros.h"

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

void check_wait_queue_t(void *tu, struct wq_file *f)
{
	struct compat_ranges old;
	long at = 0;

	if (!strstr(f->buf, "wait_queue") && !strstr(f->buf, "task_list"))
		return;
	/* the old half of a version or API test is never built here */
	compat_ranges(tu, f, &old);
	type_names(f, &old);
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

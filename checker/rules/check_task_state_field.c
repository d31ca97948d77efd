// SPDX-License-Identifier: GPL-2.0-only
/*
 * WQ011 task-state-field: the task state read or written as a field.
 *
 *	current->state = TASK_INTERRUPTIBLE;
 *	if (p->state == TASK_RUNNING)
 *
 * task_struct::state was renamed __state in 5.14 (and made an unsigned
 * int), so that every access goes through the helpers: the code no
 * longer builds.  Setting the own state is set_current_state() (with
 * the barrier a wait needs) or __set_current_state(); reading another
 * task's is READ_ONCE(p->__state) or task_is_running(p).
 *
 * Found in the text, so also in a driver's macros and in branches the
 * compiler skipped; a `->state` counts when its base is `current` or a
 * name declared as a task_struct (pointer).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "macros.h"
#include "rules.h"

/* Is the value stored at the `=` after off TASK_RUNNING (`= TASK_RUNNING;`)? */
static bool writes_running(const struct wq_file *f, unsigned off)
{
	const char *p = f->buf + off, *e = f->buf + f->len;

	while (p < e && (*p == ' ' || *p == '\t'))
		p++;
	if (p >= e || *p != '=' || (p + 1 < e && p[1] == '='))
		return false;
	for (p++; p < e && (*p == ' ' || *p == '\t' || *p == '('); p++)
		;
	return e - p > 12 && !strncmp(p, "TASK_RUNNING", 12) &&
	       !wq_ident_char(p[12]);
}

void check_task_state_field(void *tu, struct wq_file *f)
{
	struct compat_ranges old;
	long at = 0;

	if (!strstr(f->buf, "state"))
		return;
	compat_ranges(tu, f, &old);
	while ((at = text_find_word(f->buf, at, f->len, "state")) >= 0) {
		unsigned off = at, base = 0;
		bool arrow = false, cur, wr;
		char *name;
		int n;
		char *st;
		struct wq_pos pos;

		at += 5;
		/* the old half of a version or API test: never built here */
		if (compat_at(&old, off))
			continue;
		st = member_base_struct(tu, f, off, &arrow, &base);
		if (!st || strcmp(st, "struct task_struct")) {
			free(st);
			continue;
		}
		free(st);
		cur = !strncmp(f->buf + base, "current", 7) ||
		      !strncmp(f->buf + base, "get_current", 11);
		wr = member_is_written(f, off, 5);
		pos = text_pos(f->buf, f->len, base);
		for (n = 0; base + n < off &&
			    (isalnum((unsigned char)f->buf[base + n]) ||
			     f->buf[base + n] == '_'); n++)
			;
		if (cur)
			name = xstrdup("current");
		else
			name = xasprintf("%.*s", n, f->buf + base);
		file_add_finding(f, WQ011, pos, wr ? xasprintf(
			"task_struct::state is written directly; the field is __state since 5.14: %s",
			cur ? "use set_current_state() (or __set_current_state() where no barrier is needed)" :
			writes_running(f, off + 5) ?
			      "only the task itself may set its state: use set_current_state() in it, or wake_up_process() to make it running" :
			      "only the task itself may set its state: use set_current_state() in it") :
			xasprintf("task_struct::state is read directly; the field is __state since 5.14: use READ_ONCE(%s->__state) or task_is_running(%s)",
				  name, name));
		free(name);
	}
	compat_ranges_free(&old);
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * The counterexample of a site drawn as two lanes, the waiter and the
 * waker, one step a row, each step linked to its source line.
 *
 * A site whose JSON carries a "trace" (a list of steps, each with its
 * task, line and message: what a model check reports) is drawn as it
 * is.  Otherwise the lost wake-up of a sleep_on() (WQ001) or of a state
 * set after the test (WQ003) is drawn from the check's own notes: the
 * test of the condition, the window, the wakers the check names (or the
 * waker it does not name), then the sleep.  Nothing is analysed here:
 * each step is a note the run wrote.
 */
#include <string.h>

#include "html_int.h"

struct lanes {
	struct strbuf *sb;
	const struct h_report *r;
	const struct h_site *s;
	long *lines;
	int *nlines;
	int step;
};

static void where(struct lanes *t, const char *file, long line)
{
	const char *path = t->r->files[t->s->file].path;

	if (line <= 0)
		return;
	if (file && strcmp(file, path)) {
		sb_puts(t->sb, " <code>");
		h_esc(t->sb, file);
		sb_printf(t->sb, ":%ld</code>", line);
		return;
	}
	sb_printf(t->sb, " (<a href=\"#L%ld\">line %ld</a>)", line, line);
	if (*t->nlines < 64)
		t->lines[(*t->nlines)++] = line;
}

/* One step in lane 0 (waiter) or 1 (waker); msg is data, escaped */
static void step(struct lanes *t, int lane, const char *msg, bool data,
		 const char *file, long line)
{
	sb_printf(t->sb, "<tr><td class=\"num\">%d</td>", ++t->step);
	if (lane)
		sb_puts(t->sb, "<td class=\"lane\"></td>");
	sb_puts(t->sb, "<td class=\"lane\">");
	if (data)
		h_esc(t->sb, msg);
	else
		sb_puts(t->sb, msg);
	where(t, file, line);
	sb_puts(t->sb, "</td>");
	if (!lane)
		sb_puts(t->sb, "<td class=\"lane\"></td>");
	sb_puts(t->sb, "</tr>\n");
}

static void row(struct lanes *t, const char *cls, const char *html)
{
	sb_printf(t->sb, "<tr class=\"%s\"><td class=\"num\">&mdash;</td><td colspan=\"2\">%s</td></tr>\n",
		  cls, html);
}

static void begin(struct lanes *t, const char *what, const char *lane0,
		  const char *lane1)
{
	sb_puts(t->sb, "<h3>Timeline</h3>\n<table class=\"timeline\">\n<caption>");
	sb_puts(t->sb, what);
	sb_puts(t->sb, "</caption>\n<thead><tr><th scope=\"col\">Step</th><th scope=\"col\">");
	h_esc(t->sb, lane0);
	sb_puts(t->sb, "</th><th scope=\"col\">");
	h_esc(t->sb, lane1);
	sb_puts(t->sb, "</th></tr></thead>\n<tbody>\n");
}

static const char *task_of(const struct jv *o)
{
	const char *k = jv_str(o, "task", NULL);

	if (!k)
		k = jv_str(o, "lane", NULL);
	if (!k)
		k = jv_str(o, "thread", "");
	return k;
}

/* A trace the run gives: its first task is the left lane */
static bool from_trace(struct lanes *t, const struct jv *tr)
{
	const char *first = NULL, *second = NULL;
	size_t i;

	for (i = 0; i < tr->len; i++) {
		const char *k = task_of(&tr->items[i]);

		if (tr->items[i].type != JV_OBJ)
			return false;
		if (!first)
			first = k;
		else if (!second && strcmp(k, first))
			second = k;
	}
	if (!first)
		return false;
	begin(t, "The schedule of the counterexample, as the run reports it: one task a lane",
	      *first ? first : "task 1", second ? second : "other tasks");
	for (i = 0; i < tr->len; i++) {
		const struct jv *o = &tr->items[i];
		const char *msg = jv_str(o, "message", jv_str(o, "step", ""));

		step(t, strcmp(task_of(o), first) != 0, msg, true,
		     jv_str(o, "file", NULL), jv_int(o, "line", 0));
	}
	sb_puts(t->sb, "</tbody>\n</table>\n");
	return true;
}

static const struct jv *note_with(const struct jv *notes, const char *what,
				  size_t from)
{
	size_t i;

	for (i = from; notes && i < notes->len; i++)
		if (strstr(jv_str(&notes->items[i], "message", ""), what))
			return &notes->items[i];
	return NULL;
}

static bool from_notes(struct lanes *t, const struct jv *notes)
{
	const struct h_site *s = t->s;
	const struct jv *test = note_with(notes, "tested here", 0), *n;
	bool sleep_on = !strcmp(s->rule, "WQ001");
	size_t i;
	int wakers = 0;

	if (!test || (!sleep_on && strcmp(s->rule, "WQ003")))
		return false;
	begin(t, "The lost wake-up, step by step: the sleeping task on the left, the task that wakes it on the right",
	      "Waiter", "Waker");
	step(t, 0, jv_str(test, "message", ""), true,
	     jv_str(test, "file", NULL), jv_int(test, "line", 0));
	row(t, "window", sleep_on ?
	    "The window opens: the condition was false when tested, and the task is not on the wait queue yet (sleep_on() queues it only as it sleeps)." :
	    "The window opens: the condition was false when tested, and the task is still TASK_RUNNING (its state is set only after the test).");
	for (i = 0; notes && i < notes->len; i++) {
		n = &notes->items[i];
		if (!strstr(jv_str(n, "message", ""), " wakes it"))
			continue;
		step(t, 1, jv_str(n, "message", ""), true, jv_str(n, "file", NULL),
		     jv_int(n, "line", 0));
		wakers++;
	}
	if (!wakers)
		step(t, 1, "A waker (an interrupt handler, a timer, another task) makes the condition true and calls wake_up(): nothing is woken. <span class=\"mute\">(The check's notes for this site name no waker; that is not to say the file has none.)</span>",
		     false, NULL, 0);
	if (sleep_on) {
		step(t, 0, "sleep_on() puts the task on the queue only now, and sleeps: the wake-up has already happened",
		     false, NULL, s->line);
	} else {
		step(t, 0, "the task state is set only now, after the test", false,
		     NULL, s->line);
		for (n = note_with(notes, "sleeps here", 0); n;
		     n = note_with(notes, "sleeps here", (n - notes->items) + 1))
			step(t, 0, jv_str(n, "message", ""), true,
			     jv_str(n, "file", NULL), jv_int(n, "line", 0));
	}
	row(t, "end", "The waiter sleeps though the condition holds: the wake-up is lost, and it sleeps until the next wake-up or its timeout, if any.");
	if (s->cls == HC_CONV || s->cls == HC_CAVEAT)
		row(t, "after", "After the fix: the condition is tested again once the task is on the queue with its state set, so in this schedule the waiter sees it and does not sleep.");
	else if (s->cls == HC_KEEP)
		row(t, "after", "After the fix: this conversion keeps the race, as its outcome says; the same schedule still loses the wake-up.");
	else if (s->cls == HC_REFUSED)
		row(t, "after", "Not converted: the code keeps this race.");
	sb_puts(t->sb, "</tbody>\n</table>\n");
	return true;
}

bool h_timeline(struct strbuf *sb, const struct h_report *r,
		const struct h_site *s, long *lines, int *nlines)
{
	struct lanes t = { sb, r, s, lines, nlines, 0 };
	const struct jv *tr = jv_get(s->obj, "trace");
	const struct jv *notes = jv_get(s->obj, "notes");

	if (tr && tr->type == JV_ARR && tr->len && from_trace(&t, tr))
		return true;
	if (!notes || notes->type != JV_ARR)
		return false;
	return from_notes(&t, notes);
}

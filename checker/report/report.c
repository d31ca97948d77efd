// SPDX-License-Identifier: GPL-2.0-only
/*
 * Output: gcc-style text lines an editor can jump to, or JSON.  Both
 * carry the same rule ID; notes sit at their own positions.
 */
#include <stdio.h>
#include <string.h>

#include "wqport.h"

void report_json_escape(struct strbuf *sb, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	sb_puts(sb, "\"");
	for (; *p; p++) {
		if (*p == '"' || *p == '\\') {
			char e[2] = { '\\', (char)*p };

			sb_add(sb, e, 2);
		} else if (*p == '\n') {
			sb_puts(sb, "\\n");
		} else if (*p < 0x20 || *p >= 0x80) {
			/* keep the output valid UTF-8 whatever the source was */
			if (*p >= 0x80)
				sb_puts(sb, "\\ufffd");
			else
				sb_printf(sb, "\\u%04x", *p);
		} else {
			sb_add(sb, (const char *)p, 1);
		}
	}
	sb_puts(sb, "\"");
}

static void report_text(struct strbuf *out, const struct wq_file *f)
{
	int i, j;

	for (i = 0; i < f->nfindings; i++) {
		const struct wq_finding *fd = &f->findings[i];
		const struct wq_rule *r = rule_lookup(fd->rule);

		sb_printf(out, "%s:%u:%u: %s: %s [WQ%03d]\n", f->path,
			  fd->pos.line, fd->pos.col,
			  severity_name(r->severity), fd->msg, fd->rule);
		for (j = 0; j < fd->nnotes; j++)
			sb_printf(out, "%s:%u:%u: note: %s\n", f->path,
				  fd->notes[j].pos.line, fd->notes[j].pos.col,
				  fd->notes[j].msg);
	}
}

static void report_json(struct strbuf *out, const struct wq_file *f,
			bool first)
{
	int i, j;

	for (i = 0; i < f->nfindings; i++) {
		const struct wq_finding *fd = &f->findings[i];
		const struct wq_rule *r = rule_lookup(fd->rule);

		sb_puts(out, first && !i ? "\n    {" : ",\n    {");
		sb_puts(out, "\"file\": ");
		report_json_escape(out, f->path);
		sb_printf(out, ", \"line\": %u, \"column\": %u, \"severity\": \"%s\", \"rule\": \"WQ%03d\", \"name\": \"%s\", \"message\": ",
			  fd->pos.line, fd->pos.col,
			  severity_name(r->severity), fd->rule, r->name);
		report_json_escape(out, fd->msg);
		sb_puts(out, ", \"notes\": [");
		for (j = 0; j < fd->nnotes; j++) {
			sb_puts(out, j ? ", {\"file\": " : "{\"file\": ");
			report_json_escape(out, f->path);
			sb_printf(out, ", \"line\": %u, \"column\": %u, \"message\": ",
				  fd->notes[j].pos.line, fd->notes[j].pos.col);
			report_json_escape(out, fd->notes[j].msg);
			sb_puts(out, "}");
		}
		sb_puts(out, "]}");
	}
}

void report_file(struct strbuf *out, const struct wq_file *f,
		 enum wq_format fmt, bool first_json)
{
	if (fmt == FMT_JSON)
		report_json(out, f, first_json);
	else
		report_text(out, f);
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * Output: gcc-style text lines an editor can jump to, or JSON.  Both
 * carry the same rule ID; notes sit at their own positions.
 */
#include <stdio.h>
#include <string.h>

#include "wqport.h"

/* Length of the valid UTF-8 sequence at p (1-4), or 0 if it is not one. */
static int utf8_len(const unsigned char *p)
{
	unsigned cp;
	int n, i;

	if (p[0] < 0x80)
		return 1;
	if ((p[0] & 0xe0) == 0xc0)
		n = 2, cp = p[0] & 0x1f;
	else if ((p[0] & 0xf0) == 0xe0)
		n = 3, cp = p[0] & 0x0f;
	else if ((p[0] & 0xf8) == 0xf0)
		n = 4, cp = p[0] & 0x07;
	else
		return 0;
	for (i = 1; i < n; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (p[i] & 0x3f);
	}
	/* no overlong forms, no surrogates, nothing past U+10FFFF */
	if ((n == 2 && cp < 0x80) || (n == 3 && cp < 0x800) ||
	    (n == 4 && cp < 0x10000) || cp > 0x10ffff ||
	    (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return n;
}

/*
 * A JSON string: valid UTF-8 goes through as it is, JSON's own specials
 * are escaped, and a byte that is not UTF-8 (a Latin-1 file name, say)
 * is written \u00XX, the byte read as Latin-1 (docs/user-guide.md):
 * every strict parser accepts it (a lone surrogate \udcXX, as this was
 * once written, is rejected by many), a Latin-1 name reads as meant, and
 * since a valid character is never escaped, a \u0080..\u00ff in the text
 * always stands for one such byte (json_read.c makes it that byte again).
 */
void report_json_escape(struct strbuf *sb, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	sb_puts(sb, "\"");
	while (*p) {
		int n = utf8_len(p);

		if (*p == '"' || *p == '\\') {
			char e[2] = { '\\', (char)*p };

			sb_add(sb, e, 2);
		} else if (*p == '\n') {
			sb_puts(sb, "\\n");
		} else if (*p == '\t') {
			sb_puts(sb, "\\t");
		} else if (*p < 0x20 || *p == 0x7f) {
			sb_printf(sb, "\\u%04x", *p);
		} else if (n) {
			sb_add(sb, (const char *)p, n);
			p += n;
			continue;
		} else {
			sb_printf(sb, "\\u%04x", *p);	/* a raw byte */
		}
		p++;
	}
	sb_puts(sb, "\"");
}

/* gcc's colours: the place bold, error red, warning magenta, note cyan */
#define BOLD	"\033[01m"
#define RESET	"\033[m"

static const char *sev_color(enum wq_severity s)
{
	return s == SEV_ERROR ? "\033[01;31m" : s == SEV_WARNING ?
	       "\033[01;35m" : "\033[01;32m";
}

static void report_text(struct strbuf *out, const struct wq_file *f,
			bool color)
{
	const char *b = color ? BOLD : "", *e = color ? RESET : "";
	const char *note = color ? "\033[01;36m" : "";
	int i, j;

	for (i = 0; i < f->nfindings; i++) {
		const struct wq_finding *fd = &f->findings[i];
		const char *c = color ? sev_color(fd->severity) : "";

		sb_printf(out, "%s%s:%u:%u:%s %s%s:%s %s %s[WQ%03d]%s\n", b,
			  f->path, fd->pos.line, fd->pos.col, e, c,
			  severity_name(fd->severity), e, fd->msg, c,
			  fd->rule, e);
		for (j = 0; j < fd->nnotes; j++)
			sb_printf(out, "%s%s:%u:%u:%s %snote:%s %s\n", b,
				  fd->notes[j].file ? fd->notes[j].file : f->path,
				  fd->notes[j].pos.line, fd->notes[j].pos.col,
				  e, note, e, fd->notes[j].msg);
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
			  severity_name(fd->severity), fd->rule, r->name);
		report_json_escape(out, fd->msg);
		sb_puts(out, ", \"notes\": [");
		for (j = 0; j < fd->nnotes; j++) {
			sb_puts(out, j ? ", {\"file\": " : "{\"file\": ");
			report_json_escape(out, fd->notes[j].file ?
					   fd->notes[j].file : f->path);
			sb_printf(out, ", \"line\": %u, \"column\": %u, \"message\": ",
				  fd->notes[j].pos.line, fd->notes[j].pos.col);
			report_json_escape(out, fd->notes[j].msg);
			sb_puts(out, "}");
		}
		sb_puts(out, "]}");
	}
}

void report_file(struct strbuf *out, const struct wq_file *f,
		 enum wq_format fmt, bool first_json, bool color)
{
	if (fmt == FMT_JSON)
		report_json(out, f, first_json);
	else
		report_text(out, f, color);
}

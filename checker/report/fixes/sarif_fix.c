// SPDX-License-Identifier: GPL-2.0-only
/*
 * `wqport fix --format=sarif`: the sites of a fix run as SARIF results,
 * each converted site with its conversion as a SARIF fix.
 *
 * The check run's SARIF has no fixes: a conversion is planned, applied
 * by Coccinelle and verified per function, far more work than a check.
 * The fix run has them at hand: the original text and the verified
 * result.  Their difference (the unified diff the run prints anyway) is
 * cut into changes, runs of removed and added lines; a change belongs
 * to the converted site whose function holds it (a function converts
 * as a whole: its wait entry declaration goes with its loop), else to
 * the nearest converted site.  A function with two converted sites gives
 * its changes to the first; the second says so.  Applying every fix of
 * a file gives exactly the file `wqport fix` writes (ctest
 * ci/sarif-fixes checks this on the fixtures).
 *
 * Regions are character offsets (code points, the log's columnKind)
 * into the original text.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixout.h"
#include "kwords.h"
#include "sarif.h"

struct change {
	unsigned oline, ndel;	/* old lines [oline, oline + ndel) */
	struct strbuf ins;	/* the text put in their place */
	int owner;		/* index of the site outcome it belongs to */
};

static size_t line_offset(const char *s, size_t len, unsigned line)
{
	size_t off = 0;

	while (--line && off < len) {
		const char *nl = memchr(s + off, '\n', len - off);

		if (!nl)
			return len;
		off = nl - s + 1;
	}
	return off;
}

/* Code points in s[0, n): what SARIF's charOffset counts. */
static size_t code_points(const char *s, size_t n)
{
	size_t i, cp = 0;

	for (i = 0; i < n; i++)
		cp += ((unsigned char)s[i] & 0xc0) != 0x80;
	return cp;
}

/* Cut a unified diff of the file into changes. */
static int parse_changes(const char *diff, struct change **out)
{
	struct change *ch = NULL, *cur = NULL;
	const char *p = diff;
	unsigned o = 0;
	int n = 0;
	char last = 0;

	while (p && *p) {
		const char *eol = strchr(p, '\n');
		size_t len = eol ? (size_t)(eol - p) : strlen(p);

		if (!strncmp(p, "@@ -", 4)) {
			char *q;
			unsigned a = strtoul(p + 4, &q, 10), cnt = 1;

			if (*q == ',')
				cnt = strtoul(q + 1, &q, 10);
			o = cnt ? a : a + 1;
			cur = NULL;
		} else if (o && (*p == '-' || *p == '+')) {
			if (!cur) {
				ch = xrealloc(ch, (n + 1) * sizeof(*ch));
				cur = &ch[n++];
				memset(cur, 0, sizeof(*cur));
				cur->oline = o;
			}
			if (*p == '-') {
				cur->ndel++;
				o++;
			} else {
				sb_add(&cur->ins, p + 1, len - 1);
				sb_add(&cur->ins, "\n", 1);
			}
		} else if (o && *p == '\\') {
			/* "\ No newline at end of file" after an added line */
			if (last == '+' && cur && cur->ins.len)
				cur->ins.s[--cur->ins.len] = '\0';
		} else if (o && *p == ' ') {
			cur = NULL;
			o++;
		}
		last = *p;
		p = eol ? eol + 1 : NULL;
	}
	*out = ch;
	return n;
}

static bool converted(const struct site_outcome *o)
{
	return o->outcome == FO_CONVERT || o->outcome == FO_CAVEAT ||
	       o->outcome == FO_KEEP;
}

/* The converted site a change belongs to (see the top), or -1. */
static int owner_of(const struct fix_result *res, const struct change *c)
{
	unsigned last = c->oline + (c->ndel ? c->ndel - 1 : 0);
	unsigned best_d = ~0u;
	int j, best = -1;

	for (j = 0; j < res->nout; j++) {
		const struct site_outcome *o = &res->out[j];
		unsigned d;

		if (!converted(o))
			continue;
		if (o->fn_first <= c->oline && last <= o->fn_last)
			return j;
		d = o->pos.line < c->oline ? c->oline - o->pos.line :
		    o->pos.line > last ? o->pos.line - last : 0;
		if (d < best_d) {
			best_d = d;
			best = j;
		}
	}
	return best;
}

static void emit_fix(struct strbuf *sb, const struct fix_result *res,
		     const struct change *ch, int n, int owner)
{
	bool any = false;
	int i;

	sb_puts(sb, ",\n       \"fixes\": [{\"description\": {\"text\": ");
	report_json_escape(sb, "the conversion wqport fix applies and verifies");
	sb_puts(sb, "}, \"artifactChanges\": [{\"artifactLocation\": {");
	sarif_uri(sb, res->path);
	sb_puts(sb, "}, \"replacements\": [");
	for (i = 0; i < n; i++) {
		size_t a, b;

		if (ch[i].owner != owner)
			continue;
		a = line_offset(res->orig, res->olen, ch[i].oline);
		b = line_offset(res->orig, res->olen, ch[i].oline + ch[i].ndel);
		sb_printf(sb, "%s\n         {\"deletedRegion\": {\"charOffset\": %zu, \"charLength\": %zu}",
			  any ? "," : "", code_points(res->orig, a),
			  code_points(res->orig + a, b - a));
		if (ch[i].ins.len) {
			sb_puts(sb, ", \"insertedContent\": {\"text\": ");
			report_json_escape(sb, ch[i].ins.s);
			sb_puts(sb, "}");
		}
		sb_puts(sb, "}");
		any = true;
	}
	sb_puts(sb, "]}]}]");
}

/* Which kernel (the record's, as the JSON and the patches say it) */
static void kernel_props(struct strbuf *sb, const struct kernel_facts *k)
{
	char *t = kwords_text(k), *c = kwords_compiled(k);

	sb_puts(sb, ", \"kernel\": ");
	kwords_json(sb, k);
	sb_puts(sb, ", \"kernelWords\": ");
	report_json_escape(sb, t);
	sb_puts(sb, ", \"compiled\": ");
	report_json_escape(sb, c);
	free(t);
	free(c);
}

void sarif_fix_file(struct strbuf *sb, const struct fix_result *res,
		    const char *diff, bool *first)
{
	struct change *ch = NULL;
	int n = diff ? parse_changes(diff, &ch) : 0;
	int i, j;

	for (i = 0; i < n; i++)
		ch[i].owner = owner_of(res, &ch[i]);
	for (j = 0; j < res->nout; j++) {
		const struct site_outcome *o = &res->out[j];
		const struct wq_rule *r = rule_lookup(o->rule);
		bool owns = false;
		char *msg;

		for (i = 0; i < n; i++)
			owns |= ch[i].owner == j;
		msg = xasprintf("%s: %s%s%s", o->outcome_word,
				o->outcome == FO_REFUSE ? o->reason : "",
				o->outcome == FO_REFUSE ? ": " : "",
				o->text ? o->text : "");
		sarif_result_head(sb, first, o->rule, r->severity, msg);
		free(msg);
		sb_puts(sb, ",\n       \"locations\": [{");
		sarif_physical(sb, res->path, o->pos,
			       sarif_ucol(res->orig, res->olen, o->pos));
		sb_puts(sb, "}]");
		sb_printf(sb, ",\n       \"properties\": {\"outcome\": \"%s\"",
			  o->outcome_word);
		if (o->outcome == FO_REFUSE) {
			sb_puts(sb, ", \"reason\": ");
			report_json_escape(sb, o->reason ? o->reason : "");
		}
		fixout_verdicts_json(sb, o);
		if (converted(o) && !owns)
			sb_puts(sb, ", \"fixedWith\": \"the fix of another result of its function\"");
		if (o->kernel)
			kernel_props(sb, o->kernel);
		sb_puts(sb, "}");
		if (owns)
			emit_fix(sb, res, ch, n, j);
		sb_puts(sb, "}");
	}
	for (i = 0; i < n; i++)
		free(ch[i].ins.s);
	free(ch);
}

void sarif_fix_begin(struct strbuf *sb, const char *docs_url)
{
	sarif_begin(sb, ~0ul, docs_url);
}

/* One file of the fix run: its sites, or its error as a notification. */
void sarif_fix_add(struct strbuf *sb, struct strbuf *notes,
		   const struct fix_result *res, const char *diff, bool *first)
{
	if (res->error)
		sarif_notification(notes, res->path, "error", res->error);
	if (res->warning)
		sarif_notification(notes, res->path, "warning", res->warning);
	if (!res->error)
		sarif_fix_file(sb, res, diff, first);
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * SARIF 2.1.0 output (--format=sarif), for code-scanning services.
 *
 * The log is streamed like the other formats: the run's tool and rule
 * table first, then the results file by file in input order, then the
 * invocation with the errors and warnings about input files.  Every
 * result carries the rule, its level, the region, the notes as related
 * locations, the function as a logical location, and the fingerprint
 * that baselines use (fingerprint.c) as partialFingerprints, so a CI
 * service and `--baseline` agree on which findings are old.
 *
 * The rule help is the rule's page in docs/rules, compiled in by
 * tools/gen-rule-help.py (help.markdown), so the log explains itself
 * wherever it is read; helpUri points at that page under the base
 * --docs-url gives, and is left out without one: a file: path on the
 * machine that made the log means nothing where it is read.
 *
 * Relative paths are relative to SRCROOT, which originalUriBaseIds
 * says is the directory of the run, so a service can resolve them
 * against its checkout and a reader against the machine's tree.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <limits.h>
#include <sys/stat.h>
#include <unistd.h>

#include "rule_help.h"
#include "sarif.h"

#define SARIF_SCHEMA "https://json.schemastore.org/sarif-2.1.0.json"

static const char *sarif_level(enum wq_severity s)
{
	return s == SEV_ERROR ? "error" : s == SEV_WARNING ? "warning" : "note";
}

static const struct rule_help *help_of(int num)
{
	size_t i;

	for (i = 0; i < sizeof(rule_help) / sizeof(rule_help[0]); i++)
		if (rule_help[i].num == num)
			return &rule_help[i];
	return NULL;
}

static void uri_escape(struct strbuf *u, const unsigned char *p)
{
	for (; *p; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= '0' && *p <= '9') || strchr("-._~/", *p))
			sb_add(u, (const char *)p, 1);
		else
			sb_printf(u, "%%%02X", *p);
	}
}

/*
 * An artifactLocation's members for a path: relative paths stay
 * relative, under SRCROOT; absolute ones become file: URIs; bytes
 * outside the unreserved set are %-escaped.
 */
void sarif_uri(struct strbuf *sb, const char *path)
{
	const unsigned char *p = (const unsigned char *)path;
	struct strbuf u = { 0 };

	while (p[0] == '.' && p[1] == '/')
		p += 2;
	if (*p == '/')
		sb_puts(&u, "file://");
	uri_escape(&u, p);
	sb_puts(sb, "\"uri\": ");
	report_json_escape(sb, u.s ? u.s : "");
	if (*p != '/')
		sb_puts(sb, ", \"uriBaseId\": \"SRCROOT\"");
	free(u.s);
}

/* "originalUriBaseIds": SRCROOT is the directory the run was made in */
static void sarif_base_ids(struct strbuf *sb)
{
	char cwd[PATH_MAX];
	struct strbuf u = { 0 };

	if (!getcwd(cwd, sizeof(cwd)))
		return;
	sb_puts(&u, "file://");
	uri_escape(&u, (const unsigned char *)cwd);
	if (u.s[u.len - 1] != '/')
		sb_puts(&u, "/");
	sb_puts(sb, "    \"originalUriBaseIds\": {\"SRCROOT\": {\"uri\": ");
	report_json_escape(sb, u.s);
	sb_puts(sb, "}},\n");
	free(u.s);
}

/*
 * libclang's columns count bytes; SARIF's count characters (the log says
 * unicodeCodePoints).  They differ on a line with UTF-8 before the
 * finding, so the columns are converted while the text is at hand.
 */
unsigned sarif_ucol(const char *text, size_t len, struct wq_pos pos)
{
	const char *p = text, *end = text + len;
	unsigned line = pos.line, i, col = 1;

	if (!text || !pos.line || !pos.col)
		return 0;
	while (--line) {
		p = memchr(p, '\n', end - p);
		if (!p)
			return 0;
		p++;
	}
	for (i = 1; i < pos.col && p < end && *p != '\n'; i++, p++)
		col += ((unsigned char)*p & 0xc0) != 0x80;
	return col;
}

void sarif_columns(struct wq_file *f)
{
	int i, j;

	for (i = 0; i < f->nfindings; i++) {
		struct wq_finding *fd = &f->findings[i];

		fd->ucol = sarif_ucol(f->buf, f->len, fd->pos);
		for (j = 0; j < fd->nnotes; j++)	/* another file: unknown */
			fd->notes[j].ucol = fd->notes[j].file ? 0 :
				sarif_ucol(f->buf, f->len, fd->notes[j].pos);
	}
}

void sarif_physical(struct strbuf *sb, const char *path, struct wq_pos pos,
		    unsigned ucol)
{
	sb_puts(sb, "\"physicalLocation\": {\"artifactLocation\": {");
	sarif_uri(sb, path);
	sb_printf(sb, "}, \"region\": {\"startLine\": %u, \"startColumn\": %u}}",
		  pos.line ? pos.line : 1, ucol ? ucol : pos.col ? pos.col : 1);
}

/* Index of each rule in the log's rule table, -1 when not in it. */
static int rule_index[WQ_MAX_RULE];

void sarif_begin(struct strbuf *sb, unsigned long rule_mask,
		 const char *docs_url)
{
	const struct wq_rule *t;
	size_t n, i;
	int k = 0;

	t = rule_table(&n);
	sb_puts(sb, "{\n  \"$schema\": \"" SARIF_SCHEMA "\",\n"
		"  \"version\": \"2.1.0\",\n  \"runs\": [{\n"
		"    \"tool\": {\"driver\": {\"name\": \"wqport\", \"version\": \""
		WQPORT_VERSION "\", \"semanticVersion\": \"" WQPORT_VERSION
		"\",\n      \"rules\": [");
	for (i = 0; i < WQ_MAX_RULE; i++)
		rule_index[i] = -1;
	for (i = 0; i < n; i++) {
		const struct wq_rule *r = &t[i];
		const struct rule_help *h = help_of(r->num);

		if (r->status != ST_STABLE || !(rule_mask & (1ul << r->num)))
			continue;
		rule_index[r->num] = k;
		sb_printf(sb, "%s\n        {\"id\": \"WQ%03d\", \"name\": ",
			  k++ ? "," : "", r->num);
		report_json_escape(sb, r->name);
		sb_puts(sb, ", \"shortDescription\": {\"text\": ");
		report_json_escape(sb, r->summary);
		sb_puts(sb, "}");
		if (h) {
			sb_puts(sb, ",\n         \"fullDescription\": {\"text\": ");
			report_json_escape(sb, h->full);
			sb_puts(sb, "},\n         \"help\": {\"text\": ");
			report_json_escape(sb, h->markdown);
			sb_puts(sb, ", \"markdown\": ");
			report_json_escape(sb, h->markdown);
			sb_puts(sb, "}");
		}
		if (h && docs_url && *docs_url) {
			bool slash = docs_url[strlen(docs_url) - 1] == '/';
			char *uri = xasprintf("%s%s%s", docs_url,
					      slash ? "" : "/", h->page);

			sb_puts(sb, ",\n         \"helpUri\": ");
			report_json_escape(sb, uri);
			free(uri);
		}
		sb_printf(sb, ",\n         \"defaultConfiguration\": {\"level\": \"%s\"},\n"
			  "         \"properties\": {\"confidence\": \"%s\", \"fix\": \"%s\", \"tags\": [\"%s\"]}}",
			  sarif_level(r->severity),
			  confidence_name(r->confidence), fix_name(r->fix),
			  severity_name(r->severity));
	}
	sb_puts(sb, "]}},\n");
	sarif_base_ids(sb);
	sb_puts(sb, "    \"columnKind\": \"unicodeCodePoints\",\n"
		"    \"results\": [");
}

/* A result up to its message; the caller adds the rest and the '}'. */
void sarif_result_head(struct strbuf *sb, bool *first, int rule,
		       enum wq_severity sev, const char *msg)
{
	sb_printf(sb, "%s\n      {\"ruleId\": \"WQ%03d\"", *first ? "" : ",",
		  rule);
	if (rule_index[rule] >= 0)
		sb_printf(sb, ", \"ruleIndex\": %d", rule_index[rule]);
	sb_printf(sb, ", \"level\": \"%s\", \"message\": {\"text\": ",
		  sarif_level(sev));
	report_json_escape(sb, msg);
	sb_puts(sb, "}");
	*first = false;
}

/* The results of one file; *first says whether none was printed yet. */
void sarif_file(struct strbuf *sb, const struct wq_file *f, bool *first)
{
	int i, j;

	for (i = 0; i < f->nfindings; i++) {
		const struct wq_finding *fd = &f->findings[i];
		sarif_result_head(sb, first, fd->rule, fd->severity, fd->msg);
		sb_puts(sb, ",\n       \"locations\": [{");
		sarif_physical(sb, f->path, fd->pos, fd->ucol);
		if (fd->func) {
			sb_puts(sb, ", \"logicalLocations\": [{\"name\": ");
			report_json_escape(sb, fd->func);
			sb_puts(sb, ", \"kind\": \"function\"}]");
		}
		sb_puts(sb, "}]");
		if (fd->nnotes)
			sb_puts(sb, ",\n       \"relatedLocations\": [");
		for (j = 0; j < fd->nnotes; j++) {
			sb_printf(sb, "%s{\"id\": %d, ", j ? ", " : "", j + 1);
			sarif_physical(sb, fd->notes[j].file ?
				       fd->notes[j].file : f->path,
				       fd->notes[j].pos, fd->notes[j].ucol);
			sb_puts(sb, ", \"message\": {\"text\": ");
			report_json_escape(sb, fd->notes[j].msg);
			sb_puts(sb, "}}");
		}
		if (fd->nnotes)
			sb_puts(sb, "]");
		sb_printf(sb, ",\n       \"partialFingerprints\": {\"wqport/v1\": \"%s\"}}",
			  fd->fp);
	}
}

/* An error or warning about an input file (or the run: path NULL). */
void sarif_notification(struct strbuf *sb, const char *path,
			const char *level, const char *msg)
{
	sb_puts(sb, sb->len ? ",\n        {" : "\n        {");
	sb_printf(sb, "\"level\": \"%s\", \"message\": {\"text\": ", level);
	report_json_escape(sb, msg);
	sb_puts(sb, "}");
	if (path) {
		sb_puts(sb, ", \"locations\": [{\"physicalLocation\": {\"artifactLocation\": {");
		sarif_uri(sb, path);
		sb_puts(sb, "}}}]");
	}
	sb_puts(sb, "}");
}

void sarif_end(struct strbuf *sb, const struct strbuf *notes, bool any,
	       bool success)
{
	sb_printf(sb, "%s],\n    \"invocations\": [{\"executionSuccessful\": %s,\n"
		  "      \"toolExecutionNotifications\": [%s%s]}]\n  }]\n}\n",
		  any ? "\n    " : "",
		  success ? "true" : "false",
		  notes->s ? notes->s : "", notes->len ? "\n      " : "");
}

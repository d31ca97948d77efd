// SPDX-License-Identifier: GPL-2.0-only
/*
 * `wqport fix --series DIR`: one patch per changed file, written as
 * `git format-patch -s` writes a commit, so that a maintainer can read,
 * `git am` and send it as it is, and the kernel's scripts/checkpatch.pl
 * passes it.
 *
 * The author is git's (`git var GIT_AUTHOR_IDENT`: user.name and
 * user.email from the repository's and the user's config, or the
 * GIT_AUTHOR_* environment), or --author; the date is the author date
 * git gives (GIT_AUTHOR_DATE), else now.  Each patch carries a
 * Signed-off-by: of the author unless --no-signoff: the Developer's
 * Certificate of Origin is the sender's to give, so it is given only by
 * an identity the user configured or named.
 *
 * The subject is "[PATCH n/m] dir: file: what changed"; the body says
 * per function what was converted to what, why (per rule), what to
 * check (caveats) and which sites were left alone; then a diffstat and
 * the diff.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "fixout.h"
#include "kwords.h"
#include "patchtext.h"
#include "child.h"

#define WRAP 72			/* git's and the kernel's commit width */

/* "Name <email> 1733326814 +0100" of git var, or of --author and now */
int series_identity(struct fix_opts *fo, char **err)
{
	char *argv[] = { "git", "var", "GIT_AUTHOR_IDENT", NULL };
	struct strbuf out = { 0 };
	const char *lt, *gt;
	char *end;
	int rc;

	rc = spawn_capture(argv, NULL, &out, true);
	fo->when = time(NULL);
	fo->tz = 0;
	if (!rc && out.s && (gt = strrchr(out.s, '>'))) {
		fo->when = strtoll(gt + 1, &end, 10);
		fo->tz = strtol(end, NULL, 10);
		if (!fo->author)
			fo->author = fo->author_owned =
				xasprintf("%.*s", (int)(gt + 1 - out.s), out.s);
	} else if (fo->author) {
		time_t now = fo->when;
		struct tm tm;

		localtime_r(&now, &tm);
		fo->tz = tm.tm_gmtoff / 3600 * 100 + tm.tm_gmtoff / 60 % 60;
	}
	free(out.s);
	if (!fo->author) {
		*err = xstrdup("--series needs an author: set git's user.name and user.email (git config), or give --author='Name <email>'");
		return -1;
	}
	lt = strchr(fo->author, '<');
	gt = strrchr(fo->author, '>');
	if (!lt || !gt || gt < lt || lt == fo->author || gt[1]) {
		*err = xasprintf("bad author '%s' (say --author='Name <email>')",
				 fo->author);
		return -1;
	}
	return 0;
}

/* Files the series will have a patch for: the n of [PATCH k/n] */
int series_count(const struct fix_result *files, int n)
{
	int i, k = 0;

	for (i = 0; i < n; i++)
		k += !files[i].error && files[i].final &&
		     (files[i].flen != files[i].olen ||
		      memcmp(files[i].final, files[i].orig, files[i].olen));
	return k;
}

static bool ascii(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s >= 0x80)
			return false;
	return true;
}

/* "From: " as git writes it: RFC 2047 for non-ASCII, quotes for specials */
static void from_line(struct strbuf *sb, const char *author)
{
	const char *lt = strchr(author, '<');
	int n = lt - author;
	int i;

	while (n && author[n - 1] == ' ')
		n--;
	sb_puts(sb, "From: ");
	if (!ascii(author)) {
		sb_puts(sb, "=?UTF-8?q?");
		for (i = 0; i < n; i++) {
			unsigned char c = author[i];

			if (c == ' ')
				sb_puts(sb, "=20");
			else if (c >= 0x80 || c == '=' || c == '?' || c == '_' ||
				 strchr("()<>@,;:\\\".[]", c))
				sb_printf(sb, "=%02X", c);
			else
				sb_add(sb, (const char *)&c, 1);
		}
		sb_puts(sb, "?=");
	} else if (strpbrk(author, "()<>@,;:\\\".[]") < lt) {
		sb_puts(sb, "\"");
		for (i = 0; i < n; i++) {
			if (author[i] == '"' || author[i] == '\\')
				sb_puts(sb, "\\");
			sb_add(sb, author + i, 1);
		}
		sb_puts(sb, "\"");
	} else {
		sb_add(sb, author, n);
	}
	sb_printf(sb, " %s\n", lt);
}

/* RFC 2822 as git writes it: "Fri, 4 Dec 2026 15:30:14 +0100" */
static void date_line(struct strbuf *sb, long long when, int tz)
{
	time_t t = when + (tz / 100 * 3600 + tz % 100 * 60);
	struct tm tm;
	char buf[64];

	gmtime_r(&t, &tm);
	strftime(buf, sizeof(buf), "%a, ", &tm);
	sb_printf(sb, "Date: %s%d ", buf, tm.tm_mday);
	strftime(buf, sizeof(buf), "%b %Y %H:%M:%S", &tm);
	sb_printf(sb, "%s %c%04d\n", buf, tz < 0 ? '-' : '+', tz < 0 ? -tz : tz);
}

/* text wrapped at WRAP columns, each line after `first` or `rest` */
static void wrap(struct strbuf *sb, const char *text, const char *first,
		 const char *rest)
{
	const char *indent = first;
	size_t col = 0;

	while (*text) {
		size_t w = strcspn(text, " ");

		if (col && col + 1 + w > WRAP) {
			sb_puts(sb, "\n");
			col = 0;
		}
		if (!col) {
			sb_puts(sb, indent);
			col = strlen(indent);
			indent = rest;
		} else {
			sb_puts(sb, " ");
			col++;
		}
		sb_add(sb, text, w);
		col += w;
		text += w;
		while (*text == ' ')
			text++;
	}
	sb_puts(sb, "\n");
}

/* Why a rule's sites are worth converting, for the body */
static const char *rule_why(int rule)
{
	switch (rule) {
	case WQ001:
		return "The sleep_on() family tests no condition of its own: the caller tests it and only then is the task queued, so a wake_up() that comes in between is lost and the task sleeps until the next one, or forever.  The family was removed in Linux 3.15.  wait_event*() queues the task before it tests the condition; a sleep that waits for no event is a plain schedule_timeout*().";
	case WQ002:
		return "A wait loop written out with add_wait_queue(), the task state and schedule() is what wait_event*() and prepare_to_wait()/finish_wait() do; each copy by hand is one more place where the order of queueing, setting the state and testing the condition can go wrong.";
	case WQ003:
		return "The loop tests its condition before it sets the task state, so a wake_up() between the test and the state change is lost and the task sleeps although the condition holds.";
	case WQ004:
		return "A schedule*() call made with the task in TASK_RUNNING does not sleep: it returns at once, so the loop spins, or the delay does not happen.";
	case WQ006:
		return "A path returns while the on-stack wait entry is still queued, leaving the queue with a pointer into a dead stack frame.";
	default:
		return rule_lookup(rule)->summary;
	}
}

static const char *site_func(const struct fix_result *res, int i)
{
	return res->out[i].func ? res->out[i].func : "";
}

/* What the patch does, why, what to check and what it leaves */
static void body(struct strbuf *sb, const struct fix_result *res)
{
	bool why_done[WQ_MAX_RULE] = { false };
	char *t;
	int i, pass;

	for (i = 0; i < res->nout; i++) {
		const struct site_outcome *o = &res->out[i];

		if (o->outcome == FO_REFUSE)
			continue;
		size_t call = form_call_len(o->form);

		if (call && !strncmp(o->form, "prepare_to_wait", 15) &&
		    o->rule == WQ001)
			t = xasprintf("In %s(), %s() (line %u) becomes %.*s(), %s() and finish_wait().",
				      site_func(res, i), o->anchor, o->pos.line,
				      (int)call, o->form,
				      strstr(o->anchor, "timeout") ?
				      "schedule_timeout" : "schedule");
		else if (call && *o->anchor &&
			 (strlen(o->anchor) != call ||
			  strncmp(o->anchor, o->form, call)))
			t = xasprintf("In %s(), %s() (line %u) becomes %.*s().",
				      site_func(res, i), o->anchor, o->pos.line,
				      (int)call, o->form);
		else
			t = xasprintf("In %s() (line %u): %s.", site_func(res, i),
				      o->pos.line, o->text);
		wrap(sb, t, "", "");
		free(t);
	}
	sb_puts(sb, "\n");
	for (i = 0; i < res->nout; i++) {
		const struct site_outcome *o = &res->out[i];

		if (o->outcome == FO_REFUSE || o->rule <= 0 ||
		    o->rule >= WQ_MAX_RULE || why_done[o->rule])
			continue;
		why_done[o->rule] = true;
		wrap(sb, rule_why(o->rule), "", "");
		sb_puts(sb, "\n");
	}
	/* to check; refused but rewritten with another site; left alone */
	for (pass = 0; pass < 3; pass++) {
		static const char *const head[] = {
			"To check in review:\n",
			"Not planned on their own, rewritten with another site's change:\n",
			"Left as they were (wqport fix gives the reasons):\n",
		};
		bool any = false;

		for (i = 0; i < res->nout; i++) {
			const struct site_outcome *o = &res->out[i];
			const char *fn = site_func(res, i);

			if (!pass ? o->outcome != FO_CAVEAT && o->outcome != FO_KEEP :
			    o->outcome != FO_REFUSE || !o->with_line != (pass == 2))
				continue;
			if (!any)
				sb_puts(sb, head[pass]);
			any = true;
			t = xasprintf("line %u%s%s%s: %s%s%s", o->pos.line,
				      *fn ? ", " : "", fn, *fn ? "()" : "",
				      pass ? o->reason : "", pass ? ": " : "",
				      o->text);
			wrap(sb, t, "- ", "  ");
			free(t);
		}
		if (any)
			sb_puts(sb, "\n");
	}
	/* which kernel: the code's, the rewrite's, what the first lacks */
	t = kwords_text(&res->kf);
	wrap(sb, t, "", "");
	sb_puts(sb, "\n");
	free(t);
	t = kwords_compiled(&res->kf);
	wrap(sb, t, "", "");
	free(t);
}

/* " path | 12 ++++------" and the totals line, as git's --stat=72 */
static void diffstat(struct strbuf *sb, const char *name, const char *diff)
{
	const char *p = strstr(diff, "\n@@");
	int add = 0, del = 0, total, width, digits, a, d;

	for (; p && *p; p = strchr(p, '\n')) {
		p++;
		if (*p == '+')
			add++;
		else if (*p == '-')
			del++;
	}
	total = add + del;
	digits = snprintf(NULL, 0, "%d", total);
	width = WRAP - 1 - (int)strlen(name) - 3 - digits - 1;
	if (width < 6)
		width = 6;
	a = add;
	d = del;
	if (total > width) {	/* scaled, each side at least one */
		a = add ? (add * width + total / 2) / total : 0;
		d = del ? (del * width + total / 2) / total : 0;
		if (add && !a)
			a = 1;
		if (del && !d)
			d = 1;
		while (a + d > width)
			(a > d ? a-- : d--);
	}
	sb_printf(sb, " %s | %d ", name, total);
	while (a--)
		sb_puts(sb, "+");
	while (d--)
		sb_puts(sb, "-");
	sb_printf(sb, "\n 1 file changed");
	if (add)
		sb_printf(sb, ", %d insertion%s(+)", add, add == 1 ? "" : "s");
	if (del)
		sb_printf(sb, ", %d deletion%s(-)", del, del == 1 ? "" : "s");
	sb_puts(sb, "\n\n");
}

/* ---- the index line: git's blob names (SHA-1 of "blob <len>\0" text) ---- */

struct sha1 {
	uint32_t h[5];
	unsigned char buf[64];
	uint64_t len;
};

static uint32_t rol(uint32_t x, int n)
{
	return (x << n) | (x >> (32 - n));
}

static void sha1_block(struct sha1 *c, const unsigned char *p)
{
	uint32_t w[80], a = c->h[0], b = c->h[1], d = c->h[3], e = c->h[4];
	uint32_t cc = c->h[2], f, k, t;
	int i;

	for (i = 0; i < 16; i++)
		w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 |
		       (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
	for (; i < 80; i++)
		w[i] = rol(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
	for (i = 0; i < 80; i++) {
		if (i < 20) {
			f = (b & cc) | (~b & d);
			k = 0x5a827999;
		} else if (i < 40) {
			f = b ^ cc ^ d;
			k = 0x6ed9eba1;
		} else if (i < 60) {
			f = (b & cc) | (b & d) | (cc & d);
			k = 0x8f1bbcdc;
		} else {
			f = b ^ cc ^ d;
			k = 0xca62c1d6;
		}
		t = rol(a, 5) + f + e + k + w[i];
		e = d;
		d = cc;
		cc = rol(b, 30);
		b = a;
		a = t;
	}
	c->h[0] += a;
	c->h[1] += b;
	c->h[2] += cc;
	c->h[3] += d;
	c->h[4] += e;
}

static void sha1_add(struct sha1 *c, const void *data, size_t n)
{
	const unsigned char *p = data;

	while (n--) {
		c->buf[c->len++ % 64] = *p++;
		if (!(c->len % 64))
			sha1_block(c, c->buf);
	}
}

/* git hash-object: the blob's name, 40 hex digits, into hex[41] */
static void blob_name(const char *text, size_t n, char hex[41])
{
	struct sha1 c = { { 0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476,
			    0xc3d2e1f0 }, { 0 }, 0 };
	char head[32];
	uint64_t bits;
	int i, hl = snprintf(head, sizeof(head), "blob %zu", n) + 1;
	unsigned char pad = 0x80, be[8];

	sha1_add(&c, head, hl);		/* with its NUL */
	sha1_add(&c, text, n);
	bits = c.len * 8;
	sha1_add(&c, &pad, 1);
	pad = 0;
	while (c.len % 64 != 56)
		sha1_add(&c, &pad, 1);
	for (i = 0; i < 8; i++)
		be[i] = bits >> (56 - 8 * i);
	sha1_add(&c, be, 8);
	for (i = 0; i < 5; i++)
		snprintf(hex + 8 * i, 9, "%08x", c.h[i]);
}

/* "index 1a2b3c4d5e6f..0f1e2d3c4b5a 100644", as git format-patch writes
 * it (12 digits, the kernel's core.abbrev) */
static void index_line(struct strbuf *sb, const struct fix_result *res)
{
	char a[41], b[41];

	blob_name(res->orig, res->olen, a);
	blob_name(res->final, res->flen, b);
	sb_printf(sb, "index %.12s..%.12s %s\n", a, b,
		  (res->snap.st_mode & 0111) ? "100755" : "100644");
}

/* 0001-char-acme_adc-replace-....patch, as format-patch names them */
static char *patch_name(const char *dir, int num, const char *subject)
{
	struct strbuf s = { 0 };
	bool dash = false;
	char *name;

	sb_add(&s, "", 0);
	for (; *subject && s.len < 52; subject++) {
		char c = *subject;

		if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    (c >= '0' && c <= '9') || c == '_' || c == '.') {
			if (dash && s.len)
				sb_puts(&s, "-");
			sb_add(&s, &c, 1);
			dash = false;
		} else {
			dash = true;
		}
	}
	while (s.len && s.s[s.len - 1] == '.')
		s.s[--s.len] = '\0';
	name = xasprintf("%s/%04d-%s.patch", dir, num, s.s);
	free(s.s);
	return name;
}

char *series_patch(const struct fix_result *res, const struct fix_opts *fo,
		   int num, int total, const char *name, const char *subject,
		   const char *diff, char **path, size_t *len)
{
	struct strbuf sb = { 0 };
	char *qa, *qb, *qn;

	sb_puts(&sb, "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n");
	from_line(&sb, fo->author);
	date_line(&sb, fo->when, fo->tz);
	if (total > 1)
		sb_printf(&sb, "Subject: [PATCH %d/%d] %s\n", num, total, subject);
	else
		sb_printf(&sb, "Subject: [PATCH] %s\n", subject);
	if (!ascii(fo->author) || !ascii(diff))
		sb_puts(&sb, "MIME-Version: 1.0\nContent-Type: text/plain; charset=UTF-8\nContent-Transfer-Encoding: 8bit\n");
	sb_puts(&sb, "\n");
	body(&sb, res);
	if (!fo->no_signoff)
		sb_printf(&sb, "\nSigned-off-by: %s\n", fo->author);
	sb_puts(&sb, "---\n");
	qa = git_quote_path("a/", name);
	qb = git_quote_path("b/", name);
	qn = git_quote_path("", name);
	diffstat(&sb, qn, diff);
	sb_printf(&sb, "diff --git %s %s\n", qa, qb);
	free(qa);
	free(qb);
	free(qn);
	index_line(&sb, res);
	sb_printf(&sb, "%s-- \nwqport %s\n\n", diff, WQPORT_VERSION);
	*path = patch_name(fo->series, num, subject);
	*len = sb.len;
	return sb.s;
}

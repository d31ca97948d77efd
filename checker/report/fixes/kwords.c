// SPDX-License-Identifier: GPL-2.0-only
/*
 * Which kernel: what the summary, the JSON, SARIF, the report and
 * every --series patch say about the kernel the code is from and the
 * one the rewrite is written for, formatted from the facts fix/ put in
 * the file's record (fix/record.c, struct kernel_facts).
 *
 * The kernel the code is from is frontend/input/ktree.c's (the tree's
 * Makefile, or the version header of the build the flags point at),
 * whatever --target says; "not known" when neither is found.  The
 * rewrite is written for --target, else the latest kernel wqport models
 * (fix.h, WQ_DEFAULT_TARGET).  The primitives the rewrite writes are the
 * wait calls the rewrite adds; for each, whether the code's kernel has
 * it (that kernel's own headers, else checker/target.def for its
 * version, else not known), and the words say which.  Nothing here is
 * worded from memory, and nothing is looked up here.
 *
 * The closing sentence of a patch says against which headers the
 * result was compiled: the compile check of fix/engine.c (cc_check.c)
 * parses the rewritten file with libclang under the same arguments as
 * the check (frontend/parse.c, build_args()): wqport's shim headers,
 * a hand-written model of Linux 6.1's API, unless flags were given
 * after `--`, and it fails a function on a compiler error the input
 * did not have.  It builds no object code.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kwords.h"
#include "patchtext.h"

static void kw_free(struct kernel_facts *k)
{
	while (k->nwritten)
		free(k->written[--k->nwritten]);
	free(k->where);
	free(k->unchecked);
}

/* "its top-level Makefile", "its build's linux/version.h" */
static char *from_words(const char *from)
{
	const char *b;
	size_t n;

	if (!from)
		return xstrdup("found by wqport");
	n = strlen(from);
	if (n >= 9 && !strcmp(from + n - 9, "/Makefile"))
		return xstrdup("its tree's top-level Makefile");
	b = strstr(from, "/include/");
	return xasprintf("its build's %s", b ? b + 9 : from);
}

/* "a(), b() and c()" of the written names whose answer is h */
static int names_with(const struct kernel_facts *k, enum kh_have h,
		      struct strbuf *sb)
{
	int i, n = 0, total = 0;

	for (i = 0; i < k->nwritten; i++)
		total += k->have[i] == h;
	for (i = 0; i < k->nwritten; i++) {
		if (k->have[i] != h)
			continue;
		sb_printf(sb, "%s%s()", !n ? "" : n == total - 1 ? " and " : ", ",
			  k->written[i]);
		n++;
	}
	return n;
}

char *kwords_text(const struct kernel_facts *k)
{
	struct strbuf sb = { 0 }, lack = { 0 }, unk = { 0 };
	char *t = kernel_version_text(k->target), *f, *fw;
	const char *src;
	bool hdrs;
	int nl, nu;

	if (!k->from) {
		sb_printf(&sb, "The kernel the code is from is not known (no kernel tree or build found above it); the rewrite is written for Linux %s (%s), and whether the code's kernel has what it calls is not known either.",
			  t, k->target_given ? "--target" :
			  "the default target, the newest kernel wqport's tables know; --target names another");
		free(t);
		return sb.s;
	}
	f = kernel_version_text(k->from);
	fw = from_words(k->from_file);
	sb_printf(&sb, "The code is from Linux %s (%s); the rewrite is written for Linux %s (%s).",
		  f, fw, t, k->target_given ? "--target" :
		  "the default target, the newest kernel wqport's tables know; --target names another");
	nl = names_with(k, KH_NO, &lack);
	nu = names_with(k, KH_UNKNOWN, &unk);
	hdrs = k->where && strncmp(k->where, "table:", 6);
	src = hdrs ? k->where :
	      "wqport's table of first releases, checker/target.def";
	if (nl && hdrs)
		sb_printf(&sb, " Linux %s lacks what the rewrite writes: %s (%s the headers of that tree read: %s); the result needs a kernel that has %s.",
			  f, lack.s, nl == 1 ? "not declared in" :
			  "none is declared in", src, nl == 1 ? "it" : "them");
	else if (nl)
		sb_printf(&sb, " Linux %s lacks what the rewrite writes: %s (by %s); the result needs a kernel that has %s.",
			  f, lack.s, src, nl == 1 ? "it" : "them");
	if (nu)
		sb_printf(&sb, " Whether Linux %s has %s is not known (not found in such headers of it as wqport could read, and no row of checker/target.def dates it).",
			  f, unk.s);
	if (!nl && !nu && k->nwritten)
		sb_printf(&sb, " Linux %s has every wait primitive the rewrite adds (%s %s).",
			  f, hdrs ? "declared in the headers of that tree read:" :
			  "by", src);
	free(lack.s);
	free(unk.s);
	free(t);
	free(f);
	free(fw);
	return sb.s;
}

void kwords_json(struct strbuf *sb, const struct kernel_facts *k)
{
	static const char *const have[] = { "unknown", "yes", "no" };
	char *t = kernel_version_text(k->target);
	int i;

	sb_puts(sb, "{\"from\": ");
	if (k->from) {
		char *f = kernel_version_text(k->from);

		report_json_escape(sb, f);
		free(f);
	} else {
		sb_puts(sb, "null");
	}
	sb_puts(sb, ", \"from_file\": ");
	if (k->from_file)
		report_json_escape(sb, k->from_file);
	else
		sb_puts(sb, "null");
	sb_puts(sb, ", \"target\": ");
	report_json_escape(sb, t);
	sb_printf(sb, ", \"target_given\": %s, \"written\": [",
		  k->target_given ? "true" : "false");
	for (i = 0; i < k->nwritten; i++) {
		sb_puts(sb, i ? ", {\"name\": " : "{\"name\": ");
		report_json_escape(sb, k->written[i]);
		sb_printf(sb, ", \"in_from\": \"%s\"}", have[k->have[i]]);
	}
	sb_puts(sb, "], \"source\": ");
	if (k->where)
		report_json_escape(sb, k->where);
	else
		sb_puts(sb, "null");
	/* the changed functions nothing read (an #if branch off) */
	sb_puts(sb, ", \"unread\": ");
	if (k->unchecked)
		report_json_escape(sb, k->unchecked);
	else
		sb_puts(sb, "null");
	sb_puts(sb, "}");
	free(t);
}

char *kwords_compiled(const struct kernel_facts *k)
{
	char *against = k->cc_flags ?
		xstrdup("with the compiler flags it was given") :
		xasprintf("against wqport's own model of the Linux 6.1 headers%s",
			  k->tree_known ?
			  ", not the headers of the tree the file is in" : "");
	char *miss = k->cc_missing ? xasprintf(
		", except the errors that follow from the header %s, which the file includes and clang did not find (the input has the same errors; they were not counted)",
		k->cc_missing) : xstrdup("");
	char *s;

	if (k->unchecked && !k->checked)
		s = xasprintf("Converted with wqport %s fix, which replaced the sleep%s in place in %s, inside an #if branch the flags it was given do not compile: neither its analysis nor clang read the result; build it with that branch on before applying.",
			      WQPORT_VERSION, strchr(k->unchecked, ',') ? "s" : "",
			      k->unchecked);
	else
		s = xasprintf("Converted with wqport %s fix, which checked each changed function again and had clang parse the result %s (syntax and types, no object code): no compiler error the input did not have%s.%s%s%s",
			      WQPORT_VERSION, against, miss,
			      k->unchecked ? " Not so " : "",
			      k->unchecked ? k->unchecked : "",
			      k->unchecked ? ", inside an #if branch those flags do not compile: replaced in place, read by neither the analysis nor clang." : "");

	free(against);
	free(miss);
	return s;
}

/* The run's words for one kernel: k's written names added to into's */
void kwords_merge(struct kernel_facts *into, const struct kernel_facts *k)
{
	int i, j;

	if (!into->target) {
		into->from = k->from;
		into->from_file = k->from_file;
		into->target = k->target;
		into->target_given = k->target_given;
	}
	if (!into->where && k->where)
		into->where = xstrdup(k->where);
	into->checked |= k->checked;
	if (k->unchecked) {
		char *u = into->unchecked ?
			xasprintf("%s, %s", into->unchecked, k->unchecked) :
			xstrdup(k->unchecked);

		free(into->unchecked);
		into->unchecked = u;
	}
	for (i = 0; i < k->nwritten; i++) {
		for (j = 0; j < into->nwritten; j++)
			if (!strcmp(into->written[j], k->written[i]))
				break;
		if (j < into->nwritten || into->nwritten == KW_MAX)
			continue;
		into->have[into->nwritten] = k->have[i];
		into->written[into->nwritten++] = xstrdup(k->written[i]);
	}
}

static bool same_str(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

void kwords_run_add(struct kwords_run *run, const struct kernel_facts *k)
{
	int i;

	for (i = 0; i < run->n && (run->k[i].from != k->from ||
				   !same_str(run->k[i].from_file, k->from_file));
	     i++)
		;
	if (i == KW_KERNELS) {
		run->more++;	/* its words are in its file's JSON only */
		return;
	}
	kwords_merge(&run->k[i], k);
	run->n += i == run->n;
}

void kwords_run_json(struct strbuf *sb, const struct kwords_run *run)
{
	int i;

	for (i = 0; i < run->n; i++) {
		char *t = kwords_text(&run->k[i]);

		sb_puts(sb, i ? ", {\"kernel\": " : "{\"kernel\": ");
		kwords_json(sb, &run->k[i]);
		sb_puts(sb, ", \"words\": ");
		report_json_escape(sb, t);
		sb_puts(sb, "}");
		free(t);
	}
}

void kwords_run_print(const struct kwords_run *run, FILE *out)
{
	int i;

	for (i = 0; i < run->n; i++) {
		char *t = kwords_text(&run->k[i]);

		fprintf(out, "wqport fix: kernel: %s\n", t);
		free(t);
	}
	if (run->more)
		fprintf(out, "wqport fix: kernel: %d more file%s from other kernels (more than %d kernels in the run): the JSON's \"kernel\" of each file says which\n",
			run->more, run->more == 1 ? "" : "s", run->n);
}

void kwords_run_release(struct kwords_run *run)
{
	int i;

	for (i = 0; i < run->n; i++)
		kw_free(&run->k[i]);
}

/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Which kernel the code is from, which the rewrite is written for, and
 * what the rewrite writes that the former lacks (kwords.c); the closing
 * sentence of a patch, saying against which headers it compiled.
 */
#ifndef WQPORT_KWORDS_H
#define WQPORT_KWORDS_H

#include <stdio.h>

#include "analysis.h"
#include "fixout.h"	/* fix/result.h, fix's one header for the report */

#define KW_MAX 16

struct kwords {
	unsigned from;			/* the code's kernel, 0: not known */
	const char *from_file;		/* what said so, or NULL */
	unsigned target;		/* the rewrite's: --target or default */
	bool target_given;
	char *written[KW_MAX];		/* wait calls the rewrite adds */
	enum kh_have have[KW_MAX];	/* ... does the code's kernel have it */
	int nwritten;
	char *where;			/* whose answer: headers or table */
};

void kwords_of(struct kwords *k, const struct fix_result *res,
	       const struct fix_opts *fo, const char *diff);
void kwords_release(struct kwords *k);
/* Add k's written names to into (zeroed at first: takes k's kernels) */
void kwords_merge(struct kwords *into, const struct kwords *k);
/* The sentences for a patch body and the summary */
char *kwords_text(const struct kwords *k);
/* The "kernel" object of the fix JSON */
void kwords_json(struct strbuf *sb, const struct kwords *k);
/* The kernels of a run's files, for the summary: at most KW_KERNELS */
#define KW_KERNELS 8
struct kwords_run {
	struct kwords k[KW_KERNELS];
	int n;
	int more;		/* files of further kernels */
};

void kwords_run_add(struct kwords_run *run, const struct kwords *k);
/* The members of summary.kernels: {"kernel": {...}, "words": "..."} */
void kwords_run_json(struct strbuf *sb, const struct kwords_run *run);
/* A line "wqport fix: kernel: ..." per kernel */
void kwords_run_print(const struct kwords_run *run, FILE *out);
void kwords_run_release(struct kwords_run *run);
/* "Converted with wqport X fix, which ... compiled against ..." */
char *kwords_compiled(const struct fix_result *res, const struct fix_opts *fo);

#endif /* WQPORT_KWORDS_H */

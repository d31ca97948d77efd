/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Which kernel the code is from, which the rewrite is written for, and
 * what the rewrite writes that the former lacks, formatted from the
 * file's struct kernel_facts (fix/record.h) by kwords.c; the closing
 * sentence of a patch, saying against which headers it compiled.
 */
#ifndef WQPORT_KWORDS_H
#define WQPORT_KWORDS_H

#include <stdio.h>

#include "fixout.h"	/* fix/result.h, fix's one header for the report */

/* Add k's written names to into (zeroed at first: takes k's kernels) */
void kwords_merge(struct kernel_facts *into, const struct kernel_facts *k);
/* The sentences for a patch body and the summary */
char *kwords_text(const struct kernel_facts *k);
/* The "kernel" object of the fix JSON */
void kwords_json(struct strbuf *sb, const struct kernel_facts *k);
void kwords_run_add(struct kwords_run *run, const struct kernel_facts *k);
/* The members of summary.kernels: {"kernel": {...}, "words": "..."} */
void kwords_run_json(struct strbuf *sb, const struct kwords_run *run);
/* A line "wqport fix: kernel: ..." per kernel */
void kwords_run_print(const struct kwords_run *run, FILE *out);
void kwords_run_release(struct kwords_run *run);
/* "Converted with wqport X fix, which ... compiled against ..." */
char *kwords_compiled(const struct kernel_facts *k);

#endif /* WQPORT_KWORDS_H */

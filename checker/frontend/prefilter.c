// SPDX-License-Identifier: GPL-2.0-only
/*
 * The textual prefilter: a file that names none of the wait/sleep API
 * words flagged in kapi.def cannot trigger any rule, so it is skipped
 * before libclang sees it.  Matching is on whole identifiers (word
 * boundaries), like `grep -w`, so schedule_work() does not match
 * schedule_timeout and friends.  One pass over the bytes, no allocation.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wqport.h"

#define MAXLEN 48

/* words_by_len[n] lists the prefilter words of length n. */
#define MAX_WORDS 128

static const char *words[MAX_WORDS];
static unsigned char word_len[MAX_WORDS];
static int nwords;
static int min_len = MAXLEN, max_len;
static unsigned char is_ident[256], is_first[256];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void prefilter_init(void)
{
	const struct kapi *k;
	size_t n, i;
	int c;

	for (c = 0; c < 256; c++) {
		is_ident[c] = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
			      (c >= '0' && c <= '9') || c == '_';
	}
	k = kapi_table(&n);
	for (i = 0; i < n; i++) {
		size_t l = strlen(k[i].name);

		if (!k[i].prefilter)
			continue;
		if (l >= MAXLEN || nwords == MAX_WORDS) {
			/* a word the prefilter cannot hold would skip files
			 * silently: kapi.def and this table disagree */
			fprintf(stderr, "wqport: internal error: prefilter cannot hold '%s'\n",
				k[i].name);
			abort();
		}
		words[nwords] = k[i].name;
		word_len[nwords++] = l;
		is_first[(unsigned char)k[i].name[0]] = 1;
		if ((int)l < min_len)
			min_len = l;
		if ((int)l > max_len)
			max_len = l;
	}
}

static bool word_match(const char *w, size_t l)
{
	int i;

	for (i = 0; i < nwords; i++)
		if (word_len[i] == l && !memcmp(words[i], w, l))
			return true;
	return false;
}

bool prefilter_match(const char *buf, size_t len)
{
	const unsigned char *p = (const unsigned char *)buf;
	const unsigned char *end = p + len;

	pthread_once(&once, prefilter_init);
	while (p < end) {
		const unsigned char *s;

		/* skip to the start of an identifier */
		while (p < end && !is_ident[*p])
			p++;
		s = p;
		while (p < end && is_ident[*p])
			p++;
		if (!is_first[*s] || p - s < min_len || p - s > max_len)
			continue;
		if (word_match((const char *)s, p - s))
			return true;
	}
	return false;
}

void prefilter_words(void (*fn)(const char *word))
{
	int i;

	pthread_once(&once, prefilter_init);
	for (i = 0; i < nwords; i++)
		fn(words[i]);
}

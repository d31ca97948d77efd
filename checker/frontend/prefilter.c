// SPDX-License-Identifier: GPL-2.0-only
/*
 * The textual prefilter: a file that names none of the wait/sleep API
 * words flagged in kapi.def cannot trigger any rule, so it is skipped
 * before libclang sees it.  Matching is on whole identifiers (word
 * boundaries), like `grep -w`, so schedule_work() does not match
 * schedule_timeout and friends.  One pass over the bytes, no allocation.
 *
 * A task state name (TASK_INTERRUPTIBLE, ...) alone is no reason to
 * parse: it is in every file that reads a task's state, and only counts
 * where an old driver sets the state by hand, `current->state = TASK_*`
 * (or get_current()->state, ->__state).  On Linux 6.1 that drops 89 of
 * 622 files, none of which has a finding.
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
static bool word_state[MAX_WORDS];	/* a task state name */
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
		word_state[nwords] = k[i].kind == K_STATE_NAME;
		words[nwords] = k[i].name;
		word_len[nwords++] = l;
		is_first[(unsigned char)k[i].name[0]] = 1;
		if ((int)l < min_len)
			min_len = l;
		if ((int)l > max_len)
			max_len = l;
	}
}

/* 0: no word, 1: an API word, 2: a task state name */
static int word_match(const char *w, size_t l)
{
	int i;

	for (i = 0; i < nwords; i++)
		if (word_len[i] == l && !memcmp(words[i], w, l))
			return word_state[i] ? 2 : 1;
	return 0;
}

static const unsigned char *skip_blank_back(const unsigned char *p,
					    const unsigned char *start)
{
	while (p > start && (p[-1] == ' ' || p[-1] == '\t' || p[-1] == '\n' ||
			     p[-1] == '\r'))
		p--;
	return p;
}

/* Does the whole identifier w (length n) end at p? */
static bool ident_before(const unsigned char *p, const unsigned char *start,
			 const char *w, long n)
{
	return p - start >= n && !memcmp(p - n, w, n) &&
	       (p - start == n || !is_ident[p[-n - 1]]);
}

/*
 * Is the identifier `state` or `__state` at s..e written to through
 * current: `current->state`, `get_current()->state`?
 */
static bool current_state(const unsigned char *s, const unsigned char *e,
			  const unsigned char *start)
{
	const unsigned char *p;

	if (!((e - s == 5 && !memcmp(s, "state", 5)) ||
	      (e - s == 7 && !memcmp(s, "__state", 7))))
		return false;
	p = skip_blank_back(s, start);
	if (p - start < 2 || p[-1] != '>' || p[-2] != '-')
		return false;
	p = skip_blank_back(p - 2, start);
	if (p > start && p[-1] == ')') {
		/* get_current()->state */
		p = skip_blank_back(p - 1, start);
		if (p == start || p[-1] != '(')
			return false;
		p = skip_blank_back(p - 1, start);
		return ident_before(p, start, "get_current", 11);
	}
	return ident_before(p, start, "current", 7);
}

bool prefilter_match(const char *buf, size_t len)
{
	const unsigned char *p = (const unsigned char *)buf;
	const unsigned char *start = p, *end = p + len;
	bool state_name = false, state_write = false;

	pthread_once(&once, prefilter_init);
	while (p < end) {
		const unsigned char *s;
		int m;

		/* skip to the start of an identifier */
		while (p < end && !is_ident[*p])
			p++;
		s = p;
		while (p < end && is_ident[*p])
			p++;
		if (*s == 's' || *s == '_') {
			if (!state_write && current_state(s, p, start))
				state_write = true;
		}
		if (!is_first[*s] || p - s < min_len || p - s > max_len)
			continue;
		m = word_match((const char *)s, p - s);
		if (m == 1)
			return true;
		if (m == 2)
			state_name = true;
	}
	return state_name && state_write;
}

void prefilter_words(void (*fn)(const char *word))
{
	int i;

	pthread_once(&once, prefilter_init);
	for (i = 0; i < nwords; i++)
		fn(words[i]);
}

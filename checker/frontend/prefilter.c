// SPDX-License-Identifier: GPL-2.0-only
/*
 * The textual prefilter: a file that names none of the wait/sleep API
 * words flagged in kapi.def cannot trigger any rule, so it is skipped
 * before libclang sees it.  Matching is on whole identifiers (word
 * boundaries), like `grep -w`, so schedule_work() does not match
 * schedule_timeout and friends.  One pass over the bytes, no allocation.
 */
#define _GNU_SOURCE	/* memmem */
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

/* ---- one level of quoted includes ---- */

#define MAX_HEADER_SIZE (1u << 20)

static char *read_small(const char *path, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	char *buf;
	size_t n;

	if (!fp)
		return NULL;
	buf = xrealloc(NULL, MAX_HEADER_SIZE + 1);
	n = fread(buf, 1, MAX_HEADER_SIZE + 1, fp);
	fclose(fp);
	if (n > MAX_HEADER_SIZE) {
		free(buf);
		return NULL;
	}
	buf[n] = '\0';
	*len = n;
	return buf;
}

/* Is the identifier w[0..n) a whole word of buf? */
static bool has_word(const char *buf, size_t len, const char *w, size_t n)
{
	const char *p = buf, *end = buf + len;

	while (p < end && (p = memmem(p, end - p, w, n))) {
		if ((p == buf || !is_ident[(unsigned char)p[-1]]) &&
		    (p + n == end || !is_ident[(unsigned char)p[n]]))
			return true;
		p += n;
	}
	return false;
}

/*
 * The names of the macros the header h defines with a prefilter word in
 * their body (`#define SLEEP(q) interruptible_sleep_on_timeout(&q, HZ)`),
 * each followed by a NUL; the list ends with an empty name.
 */
static char *word_macros(const char *h, size_t hlen)
{
	const char *p = h, *end = h + hlen;
	struct strbuf sb = { 0 };

	while (p < end && (p = memmem(p, end - p, "define", 6))) {
		const char *q = p, *name, *e;

		/* `#` then blanks then define, at a line start */
		while (q > h && (q[-1] == ' ' || q[-1] == '\t'))
			q--;
		p += 6;
		if (q == h || q[-1] != '#')
			continue;
		for (q -= 2; q >= h && (*q == ' ' || *q == '\t'); q--)
			;
		if (q >= h && *q != '\n')
			continue;
		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		name = p;
		while (p < end && is_ident[(unsigned char)*p])
			p++;
		if (p == name)
			continue;
		/* the logical line: the macro's body */
		for (e = p; e < end && *e != '\n'; e++)
			if (*e == '\\' && e + 1 < end && e[1] == '\n')
				e++;
		if (prefilter_match(p, e - p)) {
			sb_add(&sb, name, p - name);
			sb_add(&sb, "", 1);
		}
		p = e;
	}
	sb_add(&sb, "", 1);
	return sb.s;
}

/*
 * Headers are shared by many files of a directory: read each once per
 * run.  The cache maps a header's path to its word_macros() list (NULL:
 * unreadable or too large).
 */
#define HCACHE_BUCKETS 1024

struct hcache {
	struct hcache *next;
	char *path;
	char *macros;
};

static struct hcache *hcache[HCACHE_BUCKETS];
static pthread_mutex_t hcache_lock = PTHREAD_MUTEX_INITIALIZER;

static unsigned hash_path(const char *s)
{
	unsigned h = 5381;

	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h % HCACHE_BUCKETS;
}

/* The word macros of the header at path; the list lives for the run. */
static const char *header_macros(const char *path)
{
	unsigned b = hash_path(path);
	struct hcache *c;
	char *h, *m = NULL;
	size_t hlen;

	pthread_mutex_lock(&hcache_lock);
	for (c = hcache[b]; c; c = c->next)
		if (!strcmp(c->path, path))
			break;
	pthread_mutex_unlock(&hcache_lock);
	if (c)
		return c->macros;
	h = read_small(path, &hlen);
	if (h)
		m = word_macros(h, hlen);
	free(h);
	c = xrealloc(NULL, sizeof(*c));
	c->path = xstrdup(path);
	c->macros = m;
	pthread_mutex_lock(&hcache_lock);
	c->next = hcache[b];
	hcache[b] = c;	/* a racing twin is harmless: same contents */
	pthread_mutex_unlock(&hcache_lock);
	return m;
}

bool prefilter_includes(const char *path, const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len, *slash = strrchr(path, '/');
	int dirlen = slash ? (int)(slash - path + 1) : 0;

	pthread_once(&once, prefilter_init);
	while (p < end && (p = memmem(p, end - p, "include", 7))) {
		const char *q = p, *name, *e, *m;
		char *hp;

		while (q > buf && (q[-1] == ' ' || q[-1] == '\t'))
			q--;
		p += 7;
		if (q == buf || q[-1] != '#')
			continue;
		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		if (p == end || *p != '"')
			continue;
		name = ++p;
		for (e = name; e < end && *e != '"' && *e != '\n'; e++)
			;
		if (e == end || *e != '"' || e == name || e - name > 256)
			continue;
		hp = *name == '/' ? xasprintf("%.*s", (int)(e - name), name) :
		     xasprintf("%.*s%.*s", dirlen, path, (int)(e - name), name);
		m = header_macros(hp);
		free(hp);
		for (; m && *m; m += strlen(m) + 1)
			if (has_word(buf, len, m, strlen(m)))
				return true;
	}
	return false;
}

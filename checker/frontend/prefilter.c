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
#define _GNU_SOURCE	/* memmem */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"
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
		is_ident[c] = wq_ident_char(c);
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

/* ---- one level of quoted includes ---- */

#define MAX_HEADER_SIZE (1u << 20)

static char *read_small(const char *path, size_t *len)
{
	return read_regular_file(path, MAX_HEADER_SIZE, len);
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
	const char *name, *body, *body_end;
	struct strbuf sb = { 0 };
	size_t pos = 0, n;

	while ((name = next_define(h, hlen, &pos, &n, &body, &body_end))) {
		if (prefilter_match(body, body_end - body)) {
			sb_add(&sb, name, n);
			sb_add(&sb, "", 1);
		}
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
	const char *slash = strrchr(path, '/'), *name, *m;
	int dirlen = slash ? (int)(slash - path + 1) : 0;
	size_t pos = 0, nl;
	char *hp;

	pthread_once(&once, prefilter_init);
	while ((name = next_quoted_include(buf, len, &pos, &nl))) {
		const char *e = name + nl;

		if (!nl || nl > 256)
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

/* ---- the second look, for the wait_event*() rules (WQ009, WQ010) ---- */

static const char *const side_effect_names[] = {
#define SIDE_EFFECT(n, w, arg) #n,
#include "sideeffect.def"
#undef SIDE_EFFECT
	NULL
};

/* Does the argument text a[0..n) hold something WQ009 reports? */
static bool args_have_side_effect(const char *a, size_t n)
{
	static const char *const ops[] = {
		"++", "--", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", NULL
	};
	size_t i, j, k;

	for (i = 0; i + 1 < n; i++)
		for (k = 0; ops[k]; k++)
			if (a[i] == ops[k][0] && a[i + 1] == ops[k][1])
				return true;
	for (i = 0; i < n; i++) {
		if (!is_ident[(unsigned char)a[i]] ||
		    (i && is_ident[(unsigned char)a[i - 1]]))
			continue;
		for (j = i; j < n && is_ident[(unsigned char)a[j]]; j++)
			;
		for (k = 0; side_effect_names[k]; k++)
			if (strlen(side_effect_names[k]) == j - i &&
			    !memcmp(side_effect_names[k], a + i, j - i))
				return true;
		i = j;
	}
	return false;
}

/*
 * Is the result of the flavour that starts at s kept in a variable
 * declared right there with an unsigned or narrow type?  (A dropped
 * result is not enough to parse a file: the many deliberate drops in
 * void functions and thread loops cost a third more parsing on a kernel
 * tree; such files are checked for it when they name another wait API,
 * or with --no-prefilter.)
 */
static bool result_candidate(const char *buf, const char *s)
{
	static const char *const narrow[] = {
		"unsigned", "u8", "u16", "u32", "u64", "bool", "char", "short",
		"size_t", NULL
	};
	const char *p = s, *stmt;
	int k;

	while (p > buf && (p[-1] == ' ' || p[-1] == '\t' || p[-1] == '\n'))
		p--;
	if (p == buf || p[-1] != '=' || (p - buf >= 2 && strchr("=!<>", p[-2])))
		return false;
	for (stmt = p - 1; stmt > buf && !strchr(";{}", stmt[-1]); stmt--)
		;
	for (k = 0; narrow[k]; k++) {
		const char *w = stmt;
		size_t l = strlen(narrow[k]);

		while ((w = strstr(w, narrow[k])) && w < p) {
			if ((w == buf || !is_ident[(unsigned char)w[-1]]) &&
			    !is_ident[(unsigned char)w[l]])
				return true;
			w += l;
		}
	}
	return false;
}

/*
 * Could WQ009 or WQ010 fire here?  A use of a wait_event*() flavour
 * whose condition has a side effect, or one that returns a status and
 * is declared into an unsigned or narrow variable.  Text
 * only, so a comment can make it say yes: that costs a parse, never a
 * finding.
 */
bool prefilter_wait_event(const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len;

	pthread_once(&once, prefilter_init);
	while ((p = strstr(p, "wait_")) && p < end) {
		const char *s = p, *name_end, *a;
		int depth = 0;

		if (s > buf && is_ident[(unsigned char)s[-1]]) {
			p += 5;
			continue;
		}
		name_end = s;
		while (name_end < end && is_ident[(unsigned char)*name_end])
			name_end++;
		p = name_end;
		if ((size_t)(name_end - s) >= MAXLEN)
			continue;
		{
			char name[MAXLEN];

			memcpy(name, s, name_end - s);
			name[name_end - s] = '\0';
			if (!strstr(name, "wait_event") && !strstr(name, "wait_var_event"))
				continue;
			a = name_end;
			while (a < end && (*a == ' ' || *a == '\t'))
				a++;
			if (a == end || *a != '(')
				continue;
			if ((strstr(name, "interruptible") || strstr(name, "killable") ||
			     strstr(name, "freezable") || strstr(name, "timeout")) &&
			    result_candidate(buf, s))
				return true;
		}
		for (p = a; p < end; p++) {
			if (*p == '(')
				depth++;
			else if (*p == ')' && --depth == 0)
				break;
		}
		if (args_have_side_effect(a, p - a))
			return true;
	}
	return false;
}

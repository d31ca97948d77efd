// SPDX-License-Identifier: GPL-2.0-only
/*
 * Leave the function bodies no rule reads out of the parse.
 *
 * Two thirds of libclang's time on a driver goes into function bodies,
 * and most functions of a file that passes the prefilter never name the
 * wait API: probe, ioctl dispatch, register setup.  The rules only build
 * graphs for functions that name it (model/build/relevant.c), and the rules
 * that look at a whole file (WQ009-WQ012) only look where a wait_event*()
 * use, a `state` or `task_list` member or an old type name is written.
 * So a body whose definition names none of
 *   - a kernel API name the checker knows (kapi.def: every prefilter
 *     word, wake-ups, unlocks, task states, old names),
 *   - a wait_event*() or wait_var_event*() flavour,
 *   - `state`, `__state`, `task_list` or an old wait-queue type,
 *   - a macro whose body names one of these, however deeply (the
 *     file's own #defines, those of the headers it includes with quotes,
 *     and the shim's),
 * nor is one lock or unlock call (a lock wrapper, model/build/lockwrap.c),
 * is handed to libclang as blanks: the same length, line breaks kept, so
 * every offset, line and column of the rest is what it was.  Every text
 * scan of the rules still reads the real file (wq_file.buf); only the
 * syntax tree lacks those bodies.
 *
 * A body's preprocessor lines stay (an #if pairs with its #endif, a
 * #define may be used further down).  Nothing is left out of a file
 * whose braces do not pair up in the text.  Where a macro hides a brace
 * the text's pairing can still be wrong: parse.c then finds a blanked
 * body that is no compound statement of the parse and parses the file
 * again whole.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "wqport.h"
#include "blank.h"
#include "nameset.h"
#include "text.h"

#define MAX_HEADER (4u << 20)
#define MAX_DEPTH 4		/* quoted includes followed this deep */

/* ---- macros ---- */

struct macro {
	char *name;
	char *body;		/* the rest of its logical line */
	bool hot;		/* names a kept word, maybe through others */
};

struct macros {
	struct macro *m;
	int n;
	struct nameset hot;	/* names of the hot ones */
};

/* Every #define of text[0..len) into ms. */
static void read_defines(struct macros *ms, const char *text, size_t len)
{
	const char *name, *p, *e, *q;
	size_t pos = 0, n;

	while ((name = next_define(text, len, &pos, &n, &p, &e))) {
		struct macro *m;
		char *o;

		ms->m = xrealloc(ms->m, (ms->n + 1) * sizeof(*ms->m));
		m = &ms->m[ms->n++];
		m->name = xasprintf("%.*s", (int)n, name);
		m->body = o = xrealloc(NULL, e - p + 1);
		for (q = p; q < e; q++)	/* continuation lines joined */
			if (!(*q == '\\' && q + 1 < e && q[1] == '\n'))
				*o++ = *q == '\n' ? ' ' : *q;
		*o = 0;
		m->hot = false;
	}
}

static void macros_free(struct macros *ms)
{
	int i;

	for (i = 0; i < ms->n; i++) {
		free(ms->m[i].name);
		free(ms->m[i].body);
	}
	free(ms->m);
	nameset_free(&ms->hot);
	memset(ms, 0, sizeof(*ms));
}

/* Is text[s] preceded by `->` or `.` (a member)? */
static bool member(const char *text, size_t s)
{
	while (s > 0 && (text[s - 1] == ' ' || text[s - 1] == '\t' ||
			 text[s - 1] == '\n'))
		s--;
	return s > 0 && (text[s - 1] == '.' ||
			 (s > 1 && text[s - 1] == '>' && text[s - 2] == '-'));
}

/*
 * Is the word text[s, s + l) one some rule reads by itself?  Unlocks
 * are not: they matter only in a function that waits (model/build/relevant.c).
 */
static bool kept_word(const char *text, size_t s, size_t l)
{
	static const char *const types[] = {
		"wait_queue_t", "__wait_queue", "__wait_queue_head", NULL
	};
	static const char *const members[] = {
		"state", "__state", "task_list", NULL
	};
	const char *w = text + s;
	const struct kapi *k = kapi_classify(w, l);
	int i;

	if (k)
		return k->kind != K_UNLOCK;
	if (l >= 10 && (memmem(w, l, "wait_event", 10) ||
			memmem(w, l, "wait_var_event", 14)))
		return true;
	for (i = 0; types[i]; i++)
		if (strlen(types[i]) == l && !memcmp(types[i], w, l))
			return true;
	for (i = 0; members[i]; i++)
		if (strlen(members[i]) == l && !memcmp(members[i], w, l))
			return member(text, s);
	return false;
}

/* Does text[from, to) name a kept word or a hot macro of a or b? */
static bool names_kept(const char *text, size_t from, size_t to,
		       const struct macros *a, const struct macros *b)
{
	size_t p = from, s;

	while (p < to) {
		while (p < to && !wq_ident_char(text[p]))
			p++;
		s = p;
		while (p < to && wq_ident_char(text[p]))
			p++;
		if (p == s || (text[s] >= '0' && text[s] <= '9'))
			continue;
		if (kept_word(text, s, p - s) ||
		    (a && nameset_has(&a->hot, text + s, p - s)) ||
		    (b && nameset_has(&b->hot, text + s, p - s)))
			return true;
	}
	return false;
}

/*
 * Is the body text[open, close] one call of a lock or an unlock
 * (`{ mutex_unlock(&cfg_mutex); }`)?  Such a function is that lock call
 * where it is called (model/build/lockwrap.c reads its body from the parse).
 */
static bool lock_wrapper_body(const char *text, size_t open, size_t close)
{
	size_t p = open + 1, s;
	const struct kapi *k;
	int depth = 0;

	while (p < close && strchr(" \t\r\n", text[p]))
		p++;
	for (s = p; p < close && wq_ident_char(text[p]); p++)
		;
	k = kapi_classify(text + s, p - s);
	if (p == s || !((k && k->kind == K_UNLOCK) ||
			kapi_lock(text + s, p - s, false)))
		return false;
	while (p < close && strchr(" \t", text[p]))
		p++;
	if (p >= close || text[p] != '(')
		return false;
	for (; p < close; p++)
		if (text[p] == '(')
			depth++;
		else if (text[p] == ')' && !--depth)
			break;
		else if (text[p] == ';' || text[p] == '{')
			return false;
	for (p++; p < close && strchr(" \t\r\n", text[p]); p++)
		;
	if (p >= close || text[p] != ';')
		return false;
	for (p++; p < close && strchr(" \t\r\n", text[p]); p++)
		;
	return p == close;
}

/* Mark the macros of ms whose bodies name a kept word or a hot macro
 * (of ms or of base), to a fixed point. */
static void heat(struct macros *ms, const struct macros *base)
{
	bool more = true;
	int i;

	while (more) {
		more = false;
		for (i = 0; i < ms->n; i++) {
			struct macro *m = &ms->m[i];

			if (m->hot || !names_kept(m->body, 0, strlen(m->body),
						  ms, base))
				continue;
			m->hot = true;
			nameset_add(&ms->hot, m->name, strlen(m->name));
			more = true;
		}
	}
}

static char *slurp(const char *path, size_t *len)
{
	return read_regular_file(path, MAX_HEADER, len);
}

/* ---- the shim's macros: read once per process ---- */

static void read_tree(struct macros *ms, const char *dir, int depth)
{
	struct dirent **ents;
	int n, i;

	n = scandir(dir, &ents, NULL, alphasort);
	for (i = 0; i < n; i++) {
		const char *d = ents[i]->d_name;
		char *p = xasprintf("%s/%s", dir, d);
		size_t l = strlen(d), len;
		struct stat st;
		char *text;

		if (d[0] != '.' && !stat(p, &st)) {
			if (S_ISDIR(st.st_mode) && depth < 4) {
				read_tree(ms, p, depth + 1);
			} else if (l > 2 && !strcmp(d + l - 2, ".h") &&
				   (text = slurp(p, &len))) {
				read_defines(ms, text, len);
				free(text);
			}
		}
		free(p);
		free(ents[i]);
	}
	if (n >= 0)
		free(ents);
}

static pthread_mutex_t shim_lock = PTHREAD_MUTEX_INITIALIZER;
static struct macros shim_macros;
static char *shim_read;		/* the directory shim_macros came from */

static const struct macros *shim(const char *dir)
{
	pthread_mutex_lock(&shim_lock);
	if (!shim_read || strcmp(shim_read, dir)) {
		macros_free(&shim_macros);
		free(shim_read);
		shim_read = xstrdup(dir);
		read_tree(&shim_macros, dir, 0);
		heat(&shim_macros, NULL);
	}
	pthread_mutex_unlock(&shim_lock);
	return &shim_macros;
}

/* ---- the file's own macros and those of its quoted includes ---- */

/* The quoted includes read so far, with their text. */
struct headers {
	struct nameset seen;
	struct blanked_file *h;
	int n;
	bool unread;		/* one is there but could not be read */
};

static void read_includes(struct macros *ms, struct headers *hs,
			  const char *path, const char *buf, size_t len,
			  int depth)
{
	const char *slash = strrchr(path, '/'), *name;
	int dirlen = slash ? (int)(slash - path + 1) : 0;
	size_t pos = 0, nl, hlen;

	while ((name = next_quoted_include(buf, len, &pos, &nl))) {
		char *hp, *h;

		if (!nl || nl > 256)
			continue;
		hp = *name == '/' ? xasprintf("%.*s", (int)nl, name) :
		     xasprintf("%.*s%.*s", dirlen, path, (int)nl, name);
		if (nameset_has(&hs->seen, hp, strlen(hp)) ||
		    !(h = slurp(hp, &hlen))) {
			/* too large, say: its macros are unknown */
			if (!nameset_has(&hs->seen, hp, strlen(hp)) &&
			    !access(hp, F_OK))
				hs->unread = true;
			free(hp);
			continue;
		}
		nameset_add(&hs->seen, hp, strlen(hp));
		read_defines(ms, h, hlen);
		hs->h = xrealloc(hs->h, (hs->n + 1) * sizeof(*hs->h));
		memset(&hs->h[hs->n], 0, sizeof(*hs->h));
		hs->h[hs->n].path = hp;
		hs->h[hs->n].text = h;
		hs->h[hs->n++].len = hlen;
		if (depth < MAX_DEPTH)
			read_includes(ms, hs, hp, h, hlen, depth + 1);
	}
}

/*
 * Blank the bodies of bf->text that name nothing kept; true when some
 * were.  bf->text is changed in place.
 */
static bool blank_text(struct blanked_file *bf, const struct macros *own,
		       const struct macros *sm)
{
	struct fn_bodies fb;
	char *t = bf->text;
	int i, d = 0;
	unsigned k;

	if (function_bodies(t, bf->len, &fb) <= 0)
		return false;
	for (i = 0; i < fb.n; i++) {
		const struct fn_body *b = &fb.b[i];

		if (names_kept(t, b->decl, b->close + 1, own, sm) ||
		    lock_wrapper_body(t, b->open, b->close))
			continue;
		/* its preprocessor lines stay: #if pairs, #defines used later */
		for (k = b->open + 1; k < b->close; k++) {
			while (d < fb.ndir && fb.dir[2 * d + 1] <= k)
				d++;
			if (d < fb.ndir && fb.dir[2 * d] <= k) {
				k = fb.dir[2 * d + 1] - 1;
				continue;
			}
			if (t[k] != '\n' && t[k] != '\r')
				t[k] = ' ';
		}
		bf->where = xrealloc(bf->where, (bf->n + 1) * 2 *
				     sizeof(unsigned));
		bf->where[2 * bf->n] = b->open;
		bf->where[2 * bf->n++ + 1] = b->close;
	}
	fn_bodies_free(&fb);
	return bf->n > 0;
}

void blank_set_free(struct blank_set *bs)
{
	int i;

	for (i = 0; i < bs->n; i++) {
		free(bs->f[i].path);
		free(bs->f[i].text);
		free(bs->f[i].where);
	}
	free(bs->f);
	memset(bs, 0, sizeof(*bs));
}

bool blank_bodies(const char *path, const char *buf, size_t len,
		  const char *shim_dir, struct blank_set *bs)
{
	const struct macros *sm = shim(shim_dir);
	struct macros own = { 0 };
	struct headers hs = { 0 };
	struct blanked_file main = { 0 };
	int i;

	memset(bs, 0, sizeof(*bs));
	read_defines(&own, buf, len);
	read_includes(&own, &hs, path, buf, len, 0);
	nameset_free(&hs.seen);
	if (hs.unread) {
		for (i = 0; i < hs.n; i++) {
			free(hs.h[i].path);
			free(hs.h[i].text);
		}
		free(hs.h);
		macros_free(&own);
		return false;
	}
	heat(&own, sm);
	main.path = xstrdup(path);
	main.text = xrealloc(NULL, len + 1);
	memcpy(main.text, buf, len);
	main.text[len] = 0;
	main.len = len;
	bs->f = xrealloc(NULL, (hs.n + 1) * sizeof(*bs->f));
	bs->f[bs->n++] = main;	/* always first, blanked or not */
	bs->nbodies = blank_text(&bs->f[0], &own, sm) ? bs->f[0].n : 0;
	for (i = 0; i < hs.n; i++) {
		if (blank_text(&hs.h[i], &own, sm)) {
			bs->nbodies += hs.h[i].n;
			bs->f[bs->n++] = hs.h[i];
			continue;
		}
		free(hs.h[i].path);
		free(hs.h[i].text);
		free(hs.h[i].where);
	}
	free(hs.h);
	macros_free(&own);
	if (!bs->nbodies)
		blank_set_free(bs);
	return bs->nbodies > 0;
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * Leave the function bodies no rule reads out of the parse.
 *
 * Two thirds of libclang's time on a driver goes into function bodies,
 * and most functions of a file that passes the prefilter never name the
 * wait API: probe, ioctl dispatch, register setup.  The rules only build
 * graphs for functions that name it (model/relevant.c), and the rules
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
 * is handed to libclang as blanks: the same length, line breaks kept, so
 * every offset, line and column of the rest is what it was.  Every text
 * scan of the rules still reads the real file (wq_file.buf); only the
 * syntax tree lacks those bodies.
 *
 * A body holding a preprocessor line keeps its text (an #if may pair
 * its braces differently), and nothing is left out of a file whose
 * braces do not pair up or that uses a macro with unpaired braces or
 * parentheses in its body.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "wqport.h"
#include "bodies.h"

#define MAX_HEADER (4u << 20)
#define MAX_DEPTH 4		/* quoted includes followed this deep */

static bool ident(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_';
}

/* ---- a set of names: open addressing, grows at half full ---- */

struct names {
	char **v;
	size_t cap, n;
};

static size_t name_hash(const char *w, size_t l)
{
	size_t h = 2166136261u;

	while (l--)
		h = (h ^ (unsigned char)*w++) * 16777619u;
	return h;
}

static char **slot(const struct names *s, const char *w, size_t l)
{
	size_t i = name_hash(w, l) & (s->cap - 1);

	while (s->v[i] && (strlen(s->v[i]) != l || memcmp(s->v[i], w, l)))
		i = (i + 1) & (s->cap - 1);
	return &s->v[i];
}

static bool names_has(const struct names *s, const char *w, size_t l)
{
	return s->cap && *slot(s, w, l);
}

static void names_add(struct names *s, const char *w, size_t l)
{
	if (names_has(s, w, l))
		return;
	if (2 * (s->n + 1) > s->cap) {
		struct names t = { 0 };
		size_t i;

		t.cap = s->cap ? 2 * s->cap : 64;
		t.v = xrealloc(NULL, t.cap * sizeof(char *));
		memset(t.v, 0, t.cap * sizeof(char *));
		for (i = 0; i < s->cap; i++)
			if (s->v[i])
				*slot(&t, s->v[i], strlen(s->v[i])) = s->v[i];
		free(s->v);
		t.n = s->n;
		*s = t;
	}
	*slot(s, w, l) = xasprintf("%.*s", (int)l, w);
	s->n++;
}

static void names_free(struct names *s)
{
	size_t i;

	for (i = 0; i < s->cap; i++)
		free(s->v[i]);
	free(s->v);
	memset(s, 0, sizeof(*s));
}

/* ---- macros ---- */

struct macro {
	char *name;
	char *body;		/* the rest of its logical line */
	bool hot;		/* names a kept word, maybe through others */
};

struct macros {
	struct macro *m;
	int n;
	struct names hot;	/* names of the hot ones */
	struct names unpaired;	/* bodies whose braces or parentheses
				 * do not pair up */
};

static bool unpaired_body(const char *b)
{
	int brace = 0, paren = 0;
	char q;

	for (; *b; b++) {
		if (*b == '"' || *b == '\'') {
			for (q = *b++; *b && *b != q; b++)
				if (*b == '\\' && b[1])
					b++;
			if (!*b)
				break;
			continue;
		}
		brace += (*b == '{') - (*b == '}');
		paren += (*b == '(') - (*b == ')');
	}
	return brace || paren;
}

/* Every #define of text[0..len) into ms. */
static void read_defines(struct macros *ms, const char *text, size_t len)
{
	const char *p = text, *end = text + len;

	while (p < end && (p = memmem(p, end - p, "define", 6))) {
		const char *q = p, *name, *e;
		struct macro *m;
		char *b, *o;

		while (q > text && (q[-1] == ' ' || q[-1] == '\t'))
			q--;
		p += 6;
		if (q == text || q[-1] != '#')
			continue;
		for (q -= 2; q >= text && (*q == ' ' || *q == '\t'); q--)
			;
		if (q >= text && *q != '\n')
			continue;
		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		name = p;
		while (p < end && ident(*p))
			p++;
		if (p == name)
			continue;
		for (e = p; e < end && *e != '\n'; e++)
			if (*e == '\\' && e + 1 < end && e[1] == '\n')
				e++;
		ms->m = xrealloc(ms->m, (ms->n + 1) * sizeof(*ms->m));
		m = &ms->m[ms->n++];
		m->name = xasprintf("%.*s", (int)(p - name), name);
		b = o = xrealloc(NULL, e - p + 1);
		for (q = p; q < e; q++)	/* continuation lines joined */
			if (!(*q == '\\' && q + 1 < e && q[1] == '\n'))
				*o++ = *q == '\n' ? ' ' : *q;
		*o = 0;
		m->body = b;
		m->hot = false;
		if (unpaired_body(b))
			names_add(&ms->unpaired, m->name, strlen(m->name));
		p = e;
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
	names_free(&ms->hot);
	names_free(&ms->unpaired);
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
 * are not: they matter only in a function that waits (model/relevant.c).
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
		while (p < to && !ident(text[p]))
			p++;
		s = p;
		while (p < to && ident(text[p]))
			p++;
		if (p == s || (text[s] >= '0' && text[s] <= '9'))
			continue;
		if (kept_word(text, s, p - s) ||
		    (a && names_has(&a->hot, text + s, p - s)) ||
		    (b && names_has(&b->hot, text + s, p - s)))
			return true;
	}
	return false;
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
			names_add(&ms->hot, m->name, strlen(m->name));
			more = true;
		}
	}
}

static char *slurp(const char *path, size_t *len)
{
	FILE *fp = fopen(path, "r");
	struct stat st;
	char *buf;

	if (!fp)
		return NULL;
	if (fstat(fileno(fp), &st) || !S_ISREG(st.st_mode) ||
	    st.st_size > MAX_HEADER) {
		fclose(fp);
		return NULL;
	}
	buf = xrealloc(NULL, st.st_size + 1);
	*len = fread(buf, 1, st.st_size, fp);
	buf[*len] = 0;
	fclose(fp);
	return buf;
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

static void read_includes(struct macros *ms, struct names *seen,
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
		if (!names_has(seen, hp, strlen(hp)) &&
		    (h = slurp(hp, &hlen))) {
			names_add(seen, hp, strlen(hp));
			read_defines(ms, h, hlen);
			if (depth < MAX_DEPTH)
				read_includes(ms, seen, hp, h, hlen, depth + 1);
			free(h);
		}
		free(hp);
	}
}

/* Does the text use a macro whose braces or parentheses do not pair? */
static bool uses_unpaired(const char *buf, size_t len, const struct macros *a,
			  const struct macros *b)
{
	size_t p = 0, s;

	if (!a->unpaired.n && !b->unpaired.n)
		return false;
	while (p < len) {
		while (p < len && !ident(buf[p]))
			p++;
		s = p;
		while (p < len && ident(buf[p]))
			p++;
		if (names_has(&a->unpaired, buf + s, p - s) ||
		    names_has(&b->unpaired, buf + s, p - s))
			return true;
	}
	return false;
}

char *blank_bodies(const char *path, const char *buf, size_t len,
		   const char *shim_dir, unsigned **blanked, int *nblank)
{
	const struct macros *sm = shim(shim_dir);
	struct macros own = { 0 };
	struct names seen = { 0 };
	struct fn_bodies fb;
	char *out = NULL;
	int i, d = 0;
	unsigned k;

	*nblank = 0;
	*blanked = NULL;
	if (function_bodies(buf, len, &fb) <= 0)
		return NULL;
	read_defines(&own, buf, len);
	read_includes(&own, &seen, path, buf, len, 0);
	names_free(&seen);
	/* bodies are not where the text says: leave the file whole */
	if (uses_unpaired(buf, len, &own, sm))
		goto out;
	heat(&own, sm);
	for (i = 0; i < fb.n; i++) {
		const struct fn_body *b = &fb.b[i];

		if (names_kept(buf, b->decl, b->close + 1, &own, sm))
			continue;
		if (!out) {
			out = xrealloc(NULL, len + 1);
			memcpy(out, buf, len);
			out[len] = 0;
		}
		/* its preprocessor lines stay: #if pairs, #defines used later */
		for (k = b->open + 1; k < b->close; k++) {
			while (d < fb.ndir && fb.dir[2 * d + 1] <= k)
				d++;
			if (d < fb.ndir && fb.dir[2 * d] <= k) {
				k = fb.dir[2 * d + 1] - 1;
				continue;
			}
			if (out[k] != '\n' && out[k] != '\r')
				out[k] = ' ';
		}
		*blanked = xrealloc(*blanked, (*nblank + 1) * 2 *
				    sizeof(unsigned));
		(*blanked)[2 * *nblank] = b->open;
		(*blanked)[2 * (*nblank)++ + 1] = b->close;
	}
out:
	macros_free(&own);
	fn_bodies_free(&fb);
	return out;
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * Words in the source text of the main file.
 *
 * Some facts a rule needs are not in the graph: a call that is no wait
 * API (kthread_should_stop(), try_to_freeze()), or which functions a
 * file starts as kernel threads.  They are read from the text, skipping
 * comments, string and character literals, so a word in a comment never
 * counts.  The text is the file as written, so a word inside an
 * inactive #ifdef branch counts too: for the exemptions these serve,
 * that errs on the side of silence.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "cfg.h"
#include "bodies.h"
#include "text.h"

unsigned text_skip_noncode(const char *buf, unsigned i, unsigned to)
{
	char q;

	if (buf[i] == '/' && i + 1 < to && buf[i + 1] == '*') {
		const char *e = strstr(buf + i + 2, "*/");

		unsigned past = e ? (unsigned)(e - buf) + 2 : to;

		return past <= to ? past : to;
	}
	if (buf[i] == '/' && i + 1 < to && buf[i + 1] == '/') {
		while (i < to && buf[i] != '\n')
			i++;
		return i;
	}
	if (buf[i] != '"' && buf[i] != '\'')
		return i;
	q = buf[i++];
	while (i < to && buf[i] != q && buf[i] != '\n') {
		if (buf[i] == '\\' && i + 1 < to)
			i++;
		i++;
	}
	return i < to ? i + 1 : to;
}

/*
 * Offset of the first whole word in code in [from, to) that pred takes,
 * or -1.
 */
long text_find_word_if(const char *buf, unsigned from, unsigned to,
		       bool (*pred)(const void *ctx, const char *w, size_t n),
		       const void *ctx)
{
	unsigned i = from, j;

	while (i < to) {
		j = text_skip_noncode(buf, i, to);
		if (j != i) {
			i = j;
			continue;
		}
		if (wq_ident_char(buf[i])) {
			j = i;
			while (j < to && wq_ident_char(buf[j]))
				j++;
			if (pred(ctx, buf + i, j - i))
				return i;
			i = j;
			continue;
		}
		i++;
	}
	return -1;
}

static bool same_word(const void *word, const char *w, size_t n)
{
	return strlen(word) == n && !memcmp(w, word, n);
}

/* Offset of the first whole-word `word` in code in [from, to), or -1. */
long text_find_word(const char *buf, unsigned from, unsigned to,
		    const char *word)
{
	return text_find_word_if(buf, from, to, same_word, word);
}

bool text_addr_taken(const char *buf, unsigned from, unsigned to,
		     const char *name)
{
	size_t n = strlen(name);
	long at;

	while (from < to && (at = text_find_word(buf, from, to, name)) >= 0) {
		long k = at;
		const char *after = buf + at + n;

		while (k > (long)from && (buf[k - 1] == ' ' || buf[k - 1] == '\t'))
			k--;
		while (*after == ' ' || *after == '\t')
			after++;
		if (k > (long)from && buf[k - 1] == '&' &&
		    (k < (long)from + 2 || buf[k - 2] != '&') &&
		    strncmp(after, "->", 2) && *after != '.' && *after != '[')
			return true;
		from = (unsigned)(at + n);
	}
	return false;
}

/* Is the code before buf[at] (spaces skipped) the operator op? */
static bool op_before(const char *buf, long at, const char *op)
{
	long n = (long)strlen(op);

	while (at > 0 && isspace((unsigned char)buf[at - 1]))
		at--;
	return at >= n && !strncmp(buf + at - n, op, n);
}

/*
 * Does the use of a name that ends at buf[end] write it: an assignment
 * (`=`, `+=`, `<<=`, ...) or `++`/`--` after it?  `[` and `.` after it
 * count too: a part of it written is not looked for.
 */
static bool write_after(const char *buf, size_t len, size_t end)
{
	const char *p = buf + end, *e = buf + len;

	while (p < e && isspace((unsigned char)*p))
		p++;
	if (p >= e)
		return false;
	if (*p == '[' || *p == '.' || (p + 1 < e && (!strncmp(p, "++", 2) ||
						     !strncmp(p, "--", 2))))
		return true;
	if (p + 2 < e && (!strncmp(p, "<<=", 3) || !strncmp(p, ">>=", 3)))
		return true;
	if (p + 1 < e && strchr("+-*/%&|^", *p) && p[1] == '=')
		return true;
	return *p == '=' && (p + 1 >= e || p[1] != '=');
}

/*
 * One use of a file's name at [at, end), depth braces deep (0: file
 * scope): false when it shows the name is not sealed.
 */
typedef bool (*name_use_fn)(void *ctx, const char *buf, size_t len,
			    unsigned at, unsigned end, int depth);

/*
 * Each use of name in the code of buf (comments and literals skipped, a
 * member `->name`/`.name` of something else not counted), to use:
 * false as soon as one use says so.
 */
static bool each_use(const char *buf, size_t len, const char *name,
		     name_use_fn use, void *ctx)
{
	size_t n = strlen(name);
	unsigned i = 0, j;
	int depth = 0;

	while (i < len) {
		j = text_skip_noncode(buf, i, len);
		if (j != i) {
			i = j;
			continue;
		}
		if (buf[i] == '{' || buf[i] == '}') {
			depth += buf[i] == '{' ? 1 : -1;
			i++;
			continue;
		}
		if (!wq_ident_char(buf[i])) {
			i++;
			continue;
		}
		for (j = i; j < len && wq_ident_char(buf[j]); j++)
			;
		if (j - i == n && !memcmp(buf + i, name, n) &&
		    !(i > 0 && wq_ident_char(buf[i - 1])) &&
		    !op_before(buf, i, "->") && !op_before(buf, i, ".") &&
		    !use(ctx, buf, len, i, j, depth))
			return false;
		i = j;
	}
	return true;
}

/* Does the statement holding the name at `at` start with `static`? */
static bool static_statement(const char *buf, unsigned at)
{
	long s = at;

	while (s > 0 && !strchr(";{}", buf[s - 1]))
		s--;
	while (isspace((unsigned char)buf[s]))
		s++;
	return !strncmp(buf + s, "static", 6) && !wq_ident_char(buf[s + 6]);
}

/* the first non-space at or after buf[end], or '\0' */
static char next_char(const char *buf, size_t len, unsigned end)
{
	while (end < len && isspace((unsigned char)buf[end]))
		end++;
	return end < len ? buf[end] : '\0';
}

static bool variable_use(void *ctx, const char *buf, size_t len,
			 unsigned at, unsigned end, int depth)
{
	bool *decl = ctx;
	char c = next_char(buf, len, end);

	if ((op_before(buf, at, "&") && !op_before(buf, at, "&&")) ||
	    op_before(buf, at, "++") || op_before(buf, at, "--"))
		return false;	/* its address, or written */
	if (depth)
		return !write_after(buf, len, end);
	/* the declaration: `static T name [= init]`, once */
	if (!static_statement(buf, at) || c == '(' || c == '[' || *decl)
		return false;
	*decl = true;
	return true;
}

bool text_static_sealed(const char *buf, size_t len, const char *name)
{
	bool decl = false;

	return each_use(buf, len, name, variable_use, &decl) && decl;
}

static bool function_use(void *ctx, const char *buf, size_t len,
			 unsigned at, unsigned end, int depth)
{
	bool *decl = ctx;

	if (next_char(buf, len, end) != '(')
		return false;	/* handed on as a pointer */
	if (depth)
		return true;	/* a call */
	/* a prototype or the definition: `static ... name(` */
	if (!static_statement(buf, at))
		return false;
	*decl = true;
	return true;
}

bool text_function_sealed(const char *buf, size_t len, const char *name)
{
	bool decl = false;

	return each_use(buf, len, name, function_use, &decl) && decl;
}

/*
 * The next identifier in code at or after from, skipping comments,
 * literals and preprocessor directives (a #define's body is no use of
 * what it names: the use is where the macro is invoked).  Returns its
 * offset, with its end in *end, or -1.
 */
long text_next_ident(const char *buf, unsigned from, unsigned to,
		     unsigned *end)
{
	unsigned i = from, j;
	bool line_start = from == 0 || buf[from - 1] == '\n';

	while (i < to) {
		j = text_skip_noncode(buf, i, to);
		if (j != i) {
			i = j;
			continue;
		}
		if (buf[i] == '\n') {
			line_start = true;
			i++;
			continue;
		}
		if (buf[i] == ' ' || buf[i] == '\t') {
			i++;
			continue;
		}
		if (line_start && buf[i] == '#') {
			/* to the end of the directive, splices included */
			while (i < to && !(buf[i] == '\n' && buf[i - 1] != '\\' &&
					   !(buf[i - 1] == '\r' && i > 1 &&
					     buf[i - 2] == '\\')))
				i++;
			continue;
		}
		line_start = false;
		if (wq_ident_char(buf[i]) && !(buf[i] >= '0' && buf[i] <= '9')) {
			j = i;
			while (j < to && wq_ident_char(buf[j]))
				j++;
			*end = j;
			return i;
		}
		if (wq_ident_char(buf[i])) {	/* a number: skip it whole */
			while (i < to && wq_ident_char(buf[i]))
				i++;
			continue;
		}
		i++;
	}
	return -1;
}

/*
 * Does some plain name of the expression text t[0..len) satisfy
 * pred(ctx, name, length)?  A plain name is an identifier that is
 * neither a member (`->x`, `.x`) nor called (`x(`): a variable.  The
 * rules use it to ask whether a loop test reads a counter.
 */
bool text_any_plain_name(const char *t, size_t len,
			 bool (*pred)(const void *ctx, const char *w, size_t n),
			 const void *ctx)
{
	size_t i = 0, j;

	while (i < len) {
		if (!wq_ident_char(t[i]) || (t[i] >= '0' && t[i] <= '9') ||
		    (i && wq_ident_char(t[i - 1]))) {
			i++;
			continue;
		}
		for (j = i; j < len && wq_ident_char(t[j]); j++)
			;
		if ((i < 1 || (t[i - 1] != '.' && t[i - 1] != '>')) &&
		    (j == len || t[j] != '(') && pred(ctx, t + i, j - i))
			return true;
		i = j;
	}
	return false;
}

bool text_has_word(const char *buf, unsigned from, unsigned to,
		   const char *word)
{
	return text_find_word(buf, from, to, word) >= 0;
}

/* The byte offset of a 1-based line and column. */
unsigned text_offset(const char *buf, size_t len, struct wq_pos pos)
{
	unsigned line = 1;
	size_t i = 0;

	while (i < len && line < pos.line)
		if (buf[i++] == '\n')
			line++;
	return i + (pos.col ? pos.col - 1 : 0) <= len ?
	       i + (pos.col ? pos.col - 1 : 0) : len;
}

/*
 * Is fn handed to a kernel thread or a workqueue by this file, as the
 * function argument of kthread_run(fn, ...), kernel_thread(fn, ...),
 * INIT_WORK(&w, fn) and the like?  Such functions run in a kernel
 * thread, where signals are blocked unless the thread asks for them.
 */
/* Does the #define of name (n bytes) in buf name one of words[]
 * (the thread starters of kapi.def)? */
static bool macro_names(const char *buf, size_t len, const char *name,
			size_t n, const struct kapi_thread *words,
			size_t nwords)
{
	long at = 0;

	while ((at = text_find_word(buf, at, len, "define")) >= 0) {
		unsigned i = at + 6, e;
		size_t k;

		at = i;
		while (i < len && (buf[i] == ' ' || buf[i] == '\t'))
			i++;
		if (i + n > len || memcmp(buf + i, name, n) ||
		    wq_ident_char(buf[i + n]))
			continue;
		for (e = i; e < len && buf[e] != '\n'; e++)
			if (buf[e] == '\\' && e + 1 < len)
				e++;
		for (k = 0; k < nwords; k++)
			if (text_has_word(buf, i + n, e, words[k].name))
				return true;
	}
	return false;
}

static bool has_thread(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i + 6 <= n; i++)
		if (!strncasecmp(s + i, "thread", 6))
			return true;
	return false;
}

/*
 * Is fn the first or second argument of a call whose name says it
 * starts a thread (torture_create_kthread(fn, ...), a driver's
 * START_THREAD(fn)), or of a macro of this file around a starter
 * (`#define drv_spawn(f, d) kernel_thread(f, d, 0)`)?
 */
static bool started_through(const char *buf, size_t len, const char *fn,
			    const struct kapi_thread *starters, size_t n_st)
{
	size_t n = strlen(fn);
	long at = 0;

	while ((at = text_find_word(buf, at, len, fn)) >= 0) {
		long i = at;
		int depth = 0, arg = 0;
		unsigned e;

		at += n;
		for (i--; i >= 0 && at - i < 200; i--) {
			char c = buf[i];

			if (c == ')' || c == ']')
				depth++;
			else if ((c == '(' || c == '[') && depth)
				depth--;
			else if (c == '(')
				break;
			else if (c == ',' && !depth)
				arg++;
			else if (c == ';' || c == '{' || c == '}')
				i = 0;
		}
		if (i <= 0 || buf[i] != '(' || arg > 1)
			continue;
		while (i > 0 && (buf[i - 1] == ' ' || buf[i - 1] == '\t'))
			i--;
		for (e = i; i > 0 && wq_ident_char(buf[i - 1]); i--)
			;
		if (e == (unsigned)i)
			continue;
		if (has_thread(buf + i, e - i) ||
		    macro_names(buf, len, buf + i, e - i, starters, n_st))
			return true;
	}
	return false;
}

bool text_is_thread_function(const char *buf, size_t len, const char *fn)
{
	size_t k, nstarters;
	const struct kapi_thread *starters = kapi_thread_table(&nstarters);
	size_t n = strlen(fn);

	for (k = 0; k < nstarters; k++) {
		long at = 0;

		/* asked once per function: most files start no thread */
		if (!memmem(buf, len, starters[k].name, strlen(starters[k].name)))
			continue;
		while ((at = text_find_word(buf, at, len, starters[k].name)) >= 0) {
			unsigned i = at + strlen(starters[k].name);
			int arg = 0, depth = 0;

			while (i < len && (buf[i] == ' ' || buf[i] == '\t' ||
					   buf[i] == '\n'))
				i++;
			if (i >= len || buf[i] != '(') {
				at = i;
				continue;
			}
			for (i++; i < len; i++) {
				char c = buf[i];

				if (c == '(')
					depth++;
				else if (c == ')' && depth-- == 0)
					break;
				else if (c == ',' && !depth && ++arg > starters[k].fn_arg)
					break;
				else if (!depth && arg == starters[k].fn_arg &&
					 wq_ident_char(c) && !wq_ident_char(buf[i - 1]) &&
					 i + n <= len && !memcmp(buf + i, fn, n) &&
					 !wq_ident_char(buf[i + n]))
					return true;
			}
			at = i;
		}
	}
	return started_through(buf, len, fn, starters, nstarters);
}

/* The 1-based line and column of byte offset off. */
struct wq_pos text_pos(const char *buf, size_t len, unsigned off)
{
	struct wq_pos p = { 1, 1 };
	unsigned i;

	for (i = 0; i < off && i < len; i++) {
		if (buf[i] == '\n') {
			p.line++;
			p.col = 1;
		} else {
			p.col++;
		}
	}
	return p;
}

/* Calls that mark a kernel thread's loop, or a thread's signal policy. */
static const char *const thread_words[] = {
	KTHREAD_STOP_TEST, "kthread_should_park",
	"kthread_freezable_should_stop", "try_to_freeze", "freezing",
	"refrigerator", "set_freezable", "daemonize", "allow_signal",
	"flush_signals", "dequeue_signal", "siginitsetinv", "sigfillset",
	"ignore_signals", "kthread_parkme", NULL
};

/*
 * Does function fn, whose body is [from, to), run as a kernel thread (or
 * a work item): handed to one by this file, or calling what only thread
 * loops call?  Signals are blocked there unless the thread asks for them.
 */
static bool thread_body(const char *buf, size_t len, unsigned from,
			unsigned to, const char *fn)
{
	int i;

	if (to > from && to <= len)
		for (i = 0; thread_words[i]; i++)
			if (text_has_word(buf, from, to, thread_words[i]))
				return true;
	return fn && text_is_thread_function(buf, len, fn);
}

/*
 * Is the name at offset at called, not declared or defined?  A call
 * follows an operator, a bracket, a statement's start or `return`; a
 * declaration follows its type.
 */
static bool is_call(const char *buf, unsigned at)
{
	unsigned b = at;

	while (b > 0 && (buf[b - 1] == ' ' || buf[b - 1] == '\t' ||
			 buf[b - 1] == '\n'))
		b--;
	if (!b)
		return false;
	if (strchr("=(,;{}!&|?:+-<>", buf[b - 1]))
		return true;
	return b >= 6 && !memcmp(buf + b - 6, "return", 6) &&
	       (b == 6 || !wq_ident_char(buf[b - 7]));
}

/*
 * The function around offset at, in kernel style: its body opens with a
 * `{` at the start of a line, and its name is the last identifier
 * followed by `(` before that brace.  Sets [*from, *to) to the body and
 * returns the name (in *name, n bytes), or false.
 */
/*
 * The `{` and `}` of the function body around at, from the file's
 * bodies (model/text/bodies.c: any brace placement), when there is one.
 */
static bool body_around(const char *buf, size_t len, unsigned at,
			unsigned *open, unsigned *close)
{
	struct fn_bodies fb;
	bool found = false;
	int k;

	if (function_bodies(buf, len, &fb) <= 0)
		return false;
	for (k = 0; k < fb.n && !found; k++)
		if (fb.b[k].open <= at && at < fb.b[k].close) {
			*open = fb.b[k].open;
			*close = fb.b[k].close;
			found = true;
		}
	fn_bodies_free(&fb);
	return found;
}

static bool enclosing_function(const char *buf, size_t len, unsigned at,
			       unsigned *from, unsigned *to,
			       const char **name, size_t *n)
{
	unsigned i, j;
	int depth = 0;

	for (i = at; i > 0 && !(buf[i] == '{' && buf[i - 1] == '\n'); i--)
		;
	for (j = i; i && j < len; j++) {
		if (buf[j] == '{')
			depth++;
		else if (buf[j] == '}' && --depth == 0)
			break;
	}
	/* `int f(void) {`: the body's brace on the head's line */
	if ((!i || j >= len || j < at) && !body_around(buf, len, at, &i, &j))
		return false;
	*from = i;
	*to = j + 1;
	*name = NULL;
	for (j = i; j > 0 && i - j < 512; j--) {
		unsigned e;

		if (buf[j] != '(')
			continue;
		e = j;
		while (e > 0 && (buf[e - 1] == ' ' || buf[e - 1] == '\t'))
			e--;
		for (*n = 0; e > 0 && wq_ident_char(buf[e - 1]); e--)
			(*n)++;
		if (*n) {
			*name = buf + e;
			return true;
		}
	}
	return false;
}

/* The same, for the analyses (analysis/wakers.c). */
bool text_enclosing_function(const char *buf, size_t len, unsigned at,
			     unsigned *from, unsigned *to, const char **name,
			     size_t *n)
{
	return enclosing_function(buf, len, at, from, to, name, n);
}

/*
 * Is every call of fn in this file (outside its own body [self_from,
 * self_to)) made from a thread function?  One level: the wait loop of a
 * kernel thread is often in a helper of the thread's main function.
 */
static bool called_from_threads(const char *buf, size_t len, const char *fn,
				unsigned self_from, unsigned self_to)
{
	long at = 0;
	int calls = 0;

	if (!fn)
		return false;
	while ((at = text_find_word(buf, at, len, fn)) >= 0) {
		unsigned from, to, i = at + strlen(fn);
		const char *name;
		size_t n;
		char *caller;
		bool thread;

		at = i;
		while (i < len && (buf[i] == ' ' || buf[i] == '\t'))
			i++;
		if (i >= len || buf[i] != '(' ||
		    (i >= self_from && i < self_to) ||
		    !is_call(buf, at - strlen(fn)))
			continue;
		if (!enclosing_function(buf, len, at, &from, &to, &name, &n))
			return false;
		caller = xasprintf("%.*s", (int)n, name);
		thread = thread_body(buf, len, from, to, caller);
		free(caller);
		if (!thread)
			return false;
		calls++;
	}
	return calls > 0;
}

bool text_is_thread(const char *buf, size_t len, unsigned from, unsigned to,
		    const char *fn)
{
	return thread_body(buf, len, from, to, fn) ||
	       called_from_threads(buf, len, fn, from, to);
}

/*
 * Is every call of fn in this file (outside its body [from, to), at
 * least one) followed, within a few lines, by one of the texts in
 * after[]?  For helpers whose caller finishes the job: a wait helper
 * that returns in a sleeping state to a caller that sets it running.
 */
bool text_callers_follow_with(const char *buf, size_t len, const char *fn,
			      unsigned from, unsigned to,
			      const char *const *after)
{
	long at = 0;
	int calls = 0;

	while ((at = text_find_word(buf, at, len, fn)) >= 0) {
		unsigned i = at + strlen(fn), end;
		bool hit = false;
		int k;

		at = i;
		while (i < len && (buf[i] == ' ' || buf[i] == '\t'))
			i++;
		if (i >= len || buf[i] != '(' || (i >= from && i < to))
			continue;
		end = i + 400 < len ? i + 400 : len;
		if (!is_call(buf, at - strlen(fn)))
			continue;
		for (k = 0; after[k] && !hit; k++) {
			const char *p = strstr(buf + i, after[k]);

			hit = p && (unsigned)(p - buf) < end;
		}
		if (!hit)
			return false;
		calls++;
	}
	return calls > 0;
}

/*
 * Is offset off inside the body of a `#define NAME` (its logical line,
 * continuations included)?  *name (allocated) is the macro's name.
 */
bool text_define_around(const char *buf, size_t len, unsigned off,
			char **name)
{
	size_t s = off < len ? off : len, e;

	for (;;) {	/* back to the first line of the logical line */
		while (s > 0 && buf[s - 1] != '\n')
			s--;
		if (s < 2 || buf[s - 2] != '\\')
			break;
		s--;
	}
	while (s < len && (buf[s] == ' ' || buf[s] == '\t'))
		s++;
	if (s >= len || buf[s++] != '#')
		return false;
	while (s < len && (buf[s] == ' ' || buf[s] == '\t'))
		s++;
	if (len - s < 7 || strncmp(buf + s, "define", 6) ||
	    (buf[s + 6] != ' ' && buf[s + 6] != '\t'))
		return false;
	for (s += 6; s < len && (buf[s] == ' ' || buf[s] == '\t'); s++)
		;
	for (e = s; e < len && wq_ident_char(buf[e]); e++)
		;
	if (e == s || e > off)
		return false;
	*name = xasprintf("%.*s", (int)(e - s), buf + s);
	return true;
}

static unsigned skip_blank(const char *buf, size_t len, unsigned i)
{
	while (i < len && (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\n' ||
			   buf[i] == '\r'))
		i++;
	return i;
}

/*
 * The body [*from, *to) of the definition of name in buf: the name
 * after a type (not after an operator, as a call is), its parameter
 * list, then `{`.
 */
bool text_function_body(const char *buf, size_t len, const char *name,
			unsigned *from, unsigned *to)
{
	static const char *const kw[] = { "if", "while", "for", "switch",
		"return", "sizeof", "do", "else", NULL };
	size_t n = strlen(name);
	long at = 0;
	int k;

	/* `} else if (x) {` is no function if's */
	for (k = 0; kw[k]; k++)
		if (!strcmp(name, kw[k]))
			return false;
	while ((at = text_find_word(buf, at, len, name)) >= 0) {
		unsigned i = at + n, b = at;
		int depth = 0;

		at = i;
		while (b > 0 && (buf[b - 1] == ' ' || buf[b - 1] == '\t' ||
				 buf[b - 1] == '\n'))
			b--;
		if (!b || !(wq_ident_char(buf[b - 1]) || buf[b - 1] == '*'))
			continue;	/* a call, a cast, a macro argument */
		i = skip_blank(buf, len, i);
		if (i >= len || buf[i] != '(')
			continue;
		for (; i < len; i++)
			if (buf[i] == '(')
				depth++;
			else if (buf[i] == ')' && --depth == 0)
				break;
		i = skip_blank(buf, len, i + 1);
		if (i >= len || buf[i] != '{')
			continue;	/* a declaration */
		*from = i;
		for (depth = 0; i < len; i++)
			if (buf[i] == '{')
				depth++;
			else if (buf[i] == '}' && --depth == 0)
				break;
		if (i >= len)
			return false;
		*to = i + 1;
		return true;
	}
	return false;
}

/*
 * Which kernel callback a function of the file is: a kapi.def
 * K_LOCKED_CALLBACK row ("tty_operations.open") whose member the
 * function is stored in, by a designated initializer (`.open = fn`, the
 * 2.4 `open: fn`) or an assignment, itself or through its one caller one
 * level up (a block_til_ready() helper of the open).  The fix's planner
 * (fix/plan/wevariant.c) and its model check (the big kernel lock of old
 * tty layers, fix/modelcheck/vmodel_bkl.c) both ask.
 */
/* Is fn stored as member m in an initializer or by an assignment? */
static bool registered_as(const char *buf, size_t len, const char *fn,
			  const char *type, const char *m)
{
	long at = 0;
	size_t n = strlen(fn);

	if (!text_has_word(buf, 0, len, type))
		return false;
	while ((at = text_find_word(buf, at, len, fn)) >= 0) {
		long p = at;

		at += n;
		while (p > 0 && (buf[p - 1] == ' ' || buf[p - 1] == '\t'))
			p--;
		if (p > 0 && buf[p - 1] == '&')
			p--;
		while (p > 0 && (buf[p - 1] == ' ' || buf[p - 1] == '\t'))
			p--;
		/* `.open = fn` or the 2.4 `open: fn` */
		if (p > 0 && (buf[p - 1] == '=' || buf[p - 1] == ':')) {
			long e = p - 1, s;

			while (e > 0 && (buf[e - 1] == ' ' || buf[e - 1] == '\t'))
				e--;
			for (s = e; s > 0 && wq_ident_char(buf[s - 1]); s--)
				;
			if ((size_t)(e - s) == strlen(m) && !strncmp(buf + s, m, e - s))
				return true;
		}
	}
	return false;
}

const char *text_locked_callback(const char *buf, size_t len,
				 const char *func, char **via)
{
	size_t nk, i;
	const struct kapi *k = kapi_table(&nk);

	for (i = 0; i < nk; i++) {
		const char *dot;
		char *type, *m;
		bool hit;
		long at = 0;

		if (k[i].kind != K_LOCKED_CALLBACK ||
		    !(dot = strchr(k[i].name, '.')))
			continue;
		type = xasprintf("%.*s", (int)(dot - k[i].name), k[i].name);
		m = xstrdup(dot + 1);
		hit = registered_as(buf, len, func, type, m);
		/* one level: a block_til_ready() helper of the open */
		while (!hit &&
		       (at = text_find_word(buf, at, len, func)) >= 0) {
			unsigned from, to, e = at + strlen(func);
			const char *cn;
			size_t cnn;

			at = e;
			while (e < len && (buf[e] == ' ' || buf[e] == '\t'))
				e++;
			if (e >= len || buf[e] != '(' ||
			    !text_enclosing_function(buf, len, at, &from,
						     &to, &cn, &cnn) ||
			    (unsigned)at < from) {
				continue;
			}
			{
				char *caller = xasprintf("%.*s", (int)cnn, cn);

				if (strcmp(caller, func))
					hit = registered_as(buf, len, caller,
							    type, m);
				if (hit)
					*via = caller;
				else
					free(caller);
			}
		}
		free(type);
		free(m);
		if (hit)
			return k[i].name;
	}
	return NULL;
}

/* The `case`/`default` label of switch body [ob, cb] at its own depth
 * last before offset at, or 0 (none: before the first label). */
static unsigned arm_of(const char *buf, unsigned ob, unsigned cb, unsigned at)
{
	unsigned i, arm = 0;
	int depth = 0;

	for (i = ob + 1; i < at && i < cb; i++) {
		if (buf[i] == '/' && (buf[i + 1] == '*' || buf[i + 1] == '/')) {
			i = text_skip_comment(buf + i, buf + cb) - buf - 1;
			continue;
		}
		if (buf[i] == '{')
			depth++;
		else if (buf[i] == '}')
			depth--;
		else if (!depth && (i == 0 || !wq_ident_char(buf[i - 1])) &&
			 ((!strncmp(buf + i, "case", 4) && !wq_ident_char(buf[i + 4])) ||
			  (!strncmp(buf + i, "default", 7) && !wq_ident_char(buf[i + 7]))))
			arm = i;
	}
	return arm;
}

bool text_other_case_arm(const char *buf, unsigned from, unsigned to,
			 unsigned a, unsigned b)
{
	unsigned i, lo = a < b ? a : b, best_ob = 0, best_cb = 0;

	for (i = from; i + 6 < lo; i++) {
		unsigned ob, cb;
		int depth = 0;

		if (strncmp(buf + i, "switch", 6) || wq_ident_char(buf[i + 6]) ||
		    (i > 0 && wq_ident_char(buf[i - 1])))
			continue;
		for (ob = i + 6; ob < to && buf[ob] != '{' && buf[ob] != ';'; ob++)
			;
		if (ob >= to || buf[ob] != '{')
			continue;
		for (cb = ob; cb < to; cb++) {
			depth += buf[cb] == '{' ? 1 : buf[cb] == '}' ? -1 : 0;
			if (!depth)
				break;
		}
		if (cb < to && ob < lo && (a > b ? a : b) < cb && ob > best_ob) {
			best_ob = ob;
			best_cb = cb;
		}
	}
	return best_ob && arm_of(buf, best_ob, best_cb, a) !=
			  arm_of(buf, best_ob, best_cb, b);
}

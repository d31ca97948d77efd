/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The text layer: what every part of wqport that reads C source as text
 * uses, so that none writes it again.  An identifier's characters, a
 * comment or literal skipped, C comments blanked, a line and column
 * turned into a byte offset and back, a whole regular file read
 * (model/text/textio.c); the words of a function's text and the functions a
 * file starts as threads (model/text/text.c).
 */
#ifndef WQPORT_TEXT_H
#define WQPORT_TEXT_H

#include "wqport.h"

/*
 * Is c a character of a C identifier ([A-Za-z0-9_], as in the C
 * locale)?  The one definition, for every text scan.
 */
static inline bool wq_ident_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_';
}

/* Past the comment or string/character literal at buf[i], or i if none */
unsigned text_skip_noncode(const char *buf, unsigned i, unsigned to);
/* Past the comment at p (before end), or p when none starts there */
const char *text_skip_comment(const char *p, const char *end);
/* s with its C comments blanked in place, lines and columns kept */
void blank_c_comments(char *s);

/*
 * The contents of the regular file at path, NUL-terminated; NULL when it
 * cannot be opened, is no regular file (a FIFO, a device), is larger
 * than max bytes or cannot be read, and then *why (when why is not NULL;
 * allocated) says which, as a sentence for an error line.
 */
char *text_read_file(const char *path, size_t max, size_t *len, char **why);
/* The same, no reason asked: for the headers the text scans follow */
static inline char *read_regular_file(const char *path, size_t max,
				      size_t *len)
{
	return text_read_file(path, max, len, NULL);
}

/*
 * Source text of the main file (text.c), for what the graph does not
 * keep: calls of no interest to the events, the functions a file hands
 * to kernel threads.  Comments, strings and character literals are
 * skipped; a word is a whole identifier.
 */
bool text_has_word(const char *buf, unsigned from, unsigned to,
		   const char *word);
long text_find_word(const char *buf, unsigned from, unsigned to,
		    const char *word);
/*
 * Is `&name` written in [from, to): the address of name itself, handed
 * on (not `&name->m`, `&name.m` or `&name[i]`, a part's address)?
 */
bool text_addr_taken(const char *buf, unsigned from, unsigned to,
		     const char *name);
/*
 * Is name a variable of this file that keeps its first value: declared
 * once at file scope `static` (so no other file names it), its address
 * never taken, and nothing in the file (a #define's body too) assigns
 * it, increments it or writes a part of it?
 */
bool text_static_sealed(const char *buf, size_t len, const char *name);
/*
 * Is name a function only this file can call: declared and defined at
 * file scope `static`, and named nowhere but in calls (no pointer to it
 * handed on)?
 */
bool text_function_sealed(const char *buf, size_t len, const char *name);
/*
 * Does buf[from, to) (a function's body) declare the queue head q, a
 * plain name, as its own: `DECLARE_WAIT_QUEUE_HEAD_ONSTACK(q)` (kapi.def
 * KAPI_QUEUE_DECL) or `wait_queue_head_t q;`?
 */
bool text_declares_queue(const char *buf, unsigned from, unsigned to,
			 const char *q);
/*
 * A call in buf that wakes the queue member `member` of its argument's
 * target (kapi.def KAPI_WAKES_MEMBER: `complete(x)` wakes x->wait): the
 * offset of its name (*n: the name's length), or -1.
 */
long text_member_waker(const char *buf, size_t len, const char *member,
		       size_t *n);
long text_find_word_if(const char *buf, unsigned from, unsigned to,
		       bool (*pred)(const void *ctx, const char *w, size_t n),
		       const void *ctx);
bool text_any_plain_name(const char *t, size_t len,
			 bool (*pred)(const void *ctx, const char *w, size_t n),
			 const void *ctx);
long text_next_ident(const char *buf, unsigned from, unsigned to,
		     unsigned *end);
unsigned text_offset(const char *buf, size_t len, struct wq_pos pos);
struct wq_pos text_pos(const char *buf, size_t len, unsigned off);
bool text_is_thread_function(const char *buf, size_t len, const char *fn);
/*
 * The kapi.def K_LOCKED_CALLBACK row ("struct.member")
 * that func is, or is called from one level up (*via: that caller, to
 * free; else NULL), or NULL.
 */
const char *text_locked_callback(const char *buf, size_t len,
				 const char *func, char **via);
/*
 * Are offsets a and b of function body [from, to) of buf in two case
 * arms of one switch (an ioctl's GET arm sleeps, its SET arm wakes:
 * calls of two tasks)?
 */
bool text_other_case_arm(const char *buf, unsigned from, unsigned to,
			 unsigned a, unsigned b);
/* The function around offset at: its body [*from, *to) and name */
bool text_enclosing_function(const char *buf, size_t len, unsigned at,
			     unsigned *from, unsigned *to, const char **name,
			     size_t *n);
bool text_is_thread(const char *buf, size_t len, unsigned from, unsigned to,
		    const char *fn);
bool text_callers_follow_with(const char *buf, size_t len, const char *fn,
			      unsigned from, unsigned to,
			      const char *const *after);

/*
 * The body [*from, *to) of the definition of function name in buf (the
 * name after a type, its parameter list, then `{`), or false.
 */
bool text_function_body(const char *buf, size_t len, const char *name,
			unsigned *from, unsigned *to);

/* Is offset off in the body of a #define?  *name: the macro's (allocated) */
bool text_define_around(const char *buf, size_t len, unsigned off,
			char **name);

/*
 * locktext.c: lock calls a driver hides behind its own names, read from
 * the file's text: a macro whose body locks or unlocks, a function whose
 * body is one lock or unlock call.  The graph builder reads the macros
 * for unlocks in statements clang dropped; the model check of `wqport
 * fix` reads both at the sleeper and at its wakers.
 */
/*
 * The line `#define name...` of buf: the offset of name in it and in
 * *end the end of its logical line; -1 when there is none.
 */
long macro_define_at(const char *buf, size_t len, const char *name, size_t n,
		     size_t *end);
/* The unlock API a driver macro's body calls, or NULL. */
const struct kapi *macro_body_unlock(const char *buf, size_t len,
				     const char *name);
/*
 * The lock or unlock call (kapi.def: KAPI_LOCK rows, K_UNLOCK rows) a
 * use of name[0..n) makes, by buf's own text: the first one in the body
 * of a `#define name` (`#define LAZY_LOCK(f) spin_lock_irqsave(&jfs_lock,
 * f)`), else the one call that is the whole body of a function name of
 * the file, on a global or a parameter's member (`static void
 * drv_lock(struct drv *d) { mutex_lock(&d->lock); }`).  The call as it
 * runs at the use, each parameter replaced by the use's argument
 * args[k] (allocated: "mutex_lock(&dev->lock)"), or NULL.  *unlock: it
 * drops the lock; *fn: a function's, not a macro's.
 */
char *text_lock_use(const char *buf, size_t len, const char *name, size_t n,
		    char *const *args, int nargs, bool *unlock, bool *fn);

/* Does s name a thing or a member chain only (no brackets needed)? */
bool text_member_chain(const char *s);

#endif /* WQPORT_TEXT_H */

// SPDX-License-Identifier: GPL-2.0-only
/*
 * Queues read from a file's text: the queue head a function declares as
 * its own, and the calls that wake a queue that is a member of what
 * their argument points to (complete() wakes a completion's 'wait').
 * The fix's site reader, its proof and the check ask (text.h).
 */
#include <stdbool.h>
#include <string.h>

#include "text.h"
#include "wqport.h"

struct member_ctx {
	const char *member;
};

static bool wakes_member(const void *ctx, const char *w, size_t n)
{
	const struct member_ctx *c = ctx;
	const char *m = kapi_wakes_member(w, n);
	const char *p = w + n;

	while (*p == ' ' || *p == '\t')
		p++;
	return m && !strcmp(m, c->member) && *p == '(';
}

long text_member_waker(const char *buf, size_t len, const char *member,
		       size_t *n)
{
	struct member_ctx c = { member };
	long at = text_find_word_if(buf, 0, len, wakes_member, &c);

	*n = 0;
	if (at < 0)
		return -1;
	while (wq_ident_char(buf[at + *n]))
		(*n)++;
	return at;
}

bool text_declares_queue(const char *buf, unsigned from, unsigned to,
			 const char *q)
{
	size_t n = strlen(q);
	long at = from;

	while ((at = text_find_word(buf, at, to, q)) >= 0) {
		unsigned b = at, e;

		while (b > from && (buf[b - 1] == ' ' || buf[b - 1] == '\t'))
			b--;
		if (b > from && buf[b - 1] == '(') {
			/* DECLARE_WAIT_QUEUE_HEAD(q) */
			e = --b;
			while (b > from && (buf[b - 1] == ' ' || buf[b - 1] == '\t'))
				b--;
			e = b;
			while (b > from && wq_ident_char(buf[b - 1]))
				b--;
			if (kapi_queue_decl(buf + b, e - b))
				return true;
		} else {
			e = b;
			while (b > from && wq_ident_char(buf[b - 1]))
				b--;
			if (e - b == 17 && !memcmp(buf + b, "wait_queue_head_t", 17))
				return true;
		}
		at += n;
	}
	return false;
}

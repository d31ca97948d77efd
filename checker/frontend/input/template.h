/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Template-style headers (template.c): a driver's own .h holding whole
 * function bodies, checked once in the context of a .c that includes it.
 */
#ifndef WQPORT_TEMPLATE_H
#define WQPORT_TEMPLATE_H
#include <stdbool.h>
#include <stddef.h>

struct template_cache;

struct template_cache *template_cache_new(void);
void template_cache_free(struct template_cache *tc);
/* Does a header's text hold a function body and name a wait word? */
bool template_header_text(const char *buf, size_t len);
/* Call fn with the path of each template header cpath includes with
 * "" from its own directory, in the order of the includes. */
void template_includes(struct template_cache *tc, const char *cpath,
		       void (*fn)(void *arg, const char *hpath), void *arg);
/*
 * The same from the text of cpath, without the directory's listing (a
 * worker, at the parse): fn gets each template header it includes,
 * resolved in cpath's directory.
 */
void template_includes_text(const char *cpath, const char *buf, size_t len,
			    void (*fn)(void *arg, const char *hpath), void *arg);
/* For a template header: the first .c (by name) of its directory that
 * includes it, allocated; NULL when none does or it is no template. */
char *template_includer(struct template_cache *tc, const char *hpath);
/* Is hpath a template header of a directory holding .c files, none of
 * which includes it?  A walk checks such a header on its own. */
bool template_orphan(struct template_cache *tc, const char *hpath);
#endif /* WQPORT_TEMPLATE_H */

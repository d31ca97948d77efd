/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A small JSON reader for the HTML report (html.c): the report is drawn
 * from the JSON document a check or fix run writes with --format=json,
 * not from the run's own structures, so what CI gets and what the
 * reviewer sees are the same data.
 */
#ifndef WQPORT_JSON_READ_H
#define WQPORT_JSON_READ_H

#include <stdbool.h>
#include <stddef.h>

enum jv_type { JV_NULL, JV_BOOL, JV_NUM, JV_STR, JV_ARR, JV_OBJ };

struct jv {
	enum jv_type type;
	double num;		/* JV_NUM, JV_BOOL (0 or 1) */
	char *str;		/* JV_STR: NUL-terminated; \udcXX back to a byte */
	size_t len;		/* JV_STR: bytes; JV_ARR, JV_OBJ: members */
	struct jv *items;	/* JV_ARR, JV_OBJ */
	char **keys;		/* JV_OBJ */
};

/* Parse text; NULL with *err ("offset N: why") when it is not JSON. */
struct jv *jv_parse(const char *text, char **err);
void jv_free(struct jv *v);

/* Member key of an object, or NULL */
const struct jv *jv_get(const struct jv *obj, const char *key);
/* Its string, or def when absent or not a string */
const char *jv_str(const struct jv *obj, const char *key, const char *def);
/* Its number, or def */
long jv_int(const struct jv *obj, const char *key, long def);

#endif /* WQPORT_JSON_READ_H */

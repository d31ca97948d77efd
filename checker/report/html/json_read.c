// SPDX-License-Identifier: GPL-2.0-only
/*
 * The JSON reader of json_read.h: a recursive descent over the text,
 * depth-limited, strict about syntax (a truncated document is an error
 * naming the offset, not half a report).  A \u0080..\u00ff escape is the
 * byte report_json_escape() wrote it for (a file name that is not UTF-8:
 * it writes every valid character as itself) and becomes that byte
 * again, as does the lone surrogate \udc80..\udcff of older documents.
 */
#include <stdlib.h>
#include <string.h>

#include "json_read.h"
#include "wqport.h"

#define JV_MAX_DEPTH 64

struct jp {
	const char *s, *p;
	char *err;
	int depth;
};

static bool fail(struct jp *j, const char *why)
{
	if (!j->err)
		j->err = xasprintf("offset %ld: %s", (long)(j->p - j->s), why);
	return false;
}

static void ws(struct jp *j)
{
	while (*j->p == ' ' || *j->p == '\n' || *j->p == '\t' || *j->p == '\r')
		j->p++;
}

static int hex4(const char *p)
{
	int v = 0, i;

	for (i = 0; i < 4; i++) {
		int c = p[i];

		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= c - '0';
		else if (c >= 'a' && c <= 'f')
			v |= c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			v |= c - 'A' + 10;
		else
			return -1;
	}
	return v;
}

static void put_utf8(struct strbuf *sb, unsigned cp)
{
	char b[4];
	int n;

	if (cp < 0x80) {
		b[0] = cp;
		n = 1;
	} else if (cp < 0x800) {
		b[0] = 0xc0 | cp >> 6;
		b[1] = 0x80 | (cp & 0x3f);
		n = 2;
	} else if (cp < 0x10000) {
		b[0] = 0xe0 | cp >> 12;
		b[1] = 0x80 | ((cp >> 6) & 0x3f);
		b[2] = 0x80 | (cp & 0x3f);
		n = 3;
	} else {
		b[0] = 0xf0 | cp >> 18;
		b[1] = 0x80 | ((cp >> 12) & 0x3f);
		b[2] = 0x80 | ((cp >> 6) & 0x3f);
		b[3] = 0x80 | (cp & 0x3f);
		n = 4;
	}
	sb_add(sb, b, n);
}

static bool string(struct jp *j, char **out, size_t *len)
{
	struct strbuf sb = { 0 };

	j->p++;		/* the opening quote */
	sb_add(&sb, "", 0);
	for (;;) {
		unsigned char c = *j->p;

		if (!c) {
			free(sb.s);
			return fail(j, "unterminated string");
		}
		if (c < 0x20) {
			free(sb.s);
			return fail(j, "control character in a string");
		}
		j->p++;
		if (c == '"')
			break;
		if (c != '\\') {
			sb_add(&sb, (const char *)&c, 1);
			continue;
		}
		c = *j->p++;
		switch (c) {
		case '"': case '\\': case '/':
			sb_add(&sb, (const char *)&c, 1);
			break;
		case 'b': sb_puts(&sb, "\b"); break;
		case 'f': sb_puts(&sb, "\f"); break;
		case 'n': sb_puts(&sb, "\n"); break;
		case 'r': sb_puts(&sb, "\r"); break;
		case 't': sb_puts(&sb, "\t"); break;
		case 'u': {
			int u = hex4(j->p), lo;

			if (u < 0) {
				free(sb.s);
				return fail(j, "bad \\u escape");
			}
			j->p += 4;
			if (u >= 0xd800 && u <= 0xdbff && j->p[0] == '\\' &&
			    j->p[1] == 'u' && (lo = hex4(j->p + 2)) >= 0xdc00 &&
			    lo <= 0xdfff) {
				j->p += 6;
				put_utf8(&sb, 0x10000 + ((u - 0xd800) << 10) +
					 (lo - 0xdc00));
			} else if ((u >= 0xdc80 && u <= 0xdcff) ||
				   (u >= 0x80 && u <= 0xff)) {
				char b = (char)(u & 0xff);

				sb_add(&sb, &b, 1);
			} else if (u == 0 || (u >= 0xd800 && u <= 0xdfff)) {
				sb_puts(&sb, "\xef\xbf\xbd");	/* U+FFFD */
			} else {
				put_utf8(&sb, u);
			}
			break;
		}
		default:
			free(sb.s);
			return fail(j, "bad escape in a string");
		}
	}
	*out = sb.s;
	*len = sb.len;
	return true;
}

static bool value(struct jp *j, struct jv *v);

static bool members(struct jp *j, struct jv *v, bool obj)
{
	size_t cap = 0;
	char close = obj ? '}' : ']';

	j->p++;
	ws(j);
	if (*j->p == close) {
		j->p++;
		return true;
	}
	for (;;) {
		char *key = NULL;
		size_t klen;

		if (v->len == cap) {
			cap = cap ? cap * 2 : 4;
			v->items = xrealloc(v->items, cap * sizeof(*v->items));
			if (obj)
				v->keys = xrealloc(v->keys, cap * sizeof(char *));
		}
		ws(j);
		if (obj) {
			if (*j->p != '"')
				return fail(j, "expected a member name");
			if (!string(j, &key, &klen))
				return false;
			ws(j);
			if (*j->p != ':') {
				free(key);
				return fail(j, "expected ':'");
			}
			j->p++;
			v->keys[v->len] = key;
		}
		memset(&v->items[v->len], 0, sizeof(*v->items));
		v->len++;
		if (!value(j, &v->items[v->len - 1]))
			return false;
		ws(j);
		if (*j->p == ',') {
			j->p++;
			continue;
		}
		if (*j->p == close) {
			j->p++;
			return true;
		}
		return fail(j, obj ? "expected ',' or '}'" : "expected ',' or ']'");
	}
}

static bool value(struct jp *j, struct jv *v)
{
	char *end;
	bool ok;

	ws(j);
	switch (*j->p) {
	case '{':
	case '[':
		if (++j->depth > JV_MAX_DEPTH)
			return fail(j, "nested too deep");
		v->type = *j->p == '{' ? JV_OBJ : JV_ARR;
		ok = members(j, v, v->type == JV_OBJ);
		j->depth--;
		return ok;
	case '"':
		v->type = JV_STR;
		return string(j, &v->str, &v->len);
	case 't':
	case 'f':
	case 'n':
		if (!strncmp(j->p, "true", 4) || !strncmp(j->p, "null", 4)) {
			v->type = *j->p == 'n' ? JV_NULL : JV_BOOL;
			v->num = *j->p == 't';
			j->p += 4;
			return true;
		}
		if (!strncmp(j->p, "false", 5)) {
			v->type = JV_BOOL;
			j->p += 5;
			return true;
		}
		return fail(j, "unknown word");
	default:
		if (*j->p != '-' && (*j->p < '0' || *j->p > '9'))
			return fail(j, *j->p ? "unexpected character" :
				    "unexpected end of the document");
		v->type = JV_NUM;
		v->num = strtod(j->p, &end);
		if (end == j->p)
			return fail(j, "bad number");
		j->p = end;
		return true;
	}
}

static void jv_clear(struct jv *v)
{
	size_t i;

	for (i = 0; i < v->len && (v->type == JV_ARR || v->type == JV_OBJ); i++) {
		jv_clear(&v->items[i]);
		if (v->keys)
			free(v->keys[i]);
	}
	free(v->items);
	free(v->keys);
	free(v->str);
}

struct jv *jv_parse(const char *text, char **err)
{
	struct jp j = { text, text, NULL, 0 };
	struct jv *v = xrealloc(NULL, sizeof(*v));

	memset(v, 0, sizeof(*v));
	if (value(&j, v)) {
		ws(&j);
		if (!*j.p)
			return v;
		fail(&j, "text after the document");
	}
	jv_free(v);
	*err = j.err;
	return NULL;
}

void jv_free(struct jv *v)
{
	if (!v)
		return;
	jv_clear(v);
	free(v);
}

const struct jv *jv_get(const struct jv *obj, const char *key)
{
	size_t i;

	if (!obj || obj->type != JV_OBJ)
		return NULL;
	for (i = 0; i < obj->len; i++)
		if (!strcmp(obj->keys[i], key))
			return &obj->items[i];
	return NULL;
}

const char *jv_str(const struct jv *obj, const char *key, const char *def)
{
	const struct jv *v = jv_get(obj, key);

	return v && v->type == JV_STR ? v->str : def;
}

long jv_int(const struct jv *obj, const char *key, long def)
{
	const struct jv *v = jv_get(obj, key);

	return v && v->type == JV_NUM ? (long)v->num : def;
}

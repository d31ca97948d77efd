/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * wqport verify: a stand-in for the header that
 * testdata/state-after-test/vexa-opts-parse-ko.c includes and that is
 * missing on purpose (the checker must cope without it).  Just enough of
 * <linux/parser.h> for the model to build the fixture: every option is
 * "oneshot" (token 1), and nothing else of the parser is modelled.
 */
#ifndef WQV_STUB_VEXA_PARSER_H
#define WQV_STUB_VEXA_PARSER_H

#define MAX_OPT_ARGS	3

typedef struct {
	char *from;
	char *to;
} substring_t;

static const int vexa_tokens[1];

static inline int wqv_stub_match_token(char *s, const int *table, substring_t args[])
{
	(void)s;
	(void)table;
	(void)args;
	return 1;
}

static inline unsigned int vexa_match_uint(substring_t *args)
{
	(void)args;
	return 0;
}

/* strsep() on a string without separators: one token, then none. */
static inline char *wqv_stub_strsep(char **s, const char *delim)
{
	char *t = *s;

	(void)delim;
	*s = NULL;
	return t;
}

#define match_token(s, t, a)	wqv_stub_match_token(s, t, a)
#define strsep(s, d)		wqv_stub_strsep(s, d)

#endif /* WQV_STUB_VEXA_PARSER_H */

// SPDX-License-Identifier: GPL-2.0-only
/*
 * Vexa sensor: a racy wait early in the file, and far below it an option
 * parser using types from a header the checker does not have
 * (substring_t, MAX_OPT_ARGS, match_token()).  clang gives the case
 * labels of a switch on such a call no source range at all; the wait must
 * still be reported exactly once, in its own function, and nothing of
 * it may leak into the parser's graph.
 *
 * wqport-fix-test: no-compile (vexa_parser.h is missing on purpose)
 */
#include <linux/module.h>
#include <linux/wait.h>
#include <linux/sched.h>
#include <linux/string.h>
#include "vexa_parser.h"

enum {
	VEXA_OPT_RATE,
	VEXA_OPT_ONESHOT,
};

struct vexa_dev {
	wait_queue_head_t conv_wait;
	bool conv_done;
	unsigned int rate;
	bool oneshot;
};

static void vexa_wait_conversion(struct vexa_dev *vd)
{
	while (!READ_ONCE(vd->conv_done)) {
		set_current_state(TASK_UNINTERRUPTIBLE);	/* expect: WQ003 fix=converted */
		schedule();
	}
	__set_current_state(TASK_RUNNING);
}

static int vexa_parse_opts(struct vexa_dev *vd, char *input)
{
	char *p;

	while ((p = strsep(&input, ","))) {
		substring_t args[MAX_OPT_ARGS];

		if (!*p)
			continue;
		switch (match_token(p, vexa_tokens, args)) {
		case VEXA_OPT_RATE:
			vd->rate = vexa_match_uint(args);
			break;
		case VEXA_OPT_ONESHOT:
			vd->oneshot = true;
			break;
		default:
			return -EINVAL;
		}
	}
	return 0;
}

int vexa_configure(struct vexa_dev *vd, char *opts)
{
	int ret = vexa_parse_opts(vd, opts);

	if (!ret && vd->oneshot)
		vexa_wait_conversion(vd);
	return ret;
}

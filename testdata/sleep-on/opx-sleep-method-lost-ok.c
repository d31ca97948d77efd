// SPDX-License-Identifier: GPL-2.0-only
/*
 * opx_board.c -- board glue of the OPX-8 serial concentrator; the
 * settle times come from the board header of the vendor tree.
 *
 * wqport fixture (issue 40): the board header is missing on purpose, so
 * the statements naming its constants are dropped by the parse and read
 * again from their tokens; a method named like the sleep_on() family
 * there is still the driver's method, no sleep_on() call (see
 * opx-sleep-method-ok.c for the parsed forms).
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include "opx_board.h"

struct opx_board;

struct opx_board_ops {
	long (*sleep_on_timeout)(struct opx_board *b, long t);
};

struct opx_board {
	const struct opx_board_ops	*ops;
	int				powered;
};

int opx_board_power(struct opx_board *b)
{
	if (!b->ops->sleep_on_timeout(b, OPX_BOARD_SETTLE))
		return -EIO;
	b->powered = 1;
	return 0;
}

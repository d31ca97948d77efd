// SPDX-License-Identifier: GPL-2.0-only
/*
 * gpx_tape.c -- GPX-40 streaming tape, 2.2/2.4 driver.
 *
 * wqport fixture: sleep_on loops whose guard counts the attempts.  The
 * condition a wait_event*() would take must not be the guard as it
 * stands: `!(!GPX_READY(gpx) && tries--)` would decrement the counter
 * each time the macro evaluates it, any number of times per wake-up.
 * WQ001 names the condition without the counter, says why, and suggests
 * bounding the wait with a timeout instead; where the side effect
 * cannot be taken out, it suggests no condition at all.
 * wqport-args: --target=2.4.37
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/errno.h>
#include <asm/io.h>

#define GPX_STATUS	0x01
#define GPX_ST_READY	0x40
#define GPX_READY(g)	(inb((g)->base + GPX_STATUS) & GPX_ST_READY)

struct gpx_tape {
	unsigned long		base;
	int			blocks;
	struct wait_queue	*ready_wait;
	struct wait_queue	*block_wait;
};

static int gpx_wait_ready(struct gpx_tape *gpx)
{
	int tries = 20;

	while (!GPX_READY(gpx) && tries--)
		interruptible_sleep_on_timeout(&gpx->ready_wait, HZ / 10);	/* expect: WQ001 */
	return GPX_READY(gpx) ? 0 : -EIO;
}

static int gpx_next_block(struct gpx_tape *gpx)
{
	while (!gpx->blocks--)
		sleep_on(&gpx->block_wait);	/* expect: WQ001 */
	return 0;
}

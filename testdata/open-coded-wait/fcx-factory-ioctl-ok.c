// SPDX-License-Identifier: GPL-2.0-only
/*
 * fcx: the factory-settings ioctl of an invented set-top box.  Writing
 * the table erases its flash sector, sleeping once until the erase
 * callback wakes the task, writes it and jumps back to the reload case
 * with `goto reload`, whose arm leaves the switch by its break.  The
 * jump back makes no loop around the sleep: the task sleeps once, which
 * is right; no rule may read a loop that spins on a signal (WQ007).  (The
 * same shape with add_wait_queue() is no WQ002 either: the token scan and
 * the rule read no loop there; open-coded-wait.cocci's context mode marks
 * every add, so that variant cannot be a -ok fixture here.)
 */
#include <linux/errno.h>
#include <linux/sched.h>
#include <linux/wait.h>

#define FCX_RELOAD	1
#define FCX_WRITE	2

struct fcx_flash {
	int (*erase)(struct fcx_flash *fl, wait_queue_head_t *done);
	int (*write)(struct fcx_flash *fl, const void *buf, int len);
};

static struct fcx_flash *fcx_flash;
static char fcx_table[512];

int fcx_parse_table(const char *buf, int len);

void fcx_erase_done(wait_queue_head_t *done)
{
	wake_up(done);
}

int fcx_ioctl(unsigned int cmd)
{
	DEFINE_WAIT(wait);
	wait_queue_head_t wait_q;
	int result = 0;

	init_waitqueue_head(&wait_q);
	switch (cmd) {
	case FCX_RELOAD:
reload:
		result = fcx_parse_table(fcx_table, sizeof(fcx_table));
		break;
	case FCX_WRITE:
		prepare_to_wait(&wait_q, &wait, TASK_INTERRUPTIBLE);
		result = fcx_flash->erase(fcx_flash, &wait_q);
		if (result) {
			finish_wait(&wait_q, &wait);
			return result;
		}
		schedule();
		finish_wait(&wait_q, &wait);
		result = fcx_flash->write(fcx_flash, fcx_table, sizeof(fcx_table));
		if (result)
			return result;
		goto reload;
	default:
		result = -EINVAL;
	}
	return result;
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * fcx: the factory-settings ioctl of an invented set-top box.  Writing
 * the table erases its flash sector, sleeping once until the erase
 * callback wakes the task, writes it and jumps back to the reload case
 * with `goto reload`, whose arm leaves the switch by its break.  The
 * jump back makes no loop around the sleep: the state is set before the
 * entry is queued and the task sleeps once, which is right; no rule may
 * read a wait loop (WQ002) or a loop that spins on a signal (WQ007).
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
	DECLARE_WAITQUEUE(wait, current);
	wait_queue_head_t wait_q;
	int result = 0;

	init_waitqueue_head(&wait_q);
	switch (cmd) {
	case FCX_RELOAD:
reload:
		result = fcx_parse_table(fcx_table, sizeof(fcx_table));
		break;
	case FCX_WRITE:
		set_current_state(TASK_INTERRUPTIBLE);
		add_wait_queue(&wait_q, &wait);
		result = fcx_flash->erase(fcx_flash, &wait_q);
		if (result) {
			set_current_state(TASK_RUNNING);
			remove_wait_queue(&wait_q, &wait);
			return result;
		}
		schedule();
		remove_wait_queue(&wait_q, &wait);
		result = fcx_flash->write(fcx_flash, fcx_table, sizeof(fcx_table));
		if (result)
			return result;
		goto reload;
	default:
		result = -EINVAL;
	}
	return result;
}

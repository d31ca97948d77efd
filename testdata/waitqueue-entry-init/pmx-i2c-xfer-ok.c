// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: each entry with the wake function its protocol
 * expects: DEFINE_WAIT() and init_wait() for prepare_to_wait(),
 * and DECLARE_WAITQUEUE() for a one-shot add_wait_queue() sleep.
 */
#include <linux/module.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/sched.h>
#include <linux/wait.h>

#define PMX_STAT_DONE	0x01

struct pmx_i2c {
	void __iomem *base;
	wait_queue_head_t xfer_wait;
	u32 status;
};

static int pmx_i2c_wait_done(struct pmx_i2c *bus)
{
	DEFINE_WAIT(wait);
	long left = HZ / 10;

	for (;;) {
		prepare_to_wait(&bus->xfer_wait, &wait, TASK_UNINTERRUPTIBLE);
		if ((bus->status & PMX_STAT_DONE) || !left)
			break;
		left = schedule_timeout(left);
	}
	finish_wait(&bus->xfer_wait, &wait);
	return left ? 0 : -ETIMEDOUT;
}

static int pmx_i2c_wait_excl(struct pmx_i2c *bus)
{
	struct wait_queue_entry wait;

	init_wait(&wait);
	for (;;) {
		prepare_to_wait_exclusive(&bus->xfer_wait, &wait,
					  TASK_UNINTERRUPTIBLE);
		if (bus->status & PMX_STAT_DONE)
			break;
		schedule();
	}
	finish_wait(&bus->xfer_wait, &wait);
	return 0;
}

static void pmx_i2c_settle(struct pmx_i2c *bus)
{
	DECLARE_WAITQUEUE(wait, current);

	add_wait_queue(&bus->xfer_wait, &wait);
	set_current_state(TASK_UNINTERRUPTIBLE);
	schedule_timeout(HZ / 100);
	remove_wait_queue(&bus->xfer_wait, &wait);
}

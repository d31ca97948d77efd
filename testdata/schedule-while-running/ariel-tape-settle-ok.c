// SPDX-License-Identifier: GPL-2.0-only
/*
 * ariel_tape.c -- QIC-80 floppy-tape controller, 2.4 driver.
 *
 * wqport fixture: the task-state setters of kernels before 4.11,
 * set_task_state(current, ...) and __set_task_state(current, ...), set
 * the state before schedule_timeout() as set_current_state() does: the
 * head-settle delay and the ready poll below are correct and must stay
 * silent.
 *
 * wqport-test: shim-only (set_task_state is gone since 4.11)
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <asm/io.h>

#define ARIEL_STATUS		0x3f4
#define ARIEL_ST_READY		0x80

static int ariel_wait_ready(int tries)
{
	while (!(inb(ARIEL_STATUS) & ARIEL_ST_READY)) {
		if (!tries--)
			return -EIO;
		/* the drive answers within a tick or two */
		set_task_state(current, TASK_INTERRUPTIBLE);
		schedule_timeout(1);
		if (signal_pending(current))
			return -EINTR;
	}
	return 0;
}

static void ariel_settle(void)
{
	/* let the head settle after a seek: 60 ms */
	__set_task_state(current, TASK_UNINTERRUPTIBLE);
	schedule_timeout(HZ * 60 / 1000);
}

static int ariel_seek(int track)
{
	outb(track, ARIEL_STATUS + 1);
	ariel_settle();
	return ariel_wait_ready(10);
}

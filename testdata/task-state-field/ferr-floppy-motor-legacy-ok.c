// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: the 2.4-era driver checked for the kernel it was
 * written for: before 5.14 task_struct::state is the field's name, so
 * --target=2.6.32 leaves it alone.
 *
 * wqport-args: --target=2.6.32
 *
 * wqport-test: shim-only (linux/config.h and current->state do not exist in 6.1 headers)
 */
#include <linux/module.h>
#include <linux/sched.h>
#include <asm/io.h>

#define FERR_DOR	0x3f2
#define FERR_MOTOR_ON	0x10

struct ferr_fdc {
	unsigned char dor;
	struct task_struct *helper;
};

static void ferr_motor_on(struct ferr_fdc *fdc)
{
	fdc->dor |= FERR_MOTOR_ON;
	outb(fdc->dor, FERR_DOR);
	current->state = TASK_UNINTERRUPTIBLE;
	schedule_timeout(HZ / 2);
}

static int ferr_helper_idle(struct ferr_fdc *fdc)
{
	struct task_struct *tsk = fdc->helper;

	return tsk && tsk->state == TASK_INTERRUPTIBLE;
}

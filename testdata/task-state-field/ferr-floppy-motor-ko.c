// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: a 2.4-era floppy-style controller driver that sleeps
 * by setting current->state itself and peeks at its helper thread's
 * state.  Correct then; on 5.14 and later none of it builds, since the
 * field is task_struct::__state.
 *
 * wqport-test: shim-only (linux/config.h and current->state do not exist in 6.1 headers)
 */
#include <linux/module.h>
#include <linux/config.h>
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
	/* let the spindle reach speed */
	current->state = TASK_UNINTERRUPTIBLE;	/* expect: WQ011 */
	schedule_timeout(HZ / 2);
}

static int ferr_helper_idle(struct ferr_fdc *fdc)
{
	struct task_struct *tsk = fdc->helper;

	return tsk && tsk->state == TASK_INTERRUPTIBLE;	/* expect: WQ011 */
}

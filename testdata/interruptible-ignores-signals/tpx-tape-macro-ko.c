// SPDX-License-Identifier: GPL-2.0-only
/*
 * tpx_tape.c -- QIC tape controller of the TPX-40 (2.6 era), erase path.
 *
 * wqport fixture (issue 41): the counterpart of tpx-tape-macro-ok.c.
 * The loop's test goes through a macro of the driver too
 * (TPX_ERASING), but its body reads the status port, not signals:
 * reading the macro's body must not make every macro a signal test.
 * The loop spins on a pending signal.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/io.h>

#define TPX_STATUS		0x02
#define TPX_ST_ERASING		0x10
#define TPX_ERASING		(inb(d->base + TPX_STATUS) & TPX_ST_ERASING)

struct tpx_drive {
	unsigned long base;
	wait_queue_head_t erase_wait;
};

void tpx_erase_irq(struct tpx_drive *d)
{
	wake_up_interruptible(&d->erase_wait);
}

void tpx_wait_erased(struct tpx_drive *d)
{
	DEFINE_WAIT(wait);

	for (;;) {
		prepare_to_wait(&d->erase_wait, &wait, TASK_INTERRUPTIBLE);	/* expect: WQ007 */
		if (!TPX_ERASING)
			break;
		schedule();
	}
	finish_wait(&d->erase_wait, &wait);
}

MODULE_LICENSE("GPL");

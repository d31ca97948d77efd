// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: a 2.4-era parallel printer driver waiting for the
 * printer to take the next byte.  It polls every tick in
 * TASK_INTERRUPTIBLE; a signal makes every schedule_timeout() return at
 * once, so a killed lpr spins here until the printer is switched on.
 *
 * wqport-args: --target=2.4.37
 *
 * wqport-test: shim-only (linux/config.h and current->state do not exist in 6.1 headers)
 */
#include <linux/module.h>
#include <linux/config.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <asm/io.h>

#define OAK_STATUS(base)	((base) + 1)
#define OAK_BUSY		0x80

struct oak_lp {
	unsigned long base;
	wait_queue_head_t wait_q;
	unsigned int chars;
};

static int oak_wait_ready(struct oak_lp *lp)
{
	DECLARE_WAITQUEUE(wait, current);

	add_wait_queue(&lp->wait_q, &wait);
	for (;;) {
		current->state = TASK_INTERRUPTIBLE;	/* expect: WQ007 */
		if (!(inb(OAK_STATUS(lp->base)) & OAK_BUSY))
			break;
		schedule_timeout(1);
	}
	current->state = TASK_RUNNING;
	remove_wait_queue(&lp->wait_q, &wait);
	return 0;
}

static void oak_write_byte(struct oak_lp *lp, unsigned char c)
{
	if (oak_wait_ready(lp) == 0) {
		outb(c, lp->base);
		lp->chars++;
	}
}

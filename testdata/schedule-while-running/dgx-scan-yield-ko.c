// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: the state set once, before a loop that sleeps.
 *
 * The same 2.4-era scanner driver as dgx-scan-yield-ok.c.  The lamp
 * warm-up wait sets TASK_INTERRUPTIBLE once, before its loop: the first
 * schedule_timeout() sleeps, every later one returns at once, and the
 * loop spins until the lamp is warm.  The yield in the copy loop that
 * follows is deliberate and stays unreported.
 * wqport-args: --target=2.4.37
 * wqport-test: shim-only (current->state does not exist in 6.1 headers)
 */
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/io.h>

#define DGX_STATUS	0x01
#define DGX_DATA	0x02
#define DGX_LAMP	0x03
#define DGX_ST_WARM	0x04

struct dgx_scanner {
	unsigned long iobase;
	unsigned char *calib;
	int calib_len;
};

static int dgx_lamp_on(struct dgx_scanner *sc)
{
	int i;

	outb(1, sc->iobase + DGX_LAMP);
	current->state = TASK_INTERRUPTIBLE;
	while (!(inb(sc->iobase + DGX_STATUS) & DGX_ST_WARM)) {
		if (signal_pending(current))
			return -EINTR;
		schedule_timeout(HZ / 50);	/* expect: WQ004 */
	}
	for (i = 0; i < sc->calib_len; i++) {
		sc->calib[i] = inb(sc->iobase + DGX_DATA);
		if (need_resched())
			schedule();
	}
	return 0;
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * pcx_scan.c -- PCX-4 flatbed scanner on the ISA bus, 2.2/2.4 driver,
 * before review.
 *
 * wqport fixture: the same places as pcx-old-state-ok.c, where clang
 * cannot see the statements (a loop header from a header the shim does
 * not have, the half of a version #if not compiled here), but the task
 * state is not set before schedule_timeout(): each sleep returns at
 * once.  The old-kernel half is left alone by wqport fix.
 *
 * wqport-fix-test: no-compile (asm/pcx_regs.h is the board's own)
 *
 * wqport-test: shim-only (linux/config.h is gone since 2.6.19)
 */
#include <linux/config.h>
#include <linux/module.h>
#include <linux/version.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/errno.h>
#include <asm/io.h>
#include <asm/pcx_regs.h>

struct pcx_scanner {
	unsigned long	base;
	int		lamp_on;
};

static int pcx_lamp_warmup(struct pcx_scanner *sc)
{
	int n;

	outb(PCX_LAMP_ON, sc->base + PCX_CTRL);
	pcx_for_each_tick(sc, n) {
		schedule_timeout(PCX_TICK);	/* expect: WQ004 fix=converted */
	}
	sc->lamp_on = 1;
	return 0;
}

static void pcx_carriage_home(struct pcx_scanner *sc)
{
	outb(PCX_HOME, sc->base + PCX_CTRL);
#if LINUX_VERSION_CODE < KERNEL_VERSION(2,4,0)
	schedule_timeout(HZ / 2);	/* expect: WQ004 fix=refused:old-kernel-branch */
#else
	set_current_state(TASK_UNINTERRUPTIBLE);
	schedule_timeout(HZ / 2);
#endif
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * pcx_scan.c -- PCX-4 flatbed scanner on the ISA bus, 2.2/2.4 driver.
 *
 * wqport fixture: the task state set by hand where clang cannot see it.
 * A `current->state = ...;` in a loop whose header is a macro of a
 * header the shim does not have (clang drops the statement), and one in
 * the half of a version #if that this configuration does not compile,
 * before the schedule_timeout() they belong to.  None of these sleeps
 * runs in TASK_RUNNING: nothing may be reported.
 * wqport-args: --target=2.4.37
 * wqport-test: shim-only (linux/config.h is gone since 2.6.19, current->state since 5.14)
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

/* wait for the lamp to warm up, one tick of PCX_TICK at a time */
static int pcx_lamp_warmup(struct pcx_scanner *sc)
{
	int n;

	outb(PCX_LAMP_ON, sc->base + PCX_CTRL);
	pcx_for_each_tick(sc, n) {
		current->state = TASK_INTERRUPTIBLE;
		schedule_timeout(PCX_TICK);
	}
	sc->lamp_on = 1;
	return 0;
}

/* let the carriage return to the home position */
static void pcx_carriage_home(struct pcx_scanner *sc)
{
	outb(PCX_HOME, sc->base + PCX_CTRL);
#if LINUX_VERSION_CODE < KERNEL_VERSION(2,4,0)
	current->state = TASK_UNINTERRUPTIBLE;
	schedule_timeout(HZ / 2);
#else
	set_current_state(TASK_UNINTERRUPTIBLE);
	schedule_timeout(HZ / 2);
#endif
}

/* the same delay, written once for 2.2 and once for 2.4 */
static void pcx_settle(struct pcx_scanner *sc)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(2,4,0)
	set_current_state(TASK_UNINTERRUPTIBLE);
#else
	current->state = TASK_UNINTERRUPTIBLE;
#endif
	schedule_timeout(HZ / 10);
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * lcx_lcd.c -- LCX-20 character LCD on the parallel port (2.4 driver).
 * The controller is busy for a few milliseconds after each command;
 * its interrupt wakes idle_wait when it is done.
 *
 * wqport fixture (issue 40): a sleep in the body of the driver's own
 * macro is one site, reported once, at the call in the #define, however
 * many times the macro is used: LCX_NAP() is used three times (twice
 * through LCX_WAIT_IDLE()), LCX_WAIT_READY() twice.  The note on the
 * first use says what the rules read there.  wqport fix refuses each use
 * (the sleep is in a macro) and the macro's own line (no statement of a
 * function to patch there).
 * wqport-test: shim-only (sleep_on and its family are gone in 6.1)
 * wqport-fix-test: no-kbuild (the sleep_on() family is gone since 3.15)
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/interrupt.h>
#include <asm/io.h>

#define LCX_DATA(l)		((l)->base)
#define LCX_CTRL(l)		((l)->base + 2)
#define LCX_NAP_TICKS		(HZ / 50)

#define LCX_NAP(l)	interruptible_sleep_on_timeout(&(l)->idle_wait, LCX_NAP_TICKS)	/* expect: WQ001 fix=refused:macro */
#define LCX_WAIT_IDLE(l)	do { while ((l)->busy) LCX_NAP(l); } while (0)
#define LCX_WAIT_READY(l)					\
	do {							\
		while (!(l)->ready)				\
			sleep_on(&(l)->ready_wait);	/* expect: WQ001 fix=refused:macro */ \
	} while (0)

struct lcx_lcd {
	unsigned long		base;
	wait_queue_head_t	idle_wait;
	wait_queue_head_t	ready_wait;
	volatile int		busy;
	volatile int		ready;
};

static irqreturn_t lcx_irq(int irq, void *dev_id)
{
	struct lcx_lcd *l = dev_id;

	l->busy = 0;
	l->ready = 1;
	wake_up_interruptible(&l->idle_wait);
	wake_up(&l->ready_wait);
	return IRQ_HANDLED;
}

static void lcx_write_cmd(struct lcx_lcd *l, unsigned char cmd)
{
	LCX_WAIT_IDLE(l);	/* expect-fix: WQ001 fix=refused:macro */
	l->busy = 1;
	outb(cmd, LCX_CTRL(l));
}

static void lcx_write_data(struct lcx_lcd *l, unsigned char c)
{
	LCX_WAIT_IDLE(l);	/* expect-fix: WQ001 fix=refused:macro */
	l->busy = 1;
	outb(c, LCX_DATA(l));
}

static void lcx_clear(struct lcx_lcd *l)
{
	LCX_WAIT_READY(l);	/* expect-fix: WQ001 fix=refused:macro */
	lcx_write_cmd(l, 0x01);
	if (l->busy)
		LCX_NAP(l);	/* expect-fix: WQ001 fix=refused:macro */
}

static void lcx_home(struct lcx_lcd *l)
{
	LCX_WAIT_READY(l);	/* expect-fix: WQ001 fix=refused:macro */
	lcx_write_cmd(l, 0x02);
}

void lcx_puts(struct lcx_lcd *l, const char *s)
{
	lcx_clear(l);
	lcx_home(l);
	while (*s)
		lcx_write_data(l, *s++);
}

void lcx_attach(struct lcx_lcd *l)
{
	if (request_irq(7, lcx_irq, 0, "lcx", l))
		printk(KERN_WARNING "lcx: no irq, busy waits only\n");
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * irx_dongle.c -- IRX-2 serial infrared dongle, a 2.4 IrDA dongle
 * driver.
 *
 * The dongle is programmed through the modem control lines of the
 * serial port it sits on: raise DTR, wait for it to settle, send the
 * speed byte, wait again.  The 2.4 IrDA dongle drivers did this from
 * process context with schedule_timeout(); this one forgot the task
 * state on the settle delays, so they returned at once and the dongle
 * was talked to before it was ready.  The reset delay sets the state by
 * hand, as 2.4 code did.
 *
 * wqport fixture: the two settle delays (WQ004) become
 * schedule_timeout_uninterruptible(); the reset delay is correct for
 * the 2.4 target and is not reported (WQ011 is about 5.14).
 * wqport-args: --target=2.4.20
 * wqport-fix-args: --target=2.4.20
 * wqport-test: shim-only (current->state is __state since 5.14)
 * wqport-fix-test: no-kbuild (the 2.4 IrDA dongle API is gone)
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/errno.h>

#define IRX_SETTLE		(HZ / 50 + 1)
#define IRX_RESET		(HZ / 10)

struct irx_dongle {
	int speed;
	void (*set_dtr_rts)(struct irx_dongle *d, int dtr, int rts);
	int (*raw_write)(struct irx_dongle *d, unsigned char *buf, int len);
};

static int irx_change_speed(struct irx_dongle *d, int speed)
{
	unsigned char byte;

	switch (speed) {
	case 9600:
		byte = 0x01;
		break;
	case 19200:
		byte = 0x02;
		break;
	case 57600:
	case 115200:
		byte = speed == 57600 ? 0x04 : 0x05;
		break;
	default:
		return -EINVAL;
	}
	d->set_dtr_rts(d, 1, 0);
	schedule_timeout(IRX_SETTLE);	/* expect: WQ004 fix=converted */
	d->raw_write(d, &byte, 1);
	schedule_timeout(IRX_SETTLE);	/* expect: WQ004 fix=converted */
	d->set_dtr_rts(d, 1, 1);
	d->speed = speed;
	return 0;
}

static int irx_reset(struct irx_dongle *d)
{
	d->set_dtr_rts(d, 0, 0);
	current->state = TASK_UNINTERRUPTIBLE;
	schedule_timeout(IRX_RESET);
	d->set_dtr_rts(d, 1, 1);
	d->speed = 9600;
	return 0;
}

int irx_open(struct irx_dongle *d)
{
	int err = irx_reset(d);

	if (err)
		return err;
	return irx_change_speed(d, 9600);
}

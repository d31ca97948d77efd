/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * wqport shim: <linux/delay.h>, delays: udelay() and mdelay() busy-wait, msleep(),
 * msleep_interruptible() and usleep_range() sleep.
 *
 * A minimal model of the Linux 6.1 interface.  wqport-shim.h includes
 * this file, so all of it is available whatever a driver includes.
 */
#include <wqport-shim.h>

#ifndef _WQPORT_LINUX_DELAY_H
#define _WQPORT_LINUX_DELAY_H

void __udelay(unsigned long usecs);
void __ndelay(unsigned long nsecs);
#define udelay(n)	__udelay(n)
#define ndelay(n)	__ndelay(n)
#define mdelay(n)	({ unsigned long __ms = (n); while (__ms--) udelay(1000); })
void msleep(unsigned int msecs);
unsigned long msleep_interruptible(unsigned int msecs);
void usleep_range(unsigned long min, unsigned long max);
static inline void ssleep(unsigned int seconds) { msleep(seconds * 1000); }

#endif /* _WQPORT_LINUX_DELAY_H */

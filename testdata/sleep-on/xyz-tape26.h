/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * xyz_tape.h -- register layout and wait helpers of the XYZ-400 QIC tape
 * controller, shared by the driver's files (2.6.5 vendor tree).
 *
 * wqport fixture (issue 40): sleeps in the macros of a driver header
 * that holds no function.  The header is checked once, on its own
 * lines: XYZ_WAIT_READY() (used twice by xyz-tape-busy26-ko.c) is one
 * finding at its sleep here, XYZ_WAIT_EJECT() (used by nobody) one
 * too, and XYZ_POLL_DMA() (an open-coded loop, used once) one WQ002.
 */
#ifndef _XYZ_TAPE_H
#define _XYZ_TAPE_H

#include <linux/wait.h>
#include <linux/sched.h>

#define XYZ_STAT		0x04
#define XYZ_STAT_READY		0x01
#define XYZ_STAT_DMA		0x02
#define XYZ_READY_TICKS		(HZ / 10)

#define XYZ_READY(t)	(inb((t)->base + XYZ_STAT) & XYZ_STAT_READY)

/* the drive raises an interrupt when it is ready again */
#define XYZ_WAIT_READY(t)						\
	do {								\
		while (!XYZ_READY(t))					\
			interruptible_sleep_on_timeout(&(t)->ready_wait,	/* expect: WQ001 fix=refused:no-patch */ \
						       XYZ_READY_TICKS);	\
	} while (0)

/* left from the 2.2 eject path, no longer called */
#define XYZ_WAIT_EJECT(t)	sleep_on(&(t)->eject_wait)	/* expect: WQ001 fix=refused:no-patch */

#define XYZ_POLL_DMA(t)							\
	do {								\
		DECLARE_WAITQUEUE(__w, current);			\
		add_wait_queue(&(t)->dma_wait, &__w);	/* expect: WQ002 fix=refused:no-patch */ \
		for (;;) {						\
			set_current_state(TASK_UNINTERRUPTIBLE);	\
			if (!(inb((t)->base + XYZ_STAT) & XYZ_STAT_DMA))	\
				break;					\
			schedule();					\
		}							\
		__set_current_state(TASK_RUNNING);			\
		remove_wait_queue(&(t)->dma_wait, &__w);		\
	} while (0)

struct xyz_tape {
	unsigned long		base;
	wait_queue_head_t	ready_wait;
	wait_queue_head_t	eject_wait;
	wait_queue_head_t	dma_wait;
	int			blocks;
};

#endif /* _XYZ_TAPE_H */

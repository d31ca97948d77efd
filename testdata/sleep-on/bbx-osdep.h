/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * bbx_osdep.h -- operating-system layer of the BBX-100 driver kit: the
 * same header builds the driver for several systems.
 */
#ifndef _BBX_OSDEP_H
#define _BBX_OSDEP_H

#include "bbx-os-linux.h"

#define BBX_REG_STATUS	0x02
#define BBX_ST_IDLE	0x01
#define BBX_ST_DATA	0x02

struct bbx_unit {
	unsigned long		iobase;
	int			irq;
	unsigned char		status;
	int			count;
	bbx_event_t		idle_ev;
	bbx_event_t		data_ev;
	struct task_struct	*reaper;
	unsigned char		buf[64];
};

static inline int bbx_status(struct bbx_unit *u)
{
	u->status = inb(u->iobase + BBX_REG_STATUS);
	return u->status;
}

#endif /* _BBX_OSDEP_H */

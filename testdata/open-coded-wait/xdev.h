/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * xdev.h -- the XDEV character driver's device, shared by its files:
 * xdev_wait.c sleeps on x->wq, xdev_irq.c sets x->done and wakes it.
 * wqport fixture header (issue 37): the queue is a member of a struct
 * other files know, so the file that sleeps on it is not its only user.
 */
#ifndef XDEV_H
#define XDEV_H

#include <linux/wait.h>

struct xdev {
	wait_queue_head_t wq;
	int done;
};

#endif /* XDEV_H */

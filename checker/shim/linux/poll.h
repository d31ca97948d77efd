/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * wqport shim: <linux/poll.h>, poll support: the EPOLL* and legacy POLL* masks,
 * poll_table and poll_wait().
 *
 * A minimal model of the Linux 6.1 interface.  wqport-shim.h includes
 * this file, so all of it is available whatever a driver includes.
 */
#include <wqport-shim.h>

#ifndef _WQPORT_LINUX_POLL_H
#define _WQPORT_LINUX_POLL_H

#define EPOLLIN		((__poll_t)0x00000001)
#define EPOLLPRI	((__poll_t)0x00000002)
#define EPOLLOUT	((__poll_t)0x00000004)
#define EPOLLERR	((__poll_t)0x00000008)
#define EPOLLHUP	((__poll_t)0x00000010)
#define EPOLLNVAL	((__poll_t)0x00000020)
#define EPOLLRDNORM	((__poll_t)0x00000040)
#define EPOLLRDBAND	((__poll_t)0x00000080)
#define EPOLLWRNORM	((__poll_t)0x00000100)
#define EPOLLWRBAND	((__poll_t)0x00000200)
#define EPOLLMSG	((__poll_t)0x00000400)
#define EPOLLRDHUP	((__poll_t)0x00002000)
#define POLLIN		0x0001
#define POLLPRI		0x0002
#define POLLOUT		0x0004
#define POLLERR		0x0008
#define POLLHUP		0x0010
#define POLLNVAL	0x0020
#define POLLRDNORM	0x0040
#define POLLRDBAND	0x0080
#define POLLWRNORM	0x0100
#define POLLWRBAND	0x0200
typedef void (*poll_queue_proc)(struct file *, wait_queue_head_t *, struct poll_table_struct *);
typedef struct poll_table_struct { poll_queue_proc _qproc; __poll_t _key; } poll_table;
static inline void poll_wait(struct file *filp, wait_queue_head_t *wait_address, poll_table *p)
{
	if (p && p->_qproc && wait_address)
		p->_qproc(filp, wait_address, p);
}

#endif /* _WQPORT_LINUX_POLL_H */

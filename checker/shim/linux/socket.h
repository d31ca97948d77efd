/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * wqport shim: <linux/socket.h>, socket addresses, message headers and
 * the MSG_ and address-family constants socket code tests.
 *
 * A minimal model of the Linux 6.1 interface, for protocol families
 * (af_*.c) checked without a kernel tree.
 */
#include <wqport-shim.h>

#ifndef _WQPORT_LINUX_SOCKET_H
#define _WQPORT_LINUX_SOCKET_H

typedef unsigned short sa_family_t;

struct sockaddr {
	sa_family_t sa_family;
	char sa_data[14];
};

struct msghdr {
	void *msg_name;
	int msg_namelen;
	void *msg_control;
	size_t msg_controllen;
	unsigned int msg_flags;
};

#define AF_UNSPEC	0
#define AF_UNIX		1
#define AF_INET		2
#define AF_MAX		46
#define PF_UNSPEC	AF_UNSPEC
#define PF_UNIX		AF_UNIX
#define PF_INET		AF_INET

#define SOL_SOCKET	1

#define MSG_OOB		0x1
#define MSG_PEEK	0x2
#define MSG_TRUNC	0x20
#define MSG_DONTWAIT	0x40
#define MSG_EOR		0x80
#define MSG_WAITALL	0x100
#define MSG_NOSIGNAL	0x4000
#define MSG_CMSG_COMPAT	0

int memcpy_to_msg(struct msghdr *msg, void *data, int len);
int memcpy_from_msg(void *data, struct msghdr *msg, int len);

#endif /* _WQPORT_LINUX_SOCKET_H */

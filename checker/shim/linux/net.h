/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * wqport shim: <linux/net.h>, the BSD socket layer: struct socket, its
 * states and struct proto_ops (6.1 signatures).
 *
 * A minimal model of the Linux 6.1 interface, for protocol families
 * (af_*.c) checked without a kernel tree.
 */
#include <wqport-shim.h>
#include <linux/socket.h>

#ifndef _WQPORT_LINUX_NET_H
#define _WQPORT_LINUX_NET_H

#define SOCK_STREAM	1
#define SOCK_DGRAM	2
#define SOCK_RAW	3
#define SOCK_SEQPACKET	5

typedef enum {
	SS_FREE = 0,
	SS_UNCONNECTED,
	SS_CONNECTING,
	SS_CONNECTED,
	SS_DISCONNECTING,
} socket_state;

struct sock;
struct proto_ops;

struct socket_wq {
	wait_queue_head_t wait;
	unsigned long flags;
};

struct socket {
	socket_state state;
	short type;
	unsigned long flags;
	struct file *file;
	struct sock *sk;
	const struct proto_ops *ops;
	struct socket_wq wq;
};

struct proto_ops {
	int family;
	struct module *owner;
	int (*release)(struct socket *sock);
	int (*bind)(struct socket *sock, struct sockaddr *myaddr, int sockaddr_len);
	int (*connect)(struct socket *sock, struct sockaddr *vaddr, int sockaddr_len,
		       int flags);
	int (*accept)(struct socket *sock, struct socket *newsock, int flags, bool kern);
	int (*getname)(struct socket *sock, struct sockaddr *addr, int peer);
	__poll_t (*poll)(struct file *file, struct socket *sock, struct poll_table_struct *wait);
	int (*ioctl)(struct socket *sock, unsigned int cmd, unsigned long arg);
	int (*listen)(struct socket *sock, int len);
	int (*shutdown)(struct socket *sock, int flags);
	int (*sendmsg)(struct socket *sock, struct msghdr *m, size_t total_len);
	int (*recvmsg)(struct socket *sock, struct msghdr *m, size_t total_len, int flags);
};

#endif /* _WQPORT_LINUX_NET_H */

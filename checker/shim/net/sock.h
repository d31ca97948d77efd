/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * wqport shim: <net/sock.h>, the network-layer socket: struct sock (the
 * fields wait loops test, as plain members; the kernel reaches most of
 * them through struct sock_common), its wait queue sk_sleep(), the
 * socket lock and the timeouts.
 *
 * A minimal model of the Linux 6.1 interface, for protocol families
 * (af_*.c) checked without a kernel tree.
 */
#include <wqport-shim.h>
#include <linux/net.h>
#include <linux/skbuff.h>

#ifndef _WQPORT_NET_SOCK_H
#define _WQPORT_NET_SOCK_H

#define RCV_SHUTDOWN	1
#define SEND_SHUTDOWN	2
#define SHUTDOWN_MASK	3

struct sock {
	unsigned short sk_family;
	volatile unsigned char sk_state;
	unsigned char sk_shutdown;
	unsigned short sk_type;
	int sk_err;
	int sk_rcvbuf, sk_sndbuf;
	unsigned int sk_ack_backlog, sk_max_ack_backlog;
	long sk_rcvtimeo, sk_sndtimeo;
	unsigned long sk_flags;
	spinlock_t sk_lock_slock;
	struct sk_buff_head sk_receive_queue;
	struct sk_buff_head sk_write_queue;
	struct socket *sk_socket;
	void *sk_user_data;
	void (*sk_state_change)(struct sock *sk);
	void (*sk_data_ready)(struct sock *sk);
	void (*sk_write_space)(struct sock *sk);
	void (*sk_destruct)(struct sock *sk);
};

wait_queue_head_t *sk_sleep(struct sock *sk);
void lock_sock(struct sock *sk);
void lock_sock_nested(struct sock *sk, int subclass);
void release_sock(struct sock *sk);
#define SINGLE_DEPTH_NESTING	1
#define bh_lock_sock(sk)	spin_lock(&(sk)->sk_lock_slock)
#define bh_unlock_sock(sk)	spin_unlock(&(sk)->sk_lock_slock)
void sock_hold(struct sock *sk);
void sock_put(struct sock *sk);
void sock_orphan(struct sock *sk);
void sock_graft(struct sock *sk, struct socket *parent);
int sock_error(struct sock *sk);
void sk_free(struct sock *sk);
static inline long sock_rcvtimeo(const struct sock *sk, bool noblock)
{
	return noblock ? 0 : sk->sk_rcvtimeo;
}
static inline long sock_sndtimeo(const struct sock *sk, bool noblock)
{
	return noblock ? 0 : sk->sk_sndtimeo;
}
static inline int sock_intr_errno(long timeo)
{
	return timeo == MAX_SCHEDULE_TIMEOUT ? -ERESTARTSYS : -EINTR;
}
int sk_wait_data(struct sock *sk, long *timeo, const struct sk_buff *skb);

#endif /* _WQPORT_NET_SOCK_H */

// SPDX-License-Identifier: GPL-2.0-only
/*
 * af_skx.c -- SKX sequenced-packet sockets over a vendor link: listen,
 * accept, connect and a blocking receive, in the style of the 2.6/3.x
 * protocol families (af_bluetooth, af_iucv, af_rose, af_x25).
 *
 * wqport fixture: the socket layer's open-coded waits.  The queue is
 * sk_sleep(sk), not '&q'; the loops drop the socket lock with
 * release_sock() around schedule_timeout() and carry the remaining
 * time in 'timeo'; accept is a wake-one wait on an exclusive entry;
 * receive does work (dequeue, copy) in the loop.  wqport fix converts
 * each entry in place: DEFINE_WAIT(), prepare_to_wait() (the exclusive
 * form for accept) where the state is set, finish_wait() where the
 * entry is removed.  The connect wait returns from inside its loop with
 * the entry queued (WQ006): the return gets finish_wait() before it.
 */
#include <linux/module.h>
#include <linux/errno.h>
#include <linux/net.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/skbuff.h>
#include <linux/socket.h>
#include <linux/wait.h>
#include <net/sock.h>

enum {
	SKX_OPEN = 1,
	SKX_LISTEN,
	SKX_CONNECTING,
	SKX_CONNECTED,
	SKX_CLOSED,
};

struct skx_sock {
	struct sock sk;
	struct sk_buff_head accept_q;
	int link_up;
};

#define skx_sk(__sk) ((struct skx_sock *)(__sk))

static struct sock *skx_accept_dequeue(struct sock *parent)
{
	struct sk_buff *skb = skb_dequeue(&skx_sk(parent)->accept_q);
	struct sock *sk;

	if (!skb)
		return NULL;
	sk = skb->sk;
	kfree_skb(skb);
	return sk;
}

static int skx_sock_accept(struct socket *sock, struct socket *newsock,
			   int flags, bool kern)
{
	DECLARE_WAITQUEUE(wait, current);
	struct sock *sk = sock->sk, *nsk;
	long timeo;
	int err = 0;

	lock_sock(sk);

	if (sk->sk_state != SKX_LISTEN) {
		err = -EBADFD;
		goto done;
	}

	timeo = sock_rcvtimeo(sk, flags & O_NONBLOCK);

	/* Wait for an incoming connection (wake-one). */
	add_wait_queue_exclusive(sk_sleep(sk), &wait);	/* expect: WQ002 fix=converted */
	while (!(nsk = skx_accept_dequeue(sk))) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (!timeo) {
			err = -EAGAIN;
			break;
		}

		release_sock(sk);
		timeo = schedule_timeout(timeo);
		lock_sock(sk);

		if (sk->sk_state != SKX_LISTEN) {
			err = -EBADFD;
			break;
		}

		if (signal_pending(current)) {
			err = sock_intr_errno(timeo);
			break;
		}
	}
	set_current_state(TASK_RUNNING);
	remove_wait_queue(sk_sleep(sk), &wait);

	if (err)
		goto done;

	sock_graft(nsk, newsock);
	newsock->state = SS_CONNECTED;
done:
	release_sock(sk);
	return err;
}

static int skx_wait_connect(struct sock *sk, long timeo)
{
	DECLARE_WAITQUEUE(wait, current);
	int err = 0;

	add_wait_queue(sk_sleep(sk), &wait);	/* expect: WQ002 fix=converted */
	while (sk->sk_state != SKX_CONNECTED) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (!timeo) {
			err = -EINPROGRESS;
			break;
		}
		if (sk->sk_state == SKX_CLOSED)
			return -ECONNREFUSED;	/* expect: WQ005 fix=converted WQ006 fix=converted */

		release_sock(sk);
		timeo = schedule_timeout(timeo);
		lock_sock(sk);

		if (signal_pending(current)) {
			err = sock_intr_errno(timeo);
			break;
		}
	}
	set_current_state(TASK_RUNNING);
	remove_wait_queue(sk_sleep(sk), &wait);
	return err;
}

static int skx_sock_recvmsg(struct socket *sock, struct msghdr *msg,
			    size_t len, int flags)
{
	struct sock *sk = sock->sk;
	DECLARE_WAITQUEUE(wait, current);
	struct sk_buff *skb;
	long timeo;
	int copied = 0;
	int err = 0;

	lock_sock(sk);
	timeo = sock_rcvtimeo(sk, flags & MSG_DONTWAIT);

	add_wait_queue(sk_sleep(sk), &wait);	/* expect: WQ002 fix=converted */
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		skb = skb_dequeue(&sk->sk_receive_queue);
		if (skb) {
			int chunk = min_t(int, skb->len, len - copied);

			__set_current_state(TASK_RUNNING);
			if (skb_copy_datagram_msg(skb, 0, msg, chunk)) {
				skb_queue_head(&sk->sk_receive_queue, skb);
				if (!copied)
					copied = -EFAULT;
				break;
			}
			copied += chunk;
			kfree_skb(skb);
			if (copied >= len || !(flags & MSG_WAITALL))
				break;
			continue;
		}
		if (sk->sk_shutdown & RCV_SHUTDOWN)
			break;
		if (!skx_sk(sk)->link_up) {
			err = -ENOTCONN;
			break;
		}
		if (!timeo) {
			err = -EAGAIN;
			break;
		}
		if (signal_pending(current)) {
			err = sock_intr_errno(timeo);
			break;
		}
		release_sock(sk);
		timeo = schedule_timeout(timeo);
		lock_sock(sk);
	}
	__set_current_state(TASK_RUNNING);
	remove_wait_queue(sk_sleep(sk), &wait);
	release_sock(sk);

	return copied ? copied : err;
}

int skx_connect_and_wait(struct socket *sock, long timeo)
{
	int err;

	lock_sock(sock->sk);
	err = skx_wait_connect(sock->sk, timeo);
	release_sock(sock->sk);
	return err;
}
EXPORT_SYMBOL_GPL(skx_connect_and_wait);

static const struct proto_ops skx_ops = {
	.family		= PF_UNSPEC,
	.owner		= THIS_MODULE,
	.accept		= skx_sock_accept,
	.recvmsg	= skx_sock_recvmsg,
};

int skx_ops_family(void)
{
	return skx_ops.family;
}
EXPORT_SYMBOL_GPL(skx_ops_family);

MODULE_LICENSE("GPL");

/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * wqport shim: <linux/skbuff.h>, socket buffers and their queues.
 *
 * A minimal model of the Linux 6.1 interface, for protocol families
 * and network drivers checked without a kernel tree.
 */
#include <wqport-shim.h>
#include <linux/socket.h>

#ifndef _WQPORT_LINUX_SKBUFF_H
#define _WQPORT_LINUX_SKBUFF_H

struct sock;

struct sk_buff {
	struct sk_buff *next, *prev;
	struct sock *sk;
	unsigned int len;
	unsigned char *head, *data;
	char cb[48];
};

struct sk_buff_head {
	struct sk_buff *next, *prev;
	__u32 qlen;
	spinlock_t lock;
};

struct sk_buff *alloc_skb(unsigned int size, gfp_t priority);
void kfree_skb(struct sk_buff *skb);
void consume_skb(struct sk_buff *skb);
void *skb_put(struct sk_buff *skb, unsigned int len);
void *skb_pull(struct sk_buff *skb, unsigned int len);
void skb_queue_head_init(struct sk_buff_head *list);
void skb_queue_head(struct sk_buff_head *list, struct sk_buff *newsk);
void skb_queue_tail(struct sk_buff_head *list, struct sk_buff *newsk);
struct sk_buff *skb_dequeue(struct sk_buff_head *list);
struct sk_buff *skb_peek(const struct sk_buff_head *list);
void skb_queue_purge(struct sk_buff_head *list);
static inline int skb_queue_empty(const struct sk_buff_head *list)
{
	return list->next == (const struct sk_buff *)list;
}
static inline __u32 skb_queue_len(const struct sk_buff_head *list)
{
	return list->qlen;
}
int skb_copy_datagram_msg(const struct sk_buff *from, int offset,
			  struct msghdr *msg, int size);

#endif /* _WQPORT_LINUX_SKBUFF_H */

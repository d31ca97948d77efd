// SPDX-License-Identifier: GPL-2.0-only
/*
 * isx_common.c -- raw data path of the ISX ISDN line cards, 2.4 style.
 *
 * wqport fixture (issue 30): the write path hands the frame to the card
 * in the loop's test and sleeps until the card took all of it.  The
 * test sends: making it again after prepare_to_wait() (the re-test of
 * the state-after-test fix) or in a wait_event*() condition sends the
 * frame twice.  The translation validation counts the calls with side
 * effects in the tests and refuses the site.
 *
 * wqport-fix-test: no-compile (the 2.4 ISDN link layer is gone)
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/skbuff.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

#define ISX_MAX_DRIVERS		4
#define ISX_MAX_CHANNELS	2

struct isx_if {
	int (*writebuf_skb)(int drv, int chan, int ack, struct sk_buff *skb);
};

struct isx_driver {
	struct isx_if *interface;
	wait_queue_head_t snd_waitq[ISX_MAX_CHANNELS];
	unsigned long obytes[ISX_MAX_CHANNELS];
};

static struct isx_driver *isx_drv[ISX_MAX_DRIVERS];

/* a channel's send queue emptied: the card calls this */
void isx_bsent(int drv, int chan)
{
	wake_up_interruptible(&isx_drv[drv]->snd_waitq[chan]);
}

static int isx_writebuf_stub(int drv, int chan, const u_char __user *buf,
			     int len)
{
	struct sk_buff *skb = alloc_skb(len, GFP_KERNEL);
	int ret;

	if (!skb)
		return -ENOMEM;
	if (copy_from_user(skb_put(skb, len), buf, len)) {
		kfree_skb(skb);
		return -EFAULT;
	}
	ret = isx_drv[drv]->interface->writebuf_skb(drv, chan, 1, skb);
	if (ret <= 0)
		kfree_skb(skb);
	else
		isx_drv[drv]->obytes[chan] += ret;
	return ret;
}

ssize_t isx_write(int drv, int chan, const char __user *buf, size_t count)
{
	if (count > 4000)
		return -EINVAL;
	while (isx_writebuf_stub(drv, chan, buf, count) != count)
		interruptible_sleep_on(&isx_drv[drv]->snd_waitq[chan]);	/* expect: WQ001 fix=refused:unproven */
	if (signal_pending(current))
		return -EINTR;
	return count;
}

MODULE_LICENSE("GPL");

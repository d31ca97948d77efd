// SPDX-License-Identifier: GPL-2.0-only
/*
 * pcx_layer2.c -- layer 2 start-up of the PCX-4 ISDN card, a 2.2-2.6
 * driver in the style of the pcbit one: the start request is written to
 * shared memory, a timer bounds the wait, and the card's confirmation
 * sets the new layer 2 state.
 *
 * wqport fixture: a timer waker that never makes the condition true.
 * The flag test after the sleep gives 'dev->l2_state != L2_STARTING',
 * false at the sleep (set just before), and the confirmation handler
 * leaves the state on every path; but the timer only wakes the queue,
 * so with wait_event_interruptible() the timeout would no longer end
 * the wait: it would hang until a confirmation that never comes.  The
 * proof fails at the timer, and the sleep keeps its faithful form, also
 * with --unsafe (which once proposed that condition).
 *
 * wqport-fix-args: --unsafe
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/timer.h>
#include <linux/wait.h>
#include <linux/io.h>
#include <linux/errno.h>

#define L2_DOWN		0
#define L2_STARTING	1
#define L2_RUNNING	2
#define PCX_BANK4	0x1000
#define PCX_RUN_TMO	(HZ / 2)

struct pcx_dev {
	void __iomem *sh_mem;
	int l2_state;
	unsigned char rcv_seq, send_seq, unack_seq;
	struct timer_list run_timer;
	wait_queue_head_t run_wq;
};

static void pcx_run_timeout(struct timer_list *t)
{
	struct pcx_dev *dev = from_timer(dev, t, run_timer);

	wake_up_interruptible(&dev->run_wq);
}

/* called from the interrupt handler on a layer 2 confirmation */
void pcx_l2_active_conf(struct pcx_dev *dev, u8 info)
{
	int state = dev->l2_state;

	if (info & 0x80U) {
		dev->rcv_seq = info & 0x07U;
		dev->l2_state = L2_RUNNING;
	} else {
		dev->l2_state = L2_DOWN;
	}
	if (state == L2_STARTING)
		wake_up_interruptible(&dev->run_wq);
}
EXPORT_SYMBOL(pcx_l2_active_conf);

int pcx_l2_start(struct pcx_dev *dev)
{
	timer_setup(&dev->run_timer, pcx_run_timeout, 0);
	dev->run_timer.expires = jiffies + PCX_RUN_TMO;
	dev->l2_state = L2_STARTING;
	writeb(0x80U | (dev->rcv_seq & 0x07) << 3 | (dev->send_seq & 0x07),
	       dev->sh_mem + PCX_BANK4);
	add_timer(&dev->run_timer);
	interruptible_sleep_on(&dev->run_wq);	/* expect: WQ001 fix=converted */
	del_timer(&dev->run_timer);
	if (dev->l2_state == L2_RUNNING) {
		dev->unack_seq = dev->send_seq;
		return 0;
	}
	dev->l2_state = L2_DOWN;
	return -EL2HLT;
}
EXPORT_SYMBOL(pcx_l2_start);

MODULE_LICENSE("GPL");

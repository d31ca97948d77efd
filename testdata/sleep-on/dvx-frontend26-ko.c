// SPDX-License-Identifier: GPL-2.0-only
/*
 * dvx_fe.c -- DVX-S2 satellite demodulator, a DVB frontend driver kept
 * out of tree from 2.6.8 to 2.6.32.
 *
 * The demodulator raises an interrupt when its carrier lock changes.
 * The tune path writes the new frequency and waits for lock with a
 * compat block: wait_event_interruptible_timeout() on kernels that have
 * it, the old interruptible_sleep_on_timeout() on those that do not.
 * The monitor thread wakes every half second or on a lock change and
 * reads the signal statistics.  The DiSEqC path waits for the end of a
 * burst with a plain sleep_on_timeout() on a queue the burst-done
 * interrupt wakes.
 *
 * wqport fixture: the new branch of the tune wait is clean; its old
 * branch is refused (old-kernel-branch); the monitor thread's sleep is
 * a pacing delay that is also woken early on purpose and is left alone
 * (polling-timeout); the DiSEqC wait becomes wait_event_timeout() (its
 * result was not used; the flag is cleared before it).
 * wqport-fix-test: no-kbuild (the DVB frontend core is not in the headers package)
 */
#include <linux/module.h>
#include <linux/version.h>
#include <linux/kernel.h>
#include <linux/interrupt.h>
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>
#include <linux/errno.h>
#include <linux/io.h>

#define DVX_REG_FREQ		0x10
#define DVX_REG_STATUS		0x14
#define DVX_REG_DISEQC		0x20
#define DVX_ST_LOCK		0x01
#define DVX_ST_BURST_DONE	0x02

struct dvx_state {
	void __iomem *regs;
	wait_queue_head_t lock_wq;
	wait_queue_head_t mon_wq;
	wait_queue_head_t burst_wq;
	volatile int locked;
	volatile int burst_done;
	unsigned int snr;
	struct task_struct *mon;
};

static irqreturn_t dvx_irq(int irq, void *data)
{
	struct dvx_state *st = data;
	u32 s = readl(st->regs + DVX_REG_STATUS);

	st->locked = !!(s & DVX_ST_LOCK);
	wake_up_interruptible(&st->lock_wq);
	wake_up_interruptible(&st->mon_wq);
	if (s & DVX_ST_BURST_DONE) {
		st->burst_done = 1;
		wake_up(&st->burst_wq);
	}
	return IRQ_HANDLED;
}

static int dvx_tune(struct dvx_state *st, u32 freq)
{
	long ret;

	st->locked = 0;
	writel(freq, st->regs + DVX_REG_FREQ);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(2, 6, 12)
	ret = wait_event_interruptible_timeout(st->lock_wq, st->locked, HZ);
#else
	ret = interruptible_sleep_on_timeout(&st->lock_wq, HZ);	/* expect: WQ001 fix=refused:old-kernel-branch */
#endif
	if (ret < 0)
		return ret;
	return st->locked ? 0 : -EAGAIN;
}

static int dvx_monitor(void *arg)
{
	struct dvx_state *st = arg;

	while (!kthread_should_stop()) {
		interruptible_sleep_on_timeout(&st->mon_wq, HZ / 2);	/* expect: WQ001 fix=keeprace */
		st->snr = readl(st->regs + DVX_REG_STATUS) >> 16;
	}
	return 0;
}

static int dvx_send_burst(struct dvx_state *st, u8 cmd)
{
	st->burst_done = 0;
	writel(cmd, st->regs + DVX_REG_DISEQC);
	sleep_on_timeout(&st->burst_wq, HZ / 10);	/* expect: WQ001 fix=caveat */
	return st->burst_done ? 0 : -ETIMEDOUT;
}

static int dvx_init(struct dvx_state *st)
{
	init_waitqueue_head(&st->lock_wq);
	init_waitqueue_head(&st->mon_wq);
	init_waitqueue_head(&st->burst_wq);
	st->mon = kthread_run(dvx_monitor, st, "dvx-mon");
	if (IS_ERR(st->mon))
		return PTR_ERR(st->mon);
	return dvx_tune(st, 1200000);
}

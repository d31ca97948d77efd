// SPDX-License-Identifier: GPL-2.0-only
/*
 * mrx_mbox.c -- the host mailbox of the MRX-2 DSP board (2.6 vendor
 * driver).  The DSP raises an interrupt when it has taken a command or
 * posted an answer; the handler wakes evq.
 *
 * wqport fixture (issue 40): the whole add_wait_queue()/schedule() loop
 * is in the driver's own macro MRX_WAIT_EVENT(), used three times.  It is
 * one site, reported once, at the add_wait_queue() in the #define, with
 * a note on the first use; wqport fix refuses each use (a macro) and the
 * macro's own line.  MRX_NAP_ONCE() queues an entry and sleeps once
 * inside a do { } while (0): no loop, for the token scan and for the
 * rules alike, so it is no open-coded wait loop.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/interrupt.h>
#include <linux/io.h>

#define MRX_REG_CMD		0x00
#define MRX_REG_ANSWER		0x04
#define MRX_REG_STATUS		0x08
#define MRX_ST_TAKEN		0x01
#define MRX_ST_ANSWER		0x02

#define MRX_WAIT_EVENT(m, cond)					\
do {								\
	DECLARE_WAITQUEUE(__w, current);			\
	add_wait_queue(&(m)->evq, &__w);	/* expect: WQ002 fix=refused:macro */ \
	for (;;) {						\
		set_current_state(TASK_UNINTERRUPTIBLE);	\
		if (cond)					\
			break;					\
		schedule();					\
	}							\
	set_current_state(TASK_RUNNING);			\
	remove_wait_queue(&(m)->evq, &__w);			\
} while (0)

/* give the DSP one tick to settle; the interrupt may end it early */
#define MRX_NAP_ONCE(m)						\
do {								\
	DECLARE_WAITQUEUE(__n, current);			\
	add_wait_queue(&(m)->evq, &__n);			\
	set_current_state(TASK_UNINTERRUPTIBLE);		\
	schedule_timeout(1);					\
	remove_wait_queue(&(m)->evq, &__n);			\
} while (0)

struct mrx_mbox {
	void __iomem		*regs;
	wait_queue_head_t	evq;
	volatile u32		status;
};

static irqreturn_t mrx_irq(int irq, void *dev_id)
{
	struct mrx_mbox *m = dev_id;

	m->status |= readl(m->regs + MRX_REG_STATUS);
	wake_up(&m->evq);
	return IRQ_HANDLED;
}

static void mrx_send(struct mrx_mbox *m, u32 cmd)
{
	m->status &= ~MRX_ST_TAKEN;
	writel(cmd, m->regs + MRX_REG_CMD);
	MRX_WAIT_EVENT(m, m->status & MRX_ST_TAKEN);	/* expect-fix: WQ002 fix=refused:macro */
}

static u32 mrx_receive(struct mrx_mbox *m)
{
	MRX_WAIT_EVENT(m, m->status & MRX_ST_ANSWER);	/* expect-fix: WQ002 fix=refused:macro */
	m->status &= ~MRX_ST_ANSWER;
	return readl(m->regs + MRX_REG_ANSWER);
}

u32 mrx_call(struct mrx_mbox *m, u32 cmd)
{
	mrx_send(m, cmd);
	return mrx_receive(m);
}

void mrx_reset(struct mrx_mbox *m)
{
	m->status = 0;
	writel(0, m->regs + MRX_REG_CMD);
	MRX_NAP_ONCE(m);
	MRX_WAIT_EVENT(m, m->status);	/* expect-fix: WQ002 fix=refused:macro */
}

int mrx_attach(struct mrx_mbox *m, int irq)
{
	init_waitqueue_head(&m->evq);
	return request_irq(irq, mrx_irq, 0, "mrx", m);
}

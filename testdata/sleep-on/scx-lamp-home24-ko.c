// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture (issue 41): a flatbed scanner's start of scan waits
 * twice in one function, on two queues: first for the lamp to warm up,
 * then for the carriage to reach its home position.  Each loop tests
 * its own flag, which the handler sets before it wakes that loop's
 * queue, and each becomes wait_event_interruptible(): both races are
 * closed.  The waker of one queue makes only that queue's flag true; a
 * model that lets the home waker count against the lamp sleep (both on
 * the arm of the busy test that goes on) finds a lost wake-up in the
 * rewrite that is not there, and says it on both lines.
 */
#include <linux/module.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>

#define SCX_REG_CTRL	0x00
#define SCX_REG_IRQ	0x08
#define SCX_CTRL_LAMP	0x01
#define SCX_CTRL_HOME	0x02
#define SCX_IRQ_WARM	0x10
#define SCX_IRQ_HOME	0x20

struct scx_scanner {
	void __iomem *regs;
	int lamp_warm;
	int at_home;
	int scanning;
	wait_queue_head_t lamp_wait;
	wait_queue_head_t home_wait;
};

static irqreturn_t scx_interrupt(int irq, void *dev_id)
{
	struct scx_scanner *sc = dev_id;
	u32 why = readl(sc->regs + SCX_REG_IRQ);

	if (why & SCX_IRQ_WARM) {
		sc->lamp_warm = 1;
		wake_up_interruptible(&sc->lamp_wait);
	}
	if (why & SCX_IRQ_HOME) {
		sc->at_home = 1;
		wake_up_interruptible(&sc->home_wait);
	}
	writel(why, sc->regs + SCX_REG_IRQ);
	return IRQ_HANDLED;
}

int scx_start_scan(struct scx_scanner *sc)
{
	if (sc->scanning)
		return -EBUSY;
	sc->scanning = 1;
	sc->lamp_warm = 0;
	writel(SCX_CTRL_LAMP, sc->regs + SCX_REG_CTRL);
	while (!sc->lamp_warm) {
		interruptible_sleep_on(&sc->lamp_wait);	/* expect: WQ001 fix=converted */
		if (signal_pending(current))
			return -EINTR;
	}

	sc->at_home = 0;
	writel(SCX_CTRL_LAMP | SCX_CTRL_HOME, sc->regs + SCX_REG_CTRL);
	while (!sc->at_home) {
		interruptible_sleep_on(&sc->home_wait);	/* expect: WQ001 fix=converted */
		if (signal_pending(current))
			return -EINTR;
	}
	sc->scanning = 0;
	return 0;
}

int scx_attach(struct scx_scanner *sc, int irq)
{
	init_waitqueue_head(&sc->lamp_wait);
	init_waitqueue_head(&sc->home_wait);
	return request_irq(irq, scx_interrupt, 0, "scx", sc);
}

MODULE_LICENSE("GPL");

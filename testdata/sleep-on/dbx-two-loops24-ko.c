// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture (issue 41): two sleep_on() waits in one function.  The
 * first waits for a flag its interrupt handler sets before waking, and
 * is converted to wait_event_interruptible(); the second has no
 * condition anyone sets and keeps its race.  The model runs the
 * function whole: the lost wake-up it still finds is the second's, and
 * the first site's words must not claim it as its own.
 */
#include <linux/module.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>

#define DBX_REG_CMD	0x00
#define DBX_REG_ST	0x04
#define DBX_CMD_REWIND	0x01
#define DBX_CMD_LOAD	0x02

struct dbx_drive {
	void __iomem *regs;
	int rewound;
	wait_queue_head_t cmd_wait;
	wait_queue_head_t load_wait;
};

static irqreturn_t dbx_irq(int irq, void *dev_id)
{
	struct dbx_drive *d = dev_id;
	u32 st = readl(d->regs + DBX_REG_ST);

	if (st & DBX_CMD_REWIND) {
		d->rewound = 1;
		wake_up_interruptible(&d->cmd_wait);
	}
	if (st & DBX_CMD_LOAD)
		wake_up_interruptible(&d->load_wait);
	return IRQ_HANDLED;
}

int dbx_rewind_and_load(struct dbx_drive *d)
{
	d->rewound = 0;
	writel(DBX_CMD_REWIND, d->regs + DBX_REG_CMD);
	while (!d->rewound) {
		interruptible_sleep_on(&d->cmd_wait);	/* expect: WQ001 fix=converted */
		if (signal_pending(current))
			return -EINTR;
	}
	writel(DBX_CMD_LOAD, d->regs + DBX_REG_CMD);
	interruptible_sleep_on(&d->load_wait);	/* expect: WQ001 fix=keeprace */
	if (signal_pending(current))
		return -EINTR;
	return 0;
}

int dbx_attach(struct dbx_drive *d, int irq)
{
	init_waitqueue_head(&d->cmd_wait);
	init_waitqueue_head(&d->load_wait);
	return request_irq(irq, dbx_irq, 0, "dbx", d);
}

MODULE_LICENSE("GPL");

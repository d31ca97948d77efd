// SPDX-License-Identifier: GPL-2.0-only
/*
 * pwx: the poll method of an invented GPIO event device, written the
 * old way: it sleeps until the next edge instead of registering with
 * poll_wait().  Its parameter is named `wait` (the poll table), so the
 * entry the conversion adds must take another name: a DEFINE_WAIT(wait)
 * would redeclare the parameter and not build.
 */
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/poll.h>
#include <linux/sched.h>
#include <linux/wait.h>

static DECLARE_WAIT_QUEUE_HEAD(pwx_edge_wq);
static unsigned int pwx_edges;

static irqreturn_t pwx_edge_irq(int irq, void *dev_id)
{
	pwx_edges++;
	wake_up_interruptible(&pwx_edge_wq);
	return IRQ_HANDLED;
}

static __poll_t pwx_poll(struct file *filp, struct poll_table_struct *wait)
{
	interruptible_sleep_on(&pwx_edge_wq);	/* expect: WQ001 fix=keeprace */
	return EPOLLIN | EPOLLRDNORM;
}

static const struct file_operations pwx_fops = {
	.poll = pwx_poll,
};

int pwx_init(void)
{
	return request_irq(9, pwx_edge_irq, 0, "pwx", (void *)&pwx_fops);
}

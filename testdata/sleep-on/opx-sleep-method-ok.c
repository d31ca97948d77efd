// SPDX-License-Identifier: GPL-2.0-only
/*
 * opx_core.c -- the OPX-8 serial concentrator core.  Each board variant
 * brings its own wait methods, named after the calls the 2.2 driver
 * made; they are members of the ops table, not the kernel's functions.
 *
 * wqport fixture (issue 40): a member named like the sleep_on() family,
 * called through `->` or `.` (also across lines, through a cast, a
 * dereference or a macro of the driver), is the driver's method, no
 * sleep_on() call: neither the rules nor the token floor report it.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/wait.h>

struct opx_port;

#define OPX_NAP(p)	((p)->ops->sleep_on(p))

struct opx_ops {
	void (*sleep_on)(struct opx_port *p);
	int (*interruptible_sleep_on)(struct opx_port *p);
	long (*interruptible_sleep_on_timeout)(struct opx_port *p, long t);
	long (*sleep_on_timeout)(struct opx_port *p, long t);
};

struct opx_port {
	const struct opx_ops	*ops;
	struct opx_ops		local;
	void			*priv;
	int			tx_empty;
	int			cts;
};

static int opx_wait_tx(struct opx_port *p)
{
	while (!p->tx_empty)
		if (p->ops->interruptible_sleep_on(p))
			return -ERESTARTSYS;
	return 0;
}

static long opx_wait_cts(struct opx_port *p, long t)
{
	while (!p->cts && t)
		t = p->local.interruptible_sleep_on_timeout(p, t);
	return t;
}

static void opx_drain(struct opx_port *p)
{
	while (!p->tx_empty)
		p->ops
			->sleep_on(p);
	if (!p->cts)
		(*p->ops->sleep_on)(p);
	while (!p->cts)
		OPX_NAP(p);
}

static long opx_settle(struct opx_port *p)
{
	return ((const struct opx_ops *)p->priv)->sleep_on_timeout(p, HZ / 10);
}

int opx_open(struct opx_port *p)
{
	int err = opx_wait_tx(p);

	if (err)
		return err;
	if (!opx_wait_cts(p, HZ))
		return -ETIMEDOUT;
	opx_drain(p);
	return opx_settle(p) ? 0 : -EIO;
}

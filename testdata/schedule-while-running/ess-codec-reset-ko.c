// SPDX-License-Identifier: GPL-2.0-only
/*
 * ess_codec.c -- codec bring-up for the Essa AC-2 audio card.
 *
 * wqport fixture: schedule_timeout() used as a delay with no task state
 * set, the way much 2.4-era code did after `current->state = ...` was
 * dropped in a cleanup.  In TASK_RUNNING it returns at once: the codec
 * gets no settling time and the poll loop below spins.  The fix is
 * schedule_timeout_uninterruptible(), the same delay with the state set.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/io.h>
#include <linux/jiffies.h>
#include <linux/sched.h>

#define ESS_CODEC_CTRL		0x00
#define ESS_CODEC_STATUS	0x02
#define ESS_CTRL_RESET		0x01
#define ESS_STATUS_READY	0x80

struct ess_card {
	unsigned long port;
	int codec_rev;
};

static int ess_codec_reset(struct ess_card *ess)
{
	unsigned long timeout;

	outb(ESS_CTRL_RESET, ess->port + ESS_CODEC_CTRL);
	/* hold reset for a second: the AC-2 needs its crystal stable */
	schedule_timeout(HZ);	/* expect: WQ004 fix=converted */
	outb(0, ess->port + ESS_CODEC_CTRL);

	/* then up to two seconds for the ready bit */
	timeout = jiffies + 2 * HZ;
	while (!(inb(ess->port + ESS_CODEC_STATUS) & ESS_STATUS_READY)) {
		if (time_after(jiffies, timeout))
			return -ETIMEDOUT;
		schedule_timeout(1);	/* expect: WQ004 fix=converted */
	}
	ess->codec_rev = inb(ess->port + ESS_CODEC_STATUS) & 0x0f;
	return 0;
}

int ess_codec_init(struct ess_card *ess)
{
	int ret = ess_codec_reset(ess);

	if (ret)
		pr_err("ess_codec: codec at 0x%lx does not come out of reset\n",
		       ess->port);
	return ret;
}

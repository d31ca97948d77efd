/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tq_core.h -- the command ring of the TQ-40 DSP card (2.4 vendor SDK).
 *
 * Template style: not a real header.  It holds whole function bodies
 * and is included, after `tq_dev_t` and the TQ_ macros are defined,
 * by tq-ring-ko.c (the character device) and tq-ioctl-ko.c (the ioctl
 * half), so it only parses in their context.
 *
 * wqport fixture: its findings are reported here, at this file's lines,
 * once, although two files include it and the run names it too.
 */

/* wait until the DSP has taken the last command; 0 or -EINTR */
static int tq_wait_ready(tq_dev_t *dev)
{
	unsigned long flags;

	save_flags(flags);
	cli();
	while (!(inb(dev->base + TQ_STATUS) & TQ_ST_READY)) {
		interruptible_sleep_on(&dev->ready_wait);	/* expect: WQ001 */
		if (signal_pending(current)) {
			restore_flags(flags);
			return -EINTR;
		}
	}
	restore_flags(flags);
	return 0;
}

/* the reply of the last command, or -EIO after a second */
static int tq_get_reply(tq_dev_t *dev)
{
	if (!dev->reply_ready)
		sleep_on_timeout(&dev->reply_wait, HZ);		/* expect: WQ001 */
	if (!dev->reply_ready)
		return -EIO;
	dev->reply_ready = 0;
	return dev->reply;
}

static void tq_send(tq_dev_t *dev, int cmd)
{
	outb(cmd, dev->base + TQ_CMD);
}

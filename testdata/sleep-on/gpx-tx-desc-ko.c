// SPDX-License-Identifier: GPL-2.0-only
/*
 * gpx: waiting for a free transmit descriptor of an invented serial
 * controller that builds on 2.4 and 2.6 kernels.  The 2.6 half, off in
 * this configuration and read from its tokens, tests again after
 * prepare_to_wait() before it sleeps: no state-after-test finding
 * there.  The 2.4 half, which is compiled, still sleeps with
 * interruptible_sleep_on().
 *
 * wqport-fix-test: no-kbuild (save_flags() and cli() are gone from 6.1)
 */
#include <linux/sched.h>
#include <linux/wait.h>

struct gpx_dev {
	wait_queue_head_t wq;
	int tx_busy;
};

int gpx_get_free(struct gpx_dev *dev, int need);

void gpx_tx_done(struct gpx_dev *dev)
{
	dev->tx_busy = 0;
	wake_up_interruptible(&dev->wq);
}

int gpx_wait_desc(struct gpx_dev *dev, int need)
{
	unsigned long flags;
	int got;
#ifdef GPX_USE_2_6
	DEFINE_WAIT(wait);
#endif

	while (!(got = gpx_get_free(dev, need))) {
#ifdef GPX_USE_2_6
		prepare_to_wait(&dev->wq, &wait, TASK_INTERRUPTIBLE);
		if (!gpx_get_free(dev, need))
			schedule();
		finish_wait(&dev->wq, &wait);
#else
		save_flags(flags);
		cli();
		if (!gpx_get_free(dev, need))
			interruptible_sleep_on(&dev->wq);	/* expect: WQ001 fix=converted */
		restore_flags(flags);
#endif
		if (signal_pending(current))
			return -ERESTARTSYS;
	}
	return got;
}

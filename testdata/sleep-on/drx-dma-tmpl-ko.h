/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * drx_dma.h -- DMA queue helpers of the DRX direct-rendering drivers
 * (2.4 tree), in the DRM template style: each card's .c defines DRM(x)
 * as its own prefix (`#define DRM(x) drx128_##x`), its device type and
 * its locks, then includes this header to get the functions.
 *
 * wqport fixture (issue 40, template headers): no .c of its directory
 * includes it, so it is checked on its own, named alone as here or met
 * by a directory walk (tools/cli-test.py template-walk): its loop and its
 * sleep are reported once, at the header's own lines.  Where a .c does
 * include it, the walk checks it once, in that .c's context.
 */
#ifndef _DRX_DMA_H_
#define _DRX_DMA_H_

#include <linux/sched.h>
#include <linux/wait.h>

/* wait until the engine has drained the DMA queue */
static int DRM(dma_quiescent)(drm_device_t *dev)
{
	DECLARE_WAITQUEUE(entry, current);
	int ret = 0;

	add_wait_queue(&dev->dma->idle_wait, &entry);	/* expect: WQ002 */
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (!atomic_read(&dev->dma->pending))
			break;
		schedule();
		if (signal_pending(current)) {
			ret = -EINTR;
			break;
		}
	}
	set_current_state(TASK_RUNNING);
	remove_wait_queue(&dev->dma->idle_wait, &entry);
	return ret;
}

/* let a flush started by another context finish */
static void DRM(dma_flush_wait)(drm_device_t *dev)
{
	while (test_bit(0, &dev->dma->flushing))
		interruptible_sleep_on(&dev->dma->flush_wait);	/* expect: WQ001 */
}

#endif /* _DRX_DMA_H_ */

// SPDX-License-Identifier: GPL-2.0-only
/*
 * vgx_grab.c -- VGX-2 PCI frame grabber, a Video4Linux (V4L1) driver of
 * the 2.2/2.4 days, built with egcs.
 *
 * Two frame buffers filled by the grabber's DMA; VIDIOCMCAPTURE starts
 * one, VIDIOCSYNC waits for it, the read() path waits for the next
 * whole frame.  Debug messages paste __FUNCTION__ into the format, as
 * gcc 2.x allowed; helpers are __inline__.
 *
 * wqport fixture: the sync loop tests O_NONBLOCK before the sleep and
 * returns -EINTR on a signal: the loop stays, the sleep and its signal
 * exit become wait_event_interruptible(), -EINTR kept.  The read path
 * tests the signal in the loop head and again after it: the head test
 * is part of the condition of a wait_event_interruptible() whose result
 * now says why it stopped.  The string pasting that modern compilers
 * reject must not hide the waits.
 * wqport-fix-test: no-compile (__FUNCTION__ pasted into a string literal is gcc 2.x C)
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>
#include <linux/errno.h>
#include <asm/io.h>

#define VGX_NFRAMES		2
#define VGX_FRAME_UNUSED	0
#define VGX_FRAME_GRABBING	1
#define VGX_FRAME_DONE		2

#define VGX_REG_STATUS		0x10
#define VGX_ST_FIELD_DONE	0x01

#define DBG(fmt, args...) \
	printk(KERN_DEBUG "vgx: " __FUNCTION__ ": " fmt, ## args)

struct vgx_frame {
	int state;
	unsigned char *data;
};

struct vgx_dev {
	unsigned long regs;
	wait_queue_head_t wq;
	struct vgx_frame frame[VGX_NFRAMES];
	volatile int cur;
	volatile int fields;
};

static __inline__ int vgx_status(struct vgx_dev *dev)
{
	return readl(dev->regs + VGX_REG_STATUS);
}

static void vgx_irq(int irq, void *dev_id, struct pt_regs *regs)
{
	struct vgx_dev *dev = dev_id;

	if (!(vgx_status(dev) & VGX_ST_FIELD_DONE))
		return;
	dev->fields++;
	dev->frame[dev->cur].state = VGX_FRAME_DONE;
	DBG("frame %d done\n", dev->cur);
	wake_up_interruptible(&dev->wq);
}

static int vgx_sync(struct vgx_dev *dev, struct file *file, int n)
{
	if (n < 0 || n >= VGX_NFRAMES)
		return -EINVAL;
	DBG("sync frame %d\n", n);
	while (dev->frame[n].state == VGX_FRAME_GRABBING) {
		if (file->f_flags & O_NONBLOCK)
			return -EAGAIN;
		interruptible_sleep_on(&dev->wq);	/* expect: WQ001 fix=converted */
		if (signal_pending(current))
			return -EINTR;
	}
	dev->frame[n].state = VGX_FRAME_UNUSED;
	return 0;
}

static long vgx_read(struct vgx_dev *dev, char *buf, unsigned long count)
{
	int fields = dev->fields;

	/* wait for two fields: a whole interlaced frame */
	while (dev->fields < fields + 2 && !signal_pending(current))
		interruptible_sleep_on(&dev->wq);	/* expect: WQ001 fix=converted */
	if (signal_pending(current))
		return -EINTR;
	DBG("read %lu\n", count);
	return count;
}

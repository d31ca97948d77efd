// SPDX-License-Identifier: GPL-2.0-only
/*
 * esx_pcm.c -- /dev/dsp of the ESX-1370 PCI sound chip (OSS driver of a
 * 2.4 tree, kept on 2.6).
 *
 * wqport fixture: esx-adc-rw-ok.c with a read that clamps to whole
 * 4-byte frames: `cnt = count & ~3` is 0 for a read of 1 to 3 bytes.
 * The ring held data (`cnt > 0`, no state set), the clamp makes `cnt`
 * 0, and the second test sends the task to schedule() in TASK_RUNNING:
 * it returns at once and the loop spins for as long as the caller asks
 * for less than a frame.  The write side is the -ok one's: its clamp
 * (`count * 2`) keeps `cnt > 0`.
 * wqport-cocci: beyond-standalone (the clamp's value decides: the value ranges of the tested locals, analysis/ranges.c)
 * wqport-args: --select=WQ003,WQ004,WQ005,WQ006
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

struct esx_dmabuf {
	void *rawbuf;
	unsigned int dmasize;
	unsigned int hwptr, swptr;
	int count;
	unsigned int enabled:1, mapped:1;
	wait_queue_head_t wait;
};

struct esx_state {
	spinlock_t lock;
	struct mutex open_mutex;
	struct esx_dmabuf dma_adc, dma_dac;
};

extern void esx_start_adc(struct esx_state *s);
extern void esx_start_dac(struct esx_state *s);

static irqreturn_t esx_interrupt(int irq, void *dev_id)
{
	struct esx_state *s = dev_id;

	spin_lock(&s->lock);
	s->dma_adc.count += 512;
	s->dma_dac.count -= 512;
	spin_unlock(&s->lock);
	wake_up(&s->dma_adc.wait);
	wake_up(&s->dma_dac.wait);
	return IRQ_HANDLED;
}

static ssize_t esx_read(struct file *file, char __user *buffer, size_t count,
			loff_t *ppos)
{
	struct esx_state *s = file->private_data;
	DECLARE_WAITQUEUE(wait, current);
	ssize_t ret = 0;
	unsigned long flags;
	unsigned int swptr;
	int cnt;

	if (s->dma_adc.mapped)
		return -ENXIO;
	mutex_lock(&s->open_mutex);
	add_wait_queue(&s->dma_adc.wait, &wait);
	while (count > 0) {
		spin_lock_irqsave(&s->lock, flags);
		swptr = s->dma_adc.swptr;
		cnt = s->dma_adc.dmasize - swptr;
		if (s->dma_adc.count < cnt)
			cnt = s->dma_adc.count;
		if (cnt <= 0)
			__set_current_state(TASK_INTERRUPTIBLE);
		spin_unlock_irqrestore(&s->lock, flags);
		/* whole 16-bit stereo frames only */
		if (cnt > count)
			cnt = count & ~3;
		if (cnt <= 0) {
			if (s->dma_adc.enabled)
				esx_start_adc(s);
			if (file->f_flags & O_NONBLOCK) {
				if (!ret)
					ret = -EAGAIN;
				goto out;
			}
			mutex_unlock(&s->open_mutex);
			schedule();	/* expect: WQ004 */
			if (signal_pending(current)) {
				if (!ret)
					ret = -ERESTARTSYS;
				goto out_unlocked;
			}
			mutex_lock(&s->open_mutex);
			continue;
		}
		if (copy_to_user(buffer, s->dma_adc.rawbuf + swptr, cnt)) {
			if (!ret)
				ret = -EFAULT;
			goto out;
		}
		swptr = (swptr + cnt) % s->dma_adc.dmasize;
		spin_lock_irqsave(&s->lock, flags);
		s->dma_adc.swptr = swptr;
		s->dma_adc.count -= cnt;
		spin_unlock_irqrestore(&s->lock, flags);
		count -= cnt;
		buffer += cnt;
		ret += cnt;
		if (s->dma_adc.enabled)
			esx_start_adc(s);
	}
out:
	mutex_unlock(&s->open_mutex);
out_unlocked:
	remove_wait_queue(&s->dma_adc.wait, &wait);
	set_current_state(TASK_RUNNING);
	return ret;
}

static ssize_t esx_write(struct file *file, const char __user *buffer,
			 size_t count, loff_t *ppos)
{
	struct esx_state *s = file->private_data;
	DECLARE_WAITQUEUE(wait, current);
	ssize_t ret = 0;
	unsigned long flags;
	unsigned int swptr;
	int cnt;

	if (s->dma_dac.mapped)
		return -ENXIO;
	add_wait_queue(&s->dma_dac.wait, &wait);
	while (count > 0) {
		spin_lock_irqsave(&s->lock, flags);
		if (s->dma_dac.count < 0) {
			s->dma_dac.count = 0;
			s->dma_dac.swptr = s->dma_dac.hwptr;
		}
		swptr = s->dma_dac.swptr;
		cnt = s->dma_dac.dmasize - swptr;
		if (s->dma_dac.count + cnt > s->dma_dac.dmasize)
			cnt = s->dma_dac.dmasize - s->dma_dac.count;
		if (cnt <= 0)
			__set_current_state(TASK_INTERRUPTIBLE);
		spin_unlock_irqrestore(&s->lock, flags);
		/* the ring holds 16-bit frames: two bytes a sample */
		if (cnt > count * 2)
			cnt = count * 2;
		if (cnt <= 0) {
			if (s->dma_dac.enabled)
				esx_start_dac(s);
			if (file->f_flags & O_NONBLOCK) {
				if (!ret)
					ret = -EAGAIN;
				break;
			}
			schedule();
			if (signal_pending(current)) {
				if (!ret)
					ret = -ERESTARTSYS;
				break;
			}
			continue;
		}
		if (copy_from_user(s->dma_dac.rawbuf + swptr, buffer, cnt / 2)) {
			if (!ret)
				ret = -EFAULT;
			break;
		}
		swptr = (swptr + cnt) % s->dma_dac.dmasize;
		spin_lock_irqsave(&s->lock, flags);
		s->dma_dac.swptr = swptr;
		s->dma_dac.count += cnt;
		spin_unlock_irqrestore(&s->lock, flags);
		count -= cnt / 2;
		buffer += cnt / 2;
		ret += cnt / 2;
		if (s->dma_dac.enabled)
			esx_start_dac(s);
	}
	remove_wait_queue(&s->dma_dac.wait, &wait);
	set_current_state(TASK_RUNNING);
	return ret;
}

static const struct file_operations esx_dsp_fops = {
	.owner = THIS_MODULE,
	.read = esx_read,
	.write = esx_write,
};

MODULE_LICENSE("GPL");

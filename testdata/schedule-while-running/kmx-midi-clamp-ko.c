// SPDX-License-Identifier: GPL-2.0-only
/*
 * kmx_midi.c -- MIDI port of the KMX-8 sound card (OSS driver), the
 * drop before the one of kmx-midi-clamp-ok.c.
 *
 * wqport fixture: the write loop of kmx-midi-clamp-ok.c with the free
 * space read a second time after the unlock, to catch bytes the
 * interrupt sent meanwhile.  The second test is of the new value: with
 * room at the first read and none at the second, the loop reaches
 * schedule() without the state set, and after the first wake-up it
 * spins there while the FIFO stays full.  The output thread paces a
 * burst with a timed sleep it never set a state for: the pause is lost.
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

#define KMX_FIFO_SIZE	256

struct kmx_midi {
	spinlock_t lock;
	wait_queue_head_t out_wait;
	unsigned int out_head, out_tail;
	unsigned char out_buf[KMX_FIFO_SIZE];
};

extern int kmx_midi_drain(struct kmx_midi *km);

static int kmx_out_space(struct kmx_midi *km)
{
	return KMX_FIFO_SIZE - 1 -
	       ((km->out_head - km->out_tail) & (KMX_FIFO_SIZE - 1));
}

static irqreturn_t kmx_midi_irq(int irq, void *dev_id)
{
	struct kmx_midi *km = dev_id;

	spin_lock(&km->lock);
	km->out_tail = (km->out_tail + 1) & (KMX_FIFO_SIZE - 1);
	spin_unlock(&km->lock);
	wake_up(&km->out_wait);
	return IRQ_HANDLED;
}

static ssize_t kmx_midi_write(struct file *file, const char __user *buf,
			      size_t count, loff_t *ppos)
{
	struct kmx_midi *km = file->private_data;
	DEFINE_WAIT(wait);
	unsigned long flags;
	ssize_t done = 0;
	int space;

	while (count > 0) {
		spin_lock_irqsave(&km->lock, flags);
		space = kmx_out_space(km);
		if (space <= 0)
			prepare_to_wait(&km->out_wait, &wait,
					TASK_INTERRUPTIBLE);
		spin_unlock_irqrestore(&km->lock, flags);

		space = kmx_out_space(km);
		if (space <= 0) {
			if (file->f_flags & O_NONBLOCK) {
				if (!done)
					done = -EAGAIN;
				break;
			}
			schedule();	/* expect: WQ004 */
			if (signal_pending(current)) {
				if (!done)
					done = -ERESTARTSYS;
				break;
			}
			continue;
		}
		if (space > count)
			space = count;
		if (copy_from_user(km->out_buf + km->out_head, buf, space)) {
			if (!done)
				done = -EFAULT;
			break;
		}
		km->out_head = (km->out_head + space) & (KMX_FIFO_SIZE - 1);
		buf += space;
		count -= space;
		done += space;
	}
	finish_wait(&km->out_wait, &wait);
	return done;
}

static int kmx_midi_thread(void *data)
{
	struct kmx_midi *km = data;

	while (!kthread_should_stop()) {
		if (kmx_midi_drain(km) > 0)
			schedule_timeout(HZ / 50);	/* expect: WQ004 */
		set_current_state(TASK_INTERRUPTIBLE);
		spin_lock_irq(&km->lock);
		if (km->out_head != km->out_tail)
			__set_current_state(TASK_RUNNING);
		spin_unlock_irq(&km->lock);
		schedule_timeout(HZ / 10);
	}
	return 0;
}

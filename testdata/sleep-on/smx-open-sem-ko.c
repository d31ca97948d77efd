// SPDX-License-Identifier: GPL-2.0-only
/*
 * smx_midi.c -- the MIDI port of the SMX sound card, 2.4 style: one
 * opener per direction.  open() waits, under the card's open semaphore,
 * for the direction to be released; release() clears the direction
 * under the same semaphore and then wakes the openers.  The semaphore
 * is set up as a mutex (sema_init(..., 1)).
 *
 * wqport fixture: the rewrite queues the opener before up(), so no
 * wake-up is lost.  The model does not read a semaphore as a lock:
 * where the opener and the waker both take it, the model's verdict says
 * so ("not modelled: the semaphore ..."), not "a lost wake-up" it would
 * claim by running the waker's write as if nothing excluded it.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/semaphore.h>

struct smx_card {
	struct semaphore open_sem;
	wait_queue_head_t open_wait;
	unsigned int open_mode;
};

static struct smx_card smx_card;

static int smx_midi_open(struct inode *inode, struct file *file)
{
	struct smx_card *card = &smx_card;
	unsigned int mode = file->f_mode & (FMODE_READ | FMODE_WRITE);

	down(&card->open_sem);
	while (card->open_mode & mode) {
		if (file->f_flags & O_NONBLOCK) {
			up(&card->open_sem);
			return -EBUSY;
		}
		up(&card->open_sem);
		interruptible_sleep_on(&card->open_wait); /* expect: WQ001 fix=converted */
		if (signal_pending(current))
			return -ERESTARTSYS;
		down(&card->open_sem);
	}
	card->open_mode |= mode;
	up(&card->open_sem);
	return 0;
}

static int smx_midi_release(struct inode *inode, struct file *file)
{
	struct smx_card *card = &smx_card;

	down(&card->open_sem);
	card->open_mode &= ~(file->f_mode & (FMODE_READ | FMODE_WRITE));
	up(&card->open_sem);
	wake_up_interruptible(&card->open_wait);
	return 0;
}

static const struct file_operations smx_midi_fops = {
	.owner = THIS_MODULE,
	.open = smx_midi_open,
	.release = smx_midi_release,
};

static int __init smx_init(void)
{
	sema_init(&smx_card.open_sem, 1);
	init_waitqueue_head(&smx_card.open_wait);
	return 0;
}

module_init(smx_init);
MODULE_LICENSE("GPL");

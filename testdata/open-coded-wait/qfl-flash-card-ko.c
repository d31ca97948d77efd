// SPDX-License-Identifier: GPL-2.0-only
/*
 * qfl_flash.c -- Qubit QF-2 flash card: NOR chip access, a mailbox
 * character device and a command thread, in the style of 2.6-era
 * MTD chip drivers and PCI card drivers.
 *
 * wqport fixture: hand-made wait loops that do more than wait, in the
 * shapes real drivers still have.  None has a wait_event*() that keeps
 * its meaning (a goto loop that re-checks the chip under its mutex, a
 * lock dropped with spin_unlock_irqrestore(), a thread that works
 * between sleeps, an open loop that calls the driver's open hook), so
 * wqport fix converts each entry in place: DEFINE_WAIT(), the state set
 * with prepare_to_wait() where the entry is queued, finish_wait() where
 * it was removed.  The last function sets the task state, takes a lock,
 * and only then queues the entry: the first sleep would find the new
 * entry off the queue, so it is refused.
 */
#include <linux/module.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/io.h>
#include <linux/kthread.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/spinlock.h>
#include <linux/types.h>
#include <linux/wait.h>

#define QFL_STAT		0x00
#define QFL_MBOX_READY		0x04
#define QFL_MBOX_DATA		0x08

enum qfl_chip_state { QFL_READY, QFL_ERASING, QFL_WRITING };

struct qfl_chip {
	struct mutex mutex;
	wait_queue_head_t wq;
	enum qfl_chip_state state;
};

struct qfl_card {
	void __iomem *base;
	spinlock_t lock;
	wait_queue_head_t mbox_wait;
	wait_queue_head_t cmd_wait;
	wait_queue_head_t open_wait;
	struct mutex open_mutex;
	int users;
	bool exclusive;
	int (*open_hook)(struct qfl_card *card);
	unsigned int pending;
};

/* Wait until no erase or write runs on the chip; returns with its mutex. */
static int qfl_get_chip(struct qfl_chip *chip)
{
	DECLARE_WAITQUEUE(wait, current);

 retry:
	mutex_lock(&chip->mutex);
	if (chip->state != QFL_READY) {
		set_current_state(TASK_UNINTERRUPTIBLE);
		add_wait_queue(&chip->wq, &wait);	/* expect: WQ002 fix=converted */
		mutex_unlock(&chip->mutex);
		schedule();
		remove_wait_queue(&chip->wq, &wait);
		goto retry;
	}
	return 0;
}

static void qfl_put_chip(struct qfl_chip *chip)
{
	chip->state = QFL_READY;
	wake_up(&chip->wq);
	mutex_unlock(&chip->mutex);
}

/* Post one word to the card's mailbox once the card has taken the last. */
static ssize_t qfl_mbox_write(struct qfl_card *card, u32 word)
{
	unsigned long flags;
	DECLARE_WAITQUEUE(wait, current);

	spin_lock_irqsave(&card->lock, flags);
	/* Place ourselves on the wait queue */
	set_current_state(TASK_INTERRUPTIBLE);
	add_wait_queue(&card->mbox_wait, &wait);	/* expect: WQ002 fix=converted */

	while (readl(card->base + QFL_MBOX_READY) != 0) {
		spin_unlock_irqrestore(&card->lock, flags);
		schedule();
		if (signal_pending(current)) {
			remove_wait_queue(&card->mbox_wait, &wait);
			return -EINTR;
		}
		spin_lock_irqsave(&card->lock, flags);
		set_current_state(TASK_INTERRUPTIBLE);
	}

	/* We may not have actually slept */
	set_current_state(TASK_RUNNING);
	remove_wait_queue(&card->mbox_wait, &wait);

	writel(word, card->base + QFL_MBOX_DATA);
	spin_unlock_irqrestore(&card->lock, flags);
	return sizeof(word);
}

static void qfl_run_commands(struct qfl_card *card, unsigned int todo)
{
	writel(todo, card->base + QFL_STAT);
}

/* The command thread: work, then sleep until more work or a stop. */
static int qfl_cmd_thread(void *data)
{
	struct qfl_card *card = data;
	DECLARE_WAITQUEUE(wait, current);
	unsigned long flags;
	unsigned int todo;

	add_wait_queue(&card->cmd_wait, &wait);	/* expect: WQ002 fix=converted */
	set_current_state(TASK_INTERRUPTIBLE);
	while (1) {
		spin_lock_irqsave(&card->lock, flags);
		todo = card->pending;
		card->pending = 0;
		spin_unlock_irqrestore(&card->lock, flags);
		if (todo) {
			__set_current_state(TASK_RUNNING);
			qfl_run_commands(card, todo);
		}
		set_current_state(TASK_INTERRUPTIBLE);
		if (kthread_should_stop())
			break;
		spin_lock_irqsave(&card->lock, flags);
		todo = card->pending;
		spin_unlock_irqrestore(&card->lock, flags);
		if (!todo)
			schedule();
	}
	__set_current_state(TASK_RUNNING);
	if (card->base)
		remove_wait_queue(&card->cmd_wait, &wait);
	return 0;	/* expect: WQ006 fix=converted */
}

/* Open the card, waiting while another opener holds it exclusively. */
static int qfl_open(struct qfl_card *card, struct file *file)
{
	wait_queue_entry_t wait;
	int err;

	init_waitqueue_entry(&wait, current);
	add_wait_queue(&card->open_wait, &wait);	/* expect: WQ002 fix=converted */
	mutex_lock(&card->open_mutex);
	while (1) {
		if (card->exclusive && card->users > 0) {
			err = -EBUSY;
			break;
		}
		err = card->open_hook(card);
		if (err >= 0)
			break;
		if (err == -EAGAIN) {
			if (file->f_flags & O_NONBLOCK) {
				err = -EBUSY;
				break;
			}
		} else {
			break;
		}
		set_current_state(TASK_INTERRUPTIBLE);
		mutex_unlock(&card->open_mutex);
		schedule();
		mutex_lock(&card->open_mutex);
		if (signal_pending(current)) {
			err = -ERESTARTSYS;
			break;
		}
	}
	remove_wait_queue(&card->open_wait, &wait);
	if (err >= 0)
		card->users++;
	mutex_unlock(&card->open_mutex);
	return err;
}

/* The state is set before the lock is taken and the entry queued. */
static int qfl_wait_erase(struct qfl_card *card, struct qfl_chip *chip)
{
	DECLARE_WAITQUEUE(wait, current);

	set_current_state(TASK_UNINTERRUPTIBLE);
	mutex_lock(&chip->mutex);
	add_wait_queue(&chip->wq, &wait);	/* expect: WQ002 fix=refused:state-outside-loop */
	while (chip->state == QFL_ERASING) {
		mutex_unlock(&chip->mutex);
		schedule();
		mutex_lock(&chip->mutex);
		set_current_state(TASK_UNINTERRUPTIBLE);
	}
	__set_current_state(TASK_RUNNING);
	remove_wait_queue(&chip->wq, &wait);
	mutex_unlock(&chip->mutex);
	return 0;
}

static void qfl_setup(struct qfl_card *card, struct qfl_chip *chip)
{
	spin_lock_init(&card->lock);
	mutex_init(&card->open_mutex);
	init_waitqueue_head(&card->mbox_wait);
	init_waitqueue_head(&card->cmd_wait);
	init_waitqueue_head(&card->open_wait);
	mutex_init(&chip->mutex);
	init_waitqueue_head(&chip->wq);
	chip->state = QFL_READY;
}

int qfl_use(struct qfl_card *card, struct qfl_chip *chip, struct file *file)
{
	qfl_setup(card, chip);
	qfl_get_chip(chip);
	qfl_put_chip(chip);
	qfl_wait_erase(card, chip);
	wake_up_interruptible(&card->open_wait);
	wake_up_interruptible(&card->cmd_wait);
	wake_up_interruptible(&card->mbox_wait);
	return qfl_mbox_write(card, 1) < 0 ? -EIO : qfl_open(card, file) +
	       kthread_stop(kthread_run(qfl_cmd_thread, card, "qfl"));
}
MODULE_LICENSE("GPL");

// SPDX-License-Identifier: GPL-2.0-only
/*
 * Kestrel message pipe: the reader only queues itself when the file is
 * blocking, and only dequeues itself under the same test.  Every path
 * that queued the entry also removes it, so nothing leaks; a checker
 * that forgets the first `if (!nonblock)` when it meets the second would
 * report the return below.
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/wait.h>
#include <linux/sched/signal.h>
#include <linux/spinlock.h>

struct kestrel_pipe {
	spinlock_t lock;
	wait_queue_head_t readq;
	unsigned int head, tail;
	u32 msgs[64];
};

static bool kestrel_take(struct kestrel_pipe *kp, u32 *msg)
{
	bool got = false;

	spin_lock_irq(&kp->lock);
	if (kp->head != kp->tail) {
		*msg = kp->msgs[kp->tail++ % 64];
		got = true;
	}
	spin_unlock_irq(&kp->lock);
	return got;
}

static int kestrel_read_msg(struct kestrel_pipe *kp, bool nonblock, u32 *msg)
{
	DEFINE_WAIT(wait);
	int ret = 0;

	for (;;) {
		if (!nonblock)
			prepare_to_wait(&kp->readq, &wait, TASK_INTERRUPTIBLE);
		if (kestrel_take(kp, msg))
			break;
		if (nonblock) {
			ret = -EAGAIN;
			break;
		}
		if (signal_pending(current)) {
			ret = -ERESTARTSYS;
			break;
		}
		schedule();
	}
	if (!nonblock)
		finish_wait(&kp->readq, &wait);
	return ret;
}

static void kestrel_post(struct kestrel_pipe *kp, u32 msg)
{
	spin_lock_irq(&kp->lock);
	kp->msgs[kp->head++ % 64] = msg;
	spin_unlock_irq(&kp->lock);
	wake_up_interruptible(&kp->readq);
}

int kestrel_transact(struct kestrel_pipe *kp, u32 cmd, u32 *reply)
{
	kestrel_post(kp, cmd);
	return kestrel_read_msg(kp, false, reply);
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture (issue 41): a framed serial protocol's read waits for a
 * received frame.  The loop tests two exits before it sets its state
 * (the peer closed its end, the port hung up) and the frame itself
 * after.  The rewrite moves the entry to prepare_to_wait() in place and
 * keeps that order, so the two early exits keep their race: the close
 * path can set its flag and wake between the test and the state write.
 * The model's condition is one flag, which the frame test after the
 * state write reads too: "no lost wake-up" said alone would claim more
 * than it checked.
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/spinlock.h>
#include <linux/wait.h>

#define FHX_PEER_CLOSED	0
#define FHX_HUNG_UP	1

struct fhx_frame {
	struct fhx_frame *next;
	unsigned int len;
	u8 data[256];
};

struct fhx_port {
	unsigned long flags;
	spinlock_t lock;
	struct fhx_frame *rx_head;
	wait_queue_head_t read_wait;
};

static struct fhx_frame *fhx_take(struct fhx_port *p)
{
	struct fhx_frame *f;
	unsigned long irqf;

	spin_lock_irqsave(&p->lock, irqf);
	f = p->rx_head;
	if (f)
		p->rx_head = f->next;
	spin_unlock_irqrestore(&p->lock, irqf);
	return f;
}

void fhx_receive(struct fhx_port *p, struct fhx_frame *f)
{
	unsigned long irqf;

	spin_lock_irqsave(&p->lock, irqf);
	f->next = p->rx_head;
	p->rx_head = f;
	spin_unlock_irqrestore(&p->lock, irqf);
	wake_up_interruptible(&p->read_wait);
}

void fhx_peer_close(struct fhx_port *p)
{
	set_bit(FHX_PEER_CLOSED, &p->flags);
	wake_up_interruptible(&p->read_wait);
}

ssize_t fhx_read(struct fhx_port *p, struct file *file,
		 struct fhx_frame **out)
{
	DECLARE_WAITQUEUE(wait, current);
	struct fhx_frame *f = NULL;
	ssize_t ret = 0;

	add_wait_queue(&p->read_wait, &wait);	/* expect: WQ002 fix=converted */
	for (;;) {
		if (test_bit(FHX_PEER_CLOSED, &p->flags)) {
			ret = -EIO;
			break;
		}
		if (test_bit(FHX_HUNG_UP, &p->flags))
			break;

		set_current_state(TASK_INTERRUPTIBLE);

		f = fhx_take(p);
		if (f)
			break;
		if (file->f_flags & O_NONBLOCK) {
			ret = -EAGAIN;
			break;
		}
		schedule();
		if (signal_pending(current)) {
			ret = -EINTR;
			break;
		}
	}
	remove_wait_queue(&p->read_wait, &wait);
	__set_current_state(TASK_RUNNING);

	*out = f;
	return f ? f->len : ret;
}

MODULE_LICENSE("GPL");

// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: wait_event*() results dropped on purpose, where the
 * result carries nothing the code needs.
 *
 * - The condition keeps its own outcome in a local variable that the
 *   function then tests or returns: a codec's AC-link status gathered
 *   through a pointer by the condition's helper (reading the register
 *   clears it), an event count filled in the same way, a request state
 *   assigned in the condition.  After a signal or a timeout that
 *   variable says what happened; the wait's result adds nothing.
 * - A best-effort throttle or debug pause: nothing after the wait looks
 *   at what the condition reads, or at the queue's object, so the code
 *   does not depend on the condition having come true.
 * - A port open that detects the timeout through the state the waker
 *   sets with the condition (`open` beside `open_pending`), and says so.
 */
#include <linux/atomic.h>
#include <linux/io.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>

#define QCX_LINK_STATUS	0x40
#define QCX_BUSY	1

struct qcx_chip {
	wait_queue_head_t link_wait;
	void __iomem *regs;
	atomic_t inflight;
	int pending;
};

struct qcx_log {
	int count;
};

static int qcx_debug_hold;
static DECLARE_WAIT_QUEUE_HEAD(qcx_debug_wait);

/* reading the status register clears it: keep what each read saw */
static bool qcx_link_seen(struct qcx_chip *chip, u8 *status, u8 mask)
{
	*status |= readb(chip->regs + QCX_LINK_STATUS);
	return *status & mask;
}

static int qcx_link_wait(struct qcx_chip *chip, u8 mask)
{
	u8 status = 0;

	wait_event_timeout(chip->link_wait,
			   qcx_link_seen(chip, &status, mask),
			   msecs_to_jiffies(2));
	/* the interrupt may be off: look once more after a timeout */
	status |= readb(chip->regs + QCX_LINK_STATUS);
	return (status & mask) ? 0 : -EIO;
}

static bool qcx_fetch(struct qcx_chip *chip, long want, long *got)
{
	if (chip->pending > 0)
		*got += chip->pending;
	chip->pending = 0;
	return *got >= want;
}

static long qcx_read_events(struct qcx_chip *chip, long want, long tmo)
{
	long got = 0;

	wait_event_interruptible_timeout(chip->link_wait,
					 qcx_fetch(chip, want, &got), tmo);
	return got;
}

static int qcx_try_claim(struct qcx_chip *chip)
{
	return chip->pending ? QCX_BUSY : 0;
}

static int qcx_claim(struct qcx_chip *chip)
{
	int rv;

	wait_event_interruptible(chip->link_wait,
				 (rv = qcx_try_claim(chip)) != QCX_BUSY);
	if (rv == QCX_BUSY)
		return -EINTR;
	return rv;
}

/* the driver's own, correct, open-coded wait (keeps the file parsed) */
static int qcx_wait_idle(struct qcx_chip *chip)
{
	DEFINE_WAIT(wait);
	int ret = 0;

	for (;;) {
		prepare_to_wait(&chip->link_wait, &wait, TASK_INTERRUPTIBLE);
		if (!atomic_read(&chip->inflight))
			break;
		if (signal_pending(current)) {
			ret = -ERESTARTSYS;
			break;
		}
		schedule();
	}
	finish_wait(&chip->link_wait, &wait);
	return ret;
}

static int qcx_throttle(struct qcx_log *log, struct qcx_chip *chip)
{
	if (atomic_read(&chip->inflight) > 8) {
		wait_event_timeout(chip->link_wait,
				   atomic_read(&chip->inflight) <= 8, HZ / 10);
	}
	log->count++;
	return 0;
}

static int qcx_debug_pause(struct qcx_log *log)
{
	int ret = log->count ? 0 : -EAGAIN;

	wait_event_interruptible(qcx_debug_wait, qcx_debug_hold < 2);
	if (ret)
		pr_debug("qcx: nothing logged\n");
	return ret;
}

struct qcx_port {
	wait_queue_head_t open_wait;
	bool open_pending;
	bool open;
};

static int qcx_port_open(struct qcx_port *port)
{
	port->open = false;
	port->open_pending = true;
	wait_event_timeout(port->open_wait, !port->open_pending, HZ / 2);

	if (!port->open) {
		/* the firmware never answered: open timed out */
		port->open_pending = false;
		return -ENODEV;
	}
	return 0;
}

MODULE_LICENSE("GPL");

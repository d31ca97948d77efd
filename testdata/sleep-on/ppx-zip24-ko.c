// SPDX-License-Identifier: GPL-2.0-only
/*
 * ppx_zip.c -- PPX-100 parallel-port disk adapter, a 2.4 SCSI host
 * driver on parport.
 *
 * The adapter has no interrupt of its own in nibble mode: the driver
 * polls its status with a retry counter and a sleep_on_timeout() on a
 * queue that nothing wakes.  Claiming the port waits for the parport
 * wakeup callback, and a queued command is finished by the midlayer's
 * done() callback, which the command path waits for with the host
 * lock (io_request_lock) dropped around the wait.
 *
 * wqport fixture: the polling delay with a retry count becomes a plain
 * nap (a member of a struct only this file defines, which nothing wakes); the claim loop (a claim that changes nothing
 * when it fails, like test_and_set_bit()) and the command wait become
 * wait_event(); the one-shot reset wait, whose flag is cleared before
 * and that only the reset interrupt sets before its wake-up, becomes
 * wait_event_interruptible_timeout() on that flag by default (proven
 * against the waker), its result still read as the time left.
 * wqport-fix-test: no-kbuild (io_request_lock and the 2.4 parport API are gone)
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/spinlock.h>
#include <linux/wait.h>
#include <linux/errno.h>
#include <asm/io.h>

#define PPX_RETRIES		20
#define PPX_ST_BUSY		0x80
#define PPX_ST_SELECT		0x10

struct pardevice;
extern int parport_claim(struct pardevice *dev);
extern void parport_release(struct pardevice *dev);

struct ppx_host {
	unsigned long base;
	struct pardevice *pdev;
	wait_queue_head_t claim_wait;	/* parport wakeup callback */
	wait_queue_head_t poll_wait;	/* nobody wakes it: a delay */
	wait_queue_head_t done_wait;	/* done() from the midlayer */
	wait_queue_head_t reset_wait;	/* the reset interrupt */
	volatile int cmd_done;
	volatile int reset_done;
	int claimed;
};

static spinlock_t io_request_lock;

static void ppx_wakeup(void *ref)
{
	struct ppx_host *host = ref;

	wake_up(&host->claim_wait);
}

static void ppx_done(struct ppx_host *host)
{
	host->cmd_done = 1;
	wake_up(&host->done_wait);
}

static void ppx_reset_intr(struct ppx_host *host)
{
	host->reset_done = 1;
	wake_up_interruptible(&host->reset_wait);
}

static int ppx_wait_ready(struct ppx_host *host)
{
	int retries;

	for (retries = 0; retries < PPX_RETRIES; retries++) {
		if (!(inb(host->base + 1) & PPX_ST_BUSY))
			return 0;
		sleep_on_timeout(&host->poll_wait, HZ / 50);	/* expect: WQ001 fix=converted */
	}
	printk(KERN_ERR "ppx: adapter stays busy\n");
	return -EIO;
}

static void ppx_claim(struct ppx_host *host)
{
	/* parport_claim() fails while another driver owns the port */
	while (parport_claim(host->pdev))
		sleep_on(&host->claim_wait);	/* expect: WQ001 fix=converted */
	host->claimed = 1;
}

static int ppx_queuecommand(struct ppx_host *host)
{
	host->cmd_done = 0;
	outb(PPX_ST_SELECT, host->base + 2);

	/* called with io_request_lock held; the midlayer takes it again */
	spin_unlock_irq(&io_request_lock);
	while (!host->cmd_done)
		sleep_on(&host->done_wait);	/* expect: WQ001 fix=converted */
	spin_lock_irq(&io_request_lock);
	return 0;
}

static int ppx_reset(struct ppx_host *host)
{
	long left;

	host->reset_done = 0;
	outb(0, host->base + 2);
	left = interruptible_sleep_on_timeout(&host->reset_wait, 3 * HZ);	/* expect: WQ001 fix=caveat */
	if (signal_pending(current))
		return -EINTR;
	if (!left && !host->reset_done)
		return -ETIMEDOUT;
	return 0;
}

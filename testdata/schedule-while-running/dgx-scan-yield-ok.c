// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: deliberate yields are not sleeps in TASK_RUNNING.
 *
 * A 2.4-era flatbed scanner driver.  Its kernel thread sleeps until a
 * scan is queued, then copies lines out of the FIFO, giving up the CPU
 * when the scheduler asks (`if (current->need_resched) schedule();` in
 * 2.4, need_resched() since 2.6).  The motor settle routine sleeps a
 * fixed time, then yields in a loop until the carriage reports home:
 * the old SCHED_YIELD idiom, and a bare yield loop.  None of these
 * schedule() calls is meant to sleep.
 * wqport-args: --target=2.4.37
 * wqport-test: shim-only (current->state does not exist in 6.1 headers)
 */
#include <linux/module.h>
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/io.h>
#include <linux/wait.h>

#define DGX_STATUS	0x01
#define DGX_DATA	0x02
#define DGX_ST_FIFO	0x01
#define DGX_ST_HOME	0x02
#define SCHED_YIELD	0x10

struct dgx_scanner {
	unsigned long iobase;
	wait_queue_head_t scan_wait;
	int scan_queued;
	unsigned char *buf;
	int lines, line_len;
};

struct dgx_task {
	long state;
	unsigned long policy;
	int need_resched;
};
#define dgx_current ((struct dgx_task *)current)

static int dgx_thread(void *arg)
{
	struct dgx_scanner *sc = arg;
	int i, j;

	while (!kthread_should_stop()) {
		wait_event_interruptible(sc->scan_wait,
					 sc->scan_queued || kthread_should_stop());
		sc->scan_queued = 0;

		for (i = 0; i < sc->lines; i++) {
			/* the FIFO fills at line rate: poll it gently */
			while (!(inb(sc->iobase + DGX_STATUS) & DGX_ST_FIFO)) {
				current->state = TASK_UNINTERRUPTIBLE;
				schedule_timeout(1);
			}
			for (j = 0; j < sc->line_len; j++)
				sc->buf[i * sc->line_len + j] =
					inb(sc->iobase + DGX_DATA);
			if (dgx_current->need_resched)
				schedule();
			if (need_resched())
				schedule();
		}
	}
	return 0;
}

static void dgx_settle(struct dgx_scanner *sc)
{
	current->state = TASK_UNINTERRUPTIBLE;
	schedule_timeout(HZ / 10);

	while (!(inb(sc->iobase + DGX_STATUS) & DGX_ST_HOME)) {
		dgx_current->policy |= SCHED_YIELD;
		schedule();
	}
	while (inb(sc->iobase + DGX_STATUS) & DGX_ST_FIFO)
		schedule();
}

int dgx_start(struct dgx_scanner *sc)
{
	dgx_settle(sc);
	sc->scan_queued = 1;
	wake_up_interruptible(&sc->scan_wait);
	return 0;
}

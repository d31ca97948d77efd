// SPDX-License-Identifier: GPL-2.0-only
/*
 * fsd_dev.c -- the request channel of an invented user-space file
 * system, written for 2.0 and kept building on later kernels: its
 * queue is a wait_queue_head_t, but the read loop still tests for a
 * signal the 2.0 way, current->signal & ~current->blocked, before it
 * sleeps.  That exit is no condition a waker changes: schedule() does
 * not sleep with a signal pending.  The loop's own test made again
 * after prepare_to_wait() closes the race, and the words must say so,
 * not "keeps the race" for the signal test.
 * wqport-test: shim-only (current->signal and current->blocked are 2.0's)
 * wqport-fix-test: no-kbuild (current->signal and current->blocked are 2.0's)
 * wqport-fix-test: no-compile (->signal and ->blocked are 2.0's task_struct)
 */
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>

struct fsd_req {
	struct fsd_req *next;
	int opcode;
};

struct fsd_conn {
	wait_queue_head_t waitq;
	struct fsd_req *pending;
	int connected;
};

static struct fsd_conn fsd_conn;

void fsd_queue_request(struct fsd_req *req)
{
	req->next = fsd_conn.pending;
	fsd_conn.pending = req;
	wake_up_interruptible(&fsd_conn.waitq);
}

int fsd_read_request(struct file *file, struct fsd_req **out)
{
	struct fsd_conn *fc = &fsd_conn;

	while (fc->connected && !fc->pending) {
		if (file->f_flags & O_NONBLOCK)
			return -EAGAIN;
		if (current->signal & ~current->blocked)
			return -ERESTARTSYS;
		interruptible_sleep_on(&fc->waitq);	/* expect: WQ001 fix=converted */
	}
	if (!fc->connected)
		return -ENODEV;
	*out = fc->pending;
	fc->pending = fc->pending->next;
	return 0;
}

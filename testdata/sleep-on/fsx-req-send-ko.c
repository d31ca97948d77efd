// SPDX-License-Identifier: GPL-2.0-only
/*
 * fsx_dev.c -- the request path of an invented user-space file system
 * bridge.  A request and the connection each have a queue called
 * waitq: the sender sleeps on its request's, the daemon's reader on the
 * connection's.  The wake-ups of fc->waitq (a request queued, the
 * connection aborted) wake no sleep on req->waitq: struct fsx_conn and
 * struct fsx_req are two types.  The model must not run them as the
 * request's wakers and call the original's lost wake-up theirs; the
 * request's own waker (the reply) sets the state before it wakes.
 */
#include <linux/errno.h>
#include <linux/list.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/wait.h>

#define FSX_REQ_PENDING		0
#define FSX_REQ_SENT		1
#define FSX_REQ_FINISHED	2

struct fsx_req {
	struct list_head list;
	wait_queue_head_t waitq;
	int state;
	int error;
};

struct fsx_conn {
	wait_queue_head_t waitq;
	struct list_head pending;
	spinlock_t lock;
	int connected;
};

void fsx_queue_request(struct fsx_conn *fc, struct fsx_req *req)
{
	spin_lock(&fc->lock);
	req->state = FSX_REQ_PENDING;
	list_add_tail(&req->list, &fc->pending);
	spin_unlock(&fc->lock);
	wake_up_interruptible(&fc->waitq);
}

void fsx_conn_abort(struct fsx_conn *fc)
{
	fc->connected = 0;
	wake_up_interruptible(&fc->waitq);
}

void fsx_reply(struct fsx_req *req, int error)
{
	req->error = error;
	req->state = FSX_REQ_FINISHED;
	wake_up(&req->waitq);
}

int fsx_request_send(struct fsx_conn *fc, struct fsx_req *req)
{
	if (!fc->connected)
		return -ENOTCONN;

	fsx_queue_request(fc, req);
	while (req->state != FSX_REQ_FINISHED)
		sleep_on(&req->waitq);	/* expect: WQ001 fix=converted */

	return req->error;
}

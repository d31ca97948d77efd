// SPDX-License-Identifier: GPL-2.0-only
/*
 * osx_srv.c -- the service thread of an invented object storage
 * target.  The thread sleeps on its queue until it is told to exit; a
 * client queues a request on a list and wakes the same queue, and the
 * thread looks at the list only after it wakes.  Made again after
 * prepare_to_wait(), the loop's exit test closes the race for the
 * exit, not for a request queued while the thread was busy: its
 * wake-up, coming between the test and prepare_to_wait(), is still
 * lost, and the words must say so rather than "the race is closed".
 */
#include <linux/list.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/wait.h>

#define OSX_EXIT	0x1

struct osx_req {
	struct list_head list;
	int op;
};

struct osx_srv {
	wait_queue_head_t waitq;
	struct list_head reqs;
	spinlock_t lock;
	unsigned long flags;
};

static void osx_handle(struct osx_srv *srv, struct osx_req *req)
{
	req->op = 0;
}

void osx_queue_req(struct osx_srv *srv, struct osx_req *req)
{
	spin_lock(&srv->lock);
	list_add_tail(&req->list, &srv->reqs);
	spin_unlock(&srv->lock);
	wake_up(&srv->waitq);
}

void osx_stop(struct osx_srv *srv)
{
	srv->flags |= OSX_EXIT;
	wake_up(&srv->waitq);
}

int osx_main(void *arg)
{
	struct osx_srv *srv = arg;

	while (1) {
		struct osx_req *req = NULL;

		if (srv->flags & OSX_EXIT)
			break;
		interruptible_sleep_on(&srv->waitq);	/* expect: WQ001 fix=keeprace */
		spin_lock(&srv->lock);
		if (!list_empty(&srv->reqs)) {
			req = list_first_entry(&srv->reqs, struct osx_req, list);
			list_del(&req->list);
		}
		spin_unlock(&srv->lock);
		if (req)
			osx_handle(srv, req);
	}
	return 0;
}

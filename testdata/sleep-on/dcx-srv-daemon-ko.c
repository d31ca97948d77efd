// SPDX-License-Identifier: GPL-2.0-only
/*
 * dcx: the request daemon of an invented metadata server.  Each pass
 * of its loop declares its own result variable, tells the mount code it
 * is idle, and naps until a request is queued or a second has passed.
 * The declaration is no work; the wake_up() of the idle queue is, and
 * the fix names that.
 */
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/wait.h>

#define DCX_UNMOUNT	0x01

struct dcx_srv {
	wait_queue_head_t wq;
	wait_queue_head_t idle_wq;
	unsigned long flags;
	struct task_struct *thread;
};

int dcx_handle(struct dcx_srv *srv);

void dcx_queue_req(struct dcx_srv *srv)
{
	wake_up(&srv->wq);
}

int dcx_daemon(void *data)
{
	struct dcx_srv *srv = data;

	srv->thread = current;
	wake_up(&srv->idle_wq);
	while (1) {
		int rc;

		if (srv->flags & DCX_UNMOUNT)
			break;
		wake_up(&srv->idle_wq);
		interruptible_sleep_on_timeout(&srv->wq, HZ);	/* expect: WQ001 fix=keeprace */
		rc = dcx_handle(srv);
		if (rc)
			pr_debug("dcx: request failed: %d\n", rc);
	}
	srv->thread = NULL;
	wake_up(&srv->idle_wq);
	return 0;
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * rsx_stripe.c -- request path of the RSX software RAID personality.
 *
 * wqport fixture, after the reshape wait of a RAID5-style request path:
 * the writer queues itself on the reshape queue only while a reshape is
 * running, and says so in a local flag it sets right after the add.  The
 * way out removes the entry under that flag, so a path that skips the
 * remove_wait_queue() never queued it.  The second writer's first
 * statement reads a geometry struct this file only declares: clang drops
 * it, and the flag's write beside it is still read.
 * wqport-test: shim-only (a statement no compiler accepts, on purpose)
 * wqport-args: --select=WQ006
 */
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/wait.h>

enum { RSX_DONE, RSX_RETRY, RSX_SLEEP };

struct rsx_geom;

struct rsx_conf {
	wait_queue_head_t	reshape_wait;
	unsigned long		reshape_pos;
	struct rsx_geom		*geom;
};

int rsx_make_stripe(struct rsx_conf *conf, unsigned long sector);

int rsx_make_request(struct rsx_conf *conf, unsigned long sector)
{
	DEFINE_WAIT_FUNC(wait, woken_wake_function);
	bool on_wq;
	int res;

	if (likely(conf->reshape_pos == ~0UL)) {
		on_wq = false;
	} else {
		add_wait_queue(&conf->reshape_wait, &wait);
		on_wq = true;
	}
	for (;;) {
		res = rsx_make_stripe(conf, sector);
		if (res == RSX_RETRY)
			continue;
		if (res == RSX_SLEEP) {
			wait_woken(&wait, TASK_UNINTERRUPTIBLE,
				   MAX_SCHEDULE_TIMEOUT);
			continue;
		}
		break;
	}
	if (unlikely(on_wq))
		remove_wait_queue(&conf->reshape_wait, &wait);
	if (res != RSX_DONE)
		return -EAGAIN;
	return 0;
}

int rsx_make_discard(struct rsx_conf *conf, unsigned long sector)
{
	DEFINE_WAIT_FUNC(wait, woken_wake_function);
	unsigned long chunk;
	bool on_wq;
	int res;

	if (conf->reshape_pos == ~0UL) {
		chunk = conf->geom->chunk_sectors;
		on_wq = false;
	} else {
		add_wait_queue(&conf->reshape_wait, &wait);
		on_wq = true;
		chunk = 1;
	}
	while ((res = rsx_make_stripe(conf, sector)) == RSX_SLEEP) {
		wait_woken(&wait, TASK_UNINTERRUPTIBLE, MAX_SCHEDULE_TIMEOUT);
		sector += chunk;
	}
	if (on_wq)
		remove_wait_queue(&conf->reshape_wait, &wait);
	return res == RSX_DONE ? 0 : -EIO;
}

MODULE_LICENSE("GPL");

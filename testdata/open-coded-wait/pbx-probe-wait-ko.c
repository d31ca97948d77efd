// SPDX-License-Identifier: GPL-2.0-only
/*
 * pbx_probe.c -- wait for the first of a list of PBX servers to answer
 * its probe.
 *
 * wqport fixture (issue 41): one wait entry per server, the entries an
 * array, each added to its own server's queue in a loop before one wait
 * loop that sleeps until any of them answers.  The entry 'waits[i]' is
 * a new element on each pass, never added twice; the site was refused
 * with "the entry 'waits[i]' may be added at line N while still queued",
 * which is false.  The obstacle is several entries on several queues.
 *
 * wqport-cocci: beyond-standalone (the entries are added in a loop of
 * their own before the wait loop; tying them to it is the checker's
 * flow, which no semantic patch's report rule repeats)
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>

struct pbx_server {
	wait_queue_head_t probe_wq;
	atomic_t probe_outstanding;
	bool responded;
};

struct pbx_server_list {
	int nr_servers;
	struct pbx_server *servers[8];
};

/* the probe reply handler: one server answered */
void pbx_probe_done(struct pbx_server *server, bool ok)
{
	if (ok)
		server->responded = true;
	atomic_dec(&server->probe_outstanding);
	wake_up_all(&server->probe_wq);
}

int pbx_wait_for_probes(struct pbx_server_list *slist, unsigned long untried)
{
	struct wait_queue_entry *waits;
	struct pbx_server *server;
	int i, ret = 0;

	waits = kcalloc(slist->nr_servers, sizeof(*waits), GFP_KERNEL);
	if (!waits)
		return -ENOMEM;

	for (i = 0; i < slist->nr_servers; i++) {
		if (test_bit(i, &untried)) {
			server = slist->servers[i];
			init_waitqueue_entry(&waits[i], current);
			add_wait_queue(&server->probe_wq, &waits[i]); /* expect: WQ002 fix=refused:two-queues */
		}
	}

	for (;;) {
		bool probing = false;

		set_current_state(TASK_INTERRUPTIBLE);
		for (i = 0; i < slist->nr_servers; i++) {
			if (!test_bit(i, &untried))
				continue;
			server = slist->servers[i];
			if (server->responded)
				goto stop;
			if (atomic_read(&server->probe_outstanding))
				probing = true;
		}
		if (!probing)
			goto stop;
		if (signal_pending(current)) {
			ret = -ERESTARTSYS;
			goto stop;
		}
		schedule();
	}

stop:
	set_current_state(TASK_RUNNING);
	for (i = 0; i < slist->nr_servers; i++) {
		if (test_bit(i, &untried)) {
			server = slist->servers[i];
			remove_wait_queue(&server->probe_wq, &waits[i]);
		}
	}
	kfree(waits);
	return ret;
}

MODULE_LICENSE("GPL");

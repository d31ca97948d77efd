// SPDX-License-Identifier: GPL-2.0-only
/*
 * pqx_ports.c -- port teardown of the PQX-8 fabric switch, before
 * review.
 *
 * wqport fixture: the waits of pqx-port-drain-ok.c with each lock
 * dropped, through the same inline wrappers, after the test and before
 * the task state is set.  The waker takes the lock, but the sleeper no
 * longer holds it between its test and prepare_to_wait(): a wake-up
 * there finds the task running and is lost.
 *
 * wqport-cocci: beyond-standalone (told from pqx-port-drain-ok.c by where the wrapper that drops the lock is called, whose body a semantic patch does not read)
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/wait.h>

struct pqx_port {
	struct list_head node;
	wait_queue_head_t offline_wait;
	int dying;
};

struct pqx_bus {
	struct mutex xfer_mutex;
	wait_queue_head_t xfer_wait;
	int busy;
};

static DEFINE_MUTEX(pqx_cfg_mutex);
static LIST_HEAD(pqx_ports);

static inline void pqx_lock_cfg(void)
{
	mutex_lock(&pqx_cfg_mutex);
}

static inline void pqx_put_cfg(void)
{
	mutex_unlock(&pqx_cfg_mutex);
}

static inline void pqx_bus_get(struct pqx_bus *bus)
{
	mutex_lock(&bus->xfer_mutex);
}

static inline void pqx_bus_put(struct pqx_bus *bus)
{
	mutex_unlock(&bus->xfer_mutex);
}

void pqx_drain_offline(void)
{
	struct pqx_port *p;

restart:
	pqx_lock_cfg();
	list_for_each_entry(p, &pqx_ports, node) {
		DEFINE_WAIT(wait);

		if (!p->dying)
			continue;
		pqx_put_cfg();
		prepare_to_wait(&p->offline_wait, &wait, TASK_UNINTERRUPTIBLE);	/* expect: WQ003 */
		schedule();
		finish_wait(&p->offline_wait, &wait);
		goto restart;
	}
	pqx_put_cfg();
}

static void pqx_port_offline(struct pqx_port *p)
{
	pqx_lock_cfg();
	p->dying = 0;
	wake_up_all(&p->offline_wait);
	pqx_put_cfg();
}

void pqx_wait_xfer(struct pqx_bus *bus)
{
	DEFINE_WAIT(wait);

again:
	pqx_bus_get(bus);
	if (bus->busy) {
		pqx_bus_put(bus);
		prepare_to_wait(&bus->xfer_wait, &wait, TASK_UNINTERRUPTIBLE);	/* expect: WQ003 */
		schedule();
		finish_wait(&bus->xfer_wait, &wait);
		goto again;
	}
	pqx_bus_put(bus);
}

static void pqx_xfer_done(struct pqx_bus *bus)
{
	pqx_bus_get(bus);
	bus->busy = 0;
	wake_up(&bus->xfer_wait);
	pqx_bus_put(bus);
}

void pqx_port_remove(struct pqx_port *p, struct pqx_bus *bus)
{
	pqx_port_offline(p);
	pqx_xfer_done(bus);
}

MODULE_LICENSE("GPL");

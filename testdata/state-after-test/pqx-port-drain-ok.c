// SPDX-License-Identifier: GPL-2.0-only
/*
 * pqx_ports.c -- port teardown of the PQX-8 fabric switch.
 *
 * wqport fixture: tests before the task state is set that lose no
 * wake-up because a mutex is held from the test to the state change,
 * taken and dropped through the driver's own inline wrappers:
 *
 * - pqx_drain_offline() holds the configuration mutex (pqx_lock_cfg(),
 *   on a global) over its test of each port and over
 *   prepare_to_wait(), and drops it (pqx_put_cfg()) only then;
 *   pqx_port_offline() clears the mark and wakes under the same mutex.
 *   It returns with the mutex held, for its caller to change the ports.
 * - pqx_wait_xfer() does the same with the bus's transfer mutex, through
 *   wrappers on a member of their parameter (pqx_bus_get()/pqx_bus_put()),
 *   and tests again after each wake-up.
 *
 * The wrappers' names say nothing; their bodies say they lock.
 * pqx-port-drain-ko.c drops each lock before the state change.
 *
 * wqport-cocci: beyond-standalone (the unlock is inside a function of the file whose body a semantic patch does not read at the call)
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
		prepare_to_wait(&p->offline_wait, &wait, TASK_UNINTERRUPTIBLE);
		pqx_put_cfg();
		schedule();
		finish_wait(&p->offline_wait, &wait);
		goto restart;
	}
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
		prepare_to_wait(&bus->xfer_wait, &wait, TASK_UNINTERRUPTIBLE);
		pqx_bus_put(bus);
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

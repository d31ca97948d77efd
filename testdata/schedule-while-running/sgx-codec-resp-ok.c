// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: a sound controller waits for a codec's response.  Each
 * pass takes the register lock with scoped_guard() (<linux/cleanup.h>),
 * queues itself and sets TASK_UNINTERRUPTIBLE with prepare_to_wait(), and
 * leaves with finish_wait() from inside the guarded block once the
 * response is in; otherwise it sleeps a tick with schedule_timeout(),
 * outside the lock, in the state prepare_to_wait() set.  The guarded
 * block runs once per pass: its return is a way out, not a statement
 * to lose, so the sleep never runs in TASK_RUNNING (WQ004 stays silent).
 */
#include <linux/cleanup.h>
#include <linux/jiffies.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/wait.h>

struct sgx_bus {
	spinlock_t reg_lock;
	wait_queue_head_t resp_wait;
	unsigned int resp_ready;
	u32 resp;
};

int sgx_get_response(struct sgx_bus *bus, u32 *res)
{
	unsigned long timeout = jiffies + msecs_to_jiffies(1000);
	DEFINE_WAIT(wait);

	for (;;) {
		scoped_guard(spinlock_irq, &bus->reg_lock) {
			prepare_to_wait(&bus->resp_wait, &wait,
					TASK_UNINTERRUPTIBLE);
			if (bus->resp_ready) {
				*res = bus->resp;
				bus->resp_ready = 0;
				finish_wait(&bus->resp_wait, &wait);
				return 0;
			}
		}
		if (time_after(jiffies, timeout))
			break;
		schedule_timeout(1);
	}
	finish_wait(&bus->resp_wait, &wait);
	return -EIO;
}

void sgx_resp_irq(struct sgx_bus *bus, u32 value)
{
	spin_lock(&bus->reg_lock);
	bus->resp = value;
	bus->resp_ready = 1;
	spin_unlock(&bus->reg_lock);
	wake_up(&bus->resp_wait);
}

MODULE_LICENSE("GPL");

// SPDX-License-Identifier: GPL-2.0-only
/*
 * wtx_tx.c -- transmit side of the WTX wireless MAC: before the MAC is
 * reprogrammed, the driver waits for the frames it has handed to the
 * firmware to complete, a tick at a time, for a bounded number of
 * ticks; when they do not, it notes which queue was stuck and goes on.
 *
 * wqport fixture: a bounded retry.  The sleep is interruptible and no
 * signal is tested, so with a signal pending each nap returns at once;
 * but the counter ends the loop after its last try, through an else
 * branch that does some work (it records the stuck queue and logs it)
 * before its break.  That is no spin: silent.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/atomic.h>

#define WTX_SETTLE_TICKS	40

struct wtx_queue {
	atomic_t pending;
	int hwq;
};

struct wtx_mac {
	struct wtx_queue txq[4];
	int stuck_hwq;
	unsigned long stats_timeouts;
};

static bool wtx_tx_idle(struct wtx_mac *mac, int *busy)
{
	int i;

	for (i = 0; i < 4; i++)
		if (atomic_read(&mac->txq[i].pending)) {
			*busy = i;
			return false;
		}
	return true;
}

void wtx_wait_tx_settle(struct wtx_mac *mac)
{
	int ticks = 0, busy = -1;

	while (!wtx_tx_idle(mac, &busy)) {
		ticks++;
		if (ticks < WTX_SETTLE_TICKS) {
			set_current_state(TASK_INTERRUPTIBLE);
			schedule_timeout(1);
		} else {
			mac->stuck_hwq = mac->txq[busy].hwq;
			mac->stats_timeouts++;
			pr_warn("wtx: tx queue %d did not settle\n",
				mac->stuck_hwq);
			break;
		}
	}
}

void wtx_tx_done(struct wtx_mac *mac, int q)
{
	atomic_dec(&mac->txq[q].pending);
}

MODULE_LICENSE("GPL");

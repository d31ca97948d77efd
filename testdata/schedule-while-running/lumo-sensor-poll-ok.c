// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: near misses for WQ004 in a sensor polling thread.
 * The thread sets TASK_INTERRUPTIBLE once before its loop -- the busy
 * loop shape -- but sets it again at the end of every iteration and
 * after each schedule(), so schedule() is never reached running.  The
 * FIFO drain yields with a bare schedule() and cond_resched(), with no
 * task state anywhere in that function: a yield, not a sleep.
 */
#include <linux/module.h>
#include <linux/atomic.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/types.h>

#define LUMO_SNS_FIFO		0x00
#define LUMO_SNS_LEVEL		0x04
#define LUMO_SNS_IRQ_ACK	0x08

struct lumo_sensor {
	void __iomem *base;
	struct task_struct *thread;
	atomic_t pending;
	u64 sum;
	unsigned int samples;
};

static irqreturn_t lumo_sensor_irq(int irq, void *dev_id)
{
	struct lumo_sensor *ls = dev_id;

	writel(1, ls->base + LUMO_SNS_IRQ_ACK);
	atomic_inc(&ls->pending);
	wake_up_process(ls->thread);
	return IRQ_HANDLED;
}

static void lumo_sensor_drain(struct lumo_sensor *ls)
{
	unsigned int n = 0;

	while (readl(ls->base + LUMO_SNS_LEVEL)) {
		ls->sum += readl(ls->base + LUMO_SNS_FIFO);
		ls->samples++;
		if (++n % 64 == 0)
			schedule();
		else
			cond_resched();
	}
}

static int lumo_sensor_thread(void *data)
{
	struct lumo_sensor *ls = data;

	set_current_state(TASK_INTERRUPTIBLE);
	while (!kthread_should_stop()) {
		if (!atomic_read(&ls->pending)) {
			schedule();
			set_current_state(TASK_INTERRUPTIBLE);
			continue;
		}
		__set_current_state(TASK_RUNNING);

		atomic_set(&ls->pending, 0);
		lumo_sensor_drain(ls);

		set_current_state(TASK_INTERRUPTIBLE);
	}
	__set_current_state(TASK_RUNNING);
	return 0;
}

static int lumo_sensor_start(struct lumo_sensor *ls, int irq)
{
	int ret;

	atomic_set(&ls->pending, 0);
	ls->thread = kthread_run(lumo_sensor_thread, ls, "lumo_sensor");
	if (IS_ERR(ls->thread))
		return PTR_ERR(ls->thread);

	ret = request_irq(irq, lumo_sensor_irq, 0, "lumo_sensor", ls);
	if (ret)
		kthread_stop(ls->thread);
	return ret;
}

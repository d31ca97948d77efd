// SPDX-License-Identifier: GPL-2.0-only
/*
 * kmx_sensor.c -- temperature sensor hub of the KMX-8 board management
 * controller, a 2.6.10 driver with a kernel thread.
 *
 * The thread sleeps until the hub's interrupt says a sample is ready,
 * once a second at most, and reads the samples; module unload stops it
 * with kthread_stop().  The interrupt sets sample_ready before it wakes
 * the thread.
 *
 * wqport fixture: the thread's loop tests kthread_should_stop(), which
 * is its exit, not what the sleep waits for: WQ001 suggests waiting for
 * sample_ready, with kthread_should_stop() kept in the condition so that
 * kthread_stop()'s wake-up ends the wait.  The fix leaves the polling
 * interval alone.
 * wqport-args: --target=2.6.10
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/interrupt.h>
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/io.h>

#define KMX_REG_SAMPLE		0x10
#define KMX_REG_ACK		0x14

struct kmx_hub {
	void __iomem *regs;
	wait_queue_head_t sample_wait;
	int sample_ready;
	int last_temp;
	struct task_struct *thread;
};

static irqreturn_t kmx_irq(int irq, void *dev_id, struct pt_regs *regs)
{
	struct kmx_hub *hub = dev_id;

	writel(1, hub->regs + KMX_REG_ACK);
	hub->sample_ready = 1;
	wake_up_interruptible(&hub->sample_wait);
	return IRQ_HANDLED;
}

static int kmx_thread(void *arg)
{
	struct kmx_hub *h = arg;

	while (!kthread_should_stop()) {
		interruptible_sleep_on_timeout(&h->sample_wait, HZ);	/* expect: WQ001 fix=keeprace */
		if (h->sample_ready) {
			h->sample_ready = 0;
			h->last_temp = readl(h->regs + KMX_REG_SAMPLE);
		}
	}
	return 0;
}

static int kmx_start(struct kmx_hub *hub)
{
	init_waitqueue_head(&hub->sample_wait);
	hub->thread = kthread_run(kmx_thread, hub, "kmx-sensor");
	return IS_ERR(hub->thread) ? PTR_ERR(hub->thread) : 0;
}

static void kmx_stop(struct kmx_hub *hub)
{
	kthread_stop(hub->thread);
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * qfx_dma: sample driver for the (fictional) QFX-4 memory-to-memory DMA
 * engine, written against current kernel APIs.
 *
 * wqport sample: the clean one.  Readers of the event stream use
 * wait_event_interruptible(); channel allocation is an exclusive
 * prepare_to_wait_exclusive()/finish_wait() loop that drops the engine
 * lock around schedule(); the descriptor thread sets its state before
 * testing for work; reset waits on a completion.  No findings.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/completion.h>
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/kthread.h>
#include <linux/miscdevice.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

#define QFX_NR_CHANNELS		4

#define QFX_REG_CTRL		0x000
#define QFX_REG_IRQ_STAT	0x004
#define QFX_REG_IRQ_MASK	0x008
#define QFX_REG_CH_BASE(n)	(0x100 + (n) * 0x20)
#define QFX_CH_SRC		0x00
#define QFX_CH_DST		0x04
#define QFX_CH_LEN		0x08
#define QFX_CH_GO		0x0c

#define QFX_CTRL_RESET		0x80000000
#define QFX_IRQ_RESET_DONE	0x80000000
#define QFX_IRQ_CH_DONE(n)	(1u << (n))

struct qfx_engine {
	void __iomem *regs;
	struct device *dev;
	spinlock_t lock;
	unsigned long chan_busy;		/* bitmap of allocated channels */
	wait_queue_head_t chan_wait;		/* waiting for a free channel */
	wait_queue_head_t event_wait;		/* readers of the event count */
	unsigned long events;			/* completion batches seen */
	unsigned long done_mask;		/* channels completed, for the thread */
	struct task_struct *thread;
	struct completion reset_done;
	struct miscdevice misc;
};

static irqreturn_t qfx_irq(int irq, void *dev_id)
{
	struct qfx_engine *qe = dev_id;
	u32 stat = readl(qe->regs + QFX_REG_IRQ_STAT);

	if (!stat)
		return IRQ_NONE;
	writel(stat, qe->regs + QFX_REG_IRQ_STAT);

	if (stat & QFX_IRQ_RESET_DONE)
		complete(&qe->reset_done);

	stat &= ~QFX_IRQ_RESET_DONE;
	if (stat) {
		spin_lock(&qe->lock);
		qe->done_mask |= stat;
		spin_unlock(&qe->lock);
		wake_up_process(qe->thread);
	}
	return IRQ_HANDLED;
}

static int qfx_first_free(unsigned long busy)
{
	int ch;

	for (ch = 0; ch < QFX_NR_CHANNELS; ch++)
		if (!(busy & BIT(ch)))
			return ch;
	return -1;
}

/* Completion thread: releases finished channels and publishes events. */
static int qfx_thread(void *data)
{
	struct qfx_engine *qe = data;
	unsigned long done;

	while (!kthread_should_stop()) {
		set_current_state(TASK_INTERRUPTIBLE);
		spin_lock_irq(&qe->lock);
		done = qe->done_mask;
		qe->done_mask = 0;
		spin_unlock_irq(&qe->lock);

		if (!done) {
			if (!kthread_should_stop())
				schedule();
			continue;
		}
		__set_current_state(TASK_RUNNING);

		spin_lock_irq(&qe->lock);
		qe->chan_busy &= ~done;
		qe->events++;
		spin_unlock_irq(&qe->lock);

		wake_up(&qe->chan_wait);
		wake_up_interruptible(&qe->event_wait);
	}
	__set_current_state(TASK_RUNNING);
	return 0;
}

static int qfx_chan_get(struct qfx_engine *qe)
{
	DEFINE_WAIT(wait);
	int ch = -ERESTARTSYS;
	int free;

	spin_lock_irq(&qe->lock);
	for (;;) {
		prepare_to_wait_exclusive(&qe->chan_wait, &wait,
					  TASK_INTERRUPTIBLE);
		free = qfx_first_free(qe->chan_busy);
		if (free >= 0) {
			qe->chan_busy |= BIT(free);
			ch = free;
			break;
		}
		if (signal_pending(current))
			break;
		spin_unlock_irq(&qe->lock);
		schedule();
		spin_lock_irq(&qe->lock);
	}
	finish_wait(&qe->chan_wait, &wait);
	spin_unlock_irq(&qe->lock);
	return ch;
}

static void qfx_chan_start(struct qfx_engine *qe, int ch, u32 src, u32 dst,
			   u32 len)
{
	void __iomem *base = qe->regs + QFX_REG_CH_BASE(ch);

	writel(src, base + QFX_CH_SRC);
	writel(dst, base + QFX_CH_DST);
	writel(len, base + QFX_CH_LEN);
	writel(1, base + QFX_CH_GO);
}

static ssize_t qfx_read(struct file *file, char __user *buf, size_t count,
			loff_t *ppos)
{
	struct qfx_engine *qe = container_of(file->private_data,
					     struct qfx_engine, misc);
	unsigned long seen = *ppos;
	unsigned long now;
	int ret;

	if (count < sizeof(now))
		return -EINVAL;

	ret = wait_event_interruptible(qe->event_wait,
				       READ_ONCE(qe->events) != seen);
	if (ret)
		return ret;

	now = READ_ONCE(qe->events);
	if (copy_to_user(buf, &now, sizeof(now)))
		return -EFAULT;
	*ppos = now;
	return sizeof(now);
}

static ssize_t qfx_write(struct file *file, const char __user *buf,
			 size_t count, loff_t *ppos)
{
	struct qfx_engine *qe = container_of(file->private_data,
					     struct qfx_engine, misc);
	u32 req[3];
	int ch;

	if (count != sizeof(req))
		return -EINVAL;
	if (copy_from_user(req, buf, sizeof(req)))
		return -EFAULT;

	ch = qfx_chan_get(qe);
	if (ch < 0)
		return ch;
	qfx_chan_start(qe, ch, req[0], req[1], req[2]);
	return count;
}

static const struct file_operations qfx_fops = {
	.owner	= THIS_MODULE,
	.read	= qfx_read,
	.write	= qfx_write,
};

static int qfx_reset(struct qfx_engine *qe)
{
	reinit_completion(&qe->reset_done);
	writel(QFX_CTRL_RESET, qe->regs + QFX_REG_CTRL);
	if (!wait_for_completion_timeout(&qe->reset_done,
					 msecs_to_jiffies(100)))
		return -ETIMEDOUT;
	writel(~0u, qe->regs + QFX_REG_IRQ_MASK);
	return 0;
}

static int qfx_probe(struct platform_device *pdev)
{
	struct qfx_engine *qe;
	int irq, ret;

	qe = devm_kzalloc(&pdev->dev, sizeof(*qe), GFP_KERNEL);
	if (!qe)
		return -ENOMEM;
	qe->dev = &pdev->dev;
	spin_lock_init(&qe->lock);
	init_waitqueue_head(&qe->chan_wait);
	init_waitqueue_head(&qe->event_wait);
	init_completion(&qe->reset_done);

	qe->regs = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(qe->regs))
		return PTR_ERR(qe->regs);
	irq = platform_get_irq(pdev, 0);
	if (irq < 0)
		return irq;

	qe->thread = kthread_run(qfx_thread, qe, "qfx_dma");
	if (IS_ERR(qe->thread))
		return PTR_ERR(qe->thread);

	ret = devm_request_irq(&pdev->dev, irq, qfx_irq, 0, "qfx_dma", qe);
	if (ret)
		goto err_thread;
	ret = qfx_reset(qe);
	if (ret)
		goto err_thread;

	qe->misc.minor = MISC_DYNAMIC_MINOR;
	qe->misc.name = "qfx_dma";
	qe->misc.fops = &qfx_fops;
	ret = misc_register(&qe->misc);
	if (ret)
		goto err_thread;

	platform_set_drvdata(pdev, qe);
	return 0;

err_thread:
	kthread_stop(qe->thread);
	return ret;
}

static int qfx_remove(struct platform_device *pdev)
{
	struct qfx_engine *qe = platform_get_drvdata(pdev);

	misc_deregister(&qe->misc);
	writel(0, qe->regs + QFX_REG_IRQ_MASK);
	kthread_stop(qe->thread);
	return 0;
}

static const struct of_device_id qfx_of_match[] = {
	{ .compatible = "qfx,dma-4" },
	{ }
};
MODULE_DEVICE_TABLE(of, qfx_of_match);

static struct platform_driver qfx_driver = {
	.probe	= qfx_probe,
	.remove	= qfx_remove,
	.driver	= {
		.name		= "qfx_dma",
		.of_match_table	= qfx_of_match,
	},
};
module_platform_driver(qfx_driver);

MODULE_DESCRIPTION("QFX-4 DMA engine");
MODULE_LICENSE("GPL");

// SPDX-License-Identifier: GPL-2.0-only
/*
 * lumo_hub: sample out-of-tree driver for the (fictional) Lumo SH-2
 * sensor hub, a microcontroller on the PCI bus that streams samples
 * from its attached sensors into a mailbox.
 *
 * wqport sample: mostly correct, with two classic slips.  The firmware
 * boot delay calls schedule_timeout() without setting a task state, so
 * it does not delay at all (WQ004).  The sample read loop returns -EIO
 * on a hub crash straight from between prepare_to_wait() and
 * finish_wait(), leaving the on-stack entry queued (WQ006).
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/cdev.h>
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/jiffies.h>
#include <linux/mutex.h>
#include <linux/pci.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

#define LUMO_DRV_NAME		"lumo_hub"
#define LUMO_VENDOR_ID		0x1d9c
#define LUMO_DEVICE_SH2		0x0002

#define LUMO_REG_CTRL		0x00
#define LUMO_REG_STATUS		0x04
#define LUMO_REG_MBOX		0x08
#define LUMO_REG_SEQ		0x0c

#define LUMO_CTRL_RUN		0x01
#define LUMO_CTRL_IRQ_EN	0x02
#define LUMO_STATUS_READY	0x01
#define LUMO_STATUS_SAMPLE	0x02
#define LUMO_STATUS_FAULT	0x80

struct lumo_hub {
	struct pci_dev *pdev;
	void __iomem *regs;
	struct cdev cdev;
	dev_t devt;
	struct mutex read_lock;
	wait_queue_head_t sample_wait;
	wait_queue_head_t ready_wait;
	u32 seq;			/* last sequence number from the hub */
	u32 sample;
	bool ready;
	bool crashed;
};

static irqreturn_t lumo_irq(int irq, void *dev_id)
{
	struct lumo_hub *hub = dev_id;
	u32 status = readl(hub->regs + LUMO_REG_STATUS);

	if (!status)
		return IRQ_NONE;
	writel(status, hub->regs + LUMO_REG_STATUS);

	if (status & LUMO_STATUS_FAULT) {
		WRITE_ONCE(hub->crashed, true);
		wake_up_all(&hub->sample_wait);
		wake_up_all(&hub->ready_wait);
		return IRQ_HANDLED;
	}
	if (status & LUMO_STATUS_READY) {
		WRITE_ONCE(hub->ready, true);
		wake_up(&hub->ready_wait);
	}
	if (status & LUMO_STATUS_SAMPLE) {
		hub->sample = readl(hub->regs + LUMO_REG_MBOX);
		WRITE_ONCE(hub->seq, readl(hub->regs + LUMO_REG_SEQ));
		wake_up_interruptible(&hub->sample_wait);
	}
	return IRQ_HANDLED;
}

static int lumo_boot(struct lumo_hub *hub)
{
	long ret;

	writel(0, hub->regs + LUMO_REG_CTRL);
	/* let the microcontroller's supply settle before releasing reset */
	schedule_timeout(HZ / 2);	/* expect: WQ004 fix=converted */
	writel(LUMO_CTRL_RUN | LUMO_CTRL_IRQ_EN, hub->regs + LUMO_REG_CTRL);

	ret = wait_event_timeout(hub->ready_wait,
				 READ_ONCE(hub->ready) || READ_ONCE(hub->crashed),
				 2 * HZ);
	if (!ret || hub->crashed)
		return -ENODEV;
	return 0;
}

static int lumo_wait_sample(struct lumo_hub *hub, u32 seen)
{
	DEFINE_WAIT(wait);
	int ret = 0;

	for (;;) {
		prepare_to_wait(&hub->sample_wait, &wait, TASK_INTERRUPTIBLE);
		if (READ_ONCE(hub->seq) != seen)
			break;
		if (READ_ONCE(hub->crashed))
			return -EIO;	/* expect: WQ006 fix=refused:no-patch */
		if (signal_pending(current)) {
			ret = -ERESTARTSYS;
			break;
		}
		schedule();
	}
	finish_wait(&hub->sample_wait, &wait);
	return ret;
}

static int lumo_open(struct inode *inode, struct file *file)
{
	struct lumo_hub *hub = container_of(inode->i_cdev, struct lumo_hub,
					    cdev);

	file->private_data = hub;
	return 0;
}

static ssize_t lumo_read(struct file *file, char __user *buf, size_t count,
			 loff_t *ppos)
{
	struct lumo_hub *hub = file->private_data;
	u32 val[2];
	int ret;

	if (count < sizeof(val))
		return -EINVAL;
	if (mutex_lock_interruptible(&hub->read_lock))
		return -ERESTARTSYS;

	ret = lumo_wait_sample(hub, *ppos);
	if (ret)
		goto out;

	val[0] = READ_ONCE(hub->seq);
	val[1] = hub->sample;
	*ppos = val[0];
	ret = copy_to_user(buf, val, sizeof(val)) ? -EFAULT : sizeof(val);
out:
	mutex_unlock(&hub->read_lock);
	return ret;
}

static const struct file_operations lumo_fops = {
	.owner	= THIS_MODULE,
	.open	= lumo_open,
	.read	= lumo_read,
};

static int lumo_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct lumo_hub *hub;
	int ret;

	hub = devm_kzalloc(&pdev->dev, sizeof(*hub), GFP_KERNEL);
	if (!hub)
		return -ENOMEM;
	hub->pdev = pdev;
	mutex_init(&hub->read_lock);
	init_waitqueue_head(&hub->sample_wait);
	init_waitqueue_head(&hub->ready_wait);

	ret = pci_enable_device(pdev);
	if (ret)
		return ret;
	ret = pci_request_regions(pdev, LUMO_DRV_NAME);
	if (ret)
		goto err_disable;
	hub->regs = pci_iomap(pdev, 0, 0);
	if (!hub->regs) {
		ret = -ENOMEM;
		goto err_release;
	}

	ret = request_irq(pdev->irq, lumo_irq, IRQF_SHARED, LUMO_DRV_NAME, hub);
	if (ret)
		goto err_unmap;

	ret = lumo_boot(hub);
	if (ret)
		goto err_irq;

	ret = alloc_chrdev_region(&hub->devt, 0, 1, LUMO_DRV_NAME);
	if (ret)
		goto err_irq;
	cdev_init(&hub->cdev, &lumo_fops);
	hub->cdev.owner = THIS_MODULE;
	ret = cdev_add(&hub->cdev, hub->devt, 1);
	if (ret)
		goto err_region;

	pci_set_drvdata(pdev, hub);
	dev_info(&pdev->dev, "SH-2 sensor hub ready\n");
	return 0;

err_region:
	unregister_chrdev_region(hub->devt, 1);
err_irq:
	writel(0, hub->regs + LUMO_REG_CTRL);
	free_irq(pdev->irq, hub);
err_unmap:
	pci_iounmap(pdev, hub->regs);
err_release:
	pci_release_regions(pdev);
err_disable:
	pci_disable_device(pdev);
	return ret;
}

static void lumo_remove(struct pci_dev *pdev)
{
	struct lumo_hub *hub = pci_get_drvdata(pdev);

	cdev_del(&hub->cdev);
	unregister_chrdev_region(hub->devt, 1);
	writel(0, hub->regs + LUMO_REG_CTRL);
	free_irq(pdev->irq, hub);
	pci_iounmap(pdev, hub->regs);
	pci_release_regions(pdev);
	pci_disable_device(pdev);
}

static const struct pci_device_id lumo_ids[] = {
	{ PCI_DEVICE(LUMO_VENDOR_ID, LUMO_DEVICE_SH2) },
	{ }
};
MODULE_DEVICE_TABLE(pci, lumo_ids);

static struct pci_driver lumo_driver = {
	.name		= LUMO_DRV_NAME,
	.id_table	= lumo_ids,
	.probe		= lumo_probe,
	.remove		= lumo_remove,
};
module_pci_driver(lumo_driver);

MODULE_DESCRIPTION("Lumo SH-2 sensor hub");
MODULE_LICENSE("GPL");

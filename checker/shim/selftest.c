// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport shim self-test: a test input, not a driver.
 *
 * Includes every shim header and uses each wait_event*() form, the
 * open-coded wait loops, the sleep_on() family, wake_up*() and a
 * little of everything else a driver touches.  It must compile with
 * zero errors and zero warnings under the checker's shim flags, e.g.
 *
 *   clang-14 -fsyntax-only -nostdinc -I checker/shim -include wqport-shim.h \
 *	-std=gnu11 -D__KERNEL__ -Wall checker/shim/selftest.c
 *
 * and the same with gcc.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt
#define dev_fmt(fmt) "selftest: " fmt

#include <linux/config.h>
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/fs.h>
#include <linux/wait.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/spinlock.h>
#include <linux/mutex.h>
#include <linux/interrupt.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/net.h>
#include <linux/skbuff.h>
#include <net/sock.h>
#include <linux/errno.h>
#include <linux/types.h>
#include <linux/delay.h>
#include <linux/jiffies.h>
#include <linux/timer.h>
#include <linux/kthread.h>
#include <linux/poll.h>
#include <linux/miscdevice.h>
#include <linux/device.h>
#include <linux/io.h>
#include <linux/list.h>
#include <linux/workqueue.h>
#include <linux/completion.h>
#include <linux/cdev.h>
#include <linux/freezer.h>
#include <linux/atomic.h>
#include <linux/platform_device.h>
#include <linux/of.h>
#include <linux/of_device.h>
#include <linux/pci.h>
#include <linux/mod_devicetable.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <linux/err.h>
#include <linux/compiler.h>
#include <linux/bitops.h>
#include <linux/stddef.h>
#include <linux/ioctl.h>
#include <linux/semaphore.h>
#include <linux/version.h>
#include <linux/moduleparam.h>
#include <linux/export.h>
#include <linux/ktime.h>
#include <linux/hrtimer.h>
#include <linux/signal.h>
#include <linux/vmalloc.h>
#include <linux/gfp.h>
#include <linux/fcntl.h>
#include <linux/bug.h>
#include <linux/irqreturn.h>
#include <linux/rwlock.h>
#include <linux/rwsem.h>
#include <asm/io.h>
#include <asm/uaccess.h>

#define ST_IOC_RESET	_IO('w', 1)
#define ST_IOC_GET	_IOR('w', 2, int)

struct st_dev {
	struct miscdevice misc;
	wait_queue_head_t wq;
	spinlock_t lock;
	struct mutex mtx;
	struct semaphore sem;
	struct timer_list timer;
	struct work_struct work;
	struct delayed_work dwork;
	struct completion done;
	struct task_struct *thread;
	struct list_head items;
	struct fasync_struct *fasync;
	void __iomem *regs;
	unsigned long flags;
	atomic_t count;
	int ready;
	int irq;
};

struct st_item {
	struct list_head node;
	int value;
};

static DECLARE_WAIT_QUEUE_HEAD(st_wq);
static DEFINE_SPINLOCK(st_lock);
static DEFINE_MUTEX(st_mutex);
static DEFINE_RWLOCK(st_rwlock);
static DECLARE_RWSEM(st_rwsem);
static DECLARE_COMPLETION(st_completion);
static LIST_HEAD(st_list);
static struct st_dev st;
static int st_flag;
static int debug;
module_param(debug, int, 0644);
MODULE_PARM_DESC(debug, "debug level");

/* ---- the wait_event*() family ---- */
static long st_wait_event_forms(void)
{
	unsigned long flags;
	long total = 0;
	long lret;
	int ret;

	wait_event(st_wq, st_flag);
	wait_event_idle(st_wq, READ_ONCE(st_flag) != 0);
	wait_event_cmd(st_wq, st_flag, mutex_unlock(&st_mutex), mutex_lock(&st_mutex));

	lret = wait_event_timeout(st_wq, st_flag, HZ);
	total += lret;
	ret = wait_event_interruptible(st_wq, st_flag);
	total += ret;
	lret = wait_event_interruptible_timeout(st_wq, st_flag, msecs_to_jiffies(100));
	total += lret;
	ret = wait_event_interruptible_exclusive(st_wq, st_flag);
	total += ret;
	ret = wait_event_killable(st.wq, st.ready);
	total += ret;
	lret = wait_event_killable_timeout(st.wq, st.ready, 5 * HZ);
	total += lret;
	ret = wait_event_freezable(st_wq, st_flag || kthread_should_stop());
	total += ret;
	lret = wait_event_idle_timeout(st_wq, st_flag, HZ);
	total += lret;
	lret = wait_event_freezable_timeout(st_wq, st_flag, HZ);
	total += lret;

	spin_lock_irq(&st_lock);
	wait_event_lock_irq(st_wq, st_flag, st_lock);
	ret = wait_event_interruptible_lock_irq(st_wq, st_flag, st_lock);
	total += ret;
	lret = wait_event_lock_irq_timeout(st_wq, st_flag, st_lock, HZ);
	total += lret;
	spin_unlock_irq(&st_lock);

	spin_lock(&st.wq.lock);
	ret = wait_event_interruptible_locked(st.wq, st.ready);
	total += ret;
	spin_unlock(&st.wq.lock);

	spin_lock_irqsave(&st.wq.lock, flags);
	spin_unlock_irqrestore(&st.wq.lock, flags);
	read_lock_irqsave(&st_rwlock, flags);
	read_unlock_irqrestore(&st_rwlock, flags);
	write_lock_irq(&st_rwlock);
	write_unlock_irq(&st_rwlock);
	down_read(&st_rwsem);
	up_read(&st_rwsem);
	down_write(&st_rwsem);
	wait_event_cmd(st_wq, st_flag, up_write(&st_rwsem), down_write(&st_rwsem));
	up_write(&st_rwsem);
	spin_lock_irq(&st.wq.lock);
	ret = wait_event_interruptible_locked_irq(st.wq, st.ready);
	total += ret;
	spin_unlock_irq(&st.wq.lock);

	return total;
}

/* ---- open-coded loops: add/remove_wait_queue and prepare/finish_wait ---- */
static int st_open_coded(void)
{
	DECLARE_WAITQUEUE(wait, current);
	int ret = 0;

	add_wait_queue(&st_wq, &wait);
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (st_flag)
			break;
		if (signal_pending(current)) {
			ret = -ERESTARTSYS;
			break;
		}
		schedule();
	}
	__set_current_state(TASK_RUNNING);
	remove_wait_queue(&st_wq, &wait);
	return ret;
}

static long st_prepare_finish(void)
{
	DEFINE_WAIT(wait);
	long timeout = HZ;

	for (;;) {
		prepare_to_wait(&st_wq, &wait, TASK_UNINTERRUPTIBLE);
		if (st_flag || !timeout)
			break;
		if (fatal_signal_pending(current))
			break;
		timeout = schedule_timeout(timeout);
	}
	finish_wait(&st_wq, &wait);
	return timeout;
}

static void st_other_entries(void)
{
	struct wait_queue_entry e1;
	wait_queue_entry_t e2;
	DEFINE_WAIT_FUNC(woken, woken_wake_function);
	long t;

	init_waitqueue_entry(&e1, current);
	init_wait(&e2);
	add_wait_queue_exclusive(&st_wq, &e1);
	remove_wait_queue(&st_wq, &e1);
	add_wait_queue_priority(&st_wq, &e2);
	remove_wait_queue(&st_wq, &e2);
	if (prepare_to_wait_exclusive(&st_wq, &e2, TASK_KILLABLE))
		io_schedule();
	finish_wait(&st_wq, &e2);
	t = prepare_to_wait_event(&st_wq, &e2, TASK_INTERRUPTIBLE);
	if (!t)
		schedule();
	finish_wait(&st_wq, &e2);

	add_wait_queue(&st_wq, &woken);
	while (!st_flag)
		wait_woken(&woken, TASK_INTERRUPTIBLE, MAX_SCHEDULE_TIMEOUT);
	remove_wait_queue(&st_wq, &woken);

	spin_lock(&st_wq.lock);
	__add_wait_queue(&st_wq, &e1);
	__remove_wait_queue(&st_wq, &e1);
	__add_wait_queue_exclusive(&st_wq, &e1);
	__remove_wait_queue(&st_wq, &e1);
	__add_wait_queue_entry_tail(&st_wq, &e1);
	__remove_wait_queue(&st_wq, &e1);
	spin_unlock(&st_wq.lock);

	set_special_state(TASK_STOPPED);
	__set_current_state(TASK_RUNNING);
	if (waitqueue_active(&st_wq) || wq_has_sleeper(&st_wq))
		pr_debug("sleepers\n");
	if (signal_pending_state(TASK_INTERRUPTIBLE, current))
		pr_info("signal\n");
	if (task_is_running(current))
		cond_resched();
	yield();
}

/* ---- the sleep_on() family (Linux <= 3.14) ---- */
static long st_sleep_on(void)
{
	long left;

	while (!st_flag)
		interruptible_sleep_on(&st_wq);
	while (!st_flag)
		sleep_on(&st_wq);
	left = sleep_on_timeout(&st_wq, HZ);
	left += interruptible_sleep_on_timeout(&st.wq, HZ / 10);
	{
		/* the 2.2 entry: a task and a link */
		struct wait_queue old_wait = { current, NULL };

		left += old_wait.next == NULL;
	}
	return left;
}

/* ---- delays and scheduler entry points ---- */
static void st_delays(void)
{
	ktime_t kt = ms_to_ktime(10);
	unsigned long end = jiffies + HZ;

	schedule_timeout_interruptible(1);
	schedule_timeout_uninterruptible(1);
	schedule_timeout_killable(1);
	schedule_timeout_idle(1);
	io_schedule_timeout(1);
	schedule_hrtimeout(&kt, HRTIMER_MODE_REL);
	schedule_hrtimeout_range(&kt, 1000, HRTIMER_MODE_REL);
	msleep(10);
	if (msleep_interruptible(10))
		pr_warn("interrupted\n");
	udelay(5);
	mdelay(1);
	ndelay(100);
	usleep_range(100, 200);
	ssleep(1);
	freezable_schedule();
	freezable_schedule_timeout(HZ);
	if (time_after(jiffies, end) || time_before_eq(jiffies, end))
		pr_info("%u ms\n", jiffies_to_msecs(end));
	if (try_to_freeze())
		pr_info("thawed\n");
}

/* ---- wake-ups ---- */
static void st_wakers(void)
{
	wake_up(&st_wq);
	wake_up_interruptible(&st_wq);
	wake_up_all(&st_wq);
	wake_up_interruptible_all(&st_wq);
	wake_up_nr(&st_wq, 2);
	wake_up_interruptible_nr(&st_wq, 2);
	wake_up_poll(&st_wq, EPOLLIN | EPOLLRDNORM);
	wake_up_interruptible_poll(&st_wq, EPOLLOUT);
	wake_up_interruptible_sync(&st_wq);
	spin_lock(&st_wq.lock);
	wake_up_locked(&st_wq);
	wake_up_locked_poll(&st_wq, EPOLLIN);
	spin_unlock(&st_wq.lock);
	wake_up_process(st.thread);
	complete(&st.done);
	complete_all(&st_completion);
}

/* ---- a small character driver around it all ---- */
static irqreturn_t st_irq(int irq, void *dev_id)
{
	struct st_dev *sd = dev_id;
	u32 status = readl(sd->regs + 4);

	if (!status)
		return IRQ_NONE;
	writel(status, sd->regs + 4);
	iowrite32(ioread32(sd->regs) | BIT(3), sd->regs);
	set_bit(0, &sd->flags);
	atomic_inc(&sd->count);
	WRITE_ONCE(sd->ready, 1);
	wake_up_interruptible(&sd->wq);
	kill_fasync(&sd->fasync, SIGIO, POLL_IN);
	return IRQ_HANDLED;
}

static void st_timer_fn(struct timer_list *t)
{
	struct st_dev *sd = from_timer(sd, t, timer);

	mod_timer(&sd->timer, jiffies + msecs_to_jiffies(500));
	schedule_work(&sd->work);
}

static void st_work_fn(struct work_struct *work)
{
	struct st_dev *sd = container_of(work, struct st_dev, work);
	struct delayed_work *dw = to_delayed_work(work);

	(void)dw;
	complete(&sd->done);
}

static int st_thread(void *data)
{
	struct st_dev *sd = data;

	set_freezable();
	while (!kthread_should_stop()) {
		if (wait_event_interruptible(sd->wq, sd->ready || kthread_should_stop()))
			continue;
		sd->ready = 0;
	}
	return 0;
}

static ssize_t st_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	struct st_dev *sd = file->private_data;
	struct st_item *item, *tmp;
	int value = 0;

	if (file->f_flags & O_NONBLOCK && !sd->ready)
		return -EAGAIN;
	if (wait_event_interruptible(sd->wq, READ_ONCE(sd->ready)))
		return -ERESTARTSYS;
	if (mutex_lock_interruptible(&sd->mtx))
		return -EINTR;
	list_for_each_entry_safe(item, tmp, &sd->items, node) {
		value += item->value;
		list_del(&item->node);
		kfree(item);
	}
	mutex_unlock(&sd->mtx);
	count = min(count, sizeof(value));
	if (copy_to_user(buf, &value, count))
		return -EFAULT;
	return count;
}

static ssize_t st_write(struct file *file, const char __user *buf, size_t count, loff_t *ppos)
{
	struct st_dev *sd = file->private_data;
	struct st_item *item;
	char kbuf[16];

	if (count >= sizeof(kbuf))
		return -EINVAL;
	if (copy_from_user(kbuf, buf, count))
		return -EFAULT;
	kbuf[count] = '\0';
	item = kzalloc(sizeof(*item), GFP_KERNEL);
	if (!item)
		return -ENOMEM;
	if (kstrtoint(kbuf, 0, &item->value)) {
		kfree(item);
		return -EINVAL;
	}
	mutex_lock(&sd->mtx);
	list_add_tail(&item->node, &sd->items);
	mutex_unlock(&sd->mtx);
	return count;
}

static __poll_t st_poll(struct file *file, poll_table *wait)
{
	struct st_dev *sd = file->private_data;
	__poll_t mask = 0;

	poll_wait(file, &sd->wq, wait);
	if (sd->ready)
		mask |= EPOLLIN | EPOLLRDNORM;
	return mask;
}

static long st_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct st_dev *sd = file->private_data;
	int __user *uarg = (int __user *)arg;
	int v;

	switch (cmd) {
	case ST_IOC_RESET:
		if (get_user(v, uarg))
			return -EFAULT;
		sd->ready = v;
		return 0;
	case ST_IOC_GET:
		return put_user(sd->ready, uarg);
	default:
		return -ENOTTY;
	}
}

static int st_open(struct inode *inode, struct file *file)
{
	file->private_data = &st;
	pr_info("open minor %u\n", iminor(inode));
	return nonseekable_open(inode, file);
}

static int st_release(struct inode *inode, struct file *file)
{
	return 0;
}

static int st_fasync(int fd, struct file *file, int on)
{
	struct st_dev *sd = file->private_data;

	return fasync_helper(fd, file, on, &sd->fasync);
}

static const struct file_operations st_fops = {
	.owner = THIS_MODULE,
	.open = st_open,
	.release = st_release,
	.read = st_read,
	.write = st_write,
	.poll = st_poll,
	.unlocked_ioctl = st_ioctl,
	.fasync = st_fasync,
	.llseek = no_llseek,
};

static int st_probe(struct platform_device *pdev)
{
	struct st_dev *sd = &st;
	u32 val;
	int ret;

	sd->regs = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(sd->regs))
		return PTR_ERR(sd->regs);
	sd->irq = platform_get_irq(pdev, 0);
	if (sd->irq < 0)
		return sd->irq;
	if (of_property_read_u32(pdev->dev.of_node, "wqport,value", &val))
		val = 0;
	init_waitqueue_head(&sd->wq);
	spin_lock_init(&sd->lock);
	mutex_init(&sd->mtx);
	sema_init(&sd->sem, 1);
	INIT_LIST_HEAD(&sd->items);
	init_completion(&sd->done);
	timer_setup(&sd->timer, st_timer_fn, 0);
	INIT_WORK(&sd->work, st_work_fn);
	INIT_DELAYED_WORK(&sd->dwork, st_work_fn);
	atomic_set(&sd->count, 0);
	ret = devm_request_irq(&pdev->dev, sd->irq, st_irq, IRQF_SHARED, "st", sd);
	if (ret)
		return dev_err_probe(&pdev->dev, ret, "irq %d\n", sd->irq);
	sd->thread = kthread_run(st_thread, sd, "st-%d", pdev->id);
	if (IS_ERR(sd->thread))
		return PTR_ERR(sd->thread);
	sd->misc.minor = MISC_DYNAMIC_MINOR;
	sd->misc.name = "wqport-selftest";
	sd->misc.fops = &st_fops;
	sd->misc.parent = &pdev->dev;
	platform_set_drvdata(pdev, sd);
	dev_info(&pdev->dev, "probed, value %u\n", val);
	return misc_register(&sd->misc);
}

static int st_remove(struct platform_device *pdev)
{
	struct st_dev *sd = platform_get_drvdata(pdev);
	long left;

	misc_deregister(&sd->misc);
	kthread_stop(sd->thread);
	del_timer_sync(&sd->timer);
	cancel_work_sync(&sd->work);
	cancel_delayed_work_sync(&sd->dwork);
	left = wait_for_completion_timeout(&sd->done, HZ);
	if (!left)
		dev_warn(&pdev->dev, "timed out\n");
	if (wait_for_completion_interruptible(&sd->done))
		dev_dbg(&pdev->dev, "interrupted\n");
	if (down_interruptible(&sd->sem))
		return -EINTR;
	up(&sd->sem);
	return 0;
}

static const struct of_device_id st_of_match[] = {
	{ .compatible = "wqport,selftest" },
	{ }
};
MODULE_DEVICE_TABLE(of, st_of_match);

static struct platform_driver st_driver = {
	.probe = st_probe,
	.remove = st_remove,
	.driver = {
		.name = "wqport-selftest",
		.of_match_table = of_match_ptr(st_of_match),
	},
};

static int st_pci_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	int ret = pci_enable_device(pdev);

	if (ret)
		return ret;
	pci_set_master(pdev);
	pci_set_drvdata(pdev, NULL);
	return request_irq(pdev->irq, st_irq, IRQF_SHARED, KBUILD_MODNAME, &st);
}

static void st_pci_remove(struct pci_dev *pdev)
{
	free_irq(pdev->irq, &st);
	pci_disable_device(pdev);
}

static const struct pci_device_id st_pci_ids[] = {
	{ PCI_DEVICE(0x1234, 0x5678) },
	{ 0, }
};
MODULE_DEVICE_TABLE(pci, st_pci_ids);

static struct pci_driver st_pci_driver = {
	.name = "wqport-selftest",
	.id_table = st_pci_ids,
	.probe = st_pci_probe,
	.remove = st_pci_remove,
};

int st_exported(void)
{
	return ERR_PTR(-ENODEV) == NULL;
}
EXPORT_SYMBOL_GPL(st_exported);

static int __init st_init(void)
{
	long r = st_wait_event_forms() + st_prepare_finish() + st_sleep_on();
	int ret;

	r += st_open_coded();
	st_other_entries();
	st_delays();
	st_wakers();
	pr_info("init %ld %d\n", r, LINUX_VERSION_CODE >= KERNEL_VERSION(6, 1, 0));
	ret = platform_driver_register(&st_driver);
	if (ret)
		return ret;
	ret = pci_register_driver(&st_pci_driver);
	if (ret)
		platform_driver_unregister(&st_driver);
	return ret;
}

static void __exit st_exit(void)
{
	pci_unregister_driver(&st_pci_driver);
	platform_driver_unregister(&st_driver);
}

module_init(st_init);
module_exit(st_exit);

MODULE_LICENSE("GPL");
MODULE_AUTHOR("wqport");
MODULE_DESCRIPTION("wqport shim self-test");

// SPDX-License-Identifier: GPL-2.0-only
/*
 * nfx_flash.c -- Nofra NX-2 NOR flash command set, block erase.
 *
 * wqport fixture: one on-stack wait entry queued at two places of one
 * function.  The first add sits in the state switch that a `goto retry`
 * repeats; the second is in the erase-wait for (;;) loop, queued on each
 * pass, and a `goto retry` after that loop (the erase failed, try again)
 * runs the whole function again.  The planner converts the function's
 * entry in place through the first add, which rewrites the second add's
 * line too: that site's words must say so (it is not "left as it was"),
 * and its own refusal names the for loop that holds its sleep, not a
 * goto loop that does not exist.  The sector erase hands its entry to a
 * tracer, so no in-place form takes it: its refusal says what the goto
 * does around the for loop that holds the sleep.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/mutex.h>
#include <linux/jiffies.h>
#include <linux/delay.h>
#include <linux/errno.h>
#include <linux/io.h>
#include <linux/printk.h>

enum nfx_state { NFX_READY, NFX_STATUS, NFX_ERASING, NFX_SUSPENDED };

struct nfx_chip {
	struct mutex		lock;
	wait_queue_head_t	wq;
	enum nfx_state		state;
	void __iomem		*base;
};

#define NFX_CMD		0x00
#define NFX_STAT	0x04
#define NFX_ST_READY	0x80
#define NFX_ST_EFAIL	0x20

static u32 nfx_status(struct nfx_chip *chip)
{
	return readl(chip->base + NFX_STAT);
}

static int nfx_erase_block(struct nfx_chip *chip, unsigned long adr)
{
	DECLARE_WAITQUEUE(wait, current);
	unsigned long timeo = jiffies + HZ;
	int retries = 3;
	u32 st;

retry:
	mutex_lock(&chip->lock);
	switch (chip->state) {
	case NFX_READY:
	case NFX_STATUS:
		if (nfx_status(chip) & NFX_ST_READY)
			break;
		if (time_after(jiffies, timeo)) {
			mutex_unlock(&chip->lock);
			return -EIO;
		}
		mutex_unlock(&chip->lock);
		udelay(1);
		goto retry;
	default:
		/* someone else owns the chip: wait for it to change state */
		set_current_state(TASK_UNINTERRUPTIBLE);
		add_wait_queue(&chip->wq, &wait);	/* expect: WQ002 fix=converted */
		mutex_unlock(&chip->lock);
		schedule();
		remove_wait_queue(&chip->wq, &wait);
		timeo = jiffies + HZ;
		goto retry;
	}

	writel(0x20, chip->base + NFX_CMD);
	chip->state = NFX_ERASING;
	mutex_unlock(&chip->lock);
	msleep(500);
	mutex_lock(&chip->lock);

	timeo = jiffies + 10 * HZ;
	for (;;) {
		if (chip->state != NFX_ERASING) {
			/* the erase was suspended: sleep until it resumes */
			set_current_state(TASK_UNINTERRUPTIBLE);
			add_wait_queue(&chip->wq, &wait);	/* expect: WQ002 fix=converted */
			mutex_unlock(&chip->lock);
			schedule();
			remove_wait_queue(&chip->wq, &wait);
			timeo = jiffies + 10 * HZ;
			mutex_lock(&chip->lock);
			continue;
		}
		st = nfx_status(chip);
		if (st & NFX_ST_READY)
			break;
		if (time_after(jiffies, timeo)) {
			chip->state = NFX_STATUS;
			mutex_unlock(&chip->lock);
			return -EIO;
		}
		mutex_unlock(&chip->lock);
		udelay(1);
		mutex_lock(&chip->lock);
	}

	chip->state = NFX_STATUS;
	if ((st & NFX_ST_EFAIL) && retries--) {
		mutex_unlock(&chip->lock);
		goto retry;
	}
	wake_up(&chip->wq);
	mutex_unlock(&chip->lock);
	return (st & NFX_ST_EFAIL) ? -EIO : 0;
}

/* the sector erase: the same wait, its entry handed to the tracer */
static void nfx_trace_wait(struct nfx_chip *chip, wait_queue_entry_t *w);

static int nfx_erase_sector(struct nfx_chip *chip, unsigned long adr)
{
	DECLARE_WAITQUEUE(wait, current);
	int retries = 2;
	u32 st;

retry:
	mutex_lock(&chip->lock);
	writel(0x30, chip->base + NFX_CMD);
	chip->state = NFX_ERASING;
	for (;;) {
		if (chip->state != NFX_ERASING) {
			set_current_state(TASK_UNINTERRUPTIBLE);
			add_wait_queue(&chip->wq, &wait);	/* expect: WQ002 fix=refused:goto-loop */
			nfx_trace_wait(chip, &wait);
			mutex_unlock(&chip->lock);
			schedule();
			remove_wait_queue(&chip->wq, &wait);
			mutex_lock(&chip->lock);
			continue;
		}
		st = nfx_status(chip);
		if (st & NFX_ST_READY)
			break;
		mutex_unlock(&chip->lock);
		udelay(1);
		mutex_lock(&chip->lock);
	}
	chip->state = NFX_STATUS;
	mutex_unlock(&chip->lock);
	if ((st & NFX_ST_EFAIL) && retries--)
		goto retry;
	return (st & NFX_ST_EFAIL) ? -EIO : 0;
}

static void nfx_trace_wait(struct nfx_chip *chip, wait_queue_entry_t *w)
{
	pr_debug("nfx: %p waits on %p\n", w, &chip->wq);
}

/* the erase resumes: the sleepers of the erase-wait loops go on */
void nfx_resume(struct nfx_chip *chip)
{
	mutex_lock(&chip->lock);
	chip->state = NFX_ERASING;
	wake_up(&chip->wq);
	mutex_unlock(&chip->lock);
}
EXPORT_SYMBOL_GPL(nfx_resume);

/* another user of the chip: suspends nothing, hands the chip back */
static void nfx_release(struct nfx_chip *chip)
{
	mutex_lock(&chip->lock);
	chip->state = NFX_READY;
	wake_up(&chip->wq);
	mutex_unlock(&chip->lock);
}

int nfx_erase(struct nfx_chip *chip, unsigned long adr, bool sector)
{
	int ret = sector ? nfx_erase_sector(chip, adr) :
			   nfx_erase_block(chip, adr);

	nfx_release(chip);
	return ret;
}
EXPORT_SYMBOL_GPL(nfx_erase);

MODULE_LICENSE("GPL");

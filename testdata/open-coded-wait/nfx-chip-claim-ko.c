// SPDX-License-Identifier: GPL-2.0-only
/*
 * nfx_erase.c -- erase and suspend of the NFX NOR flash.  Every
 * operation takes the chip's mutex and claims the chip with
 * nfx_claim(), which is called holding that mutex and, while another
 * operation owns the chip, drops it around its sleep and takes it again;
 * nfx_release() hands the chip back and wakes the claimants, always
 * under the mutex.
 *
 * wqport fixture: the sleeper, nfx_claim(), takes the mutex nowhere
 * before it drops it: it is entered holding it, and each of its calls
 * in the file is read to be made holding it (nfx_erase() takes it,
 * nfx_suspend() too; nfx_resume() is entered holding it and drops it
 * after the call).  The waker holds the same mutex, so the test of the
 * state and the wake-up exclude each other: no lost wake-up, and the
 * model's words name the entry lock they rest on, instead of "a lost
 * wake-up unless ... (the callers' locks are not read)".
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/mutex.h>
#include <linux/io.h>

enum nfx_state { NFX_READY, NFX_ERASING, NFX_SUSPENDED };

struct nfx_chip {
	struct mutex mutex;
	wait_queue_head_t wq;
	enum nfx_state state;
	void __iomem *base;
};

static int nfx_claim(struct nfx_chip *chip, enum nfx_state mode)
{
	DECLARE_WAITQUEUE(wait, current);

	while (chip->state != NFX_READY) {
		set_current_state(TASK_UNINTERRUPTIBLE);
		add_wait_queue(&chip->wq, &wait);	/* expect: WQ002 fix=converted */
		mutex_unlock(&chip->mutex);
		schedule();
		remove_wait_queue(&chip->wq, &wait);
		mutex_lock(&chip->mutex);
	}
	chip->state = mode;
	return 0;
}

static void nfx_release(struct nfx_chip *chip)
{
	chip->state = NFX_READY;
	wake_up(&chip->wq);
}

int nfx_erase(struct nfx_chip *chip, unsigned long ofs)
{
	int ret;

	mutex_lock(&chip->mutex);
	ret = nfx_claim(chip, NFX_ERASING);
	if (ret)
		goto out;
	writew(0x20, chip->base + ofs);
	writew(0xd0, chip->base + ofs);
	nfx_release(chip);
out:
	mutex_unlock(&chip->mutex);
	return ret;
}
EXPORT_SYMBOL(nfx_erase);

int nfx_suspend(struct nfx_chip *chip)
{
	mutex_lock(&chip->mutex);
	return nfx_claim(chip, NFX_SUSPENDED);
}
EXPORT_SYMBOL(nfx_suspend);

void nfx_resume(struct nfx_chip *chip)
{
	nfx_release(chip);
	mutex_unlock(&chip->mutex);
}
EXPORT_SYMBOL(nfx_resume);

MODULE_LICENSE("GPL");

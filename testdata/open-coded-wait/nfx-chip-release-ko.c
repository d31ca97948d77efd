// SPDX-License-Identifier: GPL-2.0-only
/*
 * nfx_flash.c -- command set of the NFX parallel NOR flash, in the
 * style of the CFI chip drivers: each operation takes the chip's mutex,
 * claims the chip with nfx_get_chip(), works, and hands it back with
 * nfx_put_chip(), which wakes whoever waits for the chip to be ready.
 * A program is split in a start and a done helper: the start takes the
 * mutex, the done helper releases it after putting the chip back.
 *
 * wqport fixture: the only wake-up is in nfx_put_chip(), a static helper
 * every caller calls holding chip->mutex: nfx_lock_sector() holds it
 * (its error exit, `if (ret) goto out;`, is one branch's), and
 * nfx_program_done() is entered holding it (it drops it after the call
 * and takes it nowhere before).  The sleeper tests the state under the
 * same mutex with its state set before dropping it, so no wake-up is
 * lost, and the site's words must say so, not "as in the original: a
 * lost wake-up by wake_up(&chip->wq) in nfx_put_chip()".
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/mutex.h>
#include <linux/io.h>

enum nfx_state { NFX_READY, NFX_PROGRAM, NFX_LOCKING, NFX_ERASING };

struct nfx_chip {
	struct mutex mutex;
	wait_queue_head_t wq;
	enum nfx_state state;
	void __iomem *base;
};

static int nfx_get_chip(struct nfx_chip *chip, enum nfx_state mode)
{
	if (chip->state != NFX_READY)
		return -EBUSY;
	chip->state = mode;
	return 0;
}

static void nfx_put_chip(struct nfx_chip *chip)
{
	chip->state = NFX_READY;
	wake_up(&chip->wq);
}

static int nfx_lock_sector(struct nfx_chip *chip, unsigned long ofs)
{
	int ret;

	mutex_lock(&chip->mutex);
	ret = nfx_get_chip(chip, NFX_LOCKING);
	if (ret)
		goto out;
	writew(0x60, chip->base + ofs);
	writew(0x01, chip->base + ofs);
	nfx_put_chip(chip);
	ret = 0;
out:
	mutex_unlock(&chip->mutex);
	return ret;
}

static int nfx_program_start(struct nfx_chip *chip, unsigned long ofs)
{
	int ret;

	mutex_lock(&chip->mutex);
	ret = nfx_get_chip(chip, NFX_PROGRAM);
	if (ret) {
		mutex_unlock(&chip->mutex);
		return ret;
	}
	writew(0x40, chip->base + ofs);
	return 0;
}

static void nfx_program_done(struct nfx_chip *chip)
{
	nfx_put_chip(chip);
	mutex_unlock(&chip->mutex);
}

int nfx_program_word(struct nfx_chip *chip, unsigned long ofs, u16 val)
{
	int ret = nfx_program_start(chip, ofs);

	if (ret)
		return ret;
	writew(val, chip->base + ofs);
	nfx_program_done(chip);
	return 0;
}
EXPORT_SYMBOL(nfx_program_word);

int nfx_read_otp(struct nfx_chip *chip, unsigned long ofs, u16 *val)
{
	DECLARE_WAITQUEUE(wait, current);

retry:
	mutex_lock(&chip->mutex);
	if (chip->state != NFX_READY) {
		set_current_state(TASK_UNINTERRUPTIBLE);
		add_wait_queue(&chip->wq, &wait);	/* expect: WQ002 fix=converted */
		mutex_unlock(&chip->mutex);
		schedule();
		remove_wait_queue(&chip->wq, &wait);
		goto retry;
	}
	*val = readw(chip->base + ofs);
	mutex_unlock(&chip->mutex);
	return 0;
}
EXPORT_SYMBOL(nfx_read_otp);

int nfx_lock(struct nfx_chip *chip, unsigned long ofs)
{
	return nfx_lock_sector(chip, ofs);
}
EXPORT_SYMBOL(nfx_lock);

MODULE_LICENSE("GPL");

// SPDX-License-Identifier: GPL-2.0-only
/*
 * exx: the ring of an invented file-system mirror log, 2.2 style.  A
 * writer waits for room while the reader has the log open; it leaves
 * when the last reader closes, and the close wakes it through the ring's
 * wake helper after dropping the count.  The conversion makes the room
 * test again after prepare_to_wait(); the count is tested before the
 * state is set and not again, so the close's wake-up can still be lost
 * there: the words must not say the race is closed.
 */
#include <linux/fs.h>
#include <linux/sched.h>
#include <linux/wait.h>

static int exx_open_count;
static int exx_read_pos, exx_write_pos;
static DECLARE_WAIT_QUEUE_HEAD(exx_write_wait);

static void exx_room_made(void)
{
	wake_up_interruptible(&exx_write_wait);
}

static int exx_reserve(int len)
{
	while (exx_read_pos > exx_write_pos &&
	       exx_read_pos <= exx_write_pos + len) {
		if (!exx_open_count)
			return 0;
		interruptible_sleep_on(&exx_write_wait);	/* expect: WQ001 fix=keeprace */
	}
	return 1;
}

int exx_write(int len)
{
	if (!exx_reserve(len))
		return -EPIPE;
	exx_write_pos += len;
	return len;
}

int exx_read(int len)
{
	exx_read_pos += len;
	exx_room_made();
	return len;
}

int exx_open(struct inode *inode, struct file *file)
{
	exx_open_count++;
	return 0;
}

int exx_release(struct inode *inode, struct file *file)
{
	exx_open_count--;
	exx_room_made();
	return 0;
}

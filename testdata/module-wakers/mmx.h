/* SPDX-License-Identifier: GPL-2.0-only */
#include <linux/wait.h>
#include <linux/spinlock.h>

struct mmx_dev {
	spinlock_t lock;
	wait_queue_head_t vbi_wq;
	int vbi_done;
};

void mmx_start_vbi(struct mmx_dev *dev);

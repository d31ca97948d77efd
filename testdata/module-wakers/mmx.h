/* SPDX-License-Identifier: GPL-2.0-only */
#include <linux/wait.h>
#include <linux/spinlock.h>

#define MMX_IRQ_CMD	0x02

struct mmx_dev {
	spinlock_t lock;
	wait_queue_head_t vbi_wq;
	int vbi_done;
	wait_queue_head_t cmd_wq;
	int cmd_done;
};

u32 mmx_status(struct mmx_dev *dev);
void mmx_start_vbi(struct mmx_dev *dev);
void mmx_write_cmd(struct mmx_dev *dev, u32 cmd);
void mmx_i2c_start(struct mmx_dev *dev, u8 addr, u8 reg);

// SPDX-License-Identifier: GPL-2.0-only
/*
 * pcx_port.c -- a parallel-port link to an invented home computer,
 * written for 2.2: its two queues are 2.2's `struct wait_queue *`,
 * and the interrupt wakes one only when someone sleeps on it, which
 * the driver tests by comparing the queue pointer with NULL.  It
 * includes linux/wrapper.h, a 2.2 header later kernels do not have.
 * The one-shot sleeps become prepare_to_wait() forms and the queues
 * are ported to DECLARE_WAIT_QUEUE_HEAD(); a `!= NULL` test of a ported
 * queue (someone sleeps on it) becomes waitqueue_active(), which keeps
 * the result compiling.
 * wqport-fix-test: no-kbuild (struct wait_queue and linux/wrapper.h are 2.2's)
 * wqport-fix-test: no-compile (linux/wrapper.h is 2.2's)
 * wqport-test: shim-only (linux/wrapper.h is 2.2's)
 */
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/wrapper.h>
#include <asm/io.h>

#define PCX_BASE	0x378

static struct wait_queue *pcx_rd_wait = NULL;
static struct wait_queue *pcx_wr_wait = NULL;
static unsigned char pcx_byte;

static void pcx_irq(int irq, void *dev_id, struct pt_regs *regs)
{
	pcx_byte = inb(PCX_BASE + 1);
	if (pcx_rd_wait != NULL)
		wake_up_interruptible(&pcx_rd_wait);
	if (pcx_wr_wait != NULL)
		wake_up_interruptible(&pcx_wr_wait);
}

static int pcx_read(struct file *file, char *buf, int count)
{
	interruptible_sleep_on(&pcx_rd_wait);	/* expect: WQ001 fix=keeprace */
	buf[0] = pcx_byte;
	return 1;
}

static int pcx_write(struct file *file, const char *buf, int count)
{
	outb(buf[0], PCX_BASE);
	interruptible_sleep_on(&pcx_wr_wait);	/* expect: WQ001 fix=keeprace */
	return 1;
}

int pcx_open(void)
{
	return request_irq(7, pcx_irq, 0, "pcx", NULL);
}

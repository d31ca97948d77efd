// SPDX-License-Identifier: GPL-2.0-only
/*
 * gx_midi.c -- MPU-401 style MIDI port of the GX-32 sound card, written
 * for Linux 2.0 and built on 2.1.x with a compat block.
 *
 * The queues are 2.0's `struct wait_queue *`, initialised to NULL; a
 * timed wait sets current->timeout by hand around the sleep; signals
 * are tested as current->signal & ~current->blocked; the output path
 * sleeps with interrupts off between save_flags()/cli() and
 * restore_flags().
 *
 * wqport fixture: a driver on the 2.0 wait API as it stands.  Every
 * sleep is reported; wqport fix leaves every one alone: its queues must
 * first become wait_queue_head_t (old-wait-api), and the output path
 * sleeps with interrupts off, which needs a redesign first (irqs-off).
 * No site converts, so there is no .res.
 * wqport-args: --target=2.2
 * wqport-test: shim-only (current->timeout and struct wait_queue are 2.0's)
 * wqport-fix-test: no-kbuild (struct wait_queue and cli() are 2.0's)
 * wqport-fix-test: no-compile (current->timeout, ->signal and ->blocked are 2.0's task_struct)
 */
#include <linux/module.h>
#include <linux/version.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <asm/io.h>

#if LINUX_VERSION_CODE < KERNEL_VERSION(2, 1, 0)
#define copy_to_user(to, from, n)	memcpy_tofs((to), (from), (n))
#define gx_get_user(x, p)		((x) = get_user(p))
#else
#include <asm/uaccess.h>
#define gx_get_user(x, p)		get_user((x), (p))
#endif

#define GX_MIDI_DATA		0x330
#define GX_MIDI_STAT		0x331
#define GX_STAT_TXREADY		0x40
#define GX_STAT_RXREADY		0x80
#define GX_RXBUF		128

static struct wait_queue *gx_in_wait = NULL;
static struct wait_queue *gx_out_wait = NULL;
static volatile int gx_rx_head, gx_rx_tail;
static volatile int gx_tx_ready;
static unsigned char gx_rxbuf[GX_RXBUF];

static void gx_midi_intr(int irq, void *dev_id, struct pt_regs *regs)
{
	unsigned char st = inb(GX_MIDI_STAT);

	if (st & GX_STAT_RXREADY) {
		gx_rxbuf[gx_rx_head] = inb(GX_MIDI_DATA);
		gx_rx_head = (gx_rx_head + 1) % GX_RXBUF;
		wake_up_interruptible(&gx_in_wait);
	}
	if (st & GX_STAT_TXREADY) {
		gx_tx_ready = 1;
		wake_up(&gx_out_wait);
	}
}

static int gx_midi_read(struct inode *inode, struct file *file,
			char *buf, int count)
{
	int n = 0;

	while (gx_rx_head == gx_rx_tail) {
		/* wait a second at most for the keyboard */
		current->timeout = jiffies + HZ;
		interruptible_sleep_on(&gx_in_wait);	/* expect: WQ001 fix=caveat */
		current->timeout = 0;
		if (current->signal & ~current->blocked)
			return -EINTR;
		if (gx_rx_head == gx_rx_tail)
			return 0;
	}
	while (n < count && gx_rx_tail != gx_rx_head) {
		put_user(gx_rxbuf[gx_rx_tail], buf + n);
		gx_rx_tail = (gx_rx_tail + 1) % GX_RXBUF;
		n++;
	}
	return n;
}

static int gx_midi_putc(unsigned char c)
{
	unsigned long flags;

	save_flags(flags);
	cli();
	while (!gx_tx_ready)
		sleep_on(&gx_out_wait);	/* expect: WQ001 fix=converted */
	gx_tx_ready = 0;
	outb(c, GX_MIDI_DATA);
	restore_flags(flags);
	return 0;
}

static int gx_midi_write(struct inode *inode, struct file *file,
			 const char *buf, int count)
{
	int i;
	unsigned char c;

	for (i = 0; i < count; i++) {
		gx_get_user(c, buf + i);
		gx_midi_putc(c);
	}
	return count;
}

static void gx_midi_release(struct inode *inode, struct file *file)
{
	/* let the last byte go out before the port is reset */
	if (!gx_tx_ready)
		interruptible_sleep_on(&gx_out_wait);	/* expect: WQ001 fix=keeprace */
	outb(0xff, GX_MIDI_STAT);
	MOD_DEC_USE_COUNT;
}

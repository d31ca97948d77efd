// SPDX-License-Identifier: GPL-2.0-only
/*
 * cmx: the pen thread of an invented handheld's touchscreen.  The
 * pen-up flag is a global the interrupt handler writes too; the thread
 * sets it after a `//` comment at the end of the line before.  That
 * comment's last word is no type: the flag must not be read as a local
 * declared there.
 */
#include <linux/sched.h>
#include <linux/wait.h>

static DECLARE_WAIT_QUEUE_HEAD(cmx_proc);
static int cmx_pen_up = 1;

int cmx_read_pen(int *x, int *y);
void cmx_report(int x, int y);

void cmx_pen_irq(void)
{
	cmx_pen_up = 0;
	wake_up(&cmx_proc);
}

int cmx_pen_thread(void *unused)
{
	int x, y, down;

	for (;;) {
		down = cmx_read_pen(&x, &y);
		if (down >= 0) {
			if (!down)	// pen lifted
				cmx_pen_up = 1;
			cmx_report(x, y);
		}
		if (cmx_pen_up)
			interruptible_sleep_on(&cmx_proc);	/* expect: WQ001 fix=keeprace */
	}
	return 0;
}

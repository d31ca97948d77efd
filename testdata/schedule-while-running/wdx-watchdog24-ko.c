// SPDX-License-Identifier: GPL-2.0-only
/*
 * wdx_wdt.c -- WDX-2 watchdog timer card, a 2.4 misc driver with a
 * kernel thread that pings the card while nobody has /dev/watchdog open.
 *
 * The thread is started with kernel_thread(), daemonizes, blocks all
 * signals and sleeps on a queue between pings; module unload sets a flag
 * and wakes it.  Unload then waits for the thread to be gone by calling
 * schedule_timeout() in a loop without setting a task state, and the
 * card's arming sequence "delays" the same way.
 *
 * wqport fixture: the two schedule_timeout() calls in TASK_RUNNING
 * return at once: one spins in a loop, the other gives the card no
 * settling time; both become schedule_timeout_uninterruptible().  The
 * thread's interruptible_sleep_on_timeout() sleeps before it tests the
 * exit flag: its conversion waits for the flag, a change, so it is
 * applied only with --unsafe.
 * wqport-args: --target=2.4.37
 * wqport-test: shim-only (daemonize, current->blocked and kernel_thread are 2.4's)
 * wqport-fix-test: no-compile (daemonize, current->blocked and kernel_thread are 2.4's)
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <asm/io.h>

#define WDX_PORT		0x443
#define WDX_ARM			0x5a
#define WDX_PING		0xa5

static DECLARE_WAIT_QUEUE_HEAD(wdx_wait);
static int wdx_interval = 10 * HZ;
static volatile int wdx_exit;
static volatile int wdx_running;

static int wdx_thread(void *unused)
{
	daemonize();
	strcpy(current->comm, "kwdxd");
	sigfillset(&current->blocked);
	wdx_running = 1;

	for (;;) {
		interruptible_sleep_on_timeout(&wdx_wait, wdx_interval);	/* expect: WQ001 fix=keeprace */
		if (wdx_exit)
			break;
		outb(WDX_PING, WDX_PORT);
	}
	wdx_running = 0;
	return 0;
}

static void wdx_arm(void)
{
	outb(WDX_ARM, WDX_PORT);
	/* the card wants 50 ms between the two halves */
	schedule_timeout(HZ / 20);	/* expect: WQ004 fix=converted */
	outb(WDX_ARM, WDX_PORT);
}

static int __init wdx_init(void)
{
	wdx_arm();
	return kernel_thread(wdx_thread, NULL, CLONE_FS | CLONE_FILES) < 0 ?
		-EIO : 0;
}

static void __exit wdx_cleanup(void)
{
	wdx_exit = 1;
	wake_up_interruptible(&wdx_wait);
	while (wdx_running)
		schedule_timeout(HZ / 10);	/* expect: WQ004 fix=converted */
	outb(0, WDX_PORT);
}

module_init(wdx_init);
module_exit(wdx_cleanup);

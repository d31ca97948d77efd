// SPDX-License-Identifier: GPL-2.0-only
/*
 * rk_serial.c -- Rokko RK-8 multiport serial card, 2.4-era tty driver.
 *
 * wqport fixture: the wait loops of 2.2/2.4 drivers that are not for or
 * while loops.  A `repeat:` label with `goto repeat` after schedule()
 * (the dominant 2.4 idiom), the same with the state set after the test
 * (racy), a sleep_on() retried with goto, the TIOCMIWAIT loop that
 * tests only after schedule(), and a wait inside a larger transfer loop
 * with switch and goto exits.  wqport fix converts no loop: a goto
 * loop or a loop that sleeps first has no semantic patch; the sleep_on()
 * in the goto loop becomes prepare_to_wait()/schedule()/finish_wait() in
 * place, which keeps its race but builds on 3.15 and later.
 * wqport-args: --target=2.4.37
 * wqport-test: shim-only (linux/config.h is gone since 2.6.19, current->state since 5.14)
 * wqport-fix-test: no-kbuild (linux/config.h is gone since 2.6.19)
 */
#include <linux/config.h>
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <asm/uaccess.h>

#define RK_NR_PORTS	8

struct rk_icount {
	int cts, dsr, rng, dcd;
};

struct rk_port {
	int			flags;
	int			count;
	int			xmit_cnt;
	int			rx_cnt;
	int			rx_err;
	unsigned char		rx_buf[512];
	int			rx_tail;
	struct rk_icount	icount;
	wait_queue_head_t	open_wait;
	wait_queue_head_t	close_wait;
	wait_queue_head_t	delta_msr_wait;
	wait_queue_head_t	rx_wait;
};

#define RK_CLOSING	0x0001
#define RK_CD_ON	0x0002

static struct rk_port rk_ports[RK_NR_PORTS];

/* wait for the line to come up: the 2.4 way */
static int rk_block_til_ready(struct rk_port *port, struct file *filp)
{
	DECLARE_WAITQUEUE(wait, current);
	int retval = 0;

	add_wait_queue(&port->open_wait, &wait);	/* expect: WQ002 fix=converted */
	port->count--;
repeat:
	set_current_state(TASK_INTERRUPTIBLE);
	if (!(port->flags & RK_CD_ON)) {
		if (signal_pending(current)) {
			retval = -ERESTARTSYS;
			goto out;
		}
		schedule();
		goto repeat;
	}
out:
	current->state = TASK_RUNNING;
	remove_wait_queue(&port->open_wait, &wait);
	port->count++;
	return retval;
}

/* the same, with the flag tested before the state is set */
static void rk_wait_closed(struct rk_port *port)
{
	DECLARE_WAITQUEUE(wait, current);

	add_wait_queue(&port->close_wait, &wait);	/* expect: WQ002 fix=converted */
again:
	if (port->flags & RK_CLOSING) {
		current->state = TASK_UNINTERRUPTIBLE;	/* expect: WQ003 fix=refused:goto-loop */
		schedule();
		goto again;
	}
	current->state = TASK_RUNNING;
	remove_wait_queue(&port->close_wait, &wait);
}

/* drain: sleep_on() retried with a goto */
static int rk_wait_until_sent(struct rk_port *port)
{
retry:
	if (port->xmit_cnt) {
		interruptible_sleep_on(&port->close_wait);	/* expect: WQ001 fix=keeprace */
		if (signal_pending(current))
			return -EINTR;
		goto retry;
	}
	return 0;
}

/* TIOCMIWAIT: sleep, then look at what changed */
static int rk_wait_modem_change(struct rk_port *port, unsigned long arg)
{
	DECLARE_WAITQUEUE(wait, current);
	struct rk_icount cprev, cnow;
	int ret;

	cprev = port->icount;
	add_wait_queue(&port->delta_msr_wait, &wait);	/* expect: WQ002 fix=converted */
	for (;;) {
		current->state = TASK_INTERRUPTIBLE;	/* expect: WQ003 fix=refused:sleep-first */
		schedule();
		if (signal_pending(current)) {
			ret = -ERESTARTSYS;
			break;
		}
		cnow = port->icount;
		if (((arg & 1) && cnow.dcd != cprev.dcd) ||
		    ((arg & 2) && cnow.cts != cprev.cts)) {
			ret = 0;
			break;
		}
		cprev = cnow;
	}
	current->state = TASK_RUNNING;
	remove_wait_queue(&port->delta_msr_wait, &wait);
	return ret;
}

/* read: the wait for data sits in the transfer loop */
static ssize_t rk_read(struct file *filp, char *buf, size_t count,
		       loff_t *ppos)
{
	struct rk_port *port = filp->private_data;
	DECLARE_WAITQUEUE(wait, current);
	ssize_t done = 0;
	unsigned char c;

	add_wait_queue(&port->rx_wait, &wait);	/* expect: WQ002 fix=converted */
	while (count > 0) {
		set_current_state(TASK_INTERRUPTIBLE);
		switch (port->rx_cnt) {
		case 0:
			if (done)
				goto out;
			if (filp->f_flags & O_NONBLOCK) {
				done = -EAGAIN;
				goto out;
			}
			if (signal_pending(current)) {
				done = -ERESTARTSYS;
				goto out;
			}
			schedule();
			continue;
		case -1:
			done = -EIO;
			goto out;
		default:
			break;
		}
		c = port->rx_buf[port->rx_tail++ & 511];
		port->rx_cnt--;
		if (put_user(c, buf + done)) {
			done = -EFAULT;
			goto out;
		}
		done++;
		count--;
	}
out:
	current->state = TASK_RUNNING;
	remove_wait_queue(&port->rx_wait, &wait);
	return done;
}

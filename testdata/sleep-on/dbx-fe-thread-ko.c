// SPDX-License-Identifier: GPL-2.0-only
/*
 * dbx_fe.c -- the frontend thread of a DBX set-top box DVB driver, a
 * 2.4 vendor tree: the thread naps for its polling delay on the
 * frontend's queue, which the ioctl file of the driver wakes, then tunes
 * or polls the frontend.  The frontend type comes from the driver's own header,
 * which is not here: the parse does not type 'fe', and the sleep is no
 * node of the syntax tree.
 *
 * wqport fixture: the sleep is a bare statement, its result thrown
 * away; the refusal must not say it "is used in 'for (;;) { ... }'",
 * the loop the parse left around it.
 * wqport-fix-test: no-compile (dbx_fe.h, the driver's own header, is not here)
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include "dbx_fe.h"

static int dbx_fe_thread(void *data)
{
	dbx_fe_t *fe = data;

	for (;;) {
		interruptible_sleep_on_timeout(&fe->wait, fe->delay);	/* expect: WQ001 fix=keeprace */
		if (fe->exit || signal_pending(current))
			break;
		if (fe->tuning == DBX_FE_TUNE)
			dbx_fe_tune(fe);
		else
			dbx_fe_poll(fe);
	}
	fe->thread = NULL;
	return 0;
}

int dbx_fe_start(dbx_fe_t *fe)
{
	return kernel_thread(dbx_fe_thread, fe, 0);
}
EXPORT_SYMBOL(dbx_fe_start);

MODULE_LICENSE("GPL");

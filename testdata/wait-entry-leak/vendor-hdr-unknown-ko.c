// SPDX-License-Identifier: GPL-2.0-only
/*
 * A vendor driver whose private header is not available: struct
 * nvx_priv, the nvx_dev_t typedef and their helpers are unknown to the
 * parser.  clang keeps a call on an incomplete struct as a recovery
 * expression, and drops a statement on an unknown typedef altogether.
 * The wait calls must be seen either way (the dropped ones recovered
 * from the tokens between statements), or a lone driver file checked
 * without its tree loses its findings.
 *
 * wqport-fix-test: no-compile (nvx_private.h is missing on purpose)
 */
#include <linux/module.h>
#include <linux/wait.h>
#include <linux/sched/signal.h>
#include "nvx_private.h"

static int nvx_wait_ready(struct nvx_priv *priv)
{
	DEFINE_WAIT(wait);
	int ret = 0;

	for (;;) {
		prepare_to_wait(&priv->ready_wq, &wait, TASK_INTERRUPTIBLE);
		if (nvx_ready(priv))
			break;
		if (signal_pending(current))
			return -ERESTARTSYS;	/* expect: WQ006 fix=refused:no-patch */
		schedule();
	}
	finish_wait(&priv->ready_wq, &wait);
	return ret;
}

static int nvx_wait_idle(nvx_dev_t *priv)
{
	DECLARE_WAITQUEUE(wait, current);

	add_wait_queue(&priv->idle_wq, &wait);	/* expect: WQ002 fix=converted */
	while (priv->busy) {
		set_current_state(TASK_UNINTERRUPTIBLE);	/* expect: WQ003 fix=converted */
		schedule();
	}
	__set_current_state(TASK_RUNNING);
	remove_wait_queue(&priv->idle_wq, &wait);
	return 0;
}

int nvx_sync(struct nvx_priv *priv)
{
	int ret = nvx_wait_ready(priv);

	return ret ? ret : nvx_wait_idle(priv->dev);
}

/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The model check generated from the file (vmodel.c): the environment
 * it runs a function against, read from the file (vmodel_env.c).
 */
#ifndef WQPORT_FIX_VMODEL_H
#define WQPORT_FIX_VMODEL_H

#include "validate.h"

#define MAXWAKERS 4	/* distinct wakers per queue */

/* A waker: sets the condition, then wakes (under a lock, maybe). */
struct mwaker {
	bool task;		/* wakes the task, not a queue */
	bool intr_only;		/* wakes TASK_INTERRUPTIBLE sleepers only */
	char *lock;		/* last name of the lock held, or NULL */
	char *what;		/* "wake_up(&d->wait) in foo_irq()" */
	bool none;		/* no waker: timeouts only */
	bool opaque;		/* a waker out of the file */
};

struct mwakers {
	struct mwaker w[MAXWAKERS];
	int n;
	bool dropped;		/* more distinct wakers than MAXWAKERS */
	bool module;		/* the module's other files were read */
	char *files;		/* those with a waker: "foo_core.c, foo_irq.c" */
};

/* The last identifier of a queue or lock expression (allocated). */
char *last_name(const char *s);
/*
 * The wakers of queue key (task: the file's wake_up_process()) outside
 * function self, distinct by what the model sees of them.  *named: the
 * key is named in the file other than in the wait API.
 */
void find_wakers(const struct vside *s, const char *key, bool task,
		 const char *self, struct mwakers *ws, bool *named);
/*
 * The wakers of queue key (written qs in self) in the other files of the
 * module of the sleeper's file (fix/prove/module.c), added to ws.
 */
void find_module_wakers(const struct vside *s, const char *key,
			const char *qs, const char *self, struct mwakers *ws);
void wakers_release(struct mwakers *ws);
/*
 * Is the queue of last name key a static head of this file that nothing
 * outside it reaches (vreach.c)?  Else its waker is outside this file.
 */
bool env_queue_sealed(const struct vside *s, const struct vval *vv,
		      const char *key);

#endif /* WQPORT_FIX_VMODEL_H */

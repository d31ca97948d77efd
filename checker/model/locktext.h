/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Lock calls a driver hides behind its own names, read from the file's
 * text (locktext.c): a macro whose body locks or unlocks, a function
 * whose body is one lock or unlock call.  The graph builder reads the
 * macros for unlocks in statements clang dropped; the model check of
 * `wqport fix` reads both at the sleeper and at its wakers.
 */
#ifndef WQPORT_LOCKTEXT_H
#define WQPORT_LOCKTEXT_H

#include <stdbool.h>
#include <stddef.h>

#include "wqport.h"

/*
 * The line `#define name...` of buf: the offset of name in it and in
 * *end the end of its logical line; -1 when there is none.
 */
long macro_define_at(const char *buf, size_t len, const char *name, size_t n,
		     size_t *end);
/* The unlock API a driver macro's body calls, or NULL. */
const struct kapi *macro_body_unlock(const char *buf, size_t len,
				     const char *name);
/*
 * The lock or unlock call (kapi.def: KAPI_LOCK rows, K_UNLOCK rows) a
 * use of name[0..n) makes, by buf's own text: the first one in the body
 * of a `#define name` (`#define LAZY_LOCK(f) spin_lock_irqsave(&jfs_lock,
 * f)`), else the one call that is the whole body of a function name of
 * the file, on a global or a parameter's member (`static void
 * drv_lock(struct drv *d) { mutex_lock(&d->lock); }`).  The call as it
 * runs at the use, each parameter replaced by the use's argument
 * args[k] (allocated: "mutex_lock(&dev->lock)"), or NULL.  *unlock: it
 * drops the lock; *fn: a function's, not a macro's.
 */
char *text_lock_use(const char *buf, size_t len, const char *name, size_t n,
		    char *const *args, int nargs, bool *unlock, bool *fn);

#endif /* WQPORT_LOCKTEXT_H */

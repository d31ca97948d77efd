/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * wqport shim: the big kernel lock, as drivers up to 2.6.38 used it.
 * It was removed in 2.6.39; old drivers still call it around waits,
 * which is safe because schedule() releases it.
 */
#ifndef _WQPORT_SHIM_LINUX_SMP_LOCK_H
#define _WQPORT_SHIM_LINUX_SMP_LOCK_H

extern void lock_kernel(void);
extern void unlock_kernel(void);

#endif

/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * wqport verify: force-included after wqport-shim.h when a fixture is
 * built for the model (gcc -include wqport-shim.h -include wqv-model.h).
 *
 * The shim declares the kernel API; the model (verify/runtime) defines
 * it.  Two things must be live code that the shim leaves as plain
 * stores: set_current_state() and __set_current_state() become calls,
 * so that setting the state is a scheduling point.  Every other call of
 * the wait API is wrapped so that the model knows the call site
 * (file:line) for the trace; the wrapper is a comma expression, so
 * the call keeps its type and value.
 */
#ifndef WQV_MODEL_H
#define WQV_MODEL_H

#include "wqv-machine.h"

void wqv_set_current_state(unsigned int s, const char *file, int line);

#undef __set_current_state
#undef set_current_state
#define __set_current_state(s)	wqv_set_current_state((s), __FILE__, __LINE__)
#define set_current_state(s)	wqv_set_current_state((s), __FILE__, __LINE__)

#define WQV_AT(call)		(wqv_loc(__FILE__, __LINE__), call)

#define schedule()				WQV_AT(schedule())
#define io_schedule()				WQV_AT(io_schedule())
#define schedule_timeout(t)			WQV_AT(schedule_timeout(t))
#define schedule_timeout_interruptible(t)	WQV_AT(schedule_timeout_interruptible(t))
#define schedule_timeout_uninterruptible(t)	WQV_AT(schedule_timeout_uninterruptible(t))
#define schedule_timeout_killable(t)		WQV_AT(schedule_timeout_killable(t))
#define schedule_timeout_idle(t)		WQV_AT(schedule_timeout_idle(t))
#define io_schedule_timeout(t)			WQV_AT(io_schedule_timeout(t))
#define msleep(m)				WQV_AT(msleep(m))
#define msleep_interruptible(m)			WQV_AT(msleep_interruptible(m))
#define usleep_range(a, b)			WQV_AT(usleep_range(a, b))
#define add_wait_queue(q, e)			WQV_AT(add_wait_queue(q, e))
#define add_wait_queue_exclusive(q, e)		WQV_AT(add_wait_queue_exclusive(q, e))
#define remove_wait_queue(q, e)			WQV_AT(remove_wait_queue(q, e))
#define prepare_to_wait(q, e, s)		WQV_AT(prepare_to_wait(q, e, s))
#define prepare_to_wait_exclusive(q, e, s)	WQV_AT(prepare_to_wait_exclusive(q, e, s))
#define prepare_to_wait_event(q, e, s)		WQV_AT(prepare_to_wait_event(q, e, s))
#define finish_wait(q, e)			WQV_AT(finish_wait(q, e))
#define do_wait_intr(q, e)			WQV_AT(do_wait_intr(q, e))
#define do_wait_intr_irq(q, e)			WQV_AT(do_wait_intr_irq(q, e))
#define __wake_up(q, m, n, k)			WQV_AT(__wake_up(q, m, n, k))
#define __wake_up_locked(q, m, n)		WQV_AT(__wake_up_locked(q, m, n))
#define __wake_up_locked_key(q, m, k)		WQV_AT(__wake_up_locked_key(q, m, k))
#define __wake_up_sync(q, m)			WQV_AT(__wake_up_sync(q, m))
#define __wake_up_sync_key(q, m, k)		WQV_AT(__wake_up_sync_key(q, m, k))
#define wake_up_process(p)			WQV_AT(wake_up_process(p))
#define wake_up_state(p, s)			WQV_AT(wake_up_state(p, s))
#define sleep_on(q)				WQV_AT(sleep_on(q))
#define sleep_on_timeout(q, t)			WQV_AT(sleep_on_timeout(q, t))
#define interruptible_sleep_on(q)		WQV_AT(interruptible_sleep_on(q))
#define interruptible_sleep_on_timeout(q, t)	WQV_AT(interruptible_sleep_on_timeout(q, t))
#define spin_lock(l)				WQV_AT(spin_lock(l))
#define spin_unlock(l)				WQV_AT(spin_unlock(l))
#define spin_lock_irq(l)			WQV_AT(spin_lock_irq(l))
#define spin_unlock_irq(l)			WQV_AT(spin_unlock_irq(l))
#define spin_lock_bh(l)				WQV_AT(spin_lock_bh(l))
#define spin_unlock_bh(l)			WQV_AT(spin_unlock_bh(l))
#define spin_unlock_irqrestore(l, f)		WQV_AT(spin_unlock_irqrestore(l, f))
#define _raw_spin_lock_irqsave(l)		WQV_AT(_raw_spin_lock_irqsave(l))
#define mutex_lock(l)				WQV_AT(mutex_lock(l))
#define mutex_unlock(l)				WQV_AT(mutex_unlock(l))
#undef cond_resched
#define cond_resched()				WQV_AT(__cond_resched())

#endif /* WQV_MODEL_H */

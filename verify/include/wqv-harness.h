/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * wqport verify: the macros a fixture harness (testdata/<rule>/<name>.harness)
 * is written with.  See verify/README.md.
 *
 *   WQV_SETUP() { ... }             run once before the tasks, in each schedule
 *   WQV_WAITER(name, cond) { ... }  a task that waits until cond holds
 *   WQV_WAKER(name) { ... }         a task that makes a condition true and wakes
 *   WQV_TASK(name) { ... }          any other task (no condition)
 *   WQV_SIGNAL(name);               also explore a signal sent to task name
 *   WQV_AWAIT(word);                in a task: wait until the u32 word is non-zero
 *   WQV_AWAIT_ZERO(word);           ... until it is zero
 */
#ifndef WQV_HARNESS_H
#define WQV_HARNESS_H

#include "wqv-machine.h"

#define __WQV_REG(kind, name, cond)						\
	static void wqv_body_##name(void);					\
	static __attribute__((constructor)) void wqv_reg_##name(void)		\
	{									\
		wqv_register(kind, #name, wqv_body_##name, cond,		\
			     __FILE__, __LINE__);				\
	}									\
	static void wqv_body_##name(void)

#define WQV_SETUP()		__WQV_REG(WQV_SETUP, __setup, NULL)
#define WQV_TASK(name)		__WQV_REG(WQV_TASK, name, NULL)
#define WQV_WAKER(name)		__WQV_REG(WQV_WAKER, name, NULL)
#define WQV_WAITER(name, cond)							\
	static int wqv_cond_##name(void) { return !!(cond); }			\
	__WQV_REG(WQV_WAITER, name, wqv_cond_##name)
#define WQV_SIGNAL(name)							\
	static __attribute__((constructor)) void wqv_sig_##name(void)		\
	{									\
		wqv_register_signal(#name);					\
	}									\
	struct wqv_dummy_##name

#define WQV_AWAIT(word)		wqv_await((volatile unsigned int *)&(word))
#define WQV_AWAIT_ZERO(word)	wqv_await_zero((volatile unsigned int *)&(word))

#define WQV_AWAIT_ASLEEP(mask)	wqv_await_mask(&wqv_k_asleep, (mask))
#define WQV_CHECK(c)								\
	do {									\
		if (!(c))							\
			wqv_violation("assert", 1, "%s:%d: check failed: %s",	\
				      __FILE__, __LINE__, #c);			\
	} while (0)

/* A user buffer for read()/write() paths. */
static char wqv_ubuf[4096] __attribute__((unused));

#endif /* WQV_HARNESS_H */

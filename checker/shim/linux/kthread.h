/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * wqport shim: <linux/kthread.h>, kernel threads: kthread_run() (a macro, as in the
 * kernel), kthread_stop() and kthread_should_stop().
 *
 * A minimal model of the Linux 6.1 interface.  wqport-shim.h includes
 * this file, so all of it is available whatever a driver includes.
 */
#include <wqport-shim.h>

#ifndef _WQPORT_LINUX_KTHREAD_H
#define _WQPORT_LINUX_KTHREAD_H

#define NUMA_NO_NODE	(-1)
__printf(4, 5) struct task_struct *kthread_create_on_node(int (*threadfn)(void *data), void *data,
							  int node, const char namefmt[], ...);
#define kthread_create(threadfn, data, namefmt, arg...) \
	kthread_create_on_node(threadfn, data, NUMA_NO_NODE, namefmt, ##arg)
#define kthread_run(threadfn, data, namefmt, ...) ({					\
	struct task_struct *__k = kthread_create(threadfn, data, namefmt, ##__VA_ARGS__);	\
	if (!IS_ERR(__k))								\
		wake_up_process(__k);							\
	__k; })
int kthread_stop(struct task_struct *k);
bool kthread_should_stop(void);
bool kthread_should_park(void);
int kthread_park(struct task_struct *k);
void kthread_unpark(struct task_struct *k);
void kthread_parkme(void);
void kthread_bind(struct task_struct *k, unsigned int cpu);

#endif /* _WQPORT_LINUX_KTHREAD_H */

/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * wqport shim: <linux/workqueue.h>, work items and work queues: INIT_WORK(),
 * schedule_work(), alloc_workqueue() and their relatives.
 *
 * A minimal model of the Linux 6.1 interface.  wqport-shim.h includes
 * this file, so all of it is available whatever a driver includes.
 */
#include <wqport-shim.h>

#ifndef _WQPORT_LINUX_WORKQUEUE_H
#define _WQPORT_LINUX_WORKQUEUE_H

struct work_struct;
struct workqueue_struct;
typedef void (*work_func_t)(struct work_struct *work);
struct work_struct { atomic_long_t data; struct list_head entry; work_func_t func; };
struct delayed_work {
	struct work_struct work;
	struct timer_list timer;
	struct workqueue_struct *wq;
	int cpu;
};
#define __WORK_INITIALIZER(n, f) \
	{ .data = ATOMIC_LONG_INIT(0), .entry = LIST_HEAD_INIT((n).entry), .func = (f) }
#define DECLARE_WORK(n, f)	struct work_struct n = __WORK_INITIALIZER(n, f)
#define DECLARE_DELAYED_WORK(n, f) \
	struct delayed_work n = { .work = __WORK_INITIALIZER((n).work, (f)) }
#define INIT_WORK(_work, _func)						\
	do {								\
		atomic_long_set(&(_work)->data, 0);			\
		INIT_LIST_HEAD(&(_work)->entry);			\
		(_work)->func = (_func);				\
	} while (0)
#define INIT_DELAYED_WORK(_work, _func)					\
	do {								\
		INIT_WORK(&(_work)->work, (_func));			\
		init_timer_key(&(_work)->timer, NULL, 0, NULL, NULL);	\
	} while (0)
#define to_delayed_work(w)	container_of(w, struct delayed_work, work)
#define WORK_CPU_UNBOUND	64
#define WQ_UNBOUND		(1 << 1)
#define WQ_FREEZABLE		(1 << 2)
#define WQ_MEM_RECLAIM		(1 << 3)
#define WQ_HIGHPRI		(1 << 4)
#define __WQ_ORDERED		(1 << 17)
#define __WQ_LEGACY		(1 << 18)
extern struct workqueue_struct *system_wq;
__printf(1, 4) struct workqueue_struct *alloc_workqueue(const char *fmt, unsigned int flags,
							 int max_active, ...);
#define alloc_ordered_workqueue(fmt, flags, args...) \
	alloc_workqueue(fmt, WQ_UNBOUND | __WQ_ORDERED | (flags), 1, ##args)
#define create_workqueue(name)	alloc_workqueue("%s", __WQ_LEGACY | WQ_MEM_RECLAIM, 1, (name))
#define create_singlethread_workqueue(name) \
	alloc_ordered_workqueue("%s", __WQ_LEGACY | WQ_MEM_RECLAIM, name)
void destroy_workqueue(struct workqueue_struct *wq);
void flush_workqueue(struct workqueue_struct *wq);
bool queue_work_on(int cpu, struct workqueue_struct *wq, struct work_struct *work);
bool queue_delayed_work_on(int cpu, struct workqueue_struct *wq, struct delayed_work *work,
			   unsigned long delay);
static inline bool queue_work(struct workqueue_struct *wq, struct work_struct *work)
{ return queue_work_on(WORK_CPU_UNBOUND, wq, work); }
static inline bool queue_delayed_work(struct workqueue_struct *wq, struct delayed_work *dwork,
				      unsigned long delay)
{ return queue_delayed_work_on(WORK_CPU_UNBOUND, wq, dwork, delay); }
static inline bool schedule_work(struct work_struct *work) { return queue_work(system_wq, work); }
static inline bool schedule_delayed_work(struct delayed_work *dwork, unsigned long delay)
{ return queue_delayed_work(system_wq, dwork, delay); }
bool flush_work(struct work_struct *work);
bool cancel_work_sync(struct work_struct *work);
bool cancel_delayed_work(struct delayed_work *dwork);
bool cancel_delayed_work_sync(struct delayed_work *dwork);

#endif /* _WQPORT_LINUX_WORKQUEUE_H */

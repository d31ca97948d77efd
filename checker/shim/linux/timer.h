/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * wqport shim: <linux/timer.h>, struct timer_list, timer_setup(), mod_timer(),
 * del_timer_sync() and from_timer().
 *
 * A minimal model of the Linux 6.1 interface.  wqport-shim.h includes
 * this file, so all of it is available whatever a driver includes.
 */
#include <wqport-shim.h>

#ifndef _WQPORT_LINUX_TIMER_H
#define _WQPORT_LINUX_TIMER_H

struct timer_list {
	struct hlist_node entry;
	unsigned long expires;
	void (*function)(struct timer_list *);
	u32 flags;
};
#define TIMER_DEFERRABLE	0x00080000
void init_timer_key(struct timer_list *timer, void (*func)(struct timer_list *),
		    unsigned int flags, const char *name, struct lock_class_key *key);
#define timer_setup(timer, callback, flags) \
	init_timer_key((timer), (callback), (flags), #timer, NULL)
#define DEFINE_TIMER(_name, _function) \
	struct timer_list _name = { .entry = { NULL, NULL }, .function = (_function) }
#define from_timer(var, callback_timer, field) \
	container_of(callback_timer, __typeof__(*var), field)
void add_timer(struct timer_list *timer);
int mod_timer(struct timer_list *timer, unsigned long expires);
int del_timer(struct timer_list *timer);
int del_timer_sync(struct timer_list *timer);
static inline int timer_pending(const struct timer_list *timer)
{ return timer->entry.pprev != NULL; }

#endif /* _WQPORT_LINUX_TIMER_H */

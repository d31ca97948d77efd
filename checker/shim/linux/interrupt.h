/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * wqport shim: <linux/interrupt.h>, interrupt handlers (irqreturn_t, request_irq(),
 * free_irq(), enable/disable_irq()) and tasklets.
 *
 * A minimal model of the Linux 6.1 interface.  wqport-shim.h includes
 * this file, so all of it is available whatever a driver includes.
 */
#include <wqport-shim.h>

#ifndef _WQPORT_LINUX_INTERRUPT_H
#define _WQPORT_LINUX_INTERRUPT_H

enum irqreturn { IRQ_NONE = 0, IRQ_HANDLED = 1 << 0, IRQ_WAKE_THREAD = 1 << 1 };
typedef enum irqreturn irqreturn_t;
#define IRQ_RETVAL(x)		((x) ? IRQ_HANDLED : IRQ_NONE)
typedef irqreturn_t (*irq_handler_t)(int, void *);
#define IRQF_TRIGGER_NONE	0x00000000
#define IRQF_TRIGGER_RISING	0x00000001
#define IRQF_TRIGGER_FALLING	0x00000002
#define IRQF_TRIGGER_HIGH	0x00000004
#define IRQF_TRIGGER_LOW	0x00000008
#define IRQF_SHARED		0x00000080
#define IRQF_ONESHOT		0x00002000
int __must_check request_threaded_irq(unsigned int irq, irq_handler_t handler,
				      irq_handler_t thread_fn, unsigned long flags,
				      const char *name, void *dev);
static inline int __must_check request_irq(unsigned int irq, irq_handler_t handler,
					   unsigned long flags, const char *name, void *dev)
{ return request_threaded_irq(irq, handler, NULL, flags, name, dev); }
int __must_check devm_request_threaded_irq(struct device *dev, unsigned int irq,
					   irq_handler_t handler, irq_handler_t thread_fn,
					   unsigned long irqflags, const char *devname,
					   void *dev_id);
static inline int __must_check devm_request_irq(struct device *dev, unsigned int irq,
						irq_handler_t handler,
						unsigned long irqflags,
						const char *devname, void *dev_id)
{ return devm_request_threaded_irq(dev, irq, handler, NULL, irqflags, devname, dev_id); }
const void *free_irq(unsigned int irq, void *dev_id);
void disable_irq(unsigned int irq);
void disable_irq_nosync(unsigned int irq);
void enable_irq(unsigned int irq);
void synchronize_irq(unsigned int irq);
struct tasklet_struct {
	struct tasklet_struct *next;
	unsigned long state;
	atomic_t count;
	bool use_callback;
	union {
		void (*func)(unsigned long data);
		void (*callback)(struct tasklet_struct *t);
	};
	unsigned long data;
};
#define DECLARE_TASKLET(name, _callback) struct tasklet_struct name = \
	{ .count = ATOMIC_INIT(0), .callback = _callback, .use_callback = true }
#define from_tasklet(var, t, field)	container_of(t, __typeof__(*var), field)
void tasklet_init(struct tasklet_struct *t, void (*func)(unsigned long), unsigned long data);
void tasklet_setup(struct tasklet_struct *t, void (*callback)(struct tasklet_struct *));
void __tasklet_schedule(struct tasklet_struct *t);
static inline void tasklet_schedule(struct tasklet_struct *t) { __tasklet_schedule(t); }
void tasklet_kill(struct tasklet_struct *t);

#endif /* _WQPORT_LINUX_INTERRUPT_H */

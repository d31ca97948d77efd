// SPDX-License-Identifier: GPL-2.0-only
/*
 * The kernel half of the model, continued: spinlocks (a held lock makes
 * the others spin; sleeping with one is a bug), mutexes, signals, and
 * the rest a driver's wait path touches (user copies, bit operations,
 * printk, BUG/WARN).
 */
#include <wqport-shim.h>
#include <linux/wait.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/delay.h>
#include "wqv-machine.h"
#include "kmodel.h"

/* ---- spinlocks: a held lock makes the others spin; sleeping with one is a bug ---- */
static void spin_acquire(raw_spinlock_t *lock, const char *what)
{
	wqv_point("%s()", what);
	while (lock->raw_lock)
		wqv_spin_wait(&lock->raw_lock);
	lock->raw_lock = wqv_cur() + 1;
	kcur()->spin_held++;
}

static void spin_release(raw_spinlock_t *lock, const char *what)
{
	wqv_point("%s()", what);
	lock->raw_lock = 0;
	kcur()->spin_held--;
}

void _raw_spin_lock(raw_spinlock_t *lock) { spin_acquire(lock, "spin_lock"); }
void _raw_spin_unlock(raw_spinlock_t *lock) { spin_release(lock, "spin_unlock"); }
void _raw_spin_lock_irq(raw_spinlock_t *lock) { spin_acquire(lock, "spin_lock_irq"); }
void _raw_spin_unlock_irq(raw_spinlock_t *lock) { spin_release(lock, "spin_unlock_irq"); }
void _raw_spin_lock_bh(raw_spinlock_t *lock) { spin_acquire(lock, "spin_lock_bh"); }
void _raw_spin_unlock_bh(raw_spinlock_t *lock) { spin_release(lock, "spin_unlock_bh"); }

unsigned long _raw_spin_lock_irqsave(raw_spinlock_t *lock)
{
	spin_acquire(lock, "spin_lock_irqsave");
	return 0x200;
}

void _raw_spin_unlock_irqrestore(raw_spinlock_t *lock, unsigned long flags)
{
	(void)flags;
	spin_release(lock, "spin_unlock_irqrestore");
}

int _raw_spin_trylock(raw_spinlock_t *lock)
{
	wqv_point("spin_trylock()");
	if (lock->raw_lock)
		return 0;
	lock->raw_lock = wqv_cur() + 1;
	kcur()->spin_held++;
	return 1;
}

unsigned long arch_local_irq_save(void) { return 0x200; }
void arch_local_irq_restore(unsigned long flags) { (void)flags; }
void arch_local_irq_disable(void) { }
void arch_local_irq_enable(void) { }
unsigned long __wqport_preempt_count(void) { return 0; }

/* Mutexes: a sleeping lock; modelled as a lock the others wait for. */
void __mutex_init(struct mutex *lock, const char *name, struct lock_class_key *key)
{
	(void)name;
	(void)key;
	lock->owner.counter = 0;
}

void mutex_lock(struct mutex *lock)
{
	wqv_point("mutex_lock()");
	while (lock->owner.counter)
		wqv_spin_wait((volatile unsigned int *)&lock->owner.counter);
	lock->owner.counter = wqv_cur() + 1;
}

int mutex_lock_interruptible(struct mutex *lock)
{
	mutex_lock(lock);
	return 0;
}

int mutex_lock_killable(struct mutex *lock)
{
	mutex_lock(lock);
	return 0;
}

int mutex_trylock(struct mutex *lock)
{
	wqv_point("mutex_trylock()");
	if (lock->owner.counter)
		return 0;
	lock->owner.counter = wqv_cur() + 1;
	return 1;
}

void mutex_unlock(struct mutex *lock)
{
	wqv_point("mutex_unlock()");
	lock->owner.counter = 0;
}

/* ---- signals ---- */
int send_sig(int sig, struct task_struct *p, int priv)
{
	int i = task_idx(p);

	(void)priv;
	wqv_point("send_sig(%d)", sig);
	if (i < 0)
		return -ESRCH;
	if (sig == SIGKILL)
		p->pending.signal.sig[0] |= 1UL << (SIGKILL - 1);
	set_bit(TIF_SIGPENDING, &p->thread_info.flags);
	wqv_k_wake(p, TASK_INTERRUPTIBLE | (sig == SIGKILL ? TASK_WAKEKILL : 0));
	return 0;
}

void flush_signals(struct task_struct *p)
{
	clear_bit(TIF_SIGPENDING, &p->thread_info.flags);
	p->pending.signal.sig[0] = 0;
}

void allow_signal(int sig) { (void)sig; }
void disallow_signal(int sig) { (void)sig; }

/* ---- the rest a driver's wait path touches ---- */
unsigned long copy_to_user(void __user *to, const void *from, unsigned long n)
{
	if (to)
		__builtin_memcpy((void __force *)to, from, n);
	return 0;
}

unsigned long copy_from_user(void *to, const void __user *from, unsigned long n)
{
	if (from)
		__builtin_memcpy(to, (const void __force *)from, n);
	else
		__builtin_memset(to, 0, n);
	return 0;
}

int __wqport_get_user(void *dst, const void __user *src, size_t size)
{
	copy_from_user(dst, src, size);
	return 0;
}

int __wqport_put_user(const void *src, void __user *dst, size_t size)
{
	copy_to_user(dst, src, size);
	return 0;
}

int _printk(const char *fmt, ...)
{
	(void)fmt;
	return 0;
}

void __wqport_warn(const char *file, int line)
{
	wqv_loc(file, line);
	wqv_note("WARN_ON() fires");
}

void __wqport_bug(const char *file, int line)
{
	wqv_loc(file, line);
	wqv_violation(WQV_P_CRASH, 1, "BUG() reached");
	__builtin_trap();
}

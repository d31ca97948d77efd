/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * wqport shim: a small, hand-written model of the Linux 6.1 kernel API.
 *
 * The checker force-includes this file (-include wqport-shim.h, with
 * -nostdinc -I<shim dir>) when it parses a lone driver file with no
 * kernel tree.  With the headers it pulls in, it declares just enough of
 * the kernel's types, macros and functions for a typical character,
 * misc, platform or PCI driver to parse without errors.  Nothing here is
 * meant to run: bodies exist only where the kernel has an inline or a
 * macro, so that the checker sees the same kind of entity (macro,
 * inline, extern function) as in 6.1.
 *
 * This file holds the basics (types, compiler helpers, printk, errno,
 * atomics, lists, locks, time, memory, user copies).  The wait/sleep
 * API, whose form matters most to the checker, lives in linux/sched.h,
 * linux/sched/signal.h and linux/wait.h; the rest of the model lives in
 * the shim header named like the kernel header that declares it.
 * All of them are included from here, so everything is available
 * whatever a driver includes; the other headers in this directory only
 * include this file.
 */
#ifndef _WQPORT_SHIM_H
#define _WQPORT_SHIM_H
#define __WQPORT_SHIM_BUSY 1

/* ---- compiler attributes, basic types and limits ---- */
#define __user
#define __kernel
#define __iomem
#define __force
#define __rcu
#define __percpu
#define __bitwise
#define __must_hold(x)
#define __acquires(x)
#define __releases(x)
#define asmlinkage
#define notrace
#define __always_inline		inline __attribute__((__always_inline__))
#define noinline		__attribute__((__noinline__))
#define __noreturn		__attribute__((__noreturn__))
#define __cold			__attribute__((__cold__))
#define __used			__attribute__((__used__))
#define __maybe_unused		__attribute__((__unused__))
#define __always_unused		__attribute__((__unused__))
#define __packed		__attribute__((__packed__))
#define __aligned(x)		__attribute__((__aligned__(x)))
#define __section(s)		__attribute__((__section__(s)))
#define __printf(a, b)		__attribute__((__format__(printf, a, b)))
#define __must_check		__attribute__((__warn_unused_result__))
#define __sched			/* section attribute of scheduler code */
#define __init			__section(".init.text") __cold
#define __exit			__section(".exit.text") __cold
#define __initdata		__section(".init.data")
#define __exitdata		__section(".exit.data")
#define __initconst		__section(".init.rodata")
#define __read_mostly
/* Gone since 3.8; still accepted so that old drivers parse. */
#define __devinit
#define __devexit
#define __devinitdata
#define __devexit_p(x)		(x)

#define likely(x)		__builtin_expect(!!(x), 1)
#define unlikely(x)		__builtin_expect(!!(x), 0)
#define __stringify_1(x)	#x
#define __stringify(x)		__stringify_1(x)
#define ___PASTE(a, b)		a##b
#define __PASTE(a, b)		___PASTE(a, b)
#define __UNIQUE_ID(prefix)	__PASTE(__PASTE(__UNIQUE_ID_, prefix), __COUNTER__)

typedef signed char s8;		typedef unsigned char u8;
typedef signed short s16;	typedef unsigned short u16;
typedef signed int s32;		typedef unsigned int u32;
typedef signed long long s64;	typedef unsigned long long u64;
typedef s8 __s8;   typedef u8 __u8;   typedef s16 __s16; typedef u16 __u16;
typedef s32 __s32; typedef u32 __u32; typedef s64 __s64; typedef u64 __u64;
typedef u16 __le16; typedef u16 __be16; typedef u32 __le32; typedef u32 __be32;
typedef u64 __le64; typedef u64 __be64;
typedef __SIZE_TYPE__ size_t;
typedef __PTRDIFF_TYPE__ ssize_t;
typedef __PTRDIFF_TYPE__ ptrdiff_t;
typedef unsigned long uintptr_t;
typedef long intptr_t;
typedef unsigned long kernel_ulong_t;
typedef long long loff_t;
typedef _Bool bool;
enum { false = 0, true = 1 };
typedef unsigned int gfp_t;
typedef unsigned int fmode_t;
typedef unsigned short umode_t;
typedef u32 dev_t;
typedef int pid_t;
typedef unsigned int __poll_t;
typedef u64 phys_addr_t;
typedef u64 dma_addr_t;
typedef phys_addr_t resource_size_t;
typedef s64 ktime_t;
typedef unsigned char u_char;
typedef unsigned short u_short;
typedef unsigned int u_int;
typedef unsigned long u_long;
typedef unsigned char uchar;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned long ulong;
typedef u8 uint8_t;  typedef u16 uint16_t; typedef u32 uint32_t; typedef u64 uint64_t;
typedef s8 int8_t;   typedef s16 int16_t;  typedef s32 int32_t;  typedef s64 int64_t;

#define NULL			((void *)0)
#define offsetof(t, m)		__builtin_offsetof(t, m)
#define SHRT_MAX		((short)(~0U >> 17))
#define INT_MAX			((int)(~0U >> 1))
#define INT_MIN			(-INT_MAX - 1)
#define UINT_MAX		(~0U)
#define LONG_MAX		((long)(~0UL >> 1))
#define LONG_MIN		(-LONG_MAX - 1)
#define ULONG_MAX		(~0UL)
#define U8_MAX			((u8)~0U)
#define U16_MAX			((u16)~0U)
#define U32_MAX			((u32)~0U)
#define U64_MAX			((u64)~0ULL)
#define S32_MAX			((s32)(U32_MAX >> 1))
#define BITS_PER_LONG		(__SIZEOF_LONG__ * 8)
#define BITS_PER_BYTE		8
#define BIT(nr)			(1UL << (nr))
#define BIT_ULL(nr)		(1ULL << (nr))
#define GENMASK(h, l)		(((~0UL) << (l)) & (~0UL >> (BITS_PER_LONG - 1 - (h))))
#define BITS_TO_LONGS(n)	(((n) + BITS_PER_LONG - 1) / BITS_PER_LONG)
#define DECLARE_BITMAP(name, bits) unsigned long name[BITS_TO_LONGS(bits)]

#ifndef KBUILD_MODNAME
#define KBUILD_MODNAME		"wqport_shim"
#endif
#define KERNEL_VERSION(a, b, c)	(((a) << 16) + ((b) << 8) + ((c) > 255 ? 255 : (c)))
#define LINUX_VERSION_CODE	KERNEL_VERSION(6, 1, 0)

/* ---- helpers: ordering, arithmetic, pointers ---- */
#define barrier()		__asm__ __volatile__("" : : : "memory")
#define mb()			barrier()
#define rmb()			barrier()
#define wmb()			barrier()
#define smp_mb()		barrier()
#define smp_rmb()		barrier()
#define smp_wmb()		barrier()
#define smp_mb__before_atomic()	barrier()
#define smp_mb__after_atomic()	barrier()
#define READ_ONCE(x)		(*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, val)	do { *(volatile __typeof__(x) *)&(x) = (val); } while (0)
#define smp_store_mb(var, value) do { WRITE_ONCE(var, value); smp_mb(); } while (0)
#define smp_store_release(p, v)	do { barrier(); WRITE_ONCE(*(p), (v)); } while (0)
#define smp_load_acquire(p)	({ __typeof__(*(p)) ___v = READ_ONCE(*(p)); barrier(); ___v; })
#define cpu_relax()		barrier()

#define container_of(ptr, type, member) \
	({ void *__mptr = (void *)(ptr); ((type *)((char *)__mptr - offsetof(type, member))); })
#define ARRAY_SIZE(arr)		(sizeof(arr) / sizeof((arr)[0]))
#define BUILD_BUG_ON(cond)	((void)sizeof(char[1 - 2 * !!(cond)]))
#define min(x, y)	({ __typeof__(x) __mn_a = (x); __typeof__(y) __mn_b = (y); \
			   __mn_a < __mn_b ? __mn_a : __mn_b; })
#define max(x, y)	({ __typeof__(x) __mx_a = (x); __typeof__(y) __mx_b = (y); \
			   __mx_a > __mx_b ? __mx_a : __mx_b; })
#define min_t(t, x, y)		min((t)(x), (t)(y))
#define max_t(t, x, y)		max((t)(x), (t)(y))
#define clamp(v, lo, hi)	min(max(v, lo), hi)
#define clamp_t(t, v, lo, hi)	min_t(t, max_t(t, v, lo), hi)
#define DIV_ROUND_UP(n, d)	(((n) + (d) - 1) / (d))
#define ALIGN(x, a)		(((x) + ((__typeof__(x))(a) - 1)) & ~((__typeof__(x))(a) - 1))
#define swap(a, b)	do { __typeof__(a) __sw_t = (a); (a) = (b); (b) = __sw_t; } while (0)

/* ---- module metadata and init/exit ---- */
struct module { const char *name; };
extern struct module __this_module;
#define THIS_MODULE		(&__this_module)
typedef int (*initcall_t)(void);
typedef void (*exitcall_t)(void);
#define module_init(fn)		static initcall_t __PASTE(__wqport_initcall_, fn) __used = fn
#define module_exit(fn)		static exitcall_t __PASTE(__wqport_exitcall_, fn) __used = fn
#define late_initcall(fn)	module_init(fn)
#define subsys_initcall(fn)	module_init(fn)
#define MODULE_INFO(tag, info)	static const char __UNIQUE_ID(tag)[] __used \
					__section(".modinfo") = #tag "=" info
#define MODULE_LICENSE(s)	MODULE_INFO(license, s)
#define MODULE_AUTHOR(s)	MODULE_INFO(author, s)
#define MODULE_DESCRIPTION(s)	MODULE_INFO(description, s)
#define MODULE_VERSION(s)	MODULE_INFO(version, s)
#define MODULE_ALIAS(s)		MODULE_INFO(alias, s)
#define MODULE_FIRMWARE(s)	MODULE_INFO(firmware, s)
#define MODULE_SOFTDEP(s)	MODULE_INFO(softdep, s)
#define MODULE_PARM_DESC(p, s)	MODULE_INFO(parm, #p ":" s)
#define MODULE_DEVICE_TABLE(type, name) \
	extern __typeof__(name) __wqport_devtable_##type##_##name
#define module_param_named(name, value, type, perm) \
	static void *__PASTE(__wqport_param_, name) __used = &(value)
#define module_param(name, type, perm)	module_param_named(name, name, type, perm)
#define module_param_array(name, type, nump, perm) \
	static void *__PASTE(__wqport_param_, name) __used = (name)
#define EXPORT_SYMBOL(sym)	extern __typeof__(sym) sym
#define EXPORT_SYMBOL_GPL(sym)	extern __typeof__(sym) sym
#define EXPORT_SYMBOL_NS_GPL(sym, ns) extern __typeof__(sym) sym
#define module_driver(__driver, __register, __unregister, ...)		\
static int __init __driver##_init(void)					\
{ return __register(&(__driver), ##__VA_ARGS__); }			\
module_init(__driver##_init);						\
static void __exit __driver##_exit(void)				\
{ __unregister(&(__driver), ##__VA_ARGS__); }				\
module_exit(__driver##_exit)
bool try_module_get(struct module *module);
void module_put(struct module *module);
#define S_IRUSR	00400
#define S_IWUSR	00200
#define S_IXUSR	00100
#define S_IRGRP	00040
#define S_IWGRP	00020
#define S_IROTH	00004
#define S_IWOTH	00002
#define S_IRUGO	(S_IRUSR | S_IRGRP | S_IROTH)
#define S_IWUGO	(S_IWUSR | S_IWGRP | S_IWOTH)

/* ---- printk and warnings ---- */
#define KERN_SOH	"\001"
#define KERN_EMERG	KERN_SOH "0"
#define KERN_ALERT	KERN_SOH "1"
#define KERN_CRIT	KERN_SOH "2"
#define KERN_ERR	KERN_SOH "3"
#define KERN_WARNING	KERN_SOH "4"
#define KERN_NOTICE	KERN_SOH "5"
#define KERN_INFO	KERN_SOH "6"
#define KERN_DEBUG	KERN_SOH "7"
#define KERN_CONT	KERN_SOH "c"
asmlinkage __printf(1, 2) __cold int _printk(const char *fmt, ...);
#define printk(fmt, ...)	_printk(fmt, ##__VA_ARGS__)
#define no_printk(fmt, ...)	({ if (0) _printk(fmt, ##__VA_ARGS__); 0; })
/* pr_fmt and dev_fmt: see the end of this file. */
#define pr_emerg(fmt, ...)	printk(KERN_EMERG pr_fmt(fmt), ##__VA_ARGS__)
#define pr_alert(fmt, ...)	printk(KERN_ALERT pr_fmt(fmt), ##__VA_ARGS__)
#define pr_crit(fmt, ...)	printk(KERN_CRIT pr_fmt(fmt), ##__VA_ARGS__)
#define pr_err(fmt, ...)	printk(KERN_ERR pr_fmt(fmt), ##__VA_ARGS__)
#define pr_warn(fmt, ...)	printk(KERN_WARNING pr_fmt(fmt), ##__VA_ARGS__)
#define pr_warning(fmt, ...)	pr_warn(fmt, ##__VA_ARGS__)
#define pr_notice(fmt, ...)	printk(KERN_NOTICE pr_fmt(fmt), ##__VA_ARGS__)
#define pr_info(fmt, ...)	printk(KERN_INFO pr_fmt(fmt), ##__VA_ARGS__)
#define pr_cont(fmt, ...)	printk(KERN_CONT fmt, ##__VA_ARGS__)
#define pr_debug(fmt, ...)	no_printk(KERN_DEBUG pr_fmt(fmt), ##__VA_ARGS__)
#define pr_err_ratelimited(fmt, ...)	pr_err(fmt, ##__VA_ARGS__)
#define pr_warn_ratelimited(fmt, ...)	pr_warn(fmt, ##__VA_ARGS__)
#define pr_info_ratelimited(fmt, ...)	pr_info(fmt, ##__VA_ARGS__)
#define pr_err_once(fmt, ...)		pr_err(fmt, ##__VA_ARGS__)
#define pr_warn_once(fmt, ...)		pr_warn(fmt, ##__VA_ARGS__)
#define pr_info_once(fmt, ...)		pr_info(fmt, ##__VA_ARGS__)
void __wqport_warn(const char *file, int line);
__noreturn void __wqport_bug(const char *file, int line);
#define BUG()			__wqport_bug(__FILE__, __LINE__)
#define BUG_ON(c)		do { if (unlikely(c)) BUG(); } while (0)
#define WARN_ON(c) ({							\
	int __wrn = !!(c);						\
	if (unlikely(__wrn))						\
		__wqport_warn(__FILE__, __LINE__);			\
	unlikely(__wrn);						\
})
#define WARN_ON_ONCE(c)		WARN_ON(c)
#define WARN(c, fmt, ...) ({						\
	int __wrn = !!(c);						\
	if (unlikely(__wrn))						\
		printk(KERN_WARNING fmt, ##__VA_ARGS__);		\
	unlikely(__wrn);						\
})
#define WARN_ONCE(c, fmt, ...)	WARN(c, fmt, ##__VA_ARGS__)
#define might_sleep()		do { } while (0)
#define might_sleep_if(c)	do { } while (0)

/* ---- errno values and error pointers ---- */
#define EPERM		1
#define ENOENT		2
#define ESRCH		3
#define EINTR		4
#define EIO		5
#define ENXIO		6
#define E2BIG		7
#define ENOEXEC		8
#define EBADF		9
#define ECHILD		10
#define EAGAIN		11
#define EWOULDBLOCK	EAGAIN
#define ENOMEM		12
#define EACCES		13
#define EFAULT		14
#define ENOTBLK		15
#define EBUSY		16
#define EEXIST		17
#define EXDEV		18
#define ENODEV		19
#define ENOTDIR		20
#define EISDIR		21
#define EINVAL		22
#define ENFILE		23
#define EMFILE		24
#define ENOTTY		25
#define ETXTBSY		26
#define EFBIG		27
#define ENOSPC		28
#define ESPIPE		29
#define EROFS		30
#define EMLINK		31
#define EPIPE		32
#define EDOM		33
#define ERANGE		34
#define EDEADLK		35
#define EDEADLOCK	EDEADLK
#define ENAMETOOLONG	36
#define ENOLCK		37
#define ENOSYS		38
#define ENOTEMPTY	39
#define ELOOP		40
#define ENOMSG		42
#define EIDRM		43
#define ECHRNG		44
#define EL2NSYNC	45
#define EL3HLT		46
#define EL3RST		47
#define ELNRNG		48
#define EUNATCH		49
#define ENOCSI		50
#define EL2HLT		51
#define EBADE		52
#define EBADR		53
#define EXFULL		54
#define ENOANO		55
#define EBADRQC		56
#define EBADSLT		57
#define EBFONT		59
#define ENOSTR		60
#define ENODATA		61
#define ETIME		62
#define ENOSR		63
#define ENONET		64
#define ENOPKG		65
#define EREMOTE		66
#define ENOLINK		67
#define EADV		68
#define ESRMNT		69
#define ECOMM		70
#define EPROTO		71
#define EMULTIHOP	72
#define EDOTDOT		73
#define EBADMSG		74
#define EOVERFLOW	75
#define ENOTUNIQ	76
#define EBADFD		77
#define EREMCHG		78
#define ELIBACC		79
#define ELIBBAD		80
#define ELIBSCN		81
#define ELIBMAX		82
#define ELIBEXEC	83
#define EILSEQ		84
#define ERESTART	85
#define ESTRPIPE	86
#define EUSERS		87
#define ENOTSOCK	88
#define EDESTADDRREQ	89
#define EMSGSIZE	90
#define EPROTOTYPE	91
#define ENOPROTOOPT	92
#define EPROTONOSUPPORT	93
#define ESOCKTNOSUPPORT	94
#define EOPNOTSUPP	95
#define EPFNOSUPPORT	96
#define EAFNOSUPPORT	97
#define EADDRINUSE	98
#define EADDRNOTAVAIL	99
#define ENETDOWN	100
#define ENETUNREACH	101
#define ENETRESET	102
#define ECONNABORTED	103
#define ECONNRESET	104
#define ENOBUFS		105
#define EISCONN		106
#define ENOTCONN	107
#define ESHUTDOWN	108
#define ETOOMANYREFS	109
#define ETIMEDOUT	110
#define ECONNREFUSED	111
#define EHOSTDOWN	112
#define EHOSTUNREACH	113
#define EALREADY	114
#define EINPROGRESS	115
#define ESTALE		116
#define EUCLEAN		117
#define ENOTNAM		118
#define ENAVAIL		119
#define EISNAM		120
#define EREMOTEIO	121
#define EDQUOT		122
#define ENOMEDIUM	123
#define EMEDIUMTYPE	124
#define ECANCELED	125
#define ENOKEY		126
#define EKEYEXPIRED	127
#define EKEYREVOKED	128
#define EKEYREJECTED	129
#define EOWNERDEAD	130
#define ENOTRECOVERABLE	131
#define ERFKILL		132
#define EHWPOISON	133
#define ERESTARTSYS	512
#define ERESTARTNOINTR	513
#define ERESTARTNOHAND	514
#define ENOIOCTLCMD	515
#define ERESTART_RESTARTBLOCK	516
#define EPROBE_DEFER	517
#define EOPENSTALE	518
#define ENOPARAM	519
#define EBADHANDLE	521
#define ENOTSYNC	522
#define EBADCOOKIE	523
#define ENOTSUPP	524
#define ETOOSMALL	525
#define ESERVERFAULT	526
#define EBADTYPE	527
#define EJUKEBOX	528
#define EIOCBQUEUED	529
#define ERECALLCONFLICT	530
#define MAX_ERRNO	4095
#define IS_ERR_VALUE(x)	unlikely((unsigned long)(void *)(x) >= (unsigned long)-MAX_ERRNO)
static inline void *__must_check ERR_PTR(long error) { return (void *)error; }
static inline long __must_check PTR_ERR(const void *ptr) { return (long)ptr; }
static inline bool __must_check IS_ERR(const void *ptr) { return IS_ERR_VALUE((unsigned long)ptr); }
static inline bool __must_check IS_ERR_OR_NULL(const void *ptr)
{ return !ptr || IS_ERR_VALUE((unsigned long)ptr); }
static inline void *__must_check ERR_CAST(const void *ptr) { return (void *)ptr; }
static inline int __must_check PTR_ERR_OR_ZERO(const void *ptr)
{ return IS_ERR(ptr) ? (int)PTR_ERR(ptr) : 0; }

/* ---- bit operations and atomics ---- */
static inline void set_bit(long nr, volatile unsigned long *addr)
{ __atomic_fetch_or(&addr[nr / BITS_PER_LONG], BIT(nr % BITS_PER_LONG), __ATOMIC_SEQ_CST); }
static inline void clear_bit(long nr, volatile unsigned long *addr)
{ __atomic_fetch_and(&addr[nr / BITS_PER_LONG], ~BIT(nr % BITS_PER_LONG), __ATOMIC_SEQ_CST); }
static inline bool test_bit(long nr, const volatile unsigned long *addr)
{ return (addr[nr / BITS_PER_LONG] >> (nr % BITS_PER_LONG)) & 1; }
static inline bool test_and_set_bit(long nr, volatile unsigned long *addr)
{ return (__atomic_fetch_or(&addr[nr / BITS_PER_LONG], BIT(nr % BITS_PER_LONG),
			    __ATOMIC_SEQ_CST) >> (nr % BITS_PER_LONG)) & 1; }
static inline bool test_and_clear_bit(long nr, volatile unsigned long *addr)
{ return (__atomic_fetch_and(&addr[nr / BITS_PER_LONG], ~BIT(nr % BITS_PER_LONG),
			     __ATOMIC_SEQ_CST) >> (nr % BITS_PER_LONG)) & 1; }
#define __set_bit(nr, addr)	set_bit(nr, addr)
#define __clear_bit(nr, addr)	clear_bit(nr, addr)

typedef struct { int counter; } atomic_t;
typedef struct { long counter; } atomic_long_t;
#define ATOMIC_INIT(i)		{ (i) }
#define ATOMIC_LONG_INIT(i)	{ (i) }
static inline int atomic_read(const atomic_t *v) { return READ_ONCE(v->counter); }
static inline void atomic_set(atomic_t *v, int i) { WRITE_ONCE(v->counter, i); }
static inline int atomic_add_return(int i, atomic_t *v)
{ return __atomic_add_fetch(&v->counter, i, __ATOMIC_SEQ_CST); }
static inline int atomic_sub_return(int i, atomic_t *v) { return atomic_add_return(-i, v); }
static inline void atomic_add(int i, atomic_t *v) { atomic_add_return(i, v); }
static inline void atomic_sub(int i, atomic_t *v) { atomic_add_return(-i, v); }
static inline void atomic_inc(atomic_t *v) { atomic_add_return(1, v); }
static inline void atomic_dec(atomic_t *v) { atomic_add_return(-1, v); }
static inline int atomic_inc_return(atomic_t *v) { return atomic_add_return(1, v); }
static inline int atomic_dec_return(atomic_t *v) { return atomic_add_return(-1, v); }
static inline bool atomic_dec_and_test(atomic_t *v) { return atomic_add_return(-1, v) == 0; }
static inline bool atomic_inc_and_test(atomic_t *v) { return atomic_add_return(1, v) == 0; }
static inline int atomic_xchg(atomic_t *v, int i)
{ return __atomic_exchange_n(&v->counter, i, __ATOMIC_SEQ_CST); }
static inline int atomic_cmpxchg(atomic_t *v, int old, int new)
{
	__atomic_compare_exchange_n(&v->counter, &old, new, 0, __ATOMIC_SEQ_CST,
				    __ATOMIC_SEQ_CST);
	return old;
}
static inline long atomic_long_read(const atomic_long_t *v) { return READ_ONCE(v->counter); }
static inline void atomic_long_set(atomic_long_t *v, long i) { WRITE_ONCE(v->counter, i); }
#define xchg(ptr, x)		__atomic_exchange_n((ptr), (x), __ATOMIC_SEQ_CST)
#define cmpxchg(ptr, o, n)	({ __typeof__(*(ptr)) __cx_o = (o); \
				   __atomic_compare_exchange_n((ptr), &__cx_o, (n), 0, \
					__ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST); __cx_o; })

/* ---- lists ---- */
struct list_head { struct list_head *next, *prev; };
struct hlist_node { struct hlist_node *next, **pprev; };
struct hlist_head { struct hlist_node *first; };
#define LIST_HEAD_INIT(name)	{ &(name), &(name) }
#define LIST_HEAD(name)		struct list_head name = LIST_HEAD_INIT(name)
static inline void INIT_LIST_HEAD(struct list_head *list)
{ WRITE_ONCE(list->next, list); list->prev = list; }
static inline void __list_link(struct list_head *n, struct list_head *prev, struct list_head *next)
{ next->prev = n; n->next = next; n->prev = prev; WRITE_ONCE(prev->next, n); }
static inline void list_add(struct list_head *n, struct list_head *head)
{ __list_link(n, head, head->next); }
static inline void list_add_tail(struct list_head *n, struct list_head *head)
{ __list_link(n, head->prev, head); }
static inline void list_del(struct list_head *entry)
{
	entry->next->prev = entry->prev;
	WRITE_ONCE(entry->prev->next, entry->next);
	entry->next = NULL;
	entry->prev = NULL;
}
static inline void list_del_init(struct list_head *entry)
{ list_del(entry); INIT_LIST_HEAD(entry); }
static inline void list_move_tail(struct list_head *l, struct list_head *head)
{ list_del(l); list_add_tail(l, head); }
static inline int list_empty(const struct list_head *head) { return READ_ONCE(head->next) == head; }
#define list_entry(ptr, type, member)		container_of(ptr, type, member)
#define list_first_entry(ptr, type, member)	list_entry((ptr)->next, type, member)
#define list_first_entry_or_null(ptr, type, member) \
	(list_empty(ptr) ? NULL : list_first_entry(ptr, type, member))
#define list_next_entry(pos, member)	list_entry((pos)->member.next, __typeof__(*(pos)), member)
#define list_for_each(pos, head)	for (pos = (head)->next; pos != (head); pos = pos->next)
#define list_for_each_entry(pos, head, member)				\
	for (pos = list_first_entry(head, __typeof__(*pos), member);	\
	     &pos->member != (head); pos = list_next_entry(pos, member))
#define list_for_each_entry_safe(pos, n, head, member)			\
	for (pos = list_first_entry(head, __typeof__(*pos), member),	\
	     n = list_next_entry(pos, member); &pos->member != (head);	\
	     pos = n, n = list_next_entry(n, member))

/* ---- locks ---- */
struct lock_class_key { int dummy; };
typedef struct raw_spinlock { volatile unsigned int raw_lock; } raw_spinlock_t;
typedef struct spinlock { struct raw_spinlock rlock; } spinlock_t;
#define __RAW_SPIN_LOCK_INITIALIZER(name)	{ .raw_lock = 0 }
#define __SPIN_LOCK_INITIALIZER(name)	{ .rlock = __RAW_SPIN_LOCK_INITIALIZER(name) }
#define __SPIN_LOCK_UNLOCKED(name)	((spinlock_t)__SPIN_LOCK_INITIALIZER(name))
#define DEFINE_SPINLOCK(x)		spinlock_t x = __SPIN_LOCK_INITIALIZER(x)
#define DEFINE_RAW_SPINLOCK(x)		raw_spinlock_t x = __RAW_SPIN_LOCK_INITIALIZER(x)
#define spin_lock_init(l)	do { *(l) = __SPIN_LOCK_UNLOCKED(l); } while (0)
#define raw_spin_lock_init(l)	do { (l)->raw_lock = 0; } while (0)
void _raw_spin_lock(raw_spinlock_t *lock);
void _raw_spin_unlock(raw_spinlock_t *lock);
int _raw_spin_trylock(raw_spinlock_t *lock);
void _raw_spin_lock_irq(raw_spinlock_t *lock);
void _raw_spin_unlock_irq(raw_spinlock_t *lock);
void _raw_spin_lock_bh(raw_spinlock_t *lock);
void _raw_spin_unlock_bh(raw_spinlock_t *lock);
unsigned long _raw_spin_lock_irqsave(raw_spinlock_t *lock);
void _raw_spin_unlock_irqrestore(raw_spinlock_t *lock, unsigned long flags);
#define raw_spin_lock(l)		_raw_spin_lock(l)
#define raw_spin_unlock(l)		_raw_spin_unlock(l)
#define raw_spin_lock_irq(l)		_raw_spin_lock_irq(l)
#define raw_spin_unlock_irq(l)		_raw_spin_unlock_irq(l)
#define raw_spin_lock_irqsave(l, f)	do { (f) = _raw_spin_lock_irqsave(l); } while (0)
#define raw_spin_unlock_irqrestore(l, f) _raw_spin_unlock_irqrestore(l, f)
static __always_inline void spin_lock(spinlock_t *l) { _raw_spin_lock(&l->rlock); }
static __always_inline void spin_unlock(spinlock_t *l) { _raw_spin_unlock(&l->rlock); }
static __always_inline int spin_trylock(spinlock_t *l) { return _raw_spin_trylock(&l->rlock); }
static __always_inline void spin_lock_irq(spinlock_t *l) { _raw_spin_lock_irq(&l->rlock); }
static __always_inline void spin_unlock_irq(spinlock_t *l) { _raw_spin_unlock_irq(&l->rlock); }
static __always_inline void spin_lock_bh(spinlock_t *l) { _raw_spin_lock_bh(&l->rlock); }
static __always_inline void spin_unlock_bh(spinlock_t *l) { _raw_spin_unlock_bh(&l->rlock); }
#define spin_lock_irqsave(l, f)	do { (f) = _raw_spin_lock_irqsave(&(l)->rlock); } while (0)
static __always_inline void spin_unlock_irqrestore(spinlock_t *l, unsigned long flags)
{ _raw_spin_unlock_irqrestore(&l->rlock, flags); }
#define assert_spin_locked(l)	do { } while (0)

unsigned long arch_local_irq_save(void);
void arch_local_irq_restore(unsigned long flags);
void arch_local_irq_disable(void);
void arch_local_irq_enable(void);
bool arch_irqs_disabled(void);
unsigned long __wqport_preempt_count(void);
#define local_irq_save(f)	do { (f) = arch_local_irq_save(); } while (0)
#define local_irq_restore(f)	arch_local_irq_restore(f)
#define local_irq_disable()	arch_local_irq_disable()
#define local_irq_enable()	arch_local_irq_enable()
#define irqs_disabled()		arch_irqs_disabled()
#define preempt_disable()	barrier()
#define preempt_enable()	barrier()
#define in_interrupt()		(__wqport_preempt_count() & 0x1fff00UL)
#define in_irq()		(__wqport_preempt_count() & 0x0f0000UL)
#define in_softirq()		(__wqport_preempt_count() & 0x00ff00UL)
#define in_atomic()		(__wqport_preempt_count() != 0)

struct mutex { atomic_long_t owner; raw_spinlock_t wait_lock; struct list_head wait_list; };
#define __MUTEX_INITIALIZER(m) { .owner = ATOMIC_LONG_INIT(0),			\
				 .wait_lock = __RAW_SPIN_LOCK_INITIALIZER(m),	\
				 .wait_list = LIST_HEAD_INIT((m).wait_list) }
#define DEFINE_MUTEX(m)		struct mutex m = __MUTEX_INITIALIZER(m)
void __mutex_init(struct mutex *lock, const char *name, struct lock_class_key *key);
#define mutex_init(m)							\
	do { static struct lock_class_key __key; __mutex_init((m), #m, &__key); } while (0)
void mutex_lock(struct mutex *lock);
int __must_check mutex_lock_interruptible(struct mutex *lock);
int __must_check mutex_lock_killable(struct mutex *lock);
int mutex_trylock(struct mutex *lock);
void mutex_unlock(struct mutex *lock);
bool mutex_is_locked(struct mutex *lock);
static inline void mutex_destroy(struct mutex *lock) { (void)lock; }

struct semaphore { raw_spinlock_t lock; unsigned int count; struct list_head wait_list; };
#define __SEMAPHORE_INITIALIZER(name, n) { .lock = __RAW_SPIN_LOCK_INITIALIZER(name), \
		.count = (n), .wait_list = LIST_HEAD_INIT((name).wait_list) }
#define DEFINE_SEMAPHORE(name)	struct semaphore name = __SEMAPHORE_INITIALIZER(name, 1)
static inline void sema_init(struct semaphore *sem, int val)
{ sem->lock.raw_lock = 0; sem->count = val; INIT_LIST_HEAD(&sem->wait_list); }
void down(struct semaphore *sem);
int __must_check down_interruptible(struct semaphore *sem);
int __must_check down_killable(struct semaphore *sem);
int __must_check down_trylock(struct semaphore *sem);
int __must_check down_timeout(struct semaphore *sem, long jiffies);
void up(struct semaphore *sem);

/* Reader-writer spinlocks: macros around _raw_* functions, as in 6.1. */
typedef struct { volatile unsigned int raw_lock; } rwlock_t;
#define __RW_LOCK_UNLOCKED(name)	{ .raw_lock = 0 }
#define DEFINE_RWLOCK(x)		rwlock_t x = __RW_LOCK_UNLOCKED(x)
#define rwlock_init(l)			do { (l)->raw_lock = 0; } while (0)
void _raw_read_lock(rwlock_t *lock);
void _raw_read_unlock(rwlock_t *lock);
void _raw_write_lock(rwlock_t *lock);
void _raw_write_unlock(rwlock_t *lock);
void _raw_read_lock_irq(rwlock_t *lock);
void _raw_read_unlock_irq(rwlock_t *lock);
void _raw_write_lock_irq(rwlock_t *lock);
void _raw_write_unlock_irq(rwlock_t *lock);
unsigned long _raw_read_lock_irqsave(rwlock_t *lock);
unsigned long _raw_write_lock_irqsave(rwlock_t *lock);
void _raw_read_unlock_irqrestore(rwlock_t *lock, unsigned long flags);
void _raw_write_unlock_irqrestore(rwlock_t *lock, unsigned long flags);
#define read_lock(l)			_raw_read_lock(l)
#define read_unlock(l)			_raw_read_unlock(l)
#define write_lock(l)			_raw_write_lock(l)
#define write_unlock(l)			_raw_write_unlock(l)
#define read_lock_irq(l)		_raw_read_lock_irq(l)
#define read_unlock_irq(l)		_raw_read_unlock_irq(l)
#define write_lock_irq(l)		_raw_write_lock_irq(l)
#define write_unlock_irq(l)		_raw_write_unlock_irq(l)
#define read_lock_irqsave(l, f)		do { (f) = _raw_read_lock_irqsave(l); } while (0)
#define write_lock_irqsave(l, f)	do { (f) = _raw_write_lock_irqsave(l); } while (0)
#define read_unlock_irqrestore(l, f)	do { _raw_read_unlock_irqrestore(l, f); } while (0)
#define write_unlock_irqrestore(l, f)	do { _raw_write_unlock_irqrestore(l, f); } while (0)

/* Reader-writer semaphores: extern functions, init_rwsem() a macro. */
struct rw_semaphore { atomic_long_t count; atomic_long_t owner; raw_spinlock_t wait_lock;
		      struct list_head wait_list; };
#define __RWSEM_INITIALIZER(name) {					\
	.count = ATOMIC_LONG_INIT(0), .owner = ATOMIC_LONG_INIT(0),		\
	.wait_lock = __RAW_SPIN_LOCK_INITIALIZER(name),				\
	.wait_list = LIST_HEAD_INIT((name).wait_list) }
#define DECLARE_RWSEM(name)	struct rw_semaphore name = __RWSEM_INITIALIZER(name)
void __init_rwsem(struct rw_semaphore *sem, const char *name, struct lock_class_key *key);
#define init_rwsem(sem)							\
	do { static struct lock_class_key __key; __init_rwsem((sem), #sem, &__key); } while (0)
void down_read(struct rw_semaphore *sem);
int __must_check down_read_interruptible(struct rw_semaphore *sem);
int __must_check down_read_killable(struct rw_semaphore *sem);
int down_read_trylock(struct rw_semaphore *sem);
void up_read(struct rw_semaphore *sem);
void down_write(struct rw_semaphore *sem);
int __must_check down_write_killable(struct rw_semaphore *sem);
int down_write_trylock(struct rw_semaphore *sem);
void up_write(struct rw_semaphore *sem);
void downgrade_write(struct rw_semaphore *sem);

/*
 * Scope-based guards (<linux/cleanup.h>, 6.4 on).  The kernel's macros
 * declare a variable whose cleanup attribute drops the lock; the shim
 * keeps their control flow (scoped_guard() is a for statement that a
 * break leaves) with a call in place of the lock, and the frontend reads
 * a for over `__wqport_scope` as its body run once (model/build/cfg.c).
 * Which lock a guard takes is read from the text (kapi.def KAPI_GUARD).
 * The failure statement of scoped_cond_guard() is not modelled.
 */
void __wqport_guard();
#define guard(_name)			__wqport_guard
#define scoped_guard(_name, args...)						for (int __wqport_scope = (__wqport_guard(args), 1);			     __wqport_scope; __wqport_scope = 0)
#define scoped_cond_guard(_name, _fail, args...)				scoped_guard(_name, args)
#define __free(_name)
#define no_free_ptr(p)			(p)
#define return_ptr(p)			return (p)
#define DEFINE_FREE(_name, _type, _free)
#define DEFINE_GUARD(_name, _type, _lock, _unlock)
#define DEFINE_LOCK_GUARD_0(_name, _lock, _unlock, ...)
#define DEFINE_LOCK_GUARD_1(_name, _type, _lock, _unlock, ...)

/* ---- time ---- */
#define HZ			250
#define MSEC_PER_SEC		1000L
#define USEC_PER_SEC		1000000L
#define NSEC_PER_SEC		1000000000L
#define NSEC_PER_MSEC		1000000L
#define NSEC_PER_USEC		1000L
extern unsigned long volatile jiffies;
extern u64 jiffies_64;
unsigned long __msecs_to_jiffies(const unsigned int m);
unsigned long __usecs_to_jiffies(const unsigned int u);
static __always_inline unsigned long msecs_to_jiffies(const unsigned int m)
{ return __msecs_to_jiffies(m); }
static __always_inline unsigned long usecs_to_jiffies(const unsigned int u)
{ return __usecs_to_jiffies(u); }
unsigned int jiffies_to_msecs(const unsigned long j);
unsigned int jiffies_to_usecs(const unsigned long j);
unsigned long round_jiffies(unsigned long j);
unsigned long round_jiffies_relative(unsigned long j);
#define time_after(a, b)	((long)((b) - (a)) < 0)
#define time_before(a, b)	time_after(b, a)
#define time_after_eq(a, b)	((long)((a) - (b)) >= 0)
#define time_before_eq(a, b)	time_after_eq(b, a)
#define time_is_before_jiffies(a)	time_after(jiffies, a)
#define time_is_after_jiffies(a)	time_before(jiffies, a)
ktime_t ktime_get(void);
u64 ktime_get_ns(void);
static inline ktime_t ms_to_ktime(u64 ms) { return (ktime_t)(ms * NSEC_PER_MSEC); }
static inline ktime_t ns_to_ktime(u64 ns) { return (ktime_t)ns; }
static inline s64 ktime_to_ms(ktime_t kt) { return kt / NSEC_PER_MSEC; }
static inline s64 ktime_to_us(ktime_t kt) { return kt / NSEC_PER_USEC; }
enum hrtimer_mode { HRTIMER_MODE_ABS = 0x00, HRTIMER_MODE_REL = 0x01 };

/* ---- the task and wait-queue model ---- */
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>

/* ---- memory and strings ---- */
#define GFP_ATOMIC	((gfp_t)0xa20u)
#define GFP_KERNEL	((gfp_t)0xcc0u)
#define GFP_NOWAIT	((gfp_t)0x800u)
#define GFP_NOIO	((gfp_t)0xc00u)
#define GFP_NOFS	((gfp_t)0xc40u)
#define GFP_DMA		((gfp_t)0x01u)
#define __GFP_ZERO	((gfp_t)0x100u)
void *__kmalloc(size_t size, gfp_t flags);
static __always_inline void *kmalloc(size_t size, gfp_t flags) { return __kmalloc(size, flags); }
static inline void *kzalloc(size_t size, gfp_t flags) { return kmalloc(size, flags | __GFP_ZERO); }
static inline void *kmalloc_array(size_t n, size_t size, gfp_t flags)
{ return kmalloc(n * size, flags); }
static inline void *kcalloc(size_t n, size_t size, gfp_t flags)
{ return kmalloc_array(n, size, flags | __GFP_ZERO); }
void *krealloc(const void *objp, size_t new_size, gfp_t flags);
void kfree(const void *objp);
void *kmemdup(const void *src, size_t len, gfp_t gfp);
char *kstrdup(const char *s, gfp_t gfp);
void *vmalloc(unsigned long size);
void *vzalloc(unsigned long size);
void vfree(const void *addr);
void *memset(void *s, int c, size_t n);
void *memcpy(void *dst, const void *src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
int memcmp(const void *a, const void *b, size_t n);
size_t strlen(const char *s);
size_t strnlen(const char *s, size_t n);
int strcmp(const char *a, const char *b);
int strncmp(const char *a, const char *b, size_t n);
char *strcpy(char *dst, const char *src);
char *strncpy(char *dst, const char *src, size_t n);
char *strcat(char *dst, const char *src);
char *strchr(const char *s, int c);
ssize_t strscpy(char *dst, const char *src, size_t n);
size_t strlcpy(char *dst, const char *src, size_t n);
__printf(3, 4) int snprintf(char *buf, size_t size, const char *fmt, ...);
__printf(3, 4) int scnprintf(char *buf, size_t size, const char *fmt, ...);
__printf(2, 3) int sprintf(char *buf, const char *fmt, ...);
int sscanf(const char *buf, const char *fmt, ...);
int __must_check kstrtoul(const char *s, unsigned int base, unsigned long *res);
int __must_check kstrtol(const char *s, unsigned int base, long *res);
int __must_check kstrtoint(const char *s, unsigned int base, int *res);
int __must_check kstrtouint(const char *s, unsigned int base, unsigned int *res);

/* ---- user memory ---- */
unsigned long __must_check copy_to_user(void __user *to, const void *from, unsigned long n);
unsigned long __must_check copy_from_user(void *to, const void __user *from, unsigned long n);
unsigned long __must_check clear_user(void __user *to, unsigned long n);
long strncpy_from_user(char *dst, const char __user *src, long count);
int __wqport_get_user(void *dst, const void __user *src, size_t size);
int __wqport_put_user(const void *src, void __user *dst, size_t size);
#define access_ok(addr, size)	((void)(addr), (void)(size), 1)
#define get_user(x, ptr) ({ unsigned long long __gu_val = 0;			\
	int __gu_err = __wqport_get_user(&__gu_val, (ptr), sizeof(*(ptr)));	\
	(x) = (__typeof__(*(ptr)))(uintptr_t)__gu_val; __gu_err; })
#define put_user(x, ptr) ({ __typeof__(*(ptr)) __pu_val = (x);			\
	__wqport_put_user(&__pu_val, (ptr), sizeof(*(ptr))); })
#define __get_user(x, ptr)	get_user(x, ptr)
#define __put_user(x, ptr)	put_user(x, ptr)

/* ---- ioctl numbers ---- */
#define _IOC(dir, type, nr, size) \
	(((dir) << 30) | ((type) << 8) | (nr) | ((size) << 16))
#define _IOC_NONE	0U
#define _IOC_WRITE	1U
#define _IOC_READ	2U
#define _IO(type, nr)		_IOC(_IOC_NONE, (type), (nr), 0)
#define _IOR(type, nr, t)	_IOC(_IOC_READ, (type), (nr), sizeof(t))
#define _IOW(type, nr, t)	_IOC(_IOC_WRITE, (type), (nr), sizeof(t))
#define _IOWR(type, nr, t)	_IOC(_IOC_READ | _IOC_WRITE, (type), (nr), sizeof(t))
#define _IOC_NR(nr)		((nr) & 0xff)
#define _IOC_TYPE(nr)		(((nr) >> 8) & 0xff)
#define _IOC_SIZE(nr)		(((nr) >> 16) & 0x3fff)
#define _IOC_DIR(nr)		(((nr) >> 30) & 0x3)

/* ---- the rest of the model, one header per kernel header ---- */
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/poll.h>
#include <linux/miscdevice.h>
#include <linux/interrupt.h>
#include <linux/timer.h>
#include <linux/workqueue.h>
#include <linux/completion.h>
#include <linux/kthread.h>
#include <linux/freezer.h>
#include <linux/io.h>
#include <linux/delay.h>
#include <linux/mod_devicetable.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/pci.h>

#undef __WQPORT_SHIM_BUSY
#elif !defined(__WQPORT_SHIM_BUSY)
/*
 * Reached when a driver's own #include brings this file in again (every
 * shim header includes it).  Like the kernel's printk.h and dev_printk.h,
 * give pr_fmt and dev_fmt their defaults only now, so that a driver that
 * defines its own before its first #include keeps it without a warning.
 */
#ifndef pr_fmt
#define pr_fmt(fmt) fmt
#endif
#ifndef dev_fmt
#define dev_fmt(fmt) fmt
#endif
#endif /* _WQPORT_SHIM_H */

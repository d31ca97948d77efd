// SPDX-License-Identifier: GPL-2.0-only
/*
 * The declared tables, compiled in: the rule table (rules.def), the
 * kernel API table (kapi.def, with the sleep_on() family's
 * replacements), the calls with a side effect (sideeffect.def) and the
 * calls that write no driver state (kpure.def).  Lookups only; no rule
 * logic here.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "wqport.h"

#define error SEV_ERROR
#define warning SEV_WARNING
#define style SEV_STYLE
#define high CONF_HIGH
#define moderate CONF_MODERATE
#define low CONF_LOW
#define safe FIX_SAFE
#define unsafe FIX_UNSAFE
#define none FIX_NONE
#define stable ST_STABLE
#define planned ST_PLANNED

#define PLANNER_none PLAN_NONE
#define PLANNER_sleep_on PLAN_SLEEP_ON
#define PLANNER_open_coded PLAN_OPEN_CODED
#define PLANNER_state_after_test PLAN_STATE_AFTER_TEST
#define PLANNER_schedule_running PLAN_SCHEDULE_RUNNING
#define PLANNER_with_loop PLAN_WITH_LOOP

static const struct wq_rule rules[] = {
#define WQ_RULE(n, nm, sev, conf, fx, since, removed, st, sum, check, scope, \
		pl, cocci) \
	{ WQ##n, nm, sev, conf, fx, since, removed, st, sum, PLANNER_##pl, \
	  cocci },
#include "rules.def"
#undef WQ_RULE
};

#undef error
#undef warning
#undef style
#undef high
#undef moderate
#undef low
#undef safe
#undef unsafe
#undef none
#undef stable
#undef planned

static const struct kapi kapis[] = {
#define KAPI(nm, kind, sarg, pf) { #nm, kind, sarg, pf },
#include "kapi.def"
#undef KAPI
};

const struct wq_rule *rule_table(size_t *count)
{
	*count = sizeof(rules) / sizeof(rules[0]);
	return rules;
}

const struct wq_rule *rule_lookup(int num)
{
	size_t i;

	for (i = 0; i < sizeof(rules) / sizeof(rules[0]); i++)
		if (rules[i].num == num)
			return &rules[i];
	return NULL;
}

enum wq_planner rule_planner(int num)
{
	const struct wq_rule *r = rule_lookup(num);

	return r ? r->planner : PLAN_NONE;
}

const char *rule_cocci(int num)
{
	const struct wq_rule *r = rule_lookup(num);

	return r && strcmp(r->cocci, "-") ? r->cocci : NULL;
}

const struct kapi *kapi_table(size_t *count)
{
	*count = sizeof(kapis) / sizeof(kapis[0]);
	return kapis;
}

/*
 * Asked for every identifier of every function the graph builder looks
 * at: a hash of the names, built once, instead of a scan of the table.
 */
#define KAPI_BUCKETS 256
#define NKAPIS (sizeof(kapis) / sizeof(kapis[0]))

static short kapi_head[KAPI_BUCKETS], kapi_next[NKAPIS];
static pthread_once_t kapi_once = PTHREAD_ONCE_INIT;

static unsigned kapi_hash(const char *s, size_t len)
{
	unsigned h = 2166136261u;
	size_t i;

	for (i = 0; i < len; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return h % KAPI_BUCKETS;
}

static void kapi_index(void)
{
	size_t i;
	unsigned b;

	for (b = 0; b < KAPI_BUCKETS; b++)
		kapi_head[b] = -1;
	for (i = NKAPIS; i-- > 0;) {
		if (kapis[i].kind >= K_START_IRQ)
			continue;	/* facts: kapi_fact() */
		b = kapi_hash(kapis[i].name, strlen(kapis[i].name));
		kapi_next[i] = kapi_head[b];
		kapi_head[b] = i;
	}
}

const struct kapi *kapi_lookup(const char *name, size_t len)
{
	int i;

	pthread_once(&kapi_once, kapi_index);
	for (i = kapi_head[kapi_hash(name, len)]; i >= 0; i = kapi_next[i])
		if (!strncmp(kapis[i].name, name, len) && !kapis[i].name[len])
			return &kapis[i];
	return NULL;
}

const struct kapi *kapi_fact(const char *name, size_t len)
{
	size_t i;

	for (i = 0; i < NKAPIS; i++)
		if (kapis[i].kind >= K_START_IRQ &&
		    !strncmp(kapis[i].name, name, len) && !kapis[i].name[len])
			return &kapis[i];
	return NULL;
}

/*
 * The kernel has dozens of wait_event*() flavours (and swait_event*(),
 * wait_var_event*(), io_wait_event()), with more in every release; all
 * are macros that hide a correct wait loop.  A name containing
 * "wait_event" that the table does not list is taken as one of them, so
 * its expansion is never analysed as a hand-written loop.
 */
static const struct kapi wait_event_family = {
	"wait_event*", K_WAIT_EVENT, -1, false
};

const struct kapi *kapi_classify(const char *name, size_t len)
{
	const struct kapi *k = kapi_lookup(name, len);
	size_t i;

	if (k)
		return k;
	for (i = 0; i + 10 <= len; i++)
		if (!memcmp(name + i, "wait_event", 10))
			return &wait_event_family;
	return NULL;
}

const char *severity_name(enum wq_severity s)
{
	static const char *const n[] = { "error", "warning", "style" };

	return n[s];
}

const char *confidence_name(enum wq_confidence c)
{
	static const char *const n[] = { "high", "moderate", "low" };

	return n[c];
}

const char *fix_name(enum wq_fix f)
{
	static const char *const n[] = { "safe", "unsafe", "none" };

	return n[f];
}

const char *status_name(enum wq_status s)
{
	static const char *const n[] = { "stable", "planned" };

	return n[s];
}

/* ---- the sleep_on() family and its replacements (kapi.def) ---- */

static const struct sleep_on_fact sleep_ons[] = {
#define KAPI_SLEEP_ON(nm, intr, timed, form, nap) \
	{ #nm, intr, timed, #form, #nap },
#include "kapi.def"
#undef KAPI_SLEEP_ON
};

const struct sleep_on_fact *sleep_on_table(size_t *count)
{
	*count = sizeof(sleep_ons) / sizeof(sleep_ons[0]);
	return sleep_ons;
}

const struct sleep_on_fact *sleep_on_lookup(const char *name, size_t len)
{
	size_t i;

	for (i = 0; i < sizeof(sleep_ons) / sizeof(sleep_ons[0]); i++)
		if (!strncmp(sleep_ons[i].name, name, len) &&
		    !sleep_ons[i].name[len])
			return &sleep_ons[i];
	return NULL;
}

/* The wait_event*() form that replaces a sleep_on() of that kind. */
const char *sleep_on_wait_event(bool intr, bool timed)
{
	size_t i;

	for (i = 0; i < sizeof(sleep_ons) / sizeof(sleep_ons[0]); i++)
		if (sleep_ons[i].intr == intr && sleep_ons[i].timed == timed)
			return sleep_ons[i].form;
	return sleep_ons[0].form;
}

/* ---- the wait_event*() and prepare_to_wait*() forms (kapi.def) ---- */

#define KF_FAMILY_event KF_EVENT
#define KF_FAMILY_prepare KF_PREPARE
#define KF_STATE_uninterruptible KF_UNINTERRUPTIBLE
#define KF_STATE_interruptible KF_INTERRUPTIBLE
#define KF_STATE_killable KF_KILLABLE
#define KF_STATE_idle KF_IDLE
#define KF_STATE_freezable KF_FREEZABLE
#define KF_STATE_io KF_IO
#define KF_STATE_arg KF_STATE_ARG
#define KF_TIMED_0 KF_UNTIMED
#define KF_TIMED_jiffies KF_JIFFIES
#define KF_TIMED_ktime KF_KTIME
#define KF_LOCK_none KF_NO_LOCK
#define KF_LOCK_spin_irq KF_SPIN_IRQ
#define KF_LOCK_spin_irq_cmd KF_SPIN_IRQ_CMD
#define KF_LOCK_queue KF_QUEUE_LOCK
#define KF_LOCK_queue_irq KF_QUEUE_LOCK_IRQ
#define KF_LOCK_cmd KF_CMD
#define KF_LOCK_tty KF_TTY_LOCK
#define FIRST(a, b, c) WQ_KVER(a, b, c), 0
#define SEEN(a, b, c) 0, WQ_KVER(a, b, c)

static const struct kapi_form kforms[] = {
#define KAPI_FORM(nm, fam, st, tm, ex, lk, since) \
	{ #nm, KF_FAMILY_##fam, KF_STATE_##st, KF_TIMED_##tm, ex, \
	  KF_LOCK_##lk, since },
#include "kapi.def"
#undef KAPI_FORM
};

#undef FIRST
#undef SEEN

const struct kapi_form *kform_table(size_t *count)
{
	*count = sizeof(kforms) / sizeof(kforms[0]);
	return kforms;
}

const struct kapi_form *kform_lookup(const char *name, size_t len)
{
	size_t i;

	for (i = 0; i < sizeof(kforms) / sizeof(kforms[0]); i++)
		if (!strncmp(kforms[i].name, name, len) && !kforms[i].name[len])
			return &kforms[i];
	return NULL;
}

const struct kapi_form *kform_find(enum kform_family family,
				   enum kform_state state,
				   enum kform_timed timed, bool exclusive,
				   enum kform_lock lock)
{
	size_t i;

	for (i = 0; i < sizeof(kforms) / sizeof(kforms[0]); i++)
		if (kforms[i].family == family && kforms[i].state == state &&
		    kforms[i].timed == timed &&
		    kforms[i].exclusive == exclusive && kforms[i].lock == lock)
			return &kforms[i];
	return NULL;
}

const char *kform_name(enum kform_family family, enum kform_state state,
		       enum kform_timed timed, bool exclusive,
		       enum kform_lock lock)
{
	const struct kapi_form *k = kform_find(family, state, timed,
					       exclusive, lock);

	return k ? k->name : NULL;
}

const char *kform_task_state(enum kform_state state)
{
	static const char *const n[] = {
		[KF_UNINTERRUPTIBLE] = "TASK_UNINTERRUPTIBLE",
		[KF_INTERRUPTIBLE] = "TASK_INTERRUPTIBLE",
		[KF_KILLABLE] = "TASK_KILLABLE",
		[KF_IDLE] = "TASK_IDLE",
		[KF_FREEZABLE] = "TASK_INTERRUPTIBLE",
		[KF_IO] = "TASK_UNINTERRUPTIBLE",
		[KF_STATE_ARG] = NULL,
	};

	return n[state];
}

static const struct {
	const char *name;
	bool sleeps;
} kapi_starts[] = {
#define KAPI_STARTS(nm, sleeps) { #nm, sleeps },
#include "kapi.def"
#undef KAPI_STARTS
};

/*
 * A call that starts what wakes a queue (KAPI_STARTS, K_ARM_TIMER), one
 * that may sleep itself only if may_sleep: its name as the table spells
 * it, or NULL.
 */
const char *kapi_starter(const char *name, size_t len, bool may_sleep)
{
	const struct kapi *k = kapi_lookup(name, len);
	size_t i;

	if (k && k->kind == K_ARM_TIMER)
		return k->name;
	for (i = 0; i < sizeof(kapi_starts) / sizeof(kapi_starts[0]); i++)
		if (!strncmp(kapi_starts[i].name, name, len) &&
		    !kapi_starts[i].name[len] &&
		    (may_sleep || !kapi_starts[i].sleeps))
			return kapi_starts[i].name;
	return NULL;
}

/* The names that wake a queue (queue) or a task, NULL-terminated. */
const char *const *kapi_wakes(bool queue)
{
	static const char *const q[] = {
#define KAPI_WAKES_QUEUE(nm) #nm,
#include "kapi.def"
#undef KAPI_WAKES_QUEUE
		NULL
	};
	static const char *const t[] = {
#define KAPI_WAKES_TASK(nm) #nm,
#include "kapi.def"
#undef KAPI_WAKES_TASK
		NULL
	};

	return queue ? q : t;
}

/* Does this call wake a queue (queue) or a task (KAPI_WAKES_*)? */
bool kapi_wake(const char *name, size_t len, bool queue)
{
	const char *const *w = kapi_wakes(queue);

	for (; *w; w++)
		if (strlen(*w) == len && !memcmp(*w, name, len))
			return true;
	return false;
}

static const struct {
	const char *name, *member;
} member_wakers[] = {
#define KAPI_WAKES_MEMBER(nm, m) { #nm, #m },
#include "kapi.def"
#undef KAPI_WAKES_MEMBER
};

/*
 * Does this call wake the queue member of its argument's target
 * (KAPI_WAKES_MEMBER: complete() wakes x->wait)?  The member, or NULL.
 */
const char *kapi_wakes_member(const char *name, size_t len)
{
	size_t i;

	for (i = 0; i < sizeof(member_wakers) / sizeof(member_wakers[0]); i++)
		if (strlen(member_wakers[i].name) == len &&
		    !memcmp(member_wakers[i].name, name, len))
			return member_wakers[i].member;
	return NULL;
}

static const struct kapi_thread threads[] = {
#define KAPI_THREAD(nm, fn_arg, task) { #nm, fn_arg, task },
#include "kapi.def"
#undef KAPI_THREAD
};

const struct kapi_thread *kapi_thread_table(size_t *count)
{
	*count = sizeof(threads) / sizeof(threads[0]);
	return threads;
}

static const struct {
	const char *name;
	int spins;
} locks[] = {
#define KAPI_LOCK(nm, spins) { #nm, spins },
#include "kapi.def"
#undef KAPI_LOCK
};

/* Does name[0..len) take a lock (KAPI_LOCK), a spinning one if spins? */
bool kapi_lock(const char *name, size_t len, bool spins)
{
	size_t i;

	for (i = 0; i < sizeof(locks) / sizeof(locks[0]); i++)
		if (!strncmp(locks[i].name, name, len) && !locks[i].name[len])
			return !spins || locks[i].spins;
	return false;
}

static const struct {
	const char *cls, *lock;
} guards[] = {
#define KAPI_GUARD(cls, lock) { #cls, #lock },
#include "kapi.def"
#undef KAPI_GUARD
};

static const struct {
	const char *name;
	int scoped;
} guard_uses[] = {
#define KAPI_GUARD_USE(nm, scoped) { #nm, scoped },
#include "kapi.def"
#undef KAPI_GUARD_USE
};

/* The lock call a guard of class cls[0..len) makes (KAPI_GUARD), or NULL */
const char *kapi_guard(const char *cls, size_t len)
{
	size_t i;

	for (i = 0; i < sizeof(guards) / sizeof(guards[0]); i++)
		if (!strncmp(guards[i].cls, cls, len) && !guards[i].cls[len])
			return guards[i].lock;
	return NULL;
}

/* Is name[0..len) a guard's use (KAPI_GUARD_USE): 1 `guard(c)(l)`, 2
 * `scoped_guard(c, l) stmt`; 0 if not */
int kapi_guard_use(const char *name, size_t len)
{
	size_t i;

	for (i = 0; i < sizeof(guard_uses) / sizeof(guard_uses[0]); i++)
		if (!strncmp(guard_uses[i].name, name, len) &&
		    !guard_uses[i].name[len])
			return 1 + guard_uses[i].scoped;
	return 0;
}

/* The i-th lock-taking call, a spinning one (spins 1) if spins, or NULL
 * past the end. */
const char *kapi_lock_name(size_t i, bool spins)
{
	size_t k;

	for (k = 0; k < sizeof(locks) / sizeof(locks[0]); k++)
		if ((!spins || locks[k].spins == 1) && !i--)
			return locks[k].name;
	return NULL;
}

/*
 * The kapi.def rows that are a name alone, each with its kind: one
 * table for the lists below.
 */
enum name_kind {
	NK_EXIT_UNLOCK, NK_IO_SLEEP, NK_SEM_DOWN, NK_USER_COPY, NK_LOG,
	NK_READ, NK_MEM_COPY, NK_QUEUE_TEST, NK_QUEUE_TEST_MB, NK_QUEUE_DECL
};

static const struct {
	const char *name;
	enum name_kind kind;
} kinded_names[] = {
#define KAPI_EXIT_UNLOCK(nm) { #nm, NK_EXIT_UNLOCK },
#define KAPI_IO_SLEEP(nm) { #nm, NK_IO_SLEEP },
#define KAPI_SEM_DOWN(nm) { #nm, NK_SEM_DOWN },
#define KAPI_USER_COPY(nm) { #nm, NK_USER_COPY },
#define KAPI_LOG(nm) { #nm, NK_LOG },
#define KAPI_READ(nm) { #nm, NK_READ },
#define KAPI_MEM_COPY(nm) { #nm, NK_MEM_COPY },
#define KAPI_QUEUE_DECL(nm) { #nm, NK_QUEUE_DECL },
#define KAPI_QUEUE_TEST(nm, full) \
	{ #nm, (full) ? NK_QUEUE_TEST_MB : NK_QUEUE_TEST },
#include "kapi.def"
#undef KAPI_READ
#undef KAPI_MEM_COPY
#undef KAPI_QUEUE_TEST
#undef KAPI_QUEUE_DECL
#undef KAPI_EXIT_UNLOCK
#undef KAPI_IO_SLEEP
#undef KAPI_SEM_DOWN
#undef KAPI_USER_COPY
#undef KAPI_LOG
};

/* Is name[0..len) a row of kind k? */
static bool name_listed(enum name_kind k, const char *name, size_t len)
{
	size_t i;

	for (i = 0; i < sizeof(kinded_names) / sizeof(kinded_names[0]); i++)
		if (kinded_names[i].kind == k &&
		    !strncmp(kinded_names[i].name, name, len) &&
		    !kinded_names[i].name[len])
			return true;
	return false;
}

/* May a wait loop's exit branch make this release (KAPI_EXIT_UNLOCK)? */
bool kapi_exit_unlock(const char *name, size_t len)
{
	return name_listed(NK_EXIT_UNLOCK, name, len);
}

/* Is the time of this sleep counted as I/O wait (KAPI_IO_SLEEP)? */
bool kapi_io_sleep(const char *name, size_t len)
{
	return name_listed(NK_IO_SLEEP, name, len);
}

/* Does this call take a semaphore (KAPI_SEM_DOWN)? */
bool kapi_sem_down(const char *name, size_t len)
{
	return name_listed(NK_SEM_DOWN, name, len);
}

static const struct {
	const char *name;
	bool full;
} barriers[] = {
#define KAPI_BARRIER(nm, full) { #nm, full },
#include "kapi.def"
#undef KAPI_BARRIER
};

/*
 * Is this call a memory barrier (KAPI_BARRIER); with full, one that
 * orders an earlier store before a later load?
 */
bool kapi_barrier(const char *name, size_t len, bool full)
{
	size_t i;

	for (i = 0; i < sizeof(barriers) / sizeof(barriers[0]); i++)
		if (!strncmp(barriers[i].name, name, len) &&
		    !barriers[i].name[len] && (!full || barriers[i].full))
			return true;
	return false;
}

/* Does this call copy to or from user memory (KAPI_USER_COPY)? */
bool kapi_user_copy(const char *name, size_t len)
{
	return name_listed(NK_USER_COPY, name, len);
}

static bool ident(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_';
}

/* The offset of word w in text[from, to) as a whole identifier, or -1 */
static long word_at_or_after(const char *text, unsigned from, unsigned to,
			     const char *w)
{
	size_t n = strlen(w);
	unsigned i;

	for (i = from; i + n <= to; i++)
		if (!memcmp(text + i, w, n) &&
		    (i == from || !ident(text[i - 1])) &&
		    (i + n == to || !ident(text[i + n])))
			return i;
	return -1;
}

/* Does this macro declare a queue head (KAPI_QUEUE_DECL)? */
bool kapi_queue_decl(const char *name, size_t len)
{
	return name_listed(NK_QUEUE_DECL, name, len);
}

/* Does this call test a queue for sleepers (KAPI_QUEUE_TEST)? */
bool kapi_queue_test(const char *name, size_t len)
{
	return name_listed(NK_QUEUE_TEST, name, len) ||
	       name_listed(NK_QUEUE_TEST_MB, name, len);
}

/*
 * The first KAPI_QUEUE_TEST name written as a word in text[from, to)
 * (bare: only one without its own barrier), or NULL; *at: its offset.
 */
const char *kapi_queue_test_in(const char *text, unsigned from, unsigned to,
			       bool bare, long *at)
{
	size_t k;

	for (k = 0; k < sizeof(kinded_names) / sizeof(kinded_names[0]); k++) {
		long a;

		if (kinded_names[k].kind != NK_QUEUE_TEST &&
		    (bare || kinded_names[k].kind != NK_QUEUE_TEST_MB))
			continue;
		a = word_at_or_after(text, from, to, kinded_names[k].name);
		if (a >= 0) {
			if (at)
				*at = a;
			return kinded_names[k].name;
		}
	}
	return NULL;
}

/* Does this call read its argument's memory, and only that (KAPI_READ)? */
bool kapi_read(const char *name, size_t len)
{
	return name_listed(NK_READ, name, len);
}

/* The i-th KAPI_READ name, or NULL past the end. */
const char *kapi_read_name(size_t i)
{
	size_t k;

	for (k = 0; k < sizeof(kinded_names) / sizeof(kinded_names[0]); k++)
		if (kinded_names[k].kind == NK_READ && !i--)
			return kinded_names[k].name;
	return NULL;
}

/* Does this call copy memory into its first argument (KAPI_MEM_COPY)? */
bool kapi_mem_copy(const char *name, size_t len)
{
	return name_listed(NK_MEM_COPY, name, len);
}

/* Does this call only print to the kernel log (KAPI_LOG)? */
bool kapi_log(const char *name, size_t len)
{
	return name_listed(NK_LOG, name, len);
}

static const struct kapi_irq irqs[] = {
#define KAPI_IRQ(nm, effect) { #nm, #effect },
#include "kapi.def"
#undef KAPI_IRQ
};

const struct kapi_irq *kapi_irq_table(size_t *count)
{
	*count = sizeof(irqs) / sizeof(irqs[0]);
	return irqs;
}

/* What the call name[0..len) does to interrupts (KAPI_IRQ), or NULL. */
const char *kapi_irq(const char *name, size_t len)
{
	size_t i;

	for (i = 0; i < sizeof(irqs) / sizeof(irqs[0]); i++)
		if (!strncmp(irqs[i].name, name, len) && !irqs[i].name[len])
			return irqs[i].effect;
	return NULL;
}

bool kapi_is(const char *name, size_t len, enum kapi_kind kind)
{
	const struct kapi *k = kapi_lookup(name, len);

	return k && k->kind == kind;
}

/* ---- calls with a side effect (sideeffect.def) ---- */

static const struct side_effect side_effects[] = {
#define SIDE_EFFECT(nm, what, arg) { #nm, what, arg },
#define TAKE_IF_THERE(nm, arg) { #nm, "takes", arg },
#include "sideeffect.def"
#undef TAKE_IF_THERE
#undef SIDE_EFFECT
};

const struct side_effect *side_effect_table(size_t *count)
{
	*count = sizeof(side_effects) / sizeof(side_effects[0]);
	return side_effects;
}

const struct side_effect *side_effect_lookup(const char *name, size_t len)
{
	size_t i;

	for (i = 0; i < sizeof(side_effects) / sizeof(side_effects[0]); i++)
		if (!strncmp(side_effects[i].name, name, len) &&
		    !side_effects[i].name[len])
			return &side_effects[i];
	return NULL;
}

/* ---- kernel calls that write no driver state (kpure.def) ---- */

static const struct {
	const char *name;
	bool prefix;
} kpures[] = {
#define KPURE(nm, pre) { #nm, pre },
#include "kpure.def"
#undef KPURE
};

bool kapi_pure(const char *name)
{
	const struct kapi *k = kapi_fact(name, strlen(name));
	size_t i;

	if (k && k->kind == K_BIG_LOCK)
		return true;

	for (i = 0; i < sizeof(kpures) / sizeof(kpures[0]); i++) {
		size_t l = strlen(kpures[i].name);

		if (kpures[i].prefix ? !strncmp(name, kpures[i].name, l) :
				       !strcmp(name, kpures[i].name))
			return true;
	}
	return false;
}

/*
 * "3.10", "2.6.32" or "latest" (0, every rule applies).  Each part is
 * below 256, as KERNEL_VERSION() packs them; anything else is refused.
 */
unsigned kernel_version_parse(const char *s)
{
	unsigned part[3] = { 0, 0, 0 };
	int n = 0;

	if (!strcmp(s, "latest"))
		return 0;
	while (n < 3) {
		char *end;
		unsigned long v;

		if (*s < '0' || *s > '9')
			return 0;
		v = strtoul(s, &end, 10);
		if (v > 255)
			return 0;
		part[n++] = v;
		s = end;
		if (!*s)
			break;
		if (*s++ != '.')
			return 0;
	}
	if (*s || n < 2 || !part[0])
		return 0;
	return WQ_KVER(part[0], part[1], part[2]);
}

char *kernel_version_text(unsigned v)
{
	return (v & 255) ? xasprintf("%u.%u.%u", v >> 16, (v >> 8) & 255, v & 255) :
			   xasprintf("%u.%u", v >> 16, (v >> 8) & 255);
}

/* A rules.def version: "-" (none, 0) or "X.Y[.Z]". */
static unsigned table_version(const char *s)
{
	return strcmp(s, "-") ? kernel_version_parse(s) : 0;
}

/*
 * A rule applies to a target from its `since` on: before it, the flagged
 * construct is valid code (WQ011's `->state` before 5.14, say).  The
 * latest kernel (target 0) gets every rule.
 */
bool rule_applies(const struct wq_rule *r, unsigned target)
{
	return !target || target >= table_version(r->since);
}

/*
 * From `removed` on the flagged API no longer builds: an error.  Before
 * it, a rule that is an error only partly for that reason (WQ001: the
 * sleep_on() family loses wake-ups on every kernel) is a warning.
 */
enum wq_severity rule_severity(const struct wq_rule *r, unsigned target)
{
	unsigned removed = table_version(r->removed);

	if (target && removed && target < removed && r->severity == SEV_ERROR)
		return SEV_WARNING;
	return r->severity;
}

/*
 * A call that may take a queue's address without waking it or handing
 * it on: the wait API's sleeps, queueing and set-up (kapi.def kinds,
 * wait_event*(), init_waitqueue_head(), the head's initializer,
 * waitqueue_active()) and sizeof.
 */
bool kapi_quiet_queue_user(const char *c, size_t cl)
{
	const struct kapi *k = kapi_classify(c, cl);

	if (k && (k->kind == K_SLEEP_ON || k->kind == K_WAIT_EVENT ||
		  k->kind == K_ADD_WAIT || k->kind == K_REMOVE_WAIT ||
		  k->kind == K_PREPARE || k->kind == K_FINISH))
		return true;
	return (cl >= 10 && !memcmp(c, "wait_event", 10)) ||
	       (cl >= 13 && !memcmp(c, "io_wait_event", 13)) ||
	       (cl == 19 && !memcmp(c, "init_waitqueue_head", 19)) ||
	       (cl == 29 && !memcmp(c, "__WAIT_QUEUE_HEAD_INITIALIZER", 29)) ||
	       kapi_queue_test(c, cl) ||
	       (cl == 6 && !memcmp(c, "sizeof", 6));
}

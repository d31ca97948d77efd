// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport verify: the kernel half of the model.
 *
 * A userspace model of the Linux 6.1 wait-queue and task-state API
 * (kernel/sched/wait.c, kernel/sched/core.c, kernel/time/timer.c), plus
 * the sleep_on() family as Linux 3.14 had it (kernel/sched/core.c of
 * 3.14).  Written for wqport from the documented behaviour; no kernel
 * code is copied.  It is compiled against the wqport shim headers, so
 * the types are the ones the fixture drivers see.
 *
 * Every API entry is a scheduling point (wqv_point()): the machine may
 * run another task there.  Between two points a task runs alone, which
 * stands for the kernel's wq_head->lock and the runqueue locks: each
 * call is atomic as the kernel's locked section is.  Memory is
 * sequentially consistent: the model looks for protocol races (lost
 * wake-ups), not for missing barriers.
 */
#include <wqport-shim.h>
#include <linux/wait.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/delay.h>
#include "wqv-machine.h"

#define WQV_MAX_HEADS	32
#define WQV_BUSY_LIMIT	4	/* schedule() in TASK_RUNNING, in a row */

#include "kmodel.h"

static struct ktask ktasks[WQV_MAX_TASKS];
static int nktasks;
static struct wait_queue_head *heads[WQV_MAX_HEADS];
static int nheads;
static int head_woken[WQV_MAX_HEADS];	/* a wake-up was called on heads[i] */
static const char *queue_wake;		/* the queue wake-up running, for spend() */

struct task_struct *current_task;
volatile unsigned int wqv_k_asleep;
unsigned long volatile jiffies;
u64 jiffies_64;
struct module __this_module;

int task_idx(struct task_struct *p)
{
	int i;

	for (i = 0; i < nktasks; i++)
		if (&ktasks[i].ts == p)
			return i;
	return -1;
}

struct ktask *kcur(void)
{
	return &ktasks[wqv_cur()];
}

static const char *state_str(unsigned int s)
{
	switch (s) {
	case TASK_RUNNING:		return "TASK_RUNNING";
	case TASK_INTERRUPTIBLE:	return "TASK_INTERRUPTIBLE";
	case TASK_UNINTERRUPTIBLE:	return "TASK_UNINTERRUPTIBLE";
	case TASK_KILLABLE:		return "TASK_KILLABLE";
	case TASK_IDLE:			return "TASK_IDLE";
	default:			return "a sleeping state";
	}
}

const char *wqv_k_state_name(int task)
{
	return state_str(ktasks[task].ts.__state);
}

/*
 * Notice state changes the model did not make (`current->state = X`
 * written by hand): they count as the task's own intent to sleep.
 */
static void sync_state(struct ktask *t)
{
	if (t->ts.__state != t->seen_state && t->ts.__state != TASK_RUNNING)
		t->intent = 1;
	t->seen_state = t->ts.__state;
}

static void set_state(unsigned int s)
{
	struct ktask *t = kcur();

	t->ts.__state = s;
	t->seen_state = s;
	if (s != TASK_RUNNING)
		t->intent = 1;
	else
		t->spent_by = 0;	/* the task goes on running: it saw the wake-up */
}

static void reg_head(struct wait_queue_head *h)
{
	int i;

	for (i = 0; i < nheads; i++)
		if (heads[i] == h)
			return;
	if (nheads < WQV_MAX_HEADS) {
		head_woken[nheads] = 0;
		heads[nheads++] = h;
	}
}

static void mark_woken(struct wait_queue_head *h)
{
	int i;

	for (i = 0; i < nheads; i++)
		if (heads[i] == h)
			head_woken[i] = 1;
}

static int entry_queued(struct wait_queue_entry *e)
{
	return e->entry.next && e->entry.next != &e->entry;
}

static void entry_del_init(struct wait_queue_entry *e)
{
	if (entry_queued(e))
		list_del(&e->entry);
	INIT_LIST_HEAD(&e->entry);
}


/* ---- the machine's hooks ---- */

void wqv_k_reset(int ntasks)
{
	int i;

	nktasks = ntasks;
	for (i = 0; i < ntasks; i++) {
		__builtin_memset(&ktasks[i], 0, sizeof(ktasks[i]));
		ktasks[i].ts.pid = 100 + i;
	}
	nheads = 0;
	wqv_k_asleep = 0;
	jiffies = 0;
	jiffies_64 = 0;
}

void wqv_k_switch_to(int task)
{
	current_task = &ktasks[task].ts;
	sync_state(&ktasks[task]);
}

unsigned long wqv_k_jiffies(void)
{
	return jiffies;
}

int wqv_k_timer_pending(void)
{
	int i;

	for (i = 0; i < nktasks; i++)
		if (ktasks[i].timer_active)
			return 1;
	return 0;
}

static int try_to_wake_up(struct task_struct *p, unsigned int state, const char *aimed);

int wqv_k_wake(struct task_struct *p, unsigned int state)
{
	return try_to_wake_up(p, state, NULL);
}

void wqv_k_cond_false(int task)
{
	ktasks[task].spent_by = 0;
}

static int queued_somewhere(int task)
{
	struct wait_queue_entry *e;
	int i;

	for (i = 0; i < nheads; i++)
		list_for_each_entry(e, &heads[i]->head, entry)
			if (e->private == &ktasks[task].ts)
				return 1;
	return 0;
}

int wqv_k_blocked_on_queue(int task)
{
	return ktasks[task].sleeping && queued_somewhere(task);
}

/*
 * Queued on a head that some task called a wake-up on: a timed sleep on
 * a queue nothing ever wakes is a plain delay (sleep_on_timeout() as a
 * delay), not a lost wake-up, whatever the waiter's condition says.
 */
static int queued_on_woken_head(int task)
{
	struct wait_queue_entry *e;
	int i;

	for (i = 0; i < nheads; i++)
		if (head_woken[i])
			list_for_each_entry(e, &heads[i]->head, entry)
				if (e->private == &ktasks[task].ts)
					return 1;
	return 0;
}

/*
 * A wake-up aimed at @task was spent (it woke no sleep) after its
 * condition became true, and @task sleeps now, its waker gone: the
 * wake-up was meant for this sleep and is lost (a sleep that set the
 * state again after the wake-up had set TASK_RUNNING).
 */
static int spent_wake_lost(int task)
{
	return ktasks[task].sleeping && ktasks[task].spent_by && wqv_task_cond(task) == 1 &&
	       wqv_wakers_done();
}

static const char *spent_how(struct ktask *t)
{
	return t->spent_ran ?
	       "set it TASK_RUNNING before it slept, but it set a sleeping state again" :
	       "which that wake-up does not wake";
}

/* kernel/time/timer.c: the timer of schedule_timeout() runs process_timeout(). */
void wqv_k_fire_timer(void)
{
	int i, best = -1;

	for (i = 0; i < nktasks; i++)
		if (ktasks[i].timer_active &&
		    (best < 0 || ktasks[i].timer_expires < ktasks[best].timer_expires))
			best = i;
	if (best < 0)
		return;
	if ((long)(ktasks[best].timer_expires - jiffies) > 0)
		jiffies = ktasks[best].timer_expires;
	jiffies_64 = jiffies;
	ktasks[best].timer_active = 0;
	wqv_note("timer: jiffies = %lu, the timeout of %s expires", jiffies,
		 wqv_task_name(best));
	if (spent_wake_lost(best))
		wqv_violation(WQV_P_LOST, 1,
			      "%s slept in %s until its timeout although its condition holds "
			      "and the waker has finished: %s by %s (%s:%d) found it in %s, %s, "
			      "and was spent; the wake-up was lost",
			      wqv_task_name(best), wqv_k_state_name(best), ktasks[best].spent_call,
			      wqv_task_name(ktasks[best].spent_by - 1), ktasks[best].spent_file,
			      ktasks[best].spent_line, state_str(ktasks[best].spent_state),
			      spent_how(&ktasks[best]));
	if (wqv_k_blocked_on_queue(best) && queued_on_woken_head(best) &&
	    wqv_task_cond(best) == 1 && wqv_wakers_done())
		wqv_violation(WQV_P_LOST, 1,
			      "%s slept in %s until its timeout although its condition holds "
			      "and the waker has finished: the wake-up was lost",
			      wqv_task_name(best), wqv_k_state_name(best));
	try_to_wake_up(&ktasks[best].ts, TASK_NORMAL, NULL);
}

/* kernel/signal.c: signal_wake_up() sets TIF_SIGPENDING and wakes an interruptible sleeper. */
void wqv_k_signal(int task)
{
	struct ktask *t = &ktasks[task];

	set_bit(TIF_SIGPENDING, &t->ts.thread_info.flags);
	wqv_note("signal: a signal is sent to %s (in %s)", wqv_task_name(task),
		 state_str(t->ts.__state));
	try_to_wake_up(&t->ts, TASK_INTERRUPTIBLE, NULL);
}

void wqv_k_task_exit(int task)
{
	struct ktask *t = &ktasks[task];
	struct wait_queue_entry *e;
	int i;

	sync_state(t);
	for (i = 0; i < nheads; i++)
		list_for_each_entry(e, &heads[i]->head, entry)
			if (e->private == &t->ts || wqv_on_stack(task, e))
				wqv_violation(WQV_P_LEAK, 1,
					      "%s returned with its wait entry still queued: "
					      "the queue now holds a dead stack slot, and the "
					      "next wake-up writes to it", wqv_task_name(task));
	if (t->ts.__state != TASK_RUNNING)
		wqv_violation(WQV_P_STATE, 1, "%s returned in %s: its wait left it sleeping",
			      wqv_task_name(task), state_str(t->ts.__state));
	if (t->spin_held)
		wqv_violation(WQV_P_HANG, 1, "%s returned with a spinlock held",
			      wqv_task_name(task));
}

/*
 * A driver function returned with the on-stack entry it queued still on
 * a queue.  Called at the task's next API call (wqv_loc()) with a frame
 * address just below the calling function's stack pointer: an entry of
 * this task's stack that lies below it is in a frame that has returned.
 * The entry is found by its address alone, never read, since its memory
 * may already be reused; the walk stops there.
 */
void wqv_k_check_frames(int task, const void *sp)
{
	struct list_head *pos;
	int i;

	for (i = 0; i < nheads; i++)
		for (pos = heads[i]->head.next; pos != &heads[i]->head; pos = pos->next)
			if (wqv_on_stack(task, pos) && (const char *)pos < (const char *)sp)
				wqv_violation(WQV_P_LEAK, 1,
					      "the function that queued %s's on-stack wait entry "
					      "has returned with the entry still queued: the queue "
					      "now holds a dead stack slot, and the next wake-up "
					      "writes to it", wqv_task_name(task));
}

/* No task can run and no timer is pending: every task still there sleeps forever. */
void wqv_k_quiescent(void)
{
	int i;

	for (i = 0; i < nktasks; i++) {
		struct ktask *t = &ktasks[i];
		int c = wqv_task_cond(i);

		if (!t->sleeping)
			continue;
		if (c == 1 && wqv_wakers_done() && t->skipped_by)
			wqv_violation(WQV_P_EXCL, 1,
				      "%s sleeps forever in %s although its condition holds: the "
				      "exclusive wake-up went to %s, which left without passing it on",
				      wqv_task_name(i), state_str(t->ts.__state),
				      wqv_task_name(t->skipped_by - 1));
		else if (spent_wake_lost(i))
			wqv_violation(WQV_P_LOST, 1,
				      "%s sleeps forever in %s although its condition holds and "
				      "the waker has finished: %s by %s (%s:%d) found it in %s, %s, "
				      "and was spent; the wake-up was lost",
				      wqv_task_name(i), state_str(t->ts.__state), t->spent_call,
				      wqv_task_name(t->spent_by - 1), t->spent_file, t->spent_line,
				      state_str(t->spent_state), spent_how(t));
		else if (c == 1 && wqv_wakers_done())
			wqv_violation(WQV_P_LOST, 1,
				      "%s sleeps forever in %s although its condition holds and "
				      "the waker has finished: the wake-up was lost",
				      wqv_task_name(i), state_str(t->ts.__state));
		else
			wqv_violation(WQV_P_HANG, 1, "%s sleeps forever in %s%s",
				      wqv_task_name(i), state_str(t->ts.__state),
				      c == 0 ? " and its condition is false" : "");
	}
}

/* ---- task states and waking: kernel/sched/core.c ---- */

void wqv_set_current_state(unsigned int s, const char *file, int line)
{
	wqv_loc(file, line);
	wqv_point("set_current_state(%s)", state_str(s));
	set_state(s);
}

/*
 * A wake-up aimed at task @i woke no sleep: remember it (the first one
 * since the condition became true, for the trace) while the condition
 * holds.
 */
static void spend(int i, const char *aimed, unsigned int found, int ran)
{
	struct ktask *t = &ktasks[i];
	int w = wqv_cur();

	if (w < 0 || t->spent_by || wqv_task_cond(i) != 1)
		return;
	t->spent_by = w + 1;
	t->spent_call = aimed;
	t->spent_state = found;
	t->spent_ran = ran;
	wqv_where(&t->spent_file, &t->spent_line);
}

/*
 * try_to_wake_up(): only a task whose state matches @state is woken.
 * @aimed names the call for a wake-up aimed at the task (a process or
 * queue wake-up), NULL for its timer and signals.
 */
static int try_to_wake_up(struct task_struct *p, unsigned int state, const char *aimed)
{
	int i = task_idx(p);
	unsigned int found;
	struct ktask *t;

	if (i < 0)
		return 0;
	t = &ktasks[i];
	if (!(p->__state & state)) {
		wqv_note("finds %s in %s: nothing to wake", wqv_task_name(i),
			 state_str(p->__state));
		if (aimed && p->__state != TASK_RUNNING)
			spend(i, aimed, p->__state, 0);
		return 0;
	}
	found = p->__state;
	p->__state = TASK_RUNNING;
	t->seen_state = TASK_RUNNING;
	if (t->sleeping) {
		t->sleeping = 0;
		wqv_k_asleep &= ~(1u << i);
		wqv_activate(i);
		wqv_note("wakes %s", wqv_task_name(i));
		if (aimed)
			t->spent_by = 0;
	} else {
		wqv_note("sets %s TASK_RUNNING before it sleeps", wqv_task_name(i));
		if (aimed)
			spend(i, aimed, found, 1);
	}
	return 1;
}

int wake_up_process(struct task_struct *p)
{
	wqv_point("wake_up_process(%s)", task_idx(p) < 0 ? "?" : wqv_task_name(task_idx(p)));
	return try_to_wake_up(p, TASK_NORMAL, "wake_up_process()");
}

int wake_up_state(struct task_struct *p, unsigned int state)
{
	wqv_point("wake_up_state(%s, %s)", task_idx(p) < 0 ? "?" : wqv_task_name(task_idx(p)),
		  state_str(state));
	return try_to_wake_up(p, state, "wake_up_state()");
}

int default_wake_function(struct wait_queue_entry *wq_entry, unsigned int mode, int flags,
			  void *key)
{
	(void)flags;
	(void)key;
	return try_to_wake_up(wq_entry->private, mode,
			      queue_wake ? queue_wake : "a wake-up of its wait queue");
}

/* __schedule(): a task with a pending signal in an interruptible state stays runnable. */
static void do_schedule(const char *what)
{
	struct ktask *t = kcur();
	unsigned int s;

	sync_state(t);
	if (t->spin_held)
		wqv_violation(WQV_P_ATOMIC, 1, "%s calls %s with a spinlock held",
			      wqv_task_name(wqv_cur()), what);
	s = t->ts.__state;
	if (s == TASK_RUNNING) {
		if (t->intent) {
			t->intent = 0;
			t->running_scheds = 0;
			t->spent_by = 0;	/* the wake-up ended this sleep */
			wqv_note("%s: woken before it slept, returns at once", what);
			return;
		}
		if (++t->running_scheds > WQV_BUSY_LIMIT)
			wqv_violation(WQV_P_BUSY, 1,
				      "%s called %s in TASK_RUNNING %d times in a row: "
				      "it returns at once each time, a busy loop",
				      wqv_task_name(wqv_cur()), what, t->running_scheds);
		wqv_note("%s in TASK_RUNNING returns at once", what);
		return;
	}
	t->intent = 0;
	t->running_scheds = 0;
	if (signal_pending_state(s, &t->ts)) {
		t->ts.__state = TASK_RUNNING;
		t->seen_state = TASK_RUNNING;
		wqv_note("%s: a signal is pending, stays TASK_RUNNING", what);
		return;
	}
	wqv_note("%s: sleeps in %s", what, state_str(s));
	t->sleeping = 1;
	wqv_k_asleep |= 1u << wqv_cur();
	wqv_block();
	wqv_note("%s returns: woken", what);
}

void schedule(void)
{
	wqv_point("schedule()");
	do_schedule("schedule()");
}

void schedule_preempt_disabled(void)
{
	schedule();
}

void io_schedule(void)
{
	wqv_point("io_schedule()");
	do_schedule("io_schedule()");
}

void yield(void)
{
	wqv_point("yield()");
}

int __cond_resched(void)
{
	wqv_point("cond_resched()");
	return 0;
}

/*
 * schedule_timeout(), kernel/time/timer.c: MAX_SCHEDULE_TIMEOUT sleeps
 * without a timer; a negative timeout returns 0 in TASK_RUNNING; else a
 * timer is armed at jiffies + timeout and the jiffies left (never
 * below 0) are returned.  In TASK_RUNNING schedule() returns at once,
 * so the whole timeout is left.
 */
static long do_schedule_timeout(long timeout, const char *what)
{
	struct ktask *t = kcur();
	unsigned long expire;
	long left;

	sync_state(t);
	if (timeout == MAX_SCHEDULE_TIMEOUT) {
		do_schedule(what);
		return timeout;
	}
	if (timeout < 0) {
		wqv_note("%s: negative timeout %ld", what, timeout);
		set_state(TASK_RUNNING);
		return 0;
	}
	if (t->ts.__state == TASK_RUNNING && !t->intent && timeout > 0)
		wqv_violation(WQV_P_BUSY, 0,
			      "%s called %s (timeout %ld) in TASK_RUNNING: it returns at once, "
			      "no delay (set the state first, or use "
			      "schedule_timeout_uninterruptible())",
			      wqv_task_name(wqv_cur()), what, timeout);
	expire = jiffies + timeout;
	t->timer_active = 1;
	t->timer_expires = expire;
	do_schedule(what);
	t->timer_active = 0;
	left = (long)(expire - jiffies);
	return left < 0 ? 0 : left;
}

long schedule_timeout(long timeout)
{
	wqv_point("schedule_timeout(%ld)", timeout);
	return do_schedule_timeout(timeout, "schedule_timeout()");
}

long io_schedule_timeout(long timeout)
{
	return schedule_timeout(timeout);
}

/* The four helpers of kernel/time/timer.c set the state themselves. */
static long sched_timeout_state(long timeout, unsigned int s, const char *what)
{
	wqv_point("%s(%ld)", what, timeout);
	if (kcur()->spent_by)
		wqv_note("%s(): sets %s again, over the TASK_RUNNING of %s", what, state_str(s),
			 kcur()->spent_call);
	set_state(s);
	return do_schedule_timeout(timeout, what);
}

long schedule_timeout_interruptible(long timeout)
{
	return sched_timeout_state(timeout, TASK_INTERRUPTIBLE, "schedule_timeout_interruptible");
}

long schedule_timeout_killable(long timeout)
{
	return sched_timeout_state(timeout, TASK_KILLABLE, "schedule_timeout_killable");
}

long schedule_timeout_uninterruptible(long timeout)
{
	return sched_timeout_state(timeout, TASK_UNINTERRUPTIBLE,
				   "schedule_timeout_uninterruptible");
}

long schedule_timeout_idle(long timeout)
{
	return sched_timeout_state(timeout, TASK_IDLE, "schedule_timeout_idle");
}

/* ---- jiffies: HZ is 250 in the shim ---- */
unsigned long __msecs_to_jiffies(const unsigned int m)
{
	return ((unsigned long)m * HZ + 999) / 1000;
}

unsigned long __usecs_to_jiffies(const unsigned int u)
{
	return ((unsigned long)u * HZ + 999999) / 1000000;
}

unsigned int jiffies_to_msecs(const unsigned long j)
{
	return j * (1000 / HZ);
}

unsigned int jiffies_to_usecs(const unsigned long j)
{
	return j * (1000000 / HZ);
}

/* msleep(): msecs_to_jiffies() + 1 jiffies, uninterruptible, all of them. */
void msleep(unsigned int msecs)
{
	unsigned long timeout = msecs_to_jiffies(msecs) + 1;

	while (timeout)
		timeout = schedule_timeout_uninterruptible(timeout);
}

/* msleep_interruptible(): stops on a signal, returns the msecs left. */
unsigned long msleep_interruptible(unsigned int msecs)
{
	unsigned long timeout = msecs_to_jiffies(msecs) + 1;

	while (timeout && !signal_pending(current))
		timeout = schedule_timeout_interruptible(timeout);
	return jiffies_to_msecs(timeout);
}

void usleep_range(unsigned long min, unsigned long max)
{
	(void)max;
	msleep((min + 999) / 1000);
}

void __udelay(unsigned long usecs)
{
	(void)usecs;
}

/* ---- wait queues: kernel/sched/wait.c ---- */

void __init_waitqueue_head(struct wait_queue_head *wq_head, const char *name,
			   struct lock_class_key *key)
{
	(void)name;
	(void)key;
	wq_head->lock.rlock.raw_lock = 0;
	INIT_LIST_HEAD(&wq_head->head);
	reg_head(wq_head);
}

void add_wait_queue(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry)
{
	wqv_point("add_wait_queue(): queued (not exclusive)");
	reg_head(wq_head);
	wq_entry->flags &= ~WQ_FLAG_EXCLUSIVE;
	list_add(&wq_entry->entry, &wq_head->head);
}

void add_wait_queue_exclusive(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry)
{
	wqv_point("add_wait_queue_exclusive(): queued at the tail, exclusive");
	reg_head(wq_head);
	wq_entry->flags |= WQ_FLAG_EXCLUSIVE;
	list_add_tail(&wq_entry->entry, &wq_head->head);
}

void add_wait_queue_priority(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry)
{
	wqv_point("add_wait_queue_priority(): queued first");
	reg_head(wq_head);
	wq_entry->flags |= WQ_FLAG_EXCLUSIVE | WQ_FLAG_PRIORITY;
	list_add(&wq_entry->entry, &wq_head->head);
}

void remove_wait_queue(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry)
{
	wqv_point("remove_wait_queue(): dequeued");
	reg_head(wq_head);
	entry_del_init(wq_entry);
}

/* prepare_to_wait(): queue (at the head) unless queued, then set the state. */
void prepare_to_wait(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry, int state)
{
	wqv_point("prepare_to_wait(): queued, %s", state_str(state));
	reg_head(wq_head);
	wq_entry->flags &= ~WQ_FLAG_EXCLUSIVE;
	if (!entry_queued(wq_entry))
		list_add(&wq_entry->entry, &wq_head->head);
	set_state(state);
}

/* prepare_to_wait_exclusive(): at the tail, exclusive; true when the queue was empty. */
bool prepare_to_wait_exclusive(struct wait_queue_head *wq_head,
			       struct wait_queue_entry *wq_entry, int state)
{
	bool was_empty = false;

	wqv_point("prepare_to_wait_exclusive(): queued exclusive, %s", state_str(state));
	reg_head(wq_head);
	wq_entry->flags |= WQ_FLAG_EXCLUSIVE;
	if (!entry_queued(wq_entry)) {
		was_empty = list_empty(&wq_head->head);
		list_add_tail(&wq_entry->entry, &wq_head->head);
	}
	set_state(state);
	return was_empty;
}

void init_wait_entry(struct wait_queue_entry *wq_entry, int flags)
{
	wq_entry->flags = flags;
	wq_entry->private = current;
	wq_entry->func = autoremove_wake_function;
	INIT_LIST_HEAD(&wq_entry->entry);
}

/*
 * prepare_to_wait_event(): with a signal pending for @state, dequeue and
 * return -ERESTARTSYS (the caller tests the condition first, so a woken
 * exclusive waiter still consumes its wake-up); else queue (exclusive at
 * the tail) and set the state.
 */
long prepare_to_wait_event(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry,
			   int state)
{
	wqv_point("prepare_to_wait_event(): queued, %s", state_str(state));
	reg_head(wq_head);
	if (signal_pending_state(state, current)) {
		entry_del_init(wq_entry);
		wqv_note("prepare_to_wait_event(): a signal is pending, -ERESTARTSYS");
		return -ERESTARTSYS;
	}
	if (!entry_queued(wq_entry)) {
		if (wq_entry->flags & WQ_FLAG_EXCLUSIVE)
			list_add_tail(&wq_entry->entry, &wq_head->head);
		else
			list_add(&wq_entry->entry, &wq_head->head);
	}
	set_state(state);
	return 0;
}

/* finish_wait(): TASK_RUNNING, then dequeue if still queued. */
void finish_wait(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry)
{
	wqv_point("finish_wait(): TASK_RUNNING, dequeued");
	reg_head(wq_head);
	set_state(TASK_RUNNING);
	entry_del_init(wq_entry);
}

/* autoremove_wake_function(): a successful wake-up also dequeues the entry. */
int autoremove_wake_function(struct wait_queue_entry *wq_entry, unsigned int mode, int sync,
			     void *key)
{
	int ret = default_wake_function(wq_entry, mode, sync, key);

	if (ret)
		entry_del_init(wq_entry);
	return ret;
}

int woken_wake_function(struct wait_queue_entry *wq_entry, unsigned int mode, int sync, void *key)
{
	wq_entry->flags |= WQ_FLAG_WOKEN;
	return default_wake_function(wq_entry, mode, sync, key);
}

/* do_wait_intr(): the _locked wait_event forms; wq->lock held on entry and exit. */
static int wait_intr(wait_queue_head_t *wq, wait_queue_entry_t *wait, int irq)
{
	wqv_point("wait_event_interruptible_locked(): queued, TASK_INTERRUPTIBLE");
	reg_head(wq);
	if (!entry_queued(wait))
		list_add_tail(&wait->entry, &wq->head);
	set_state(TASK_INTERRUPTIBLE);
	if (signal_pending(current))
		return -ERESTARTSYS;
	if (irq)
		spin_unlock_irq(&wq->lock);
	else
		spin_unlock(&wq->lock);
	schedule();
	if (irq)
		spin_lock_irq(&wq->lock);
	else
		spin_lock(&wq->lock);
	return 0;
}

int do_wait_intr(wait_queue_head_t *wq, wait_queue_entry_t *wait)
{
	return wait_intr(wq, wait, 0);
}

int do_wait_intr_irq(wait_queue_head_t *wq, wait_queue_entry_t *wait)
{
	return wait_intr(wq, wait, 1);
}

/*
 * __wake_up_common(): call each entry's function in queue order; stop
 * after @nr_exclusive exclusive entries were woken (0: wake all).  The
 * entries passed over by that stop are remembered for the
 * exclusive-lost property.
 */
static void wake_common(struct wait_queue_head *wq_head, unsigned int mode, int nr_exclusive,
			void *key, const char *what)
{
	struct wait_queue_entry *curr, *next;
	int woke_excl = -1;

	reg_head(wq_head);
	mark_woken(wq_head);
	queue_wake = what;
	list_for_each_entry_safe(curr, next, &wq_head->head, entry) {
		unsigned int flags = curr->flags;
		struct task_struct *p = curr->private;
		int ret;

		if (woke_excl >= 0) {
			int i = task_idx(p);

			if (i >= 0 && !ktasks[i].skipped_by)
				ktasks[i].skipped_by = woke_excl + 1;
			continue;
		}
		ret = curr->func(curr, mode, 0, key);
		if (ret < 0)
			break;
		if (ret && (flags & WQ_FLAG_EXCLUSIVE) && !--nr_exclusive)
			woke_excl = task_idx(p) < 0 ? 0 : task_idx(p);
	}
	queue_wake = NULL;
}

int __wake_up(struct wait_queue_head *wq_head, unsigned int mode, int nr, void *key)
{
	wqv_point("wake_up%s(): %s", mode == TASK_INTERRUPTIBLE ? "_interruptible" : "",
		  list_empty(&wq_head->head) ? "the queue is empty" : "wakes the queue");
	wake_common(wq_head, mode, nr, key,
		    mode == TASK_INTERRUPTIBLE ? "wake_up_interruptible()" : "wake_up()");
	return 0;
}

void __wake_up_locked_key(struct wait_queue_head *wq_head, unsigned int mode, void *key)
{
	wqv_point("wake_up_locked()");
	wake_common(wq_head, mode, 1, key, "wake_up_locked()");
}

void __wake_up_sync_key(struct wait_queue_head *wq_head, unsigned int mode, void *key)
{
	wqv_point("wake_up_sync()");
	wake_common(wq_head, mode, 1, key, "wake_up_sync()");
}

void __wake_up_locked_sync_key(struct wait_queue_head *wq_head, unsigned int mode, void *key)
{
	__wake_up_sync_key(wq_head, mode, key);
}

void __wake_up_locked(struct wait_queue_head *wq_head, unsigned int mode, int nr)
{
	wqv_point("wake_up_locked()");
	wake_common(wq_head, mode, nr, NULL, "wake_up_locked()");
}

void __wake_up_sync(struct wait_queue_head *wq_head, unsigned int mode)
{
	__wake_up_sync_key(wq_head, mode, NULL);
}

void __wake_up_pollfree(struct wait_queue_head *wq_head)
{
	__wake_up(wq_head, TASK_NORMAL, 0, NULL);
}

/*
 * ---- the sleep_on() family as in Linux 3.14 (sleep_on_common()) ----
 * A default_wake_function entry is put at the head of the queue with
 * the state set, schedule_timeout() sleeps, the entry is removed and
 * the jiffies left are returned.  Nothing looks at any condition, which
 * is the race: a wake_up() before the call finds the queue empty.
 */
static long sleep_on_common(wait_queue_head_t *q, int state, long timeout, const char *what)
{
	struct wait_queue_entry wait;

	wqv_point("calls %s()", what);
	wqv_note("%s(): queued, %s", what, state_str(state));
	reg_head(q);
	init_waitqueue_entry(&wait, current);
	if (kcur()->spent_by)
		wqv_note("%s(): sets %s again, over the TASK_RUNNING of %s", what,
			 state_str(state), kcur()->spent_call);
	set_state(state);
	list_add(&wait.entry, &q->head);
	timeout = do_schedule_timeout(timeout, what);
	entry_del_init(&wait);
	return timeout;
}

void sleep_on(wait_queue_head_t *q)
{
	sleep_on_common(q, TASK_UNINTERRUPTIBLE, MAX_SCHEDULE_TIMEOUT, "sleep_on");
}

long sleep_on_timeout(wait_queue_head_t *q, signed long timeout)
{
	return sleep_on_common(q, TASK_UNINTERRUPTIBLE, timeout, "sleep_on_timeout");
}

void interruptible_sleep_on(wait_queue_head_t *q)
{
	sleep_on_common(q, TASK_INTERRUPTIBLE, MAX_SCHEDULE_TIMEOUT, "interruptible_sleep_on");
}

long interruptible_sleep_on_timeout(wait_queue_head_t *q, signed long timeout)
{
	return sleep_on_common(q, TASK_INTERRUPTIBLE, timeout, "interruptible_sleep_on_timeout");
}

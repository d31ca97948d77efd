// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport verify: the machine half of the model.
 *
 * Runs the harness's tasks as coroutines (ucontext) that switch only at
 * the model's scheduling points, and explores their interleavings with
 * a CHESS-style preemption bound by stateless replay from the start.
 * Each schedule starts from the same memory: the program's writable
 * data (.data and .bss: the driver's statics, the kernel model's, the
 * runner's) is copied once before the first schedule and copied back
 * before each one, and a crash or a run past the time limit is caught
 * by a signal handler that jumps back to the explorer (-f instead runs
 * each schedule in a fork()ed child, as the first version did: slower,
 * since a fork and its page faults cost milliseconds on a loaded VM).
 * A schedule follows a prefix of choices and then the
 * default policy (keep running the current task; when it blocks, the
 * lowest-numbered runnable task; when none is runnable, the earliest
 * timer).  The child records every scheduling point (what could run,
 * what ran) in shared memory; the parent extends each recorded run by
 * every alternative choice that stays within the bound and explores the
 * new prefixes, fewest preemptions first, so the first counterexample
 * found has the fewest preemptions.
 *
 * Fairness (verify/README.md): virtual time only advances on its own
 * when no task can run.  Firing a timer while a task is runnable is an
 * unfair step of the schedule and costs one preemption, like taking the
 * CPU from the running task; so is a switch away from a task that could
 * go on.  A run in which a timer keeps firing while a runnable task never
 * runs therefore leaves the bound after a few firings instead of looping
 * to the step limit.  -u turns this off (timers free, the old explorer).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

#include "wqv-machine.h"

#define STACK_SIZE	(256 * 1024)
#define MAX_POINTS	4000
#define TRACE_SIZE	(256 * 1024)
#define VIOL_SIZE	4096
#define MAX_BOUND	4

/* Pseudo choices besides the task numbers. */
#define C_TIMER		(WQV_MAX_TASKS)
#define C_SIGNAL	(WQV_MAX_TASKS + 1)
#define C_STOP		(WQV_MAX_TASKS + 2)
#define TASK_MASK	((1u << WQV_MAX_TASKS) - 1)
/* The last scheduling points kept to name the loop at the step limit. */
#define RECENT		256

struct mtask {
	const char *name;
	int kind;
	void (*fn)(void);
	int (*cond)(void);
	const char *hfile;
	int hline;
	/* per run */
	ucontext_t ctx;
	char *stack;
	int runnable;
	int finished;
	volatile unsigned int *spin_on;
	volatile unsigned int *await_on;
	unsigned int await_mask;
	int await_zero;		/* wait until *await_on == 0 instead */
	const char *file;
	int line;
};

struct point {
	unsigned short enabled;
	signed char cur;	/* the task that was running, if it could go on; else -1 */
	signed char choice;
};

struct recent {
	signed char task;
	int line;
	const char *file;
};

struct shared {
	int npoints;
	struct point pts[MAX_POINTS];
	int result;		/* 0 none, 1 violation */
	char prop[64];
	int tlen;
	char trace[TRACE_SIZE];
	int vlen;
	char viol[VIOL_SIZE];
};

static struct mtask tasks[WQV_MAX_TASKS];
static int ntasks;
static void (*setup_fn)(void);
static const char *signal_name;
static int signal_target = -1;

/* per run (child) */
static struct shared *shm;
static const signed char *prefix;
static int prefix_len;
static int cur = -1;
static int signal_sent;
static ucontext_t main_ctx;
static int in_setup;
static struct recent recent[RECENT];
static int nrecent;
/* Timers free of the preemption bound (-u): the explorer without fairness. */
static int unfair;
static int the_bound = 2;
static int max_points = MAX_POINTS;	/* -s: the step limit */
#define RUN_SECONDS	10		/* a schedule running longer: no-termination */

/*
 * In-process runs: the writable data as it was before the first
 * schedule, and where a run ends (end_run(), a fatal signal).
 */
extern char __data_start[], _end[];
static char *snapshot;
static size_t snapshot_len;
static int forked;			/* -f: a fork()ed child per schedule */
static sigjmp_buf run_end;
static char *altstack;

/* ---- registration (constructors in the harness) ---- */
void wqv_register(int kind, const char *name, void (*fn)(void), int (*cond)(void),
		  const char *file, int line)
{
	struct mtask *t;

	if (kind == WQV_SETUP) {
		setup_fn = fn;
		return;
	}
	if (ntasks == WQV_MAX_TASKS) {
		fprintf(stderr, "wqv: too many tasks\n");
		exit(2);
	}
	t = &tasks[ntasks++];
	t->name = name;
	t->kind = kind;
	t->fn = fn;
	t->cond = cond;
	t->hfile = file;
	t->hline = line;
}

void wqv_register_signal(const char *target)
{
	signal_name = target;
}

/* ---- the trace ---- */
static void trace_vadd(const char *who, const char *file, int line, const char *fmt, va_list ap)
{
	int room = TRACE_SIZE - shm->tlen;
	int n;

	if (room < 256)
		return;
	n = snprintf(shm->trace + shm->tlen, room, "%s:%d: note: %s: ", file ? file : "?",
		     line, who);
	n += vsnprintf(shm->trace + shm->tlen + n, room - n, fmt, ap);
	if (n < room - 1) {
		shm->trace[shm->tlen + n] = '\n';
		shm->tlen += n + 1;
	}
}

static void trace_add(const char *who, const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	trace_vadd(who, file, line, fmt, ap);
	va_end(ap);
}

static const char *who(void)
{
	return cur >= 0 ? tasks[cur].name : "setup";
}

static const char *cur_file(void)
{
	return cur >= 0 ? tasks[cur].file : NULL;
}

static int cur_line(void)
{
	return cur >= 0 ? tasks[cur].line : 0;
}

void wqv_loc(const char *file, int line)
{
	if (cur >= 0) {
		tasks[cur].file = file;
		tasks[cur].line = line;
		/* Our frame sits just below the calling driver function's. */
		if (!in_setup)
			wqv_k_check_frames(cur, __builtin_frame_address(0));
	}
}

void wqv_note(const char *fmt, ...)
{
	va_list ap;

	if (in_setup)
		return;
	va_start(ap, fmt);
	trace_vadd(who(), cur_file(), cur_line(), fmt, ap);
	va_end(ap);
}

/* A schedule ends: code 0 no violation, 1 violation, >1 internal error. */
static void end_run(int code)
{
	if (!forked)
		siglongjmp(run_end, code + 1);
	fflush(NULL);
	_exit(code);
}

/* A crash or the time limit, in an in-process run: back to the explorer. */
static void run_signal(int sig)
{
	siglongjmp(run_end, 1000 + sig);
}

void wqv_violation(const char *prop, int fatal, const char *fmt, ...)
{
	va_list ap;
	int room = VIOL_SIZE - shm->vlen;
	int n;

	if (!shm->result)
		snprintf(shm->prop, sizeof(shm->prop), "%s", prop);
	shm->result = 1;
	if (room > 128) {
		n = snprintf(shm->viol + shm->vlen, room, "%s:%d: error: %s: ",
			     cur_file() ? cur_file() : "?", cur_line(), prop);
		va_start(ap, fmt);
		n += vsnprintf(shm->viol + shm->vlen + n, room - n, fmt, ap);
		va_end(ap);
		if (n < room - 1) {
			shm->viol[shm->vlen + n] = '\n';
			shm->vlen += n + 1;
		}
	}
	if (fatal)
		end_run(1);
}

int wqv_preemption_bound(void)
{
	return the_bound;
}

int wqv_fair(void)
{
	return !unfair;
}

void wqv_where(const char **file, int *line)
{
	*file = cur_file();
	*line = cur_line();
}

int wqv_cur(void)
{
	return cur;
}

const char *wqv_task_name(int task)
{
	return task >= 0 && task < ntasks ? tasks[task].name : "?";
}

int wqv_task_cond(int task)
{
	if (task < 0 || task >= ntasks || !tasks[task].cond)
		return -1;
	return tasks[task].cond() ? 1 : 0;
}

int wqv_wakers_done(void)
{
	int i;

	for (i = 0; i < ntasks; i++)
		if (tasks[i].kind == WQV_WAKER && !tasks[i].finished)
			return 0;
	return 1;
}

int wqv_on_stack(int task, const void *p)
{
	const char *c = p;

	return c >= tasks[task].stack && c < tasks[task].stack + STACK_SIZE;
}

/* ---- scheduling ---- */
static int enabled(int i)
{
	struct mtask *t = &tasks[i];

	return !t->finished && t->runnable && (!t->spin_on || !*t->spin_on) &&
	       (!t->await_on || (t->await_zero ? *t->await_on == 0 :
				 t->await_mask ? (*t->await_on & t->await_mask) ==
				  t->await_mask : *t->await_on != 0));
}

static int cmp_int(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

/*
 * The run reached the step limit without a task spinning in
 * TASK_RUNNING (that is busy-loop, reported by the kernel half when it
 * happens): name the loop (the task that took most of the last
 * scheduling points, and the lines it went through) and what every
 * other task is doing.  Never a pass, never busy-loop.
 */
static void step_limit(unsigned int en)
{
	int count[WQV_MAX_TASKS] = { 0 }, lines[16], nl = 0, top = -1, i, j, n;
	const char *file = NULL;
	char buf[1024];

	for (i = 0; i < nrecent && i < RECENT; i++)
		if (recent[i].task >= 0)
			count[(int)recent[i].task]++;
	for (i = 0; i < ntasks; i++)
		if (top < 0 || count[i] > count[top])
			top = i;
	for (i = 0; i < nrecent && i < RECENT; i++) {
		if (recent[i].task != top || !recent[i].file)
			continue;
		file = recent[i].file;
		for (j = 0; j < nl && lines[j] != recent[i].line; j++)
			;
		if (j == nl && nl < 16)
			lines[nl++] = recent[i].line;
	}
	qsort(lines, nl, sizeof(lines[0]), cmp_int);
	n = snprintf(buf, sizeof(buf), "%s loops", tasks[top].name);
	if (file) {
		n += snprintf(buf + n, sizeof(buf) - n, " through %s:", file);
		for (j = 0; j < nl && n < (int)sizeof(buf) - 64; j++)
			n += snprintf(buf + n, sizeof(buf) - n, "%s%d", j ? "," : "", lines[j]);
	}
	for (i = 0; i < ntasks && n < (int)sizeof(buf) - 128; i++) {
		const char *what;

		if (i == top)
			continue;
		if (tasks[i].finished)
			what = "returned";
		else if (en >> i & 1)
			what = "runnable";
		else if (wqv_k_asleep >> i & 1)
			what = "asleep";
		else
			what = "waiting";
		n += snprintf(buf + n, sizeof(buf) - n, "; %s %s", tasks[i].name, what);
		if (!tasks[i].finished)
			n += snprintf(buf + n, sizeof(buf) - n, " at %s:%d",
				      tasks[i].file ? tasks[i].file : tasks[i].hfile,
				      tasks[i].file ? tasks[i].line : tasks[i].hline);
	}
	trace_add(who(), cur_file(), cur_line(), "gives up after %d steps", max_points);
	wqv_violation(WQV_P_NOPROG, 1, "no end after %d scheduling points (jiffies = %lu): %s",
		      max_points, wqv_k_jiffies(), buf);
}

/* One scheduling decision: record it and return the choice. */
static int decide(void)
{
	unsigned int en = 0, real;
	int i, dflt = C_STOP, choice, k;

	for (i = 0; i < ntasks; i++) {
		if (enabled(i))
			en |= 1u << i;
		if (tasks[i].cond && !tasks[i].finished && !tasks[i].cond())
			wqv_k_cond_false(i);
	}
	real = en;
	if (wqv_k_timer_pending())
		en |= 1u << C_TIMER;
	if (signal_target >= 0 && !signal_sent && !tasks[signal_target].finished)
		en |= 1u << C_SIGNAL;
	if (cur >= 0 && (real >> cur & 1))
		dflt = cur;
	else if (real)
		dflt = __builtin_ctz(real);
	else if (en & (1u << C_TIMER))
		dflt = C_TIMER;
	if (dflt == C_STOP) {
		if (!en)
			return C_STOP;	/* nothing else could happen: no decision */
		en |= 1u << C_STOP;
	}
	k = shm->npoints;
	if (k == max_points)
		step_limit(en);
	choice = k < prefix_len ? prefix[k] : dflt;
	if (!(en >> choice & 1)) {
		fprintf(stderr, "wqv: replay diverged at point %d: the fixture is not "
			"deterministic\n", k);
		end_run(3);
	}
	shm->pts[k].enabled = en;
	shm->pts[k].cur = (cur >= 0 && (real >> cur & 1)) ? cur : -1;
	shm->pts[k].choice = choice;
	shm->npoints = k + 1;
	return choice;
}

/* The current task gives the CPU back to the scheduler loop. */
static void to_main(void)
{
	int me = cur;

	swapcontext(&tasks[me].ctx, &main_ctx);
	/* picked again: cur was set by the loop */
}

void wqv_point(const char *fmt, ...)
{
	va_list ap;

	char buf[512];
	int c;

	if (in_setup || cur < 0)
		return;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	recent[nrecent % RECENT].task = cur;
	recent[nrecent % RECENT].file = cur_file();
	recent[nrecent % RECENT].line = cur_line();
	nrecent++;
	c = wqv_task_cond(cur);
	trace_add(who(), cur_file(), cur_line(), "%s%s", buf,
		  c < 0 ? "" : c ? "  [condition true]" : "  [condition false]");
	to_main();
}

void wqv_block(void)
{
	tasks[cur].runnable = 0;
	to_main();
}

void wqv_activate(int task)
{
	tasks[task].runnable = 1;
}

void wqv_spin_wait(volatile unsigned int *word)
{
	tasks[cur].spin_on = word;
	to_main();
	tasks[cur].spin_on = NULL;
}

void wqv_await_mask(volatile unsigned int *word, unsigned int mask)
{
	tasks[cur].await_on = word;
	tasks[cur].await_mask = mask;
	if (!enabled(cur))
		to_main();
	tasks[cur].await_on = NULL;
}

void wqv_await(volatile unsigned int *word)
{
	wqv_await_mask(word, 0);
}

void wqv_await_zero(volatile unsigned int *word)
{
	tasks[cur].await_zero = 1;
	wqv_await_mask(word, 0);
	tasks[cur].await_zero = 0;
}

static void trampoline(void)
{
	int me = cur;

	tasks[me].fn();
	cur = me;
	trace_add(tasks[me].name, tasks[me].file ? tasks[me].file : tasks[me].hfile,
		  tasks[me].file ? tasks[me].line : tasks[me].hline, "returns");
	wqv_k_task_exit(me);
	tasks[me].finished = 1;
	swapcontext(&tasks[me].ctx, &main_ctx);
}

/* A timer fires ahead of runnable tasks: say which, since it costs a preemption. */
static void unfair_timer(unsigned int runnable)
{
	char buf[256];
	int i, n = 0;

	buf[0] = 0;
	for (i = 0; i < ntasks && n < (int)sizeof(buf) - 64; i++)
		if (runnable >> i & 1)
			n += snprintf(buf + n, sizeof(buf) - n, "%s%s", n ? ", " : "",
				      tasks[i].name);
	trace_add(who(), cur_file(), cur_line(),
		  "the timer fires ahead of %s, still runnable (counts as a preemption)", buf);
}

static void run_one(void)
{
	int i, c;

	wqv_k_reset(ntasks);
	for (i = 0; i < ntasks; i++) {
		struct mtask *t = &tasks[i];

		getcontext(&t->ctx);
		t->ctx.uc_stack.ss_sp = t->stack;
		t->ctx.uc_stack.ss_size = STACK_SIZE;
		t->ctx.uc_link = NULL;
		makecontext(&t->ctx, trampoline, 0);
		t->runnable = 1;
		t->spin_on = NULL;
		t->await_on = NULL;
		t->file = NULL;
		t->line = 0;
	}
	if (setup_fn) {
		in_setup = 1;
		cur = 0;
		wqv_k_switch_to(0);
		setup_fn();
		cur = -1;
		in_setup = 0;
	}
	for (;;) {
		c = decide();
		if (c == C_STOP) {
			for (i = 0; i < ntasks; i++)
				if (!tasks[i].finished)
					break;
			if (i == ntasks)
				return;
			wqv_k_quiescent();
			for (i = 0; i < ntasks; i++)
				if (!tasks[i].finished && (tasks[i].spin_on || tasks[i].await_on)) {
					cur = i;
					wqv_violation(WQV_P_HANG, 1, "%s waits forever (on a lock, or a WQV_AWAIT() that never holds)",
						      tasks[i].name);
				}
			return;
		}
		if (shm->pts[shm->npoints - 1].cur >= 0 && (c == C_TIMER || c == C_SIGNAL))
			trace_add(tasks[cur].name, tasks[cur].file, tasks[cur].line,
				  "preempted here");
		else if (c == C_TIMER && !unfair && (shm->pts[shm->npoints - 1].enabled & TASK_MASK))
			unfair_timer(shm->pts[shm->npoints - 1].enabled & TASK_MASK);
		if (c == C_TIMER) {
			wqv_k_fire_timer();
			continue;
		}
		if (c == C_SIGNAL) {
			signal_sent = 1;
			wqv_k_signal(signal_target);
			continue;
		}
		if (shm->pts[shm->npoints - 1].cur >= 0 && c != cur)
			trace_add(tasks[cur].name, tasks[cur].file, tasks[cur].line,
				  "preempted here");
		cur = c;
		wqv_k_switch_to(c);
		swapcontext(&main_ctx, &tasks[c].ctx);
	}
}

/* One schedule, from the start: its exit code (end_run()), or 1000 + a fatal signal. */
static int run_schedule(const signed char *pfx, int len)
{
	volatile int code;
	pid_t pid;
	int st;

	if (forked) {
		fflush(NULL);
		pid = fork();
		if (pid < 0) {
			perror("wqv: fork");
			exit(2);
		}
		if (!pid) {
			prefix = pfx;
			prefix_len = len;
			alarm(RUN_SECONDS);
			run_one();
			end_run(shm->result);
		}
		while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
			;
		return WIFSIGNALED(st) ? 1000 + WTERMSIG(st) : WEXITSTATUS(st);
	}
	/* The writable data back as before the first schedule (the prefix is on the heap). */
	memcpy(__data_start, snapshot, snapshot_len);
	prefix = pfx;
	prefix_len = len;
	code = sigsetjmp(run_end, 1);
	if (!code) {
		alarm(RUN_SECONDS);
		run_one();
		end_run(shm->result);
	}
	alarm(0);
	return code >= 1000 ? code : code - 1;
}

/* Before the first in-process schedule: stacks, the signal handlers, the snapshot. */
static void prepare_runs(void)
{
	static const int fatal[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGALRM };
	struct sigaction sa;
	stack_t ss;
	int i;

	for (i = 0; i < ntasks; i++)
		tasks[i].stack = malloc(STACK_SIZE);
	if (forked)
		return;
	altstack = malloc(SIGSTKSZ * 4);
	ss.ss_sp = altstack;
	ss.ss_size = SIGSTKSZ * 4;
	ss.ss_flags = 0;
	sigaltstack(&ss, NULL);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = run_signal;
	sa.sa_flags = SA_ONSTACK | SA_NODEFER;
	for (i = 0; i < (int)(sizeof(fatal) / sizeof(fatal[0])); i++)
		sigaction(fatal[i], &sa, NULL);
	snapshot_len = _end - __data_start;
	snapshot = malloc(snapshot_len);
	memcpy(snapshot, __data_start, snapshot_len);
}

/* ---- the explorer (parent) ---- */
/*
 * What a choice costs against the preemption bound: taking the CPU from
 * a task that could go on, or (fair mode) letting a timer fire while a
 * task is runnable: virtual time then runs ahead of a task that a real
 * scheduler would have run first.
 */
static int cost(const struct point *p, int y)
{
	if (p->cur >= 0 && y != p->cur)
		return 1;
	return y == C_TIMER && !unfair && (p->enabled & TASK_MASK);
}

struct work {
	int len;
	signed char *ch;
};

struct bucket {
	struct work *w;
	size_t n, cap;
};

static void push(struct bucket *b, const struct shared *s, int len, int alt)
{
	struct work w;
	int i;

	if (b->n == b->cap) {
		b->cap = b->cap ? 2 * b->cap : 64;
		b->w = realloc(b->w, b->cap * sizeof(*b->w));
	}
	w.len = len + 1;
	w.ch = malloc(w.len);
	for (i = 0; i < len; i++)
		w.ch[i] = s->pts[i].choice;
	w.ch[len] = alt;
	b->w[b->n++] = w;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static const char *base(const char *p)
{
	const char *s = strrchr(p, '/');

	return s ? s + 1 : p;
}

static void usage(void)
{
	fprintf(stderr, "usage: wqv-<fixture> [-b BOUND] [-e PROPERTY|none] [-f] [-s STEPS] [-u] [-v]\n"
		"  -f  run each schedule in a fork()ed child (slower; the first version)\n"
		"  -s  the step limit of a run (16-%d, default %d): no-progress past it\n"
		"  -u  no fairness: a timer may fire ahead of a runnable task for free\n",
		MAX_POINTS, MAX_POINTS);
	exit(2);
}

int wqv_main(int argc, char **argv, const char *input)
{
	struct bucket b[MAX_BOUND + 1];
	const char *expect = NULL;
	int bound = 2, verbose = 0, opt, i, pb;
	long nsched = 0;
	double t0 = now();
	const char *found = NULL;

	while ((opt = getopt(argc, argv, "b:e:fs:uv")) != -1) {
		switch (opt) {
		case 'b':
			bound = atoi(optarg);
			if (bound < 0 || bound > MAX_BOUND)
				usage();
			break;
		case 'e':
			expect = optarg;
			break;
		case 'f':
			forked = 1;
			break;
		case 's':
			max_points = atoi(optarg);
			if (max_points < 16 || max_points > MAX_POINTS)
				usage();
			break;
		case 'u':
			unfair = 1;
			break;
		case 'v':
			verbose = 1;
			break;
		default:
			usage();
		}
	}
	the_bound = bound;
	for (i = 0; i < ntasks; i++)
		if (signal_name && !strcmp(tasks[i].name, signal_name))
			signal_target = i;
	if (signal_name && signal_target < 0) {
		fprintf(stderr, "wqv: WQV_SIGNAL(%s): no such task\n", signal_name);
		return 2;
	}
	if (!ntasks) {
		fprintf(stderr, "wqv: the harness declares no task\n");
		return 2;
	}
	shm = mmap(NULL, sizeof(*shm), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
		   -1, 0);
	if (shm == MAP_FAILED) {
		perror("wqv: mmap");
		return 2;
	}
	prepare_runs();
	memset(b, 0, sizeof(b));
	{
		struct work w = { 0, NULL };

		b[0].w = malloc(sizeof(w));
		b[0].w[0] = w;
		b[0].n = 1;
		b[0].cap = 1;
	}
	fflush(NULL);
	for (;;) {
		struct work w;
		int st, pre;

		for (pb = 0; pb <= bound && !b[pb].n; pb++)
			;
		if (pb > bound)
			break;
		w = b[pb].w[--b[pb].n];
		shm->npoints = 0;
		shm->result = 0;
		shm->tlen = 0;
		shm->vlen = 0;
		shm->prop[0] = 0;
		nsched++;
		st = run_schedule(w.ch, w.len);
		if (st >= 1000) {
			int sig = st - 1000;

			snprintf(shm->prop, sizeof(shm->prop), "%s",
				 sig == SIGALRM ? "no-termination" : WQV_P_CRASH);
			shm->vlen += snprintf(shm->viol + shm->vlen, VIOL_SIZE - shm->vlen,
					      "error: %s: the run died of signal %d (%s)\n",
					      shm->prop, sig, strsignal(sig));
			shm->result = 1;
		} else if (st > 1) {
			fprintf(stderr, "wqv: internal error in schedule %ld\n", nsched);
			return 2;
		}
		if (shm->result) {
			found = shm->prop;
			break;
		}
		/* Extend: every alternative at every point past the prefix. */
		pre = 0;
		for (i = 0; i < shm->npoints; i++) {
			const struct point *p = &shm->pts[i];
			int y;

			if (i >= w.len) {
				for (y = 0; y <= C_STOP; y++) {
					int py;

					if (y == p->choice || !(p->enabled >> y & 1))
						continue;
					py = pre + cost(p, y);
					if (py <= bound)
						push(&b[py], shm, i, y);
				}
			}
			pre += cost(p, p->choice);
		}
		free(w.ch);
	}
	printf("wqv: %s: %s in %ld schedule%s (%.2f s, preemption bound %d%s)\n", base(input),
	       found ? found : "no violation", nsched, nsched == 1 ? "" : "s",
	       now() - t0, bound, unfair ? ", no fairness" : "");
	if (found) {
		int pre = 0;

		for (i = 0; i < shm->npoints; i++)
			pre += cost(&shm->pts[i], shm->pts[i].choice);
		printf("counterexample (%d preemption%s):\n", pre, pre == 1 ? "" : "s");
		fwrite(shm->trace, 1, shm->tlen, stdout);
		fwrite(shm->viol, 1, shm->vlen, stdout);
	}
	(void)verbose;
	if (!expect)
		return found ? 1 : 0;
	if (!strcmp(expect, "none")) {
		if (found)
			printf("wqv: FAIL: expected no violation\n");
		return found ? 1 : 0;
	}
	if (!found || strcmp(found, expect)) {
		printf("wqv: FAIL: expected %s\n", expect);
		return 1;
	}
	return 0;
}

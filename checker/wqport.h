/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * wqport: shared declarations of the checker.
 *
 * The data path is scan (main.c) -> prefilter (prefilter.c) -> parse
 * (parse.c) -> events and control flow per function (cfg.c) -> rules
 * (check_*.c) -> report (report.c).  Nothing here is global mutable
 * state: every file is checked with its own struct wq_file, so files can
 * be checked on several threads at once.
 */
#ifndef WQPORT_H
#define WQPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#define WQPORT_VERSION "0.1.0"

/* ---- rule table (rules.def) ---- */

enum wq_severity { SEV_ERROR, SEV_WARNING, SEV_STYLE };
enum wq_confidence { CONF_HIGH, CONF_MODERATE, CONF_LOW };
enum wq_fix { FIX_SAFE, FIX_UNSAFE, FIX_NONE };
enum wq_status { ST_STABLE, ST_PLANNED };

/* What `wqport fix` does with a rule's findings (rules.def planner) */
enum wq_planner {
	PLAN_NONE, PLAN_SLEEP_ON, PLAN_OPEN_CODED, PLAN_STATE_AFTER_TEST,
	PLAN_SCHEDULE_RUNNING, PLAN_WITH_LOOP,
};

struct wq_rule {
	int num;
	const char *name;
	enum wq_severity severity;
	enum wq_confidence confidence;
	enum wq_fix fix;
	const char *since;
	const char *removed;
	enum wq_status status;
	const char *summary;
	enum wq_planner planner;
	const char *cocci;	/* semantic-patches/<cocci>*.cocci, "-": none */
};

/* WQ_MAX_RULE is one past the highest rule number in rules.def. */
enum {
	WQ_RULE_NONE = 0,
#define WQ_RULE(n, ...) WQ_RULE_##n,
#include "rules.def"
#undef WQ_RULE
	WQ_MAX_RULE
};

/* The IDs for the code, WQ001 = 1, ..., from the rows of rules.def */
enum {
#define WQ_RULE(n, ...) WQ##n = 1##n - 1000,
#include "rules.def"
#undef WQ_RULE
};
#define WQ_RULE(n, ...) \
	_Static_assert((int)WQ##n == (int)WQ_RULE_##n, \
		       "rules.def: rows numbered 1, 2, ... in order");
#include "rules.def"
#undef WQ_RULE

const struct wq_rule *rule_lookup(int num);
const struct wq_rule *rule_table(size_t *count);
/* the rule's planner (PLAN_NONE for no such rule) */
enum wq_planner rule_planner(int num);
/* the stem of the rule's semantic patches, or NULL */
const char *rule_cocci(int num);
const char *severity_name(enum wq_severity s);
const char *confidence_name(enum wq_confidence c);
const char *fix_name(enum wq_fix f);
const char *status_name(enum wq_status s);

/*
 * Kernel versions as KERNEL_VERSION(a, b, c) does.  One parser for the
 * checker's and the fixer's --target; 0 if the text is no version.
 */
#define WQ_KVER(a, b, c) (((a) << 16) + ((b) << 8) + (c))
#define WQ_KERNEL_UNKNOWN	0u
#define WQ_KERNEL_LATEST	0xffffffffu
unsigned kernel_version_parse(const char *s);
char *kernel_version_text(unsigned v);
/* Does rule r apply to target t (0: latest), and at what severity? */
bool rule_applies(const struct wq_rule *r, unsigned target);
enum wq_severity rule_severity(const struct wq_rule *r, unsigned target);

/* ---- text ---- */

/* ---- kernel API knowledge (kapi.def) ---- */

enum kapi_kind {
	K_NONE,
	K_SLEEP_ON,
	K_ADD_WAIT,
	K_REMOVE_WAIT,
	K_PREPARE,
	K_FINISH,
	K_SET_STATE,
	K_SCHEDULE,
	K_SCHEDULE_TIMEOUT,
	K_SIGNAL_TEST,
	K_DECLARE_ENTRY,
	K_INIT_ENTRY,
	K_WAIT_EVENT,
	K_DELAY,
	K_UNLOCK,
	K_STATE_NAME,
	K_ARM_TIMER,
	K_OLD_NAME,
	/*
	 * Facts for the fix only (kapi_fact()), never classified as events:
	 * calls that start a function as a waker, and the callbacks that
	 * run with a lock held
	 */
	K_START_IRQ,
	K_START_TIMER,
	K_START_WORK,
	K_LOCKED_CALLBACK,
	K_ATOMIC_START,
	K_BIG_LOCK,
};

struct kapi {
	const char *name;
	enum kapi_kind kind;
	int state_arg;
	bool prefilter;
};

const struct kapi *kapi_lookup(const char *name, size_t len);
const struct kapi *kapi_classify(const char *name, size_t len);
const struct kapi *kapi_table(size_t *count);
/* a fact row (K_START_*, K_LOCKED_CALLBACK, K_ATOMIC_START) of that name, or NULL */
const struct kapi *kapi_fact(const char *name, size_t len);
/* a kernel call that writes no driver state a test could read (kpure.def) */
bool kapi_pure(const char *name);
/* Is name[0..len) a kapi.def row of that kind (K_UNLOCK, K_ARM_TIMER)? */
bool kapi_is(const char *name, size_t len, enum kapi_kind kind);

/* A call that starts what wakes a queue (kapi.def KAPI_STARTS and
 * K_ARM_TIMER rows), one that may sleep itself only if may_sleep: the
 * table's spelling of the name, or NULL */
const char *kapi_starter(const char *name, size_t len, bool may_sleep);
/* The test kthread_stop() makes true (kernel/kthread.c): one spelling for
 * the check's rules, the fix's planner and its model */
#define KTHREAD_STOP_TEST "kthread_should_stop"

/* the calls that wake a queue (queue) or a task (kapi.def KAPI_WAKES_*) */
const char *const *kapi_wakes(bool queue);

/* A call that hands a function (argument fn_arg) to a kernel thread or
 * a work item (kapi.def KAPI_THREAD); task: it returns the task */
struct kapi_thread {
	const char *name;
	int fn_arg;
	bool task;
};

const struct kapi_thread *kapi_thread_table(size_t *count);
/* a call that takes a lock, a spinning one if spins (kapi.def KAPI_LOCK) */
bool kapi_lock(const char *name, size_t len, bool spins);
const char *kapi_lock_name(size_t i, bool spins);
/* kapi.def KAPI_GUARD: the lock call of a guard class, or NULL; and
 * KAPI_GUARD_USE: 1 guard(), 2 scoped_guard(), 0 neither */
const char *kapi_guard(const char *cls, size_t len);
int kapi_guard_use(const char *name, size_t len);
/* a release a wait loop's exit branch may make (kapi.def KAPI_EXIT_UNLOCK) */
bool kapi_exit_unlock(const char *name, size_t len);
/* a sleep counted as I/O wait (kapi.def KAPI_IO_SLEEP) */
bool kapi_io_sleep(const char *name, size_t len);
/* a call that takes a semaphore (kapi.def KAPI_SEM_DOWN) */
bool kapi_sem_down(const char *name, size_t len);
bool kapi_barrier(const char *name, size_t len, bool full);
bool kapi_read(const char *name, size_t len);
const char *kapi_wakes_member(const char *name, size_t len);
bool kapi_queue_test(const char *name, size_t len);
bool kapi_queue_decl(const char *name, size_t len);
const char *kapi_queue_test_in(const char *text, unsigned from, unsigned to,
			       bool bare, long *at);
bool kapi_wake(const char *name, size_t len, bool queue);
const char *kapi_read_name(size_t i);
bool kapi_mem_copy(const char *name, size_t len);
/* a call that copies to or from user memory (kapi.def KAPI_USER_COPY) */
bool kapi_user_copy(const char *name, size_t len);
/* a call that only prints to the kernel log (kapi.def KAPI_LOG) */
bool kapi_log(const char *name, size_t len);
/* a call that takes a queue without waking it or handing it on (tables.c) */
bool kapi_quiet_queue_user(const char *c, size_t cl);

/* What a call does to the local interrupts (kapi.def KAPI_IRQ): effect
 * "off", "on", "save", "lock_off", "unlock_on", "lock_save" or
 * "unlock_restore" */
struct kapi_irq {
	const char *name, *effect;
};

const struct kapi_irq *kapi_irq_table(size_t *count);
const char *kapi_irq(const char *name, size_t len);

/* The sleep_on() family and what replaces each (kapi.def KAPI_SLEEP_ON) */
struct sleep_on_fact {
	const char *name;
	bool intr, timed;
	const char *form;	/* wait_event*(), timed if the call is */
	const char *nap;	/* schedule_timeout_*() of the same state */
};

const struct sleep_on_fact *sleep_on_table(size_t *count);
const struct sleep_on_fact *sleep_on_lookup(const char *name, size_t len);
/* the wait_event*() form that replaces a sleep_on() of that kind */
const char *sleep_on_wait_event(bool intr, bool timed);

/*
 * The wait_event*() and prepare_to_wait*() forms (kapi.def KAPI_FORM):
 * what each does, so that a form is chosen by what it must do
 * (kform_find()) and read by its name (kform_lookup()), never built from
 * pieces of a name or read back from its spelling.
 */
enum kform_family { KF_EVENT, KF_PREPARE };
enum kform_state {
	KF_UNINTERRUPTIBLE, KF_INTERRUPTIBLE, KF_KILLABLE, KF_IDLE,
	KF_FREEZABLE, KF_IO, KF_STATE_ARG,
};
enum kform_timed { KF_UNTIMED, KF_JIFFIES, KF_KTIME };
enum kform_lock {
	KF_NO_LOCK, KF_SPIN_IRQ, KF_SPIN_IRQ_CMD, KF_QUEUE_LOCK,
	KF_QUEUE_LOCK_IRQ, KF_CMD, KF_TTY_LOCK,
};

struct kapi_form {
	const char *name;
	enum kform_family family;
	enum kform_state state;
	enum kform_timed timed;
	bool exclusive;
	enum kform_lock lock;
	unsigned first;		/* first release (WQ_KVER), 0: not established */
	unsigned seen;		/* a release whose headers have it, when first is 0 */
};

const struct kapi_form *kform_table(size_t *count);
/* the row of name[0..len), or NULL */
const struct kapi_form *kform_lookup(const char *name, size_t len);
/* the form of that family doing exactly that, or NULL */
const struct kapi_form *kform_find(enum kform_family family,
				   enum kform_state state,
				   enum kform_timed timed, bool exclusive,
				   enum kform_lock lock);
/* its name, or NULL when there is no such form */
const char *kform_name(enum kform_family family, enum kform_state state,
		       enum kform_timed timed, bool exclusive,
		       enum kform_lock lock);
/* the TASK_* name a form of that state sleeps in (KF_STATE_ARG: NULL) */
const char *kform_task_state(enum kform_state state);

/* A call with a side effect (sideeffect.def): what is "sleeps",
 * "changes" or "takes" (a take-if-there call); arg names what it
 * changes (the bit, the atomic, the list head), or is -1. */
struct side_effect {
	const char *name;
	const char *what;
	int arg;
};

const struct side_effect *side_effect_table(size_t *count);
const struct side_effect *side_effect_lookup(const char *name, size_t len);

/* ---- scan (frontend/scan.c) ---- */

/* called per file; error is an allocated message for a bad path, or NULL */
typedef void (*scan_fn)(void *arg, const char *path, char *error);
/* headers: also take *.h files met in directories (for fix) */
void scan_path(const char *path, bool headers, scan_fn add, void *arg);

/* ---- compiler flags from a build (frontend/input/cflags.c) ---- */

/* 0: not a compiler flag; 1: a flag; 2: a flag taking the next argument */
int cflag_kind(const char *arg);
/* The flags libclang needs, relative paths made absolute against dir;
 * ends with "-w"; free with cflags_free() */
char **cflags_filter(const char *const *in, int n, const char *dir,
		     int *nout);
void cflags_free(char **v, int n);

/* ---- compilation database (frontend/input/compdb.c) ---- */

struct compdb;
/* path: a directory holding compile_commands.json, or the file itself */
struct compdb *compdb_open(const char *path, char **error);
/* The filtered flags of a file, or NULL if the database lacks it. */
char **compdb_flags(struct compdb *db, const char *file, int *n);
/* Every source file the database lists, in its order. */
void compdb_each_file(struct compdb *db, void (*fn)(void *arg, const char *path),
		      void *arg);
void compdb_close(struct compdb *db);

/* ---- the kernel a file is from (frontend/input/ktree.c) ---- */

/*
 * The version (WQ_KVER()) of the kernel tree path lives in, else of the
 * build its include flags point at; 0 when none is found.  *from is
 * the file that said so (lives as long as the process), or NULL.
 */
unsigned kernel_detect(const char *path, const char *const *cflags,
		       int ncflags, const char **from);

/* ---- prefilter ---- */

bool prefilter_match(const char *buf, size_t len);
/* Does a header the file includes with "" (one level, next to the file)
 * define a macro naming a prefilter word that the file uses? */
bool prefilter_includes(const char *path, const char *buf, size_t len);
bool prefilter_wait_event(const char *buf, size_t len);
void prefilter_words(void (*fn)(const char *word));

/* ---- findings ---- */

struct wq_pos {
	unsigned line, col;
};

#define WQ_MAX_NOTES 4

struct wq_note {
	struct wq_pos pos;
	char *msg;
	char *file;	/* another file (a header), or NULL: the finding's */
	unsigned ucol;		/* column in code points (SARIF), 0: unknown */
};

struct wq_finding {
	int rule;
	enum wq_severity severity;	/* the rule's, or lower for --target */
	char *func;		/* the function it is in, or NULL */
	struct wq_pos pos;
	char *msg;
	struct wq_note notes[WQ_MAX_NOTES];
	int nnotes;
	char fp[17];		/* fingerprint (fingerprint.c), hex */
	unsigned ucol;		/* column in code points (SARIF), 0: unknown */
};

/* Everything known about one input file; owned by one worker. */
struct wq_file {
	const char *path;
	char *buf;		/* file contents, NUL-terminated */
	size_t len;
	bool skipped;		/* prefilter found no API name */
	bool parsed;
	bool cached;		/* result from the cache (cache.c) */
	bool incomplete;	/* parsed with syntax errors */
	char *error;		/* fatal problem with this file, or NULL */
	char *warning;		/* non-fatal problem, or NULL */
	struct wq_finding *findings;
	int nfindings, capfindings;
	const char *cur_func;	/* function the rules are looking at */
	unsigned cc_errors;	/* compiler errors in the main file */
	char *cc_first;		/* the first of them, "line:col: message" */
	char *cc_msgs;		/* their messages, one a line, each
				 * "message\tline" (fix/validate/cc_check.c
				 * tells new errors from the input's own by
				 * the message); NULL from the cache */
	bool crashed;		/* libclang recovered from a crash on it */
	char **cflags;		/* its own flags (compilation database) */
	int ncflags;
	bool not_in_db;		/* a database was given but lacks this file */
	bool from_stdin;	/* "-": its text is the run's standard input */
	/* a template header (frontend/input/template.c): the .c file parsed for
	 * its context; only the header's functions are checked */
	char *includer;
	/* --target as WQ_KVER(), 0: the latest kernel; rules word their
	 * suggestions for it (analysis/target.c) */
	unsigned target;
	/*
	 * The kernel whose facts (checker/target-facts.def) decide what a
	 * wait can lose: --target or a .wqport target line if given, else
	 * the kernel of the file's tree or build (frontend/input/ktree.c);
	 * WQ_KERNEL_LATEST for `latest`, WQ_KERNEL_UNKNOWN when nothing
	 * says: then no version-dependent fact applies.
	 */
	unsigned kernel;
	/* while the rules run: the task state summaries of its functions
	 * (analysis/flow/state_summary.c), and what the graph builder may ask
	 * them */
	struct state_sums *sums;
	const struct state_oracle *oracle;
	/* sleeps a rule did not report because another function set the
	 * task state there and it is not known: `wqport fix` refuses them */
	struct wq_held *held;
	int nheld;
};

/*
 * What the graph builder (model/) asks about the functions a function
 * calls, answered by the analysis layer's task state summaries and
 * handed down by the driver with them: the model calls nothing above it.
 */
struct state_sums;
struct state_oracle {
	/* is name a function of the file whose calls change the task state? */
	bool (*touches)(const struct state_sums *s, const char *name,
			size_t len);
	/* the FL_* state bits fn is entered in */
	uint32_t (*entry)(const struct state_sums *s, const char *fn);
	/* the state bits after a call of callee, given those before it */
	uint32_t (*apply)(const struct state_sums *s, const char *callee,
			  uint32_t state);
};

struct wq_held {
	int rule;
	struct wq_pos pos;
	char *func;
	const char *reason;	/* reason ID: state-from-caller, ... */
	char *msg;
};

/* Record a sleep the fix must refuse (takes msg). */
void file_add_held(struct wq_file *f, int rule, struct wq_pos pos,
		   const char *reason, char *msg);

struct wq_options {
	const char *shim_dir;
	const char *const *cflags;	/* after "--", or NULL for the shim */
	int ncflags;
	bool verbose;
	bool no_prefilter;
	bool prefilter_only;
	const char *cache_dir;		/* result cache (cache.c), or NULL */
	const char *pch_dir;	/* PCHs without a cache: a folder of this
				 * run (pch_scratch_dir()), or NULL */
	bool pch_flags;		/* cflags are the run's one configuration:
				 * precompile its headers (pch.c) */
	bool pch_no_build;	/* use a PCH in pch_dir, never build one */
	unsigned long rule_mask;	/* bit n set: rule WQn enabled */
	unsigned target;	/* --target as WQ_KVER(), 0: the latest kernel */
	/* --target or a .wqport target line says it: no detection */
	bool target_set;
	/* --active-only: no token-floor finding in an #if branch the
	 * configuration leaves off (rules/floor.c) */
	bool active_only;
	bool blank_bodies;	/* leave bodies no rule reads out of the
				 * parse (frontend/blank.c): wqport check */
	/* called with the parsed translation unit before it is disposed */
	void (*tu_hook)(void *tu, struct wq_file *f, void *arg);
	void *tu_arg;
	/* what the frontend runs on a parsed translation unit (driver.c) */
	const struct wq_pipeline *pipeline;
};

/*
 * The analyses and rules the frontend runs on each parsed translation
 * unit, handed to it in the options (driver.c defines wq_pipeline), so
 * the frontend knows nothing of them.
 */
/* What the parse of a file may have lost, for the floor under it */
struct floor_ctx {
	/* why the parse may have lost code: the first header not found
	 * ("'linux/isdnif.h' file not found") and its line, or NULL */
	const char *missing;
	unsigned missing_line;
	unsigned errors;	/* compiler errors in the file */
	const char *first;	/* the first, "line:col: message" */
	/* the driver headers of the file that are inputs of their own
	 * (frontend/input/template.c): their macros are reported there */
	char **headers;
	int nheaders;
};

struct wq_pipeline {
	/* the per-function rules on every relevant function; returns the
	 * number of functions of the file */
	int (*functions)(void *tu, struct wq_file *f,
			 const struct wq_options *opt);
	/* the rules that look at the whole translation unit */
	void (*unit)(void *tu, struct wq_file *f,
		     const struct wq_options *opt);
	/* the floor under the parse (rules/floor.c): the sleeps the token
	 * scan finds that the rules did not report; returns their number */
	int (*floor)(void *tu, struct wq_file *f, const struct wq_options *opt,
		     const struct floor_ctx *ctx);
};

extern const struct wq_pipeline wq_pipeline;

void file_add_finding(struct wq_file *f, int rule, struct wq_pos pos,
		      char *msg);
void finding_add_note(struct wq_finding *fd, struct wq_pos pos, char *msg);
/* A note in another file; takes file and msg. */
void finding_add_note_in(struct wq_finding *fd, char *file, struct wq_pos pos,
			 char *msg);
void file_release(struct wq_file *f);
void file_add_warning(struct wq_file *f, char *msg);

/*
 * f's wq_file.kernel under opt: the target when opt says it, else the
 * detected kernel; *from (may be NULL) as kernel_detect()'s.
 */
unsigned file_kernel(const struct wq_file *f, const struct wq_options *opt,
		     const char **from);

/* Check one file: read, prefilter, parse, run every enabled rule. */
void check_file(struct wq_file *f, const struct wq_options *opt, void *cx_index);
/*
 * The cheap first look of check_file(): read the file and run the
 * prefilter, keeping nothing.  True when that settles it (f->skipped,
 * or f->error for an unreadable or binary file), so no worker process
 * needs to see it (isolate.c); false when it must be checked.
 */
bool screen_file(struct wq_file *f, const struct wq_options *opt);
/* The same for contents already in f->buf (f->path names the file). */
void check_buffer(struct wq_file *f, const struct wq_options *opt,
		  void *cx_index);
int build_args(const struct wq_options *opt, const char **argv,
	       char *include, const char *pch);

/* ---- crash isolation (frontend/isolate.c) ---- */

struct wq_limits {
	unsigned timeout_s;		/* per file, 0: none */
	unsigned long max_memory_mib;	/* per worker process, 0: none */
};

#define WQ_DEFAULT_TIMEOUT_S 60
#define WQ_DEFAULT_MAX_MEMORY_MIB 4096

/*
 * Check files[0..n) in `jobs` worker processes; done(arg, i) is called
 * in the calling process as each file is settled, in any order; check
 * (NULL: check_file() with opt) checks one file in a worker.  A file
 * whose worker crashed, ran out of memory or timed out gets f->error.
 * screen (or NULL) runs in the calling process first, between the
 * workers' replies: true when it settled the file, which then never
 * goes to a worker (screen_file(): the prefilter).
 */
/* check one file in a worker (index: its libclang index) */
typedef void (*isolate_check_fn)(void *arg, struct wq_file *f, void *index);
int isolate_run(struct wq_file *files, int nfiles,
		const struct wq_options *opt, int jobs,
		const struct wq_limits *lim,
		isolate_check_fn check, void *check_arg,
		bool (*screen)(void *arg, struct wq_file *f),
		void (*done)(void *arg, int i), void *arg);

/* ---- reporting ---- */

enum wq_format { FMT_TEXT, FMT_JSON, FMT_SARIF };

struct strbuf {
	char *s;
	size_t len, cap;
};

void sb_add(struct strbuf *sb, const char *s, size_t n);
void sb_puts(struct strbuf *sb, const char *s);
void sb_printf(struct strbuf *sb, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
/*
 * prefix + name as git writes a path in a patch: as is, or in double
 * quotes with C escapes when it holds a control character, a quote, a
 * backslash or a byte above 0x7f (util.c).
 */
char *git_quote_path(const char *prefix, const char *name);
/*
 * Reading only regular files (util.c): open_regular() never opens a FIFO,
 * a device or a socket (stat, open O_NONBLOCK|O_NOCTTY, fstat); *why says
 * why not.  read_regular_head(): the first max bytes at most.
 */
struct stat;
int open_regular(const char *path, struct stat *st, char **why);
char *read_regular_head(const char *path, size_t max, size_t *len,
			char **why);
/*
 * Writing (util.c): create_new() is O_CREAT|O_EXCL|O_NOFOLLOW (never an
 * existing name, never through a link); put_file() writes a mkstemp()
 * file beside path and renames it over path.
 */
int create_new(const char *path, mode_t mode);
FILE *fcreate_new(const char *path);
bool put_file(const char *path, const char *s, size_t n, mode_t mode);
/* The next #define of buf: its name, and its body in [*body, *body_end). */
const char *next_define(const char *buf, size_t len, size_t *pos, size_t *n,
			const char **body, const char **body_end);
const char *next_quoted_include(const char *buf, size_t len, size_t *pos,
				size_t *n);
#include <pthread.h>
int default_jobs(void);
int take_next(pthread_mutex_t *lock, int *next, int n);
#define WQ_STACK_SIZE (256u << 20)
int start_thread(pthread_t *t, void *(*fn)(void *), void *arg);
bool shim_ok(const char *dir);
void shim_missing(const char *prog, const char *dir);
bool parse_limit(const char *s, unsigned long max, unsigned long *v);
bool parse_jobs(const char *s, int *jobs);

void report_file(struct strbuf *out, const struct wq_file *f,
		 enum wq_format fmt, bool first_json, bool color);
void report_json_escape(struct strbuf *sb, const char *s);
/* report/fingerprint.c: fill in every finding's fp; needs f->buf */
void fingerprint_file(struct wq_file *f);

#endif /* WQPORT_H */

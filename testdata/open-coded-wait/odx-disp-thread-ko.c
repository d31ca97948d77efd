// SPDX-License-Identifier: GPL-2.0-only
/*
 * odx_disp.c -- the display refresh thread of the ODX panel driver, a
 * vendor driver written with each function's brace on its head's line.
 * The thread declares its wait entry once and makes it with
 * init_waitqueue_entry(), then queues it around each sleep until a
 * frame is posted or the thread is stopped.
 *
 * wqport fixture: the in-place rewrite keeps the entry's declaration
 * and makes it with init_wait(&w); the words say that (the body of a
 * function whose `{` is on its head's line is found), not
 * DEFINE_WAIT(w).  The kernel-doc comment of the function before it
 * names the thread, which the body search does not take for its head;
 * and an #ifdef whose branches each open a block (so the file's braces
 * do not pair up as text) does not hide the thread's body either.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/wait.h>

struct odx_panel {
	wait_queue_head_t frame_wait;
	int frame_posted;
};

/**
 * odx_panel_init - set up the panel before odx_refresh_thread() runs.
 */
static void odx_panel_init(struct odx_panel *p) {
	init_waitqueue_head(&p->frame_wait);
	p->frame_posted = 0;
}

/**
 * odx_refresh_thread - push posted frames to the panel; odx_post_frame()
 * wakes it.
 */
static int odx_refresh_thread(void *data) {
	struct odx_panel *p = data;
	wait_queue_entry_t w;

	init_waitqueue_entry(&w, current);
	while (1) {
		add_wait_queue(&p->frame_wait, &w);	/* expect: WQ002 fix=converted */
		set_current_state(TASK_INTERRUPTIBLE);
		if (!p->frame_posted && !kthread_should_stop())
			schedule();
		set_current_state(TASK_RUNNING);
		remove_wait_queue(&p->frame_wait, &w);
		if (kthread_should_stop())
			break;
		p->frame_posted = 0;
	}
	return 0;
}

/* the rotation unit sits on one cluster or the other */
int odx_rotate_check(int cpu) {
#ifdef ODX_ROT_ON_A7
	if (cpu >= 4) {
#else
	if (cpu < 4) {
#endif
		return -EINVAL;
	}
	return 0;
}

void odx_post_frame(struct odx_panel *p) {
	p->frame_posted = 1;
	wake_up(&p->frame_wait);
}

struct task_struct *odx_start(struct odx_panel *p) {
	odx_panel_init(p);
	return kthread_run(odx_refresh_thread, p, "odx-refresh");
}

MODULE_LICENSE("GPL");

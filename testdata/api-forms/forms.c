// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport API-form fixture: the same two racy waits, parsed once against
 * macro/linux/wait.h and once against function/linux/wait.h, e.g.
 *
 *   clang-14 -fsyntax-only -nostdinc -I testdata/api-forms/macro forms.c
 *   clang-14 -fsyntax-only -nostdinc -I testdata/api-forms/function forms.c
 *
 * The checker must report the same findings under both: the API is
 * recognised by name whether a name is a macro or a function.
 */
#include <linux/wait.h>

static DECLARE_WAIT_QUEUE_HEAD(forms_wq);
static int forms_flag;

/* sleep_on: a wake-up between the test and the sleep is lost. */
void forms_sleep_on(void)
{
	while (!forms_flag)
		interruptible_sleep_on(&forms_wq);
}

/* Open-coded wait: the flag is tested before the state is set. */
void forms_open_coded(void)
{
	DECLARE_WAITQUEUE(wait, current);

	add_wait_queue(&forms_wq, &wait);
	while (!forms_flag) {
		set_current_state(TASK_INTERRUPTIBLE);
		schedule();
	}
	__set_current_state(TASK_RUNNING);
	remove_wait_queue(&forms_wq, &wait);
}

void forms_wake(void)
{
	forms_flag = 1;
	wake_up_interruptible(&forms_wq);
}

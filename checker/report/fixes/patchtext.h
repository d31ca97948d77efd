/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Words of a patch description read off the change (patchtext.c).
 */
#ifndef WQPORT_PATCHTEXT_H
#define WQPORT_PATCHTEXT_H

#include <stddef.h>

/*
 * What a unified diff's added lines call in place of the sleeps it
 * removes, for a subject: "wait_event_interruptible()", "wait_event*()
 * and prepare_to_wait()", ...; NULL when it adds no such call.
 */
char *patch_written(const char *diff);
/* fn(name, len, arg) for each call (an identifier, then '(') on the
 * added lines of a unified diff, in order, repeats included */
void diff_added_calls(const char *diff,
		      void (*fn)(const char *name, size_t len, void *arg),
		      void *arg);
/*
 * The length of the kernel call a planner's form names ("prepare_to_wait"
 * of "prepare_to_wait-entry"), or 0 when the form is no call ("retest").
 */
size_t form_call_len(const char *form);

#endif /* WQPORT_PATCHTEXT_H */

/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * kx_fw.h -- firmware mailbox helpers of the KX-100 DSP card, shared by
 * kx_main.c and kx_midi.c (2.6.9 vendor tree).
 *
 * wqport fixture: sleepers in a header.  A static inline helper that
 * waits for the firmware's acknowledge is converted like any function;
 * the same wait spelled as a macro is left for a person, and reported
 * once, at the macro's own line in the header.
 */
#ifndef _KX_FW_H
#define _KX_FW_H

#include <linux/wait.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>

#define KX_MBOX_TIMEOUT		(2 * HZ)

struct kx_fw {
	wait_queue_head_t	ack_wait;
	volatile int		ack;		/* set by the mailbox irq */
	int			last_cmd;
};

/* wait until the DSP has taken the last mailbox command */
static inline int kx_fw_wait_ack(struct kx_fw *fw)
{
	while (!fw->ack) {
		interruptible_sleep_on(&fw->ack_wait);	/* expect: WQ001 fix=converted */
		if (signal_pending(current))
			return -EINTR;
	}
	fw->ack = 0;
	return 0;
}

/* old spelling, still used by kx_midi.c */
#define KX_FW_WAIT(fw)						\
	do {							\
		while (!(fw)->ack)				\
			sleep_on(&(fw)->ack_wait);	/* expect: WQ001 fix=refused:macro */ \
	} while (0)

static inline void kx_fw_sync(struct kx_fw *fw)
{
	KX_FW_WAIT(fw);	/* expect-fix: WQ001 fix=refused:macro */
}

#endif /* _KX_FW_H */

/* SPDX-License-Identifier: GPL-2.0-only */
/* wqport fixture header: the HSX host adapter (see hsx-eh-reset-ko.c). */
#ifndef HSX_HOST_H
#define HSX_HOST_H

#include <linux/atomic.h>
#include "hsx-trace.h"

struct hsx_host {
	unsigned int host_no;
	atomic_t pending_aborts;
};

#endif

/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * wqport fixture header: the trace buffer of the HSX host driver (see
 * hsx-eh-reset-ko.c), included by hsx-host.h: each record keeps the
 * address of the function that wrote it, as a number.
 */
#ifndef HSX_TRACE_H
#define HSX_TRACE_H

#include <linux/types.h>

struct hsx_trace_rec {
	u64 fnaddr;
	u64 host_no;
	u64 tag;
};

extern int hsx_tracing_enabled;
struct hsx_trace_rec *hsx_trace_get_buf(void);

#define HSX_TRACE(_fn, _hn, _t)						\
	if (unlikely(hsx_tracing_enabled)) {				\
		struct hsx_trace_rec *trace_buf = hsx_trace_get_buf();	\
		if (trace_buf) {					\
			trace_buf->fnaddr = (u64)(unsigned long)_fn;	\
			trace_buf->host_no = _hn;			\
			trace_buf->tag = _t;				\
		}							\
	}

#endif

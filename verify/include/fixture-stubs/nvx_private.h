/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * wqport verify: a stand-in for the vendor header that
 * testdata/wait-entry-leak/vendor-hdr-unknown-ko.c includes and that is
 * missing on purpose (the checker must cope without it).  Just enough
 * for the model to build the fixture: a device with a ready queue and
 * flag, and a sub-device with an idle queue and a busy flag.
 */
#ifndef WQV_STUB_NVX_PRIVATE_H
#define WQV_STUB_NVX_PRIVATE_H

typedef struct nvx_dev {
	wait_queue_head_t idle_wq;
	int busy;
} nvx_dev_t;

struct nvx_priv {
	wait_queue_head_t ready_wq;
	int ready;
	nvx_dev_t *dev;
};

static inline bool nvx_ready(struct nvx_priv *priv)
{
	return READ_ONCE(priv->ready);
}

#endif /* WQV_STUB_NVX_PRIVATE_H */

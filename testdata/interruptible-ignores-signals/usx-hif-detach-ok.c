// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: a USB wireless host interface that, on removal, waits
 * for its upper layer to let go, in fixed delays in TASK_INTERRUPTIBLE,
 * counting its tries in a member of the device's context rather than in
 * a local.  With a signal pending the delays return at once, but each
 * pass steps the count and the loop ends after its last try: a bounded
 * retry, not the endless spin of WQ007 (docs/rules/WQ007).
 *
 * - usx_remove(): `ctx->removed_wait_cnt < N` with `ctx->removed_wait_cnt++`;
 * - usx_unregister(): a member of a member, `ctx->st.tries`, stepped
 *   with `+= 1`.
 */
#include <linux/atomic.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/usb.h>

#define USX_REMOVE_TRIES	20

struct usx_stats {
	int tries;
};

struct usx_ctx {
	atomic_t upper_busy;
	int removed_wait_cnt;
	struct usx_stats st;
};

static struct usx_ctx *usx_sc;

static void usx_remove(struct usb_interface *intf)
{
	struct usx_ctx *ctx = usb_get_intfdata(intf);

	while (atomic_read(&ctx->upper_busy) &&
	       ctx->removed_wait_cnt < USX_REMOVE_TRIES) {
		set_current_state(TASK_INTERRUPTIBLE);
		schedule_timeout(HZ / 5);
		ctx->removed_wait_cnt++;
	}
	usb_set_intfdata(intf, NULL);
}

void usx_unregister(void)
{
	struct usx_ctx *ctx = usx_sc;

	ctx->st.tries = 0;
	while (atomic_read(&ctx->upper_busy) && ctx->st.tries < USX_REMOVE_TRIES) {
		set_current_state(TASK_INTERRUPTIBLE);
		schedule_timeout(HZ / 5);
		ctx->st.tries += 1;
	}
}
EXPORT_SYMBOL(usx_unregister);

static struct usb_driver usx_driver = {
	.name = "usx",
	.disconnect = usx_remove,
};
module_usb_driver(usx_driver);

MODULE_LICENSE("GPL");

// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: a DMA engine driver whose channel users wait for a
 * free descriptor slot.  A freed slot serves one waiter, so they queue
 * exclusive.  The state is set before the channel mutex is taken and the
 * entry queued, and set again only after the sleep: the first sleep can
 * follow the add with no state write in between.  The in-place rewrite
 * would put prepare_to_wait_exclusive() at the add; the refusal names
 * that call and the add the code makes.
 */
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/wait.h>

struct exq_chan {
	struct mutex mutex;
	wait_queue_head_t slot_wq;
	unsigned int free_slots;
};

int exq_get_slot(struct exq_chan *ch)
{
	DECLARE_WAITQUEUE(wait, current);

	set_current_state(TASK_UNINTERRUPTIBLE);
	mutex_lock(&ch->mutex);
	add_wait_queue_exclusive(&ch->slot_wq, &wait);	/* expect: WQ002 fix=refused:state-outside-loop */
	while (!ch->free_slots) {
		mutex_unlock(&ch->mutex);
		schedule();
		mutex_lock(&ch->mutex);
		set_current_state(TASK_UNINTERRUPTIBLE);
	}
	__set_current_state(TASK_RUNNING);
	remove_wait_queue(&ch->slot_wq, &wait);
	ch->free_slots--;
	mutex_unlock(&ch->mutex);
	return 0;
}
EXPORT_SYMBOL(exq_get_slot);

void exq_put_slot(struct exq_chan *ch)
{
	mutex_lock(&ch->mutex);
	ch->free_slots++;
	mutex_unlock(&ch->mutex);
	wake_up(&ch->slot_wq);
}
EXPORT_SYMBOL(exq_put_slot);

MODULE_LICENSE("GPL");

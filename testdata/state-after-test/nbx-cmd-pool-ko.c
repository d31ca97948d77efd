// SPDX-License-Identifier: GPL-2.0-only
/*
 * nbx_pool.c -- command slots of the NBX-8 block emulator.
 *
 * wqport fixture: a slot allocator tests the slot it took before it queues
 * itself: a slot freed in between is missed (WQ003).  The loop's one exit
 * fills the command in, then returns it: no plain test to repeat before the
 * sleep, refused, and the refusal must not claim the loop waits for nothing.
 * wqport-cocci: beyond-standalone (a do { } while (1) left by a return
 * after work: the standalone shapes read while and for loops' plain tests)
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/bitops.h>
#include <linux/sched.h>
#include <linux/wait.h>

#define NBX_SLOTS	32

struct nbx_cmd {
	void *data;
	unsigned int tag;
};

struct nbx_pool {
	unsigned long map;
	struct nbx_cmd cmds[NBX_SLOTS];
	wait_queue_head_t slot_wait;
};

static struct nbx_cmd *nbx_take(struct nbx_pool *pool)
{
	unsigned int tag;

	do {
		tag = find_first_zero_bit(&pool->map, NBX_SLOTS);
		if (tag >= NBX_SLOTS)
			return NULL;
	} while (test_and_set_bit_lock(tag, &pool->map));
	pool->cmds[tag].tag = tag;
	return &pool->cmds[tag];
}

/* called from the completion path when a command is done */
static void nbx_put(struct nbx_pool *pool, struct nbx_cmd *cmd)
{
	clear_bit_unlock(cmd->tag, &pool->map);
	if (waitqueue_active(&pool->slot_wait))
		wake_up(&pool->slot_wait);
}

static struct nbx_cmd *nbx_get(struct nbx_pool *pool, void *data)
{
	struct nbx_cmd *cmd;
	DEFINE_WAIT(wait);

	do {
		cmd = nbx_take(pool);
		if (cmd) {
			cmd->data = data;
			return cmd;
		}
		prepare_to_wait(&pool->slot_wait, &wait, TASK_UNINTERRUPTIBLE);	/* expect: WQ003 fix=refused:no-condition */
		io_schedule();
		finish_wait(&pool->slot_wait, &wait);
	} while (1);
}

struct nbx_cmd *nbx_submit(struct nbx_pool *pool, void *data)
{
	struct nbx_cmd *cmd = nbx_get(pool, data);

	nbx_put(pool, cmd);
	return cmd;
}
EXPORT_SYMBOL_GPL(nbx_submit);

MODULE_LICENSE("GPL");

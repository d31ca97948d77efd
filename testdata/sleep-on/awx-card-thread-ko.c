// SPDX-License-Identifier: GPL-2.0-only
/*
 * awx: the request thread of an invented memory-card reader.  The
 * thread queues an entry on awx_thread_wq for its whole life and then
 * sleeps in interruptible_sleep_on() on that same queue whenever no
 * card has a request.  Converting the sleep_on() in place would put a
 * schedule() inside the add_wait_queue() of the thread's own entry: a
 * hand-written wait loop (WQ002) the original did not have, which the
 * fix refuses and says it would add.
 */
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/semaphore.h>
#include <linux/wait.h>

struct awx_card {
	struct awx_card *next;
	int pending;
	int exiting;
};

static DECLARE_WAIT_QUEUE_HEAD(awx_thread_wq);
static DEFINE_SEMAPHORE(awx_thread_sem);
static struct awx_card *awx_cards;
static int awx_thread_sleeping;

void awx_card_issue(struct awx_card *card);

void awx_card_kick(struct awx_card *card)
{
	card->pending = 1;
	if (awx_thread_sleeping) {
		awx_thread_sleeping = 0;
		wake_up_interruptible(&awx_thread_wq);
	}
}

int awx_card_thread(void *data)
{
	struct awx_card *card;
	DECLARE_WAITQUEUE(wait, current);

	down(&awx_thread_sem);
	add_wait_queue(&awx_thread_wq, &wait);
	for (;;) {
		for (card = awx_cards; card; card = card->next)
			if (card->pending)
				break;
		if (!card) {
			if (awx_cards && awx_cards->exiting)
				break;
			up(&awx_thread_sem);
			awx_thread_sleeping = 1;
			interruptible_sleep_on(&awx_thread_wq);	/* expect: WQ001 fix=refused:verification */
			down(&awx_thread_sem);
			continue;
		}
		card->pending = 0;
		awx_card_issue(card);
	}
	remove_wait_queue(&awx_thread_wq, &wait);
	up(&awx_thread_sem);
	return 0;
}

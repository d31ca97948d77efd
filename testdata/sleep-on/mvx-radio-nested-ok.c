// SPDX-License-Identifier: GPL-2.0-only
/*
 * mvx_radio.c -- Mavex MV-10 FM tuner card, PCI and ISA (2.6 port).
 *
 * wqport fixture: the same nesting as mvx-radio-nested-ko.c, `#ifdef
 * CONFIG_PM` inside `#ifdef CONFIG_PCI`, after the port to wait_event*():
 * checked with both branches forced on, it must stay silent.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/errno.h>
#include <asm/io.h>

#define MVX_STATUS	0x02
#define MVX_ST_IDLE	0x01

struct mvx_card {
	unsigned long		base;
	int			idle;
	int			tuned;
	wait_queue_head_t	idle_wait;
	wait_queue_head_t	tune_wait;
};

static struct mvx_card mvx_unit;

#ifdef CONFIG_PCI
#include <linux/pci.h>

static int mvx_pci_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	mvx_unit.base = pci_resource_start(pdev, 0);
	return 0;
}

#ifdef CONFIG_PM
static int mvx_pci_suspend(struct pci_dev *pdev, pm_message_t state)
{
	struct mvx_card *card = &mvx_unit;

	long left;

	left = wait_event_interruptible_timeout(card->idle_wait, card->idle,
						HZ);
	if (left < 0)
		return left;
	return left ? 0 : -EBUSY;
}

static int mvx_pci_resume(struct pci_dev *pdev)
{
	struct mvx_card *card = &mvx_unit;

	outb(0, card->base);
	wait_event(card->tune_wait, card->tuned);
	return 0;
}
#endif /* CONFIG_PM */
#else /* !CONFIG_PCI: the ISA card */
static int mvx_isa_probe(void)
{
	mvx_unit.base = 0x20c;
	return 0;
}
#endif /* CONFIG_PCI */

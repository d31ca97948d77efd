// SPDX-License-Identifier: GPL-2.0-only
/*
 * mvx_radio.c -- Mavex MV-10 FM tuner card, PCI and ISA (2.4 vendor tree).
 *
 * wqport fixture: waits in a chain nested in another chain's branch
 * that this configuration does not compile.  The power management hooks
 * sit under `#ifdef CONFIG_PM` inside the `#ifdef CONFIG_PCI` half of
 * the file: forcing CONFIG_PCI on alone still leaves them out, so the
 * nested branch must be forced on together with the one around it.  The
 * old polling code under the nested `#if 0` stays unchecked.
 * wqport-args: --target=2.4.37
 * wqport-test: shim-only (linux/config.h is gone since 2.6.19)
 */
#include <linux/config.h>
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
	struct wait_queue	*idle_wait;
	struct wait_queue	*tune_wait;
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
/* let the DSP finish its current tune before the card loses power */
static int mvx_pci_suspend(struct pci_dev *pdev, u32 state)
{
	struct mvx_card *card = &mvx_unit;

	if (!card->idle)
		interruptible_sleep_on_timeout(&card->idle_wait, HZ);	/* expect: WQ001 */
	return card->idle ? 0 : -EBUSY;
}

static int mvx_pci_resume(struct pci_dev *pdev)
{
	struct mvx_card *card = &mvx_unit;

	outb(0, card->base);
	while (!card->tuned)
		sleep_on(&card->tune_wait);		/* expect: WQ001 */
	return 0;
}
#elif 0
/* the first try, kept for reference */
static int mvx_pci_suspend(struct pci_dev *pdev, u32 state)
{
	while (!(inb(mvx_unit.base + MVX_STATUS) & MVX_ST_IDLE))
		sleep_on_timeout(&mvx_unit.idle_wait, 1);
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

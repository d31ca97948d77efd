/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * wqport shim: <linux/pci.h>, enough of the PCI driver interface of
 * Linux 6.1 for a simple PCI driver to parse without a kernel tree.
 */
#include <wqport-shim.h>

#ifndef _WQPORT_LINUX_PCI_H
#define _WQPORT_LINUX_PCI_H

#include <linux/mod_devicetable.h>

#define PCI_NUM_RESOURCES	17
struct pci_bus;
struct pci_dev {
	struct pci_bus *bus;
	unsigned int devfn;
	unsigned short vendor;
	unsigned short device;
	unsigned short subsystem_vendor;
	unsigned short subsystem_device;
	unsigned int class;
	u8 revision;
	struct device dev;
	unsigned int irq;
	struct resource resource[PCI_NUM_RESOURCES];
};
#define to_pci_dev(n)		container_of(n, struct pci_dev, dev)

struct pci_driver {
	const char *name;
	const struct pci_device_id *id_table;
	int (*probe)(struct pci_dev *dev, const struct pci_device_id *id);
	void (*remove)(struct pci_dev *dev);
	void (*shutdown)(struct pci_dev *dev);
	struct device_driver driver;
};

#define PCI_DEVICE(vend, dev)							\
	.vendor = (vend), .device = (dev),					\
	.subvendor = PCI_ANY_ID, .subdevice = PCI_ANY_ID

extern int __must_check __pci_register_driver(struct pci_driver *drv, struct module *owner,
					      const char *mod_name);
#define pci_register_driver(driver)						\
	__pci_register_driver(driver, THIS_MODULE, KBUILD_MODNAME)
extern void pci_unregister_driver(struct pci_driver *dev);
#define module_pci_driver(__pci_driver)						\
	module_driver(__pci_driver, pci_register_driver, pci_unregister_driver)

extern int __must_check pci_enable_device(struct pci_dev *dev);
extern void pci_disable_device(struct pci_dev *dev);
extern void pci_set_master(struct pci_dev *dev);
extern int __must_check pci_request_regions(struct pci_dev *pdev, const char *res_name);
extern void pci_release_regions(struct pci_dev *pdev);
extern void __iomem *pci_iomap(struct pci_dev *dev, int bar, unsigned long max);
extern void pci_iounmap(struct pci_dev *dev, void __iomem *addr);
extern int pci_read_config_byte(const struct pci_dev *dev, int where, u8 *val);
extern int pci_read_config_word(const struct pci_dev *dev, int where, u16 *val);
extern int pci_read_config_dword(const struct pci_dev *dev, int where, u32 *val);
extern int pci_write_config_byte(const struct pci_dev *dev, int where, u8 val);
extern int pci_write_config_word(const struct pci_dev *dev, int where, u16 val);
extern int pci_write_config_dword(const struct pci_dev *dev, int where, u32 val);
#define PCI_IRQ_LEGACY		(1 << 0)
#define PCI_IRQ_MSI		(1 << 1)
#define PCI_IRQ_MSIX		(1 << 2)
#define PCI_IRQ_ALL_TYPES	(PCI_IRQ_LEGACY | PCI_IRQ_MSI | PCI_IRQ_MSIX)
extern int pci_alloc_irq_vectors(struct pci_dev *dev, unsigned int min_vecs,
				 unsigned int max_vecs, unsigned int flags);
extern void pci_free_irq_vectors(struct pci_dev *dev);
extern int pci_irq_vector(struct pci_dev *dev, unsigned int nr);

#define pci_resource_start(dev, bar)	((dev)->resource[(bar)].start)
#define pci_resource_end(dev, bar)	((dev)->resource[(bar)].end)
#define pci_resource_len(dev, bar)						\
	(pci_resource_end((dev), (bar)) ? resource_size(&(dev)->resource[(bar)]) : 0)

static inline void *pci_get_drvdata(struct pci_dev *pdev)
{
	return dev_get_drvdata(&pdev->dev);
}

static inline void pci_set_drvdata(struct pci_dev *pdev, void *data)
{
	dev_set_drvdata(&pdev->dev, data);
}

#endif /* _WQPORT_LINUX_PCI_H */

/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * wqport shim: <linux/platform_device.h>, the platform bus as a typical
 * SoC driver sees it in Linux 6.1 (remove() still returns int there).
 */
#include <wqport-shim.h>

#ifndef _WQPORT_LINUX_PLATFORM_DEVICE_H
#define _WQPORT_LINUX_PLATFORM_DEVICE_H

#include <linux/mod_devicetable.h>

typedef struct pm_message { int event; } pm_message_t;

struct platform_device {
	const char *name;
	int id;
	struct device dev;
	u32 num_resources;
	struct resource *resource;
	const struct platform_device_id *id_entry;
};
#define to_platform_device(x)	container_of((x), struct platform_device, dev)

struct platform_driver {
	int (*probe)(struct platform_device *);
	int (*remove)(struct platform_device *);
	void (*shutdown)(struct platform_device *);
	int (*suspend)(struct platform_device *, pm_message_t state);
	int (*resume)(struct platform_device *);
	struct device_driver driver;
	const struct platform_device_id *id_table;
};

extern int __platform_driver_register(struct platform_driver *drv, struct module *owner);
#define platform_driver_register(drv)	__platform_driver_register(drv, THIS_MODULE)
extern void platform_driver_unregister(struct platform_driver *drv);
#define module_platform_driver(__platform_driver)				\
	module_driver(__platform_driver, platform_driver_register,		\
		      platform_driver_unregister)

extern int platform_get_irq(struct platform_device *dev, unsigned int num);
extern int platform_get_irq_optional(struct platform_device *dev, unsigned int num);
extern struct resource *platform_get_resource(struct platform_device *dev, unsigned int type,
					      unsigned int num);
extern void __iomem *devm_platform_ioremap_resource(struct platform_device *pdev,
						    unsigned int index);

static inline void *platform_get_drvdata(const struct platform_device *pdev)
{
	return dev_get_drvdata(&pdev->dev);
}

static inline void platform_set_drvdata(struct platform_device *pdev, void *data)
{
	dev_set_drvdata(&pdev->dev, data);
}

#endif /* _WQPORT_LINUX_PLATFORM_DEVICE_H */

/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * wqport shim: <linux/device.h>, the driver model: struct device and struct device_driver,
 * drvdata, devm_k*alloc() and the dev_err()/dev_info()/... messages.
 *
 * A minimal model of the Linux 6.1 interface.  wqport-shim.h includes
 * this file, so all of it is available whatever a driver includes.
 */
#include <wqport-shim.h>

#ifndef _WQPORT_LINUX_DEVICE_H
#define _WQPORT_LINUX_DEVICE_H

struct device_node;
struct of_device_id;
struct bus_type;
struct class;
struct attribute_group;
struct dev_pm_ops;
struct device_driver {
	const char *name;
	struct bus_type *bus;
	struct module *owner;
	const struct of_device_id *of_match_table;
	const struct dev_pm_ops *pm;
};
struct device {
	struct device *parent;
	const char *init_name;
	struct bus_type *bus;
	struct device_driver *driver;
	void *platform_data;
	void *driver_data;
	struct device_node *of_node;
	struct class *class;
	dev_t devt;
	const struct attribute_group **groups;
	void (*release)(struct device *dev);
};
static inline void *dev_get_drvdata(const struct device *dev) { return dev->driver_data; }
static inline void dev_set_drvdata(struct device *dev, void *data) { dev->driver_data = data; }
static inline const char *dev_name(const struct device *dev) { return dev->init_name; }
struct device *get_device(struct device *dev);
void put_device(struct device *dev);
void *devm_kmalloc(struct device *dev, size_t size, gfp_t gfp);
static inline void *devm_kzalloc(struct device *dev, size_t size, gfp_t gfp)
{ return devm_kmalloc(dev, size, gfp | __GFP_ZERO); }
void devm_kfree(struct device *dev, const void *p);
__printf(2, 3) void _dev_err(const struct device *dev, const char *fmt, ...);
__printf(2, 3) void _dev_warn(const struct device *dev, const char *fmt, ...);
__printf(2, 3) void _dev_notice(const struct device *dev, const char *fmt, ...);
__printf(2, 3) void _dev_info(const struct device *dev, const char *fmt, ...);
__printf(3, 4) int dev_err_probe(const struct device *dev, int err, const char *fmt, ...);
#define dev_err(dev, fmt, ...)		_dev_err(dev, dev_fmt(fmt), ##__VA_ARGS__)
#define dev_warn(dev, fmt, ...)		_dev_warn(dev, dev_fmt(fmt), ##__VA_ARGS__)
#define dev_notice(dev, fmt, ...)	_dev_notice(dev, dev_fmt(fmt), ##__VA_ARGS__)
#define dev_info(dev, fmt, ...)		_dev_info(dev, dev_fmt(fmt), ##__VA_ARGS__)
#define dev_dbg(dev, fmt, ...)	({ if (0) _dev_info(dev, dev_fmt(fmt), ##__VA_ARGS__); })
#define dev_err_ratelimited(dev, fmt, ...)	dev_err(dev, fmt, ##__VA_ARGS__)
#define dev_warn_ratelimited(dev, fmt, ...)	dev_warn(dev, fmt, ##__VA_ARGS__)
#define dev_err_once(dev, fmt, ...)		dev_err(dev, fmt, ##__VA_ARGS__)
#define dev_warn_once(dev, fmt, ...)		dev_warn(dev, fmt, ##__VA_ARGS__)

#endif /* _WQPORT_LINUX_DEVICE_H */

/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * wqport shim: <linux/of.h>, a minimal device-tree interface so that
 * drivers with an of_match_table parse without a kernel tree.
 */
#include <wqport-shim.h>

#ifndef _WQPORT_LINUX_OF_H
#define _WQPORT_LINUX_OF_H

#include <linux/mod_devicetable.h>

struct property;
struct device_node {
	const char *name;
	const char *full_name;
	struct property *properties;
	struct device_node *parent;
};

#define of_match_ptr(_ptr)	(_ptr)
extern int of_property_read_u32_array(const struct device_node *np, const char *propname,
				      u32 *out_values, size_t sz);
static inline int of_property_read_u32(const struct device_node *np, const char *propname,
				       u32 *out_value)
{
	return of_property_read_u32_array(np, propname, out_value, 1);
}
extern int of_property_read_string(const struct device_node *np, const char *propname,
				   const char **out_string);
extern bool of_property_read_bool(const struct device_node *np, const char *propname);
extern const void *of_get_property(const struct device_node *node, const char *name, int *lenp);
extern bool of_device_is_compatible(const struct device_node *device, const char *compat);
extern const struct of_device_id *of_match_device(const struct of_device_id *matches,
						  const struct device *dev);
extern const void *of_device_get_match_data(const struct device *dev);
extern struct device_node *of_node_get(struct device_node *node);
extern void of_node_put(struct device_node *node);
extern unsigned int irq_of_parse_and_map(struct device_node *node, int index);
extern void __iomem *of_iomap(struct device_node *node, int index);

#endif /* _WQPORT_LINUX_OF_H */

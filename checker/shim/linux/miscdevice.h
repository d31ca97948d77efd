/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * wqport shim: <linux/miscdevice.h>, struct miscdevice, misc_register() and
 * misc_deregister().
 *
 * A minimal model of the Linux 6.1 interface.  wqport-shim.h includes
 * this file, so all of it is available whatever a driver includes.
 */
#include <wqport-shim.h>

#ifndef _WQPORT_LINUX_MISCDEVICE_H
#define _WQPORT_LINUX_MISCDEVICE_H

#define MISC_DYNAMIC_MINOR	255
struct miscdevice {
	int minor;
	const char *name;
	const struct file_operations *fops;
	struct list_head list;
	struct device *parent;
	struct device *this_device;
	const struct attribute_group **groups;
	const char *nodename;
	umode_t mode;
};
int misc_register(struct miscdevice *misc);
void misc_deregister(struct miscdevice *misc);
#define module_misc_device(__misc)	module_driver(__misc, misc_register, misc_deregister)

#endif /* _WQPORT_LINUX_MISCDEVICE_H */

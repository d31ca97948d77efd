/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * wqport shim: <linux/mod_devicetable.h>, the device-ID tables that
 * platform, OF and PCI drivers match on (minimal Linux 6.1 layouts).
 */
#include <wqport-shim.h>

#ifndef _WQPORT_LINUX_MOD_DEVICETABLE_H
#define _WQPORT_LINUX_MOD_DEVICETABLE_H

struct of_device_id {
	char name[32];
	char type[32];
	char compatible[128];
	const void *data;
};

#define PLATFORM_NAME_SIZE	20
struct platform_device_id {
	char name[PLATFORM_NAME_SIZE];
	kernel_ulong_t driver_data;
};

#define PCI_ANY_ID		(~0)
struct pci_device_id {
	__u32 vendor, device;
	__u32 subvendor, subdevice;
	__u32 class, class_mask;
	kernel_ulong_t driver_data;
	__u32 override_only;
};

#endif /* _WQPORT_LINUX_MOD_DEVICETABLE_H */

/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * wqport shim: <linux/of_address.h>.  The shim's <linux/of.h> declares what
 * drivers use from this header; this file only makes the #include
 * resolve.
 */
#include <linux/of.h>

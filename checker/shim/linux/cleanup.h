/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * wqport shim: <linux/cleanup.h>.
 *
 * What a driver uses from this header is declared by the forced
 * include wqport-shim.h; this file only makes the #include resolve
 * when a file is parsed without a kernel tree.
 */
#include <wqport-shim.h>

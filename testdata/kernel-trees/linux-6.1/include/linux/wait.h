/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * wqport fixture: the header that, beside a kernel-shaped Makefile,
 * tells a Linux tree from another project numbered the same way
 * (frontend/ktree.c).  Its contents are not read; the fixtures are
 * parsed against wqport's shim.
 */
#ifndef _LINUX_WAIT_H
#define _LINUX_WAIT_H
#endif

/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * wqport shim: <linux/config.h>, empty on purpose.
 *
 * Every driver written before 2.6.19 includes it first (it pulled in the
 * CONFIG_ options; kbuild forces autoconf.h now and 2.6.19 removed the
 * file).  Without it such a file would fail on its first line.  The
 * shim sets no CONFIG_ option: code under one is checked by a second
 * parse with the branch forced on (docs/design.md, inactive regions).
 */
#include <wqport-shim.h>

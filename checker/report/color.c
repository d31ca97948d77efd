// SPDX-License-Identifier: GPL-2.0-only
/*
 * When output is coloured.  As gcc, clang-tidy and GNU ls do: only on a
 * terminal unless --color=always, never with --color=never; NO_COLOR
 * set to anything but "" turns the automatic colour off (it does not
 * override an explicit --color=always), and so does TERM=dumb, which
 * also understands no cursor movement (the progress line).
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "color.h"

int color_parse(const char *v, int *mode)
{
	if (!v || !strcmp(v, "always") || !strcmp(v, "yes") ||
	    !strcmp(v, "force"))
		*mode = COLOR_ALWAYS;
	else if (!strcmp(v, "never") || !strcmp(v, "no") || !strcmp(v, "none"))
		*mode = COLOR_NEVER;
	else if (!strcmp(v, "auto") || !strcmp(v, "tty") ||
		 !strcmp(v, "if-tty"))
		*mode = COLOR_AUTO;
	else
		return -1;
	return 0;
}

bool smart_terminal(int fd)
{
	const char *term = getenv("TERM");

	return isatty(fd) && term && *term && strcmp(term, "dumb");
}

bool color_on(int mode, int fd)
{
	const char *no = getenv("NO_COLOR");

	if (mode != COLOR_AUTO)
		return mode == COLOR_ALWAYS;
	return !(no && *no) && smart_terminal(fd);
}

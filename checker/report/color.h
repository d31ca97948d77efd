/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * --color=auto|always|never and NO_COLOR (https://no-color.org), and the
 * terminal tests the progress line shares.
 */
#ifndef WQPORT_COLOR_H
#define WQPORT_COLOR_H

#include <stdbool.h>

enum color_mode { COLOR_AUTO, COLOR_ALWAYS, COLOR_NEVER };

/* "auto", "always", "never" (or yes/force, no/none); NULL: always */
int color_parse(const char *v, int *mode);
/* Colour on fd?  auto: a terminal whose TERM is not dumb, no NO_COLOR */
bool color_on(int mode, int fd);
/* A terminal that understands escapes: fd is a tty, TERM is not dumb */
bool smart_terminal(int fd);

#endif /* WQPORT_COLOR_H */

/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef WQPORT_HELP_H
#define WQPORT_HELP_H

#include <stdio.h>

enum help_cmd { HELP_CHECK, HELP_FIX };

/* --help of `wqport` or `wqport fix` */
void help_print(FILE *out, enum help_cmd cmd);
/* the manual page wqport(1), in roff */
void help_man(FILE *out, const char *version);

#endif /* WQPORT_HELP_H */

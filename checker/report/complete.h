/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef WQPORT_COMPLETE_H
#define WQPORT_COMPLETE_H

#include <stdio.h>

/* --print-completion: bash completion from the option table */
void complete_bash(FILE *out, const char *version);

#endif /* WQPORT_COMPLETE_H */

// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport-diffdump: the changed lines the diff reader (diffparse.c) finds
 * in a diff on standard input, one file a line, for the tests that hold
 * it against real `git diff` output (tools/diff-test.py).  Not installed.
 *
 *	path<TAB>first-last first-last ...
 *
 * A diff the reader refuses: its message on stderr, exit 2.
 */
#include <stdio.h>
#include <stdlib.h>

#include "select.h"

int main(void)
{
	struct diff d = { 0 };
	char *err = NULL;
	int i, k;

	if (diff_read(&d, "-", &err) < 0) {
		fprintf(stderr, "wqport-diffdump: %s\n", err);
		free(err);
		return 2;
	}
	for (i = 0; i < d.nfiles; i++) {
		printf("%s\t", d.files[i].rel);
		for (k = 0; k < d.files[i].nranges; k++)
			printf("%s%u-%u", k ? " " : "", d.files[i].lines[2 * k],
			       d.files[i].lines[2 * k + 1]);
		putchar('\n');
	}
	diff_free(&d);
	return 0;
}

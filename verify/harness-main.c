// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport verify: one model executable = a fixture + its harness + the
 * runtime.  Built with -DWQV_INPUT="<fixture>" -DWQV_HARNESS="<harness>"
 * and -include wqport-shim.h -include wqv-model.h; the fixture is
 * included whole (its functions are static), then the harness.
 */
#include WQV_INPUT
#include "wqv-harness.h"
#include WQV_HARNESS

int wqv_main(int argc, char **argv, const char *input);

int main(int argc, char **argv)
{
	return wqv_main(argc, argv, WQV_INPUT);
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * The model check of a function in each #if configuration that reads as
 * C, when the function as it stands does not (validate_pp.c finds the
 * configurations; vmodel.c checks one).
 */
#include <stdlib.h>

#include "modelcheck.h"

/*
 * The model check of each configuration that reads as C; the first that
 * finds a property the original lacks refuses, the first verdict stands.
 */
char *model_check_function(const struct vside *orig, const struct vside *rew,
			   const char *fn, char **verdict, struct model_facts *mf)
{
	struct vtoks ot, rt;
	char *why, *v = NULL;
	bool unreadable;
	int *sel = NULL, n, k, modelled = 0;

	why = model_check_config(orig, rew, fn, NULL, verdict, &unreadable, mf);
	if (why || !unreadable)
		return why;
	n = vconfig_alternatives(orig, rew, fn, &ot, &rt, &sel);
	for (k = 0; k < n && !why; k++) {
		why = model_check_config(orig, rew, fn, &sel[k * ot.nch], &v,
					 &unreadable, modelled ? NULL : mf);
		if (why || unreadable) {
			free(v);
			continue;
		}
		if (!modelled++) {
			free(*verdict);
			*verdict = xasprintf("%s, in each #if configuration that reads as C", v);
			if (mf)
				mf->configs = true;
		}
		free(v);
	}
	if (n) {
		free(sel);
		vtok_release(&ot);
		vtok_release(&rt);
	}
	return why;
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * Small pieces of the graph that both the AST walk (events.c) and the
 * scan of statements clang dropped (gap.c) make: an API use's argument
 * texts, the call of a function that changes the task state, and the
 * old `current->state = X` write read as set_current_state().
 */
#include <stdlib.h>
#include <string.h>

#include "builder.h"

/* Split `name ( a , b )` into argument texts. */
void macro_args(CXTranslationUnit tu, CXSourceRange r,
		       struct wq_event *ev)
{
	CXToken *t;
	unsigned n, i, start = 0;
	int depth = 0;

	clang_tokenize(tu, r, &t, &n);
	for (i = 0; i < n && ev->nargs < WQ_MAX_ARGS; i++) {
		if (tok_is(tu, t[i], "(") || tok_is(tu, t[i], "[") ||
		    tok_is(tu, t[i], "{")) {
			if (depth++ == 0)
				start = i + 1;
		} else if (tok_is(tu, t[i], ")") || tok_is(tu, t[i], "]") ||
			   tok_is(tu, t[i], "}")) {
			if (--depth == 0) {
				if (i > start || ev->nargs)
					ev->args[ev->nargs++] =
						tokens_text(tu, t, start, i);
				break;
			}
		} else if (depth == 1 && tok_is(tu, t[i], ",")) {
			ev->args[ev->nargs++] = tokens_text(tu, t, start, i);
			start = i + 1;
		}
	}
	clang_disposeTokens(tu, t, n);
}

/*
 * Old drivers set the state by hand: `current->state = TASK_...;`.
 * Treat that assignment like set_current_state().
 */
static const struct kapi state_field_api = {
	"current->state", K_SET_STATE, 0, false
};

const struct kapi *state_field_kapi(void)
{
	return &state_field_api;
}

/*
 * A call of a function of the file that changes the task state: an
 * N_CALL node, which the dataflow reads through the callee's summary.
 */
void emit_state_call(struct builder *b, struct wq_pos pos, const char *name,
		     size_t len)
{
	int n = append(b, N_CALL, pos);

	b->g->nodes[n].text = xasprintf("%.*s", (int)len, name);
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * The graph primitives of the builder (cfg.c, events.c): a new node, an
 * edge, a node appended where control reaches now.  Below both files, so
 * that the statement builder and the expression walk share them without
 * calling each other for them.
 */
#include <stdlib.h>
#include <string.h>

#include "builder.h"

int new_node(struct builder *b, enum node_kind kind, struct wq_pos pos)
{
	struct cfg *g = b->g;
	struct cfg_node *nd;

	if (g->n == g->cap) {
		g->cap = g->cap ? g->cap * 2 : 64;
		g->nodes = xrealloc(g->nodes, g->cap * sizeof(*g->nodes));
	}
	nd = &g->nodes[g->n];
	memset(nd, 0, sizeof(*nd));
	nd->kind = kind;
	nd->pos = pos;
	nd->loop = b->loop;
	nd->branch_end = -1;
	nd->on_true = nd->on_false = -1;
	/* every node made after a call is reached after it, or joins it */
	if (b->after_call) {
		nd->flags |= NF_AFTER_CALL;
		b->after_call = false;
	}
	return g->n++;
}

void link_nodes(struct builder *b, int from, int to)
{
	struct cfg_node *nd;
	int i;

	if (from < 0 || to < 0)
		return;
	nd = &b->g->nodes[from];
	for (i = 0; i < nd->nsucc; i++)
		if (nd->succ[i] == to)
			return;
	if (nd->nsucc == nd->capsucc) {
		nd->capsucc = nd->capsucc ? nd->capsucc * 2 : 2;
		nd->succ = xrealloc(nd->succ, nd->capsucc * sizeof(int));
	}
	nd->succ[nd->nsucc++] = to;
}

/* Create a node reached from the current one and make it current. */
int append(struct builder *b, enum node_kind kind, struct wq_pos pos)
{
	int n = new_node(b, kind, pos);

	link_nodes(b, b->cur, n);
	b->cur = n;
	return n;
}

void push_int(int **v, int *n, int x)
{
	*v = xrealloc(*v, (*n + 1) * sizeof(int));
	(*v)[(*n)++] = x;
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * The driver of one parsed file: what runs on a translation unit once
 * the frontend has parsed it.  For each relevant function: the task
 * state summaries of the file (analysis/flow/state_summary.c), the function's
 * graph (model/build/cfg.c, which asks the summaries through their oracle),
 * the dataflow (analysis/flow/flow.c) and the per-function rules; then the
 * rules that look at the whole translation unit.  The frontend gets
 * this as opt->pipeline (wq_pipeline below), so the layers below the
 * rules call nothing above them.
 */
#include <stdio.h>
#include <stdlib.h>

#include "rules/floor.h"
#include "rules/rules.h"

/* The rules, registered from their rows of rules.def (rules/rules.h). */
#define WQ_RULE_function(n, check) { n, check_##check, NULL },
#define WQ_RULE_unit(n, check) { n, NULL, check_##check },
static const struct {
	int rule;
	rule_fn fn;		/* scope function */
	tu_rule_fn tu_fn;	/* scope unit */
} rules[] = {
#define WQ_RULE(n, nm, sev, conf, fx, since, removed, st, sum, check, scope) \
	WQ_RULE_##scope(n, check)
#include "rules.def"
#undef WQ_RULE
};
#undef WQ_RULE_function
#undef WQ_RULE_unit

/* WQPORT_DUMP_CFG=1: print each function's graph, for debugging rules */
static void dump_cfg(const struct cfg *g, const struct flow *fl)
{
	static const char *const kinds[] = {
		"entry", "exit", "join", "event", "test", "return", "assign",
		"call"
	};
	int n, i;

	fprintf(stderr, "function %s\n", g->func);
	for (n = 0; n < g->n; n++) {
		const struct cfg_node *nd = &g->nodes[n];

		fprintf(stderr, "  %3d %-6s %u:%u loop=%d in=%#x", n, kinds[nd->kind],
			nd->pos.line, nd->pos.col, nd->loop, fl->in[n]);
		if (nd->kind == N_EVENT)
			fprintf(stderr, " %s", nd->ev.api->name);
		if (nd->text)
			fprintf(stderr, " '%s'", nd->text);
		if (nd->kind == N_TEST)
			fprintf(stderr, " T->%d F->%d", nd->on_true, nd->on_false);
		fputs(" ->", stderr);
		for (i = 0; i < nd->nsucc; i++)
			fprintf(stderr, " %d", nd->succ[i]);
		fputc('\n', stderr);
	}
}

static void run_rules(struct cfg *g, struct wq_file *f,
		      const struct wq_options *opt)
{
	struct flow fl;
	size_t i;

	f->cur_func = g->func;
	flow_compute(g, &fl);
	if (getenv("WQPORT_DUMP_CFG"))
		dump_cfg(g, &fl);
	for (i = 0; i < sizeof(rules) / sizeof(rules[0]); i++) {
		/*
		 * WQ006 runs before WQ005, as it always has: at a return
		 * both may report, and `wqport fix` lists the sites of a
		 * line in the order the rules found them (rows 5 and 6 are
		 * adjacent in rules.def).
		 */
		size_t k = rules[i].rule == WQ005 ? i + 1 :
			   rules[i].rule == WQ006 ? i - 1 : i;

		if (rules[k].fn && (opt->rule_mask & (1ul << rules[k].rule)))
			rules[k].fn(g, &fl, f);
	}
	if (g->limit || fl.limit)	/* never silently wrong */
		file_add_warning(f, xasprintf("%s(): %s; its findings may be incomplete",
					      g->func, g->limit ? g->limit : fl.limit));
	flow_free(g, &fl);
	f->cur_func = NULL;
}

static int check_functions(void *tu, struct wq_file *f,
			   const struct wq_options *opt)
{
	int n;

	f->sums = state_sums_build(tu, f);
	f->oracle = &state_sums_oracle;
	n = cfg_for_each_function(tu, f, opt, run_rules);
	state_sums_free(f->sums);
	f->sums = NULL;
	f->oracle = NULL;
	return n;
}

static void check_unit(void *tu, struct wq_file *f,
		       const struct wq_options *opt)
{
	size_t i;

	for (i = 0; i < sizeof(rules) / sizeof(rules[0]); i++)
		if (rules[i].tu_fn && (opt->rule_mask & (1ul << rules[i].rule)))
			rules[i].tu_fn(tu, f);
}

const struct wq_pipeline wq_pipeline = {
	check_functions, check_unit, token_floor
};

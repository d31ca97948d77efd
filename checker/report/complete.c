// SPDX-License-Identifier: GPL-2.0-only
/*
 * `wqport --print-completion`: a bash completion script for wqport and
 * `wqport fix`, printed from the option table (options.def) that the
 * parser, --help and the man page read, so that it knows exactly the
 * options of the binary.  The build writes it to wqport.bash and the
 * install puts it where bash-completion looks
 * (share/bash-completion/completions/wqport).
 *
 * What a value completes to comes from the option's metavar: a list
 * "a|b|c" of lower-case words gives those words; FILE, DIR, PROG and NAME
 * give paths (DIR: folders only); "WQ001,..." gives the rule IDs, after
 * the last comma; WHEN gives --color's words; numbers and versions give
 * nothing.  A value that may only be attached (--diff[=FILE]) completes
 * after the '='.  Otherwise: the options of the command after a '-', and
 * C files, headers and folders (with `fix` as the first word of wqport).
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "complete.h"
#include "options.h"
#include "wqport.h"

/* The shell words a value of o completes to, or NULL; *kind is what
 * compgen is asked for: 'w' words, 'f' paths, 'd' folders, 'r' rules */
static const char *value_words(const struct opt_desc *o, char *kind)
{
	const char *m = o->meta, *p;

	*kind = 0;
	if (!m)
		return NULL;
	if (!strcmp(m, "WHEN")) {
		*kind = 'w';
		return "auto always never";
	}
	if (!strncmp(m, "WQ", 2)) {
		*kind = 'r';
		return NULL;
	}
	if (!strcmp(m, "DIR")) {
		*kind = 'd';
		return NULL;
	}
	if (strstr(m, "FILE") || strstr(m, "DIR") || !strcmp(m, "PROG") ||
	    !strcmp(m, "NAME")) {
		*kind = 'f';
		return NULL;
	}
	for (p = m; *p; p++)
		if (!islower((unsigned char)*p) && *p != '|')
			return NULL;
	*kind = 'w';
	return m;	/* "text|json|sarif": '|' becomes a blank below */
}

/* The case arm for the options of cmd whose value completes to kind */
static void value_arm(FILE *out, int cmd, bool attached)
{
	const struct opt_desc *t;
	int n, i;

	t = opt_table(&n);
	for (i = 0; i < n; i++) {
		const struct opt_desc *o = &t[i];
		const char *w, *c;
		char kind;

		if (!(o->cmds & cmd) || o->arg == NONE ||
		    (o->arg == OPT && !attached))
			continue;
		w = value_words(o, &kind);
		fprintf(out, "\t\t--%s", o->lng);
		if (o->shrt && o->arg == REQ && !attached)
			fprintf(out, "|-%c", o->shrt);
		fputs(")\n\t\t\t", out);
		switch (kind) {
		case 'w':
			fputs("COMPREPLY=($(compgen -W '", out);
			for (c = w; *c; c++)
				fputc(*c == '|' ? ' ' : *c, out);
			fputs("' -- \"$cur\"))", out);
			break;
		case 'r':
			fputs("_wqport_rules", out);
			break;
		case 'd':
			fputs("COMPREPLY=($(compgen -d -- \"$cur\"))", out);
			break;
		case 'f':
			fputs("COMPREPLY=($(compgen -f -- \"$cur\"))", out);
			break;
		default:
			fputs("COMPREPLY=()", out);
		}
		fputs("\n\t\t\treturn ;;\n", out);
	}
}

static void option_words(FILE *out, int cmd)
{
	const struct opt_desc *t;
	int n, i, col = 0;

	t = opt_table(&n);
	for (i = 0; i < n; i++) {
		const struct opt_desc *o = &t[i];

		if (!(o->cmds & cmd))
			continue;
		col += fprintf(out, "%s--%s%s", col ? " " : "", o->lng,
			       o->arg == NONE ? "" : "=");
		if (o->shrt)
			col += fprintf(out, " -%c", o->shrt);
	}
}

/* The completion function of one command */
static void command_fn(FILE *out, const char *name, int cmd)
{
	fprintf(out, "_wqport_%s()\n{\n", name);
	fputs("\tlocal cur=$1 prev=$2 opt\n\n"
	      "\t# --opt=value: bash splits at '=' (COMP_WORDBREAKS)\n"
	      "\tif [[ $prev == = ]]; then\n"
	      "\t\topt=${COMP_WORDS[COMP_CWORD - 2]}\n"
	      "\telif [[ $cur == = ]]; then\n"
	      "\t\topt=$prev\n\t\tcur=\n"
	      "\telif [[ $cur == --*=* ]]; then\n"
	      "\t\topt=${cur%%=*}\n\t\tcur=${cur#*=}\n"
	      "\tfi\n"
	      "\tif [[ -n $opt ]]; then\n\t\tcase $opt in\n", out);
	value_arm(out, cmd, true);
	fputs("\t\tesac\n\t\tCOMPREPLY=()\n\t\treturn\n\tfi\n"
	      "\tcase $prev in\n", out);
	value_arm(out, cmd, false);
	fputs("\tesac\n\tif [[ $cur == -* ]]; then\n"
	      "\t\tCOMPREPLY=($(compgen -W '", out);
	option_words(out, cmd);
	fputs("' -- \"$cur\"))\n"
	      "\t\t[[ ${COMPREPLY[0]} == *= ]] && compopt -o nospace\n"
	      "\t\treturn\n\tfi\n"
	      "\tCOMPREPLY=($(compgen -d -- \"$cur\") $(compgen -f -X '!*.[ch]' -- \"$cur\"))\n",
	      out);
	if (cmd == OPT_CHECK)
		fputs("\t[[ $COMP_CWORD == 1 ]] && "
		      "COMPREPLY+=($(compgen -W 'fix' -- \"$cur\"))\n", out);
	fputs("}\n\n", out);
}

void complete_bash(FILE *out, const char *version)
{
	size_t n, i;
	const struct wq_rule *rules = rule_table(&n);

	fprintf(out, "# bash completion for wqport %s -*- shell-script -*-\n"
		"# Printed by `wqport --print-completion` from its option table;\n"
		"# install as bash-completion/completions/wqport, or source it.\n\n",
		version);
	fputs("_wqport_rules()\n{\n\tlocal pre=\n"
	      "\t[[ $cur == *,* ]] && pre=${cur%,*},\n"
	      "\tCOMPREPLY=($(compgen -P \"$pre\" -W '", out);
	for (i = 0; i < n; i++)
		fprintf(out, "%sWQ%03d", i ? " " : "", rules[i].num);
	fputs("' -- \"${cur##*,}\"))\n\tcompopt -o nospace\n}\n\n", out);
	command_fn(out, "check", OPT_CHECK);
	command_fn(out, "fix", OPT_FIX);
	fputs("_wqport()\n{\n"
	      "\tlocal cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}\n\n"
	      "\tif [[ $COMP_CWORD -gt 1 && ${COMP_WORDS[1]} == fix ]]; then\n"
	      "\t\t_wqport_fix \"$cur\" \"$prev\"\n"
	      "\telse\n\t\t_wqport_check \"$cur\" \"$prev\"\n\tfi\n}\n"
	      "complete -o filenames -F _wqport wqport\n", out);
}

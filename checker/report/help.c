// SPDX-License-Identifier: GPL-2.0-only
/*
 * --help of `wqport` and `wqport fix`, and the manual page wqport(1):
 * both are printed from the same text, the options from options.def, so
 * the installed man page cannot drift from the binary.  The build runs
 * `wqport --print-man` to write wqport.1.
 */
#include <stdio.h>
#include <string.h>

#include "help.h"
#include "options.h"

/* "-j, --jobs=N", "--diff[=FILE]": how the table's row is written */
static void spelling(char *buf, size_t size, const struct opt_desc *o)
{
	int n = 0;

	if (o->shrt)
		n = snprintf(buf, size, "-%c, ", o->shrt);
	n += snprintf(buf + n, size - n, "--%s", o->lng);
	if (o->arg == REQ)
		snprintf(buf + n, size - n, "=%s", o->meta);
	else if (o->arg == OPT)
		snprintf(buf + n, size - n, "[=%s]", o->meta);
}

static bool for_cmd(const struct opt_desc *o, enum help_cmd cmd)
{
	return o->cmds & (cmd == HELP_CHECK ? OPT_CHECK : OPT_FIX);
}

static const struct {
	const char *synopsis, *about, *exit;
} cmds[] = {
	[HELP_CHECK] = {
		"wqport [options] <file|dir>... [-- <compiler flags>]",
		"Finds racy and obsolete wait-queue sleeps in kernel C code. "
		"Directories are searched recursively for *.c files.  Without "
		"compiler flags, files are parsed against the bundled shim "
		"headers; flags after -- replace them (e.g. a kernel's own), "
		"and so do each file's flags in a compilation database (-p).  "
		"Called like a compiler, as kbuild calls a checker (make C=1 "
		"CHECK=wqport: flags mixed with the file name, no --), it "
		"parses with the build's flags, prints gcc-style findings on "
		"stderr and exits 0 unless --werror is given.",
		"0 nothing found, 1 findings, 2 usage or input errors, or a "
		"report not written (called like a compiler: 0 unless --werror)",
	},
	[HELP_FIX] = {
		"wqport fix [options] <file|dir>... [-- <compiler flags>]",
		"Converts the sleep_on() family and hand-written wait loops to "
		"wait_event*() or prepare_to_wait()/finish_wait() with the "
		"semantic patches, verifies every rewritten function, and "
		"prints a unified diff (a/ b/ paths, for git apply or patch -p1).",
		"0 nothing to fix, 1 sites found, 2 usage or input errors",
	},
};

/* Print s filled to width columns, every line after the first indented. */
static void fill(FILE *out, const char *s, int col, int indent, int width)
{
	while (*s) {
		const char *sp = s;
		int len = 0;

		while (sp[len] && sp[len] != ' ')
			len++;
		if (col > indent && col + 1 + len > width) {
			fprintf(out, "\n%*s", indent, "");
			col = indent;
		} else if (col > indent) {
			fputc(' ', out);
			col++;
		}
		fwrite(s, 1, len, out);
		col += len;
		s += len;
		while (*s == ' ')
			s++;
	}
	fputc('\n', out);
}

void help_print(FILE *out, enum help_cmd cmd)
{
	const struct opt_desc *options;
	char spell[80];
	int i, nopt;

	fprintf(out, "usage: %s\n", cmds[cmd].synopsis);
	if (cmd == HELP_CHECK)
		fprintf(out, "       %s\n", cmds[HELP_FIX].synopsis);
	fputc('\n', out);
	fill(out, cmds[cmd].about, 0, 0, 72);
	fputs("\noptions:\n", out);
	options = opt_table(&nopt);
	for (i = 0; i < nopt; i++) {
		int n;

		if (!for_cmd(&options[i], cmd))
			continue;
		spelling(spell, sizeof(spell), &options[i]);
		n = fprintf(out, "  %s", spell);
		if (n > 24) {
			fprintf(out, "\n%*s", 25, "");
			n = 25;
		} else {
			fprintf(out, "%*s", 25 - n, "");
			n = 25;
		}
		fill(out, options[i].help, n, 25, 79);
	}
	fputs("\nexit status: ", out);
	fill(out, cmds[cmd].exit, 13, 13, 72);
}

/* roff: a leading dot or quote is a request; backslash and - escaped */
static void roff(FILE *out, const char *s)
{
	if (*s == '.' || *s == '\'')
		fputs("\\&", out);
	for (; *s; s++) {
		if (*s == '\\')
			fputs("\\e", out);
		else if (*s == '-')
			fputs("\\-", out);
		else
			fputc(*s, out);
	}
}

static void man_options(FILE *out, enum help_cmd cmd)
{
	const struct opt_desc *options = NULL;
	char spell[80];
	int i, nopt;

	options = opt_table(&nopt);
	for (i = 0; i < nopt; i++) {
		if (!for_cmd(&options[i], cmd))
			continue;
		spelling(spell, sizeof(spell), &options[i]);
		fputs(".TP\n.B ", out);
		roff(out, spell);
		fputc('\n', out);
		roff(out, options[i].help);
		fputc('\n', out);
	}
}

static const char *const man_text[] = {
	".SH KERNEL BUILD",
	"As sparse, from a kernel tree or for an out-of-tree module:",
	".PP",
	".nf",
	"make C=1 CHECK=wqport             # the files being recompiled",
	"make C=2 CHECK=wqport             # every file",
	"make -C /lib/modules/$(uname -r)/build M=$PWD C=1 CHECK=wqport",
	"make C=1 CHECK=wqport CF=--werror # findings fail the build",
	".fi",
	".PP",
	"kbuild runs $(CHECK) $(CHECKFLAGS) $(c_flags) file.c.  wqport keeps "
	"the flags that change what the source means (-D, -U, -I, -include, "
	"-isystem, -std=, -m64, ...) and drops code generation, warning, "
	"dependency-file and gcc-only flags.",
	".SH COMPILATION DATABASE",
	".nf",
	"wqport -p build/                  # every C file it lists",
	"wqport -p build/ drivers/char/    # these, with their own flags",
	".fi",
	".PP",
	"compile_commands.json as written by the kernel's "
	"scripts/clang-tools/gen_compile_commands.py, CMake "
	"(CMAKE_EXPORT_COMPILE_COMMANDS) or bear.  A file it does not list "
	"is checked against the shim headers, with a note.",
	".SH ENVIRONMENT",
	".TP",
	".B WQPORT_SHIM_DIR",
	"the shim headers (default: share/wqport/shim beside the binary's "
	"prefix)",
	".TP",
	".B WQPORT_COCCI_DIR",
	"the semantic patches (default: share/wqport/semantic-patches)",
	".TP",
	".B WQPORT_SPATCH",
	"the spatch program of wqport fix",
	".TP",
	".B NO_COLOR",
	"set and not empty: no colour unless --color=always",
	".TP",
	".B TMPDIR",
	"where scratch files go (default /tmp)",
	".SH FILES",
	".TP",
	".I PREFIX/share/wqport/shim/",
	"minimal kernel headers for files checked without compiler flags",
	".TP",
	".I PREFIX/share/wqport/semantic-patches/",
	"the Coccinelle semantic patches of wqport fix",
	".TP",
	".I PREFIX/share/doc/wqport/",
	"the user guide, the design and one page per rule",
	".TP",
	".I PREFIX/share/bash-completion/completions/wqport",
	"bash completion, as wqport --print-completion prints it",
	".TP",
	".I .wqport",
	"settings of the files below its folder (rules, target, severities; "
	"baseline and jobs when it is the first checked path's): see "
	"--show-config",
	".SH SEE ALSO",
	".BR sparse (1),",
	".BR spatch (1),",
	".BR clang-tidy (1)",
};

void help_man(FILE *out, const char *version)
{
	size_t i;

	fprintf(out, ".TH WQPORT 1 \"\" \"wqport %s\" \"User Commands\"\n",
		version);
	fputs(".SH NAME\nwqport \\- find and fix racy and obsolete wait-queue "
	      "sleeps in Linux kernel C code\n.SH SYNOPSIS\n", out);
	for (i = 0; i < 2; i++) {
		fputs(".B ", out);
		roff(out, cmds[i].synopsis);
		fputs("\n.br\n", out);
	}
	fputs(".SH DESCRIPTION\n", out);
	roff(out, cmds[HELP_CHECK].about);
	fputs("\n.PP\n", out);
	roff(out, cmds[HELP_FIX].about);
	fputs("\n.SH OPTIONS\n", out);
	man_options(out, HELP_CHECK);
	fputs(".SH FIX OPTIONS\n", out);
	man_options(out, HELP_FIX);
	for (i = 0; i < sizeof(man_text) / sizeof(man_text[0]); i++) {
		if (man_text[i][0] == '.')
			fputs(man_text[i], out);
		else
			roff(out, man_text[i]);
		fputc('\n', out);
	}
	fputs(".SH EXIT STATUS\n", out);
	roff(out, "wqport: ");
	roff(out, cmds[HELP_CHECK].exit);
	fputs("\n.br\n", out);
	roff(out, "wqport fix: ");
	roff(out, cmds[HELP_FIX].exit);
	fputc('\n', out);
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * Check one file: read it, reject what is not C source, run the textual
 * prefilter, parse it with libclang, and hand the translation unit to
 * the analyses and rules (opt->pipeline, driver.c), which this layer
 * knows nothing of.
 *
 * Without compiler flags the file is parsed against the bundled shim
 * headers (a small model of the kernel API) in keep-going mode, so a lone
 * driver file with no kernel tree still yields a usable AST; errors from
 * symbols the shim lacks are expected then and only shown with -v.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <clang-c/Index.h>

#include "cfg.h"
#include "macros.h"
#include "attrmacro.h"
#include "inactive.h"
#include "cache.h"
#include "blank.h"
#include "template.h"

#define MAX_FILE_SIZE (64u << 20)

static bool read_file(struct wq_file *f)
{
	char *why;

	f->buf = text_read_file(f->path, MAX_FILE_SIZE, &f->len, &why);
	if (!f->buf)
		f->error = why;
	return f->buf != NULL;
}

/* The arguments start from a precompiled header when pch is given. */
int build_args(const struct wq_options *opt, const char **argv,
		      char *include, const char *pch)
{
	int n = 0, i;

	if (opt->cflags) {
		if (pch) {	/* the configuration's prelude (pch.c) */
			argv[n++] = "-include-pch";
			argv[n++] = pch;
		}
		for (i = 0; i < opt->ncflags; i++)
			argv[n++] = opt->cflags[i];
	} else {
		argv[n++] = "-x";
		argv[n++] = "c";
		argv[n++] = "-std=gnu11";
		argv[n++] = "-nostdinc";
		argv[n++] = "-isystem";
		argv[n++] = opt->shim_dir;
		argv[n++] = pch ? "-include-pch" : "-include";
		argv[n++] = pch ? pch : include;
		argv[n++] = "-D__KERNEL__";
		argv[n++] = "-w";
	}
	argv[n++] = "-ferror-limit=0";
	return n;
}

/* Real C has preprocessor lines; prose and junk named .c have none. */
static bool has_directives(const char *s)
{
	const char *p = s;

	while ((p = strchr(p, '#'))) {
		const char *q = p + 1;
		bool line_start = p == s || p[-1] == '\n';

		while (*q == ' ' || *q == '\t')
			q++;
		if (line_start && (!strncmp(q, "include", 7) ||
				   !strncmp(q, "define", 6) || !strncmp(q, "if", 2)))
			return true;
		p++;
	}
	return false;
}

static bool blank(const char *s)
{
	while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
		s++;
	return !*s;
}

/* Look at clang's errors in the main file; keep the first for messages. */
static unsigned main_file_errors(CXTranslationUnit tu, char **first,
				 bool *missing_header, char **msgs,
				 struct floor_ctx *fc)
{
	unsigned i, n = clang_getNumDiagnostics(tu), errors = 0;
	struct strbuf sb = { 0 };

	for (i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(d);
		CXSourceLocation l = clang_getDiagnosticLocation(d);

		if (sev >= CXDiagnostic_Error && clang_Location_isFromMainFile(l)) {
			CXString m = clang_getDiagnosticSpelling(d);

			if (strstr(clang_getCString(m), "file not found")) {
				*missing_header = true;
				if (fc && !fc->missing) {
					clang_getExpansionLocation(l, NULL,
						&fc->missing_line, NULL, NULL);
					fc->missing = xstrdup(clang_getCString(m));
				}
			}
			if (msgs) {
				unsigned ml;

				clang_getExpansionLocation(l, NULL, &ml, NULL, NULL);
				sb_printf(&sb, "%s\t%u\n", clang_getCString(m), ml);
			}
			clang_disposeString(m);
			if (!errors++) {
				CXString s = clang_getDiagnosticSpelling(d);
				unsigned line, col;

				clang_getExpansionLocation(l, NULL, &line, &col, NULL);
				*first = xasprintf("%u:%u: %s", line, col,
						   clang_getCString(s));
				clang_disposeString(s);
			}
		}
		clang_disposeDiagnostic(d);
	}
	if (msgs) {
		free(*msgs);
		*msgs = sb.s ? sb.s : xstrdup("");
	}
	return errors;
}

static int cmp_finding(const void *a, const void *b)
{
	const struct wq_finding *x = a, *y = b;

	if (x->pos.line != y->pos.line)
		return x->pos.line < y->pos.line ? -1 : 1;
	if (x->pos.col != y->pos.col)
		return x->pos.col < y->pos.col ? -1 : 1;
	if (x->rule != y->rule)
		return x->rule < y->rule ? -1 : 1;
	return strcmp(x->msg, y->msg);
}

/* One report per rule and place: a macro used twice on a line, say. */
static void drop_duplicates(struct wq_file *f)
{
	int i, j, k = 0;

	for (i = 0; i < f->nfindings; i++) {
		struct wq_finding *fd = &f->findings[i];

		if (k && !cmp_finding(&f->findings[k - 1], fd)) {
			free(fd->msg);
			free(fd->func);
			for (j = 0; j < fd->nnotes; j++) {
				free(fd->notes[j].msg);
				free(fd->notes[j].file);
			}
			continue;
		}
		f->findings[k++] = *fd;
	}
	f->nfindings = k;
}

/* Did clang refuse the precompiled shim (a damaged or foreign file)? */
static bool pch_refused(CXTranslationUnit tu)
{
	unsigned i, n = clang_getNumDiagnostics(tu);
	bool bad = false;

	for (i = 0; i < n && !bad; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		CXString s = clang_getDiagnosticSpelling(d);

		bad = clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error &&
		      (strstr(clang_getCString(s), "precompiled") ||
		       strstr(clang_getCString(s), "PCH"));
		clang_disposeString(s);
		clang_disposeDiagnostic(d);
	}
	return bad;
}

/*
 * Is each body blank_bodies() left out of path, [where[2i],
 * where[2i + 1]], a compound statement of the parse, brace to brace, or
 * no part of any declaration (an #if branch the parse skipped, a
 * definition whose declarator did not parse)?  Else the text's pairing
 * of braces was not the compiler's (a macro, an #if).  A header the
 * parse never opened (an #include in a skipped branch) is fine.
 */
static bool bodies_where_blanked(CXTranslationUnit tu, const char *path,
				 const unsigned *where, int n)
{
	CXFile file = clang_getFile(tu, path);
	int i;

	if (!file)
		return true;
	for (i = 0; i < n; i++) {
		CXCursor c = clang_getCursor(tu, clang_getLocationForOffset(
					tu, file, where[2 * i]));
		CXSourceRange r = clang_getCursorExtent(c);
		unsigned s, e;

		if (clang_Cursor_isNull(c) ||
		    clang_isInvalid(clang_getCursorKind(c)))
			continue;
		clang_getFileLocation(clang_getRangeStart(r), NULL, NULL, NULL,
				      &s);
		clang_getFileLocation(clang_getRangeEnd(r), NULL, NULL, NULL,
				      &e);
		if (clang_getCursorKind(c) != CXCursor_CompoundStmt ||
		    s != where[2 * i] || e != where[2 * i + 1] + 1)
			return false;
	}
	return true;
}

/*
 * Parse buf as f->path with the options' flags (or the shim's); with
 * blank, the bodies no rule reads are left out (blank.c).
 */
static enum CXErrorCode parse_buffer(CXIndex index, const struct wq_options *opt,
				     const char *name, const char *buf,
				     size_t len, bool blank,
				     CXTranslationUnit *tu, bool *blanked_out)
{
	/* libclang puts the name among the flags: "-x.c" would be one */
	char *dashed = name[0] == '-' ? xasprintf("./%s", name) : NULL;
	const char *path = dashed ? dashed : name;
	/* the caller's flags, the shim's ten, -ferror-limit and a spare */
	const char **argv = xrealloc(NULL, (opt->ncflags + 16) * sizeof(char *));
	char *include = xasprintf("%s/wqport-shim.h", opt->shim_dir);
	struct CXUnsavedFile one = { path, buf, len };
	struct CXUnsavedFile *uf = &one, *ufa = NULL;
	enum CXErrorCode err;
	const char *pch = pch_for_file(opt, path, buf, len);
	int argc = build_args(opt, argv, include, pch), nuf = 1, i;
	struct blank_set bs = { 0 };

	/* shim mode only: a kernel header's macros are not read here */
	if (blank && opt->blank_bodies && !opt->cflags &&
	    !getenv("WQPORT_WHOLE_BODIES") &&
	    blank_bodies(path, buf, len, opt->shim_dir, &bs)) {
		/* libclang copies them */
		uf = ufa = xrealloc(NULL, bs.n * sizeof(*uf));
		for (i = 0; i < bs.n; i++) {
			uf[i].Filename = bs.f[i].path;
			uf[i].Contents = bs.f[i].text;
			uf[i].Length = bs.f[i].len;
		}
		nuf = bs.n;
		if (getenv("WQPORT_SHOW_BLANKED"))	/* for the tests */
			fprintf(stderr, "wqport: %s: %d function bodies left out of the parse\n",
				path, bs.nbodies);
	}

	/*
	 * parse the bytes we read, so the prefilter and the AST agree.  The
	 * preprocessing record is for the skipped #if branches (inactive.c,
	 * the fix planner) and the header-macro notes; events are recognised
	 * from the AST and the text (model/macro.c), the same with or without
	 * a PCH.
	 */
	err = clang_parseTranslationUnit2(index, path, argv, argc, uf, nuf,
			CXTranslationUnit_KeepGoing |
			CXTranslationUnit_DetailedPreprocessingRecord, tu);
	if (pch && (err != CXError_Success || !*tu || pch_refused(*tu) ||
		    pch_suspect(opt, *tu))) {
		/* the PCH did not load, or the file has errors with a
		 * kernel prelude (pch.c): parse as without one */
		if (err != CXError_Success || !*tu || pch_refused(*tu))
			pch_failed(pch);
		if (*tu)
			clang_disposeTranslationUnit(*tu);
		*tu = NULL;
		argc = build_args(opt, argv, include, NULL);
		err = clang_parseTranslationUnit2(index, path, argv, argc,
				uf, nuf, CXTranslationUnit_KeepGoing |
				CXTranslationUnit_DetailedPreprocessingRecord,
				tu);
	}
	/*
	 * a blanked body the parse does not have brace to brace: a header
	 * included twice or from an #if, a macro hiding a brace.  Parse
	 * again with only the main file blanked, then whole.
	 */
	while (nuf > 1 || (bs.n && nuf == 1)) {
		for (i = 0; i < nuf && err == CXError_Success && *tu; i++)
			if (!bodies_where_blanked(*tu, bs.f[i].path,
						  bs.f[i].where, bs.f[i].n))
				break;
		if (err != CXError_Success || !*tu || i == nuf)
			break;
		clang_disposeTranslationUnit(*tu);
		*tu = NULL;
		if (nuf > 1 && bs.f[0].n) {
			nuf = 1;
		} else {
			uf = &one;
			nuf = 1;
			blank_set_free(&bs);
		}
		err = clang_parseTranslationUnit2(index, path, argv, argc,
				uf, nuf, CXTranslationUnit_KeepGoing |
				CXTranslationUnit_DetailedPreprocessingRecord,
				tu);
	}
	if (blanked_out)
		*blanked_out = bs.n > 0;
	free(ufa);
	blank_set_free(&bs);
	free(include);
	free(argv);
	free(dashed);
	return err;
}

static enum CXChildVisitResult find_function(CXCursor c, CXCursor parent,
					     CXClientData data)
{
	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_FunctionDecl ||
	    !clang_isCursorDefinition(c) ||
	    !clang_Location_isFromMainFile(clang_getCursorLocation(c)))
		return CXChildVisit_Continue;
	*(bool *)data = true;
	return CXChildVisit_Break;
}

/* Does the main file define a function that parsed? */
static bool has_function(CXTranslationUnit tu)
{
	bool found = false;

	clang_visitChildren(clang_getTranslationUnitCursor(tu), find_function,
			    &found);
	return found;
}

/* [start, end) byte ranges of the function definitions of the main file */
struct fn_ranges {
	unsigned *r;
	int n;
};

static enum CXChildVisitResult fn_range(CXCursor c, CXCursor parent,
					CXClientData data)
{
	struct fn_ranges *fr = data;
	CXSourceRange r;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_FunctionDecl ||
	    !clang_isCursorDefinition(c) ||
	    !clang_Location_isFromMainFile(clang_getCursorLocation(c)))
		return CXChildVisit_Continue;
	r = clang_getCursorExtent(c);
	fr->r = xrealloc(fr->r, (fr->n + 1) * 2 * sizeof(unsigned));
	clang_getFileLocation(clang_getRangeStart(r), NULL, NULL, NULL,
			      &fr->r[2 * fr->n]);
	clang_getFileLocation(clang_getRangeEnd(r), NULL, NULL, NULL,
			      &fr->r[2 * fr->n + 1]);
	fr->n++;
	return CXChildVisit_Continue;
}

/*
 * Parse again with the inactive regions forced on (inactive.c) and keep
 * the findings inside them, each with a note naming the #if; returns the
 * number of functions those parses saw beyond the first parse's nfuncs.
 * text: the file's text with its attribute macros blanked (attrmacro.c),
 * when the first parse was of that, else NULL: the forced parses read
 * the same text, offsets and lines as the file's own.
 */
static int check_inactive(CXTranslationUnit tu, struct wq_file *f,
			  const struct wq_options *opt, CXIndex index,
			  int nfuncs, struct inactive_set *set,
			  const char *text)
{
	struct fn_ranges fr = { 0 };
	struct wq_file view = *f;	/* read only: its text */
	int pass, i, j, more = 0;

	if (text)
		view.buf = (char *)text;
	clang_visitChildren(clang_getTranslationUnitCursor(tu), fn_range, &fr);
	inactive_regions(tu, &view, fr.r, fr.n, set);
	free(fr.r);
	for (pass = 0; pass < set->npasses && pass < INACTIVE_MAX_PASSES;
	     pass++) {
		struct wq_file tf = { 0 };
		CXTranslationUnit t2 = NULL;
		int n;

		tf.path = f->path;
		tf.target = f->target;
		tf.kernel = f->kernel;
		tf.buf = inactive_rewrite(&view, set, pass, &tf.len);
		if (parse_buffer(index, opt, f->path, tf.buf, tf.len, true,
				 &t2, NULL) !=
		    CXError_Success || !t2) {
			file_release(&tf);
			continue;
		}
		n = opt->pipeline->functions(t2, &tf, opt);
		for (i = 0; i < tf.nheld; i++) {
			/* a sleep the fix refuses, in the forced branch */
			for (j = 0; j < set->n; j++)
				if (set->r[j].pass == pass &&
				    set->r[j].first_line < tf.held[i].pos.line &&
				    tf.held[i].pos.line <= set->r[j].last_line)
					break;
			if (j == set->n)
				continue;
			f->cur_func = tf.held[i].func;
			file_add_held(f, tf.held[i].rule, tf.held[i].pos,
				      tf.held[i].reason, tf.held[i].msg);
			f->cur_func = NULL;
			tf.held[i].msg = NULL;
		}
		note_macro_definitions(t2, &tf, 0);
		if (n > nfuncs)
			more += n - nfuncs;
		clang_disposeTranslationUnit(t2);
		for (i = 0; i < tf.nfindings; i++) {
			struct wq_finding *fd = &tf.findings[i], *nf;
			const struct inactive_region *r = NULL;

			for (j = 0; j < set->n && !r; j++)
				if (set->r[j].pass == pass &&
				    set->r[j].first_line < fd->pos.line &&
				    fd->pos.line <= set->r[j].last_line)
					r = &set->r[j];
			if (!r)
				continue;
			f->cur_func = fd->func;
			file_add_finding(f, fd->rule, fd->pos, fd->msg);
			f->cur_func = NULL;
			nf = &f->findings[f->nfindings - 1];
			for (j = 0; j < fd->nnotes; j++) {
				finding_add_note_in(nf, fd->notes[j].file,
						    fd->notes[j].pos,
						    fd->notes[j].msg);
				fd->notes[j].file = NULL;
			}
			finding_add_note(nf, (struct wq_pos){ r->first_line, 1 },
				xasprintf("inside '%s', a branch this configuration does not compile; checked with it forced on",
					  r->text));
			fd->msg = NULL;
			fd->nnotes = 0;
		}
		file_release(&tf);
	}
	return more;
}

/*
 * The flags for a driver header checked in its includer's context
 * (template.c), or NULL to use opt's.  Its #if branches are read from
 * the preprocessing record, which a user's -include-pch holding the
 * header (a driver's own PCH) does not carry: such a PCH is replaced by
 * the header it was built from, the same configuration read from its
 * text (kept when that text is gone).  v[i] NULL: opt's flag i.
 */
static char **header_flags(CXIndex index, const struct wq_options *opt)
{
	char **v = NULL;
	int i;

	for (i = 0; i + 1 < opt->ncflags; i++) {
		CXTranslationUnit pch = NULL;
		CXString src;

		if (strcmp(opt->cflags[i], "-include-pch") ||
		    clang_createTranslationUnit2(index, opt->cflags[i + 1],
						 &pch) != CXError_Success ||
		    !pch)
			continue;
		src = clang_getTranslationUnitSpelling(pch);
		if (!access(clang_getCString(src), R_OK)) {
			if (!v) {
				v = xrealloc(NULL, opt->ncflags * sizeof(char *));
				memset(v, 0, opt->ncflags * sizeof(char *));
			}
			v[i] = xstrdup("-include");
			v[i + 1] = xstrdup(clang_getCString(src));
		}
		clang_disposeString(src);
		clang_disposeTranslationUnit(pch);
	}
	return v;
}

/* Parse the includer of the template header f, with header_flags(). */
static enum CXErrorCode parse_includer(CXIndex index,
				       const struct wq_options *opt,
				       const struct wq_file *inc,
				       CXTranslationUnit *tu)
{
	char **v = header_flags(index, opt);
	const char **argv;
	struct wq_options o;
	enum CXErrorCode err;
	int i;

	if (!v)
		return parse_buffer(index, opt, inc->path, inc->buf, inc->len,
				    false, tu, NULL);
	argv = xrealloc(NULL, opt->ncflags * sizeof(char *));
	for (i = 0; i < opt->ncflags; i++)
		argv[i] = v[i] ? v[i] : opt->cflags[i];
	o = *opt;
	o.cflags = argv;
	/* no prelude of the checker's own for these flags (pch.c) */
	o.cache_dir = NULL;
	o.pch_dir = NULL;
	err = parse_buffer(index, &o, inc->path, inc->buf, inc->len, false,
			   tu, NULL);
	for (i = 0; i < opt->ncflags; i++)
		free(v[i]);
	free(v);
	free(argv);
	return err;
}

/* A driver header of the file (template.c), for the floor. */
static void add_header(void *arg, const char *hpath)
{
	struct floor_ctx *fc = arg;

	fc->headers = xrealloc(fc->headers,
			       (fc->nheaders + 1) * sizeof(char *));
	fc->headers[fc->nheaders++] = xstrdup(hpath);
}

/*
 * Parse again with a driver's unknown attribute macros blanked out of
 * its function heads (attrmacro.c), and keep that parse when it defines
 * more functions: the functions they hid are then the rules' to read.
 * *keep holds the text that parse read, alive as long as it is.
 */
static void attr_reparse(CXIndex index, const struct wq_options *opt,
			 struct wq_file *f, CXTranslationUnit *tu,
			 unsigned *errors, char **first, bool *missing_header,
			 struct floor_ctx *fc, char **keep)
{
	int round, n;

	/* clang's recovery may hide the next head behind the first:
	 * a few rounds, each on the text the last one kept */
	for (round = 0; round < 8; round++) {
		CXTranslationUnit tu2 = NULL;
		struct fn_ranges before = { 0 }, after = { 0 };
		char *copy = attr_macros_blanked(*tu, *keep ? *keep : f->buf,
						 f->len, &n);

		if (!copy)
			break;
		if (parse_buffer(index, opt, f->path, copy, f->len, true,
				 &tu2, NULL) != CXError_Success || !tu2) {
			free(copy);
			break;
		}
		clang_visitChildren(clang_getTranslationUnitCursor(*tu),
				    fn_range, &before);
		clang_visitChildren(clang_getTranslationUnitCursor(tu2),
				    fn_range, &after);
		free(before.r);
		free(after.r);
		if (after.n <= before.n) {
			clang_disposeTranslationUnit(tu2);
			free(copy);
			break;
		}
		clang_disposeTranslationUnit(*tu);
		*tu = tu2;
		free(*keep);
		*keep = copy;
	}
	if (!*keep)
		return;
	free(*first);
	*first = NULL;
	*missing_header = false;
	free((char *)fc->missing);
	fc->missing = NULL;
	*errors = main_file_errors(*tu, first, missing_header, &f->cc_msgs,
				   fc);
}

static void parse_and_check(struct wq_file *f, const struct wq_options *opt,
			    CXIndex index)
{
	CXTranslationUnit tu = NULL;
	struct inactive_set set;
	enum CXErrorCode err;
	char *first = NULL, *body;
	bool missing_header = false, blanked = false;
	unsigned errors;
	struct cache_deps *deps = NULL;
	struct floor_ctx fc = { 0 };
	int nfuncs, forced, floored;
	bool macros_only = false;
	char *attr_buf = NULL;
	size_t i;

	if (f->includer) {	/* a template header: its includer's context */
		struct wq_file inc = { .path = f->includer };
		struct fn_bodies fb;

		macros_only = function_bodies(f->buf, f->len, &fb) == 0;
		fn_bodies_free(&fb);

		if (!read_file(&inc)) {
			f->error = xasprintf("cannot read %s, which includes it: %s",
					     f->includer, inc.error);
			file_release(&inc);
			return;
		}
		err = parse_includer(index, opt, &inc, &tu);
		file_release(&inc);
	} else {
		err = parse_buffer(index, opt, f->path, f->buf, f->len, true,
				   &tu, &blanked);
	}
	if (err != CXError_Success || !tu) {
		f->crashed = err == CXError_Crashed;
		f->error = xasprintf("libclang could not parse it (%s)",
				     err == CXError_Crashed ? "crashed" :
				     err == CXError_InvalidArguments ?
				     "invalid compiler flags" : "failure");
		return;
	}
	f->parsed = true;
	errors = main_file_errors(tu, &first, &missing_header, &f->cc_msgs,
				  &fc);
	if (blanked && errors && !has_function(tu)) {
		/* the warning for a file where no function parses counts
		 * its errors: those of the bodies left out too */
		free(first);
		first = NULL;
		clang_disposeTranslationUnit(tu);
		tu = NULL;
		err = parse_buffer(index, opt, f->path, f->buf, f->len, false,
				   &tu, NULL);
		if (err != CXError_Success || !tu) {
			f->error = xstrdup("libclang could not parse it");
			return;
		}
		free((char *)fc.missing);
		fc.missing = NULL;
		errors = main_file_errors(tu, &first, &missing_header,
					  &f->cc_msgs, &fc);
	}
	if (errors && !f->includer)
		attr_reparse(index, opt, f, &tu, &errors, &first,
			     &missing_header, &fc, &attr_buf);
	f->cc_errors = errors;
	f->cc_first = first ? xstrdup(first) : NULL;
	nfuncs = opt->pipeline->functions(tu, f, opt);
	memset(&set, 0, sizeof(set));
	forced = 0;
	/* a template header: the per-function rules only (template.c) */
	if (!f->includer) {
		note_macro_definitions(tu, f, 0);
		forced = check_inactive(tu, f, opt, index, nfuncs, &set,
					attr_buf);
		opt->pipeline->unit(tu, f, opt);
	}
	/* what the parse lost, from the tokens (rules/floor.c) */
	fc.errors = errors;
	fc.first = first;
	/* a .c file: the headers inputs.c made inputs next to it */
	if (!f->includer && strlen(f->path) > 2 &&
	    !strcmp(f->path + strlen(f->path) - 2, ".c"))
		template_includes_text(f->path, f->buf, f->len, add_header,
				       &fc);
	floored = opt->pipeline->floor(tu, f, opt, &fc);
	free((char *)fc.missing);
	for (i = 0; i < (size_t)fc.nheaders; i++)
		free(fc.headers[i]);
	free(fc.headers);
	for (i = 0; i < (size_t)f->nfindings; i++)
		f->findings[i].severity = rule_severity(
			rule_lookup(f->findings[i].rule), opt->target);
	if (opt->tu_hook)
		opt->tu_hook(tu, f, opt->tu_arg);
	body = nfuncs || forced || floored || macros_only ? NULL :
	       inactive_body(f, &set);
	if (macros_only) {
		/* a driver header of macros (template.c): it has no function
		 * to parse, its includer's errors are no news of its own */
		f->incomplete = errors > 0;
	} else if (body) {
		/* the real reason nothing was checked, not a missing header */
		file_add_warning(f, body);
	} else if (errors && !nfuncs && !forced && !opt->cflags &&
		   (missing_header || has_directives(f->buf))) {
		/* real C the shim cannot model: say so, not "bad input" */
		file_add_warning(f, xasprintf(
			"%s: no function parses with the shim headers (%u errors, the first at %s); pass the kernel's compiler flags after --",
			floored ? "only its tokens were checked" : "not checked",
			errors, first));
	} else if (errors && !nfuncs && !forced && floored) {
		/* the floor found sleeps in it: C the parse lost */
		file_add_warning(f, xasprintf(
			"only its tokens were checked: no function parses (%u errors, the first at %s)",
			errors, first));
	} else if (errors && !nfuncs && !forced && !blank(f->buf)) {
		f->error = xasprintf("cannot parse as C: %u errors, the first at %s",
				     errors, first);
	} else if (errors) {
		f->incomplete = true;
		if (opt->verbose || opt->cflags)
			file_add_warning(f, xasprintf(
				"%u parse errors, results may be incomplete; the first at %s",
				errors, first));
	}
	inactive_release(&set);
	free(first);
	if (opt->cache_dir && !opt->tu_hook)
		deps = cache_deps(tu, opt);
	clang_disposeTranslationUnit(tu);
	free(attr_buf);
	if (f->nfindings)
		qsort(f->findings, f->nfindings, sizeof(*f->findings),
		      cmp_finding);
	drop_duplicates(f);
	if (deps)
		cache_store(f, opt, deps);
}

/* Is dir/name (or name alone, when dir is NULL) there and no regular file? */
static bool device_at(const char *dir, const char *name, size_t n,
		      char **what)
{
	char *path = dir ? xasprintf("%s/%.*s", dir, (int)n, name) :
		     xasprintf("%.*s", (int)n, name);
	struct stat st;
	bool bad = !stat(path, &st) && !S_ISREG(st.st_mode) &&
		   !S_ISDIR(st.st_mode);

	if (bad)
		*what = path;
	else
		free(path);
	return bad;
}

/*
 * libclang reads whatever an #include names, a device or a FIFO too
 * (#include "/dev/zero" grows its memory without bound).  Refuse a file
 * whose includes name one, found as the file's directory, the -I,
 * -iquote and -isystem directories, or an absolute path would.  The
 * time and memory limits of the worker processes catch what this
 * misses (a device reached through a macro, say).
 */
static char *device_include(const struct wq_file *f,
			    const struct wq_options *opt)
{
	const char *p = f->buf, *slash = strrchr(f->path, '/');
	char *dir = slash ? xasprintf("%.*s", (int)(slash - f->path), f->path) :
		    xstrdup(".");
	char *what = NULL;

	while (!what && (p = strstr(p, "include"))) {
		const char *q = p, *name, *end;
		size_t n;
		int i;

		p += 7;
		while (q > f->buf && (q[-1] == ' ' || q[-1] == '\t'))
			q--;
		if (q == f->buf || q[-1] != '#')
			continue;
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p != '"' && *p != '<')
			continue;
		name = p + 1;
		end = strchr(name, *p == '"' ? '"' : '>');
		if (!end || memchr(name, '\n', end - name))
			continue;
		n = end - name;
		if (*name == '/') {
			device_at(NULL, name, n, &what);
			continue;
		}
		if (*p == '"' && device_at(dir, name, n, &what))
			break;
		for (i = 0; opt->cflags && i < opt->ncflags && !what; i++) {
			const char *a = opt->cflags[i], *d = NULL;

			if (!strcmp(a, "-I") || !strcmp(a, "-isystem") ||
			    !strcmp(a, "-iquote"))
				d = i + 1 < opt->ncflags ? opt->cflags[i + 1] : NULL;
			else if (!strncmp(a, "-I", 2))
				d = a + 2;
			if (d)
				device_at(d, name, n, &what);
		}
	}
	free(dir);
	return what;
}

void check_file(struct wq_file *f, const struct wq_options *opt, void *index)
{
	if (!read_file(f))
		return;
	check_buffer(f, opt, index);
}

/*
 * A binary file, or one the prefilter leaves out: settled without a
 * parse (f->error or f->skipped set); false when it must be parsed.
 */
static bool settled_by_text(struct wq_file *f, const struct wq_options *opt)
{
	const char *nul = memchr(f->buf, '\0', f->len);

	if (nul) {
		f->error = xasprintf("binary file (NUL byte at offset %zu), skipped",
				     (size_t)(nul - f->buf));
		return true;
	}
	/*
	 * A file with no sleep API word may still name one through a macro
	 * of a header it includes, or misuse wait_event*() (WQ009, WQ010); a
	 * second, narrower look keeps the many files that use it well from
	 * being parsed.
	 */
	if (!opt->no_prefilter && !prefilter_match(f->buf, f->len) &&
	    !prefilter_includes(f->path, f->buf, f->len) &&
	    !((opt->rule_mask & (1ul << WQ009 | 1ul << WQ010)) &&
	      prefilter_wait_event(f->buf, f->len))) {
		f->skipped = true;
		return true;
	}
	return false;
}

bool screen_file(struct wq_file *f, const struct wq_options *opt)
{
	bool settled;

	if (opt->no_prefilter || f->error || f->buf)
		return false;
	if (!read_file(f))
		return true;
	settled = settled_by_text(f, opt);
	free(f->buf);
	f->buf = NULL;
	f->len = 0;
	return settled;
}

unsigned file_kernel(const struct wq_file *f, const struct wq_options *opt,
		     const char **from)
{
	const char *dummy;
	unsigned v;

	if (!from)
		from = &dummy;
	if (opt->target_set) {
		*from = NULL;
		return opt->target ? opt->target : WQ_KERNEL_LATEST;
	}
	v = kernel_detect(f->path, opt->cflags, opt->ncflags, from);
	return v ? v : WQ_KERNEL_UNKNOWN;
}

void check_buffer(struct wq_file *f, const struct wq_options *opt, void *index)
{
	char *dev;

	f->target = opt->target;	/* the rules' wording follows it */
	f->kernel = file_kernel(f, opt, NULL);
	if (settled_by_text(f, opt))
		return;
	if (opt->prefilter_only)
		return;
	dev = device_include(f, opt);
	if (dev) {
		f->error = xasprintf("includes %s, which is not a regular file; not checked",
				     dev);
		free(dev);
		return;
	}
	if (opt->cache_dir && !opt->tu_hook && cache_lookup(f, opt))
		return;
	parse_and_check(f, opt, index);
}

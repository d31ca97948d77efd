// SPDX-License-Identifier: GPL-2.0-only
/*
 * Precompiled headers, one per configuration.
 *
 * Every file parsed against the shim starts by parsing the same
 * wqport-shim.h; a precompiled header of it saves that part of each
 * parse.  With a kernel's flags the common kernel headers (prelude_big[]
 * below, those of them the include paths hold) are precompiled with
 * those flags and passed first as -include-pch: the headers drivers
 * include are then read once per configuration, not once per file, and
 * their include guards make the file's own #includes of them no-ops.
 * kbuild's -DKBUILD_BASENAME/-DKBUILD_MODNAME/-DKBUILD_MODFILE differ
 * file by file and no header tests them: they are left out of the PCH's
 * flags and its name, and given to each file only (clang takes a macro
 * of the command line that the PCH does not define), so a compile
 * database or make CHECK= shares one PCH across a directory's files.
 *
 * A prelude holds headers a file may not include itself, so a file gets
 * it only where that cannot change its parse (pch_for_file()): every
 * header it includes is found (a missing one makes clang guess, and the
 * prelude would change the guesses), it #defines or #undefs nothing
 * before an #include that a prelude header tests or defines (DEBUG,
 * CREATE_TRACE_POINTS; the default-definition idiom "#ifndef pr_fmt /
 * #define pr_fmt(fmt) fmt" is no test), and a parse with it has no
 * error (pch_suspect(): the file is parsed again without; a name the
 * file defines and a prelude header declares is such an error).  The
 * names the prelude's headers test or define are listed beside the PCH
 * (NAME.pch.names), read once per process.
 *
 * A PCH is kept in the result cache's folder (pch/), named by a hash of
 * this binary and the shim's files or the flags (and the working
 * directory, when a path in them is relative);
 * clang itself refuses one whose headers changed, and the file is then
 * parsed without it.  It is built the first time a file is really parsed
 * (no libclang before), under a lock (NAME.pch.lock) so the workers of a
 * run and concurrent runs build it once and share it, written to a
 * temporary file and renamed; a configuration where no prelude compiles
 * is remembered (.none) and gets none.  Without a cache folder
 * (--no-cache) a run of many files keeps its PCH in a folder of its
 * own, removed at its end (pch_scratch_dir()); a short run parses
 * without (building the PCH costs more than it saves on a few files),
 * as does every run with WQPORT_NO_PCH.  Macro recognition does not use
 * the preprocessing record (model/macro.c), so the findings are the same
 * either way (ctest pch/fixtures, tools/bench-tree.py row (i)).
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <clang-c/Index.h>

#include "child.h"
#include "cache.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

/* The PCHs of this run: one per configuration (hash of the flags). */
static struct known {
	uint64_t key;
	char *path;		/* NULL: none for this configuration */
	struct prelude_names *names;	/* its .names, read on first use */
	bool read;		/* .names looked for */
} known[16];
static int nknown;
static int nflags;	/* flag configurations given a PCH */
static uint64_t seen[64];	/* per-file configurations met once */
static int nseen;

/* A set of identifiers: open addressing, grown at half full. */
struct nameset {
	char **slot;
	size_t n, cap;
};

static uint64_t name_hash(const char *s, size_t n)
{
	uint64_t h = 1469598103934665603ull;

	while (n--)
		h = (h ^ (unsigned char)*s++) * 1099511628211ull;
	return h;
}

static char **set_find(const struct nameset *set, const char *s, size_t n)
{
	size_t i;

	if (!set->cap)
		return NULL;
	for (i = name_hash(s, n) & (set->cap - 1); set->slot[i];
	     i = (i + 1) & (set->cap - 1))
		if (!strncmp(set->slot[i], s, n) && !set->slot[i][n])
			break;
	return &set->slot[i];
}

static bool set_has(const struct nameset *set, const char *s, size_t n)
{
	char **p = set_find(set, s, n);

	return p && *p;
}

static void set_add(struct nameset *set, const char *s, size_t n)
{
	char **p;

	if (2 * (set->n + 1) > set->cap) {
		struct nameset big = { NULL, 0, set->cap ? 2 * set->cap : 1024 };
		size_t i;

		big.slot = xrealloc(NULL, big.cap * sizeof(char *));
		memset(big.slot, 0, big.cap * sizeof(char *));
		for (i = 0; i < set->cap; i++)
			if (set->slot[i])
				*set_find(&big, set->slot[i],
					  strlen(set->slot[i])) = set->slot[i];
		big.n = set->n;
		free(set->slot);
		*set = big;
	}
	p = set_find(set, s, n);
	if (!*p) {
		*p = xasprintf("%.*s", (int)n, s);
		set->n++;
	}
}

static void set_free(struct nameset *set)
{
	size_t i;

	for (i = 0; i < set->cap; i++)
		free(set->slot[i]);
	free(set->slot);
	set->slot = NULL;
	set->n = set->cap = 0;
}

/*
 * What kernel drivers include, precompiled for real-header runs: the
 * first list that compiles with the configuration's flags, of the
 * headers its include paths hold (prelude_big: the headers most often
 * included by the files of 6.1 that name a wait API, and the common
 * driver headers; prelude_new; prelude_old has only headers every kernel
 * since 2.6 has); a configuration where none does gets no PCH.  Never a
 * trace header: a file that defines CREATE_TRACE_POINTS includes one to
 * expand it a second time.
 */
static const char *const prelude_big[] = {
	"linux/types.h", "linux/errno.h", "linux/kernel.h", "linux/module.h",
	"linux/moduleparam.h", "linux/init.h", "linux/export.h",
	"linux/string.h", "linux/ctype.h", "linux/list.h", "linux/bitops.h",
	"linux/atomic.h", "linux/err.h", "linux/jiffies.h", "linux/time.h",
	"linux/spinlock.h", "linux/mutex.h", "linux/rcupdate.h",
	"linux/completion.h", "linux/wait.h", "linux/sched.h",
	"linux/sched/signal.h", "linux/sched/mm.h", "linux/sched/task.h",
	"linux/sched/debug.h", "linux/kthread.h", "linux/freezer.h",
	"linux/timer.h", "linux/workqueue.h", "linux/notifier.h",
	"linux/interrupt.h", "linux/delay.h", "linux/slab.h",
	"linux/vmalloc.h", "linux/mm.h", "linux/highmem.h",
	"linux/uaccess.h", "linux/fs.h", "linux/file.h", "linux/fcntl.h",
	"linux/poll.h", "linux/seq_file.h", "linux/proc_fs.h",
	"linux/debugfs.h", "linux/cdev.h", "linux/miscdevice.h",
	"linux/device.h", "linux/platform_device.h", "linux/of.h",
	"linux/io.h", "linux/ioport.h", "linux/dma-mapping.h", "linux/pci.h",
	"linux/usb.h", "linux/netdevice.h", "linux/etherdevice.h",
	"linux/skbuff.h", "linux/tty.h", "linux/tty_flip.h", "linux/serial.h",
	"linux/major.h", "linux/random.h", "linux/signal.h", "linux/compat.h",
	"linux/security.h", "linux/capability.h", "linux/idr.h",
	"linux/ratelimit.h", "linux/nospec.h", "linux/reboot.h", "linux/cpu.h",
	"linux/smp.h", "linux/blkdev.h", "linux/pagemap.h", "linux/mount.h",
	"linux/syscalls.h", "linux/uio.h", "linux/net.h", "linux/socket.h",
	"asm/io.h", "asm/irq.h", "asm/byteorder.h", "asm/unaligned.h", NULL
};
static const char *const prelude_new[] = {
	"linux/module.h", "linux/kernel.h", "linux/init.h", "linux/sched.h",
	"linux/sched/signal.h", "linux/wait.h", "linux/fs.h",
	"linux/spinlock.h", "linux/mutex.h", "linux/slab.h",
	"linux/uaccess.h", "linux/interrupt.h", "linux/delay.h",
	"linux/completion.h", "linux/poll.h", "linux/errno.h", NULL
};
static const char *const prelude_old[] = {
	"linux/module.h", "linux/kernel.h", "linux/init.h", "linux/sched.h",
	"linux/wait.h", "linux/fs.h", "linux/spinlock.h", "linux/slab.h",
	"linux/interrupt.h", "linux/delay.h", "linux/errno.h", NULL
};
static const char *const *const preludes[] = {
	prelude_big, prelude_new, prelude_old
};
#define NPRELUDES (int)(sizeof(preludes) / sizeof(preludes[0]))

/* Words of kbuild's per-file macros at flags[i] (-DKBUILD_*), or 0. */
static int per_file(const char *const *flags, int i, int n)
{
	if (!strncmp(flags[i], "-DKBUILD_", 9))
		return 1;
	if (!strcmp(flags[i], "-D") && i + 1 < n &&
	    !strncmp(flags[i + 1], "KBUILD_", 7))
		return 2;
	return 0;
}

/* The folder of an -I/-isystem/-idirafter/-iquote at flags[i], or NULL. */
static const char *include_dir(const char *const *flags, int i, int n,
			       bool quote, int *words)
{
	static const char *const opts[] = {
		"-I", "-isystem", "-idirafter", "-iquote"
	};
	int k;

	*words = 1;
	for (k = 0; k < 4; k++) {
		size_t l = strlen(opts[k]);

		if (k == 3 && !quote)
			break;
		if (strncmp(flags[i], opts[k], l))
			continue;
		if (flags[i][l])
			return k == 0 ? flags[i] + l : NULL;
		if (i + 1 >= n)
			return NULL;
		*words = 2;
		return flags[i + 1];
	}
	return NULL;
}

/* Where an #include of name (n bytes) finds it (its real path), or NULL. */
static char *header_path(const struct wq_options *opt, const char *dir,
			 const char *name, size_t n)
{
	char *p, *r = NULL;
	int i, w;

	if (*name == '/') {
		p = xasprintf("%.*s", (int)n, name);
		r = realpath(p, NULL);
		free(p);
		return r;
	}
	if (dir) {	/* "name": the includer's folder first */
		p = xasprintf("%s/%.*s", dir, (int)n, name);
		r = realpath(p, NULL);
		free(p);
	}
	for (i = 0; !r && i < opt->ncflags; i += w) {
		const char *d = include_dir(opt->cflags, i, opt->ncflags,
					    dir != NULL, &w);

		if (!d)
			continue;
		p = xasprintf("%s/%.*s", d, (int)n, name);
		r = realpath(p, NULL);
		free(p);
	}
	return r;
}

static bool header_found(const struct wq_options *opt, const char *dir,
			 const char *name, size_t n)
{
	char *r = header_path(opt, dir, name, n);

	free(r);
	return r != NULL;
}

/* Every regular file under dir, by name, into the hash. */
static void hash_tree(const char *dir, uint64_t *h)
{
	struct dirent **ents;
	int n, i;

	n = scandir(dir, &ents, NULL, alphasort);
	for (i = 0; i < n; i++) {
		char *p = xasprintf("%s/%s", dir, ents[i]->d_name);
		struct stat st;

		if (ents[i]->d_name[0] != '.' && !stat(p, &st)) {
			if (S_ISDIR(st.st_mode)) {
				hash_tree(p, h);
			} else if (S_ISREG(st.st_mode)) {
				cache_hash_str(h, p);
				if (!cache_hash_file(p, h))
					*h ^= 1;
			}
		}
		free(p);
		free(ents[i]);
	}
	if (n >= 0)
		free(ents);
}

struct scan {
	struct nameset tested, defd, dflt;
	const char *prelude;	/* the prelude's own header */
	const struct wq_options *opt;
	char **files;		/* real paths; a file's id is its index */
	int nfiles;
	struct { int file; char *name; } *defs;	/* who defines what */
	int ndefs;
	struct { int from; char *to; } *incs;	/* unconditional #includes */
	int nincs;
};

/*
 * The directives of header id of sc: each identifier an #if/#ifdef/
 * #ifndef/#elif tests goes into tested, each name a #define/#undef
 * names into defd, except the default-definition idiom "#ifndef X"
 * followed by "#define X(" (pr_fmt, dev_fmt: a file's own earlier
 * definition wins either way), which goes into dflt; definitions and
 * the #includes outside any #if but the include guard are listed.
 */
static void scan_header(struct scan *sc, int id)
{
	const char *path = sc->files[id], *slash = strrchr(path, '/');
	char *buf = NULL, *p, *end, *pending = NULL, *dir;
	size_t len = 0, plen = 0;
	int depth = 0, guard = -1, ndir = 0;

	/* a FIFO or a device among the headers is not read */
	buf = read_regular_file(path, 64u << 20, &len);
	if (!buf)
		return;
	dir = xasprintf("%.*s", (int)(slash ? slash - path : 1),
			slash ? path : ".");
	for (p = buf; p < buf + len; p = end + 1) {
		const char *q, *w;
		size_t wl;
		bool cond, def;

		end = strchr(p, '\n');
		if (!end)
			end = buf + len;
		while (end < buf + len && end > p && end[-1] == '\\')
			end = strchr(end + 1, '\n') ? strchr(end + 1, '\n') :
			      buf + len;	/* continued line */
		q = p;
		while (q < end && (*q == ' ' || *q == '\t'))
			q++;
		if (q == end || *q != '#')
			continue;
		q++;
		while (q < end && (*q == ' ' || *q == '\t'))
			q++;
		for (w = q; q < end && (isalnum((unsigned char)*q) || *q == '_'); q++)
			;
		wl = q - w;
		ndir++;
		if (wl == 5 && !strncmp(w, "endif", 5))
			depth -= depth > 0;
		if (wl == 7 && !strncmp(w, "include", 7) &&
		    depth == (guard >= 0)) {
			const char *n = q, *e;

			while (n < end && (*n == ' ' || *n == '\t'))
				n++;
			e = n < end && (*n == '<' || *n == '"') ?
			    memchr(n + 1, *n == '<' ? '>' : '"', end - n - 1) :
			    NULL;
			if (e) {
				char *to = header_path(sc->opt, *n == '"' ? dir :
						       NULL, n + 1, e - n - 1);

				if (to) {
					sc->incs = xrealloc(sc->incs,
						(sc->nincs + 1) * sizeof(*sc->incs));
					sc->incs[sc->nincs].from = id;
					sc->incs[sc->nincs++].to = to;
				}
			}
			continue;
		}
		cond = (wl == 2 && !strncmp(w, "if", 2)) ||
		       (wl == 5 && !strncmp(w, "ifdef", 5)) ||
		       (wl == 6 && !strncmp(w, "ifndef", 6)) ||
		       (wl == 4 && !strncmp(w, "elif", 4)) ||
		       (wl == 7 && !strncmp(w, "elifdef", 7)) ||
		       (wl == 8 && !strncmp(w, "elifndef", 8));
		def = (wl == 6 && !strncmp(w, "define", 6)) ||
		      (wl == 5 && !strncmp(w, "undef", 5));
		if (cond && w[0] == 'i')
			depth++;
		if (!cond && !def)
			continue;
		if (pending) {	/* the #ifndef before: the idiom or a test */
			const char *n = q;
			bool idiom;

			while (n < end && (*n == ' ' || *n == '\t'))
				n++;
			idiom = wl == 6 && !strncmp(w, "define", 6) &&
				!strncmp(n, pending, plen) && n[plen] == '(';
			/* the file's first two directives: its guard */
			if (ndir == 2 && wl == 6 && !strncmp(w, "define", 6) &&
			    !strncmp(n, pending, plen) &&
			    !(isalnum((unsigned char)n[plen]) || n[plen] == '_'))
				guard = 1;
			set_add(idiom ? &sc->dflt : &sc->tested, pending, plen);
			if (idiom) {
				sc->defs = xrealloc(sc->defs, (sc->ndefs + 1) *
						    sizeof(*sc->defs));
				sc->defs[sc->ndefs].file = id;
				sc->defs[sc->ndefs++].name =
					xasprintf("%.*s", (int)plen, pending);
			}
			pending = NULL;
			if (idiom)
				continue;	/* not a definition to avoid */
		}
		if (wl == 6 && !strncmp(w, "ifndef", 6)) {
			while (q < end && (*q == ' ' || *q == '\t'))
				q++;
			for (w = q; q < end && (isalnum((unsigned char)*q) ||
						*q == '_'); q++)
				;
			if (q > w) {
				pending = (char *)w;
				plen = q - w;
				continue;
			}
		}
		/* every identifier of the test; the name of a definition */
		while (q < end) {
			if (isalpha((unsigned char)*q) || *q == '_') {
				for (w = q; q < end &&
				     (isalnum((unsigned char)*q) || *q == '_'); q++)
					;
				if (!(q - w == 7 && !strncmp(w, "defined", 7)))
					set_add(def ? &sc->defd : &sc->tested, w,
						q - w);
				if (def) {
					sc->defs = xrealloc(sc->defs,
						(sc->ndefs + 1) * sizeof(*sc->defs));
					sc->defs[sc->ndefs].file = id;
					sc->defs[sc->ndefs++].name =
						xasprintf("%.*s", (int)(q - w), w);
					break;
				}
			} else if (isdigit((unsigned char)*q)) {
				while (q < end && isalnum((unsigned char)*q))
					q++;
			} else if (*q == '/' && q + 1 < end && q[1] == '*') {
				const char *c = strstr(q + 2, "*/");

				q = c ? c + 2 : end;
			} else if (*q == '/' && q + 1 < end && q[1] == '/') {
				break;
			} else {
				q++;
			}
		}
	}
	if (pending)
		set_add(&sc->tested, pending, plen);
	free(dir);
	free(buf);
}

static void scan_inclusion(CXFile file, CXSourceLocation *stack,
			   unsigned depth, CXClientData data)
{
	struct scan *sc = data;
	CXString n = clang_getFileName(file), top;
	CXFile tf = NULL;
	char *real;
	bool ours;

	if (!depth) {	/* the prelude's header itself */
		clang_disposeString(n);
		return;
	}
	/* a file the flags' -include brought is read either way */
	clang_getFileLocation(stack[depth - 1], &tf, NULL, NULL, NULL);
	top = clang_getFileName(tf);
	ours = clang_getCString(top) &&
	       !strcmp(clang_getCString(top), sc->prelude);
	clang_disposeString(top);
	real = ours && clang_getCString(n) ?
	       realpath(clang_getCString(n), NULL) : NULL;
	clang_disposeString(n);
	if (real) {	/* each file is reported once */
		sc->files = xrealloc(sc->files,
				     (sc->nfiles + 1) * sizeof(char *));
		sc->files[sc->nfiles++] = real;
	}
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The id of the file at real path p in the sorted paths v[0..n), or -1. */
static int path_id(char *const *v, int n, const char *p)
{
	int lo = 0, hi = n - 1;

	while (lo <= hi) {
		int mid = (lo + hi) / 2, c = strcmp(v[mid], p);

		if (!c)
			return mid;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid - 1;
	}
	return -1;
}

static int cmp_def(const void *a, const void *b)
{
	const struct { int file; char *name; } *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	return c ? c : x->file - y->file;
}

/*
 * Write what a file needs to know of the prelude of tu (its header hdr)
 * to path, one item a line: "f PATH" its headers (the n-th is file n),
 * "e A B" file A includes file B outside any #if, then each name after a
 * letter: 'p' a file must not #define or #undef it before an #include
 * (a prelude header tests or defines it), 't' a file may test it only
 * after including one of the files listed after it (which define it),
 * 'b' both.
 */
static bool write_names(CXTranslationUnit tu, const char *hdr,
			const struct wq_options *opt, const char *path)
{
	struct scan sc;
	struct nameset all = { 0 };
	char **v;
	size_t i, k = 0;
	int j, d = 0;
	FILE *fp;
	bool ok;

	memset(&sc, 0, sizeof(sc));
	sc.prelude = hdr;
	sc.opt = opt;
	clang_getInclusions(tu, scan_inclusion, &sc);
	/* ids in path order, so lookups can bisect */
	qsort(sc.files, sc.nfiles, sizeof(char *), cmp_str);
	for (j = 0; j < sc.nfiles; j++)
		scan_header(&sc, j);
	qsort(sc.defs, sc.ndefs, sizeof(*sc.defs), cmp_def);
	for (i = 0; i < sc.tested.cap; i++)
		if (sc.tested.slot[i])
			set_add(&all, sc.tested.slot[i], strlen(sc.tested.slot[i]));
	for (i = 0; i < sc.defd.cap; i++)
		if (sc.defd.slot[i])
			set_add(&all, sc.defd.slot[i], strlen(sc.defd.slot[i]));
	for (i = 0; i < sc.dflt.cap; i++)
		if (sc.dflt.slot[i])
			set_add(&all, sc.dflt.slot[i], strlen(sc.dflt.slot[i]));
	v = xrealloc(NULL, (all.n + 1) * sizeof(char *));
	for (i = 0; i < all.cap; i++)
		if (all.slot[i])
			v[k++] = all.slot[i];
	qsort(v, k, sizeof(char *), cmp_str);	/* the same file each time */
	unlink(path);	/* the mkstemp() name: made anew, never a link */
	fp = fcreate_new(path);
	for (j = 0; fp && j < sc.nfiles; j++)
		fprintf(fp, "f %s\n", sc.files[j]);
	for (j = 0; fp && j < sc.nincs; j++) {
		int to = path_id(sc.files, sc.nfiles, sc.incs[j].to);

		if (to >= 0 && to != sc.incs[j].from)
			fprintf(fp, "e %d %d\n", sc.incs[j].from, to);
	}
	for (i = 0; fp && i < k; i++) {
		size_t l = strlen(v[i]);
		bool df = set_has(&sc.defd, v[i], l);
		bool p = df || set_has(&sc.tested, v[i], l);
		bool t = df || set_has(&sc.dflt, v[i], l);

		fprintf(fp, "%c %s", p && t ? 'b' : p ? 'p' : 't', v[i]);
		while (d < sc.ndefs && strcmp(sc.defs[d].name, v[i]) < 0)
			d++;
		for (; t && d < sc.ndefs && !strcmp(sc.defs[d].name, v[i]); d++)
			fprintf(fp, " %d", sc.defs[d].file);
		fputc('\n', fp);
	}
	ok = fp && !fclose(fp) && sc.nfiles > 0;
	free(v);
	set_free(&all);
	set_free(&sc.tested);
	set_free(&sc.defd);
	set_free(&sc.dflt);
	for (j = 0; j < sc.nfiles; j++)
		free(sc.files[j]);
	free(sc.files);
	for (j = 0; j < sc.ndefs; j++)
		free(sc.defs[j].name);
	free(sc.defs);
	for (j = 0; j < sc.nincs; j++)
		free(sc.incs[j].to);
	free(sc.incs);
	return ok;
}

/*
 * Precompile header hdr with args into path, and with names set the
 * names its headers test or define into path.names; true when done.
 */
static bool precompile(const char *hdr, const char **argv, int argc,
		       const char *path, const struct wq_options *names)
{
	CXTranslationUnit tu = NULL;
	CXIndex index;
	char *tmp = xasprintf("%s.tmp.XXXXXX", path);
	char *ntmp = xasprintf("%s.names.tmp.XXXXXX", path);
	char *npath = xasprintf("%s.names", path);
	bool ok = false;
	int fd = mkstemp(tmp), nfd = mkstemp(ntmp);

	if (fd < 0 || nfd < 0)
		goto out;
	close(fd);
	close(nfd);
	index = clang_createIndex(0, 0);
	if (clang_parseTranslationUnit2(index, hdr, argv, argc, NULL, 0,
					CXTranslationUnit_ForSerialization |
					CXTranslationUnit_Incomplete, &tu) ==
	    CXError_Success && tu) {
		unsigned i, n = clang_getNumDiagnostics(tu);

		ok = true;
		for (i = 0; i < n && ok; i++) {
			CXDiagnostic d = clang_getDiagnostic(tu, i);

			ok = clang_getDiagnosticSeverity(d) < CXDiagnostic_Error;
			clang_disposeDiagnostic(d);
		}
		ok = ok && clang_saveTranslationUnit(tu, tmp, 0) ==
			   CXSaveError_None;
		/* the names first: a PCH is there only with its names */
		if (ok && names)
			ok = write_names(tu, hdr, names, ntmp) &&
			     !rename(ntmp, npath);
		ok = ok && !rename(tmp, path);
	}
	if (tu)
		clang_disposeTranslationUnit(tu);
	clang_disposeIndex(index);
out:
	if (fd >= 0)
		unlink(tmp);
	if (nfd >= 0)
		unlink(ntmp);
	free(tmp);
	free(ntmp);
	free(npath);
	return ok;
}

/* Build (or find) the PCH for opt's configuration; NULL if none. */
static char *build(const struct wq_options *opt, uint64_t h)
{
	const char **argv = xrealloc(NULL, (opt->ncflags + 16) * sizeof(char *));
	char *hdr = NULL, *path, *dir, *none, *lock;
	int argc = 0, i, p, k, lfd;
	struct stat lst;
	bool ok = false;
	FILE *fp;

	dir = opt->cache_dir ? xasprintf("%s/pch", opt->cache_dir) :
	      xstrdup(opt->pch_dir);
	path = xasprintf("%s/%s-%016llx.pch", dir,
			 opt->cflags ? "flags" : "shim", (unsigned long long)h);
	none = xasprintf("%s.none", path);
	lock = xasprintf("%s.lock", path);
	if (opt->cflags)
		hdr = xasprintf("%s.h", path);	/* the PCH names its header */
	/* one builder at a time: the other workers and runs wait, then
	 * find it made (a run that builds none writes nothing there) */
	lfd = -1;
	if (!opt->pch_no_build) {
		cache_mkdir(dir);
		lfd = open(lock, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK |
			   O_CLOEXEC, 0666);
		if (lfd >= 0 && (fstat(lfd, &lst) || !S_ISREG(lst.st_mode))) {
			close(lfd);	/* not ours: build without it */
			lfd = -1;
		}
	}
	if (lfd >= 0)
		while (flock(lfd, LOCK_EX) && errno == EINTR)
			;
	if (!access(path, R_OK) && (!hdr || !access(hdr, R_OK))) {
		/* in use: keep it (not its header: clang would refuse a
		 * PCH whose header's time changed) */
		utimensat(AT_FDCWD, path, NULL, 0);
		ok = true;
		goto out;
	}
	if (!access(none, F_OK) || opt->pch_no_build)
		goto out;	/* this configuration has no prelude */
	if (!opt->cflags) {
		hdr = xasprintf("%s/wqport-shim.h", opt->shim_dir);
		argv[argc++] = "-x";
		argv[argc++] = "c-header";
		argv[argc++] = "-std=gnu11";
		argv[argc++] = "-nostdinc";
		argv[argc++] = "-isystem";
		argv[argc++] = opt->shim_dir;
		argv[argc++] = "-D__KERNEL__";
		argv[argc++] = "-w";
	} else {
		for (i = 0; i < opt->ncflags; i++) {
			k = per_file(opt->cflags, i, opt->ncflags);
			if (k)
				i += k - 1;	/* the file's, not the PCH's */
			else
				argv[argc++] = opt->cflags[i];
		}
		argv[argc++] = "-x";
		argv[argc++] = "c-header";
	}
	for (p = 0; !ok && p < (opt->cflags ? NPRELUDES : 1); p++) {
		if (opt->cflags) {
			int n = 0;

			unlink(hdr);	/* ours, under the lock */
			fp = fcreate_new(hdr);
			for (i = 0; fp && preludes[p][i]; i++) {
				const char *x = preludes[p][i];

				/* the big list: what this tree has of it */
				if (p == 0 && !header_found(opt, NULL, x,
							    strlen(x)))
					continue;
				fprintf(fp, "#include <%s>\n", x);
				n++;
			}
			if (!fp || fclose(fp))
				break;
			if (!n)
				continue;
		}
		ok = precompile(hdr, argv, argc, path,
				opt->cflags ? opt : NULL);
	}
	if (!ok && opt->cflags) {
		/* remember, so later runs do not try again */
		fp = fcreate_new(none);
		if (fp)
			fclose(fp);
	}
	if (!ok && opt->cflags)
		unlink(hdr);
out:
	if (lfd >= 0)
		close(lfd);	/* and the lock with it */
	free(hdr);
	free(none);
	free(lock);
	free(dir);
	free(argv);
	if (!ok) {
		free(path);
		return NULL;
	}
	return path;
}

/* The hash naming opt's configuration: binary, shim or flags and cwd. */
static uint64_t config_key(const struct wq_options *opt)
{
	uint64_t h = cache_self_id();
	char cwd[4096];
	int i, k;

	if (!h)
		return 0;
	if (!opt->cflags) {
		hash_tree(opt->shim_dir, &h);
		return h;
	}
	for (i = 0; i < opt->ncflags; i++) {
		k = per_file(opt->cflags, i, opt->ncflags);
		if (k)
			i += k - 1;
		else
			cache_hash_str(&h, opt->cflags[i]);
	}
	/* the working directory where a path of the flags is relative to it */
	for (i = 0; i < opt->ncflags; i += k) {
		const char *d = include_dir(opt->cflags, i, opt->ncflags, true,
					    &k);

		if ((!strcmp(opt->cflags[i], "-include") ||
		     !strcmp(opt->cflags[i], "-imacros")) &&
		    i + 1 < opt->ncflags) {
			d = opt->cflags[i + 1];
			k = 2;
		}
		if (d && *d != '/')
			break;
	}
	if (i < opt->ncflags)
		cache_hash_str(&h, getcwd(cwd, sizeof(cwd)) ? cwd : "?");
	return h;
}

/* clang refused the PCH pch: not again in this run, rebuilt next run */
void pch_failed(const char *pch)
{
	int i;

	pthread_mutex_lock(&lock);
	for (i = 0; i < nknown; i++) {
		if (known[i].path && !strcmp(known[i].path, pch)) {
			unlink(known[i].path);
			known[i].path = NULL;	/* leaked: others may use it */
		}
	}
	pthread_mutex_unlock(&lock);
}

/* The entry of opt's configuration, built or found; NULL if none. */
static struct known *entry_for(const struct wq_options *opt)
{
	struct known *r = NULL;
	uint64_t key;
	char *path;
	int i;

	if (!(opt->cache_dir || opt->pch_dir) || getenv("WQPORT_NO_PCH"))
		return NULL;
	for (i = 0; opt->cflags && i < opt->ncflags; i++)
		if (!strcmp(opt->cflags[i], "-include-pch"))
			return NULL;	/* the user's own: clang takes one */
	key = config_key(opt);
	if (!key)
		return NULL;
	/* one build at a time; the others wait for it and share it */
	pthread_mutex_lock(&lock);
	for (i = 0; i < nknown; i++)
		if (known[i].key == key)
			break;
	if (i < nknown) {
		r = &known[i];
		goto out;
	}
	if (opt->cflags && !opt->pch_flags && !opt->cache_dir) {
		/*
		 * flags of one file (a compile database) without a cache to
		 * keep the PCH: worth building at the second file of the
		 * configuration only
		 */
		for (i = 0; i < nseen && seen[i] != key; i++)
			;
		if (i == nseen) {
			if (nseen < (int)(sizeof(seen) / sizeof(seen[0])))
				seen[nseen++] = key;
			goto out;
		}
	}
	if (nknown >= (int)(sizeof(known) / sizeof(known[0])) ||
	    (opt->cflags && ++nflags > 4))
		goto out;	/* never more than four flag configurations */
	path = build(opt, key);
	r = &known[nknown++];
	memset(r, 0, sizeof(*r));
	r->key = key;
	r->path = path;
out:
	pthread_mutex_unlock(&lock);
	return r;
}

const char *pch_for(const struct wq_options *opt)
{
	struct known *k = entry_for(opt);

	return k ? k->path : NULL;
}

/* What a file must not do before its #includes (write_names()). */
struct prelude_names {
	struct nameset predef;	/* #define or #undef */
	struct nameset tests;	/* test, but for a "NAME\0ids" value */
	char **files;		/* the prelude's headers, sorted */
	int nfiles;
	int **edges;		/* edges[i]: files i includes, -1 ends */
};

/* Read the names beside k's PCH; false when there are none. */
static bool read_names(struct known *k)
{
	struct prelude_names *pn;
	char *p, *line = NULL;
	size_t cap = 0;
	ssize_t n;
	FILE *fp;
	int *ne = NULL;

	if (k->read)
		return k->names != NULL;
	k->read = true;
	p = xasprintf("%s.names", k->path);
	fp = fopen(p, "r");
	free(p);
	if (!fp)
		return false;
	pn = xrealloc(NULL, sizeof(*pn));
	memset(pn, 0, sizeof(*pn));
	while ((n = getline(&line, &cap, fp)) > 0) {
		int a, b;

		if (line[n - 1] == '\n')
			line[--n] = '\0';
		if (n < 3 || line[1] != ' ')
			continue;
		if (line[0] == 'f') {
			pn->files = xrealloc(pn->files,
					     (pn->nfiles + 1) * sizeof(char *));
			pn->files[pn->nfiles++] = xstrdup(line + 2);
			continue;
		}
		if (line[0] == 'e') {
			if (sscanf(line + 2, "%d %d", &a, &b) != 2 || a < 0 ||
			    b < 0 || a >= pn->nfiles || b >= pn->nfiles)
				continue;
			if (!pn->edges) {
				pn->edges = xrealloc(NULL, pn->nfiles *
						     sizeof(int *));
				memset(pn->edges, 0, pn->nfiles * sizeof(int *));
				ne = xrealloc(NULL, pn->nfiles * sizeof(int));
				memset(ne, 0, pn->nfiles * sizeof(int));
			}
			pn->edges[a] = xrealloc(pn->edges[a],
						(ne[a] + 2) * sizeof(int));
			pn->edges[a][ne[a]++] = b;
			pn->edges[a][ne[a]] = -1;
			continue;
		}
		p = strchr(line + 2, ' ');
		if (line[0] == 'p' || line[0] == 'b')
			set_add(&pn->predef, line + 2,
				p ? (size_t)(p - line - 2) : strlen(line + 2));
		if (line[0] == 't' || line[0] == 'b') {
			/* the name, then its files' ids after a NUL */
			size_t l = p ? (size_t)(p - line - 2) : strlen(line + 2);
			char **slot;

			set_add(&pn->tests, line + 2, l);
			slot = set_find(&pn->tests, line + 2, l);
			free(*slot);
			*slot = xasprintf("%.*s%c%s", (int)l, line + 2, 0,
					  p ? p + 1 : "");
		}
	}
	free(line);
	free(ne);
	fclose(fp);
	k->names = pn;
	return true;
}

/* Add file id and what it includes to the closure seen[]. */
static void close_over(const struct prelude_names *pn, char *seen, int id)
{
	int *stack, n = 0, i;

	if (seen[id])
		return;
	stack = xrealloc(NULL, pn->nfiles * sizeof(int));
	seen[id] = 1;
	stack[n++] = id;
	while (n) {
		int f = stack[--n];

		for (i = 0; pn->edges && pn->edges[f] && pn->edges[f][i] >= 0;
		     i++) {
			int t = pn->edges[f][i];

			if (!seen[t]) {
				seen[t] = 1;
				stack[n++] = t;
			}
		}
	}
	free(stack);
}

static const char *skip_blank(const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	return p;
}

/*
 * Does the #if/#elif at q (to the end of its line) test only macros no
 * prelude header defines, or that one of the headers the file included
 * before (seen[]) defines?
 */
static bool tests_fit(const struct prelude_names *pn, const char *seen,
		      const char *q, const char *end)
{
	const char *e = memchr(q, '\n', end - q), *w;

	while (e && e > q && e[-1] == '\\' && e + 1 < end)
		e = memchr(e + 1, '\n', end - e - 1);	/* continued */
	if (!e)
		e = end;
	while (q < e && (isalnum((unsigned char)*q) || *q == '_'))
		q++;	/* the directive */
	while (q < e) {
		if (isalpha((unsigned char)*q) || *q == '_') {
			char **v;
			const char *ids;
			bool ok = false;

			for (w = q; q < e && (isalnum((unsigned char)*q) ||
					      *q == '_'); q++)
				;
			v = set_find(&pn->tests, w, q - w);
			if (!v || !*v)
				continue;
			for (ids = *v + (q - w) + 1; *ids && !ok; ) {
				char *x;
				long id = strtol(ids, &x, 10);

				if (x == ids)
					break;
				ok = id >= 0 && id < pn->nfiles && seen[id];
				ids = x;
			}
			if (!ok)
				return false;
		} else if (isdigit((unsigned char)*q)) {
			while (q < e && isalnum((unsigned char)*q))
				q++;
		} else if (*q == '/' && q + 1 < e && (q[1] == '/' || q[1] == '*')) {
			break;	/* a comment: rarely more after it */
		} else {
			q++;
		}
	}
	return true;
}

/*
 * May path (its text buf) be parsed with k's prelude?  Every header it
 * includes outside #if is found (one inside is left to pch_suspect()),
 * it defines or undefines no name the prelude's headers test or define
 * before its last #include, and each macro its #if lines test that a
 * prelude header defines comes from a header it included before
 * (outside #if, itself or through others): compatibility code may test
 * what the prelude would define where the file itself does not.
 */
static bool prelude_fits(struct known *k, const struct wq_options *opt,
			 const char *path, const char *buf, size_t len)
{
	const char *end = buf + len, *p, *last = NULL, *slash;
	struct prelude_names *pn;
	char *dir, *seen;
	bool ok = true;
	int depth = 0;

	if (!read_names(k))
		return false;
	pn = k->names;
	/* where the last #include is */
	for (p = buf; p < end; p = memchr(p, '\n', end - p) ?
	     (const char *)memchr(p, '\n', end - p) + 1 : end) {
		const char *q = skip_blank(p, end);

		if (q < end && *q == '#') {
			q = skip_blank(q + 1, end);
			if (end - q > 7 && !strncmp(q, "include", 7))
				last = p;
		}
	}
	slash = strrchr(path, '/');
	dir = slash ? xasprintf("%.*s", (int)(slash - path), path) :
	      xstrdup(".");
	seen = xrealloc(NULL, pn->nfiles + 1);
	memset(seen, 0, pn->nfiles + 1);
	for (p = buf; ok && p < end; p = memchr(p, '\n', end - p) ?
	     (const char *)memchr(p, '\n', end - p) + 1 : end) {
		const char *q = skip_blank(p, end), *w;

		if (q >= end || *q != '#')
			continue;
		q = skip_blank(q + 1, end);
		if ((end - q > 2 && !strncmp(q, "if", 2)) ||
		    (end - q > 4 && !strncmp(q, "elif", 4))) {
			depth += *q == 'i';
			ok = tests_fit(pn, seen, q, end);
			continue;
		}
		if (end - q > 5 && !strncmp(q, "endif", 5)) {
			depth -= depth > 0;
			continue;
		}
		if (!last || p > last)
			continue;	/* after the includes: its own names */
		if (end - q > 7 && !strncmp(q, "include", 7)) {
			char close, *real;
			int id;

			if (depth)	/* maybe not compiled: the parse says */
				continue;
			q = skip_blank(q + 7, end);
			if (q >= end || (*q != '<' && *q != '"'))
				continue;	/* #include MACRO */
			close = *q == '<' ? '>' : '"';
			for (w = ++q; q < end && *q != close && *q != '\n'; q++)
				;
			real = q < end && *q == close ?
			       header_path(opt, close == '"' ? dir : NULL, w,
					   q - w) : NULL;
			if (!real) {
				ok = false;	/* clang would guess */
				continue;
			}
			id = path_id(pn->files, pn->nfiles, real);
			if (id >= 0)
				close_over(pn, seen, id);
			free(real);
			continue;
		}
		if (end - q > 6 && !strncmp(q, "define", 6))
			q += 6;
		else if (end - q > 5 && !strncmp(q, "undef", 5))
			q += 5;
		else
			continue;
		q = skip_blank(q, end);
		for (w = q; q < end && (isalnum((unsigned char)*q) || *q == '_');
		     q++)
			;
		if (q > w && set_has(&pn->predef, w, q - w))
			ok = false;
	}
	free(seen);
	free(dir);
	return ok;
}

const char *pch_for_file(const struct wq_options *opt, const char *path,
			 const char *buf, size_t len)
{
	struct known *k = entry_for(opt);
	const char *r = NULL;

	if (!k || !k->path)
		return NULL;
	if (!opt->cflags)
		return k->path;	/* the shim: every file includes it */
	pthread_mutex_lock(&lock);
	if (k->path && prelude_fits(k, opt, path, buf, len))
		r = k->path;
	pthread_mutex_unlock(&lock);
	return r;
}

bool pch_suspect(const struct wq_options *opt, void *tu)
{
	unsigned i, n;
	bool bad = false;

	if (!opt->cflags)
		return false;	/* the shim: errors are expected */
	n = clang_getNumDiagnostics(tu);
	for (i = 0; i < n && !bad; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);

		bad = clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error;
		clang_disposeDiagnostic(d);
	}
	return bad;
}

/*
 * A folder for the PCHs of a run without a cache (--no-cache), or NULL:
 * made only for runs of at least min_files files.  Remove it with
 * pch_scratch_remove().
 */
char *pch_scratch_dir(int nfiles, int min_files)
{
	char *d;

	if (nfiles < min_files || getenv("WQPORT_NO_PCH"))
		return NULL;
	d = xasprintf("%s/wqport-pch.XXXXXX", tmp_dir());
	if (!mkdtemp(d)) {
		free(d);
		return NULL;
	}
	return d;
}

/* Remove it; returns how many PCHs the run had made in it. */
int pch_scratch_remove(char *dir)
{
	struct dirent *e;
	DIR *d;
	int n = 0;

	if (!dir)
		return 0;
	d = opendir(dir);
	while (d && (e = readdir(d))) {
		char *p;

		if (e->d_name[0] == '.')
			continue;
		p = xasprintf("%s/%s", dir, e->d_name);
		n += strlen(p) > 4 && !strcmp(p + strlen(p) - 4, ".pch");
		unlink(p);
		free(p);
	}
	if (d)
		closedir(d);
	rmdir(dir);
	free(dir);
	return n;
}

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
#include "pch_int.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

/* The PCHs of this run: one per configuration (hash of the flags). */
static struct known known[16];
static int nknown;
static int nflags;	/* flag configurations given a PCH */
static uint64_t seen[64];	/* per-file configurations met once */
static int nseen;

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
char *header_path(const struct wq_options *opt, const char *dir,
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

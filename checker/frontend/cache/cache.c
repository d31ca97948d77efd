// SPDX-License-Identifier: GPL-2.0-only
/*
 * The result cache: a file checked before, unchanged, with the same
 * headers, flags, shim and wqport, is not parsed again.
 *
 * An entry is named by a 128-bit hash of everything the result depends
 * on that is known before parsing: this binary's own bytes (so any
 * rebuild is a new cache), libclang's file, the file's real path and
 * contents, the compiler arguments (with the shim's path), the working
 * directory when flags were given, the files of -include-pch/-include
 * arguments and the options that change the output.  What is only known
 * after parsing, the headers the file included, is listed in the entry
 * with their size, modification time and content hash: a lookup stats
 * each and re-hashes any that changed, so an edited header is a miss.
 * A header that was not found is listed with every path where it would
 * be found (the includer's folder, each searched folder): if one of
 * them exists at lookup, that is a miss too.  Errors are not stored.
 *
 * Entries are written to a temporary file and renamed into place, so
 * concurrent runs never read half an entry; a damaged or foreign entry
 * is a miss.  After a run that stored entries, the oldest (by last use)
 * are removed while the cache is over its size limit (256 MiB, or
 * WQPORT_CACHE_MAX_KB kilobytes).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <clang-c/Index.h>

#include "cache.h"
#include "text.h"

#define CACHE_MAGIC "wqport-cache 2"

/* ---- hashing: two independent 64-bit FNV-1a lanes ---- */

struct hash {
	uint64_t a, b;
};

static void hash_init(struct hash *h)
{
	h->a = 0xcbf29ce484222325ull;
	h->b = 0x84222325cbf29ce4ull;
}

static void hash_add(struct hash *h, const void *data, size_t n)
{
	const unsigned char *p = data;
	uint64_t a = h->a, b = h->b;
	size_t i;

	for (i = 0; i < n; i++) {
		a = (a ^ p[i]) * 0x100000001b3ull;
		b = (b ^ p[i]) * 0x100000000000067ull;
	}
	h->a = a;
	h->b = b ^ n;
}

static void hash_str(struct hash *h, const char *s)
{
	hash_add(h, s ? s : "", s ? strlen(s) + 1 : 0);
}

static void hash_u64(struct hash *h, uint64_t v)
{
	hash_add(h, &v, sizeof(v));
}

static void hash_hex(const struct hash *h, char out[33])
{
	snprintf(out, 33, "%016llx%016llx", (unsigned long long)h->a,
		 (unsigned long long)h->b);
}

/* Hash a file's contents; false if it cannot be read. */
static bool hash_file(const char *path, struct hash *h)
{
	char buf[65536];
	ssize_t n;
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		return false;
	hash_init(h);
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		hash_add(h, buf, n);
	close(fd);
	return n == 0;
}

/* This binary and the libclang it loads: computed once per run. */
static struct hash self_id;
static bool self_ok;
static pthread_once_t self_once = PTHREAD_ONCE_INIT;

static void self_init(void)
{
	struct hash h;
	struct stat st;

	self_ok = hash_file("/proc/self/exe", &h);
	self_id = h;
	hash_str(&self_id, WQPORT_VERSION);
#ifdef WQPORT_LIBCLANG
	if (!stat(WQPORT_LIBCLANG, &st)) {
		hash_u64(&self_id, st.st_size);
		hash_u64(&self_id, st.st_mtim.tv_sec);
		hash_u64(&self_id, st.st_mtim.tv_nsec);
	}
#endif
}

/* For the shim's PCH (pch.c): a 64-bit name from the same hashes. */
uint64_t cache_self_id(void)
{
	pthread_once(&self_once, self_init);
	return self_ok ? (self_id.a ^ self_id.b) | 1 : 0;
}

void cache_hash_str(uint64_t *h, const char *s)
{
	struct hash x = { *h, ~*h };

	hash_str(&x, s);
	*h = x.a ^ x.b;
}

bool cache_hash_file(const char *path, uint64_t *h)
{
	struct hash x;

	if (!hash_file(path, &x))
		return false;
	*h = (*h ^ x.a) * 0x100000001b3ull ^ x.b;
	return true;
}

/* The key of f under opt, as a path in the cache directory. */
static char *slurp(const char *path, size_t *len);

static char *entry_path(const struct wq_file *f, const struct wq_options *opt)
{
	const char **argv = xrealloc(NULL, (opt->ncflags + 16) * sizeof(char *));
	char *include = xasprintf("%s/wqport-shim.h", opt->shim_dir);
	char real[PATH_MAX], cwd[PATH_MAX], hex[33];
	struct hash h = self_id;
	struct stat st;
	int argc, i;

	hash_str(&h, realpath(f->path, real) ? real : f->path);
	hash_add(&h, f->buf, f->len);
	if (f->includer) {	/* a template header: parsed as its includer */
		size_t ilen;
		char *ibuf = slurp(f->includer, &ilen);

		hash_str(&h, realpath(f->includer, real) ? real : f->includer);
		if (ibuf)
			hash_add(&h, ibuf, ilen);
		free(ibuf);
	}
	/* with or without the shim's PCH: the same result */
	argc = build_args(opt, argv, include, NULL);
	hash_u64(&h, argc);
	for (i = 0; i < argc; i++) {
		hash_str(&h, argv[i]);
		if (i + 1 < argc && (!strcmp(argv[i], "-include-pch") ||
				     !strcmp(argv[i], "-include") ||
				     !strcmp(argv[i], "-imacros")) &&
		    !stat(argv[i + 1], &st)) {
			hash_u64(&h, st.st_size);
			hash_u64(&h, st.st_mtim.tv_sec);
			hash_u64(&h, st.st_mtim.tv_nsec);
		}
	}
	if (opt->cflags)
		hash_str(&h, getcwd(cwd, sizeof(cwd)) ? cwd : "?");
	hash_u64(&h, opt->rule_mask);
	hash_u64(&h, opt->verbose | opt->no_prefilter << 1 |
		    opt->active_only << 2);
	hash_u64(&h, opt->target);	/* --target: which rules, what severity */
	hash_u64(&h, f->kernel);	/* whose facts (frontend/input/ktree.c) */
	/* the test knobs that change what the model builds (model/build/cfg.c) */
	hash_str(&h, getenv("WQPORT_MAX_DEPTH") ? getenv("WQPORT_MAX_DEPTH") : "");
	hash_u64(&h, getenv("WQPORT_ALL_FUNCTIONS") != NULL);
	free(include);
	free(argv);
	hash_hex(&h, hex);
	return xasprintf("%s/%.2s/%s", opt->cache_dir, hex, hex + 2);
}

/* ---- entry text: one record a line, strings escaped ---- */

static void put_str(struct strbuf *sb, const char *s)
{
	if (!s) {
		sb_puts(sb, "-\n");
		return;
	}
	sb_puts(sb, "=");
	for (; *s; s++) {
		if (*s == '\\')
			sb_puts(sb, "\\\\");
		else if (*s == '\n')
			sb_puts(sb, "\\n");
		else
			sb_add(sb, s, 1);
	}
	sb_puts(sb, "\n");
}

/* Read a string written by put_str at *p; false on a damaged entry. */
static bool get_str(char **p, char **out)
{
	char *s = *p, *nl = strchr(s, '\n'), *o;

	if (!nl || (*s != '-' && *s != '='))
		return false;
	*p = nl + 1;
	if (*s == '-') {
		*out = NULL;
		return true;
	}
	o = *out = xrealloc(NULL, nl - s);
	for (s++; s < nl; s++) {
		if (*s == '\\' && s + 1 < nl) {
			s++;
			*o++ = *s == 'n' ? '\n' : *s;
		} else {
			*o++ = *s;
		}
	}
	*o = '\0';
	return true;
}

static bool get_line(char **p, char **line)
{
	char *nl = strchr(*p, '\n');

	if (!nl)
		return false;
	*nl = '\0';
	*line = *p;
	*p = nl + 1;
	return true;
}

static char *slurp(const char *path, size_t *len)
{
	return read_regular_file(path, 64u << 20, len);
}

/* Is the header at path as the entry recorded it? */
static bool dep_current(const char *line)
{
	unsigned long long size, sec, nsec;
	char hex[33], now[33];
	struct stat st;
	struct hash h;
	int off = 0;

	if (sscanf(line, "D %llu %llu %llu %32s %n", &size, &sec, &nsec, hex,
		   &off) != 4 || !off)
		return false;
	if (stat(line + off, &st))
		return false;
	if ((unsigned long long)st.st_size == size &&
	    (unsigned long long)st.st_mtim.tv_sec == sec &&
	    (unsigned long long)st.st_mtim.tv_nsec == nsec)
		return true;
	/* touched: the same only if the bytes are */
	if ((unsigned long long)st.st_size != size || !hash_file(line + off, &h))
		return false;
	hash_hex(&h, now);
	return !strcmp(now, hex);
}

static void free_findings(struct wq_file *f)
{
	int i, j;

	for (i = 0; i < f->nfindings; i++) {
		free(f->findings[i].msg);
		free(f->findings[i].func);
		for (j = 0; j < f->findings[i].nnotes; j++)
			free(f->findings[i].notes[j].msg);
	}
	free(f->findings);
	f->findings = NULL;
	f->nfindings = f->capfindings = 0;
	free(f->warning);
	free(f->cc_first);
	f->warning = f->cc_first = NULL;
}

static bool parse_entry(char *p, struct wq_file *f)
{
	int parsed, incomplete, nfind, i, j, rule, nnotes, sev;
	unsigned cc_errors, line, col;
	char *l;

	if (!get_line(&p, &l) || strcmp(l, CACHE_MAGIC))
		return false;
	while (!strncmp(p, "D ", 2) || !strncmp(p, "A ", 2)) {
		struct stat st;

		if (!get_line(&p, &l))
			return false;
		if (l[0] == 'A' ? !stat(l + 2, &st) : !dep_current(l))
			return false;	/* appeared, or changed */
	}
	if (!get_line(&p, &l) ||
	    sscanf(l, "F %d %d %u %d", &parsed, &incomplete, &cc_errors,
		   &nfind) != 4 || nfind < 0 || nfind > 1000000)
		return false;
	f->parsed = parsed;
	f->incomplete = incomplete;
	f->cc_errors = cc_errors;
	if (!get_str(&p, &f->warning) || !get_str(&p, &f->cc_first))
		return false;
	for (i = 0; i < nfind; i++) {
		struct wq_finding *fd;
		char *func, *msg, *nfile;

		if (!get_line(&p, &l) ||
		    sscanf(l, "R %d %u %u %d %d", &rule, &line, &col, &nnotes,
			   &sev) != 5 ||
		    nnotes < 0 || nnotes > WQ_MAX_NOTES)
			return false;
		if (!get_str(&p, &func))
			return false;
		if (!get_str(&p, &msg) || !msg) {
			free(func);
			return false;
		}
		file_add_finding(f, rule, (struct wq_pos){ line, col }, msg);
		fd = &f->findings[f->nfindings - 1];
		fd->func = func;
		fd->severity = sev;
		for (j = 0; j < nnotes; j++) {
			if (!get_line(&p, &l) ||
			    sscanf(l, "n %u %u", &line, &col) != 2 ||
			    !get_str(&p, &msg) || !msg)
				return false;
			if (!get_str(&p, &nfile)) {
				free(msg);
				return false;
			}
			finding_add_note_in(fd, nfile, (struct wq_pos){ line, col },
					    msg);
		}
	}
	return get_line(&p, &l) && !strcmp(l, "end");
}

bool cache_lookup(struct wq_file *f, const struct wq_options *opt)
{
	char *path, *text;
	size_t len;
	bool ok;

	pthread_once(&self_once, self_init);
	if (!self_ok)
		return false;
	path = entry_path(f, opt);
	text = slurp(path, &len);
	ok = text && parse_entry(text, f);
	if (!ok)
		free_findings(f);
	else
		utimensat(AT_FDCWD, path, NULL, 0);	/* last use, for eviction */
	f->cached = ok;
	free(text);
	free(path);
	return ok;
}

/* ---- after a parse: the headers it read ---- */

struct cache_deps {
	struct strbuf sb;
	bool bad;
};

static void one_inclusion(CXFile file, CXSourceLocation *stack, unsigned n,
			  CXClientData data)
{
	struct cache_deps *d = data;
	CXString name;
	const char *path;
	struct stat st;
	struct hash h;
	char hex[33];

	if (!n || d->bad)
		return;		/* n == 0: the main file itself */
	name = clang_getFileName(file);
	path = clang_getCString(name);
	if (!path || !*path || strchr(path, '\n') || stat(path, &st) ||
	    !hash_file(path, &h)) {
		d->bad = true;
	} else {
		hash_hex(&h, hex);
		sb_printf(&d->sb, "D %llu %llu %llu %s %s\n",
			  (unsigned long long)st.st_size,
			  (unsigned long long)st.st_mtim.tv_sec,
			  (unsigned long long)st.st_mtim.tv_nsec, hex, path);
	}
	clang_disposeString(name);
}

/* The directories #include searches, from the arguments, in order. */
static int search_dirs(const struct wq_options *opt, const char **dirs,
		       int max)
{
	const char **argv = xrealloc(NULL, (opt->ncflags + 16) * sizeof(char *));
	char *include = xasprintf("%s/wqport-shim.h", opt->shim_dir);
	int argc = build_args(opt, argv, include, NULL), i, n = 0;
	bool std = true;
	static const char *const sys[] = {
		"/usr/local/include", "/usr/include/x86_64-linux-gnu",
		"/usr/include", NULL
	};

	for (i = 0; i < argc && n < max; i++) {
		const char *a = argv[i];
		static const char *const opts[] = {
			"-I", "-isystem", "-iquote", "-idirafter", NULL
		};
		int k;

		if (!strcmp(a, "-nostdinc"))
			std = false;
		for (k = 0; opts[k]; k++) {
			size_t l = strlen(opts[k]);

			if (strncmp(a, opts[k], l))
				continue;
			if (a[l])
				dirs[n++] = a + l;
			else if (i + 1 < argc)
				dirs[n++] = argv[++i];
			break;
		}
	}
	for (i = 0; std && sys[i] && n < max; i++)
		dirs[n++] = sys[i];
	free(include);
	free(argv);
	return n;
}

/*
 * A header that was not found may appear later, in the includer's
 * folder or any searched one: list every place it would be found, and
 * a lookup where one of them exists is a miss.
 */
static void note_missing(struct cache_deps *d, CXDiagnostic dg,
			 const char *msg, const char **dirs, int ndirs)
{
	const char *q = strchr(msg, '\''), *e = q ? strchr(q + 1, '\'') : NULL;
	CXFile file = NULL;
	CXString fname;
	const char *from, *slash;
	int i;

	if (!e || e == q + 1 || memchr(q, '\n', e - q)) {
		d->bad = true;
		return;
	}
	clang_getExpansionLocation(clang_getDiagnosticLocation(dg), &file,
				   NULL, NULL, NULL);
	if (q[1] == '/') {
		sb_printf(&d->sb, "A %.*s\n", (int)(e - q - 1), q + 1);
		return;
	}
	fname = clang_getFileName(file);
	from = clang_getCString(fname);
	slash = from ? strrchr(from, '/') : NULL;
	if (slash)
		sb_printf(&d->sb, "A %.*s/%.*s\n", (int)(slash - from), from,
			  (int)(e - q - 1), q + 1);
	else
		sb_printf(&d->sb, "A %.*s\n", (int)(e - q - 1), q + 1);
	clang_disposeString(fname);
	for (i = 0; i < ndirs; i++)
		sb_printf(&d->sb, "A %s/%.*s\n", dirs[i], (int)(e - q - 1),
			  q + 1);
}

struct cache_deps *cache_deps(void *tu, const struct wq_options *opt)
{
	struct cache_deps *d = xrealloc(NULL, sizeof(*d));
	unsigned i, n = clang_getNumDiagnostics(tu);
	const char *dirs[64];
	int ndirs = search_dirs(opt, dirs, 64);

	memset(d, 0, sizeof(*d));
	for (i = 0; i < n && !d->bad; i++) {
		CXDiagnostic dg = clang_getDiagnostic(tu, i);
		CXString s = clang_getDiagnosticSpelling(dg);
		const char *msg = clang_getCString(s);

		if (strstr(msg, "file not found"))
			note_missing(d, dg, msg, dirs, ndirs);
		clang_disposeString(s);
		clang_disposeDiagnostic(dg);
	}
	if (!d->bad)
		clang_getInclusions(tu, one_inclusion, d);
	return d;
}

void cache_mkdir(const char *path)
{
	char *p = xstrdup(path), *s;

	for (s = p + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		mkdir(p, 0777);
		*s = '/';
	}
	mkdir(p, 0777);
	free(p);
}

static int stored;	/* entries written by this run */

void cache_store(struct wq_file *f, const struct wq_options *opt,
		 struct cache_deps *d)
{
	struct strbuf sb = { 0 };
	char *path, *tmp, *slash;
	int i, j, fd;
	bool ok;

	if (d->bad || f->error || !f->parsed || !self_ok) {
		free(d->sb.s);
		free(d);
		return;
	}
	sb_puts(&sb, CACHE_MAGIC "\n");
	if (d->sb.len)
		sb_add(&sb, d->sb.s, d->sb.len);
	sb_printf(&sb, "F %d %d %u %d\n", f->parsed, f->incomplete,
		  f->cc_errors, f->nfindings);
	put_str(&sb, f->warning);
	put_str(&sb, f->cc_first);
	for (i = 0; i < f->nfindings; i++) {
		const struct wq_finding *fd = &f->findings[i];

		sb_printf(&sb, "R %d %u %u %d %d\n", fd->rule, fd->pos.line,
			  fd->pos.col, fd->nnotes, (int)fd->severity);
		put_str(&sb, fd->func);
		put_str(&sb, fd->msg);
		for (j = 0; j < fd->nnotes; j++) {
			sb_printf(&sb, "n %u %u\n", fd->notes[j].pos.line,
				  fd->notes[j].pos.col);
			put_str(&sb, fd->notes[j].msg);
			put_str(&sb, fd->notes[j].file);
		}
	}
	sb_puts(&sb, "end\n");
	free(d->sb.s);
	free(d);

	path = entry_path(f, opt);
	slash = strrchr(path, '/');
	*slash = '\0';
	cache_mkdir(path);
	*slash = '/';
	tmp = xasprintf("%s.tmp.XXXXXX", path);
	fd = mkstemp(tmp);
	ok = fd >= 0;
	if (ok) {
		ok = write(fd, sb.s, sb.len) == (ssize_t)sb.len;
		ok = !close(fd) && ok;
		ok = ok && !rename(tmp, path);
		if (!ok)
			unlink(tmp);
		else
			__atomic_add_fetch(&stored, 1, __ATOMIC_RELAXED);
	}
	free(tmp);
	free(path);
	free(sb.s);
}

/* ---- size bound ---- */

struct entry {
	char *path;
	off_t size;
	struct timespec used;
};

static int by_use(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;

	if (x->used.tv_sec != y->used.tv_sec)
		return x->used.tv_sec < y->used.tv_sec ? -1 : 1;
	if (x->used.tv_nsec != y->used.tv_nsec)
		return x->used.tv_nsec < y->used.tv_nsec ? -1 : 1;
	return 0;
}

static bool hex2(const char *s)
{
	return strlen(s) == 2 && strspn(s, "0123456789abcdef") == 2;
}

void cache_trim(const char *dir, bool parsed_fresh)
{
	const char *env = getenv("WQPORT_CACHE_MAX_KB");
	long long max = (env && atoll(env) > 0 ? atoll(env) : 256 << 10) << 10;
	long long total = 0;
	struct entry *v = NULL;
	size_t n = 0, cap = 0, i;
	DIR *top, *sub;
	struct dirent *e, *e2;

	/* stores made in worker processes (isolate.c) are not counted here */
	if (!dir || !(parsed_fresh || __atomic_load_n(&stored, __ATOMIC_RELAXED)))
		return;
	top = opendir(dir);
	if (!top)
		return;
	while ((e = readdir(top))) {
		char *sd;

		/* only our own folders: two hex digits, and pch (pch.c) */
		if (!hex2(e->d_name) && strcmp(e->d_name, "pch"))
			continue;
		sd = xasprintf("%s/%s", dir, e->d_name);
		sub = opendir(sd);
		while (sub && (e2 = readdir(sub))) {
			struct stat st;
			char *p;

			if (e2->d_name[0] == '.')
				continue;
			p = xasprintf("%s/%s", sd, e2->d_name);
			if (stat(p, &st) || !S_ISREG(st.st_mode)) {
				free(p);
				continue;
			}
			if (n == cap) {
				cap = cap ? cap * 2 : 256;
				v = xrealloc(v, cap * sizeof(*v));
			}
			v[n].path = p;
			v[n].size = st.st_size;
			v[n].used = st.st_mtim;
			total += st.st_size;
			n++;
		}
		if (sub)
			closedir(sub);
		free(sd);
	}
	closedir(top);
	if (total > max) {
		qsort(v, n, sizeof(*v), by_use);
		/* down to 90%, so the next run does not trim again */
		for (i = 0; i < n && total > max / 10 * 9; i++)
			if (!unlink(v[i].path))
				total -= v[i].size;
	}
	for (i = 0; i < n; i++)
		free(v[i].path);
	free(v);
}

char *cache_default_dir(void)
{
	const char *x = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");

	if (x && *x == '/')
		return xasprintf("%s/wqport/results", x);
	if (home && *home)
		return xasprintf("%s/.cache/wqport/results", home);
	return NULL;
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * libclang, loaded on first use.
 *
 * Loading libclang and the LLVM library under it costs about 30 ms and
 * 60 MiB, more than a pre-commit check of a file that names no wait API
 * needs in all.  So the binary does not link libclang: every function it
 * calls (libclang.def) is defined here as a thin wrapper that calls
 * through a table of pointers, filled by dlopen() + dlsym() the first
 * time a file is really parsed.  clang_createIndex() only records its
 * arguments; the real index is made when the first translation unit is
 * parsed with it.  Nothing else in wqport knows about any of this.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

#include <clang-c/CXCompilationDatabase.h>
#include <clang-c/Index.h>

#include "wqport.h"

#ifndef WQPORT_LIBCLANG
#define WQPORT_LIBCLANG "libclang-14.so.1"
#endif

static struct {
#define CLANG_FN(ret, name, params, args) ret (*name) params;
#define CLANG_VOID(name, params, args) void (*name) params;
#define CLANG_PTR CLANG_FN
#include "libclang.def"
#undef CLANG_FN
#undef CLANG_VOID
#undef CLANG_PTR
} fn;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded;

static void *must_sym(void *h, const char *lib, const char *name)
{
	void *p = dlsym(h, name);

	if (!p) {
		fprintf(stderr, "wqport: %s has no %s: not libclang 14?\n",
			lib, name);
		exit(2);
	}
	return p;
}

static void load(void)
{
	static const char *const libs[] = {
		WQPORT_LIBCLANG, "libclang-14.so.1", "libclang.so.1",
		"libclang.so", NULL
	};
	const char *lib = NULL;
	void *h = NULL;
	int i;

	for (i = 0; libs[i] && !h; i++) {
		lib = libs[i];
		h = dlopen(lib, RTLD_NOW | RTLD_LOCAL);
	}
	if (!h) {
		fprintf(stderr, "wqport: cannot load libclang (%s): %s; install Debian's libclang-14-dev\n",
			WQPORT_LIBCLANG, dlerror());
		exit(2);
	}
#define CLANG_FN(ret, name, params, args) \
	*(void **)&fn.name = must_sym(h, lib, #name);
#define CLANG_VOID(name, params, args) CLANG_FN(void, name, params, args)
#define CLANG_PTR CLANG_FN
#include "libclang.def"
#undef CLANG_FN
#undef CLANG_VOID
#undef CLANG_PTR
	__atomic_store_n(&loaded, 1, __ATOMIC_RELEASE);
}

static inline void need(void)
{
	if (__builtin_expect(!__atomic_load_n(&loaded, __ATOMIC_ACQUIRE), 0))
		pthread_once(&once, load);
}

#define CLANG_FN(ret, name, params, args) \
	ret name params { need(); return fn.name args; }
#define CLANG_VOID(name, params, args) \
	void name params { need(); fn.name args; }
#define CLANG_PTR(ret, name, params, args)
#include "libclang.def"
#undef CLANG_FN
#undef CLANG_VOID
#undef CLANG_PTR

/* An index not made yet: its arguments, and the real one once made. */
struct lazy_index {
	CXIndex real;
	int exclude_pch, diagnostics;
};

CXIndex clang_createIndex(int exclude_pch, int diagnostics)
{
	struct lazy_index *li = xrealloc(NULL, sizeof(*li));

	li->real = NULL;
	li->exclude_pch = exclude_pch;
	li->diagnostics = diagnostics;
	return li;
}

void clang_disposeIndex(CXIndex index)
{
	struct lazy_index *li = index;

	if (li && li->real)
		fn.clang_disposeIndex(li->real);
	free(li);
}

enum CXErrorCode clang_parseTranslationUnit2(CXIndex index,
		const char *path, const char *const *argv, int argc,
		struct CXUnsavedFile *unsaved, unsigned nunsaved,
		unsigned options, CXTranslationUnit *tu)
{
	struct lazy_index *li = index;

	need();
	if (!li->real)
		li->real = fn.clang_createIndex(li->exclude_pch, li->diagnostics);
	return fn.clang_parseTranslationUnit2(li->real, path, argv, argc,
					      unsaved, nunsaved, options, tu);
}

enum CXErrorCode clang_createTranslationUnit2(CXIndex index,
		const char *ast, CXTranslationUnit *tu)
{
	struct lazy_index *li = index;

	need();
	if (!li->real)
		li->real = fn.clang_createIndex(li->exclude_pch, li->diagnostics);
	return fn.clang_createTranslationUnit2(li->real, ast, tu);
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * Baselines: a file of the findings accepted so far, one per line, so
 * that a CI job fails only on new ones.
 *
 *   # wqport baseline 1
 *   # fingerprint    rule  file:line  function
 *   5c1f0e0d9a7b3e21 WQ001 drivers/char/foo.c:212 foo_read
 *
 * Only the fingerprint (fingerprint.c) is matched; the rest of the line
 * is for the people who review the file.  Lines can be deleted by hand
 * to un-accept a finding.  Two identical findings in one function have
 * different occurrence indexes and so two lines: adding a third is new.
 * The same fingerprint twice (two files of the same base name) is
 * counted, and each line matches one finding.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "select.h"

#define HEADER "# wqport baseline 1\n"

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static bool parse_fp(const char *s, uint64_t *v)
{
	char *end;
	int i;

	for (i = 0; i < 16; i++)
		if (!s[i] || !strchr("0123456789abcdef", s[i]))
			return false;
	if (s[16] && s[16] != ' ' && s[16] != '\t' && s[16] != '\n')
		return false;
	*v = strtoull(s, &end, 16);
	return end == s + 16;
}

int baseline_read(struct baseline *b, const char *path, char **err)
{
	FILE *fp = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;
	uint64_t *all = NULL;
	int n = 0, lineno = 0, i;

	memset(b, 0, sizeof(*b));
	if (!fp) {
		*err = xasprintf("cannot open the baseline %s: %s", path,
				 strerror(errno));
		return -1;
	}
	while (getline(&line, &cap, fp) >= 0) {
		uint64_t v;

		lineno++;
		if (lineno == 1 && strcmp(line, HEADER)) {
			*err = xasprintf("%s: not a wqport baseline (its first line is not '# wqport baseline 1'; write one with --write-baseline)",
					 path);
			goto fail;
		}
		if (line[0] == '#' || line[strspn(line, " \t\r\n")] == '\0')
			continue;
		if (!parse_fp(line, &v)) {
			*err = xasprintf("%s:%d: not a fingerprint (16 hex digits)",
					 path, lineno);
			goto fail;
		}
		if (!(n & 255))
			all = xrealloc(all, (n + 256) * sizeof(*all));
		all[n++] = v;
	}
	if (ferror(fp) || !lineno) {
		*err = xasprintf("%s: %s", path, lineno ? "read error" :
				 "empty file, not a wqport baseline");
		goto fail;
	}
	fclose(fp);
	free(line);
	if (n)
		qsort(all, n, sizeof(*all), cmp_u64);
	/* distinct fingerprints with their counts */
	b->fp = xrealloc(NULL, (n ? n : 1) * sizeof(*b->fp));
	b->left = xrealloc(NULL, (n ? n : 1) * sizeof(*b->left));
	for (i = 0; i < n; i++) {
		if (b->n && b->fp[b->n - 1] == all[i]) {
			b->left[b->n - 1]++;
			continue;
		}
		b->fp[b->n] = all[i];
		b->left[b->n++] = 1;
	}
	free(all);
	return 0;
fail:
	fclose(fp);
	free(line);
	free(all);
	return -1;
}

bool baseline_take(struct baseline *b, const char *fp)
{
	uint64_t v;
	int lo = 0, hi = b->n;

	if (!parse_fp(fp, &v))
		return false;
	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;

		if (b->fp[mid] < v)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < b->n && b->fp[lo] == v && b->left[lo] > 0) {
		b->left[lo]--;
		return true;
	}
	return false;
}

void baseline_add_lines(struct strbuf *sb, const struct wq_file *f)
{
	int i;

	for (i = 0; i < f->nfindings; i++) {
		const struct wq_finding *fd = &f->findings[i];
		const char *p;

		sb_printf(sb, "%s WQ%03d ", fd->fp, fd->rule);
		/* one line per finding whatever the path holds */
		for (p = f->path; *p; p++)
			sb_add(sb, *p == '\n' ? "?" : p, 1);
		sb_printf(sb, ":%u %s\n", fd->pos.line,
			  fd->func ? fd->func : "-");
	}
}

/* Write atomically: a temporary file beside it, renamed over it. */
int baseline_write(const char *path, const struct strbuf *body, char **err)
{
	char *tmp = xasprintf("%s.tmp.XXXXXX", path);
	int fd = mkstemp(tmp);
	FILE *fp = fd < 0 ? NULL : fdopen(fd, "w");
	mode_t um = umask(0);
	bool bad;

	umask(um);
	if (fd >= 0 && (!fp || fchmod(fd, 0666 & ~um))) {
		if (fp)
			fclose(fp);
		else
			close(fd);
		unlink(tmp);
		fp = NULL;
	}
	if (!fp) {
		*err = xasprintf("cannot write the baseline %s: %s", path,
				 strerror(errno));
		free(tmp);
		return -1;
	}
	fputs(HEADER "# fingerprint    rule  file:line  function\n", fp);
	if (body->len)
		fwrite(body->s, 1, body->len, fp);
	bad = ferror(fp);
	bad |= fclose(fp) != 0;
	if (bad || rename(tmp, path)) {
		*err = xasprintf("cannot write the baseline %s: %s", path,
				 strerror(errno ? errno : EIO));
		unlink(tmp);
		free(tmp);
		return -1;
	}
	free(tmp);
	return 0;
}

void baseline_free(struct baseline *b)
{
	free(b->fp);
	free(b->left);
	memset(b, 0, sizeof(*b));
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * The text layer's reading and skipping (model/text/text.h): a whole regular
 * file read once, with the reason when it cannot be; a comment skipped;
 * C comments blanked.  Every part of wqport that reads a source file or
 * a header whole reads it here.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "text.h"

static char *refuse(char **why, char *msg)
{
	if (why)
		*why = msg;
	else
		free(msg);
	return NULL;
}

/*
 * The file is looked at (stat) before it is opened, so that a FIFO or a
 * device named like a source file is never opened (a tape device rewinds
 * on open); the open file must be the one looked at.
 */
char *text_read_file(const char *path, size_t max, size_t *len, char **why)
{
	struct stat pre, st;
	ssize_t got = 0;
	size_t off = 0;
	char *buf;
	int fd;

	if (why)
		*why = NULL;
	if (stat(path, &pre))
		return refuse(why, xasprintf("cannot open: %s", strerror(errno)));
	if (!S_ISREG(pre.st_mode))
		return refuse(why, xstrdup("not a regular file"));
	fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0)
		return refuse(why, xasprintf("cannot open: %s", strerror(errno)));
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) ||
	    st.st_dev != pre.st_dev || st.st_ino != pre.st_ino) {
		close(fd);
		return refuse(why, xstrdup("not a regular file"));
	}
	if ((size_t)st.st_size > max) {
		close(fd);
		return refuse(why, xasprintf("file too large (%lld bytes, limit %zu MiB), skipped",
					     (long long)st.st_size, max >> 20));
	}
	buf = xrealloc(NULL, st.st_size + 1);
	while (off < (size_t)st.st_size) {
		got = read(fd, buf + off, st.st_size - off);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			break;
		off += got;
	}
	close(fd);
	if (off != (size_t)st.st_size) {
		free(buf);
		return refuse(why, xasprintf("read error: %s",
					     got < 0 ? strerror(errno) : "short read"));
	}
	buf[off] = '\0';
	*len = off;
	return buf;
}

const char *text_skip_comment(const char *p, const char *end)
{
	const char *e;

	if (p + 1 >= end || p[0] != '/')
		return p;
	if (p[1] == '*') {
		for (e = p + 2; e + 1 < end; e++)
			if (e[0] == '*' && e[1] == '/')
				return e + 2;
		return end;
	}
	if (p[1] == '/') {
		for (e = p + 2; e < end && *e != '\n'; e++)
			;
		return e;
	}
	return p;
}

/*
 * C comments in s blanked in place (newlines kept, so lines and
 * columns stay), strings and character constants left alone: header
 * text read for its #defines and declarations (frontend/input/ktree.c,
 * analysis/kheaders.c).
 */
void blank_c_comments(char *s)
{
	char q = 0;

	for (; *s; s++) {
		if (q) {		/* in a string or character constant */
			if (*s == '\\' && s[1])
				s++;
			else if (*s == q || *s == '\n')
				q = 0;
			continue;
		}
		if (*s == '"' || *s == '\'') {
			q = *s;
		} else if (s[0] == '/' && s[1] == '*') {
			s[0] = s[1] = ' ';
			for (s += 2; *s && !(s[0] == '*' && s[1] == '/'); s++)
				if (*s != '\n')
					*s = ' ';
			if (!*s)
				break;
			s[0] = s[1] = ' ';
			s++;
		} else if (s[0] == '/' && s[1] == '/') {
			for (; *s && *s != '\n'; s++)
				*s = ' ';
			if (!*s)
				break;
		}
	}
}

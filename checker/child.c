// SPDX-License-Identifier: GPL-2.0-only
/*
 * The one place wqport starts other programs: posix_spawnp() with file
 * actions for the standard descriptors and the working directory, so
 * that no code of ours runs between fork and exec (worker threads may
 * hold the allocator's locks), and the scratch directory every
 * temporary file goes to.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "child.h"

extern char **environ;

static void route(posix_spawn_file_actions_t *fa, int fd, int to)
{
	if (to < 0)
		posix_spawn_file_actions_addopen(fa, fd, "/dev/null",
						 fd ? O_WRONLY : O_RDONLY, 0);
	else if (to != fd)
		posix_spawn_file_actions_adddup2(fa, to, fd);
}

pid_t spawn(char *const argv[], const struct spawn_opts *o)
{
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t at;
	pid_t pid;
	int rc;

	posix_spawn_file_actions_init(&fa);
	posix_spawnattr_init(&at);
	route(&fa, 0, o->in);
	route(&fa, 1, o->out);
	route(&fa, 2, o->err);
	if (o->dir)
		posix_spawn_file_actions_addchdir_np(&fa, o->dir);
	if (o->new_group) {
		posix_spawnattr_setflags(&at, POSIX_SPAWN_SETPGROUP);
		posix_spawnattr_setpgroup(&at, 0);
	}
	rc = posix_spawnp(&pid, argv[0], &fa, &at, argv,
			  o->env ? o->env : environ);
	posix_spawn_file_actions_destroy(&fa);
	posix_spawnattr_destroy(&at);
	if (rc) {
		errno = rc;
		return -1;
	}
	return pid;
}

int spawn_wait(pid_t pid)
{
	int status;

	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	return 128 + WTERMSIG(status);
}

/*
 * A pidfd becomes readable when the child ends: poll() on it waits with
 * a time limit and no polling loop.
 */
int spawn_wait_timeout(pid_t pid, int seconds)
{
	int fd = syscall(SYS_pidfd_open, pid, 0), rc;
	struct pollfd p = { .fd = fd, .events = POLLIN };

	if (fd < 0)	/* a kernel before 5.3: no limit */
		return spawn_wait(pid);
	do
		rc = poll(&p, 1, seconds * 1000);
	while (rc < 0 && errno == EINTR);
	close(fd);
	if (!rc) {
		kill(pid, SIGKILL);
		spawn_wait(pid);
		return -2;
	}
	return spawn_wait(pid);
}

int spawn_capture(char *const argv[], const char *dir, struct strbuf *out,
		  bool quiet)
{
	struct spawn_opts o = { .dir = dir, .in = -1, .err = quiet ? -1 : 2 };
	char buf[65536];
	int fds[2];
	ssize_t n;
	pid_t pid;

	if (pipe2(fds, O_CLOEXEC))
		return -1;
	o.out = fds[1];
	pid = spawn(argv, &o);
	close(fds[1]);
	if (pid < 0) {
		close(fds[0]);
		return -1;
	}
	sb_add(out, "", 0);
	for (;;) {
		n = read(fds[0], buf, sizeof(buf));
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		sb_add(out, buf, n);
	}
	close(fds[0]);
	return spawn_wait(pid);
}

/*
 * $TMPDIR when it is absolute and made only of characters no shell
 * treats specially: the scratch folder is named to spatch, which hands
 * it to `sh -c` unquoted (see spatch.c); otherwise /tmp.
 */
const char *tmp_dir(void)
{
	const char *t = getenv("TMPDIR");

	if (!t || *t != '/' ||
	    t[strspn(t, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
		       "0123456789/._-+,=@%:")])
		return "/tmp";
	return t;
}

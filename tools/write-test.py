#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""`wqport fix --write` never damages the user's tree (issue 22).

    write-test.py --checker PATH --testdata DIR SCENARIO

  symlink        a symlink named on the command line is written through:
                 the link stays a link, its target is converted once
                 (link and target both named), the site lines say so
  hardlink       a file with two hard links is refused naming the other
                 link; both names keep the same inode and the old text
  owner          owner, group, mode and an extended attribute are kept
                 (as root only; skipped with a message otherwise)
  crlf           a CRLF file converts exactly like its LF twin, CRLF on
                 every line; the diff mode shows CRLF lines that apply
  mixed-eol      a file with both CRLF and LF lines is refused, untouched
  lost-update    the file edited between the read and the write (the
                 WQPORT_TEST_WRITE_HOOK seam): not written, the site line
                 says "changed during the run, not written", exit 2; the
                 same with an edit that keeps the size and mtime
  twice          a.c ./a.c: converted and counted once
  failed-write   a write that fails (a read-only directory; as root the
                 run is made as nobody) is an error, its sites refused
                 not-written, and it is not counted as a changed file
  signal-write   SIGINT during --write: the file being written is not
                 renamed, nothing later is written, no temporary file is
                 left, the summary says how far it got, exit 130
  signal-series  SIGTERM during --series: the same for the patches, 143
  signal-fix     SIGINT while the files are being fixed: nothing written,
                 the scratch directory removed, exit 130
  comment        a comment on a line the conversion removes is kept

Each scenario works on copies in a temporary directory.
"""
import argparse
import os
import pwd
import grp
import shutil
import stat
import subprocess
import sys
import tempfile

SAMPLE = "samples/zorb-serial-ko.c"
HOOK = "WQPORT_TEST_WRITE_HOOK"


def run(cmd, cwd, env=None, input=None):
    e = dict(os.environ)
    e.pop(HOOK, None)
    if env:
        e.update(env)
    return subprocess.run(cmd, cwd=cwd, capture_output=True, env=e,
                          input=input, timeout=900)


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def out(p):
    return p.stderr.decode(errors="replace")


def read(path):
    with open(path, "rb") as f:
        return f.read()


def write(path, data):
    with open(path, "wb") as f:
        f.write(data)


def sample(td):
    return read(os.path.join(td, SAMPLE))


def leftovers(d):
    return [n for n in os.listdir(d) if ".wqport-" in n]


def summary(p):
    lines = [l for l in out(p).splitlines() if l.startswith("wqport fix: ")]
    return "\n".join(lines)


def converted(data):
    return b"prepare_to_wait(" in data and b"\tadd_wait_queue(&" not in data


def reference(wq, td, tmp):
    """The sample converted by --write as a plain file, with LF."""
    d = tempfile.mkdtemp(dir=tmp)
    write(os.path.join(d, "ref.c"), sample(td))
    p = run([wq, "fix", "--write", "ref.c"], d)
    data = read(os.path.join(d, "ref.c"))
    if p.returncode != 1 or not converted(data):
        fail("the plain --write does not convert the sample (rc %d):\n%s"
             % (p.returncode, out(p)))
    return data


def scenario_symlink(wq, td, tmp):
    ref = reference(wq, td, tmp)
    os.makedirs(os.path.join(tmp, "boards", "common"))
    real = os.path.join(tmp, "boards", "common", "zorb.c")
    write(real, sample(td))
    link = os.path.join(tmp, "board-a.c")
    os.symlink("boards/common/zorb.c", link)
    p = run([wq, "fix", "--write", "board-a.c", "boards/common/zorb.c"], tmp)
    if not os.path.islink(link) or os.readlink(link) != "boards/common/zorb.c":
        fail("the symlink was replaced: %s" %
             ("a regular file" if not os.path.islink(link) else os.readlink(link)))
    if read(real) != ref:
        fail("the link's target is not converted as a plain file is")
    if p.returncode != 1:
        fail("rc %d, want 1:\n%s" % (p.returncode, out(p)))
    sites = [l for l in out(p).splitlines() if l.startswith("board-a.c:")
             and "[WQ" in l]
    if len(sites) != 3 or not all("symlink to boards/common/zorb.c" in l
                                  for l in sites):
        fail("the site lines do not say the write went through the link:\n"
             + out(p))
    if "boards/common/zorb.c: note: the same file as board-a.c" not in out(p):
        fail("the target named again is not said to be the same file:\n" + out(p))
    if "3 sites" not in summary(p) or "; 1 file changed" not in summary(p):
        fail("one real file must be counted once: %s" % summary(p))
    if leftovers(tmp) or leftovers(os.path.dirname(real)):
        fail("temporary files left")
    # the diff names the file that is patched
    write(real, sample(td))
    p = run([wq, "fix", "board-a.c"], tmp)
    if b"+++ b/boards/common/zorb.c" not in p.stdout:
        fail("the diff through a link does not name its target:\n%s"
             % p.stdout.decode()[:300])


def scenario_hardlink(wq, td, tmp):
    a, b = os.path.join(tmp, "a.c"), os.path.join(tmp, "b.c")
    write(a, sample(td))
    os.link(a, b)
    ino = os.stat(a).st_ino
    p = run([wq, "fix", "--write", "a.c"], tmp)
    if os.stat(a).st_ino != ino or os.stat(b).st_ino != ino:
        fail("the hard link was broken")
    if read(a) != sample(td) or read(b) != sample(td):
        fail("a hard-linked file was written")
    if p.returncode != 2 or "a.c: error: not written: it has 2 hard links (also b.c)" not in out(p):
        fail("the refusal does not name the other link (rc %d):\n%s"
             % (p.returncode, out(p)))
    if "0 files changed" not in summary(p) or "3 refused (3 not-written)" not in summary(p):
        fail("a refused file is counted changed: %s" % summary(p))
    if leftovers(tmp):
        fail("temporary files left")


def scenario_owner(wq, td, tmp):
    if os.geteuid() != 0:
        print("SKIP: changing a file's owner needs root; run as root to test it")
        sys.exit(77)
    f = os.path.join(tmp, "own.c")
    write(f, sample(td))
    uid = pwd.getpwnam("nobody").pw_uid
    gid = grp.getgrnam("nogroup").gr_gid if "nogroup" in [g.gr_name for g in grp.getgrall()] \
        else pwd.getpwnam("nobody").pw_gid
    os.chown(f, uid, gid)
    os.chmod(f, 0o2640)
    xattr = True
    try:
        os.setxattr(f, "user.wqport-test", b"errata 12")
    except OSError as e:
        print("note: no user extended attributes here (%s): not tested" % e)
        xattr = False
    p = run([wq, "fix", "--write", "own.c"], tmp)
    st = os.stat(f)
    if not converted(read(f)):
        fail("own.c not converted:\n" + out(p))
    if (st.st_uid, st.st_gid) != (uid, gid):
        fail("owner %d:%d, want %d:%d" % (st.st_uid, st.st_gid, uid, gid))
    if stat.S_IMODE(st.st_mode) != 0o2640:
        fail("mode %o, want 2640" % stat.S_IMODE(st.st_mode))
    if xattr and os.getxattr(f, "user.wqport-test") != b"errata 12":
        fail("the extended attribute was lost")


def scenario_crlf(wq, td, tmp):
    lf = sample(td)
    crlf = lf.replace(b"\n", b"\r\n")
    write(os.path.join(tmp, "lf.c"), lf)
    write(os.path.join(tmp, "crlf.c"), crlf)
    p = run([wq, "fix", "--write", "lf.c", "crlf.c"], tmp)
    a, b = read(os.path.join(tmp, "lf.c")), read(os.path.join(tmp, "crlf.c"))
    if p.returncode != 1 or not converted(a):
        fail("not converted (rc %d):\n%s" % (p.returncode, out(p)))
    if b.replace(b"\r\n", b"\n") != a:
        fail("the CRLF file converts differently from its LF twin")
    if b.count(b"\n") != b.count(b"\r\n") or b.count(b"\r") != b.count(b"\r\n"):
        fail("line endings mixed after the conversion")
    lines = [l.split(": ", 1)[1] for l in out(p).splitlines() if "[WQ" in l]
    if lines[:len(lines) // 2] != lines[len(lines) // 2:]:
        fail("the sites differ between the twins:\n" + out(p))
    # diff mode: CRLF lines, and the diff gives the --write result
    d = tempfile.mkdtemp(dir=tmp)
    write(os.path.join(d, "crlf.c"), crlf)
    p = run([wq, "fix", "crlf.c"], d)
    body = [l for l in p.stdout.split(b"\n")[2:] if l and not l.startswith(b"@@")]
    if not body or not all(l.endswith(b"\r") for l in body):
        fail("the diff of a CRLF file has lines without CR")
    q = run(["patch", "-p1", "-s"], d, input=p.stdout)
    if q.returncode or read(os.path.join(d, "crlf.c")) != b:
        fail("the diff does not give the --write result: %s" % q.stderr)


def scenario_mixed_eol(wq, td, tmp):
    lines = sample(td).split(b"\n")
    mixed = b"\n".join(l + b"\r" if i % 2 else l for i, l in enumerate(lines))
    write(os.path.join(tmp, "mixed.c"), mixed)
    write(os.path.join(tmp, "ok.c"), sample(td))
    p = run([wq, "fix", "--write", "mixed.c", "ok.c"], tmp)
    if read(os.path.join(tmp, "mixed.c")) != mixed:
        fail("a file with mixed line endings was written")
    if p.returncode != 2 or "mixed.c: error: mixed line endings" not in out(p):
        fail("no error for mixed line endings (rc %d):\n%s" % (p.returncode, out(p)))
    if not converted(read(os.path.join(tmp, "ok.c"))):
        fail("the other file was not converted")


def scenario_lost_update(wq, td, tmp):
    f = os.path.join(tmp, "a.c")
    edit = b"/* added by hand during the run */\n"
    # 1: a line appended between the read and the write
    write(f, sample(td))
    hook = 'printf "%s" >> "$1"' % edit.decode().replace("\n", "\\n")
    p = run([wq, "fix", "--write", "a.c"], tmp, env={HOOK: hook})
    if read(f) != sample(td) + edit:
        fail("the edit made during the run was lost or the file was written")
    sites = [l for l in out(p).splitlines() if "[WQ" in l]
    if len(sites) != 3 or not all("changed during the run, not written" in l
                                  for l in sites):
        fail("the site lines do not say it changed:\n" + out(p))
    if p.returncode != 2 or "0 files changed" not in summary(p):
        fail("rc %d, %s; want 2 and 0 files changed" % (p.returncode, summary(p)))
    if leftovers(tmp):
        fail("temporary files left")
    # 2: one byte changed in place, size and mtime put back
    write(f, sample(td))
    hook = ('touch -r "$1" ref && printf Z | dd of="$1" bs=1 seek=3 '
            'conv=notrunc 2>/dev/null && touch -r ref "$1"')
    p = run([wq, "fix", "--write", "a.c"], tmp, env={HOOK: hook})
    want = bytearray(sample(td))
    want[3:4] = b"Z"
    if read(f) != bytes(want):
        fail("an edit that keeps size and mtime was lost")
    if p.returncode != 2 or "changed during the run, not written" not in out(p):
        fail("an edit keeping size and mtime not seen (rc %d):\n%s"
             % (p.returncode, out(p)))


def scenario_twice(wq, td, tmp):
    write(os.path.join(tmp, "a.c"), sample(td))
    p = run([wq, "fix", "--write", "a.c", "./a.c"], tmp)
    s = summary(p)
    if "3 sites" not in s or "; 1 file changed" not in s:
        fail("a file named twice is counted twice: " + s)
    if "./a.c: note: the same file as a.c" not in out(p):
        fail("no note for the second name:\n" + out(p))
    if not converted(read(os.path.join(tmp, "a.c"))) or p.returncode != 1:
        fail("not converted (rc %d)" % p.returncode)


def scenario_failed_write(wq, td, tmp):
    # a read-only directory: no temporary file beside the file.  root
    # writes anywhere, so as root wqport runs as nobody for this one
    d = os.path.join(tmp, "ro")
    os.makedirs(d)
    write(os.path.join(d, "a.c"), sample(td))
    os.chmod(d, 0o555)
    drop = None
    if os.geteuid() == 0:
        nobody = pwd.getpwnam("nobody")
        os.chmod(tmp, 0o755)

        def drop():
            os.setgroups([])
            os.setgid(nobody.pw_gid)
            os.setuid(nobody.pw_uid)
    e = dict(os.environ)
    e.pop(HOOK, None)
    p = subprocess.run([wq, "fix", "--write", "a.c"], cwd=d, env=e,
                       capture_output=True, preexec_fn=drop, timeout=900)
    os.chmod(d, 0o755)
    if read(os.path.join(d, "a.c")) != sample(td):
        fail("the file was changed although its write failed")
    if p.returncode != 2 or "a.c: error: not written: cannot create a temporary file" not in out(p):
        fail("no error for the failed write (rc %d):\n%s" % (p.returncode, out(p)))
    if "0 files changed" not in summary(p) or "3 refused (3 not-written)" not in summary(p):
        fail("a failed write is counted as changed: " + summary(p))


KILL_SECOND = ('n=$(cat "$COUNT" 2>/dev/null || echo 0); n=$((n + 1)); '
               'echo $n > "$COUNT"; [ $n -ne 2 ] || kill -%s $PPID')


def scenario_signal_write(wq, td, tmp):
    for n in ("a.c", "b.c", "c.c"):
        write(os.path.join(tmp, n), sample(td))
    count = os.path.join(tmp, "..count")
    p = run([wq, "fix", "--write", "-j1", "a.c", "b.c", "c.c"], tmp,
            env={HOOK: KILL_SECOND % "INT", "COUNT": count})
    if os.path.exists(count):
        os.unlink(count)
    if leftovers(tmp):
        fail("temporary files left: %s" % leftovers(tmp))
    done = [n for n in ("a.c", "b.c", "c.c") if read(os.path.join(tmp, n)) != sample(td)]
    if done != ["a.c"] or not converted(read(os.path.join(tmp, "a.c"))):
        fail("want a.c written and b.c, c.c as they were; written: %s\n%s"
             % (done, out(p)))
    if p.returncode != 130:
        fail("rc %d, want 130:\n%s" % (p.returncode, out(p)))
    if "interrupted by SIGINT: 3 of 3 files fixed, 1 written" not in summary(p):
        fail("the summary does not say how far it got:\n" + summary(p))


def scenario_signal_series(wq, td, tmp):
    for n in ("a.c", "b.c", "c.c"):
        write(os.path.join(tmp, n), sample(td))
    count = os.path.join(tmp, "..count")
    series = os.path.join(tmp, "series")
    p = run([wq, "fix", "--series", series, "-j1", "a.c", "b.c", "c.c"], tmp,
            env={HOOK: KILL_SECOND % "TERM", "COUNT": count})
    pats = sorted(os.listdir(series)) if os.path.isdir(series) else []
    if len(pats) != 1 or leftovers(series):
        fail("want one patch and no temporary file, got %s\n%s" % (pats, out(p)))
    text = read(os.path.join(series, pats[0]))
    if not text.startswith(b"From ") or not text.endswith(b"\n\n"):
        fail("the patch written is not whole")
    if p.returncode != 143 or "interrupted by SIGTERM" not in summary(p) or \
            "1 patch written" not in summary(p):
        fail("rc %d, summary %r" % (p.returncode, summary(p)))
    for n in ("a.c", "b.c", "c.c"):
        if read(os.path.join(tmp, n)) != sample(td):
            fail("--series changed a source file")


def scenario_signal_fix(wq, td, tmp):
    for n in ("a.c", "b.c", "c.c"):
        write(os.path.join(tmp, n), sample(td))
    fake = os.path.join(tmp, "spatch-interrupt")
    log = os.path.join(tmp, "scratch.txt")
    with open(fake, "w") as f:
        # the scratch directory follows --tmp-dir; SIGINT to wqport
        f.write('#!/bin/sh\nprev=\nfor a; do [ "$prev" = --tmp-dir ] && '
                'echo "$a" >> "%s"; prev=$a; done\nkill -INT $PPID\n'
                'exec spatch "$@"\n' % log)
    os.chmod(fake, 0o755)
    p = run([wq, "fix", "--write", "-j1", "--spatch=" + fake, "a.c", "b.c", "c.c"], tmp)
    for n in ("a.c", "b.c", "c.c"):
        if read(os.path.join(tmp, n)) != sample(td):
            fail("%s written after SIGINT during the fix" % n)
    if leftovers(tmp):
        fail("temporary files left")
    dirs = set(open(log).read().split()) if os.path.exists(log) else set()
    if not dirs:
        fail("the fake spatch never ran:\n" + out(p))
    if any(os.path.exists(d) for d in dirs):
        fail("the scratch directory is left: %s" % sorted(dirs))
    if p.returncode != 130 or "interrupted by SIGINT: 0 of 3 files fixed, 0 written" not in summary(p):
        fail("rc %d, summary %r" % (p.returncode, summary(p)))


def scenario_comment(wq, td, tmp):
    src = sample(td).replace(
        b"add_wait_queue(&zs->rx_wait, &wait);\t/* expect: WQ002 fix=converted */",
        b"add_wait_queue(&zs->rx_wait, &wait); /* errata 12 */")
    src = src.replace(b"set_current_state(TASK_INTERRUPTIBLE);\t/* expect: WQ003 fix=converted */\n\t\tschedule();",
                      b"set_current_state(TASK_INTERRUPTIBLE); /* errata 13 */\n\t\tschedule(); /* errata 14 */")
    if b"errata 12" not in src or b"errata 13" not in src:
        fail("the sample changed: the lines this test edits are gone")
    write(os.path.join(tmp, "a.c"), src)
    p = run([wq, "fix", "--write", "a.c"], tmp)
    res = read(os.path.join(tmp, "a.c"))
    if not converted(res):
        fail("not converted:\n" + out(p))
    lines = res.decode().splitlines()
    c12 = [l for l in lines if "/* errata 12 */" in l]
    c13 = [l for l in lines if "/* errata 13 */" in l]
    if c12 != ["\t/* errata 12 */"]:
        fail("the comment of the removed add_wait_queue() line: %s" % c12)
    if len(c13) != 1 or "prepare_to_wait(" not in c13[0]:
        fail("the comment of the replaced set_current_state() line: %s" % c13)
    # the new line sharing most names with the removed one takes it: the
    # schedule() now under the re-test, not the first line of the rewrite
    c14 = [l for l in lines if "/* errata 14 */" in l]
    if c14 != ["\t\t\tschedule(); /* errata 14 */"]:
        fail("the comment of the replaced schedule() line: %s" % c14)


SCENARIOS = {
    "symlink": scenario_symlink,
    "hardlink": scenario_hardlink,
    "owner": scenario_owner,
    "crlf": scenario_crlf,
    "mixed-eol": scenario_mixed_eol,
    "lost-update": scenario_lost_update,
    "twice": scenario_twice,
    "failed-write": scenario_failed_write,
    "signal-write": scenario_signal_write,
    "signal-series": scenario_signal_series,
    "signal-fix": scenario_signal_fix,
    "comment": scenario_comment,
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--checker", required=True)
    ap.add_argument("--testdata", required=True)
    ap.add_argument("scenario", choices=sorted(SCENARIOS))
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        SCENARIOS[a.scenario](os.path.abspath(a.checker),
                              os.path.abspath(a.testdata), tmp)
    print("PASS: " + a.scenario)


if __name__ == "__main__":
    main()

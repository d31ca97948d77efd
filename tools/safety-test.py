#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Safe in a shared folder and an odd tree; honest reasons and numbers
(issue 38).

    safety-test.py --checker PATH --testdata DIR SCENARIO

  report-link      a link planted at the report's temporary name and at
                   a page's name in an earlier report folder: the file it
                   points to is not written, the pages are regular files
  report-keep      the user's own file-notes.html, rule-book.html,
                   by-laws.html, outcome-2024.html in an earlier report's
                   folder stay; a non-empty folder that holds no report
                   is refused before the run (exit 2, names --force) and
                   with --force written, deleting nothing
  fifo-tree        a kernel tree whose Makefile is a FIFO (and one whose
                   Makefile links to /dev/stdin): --show-config, --stats,
                   the check and fix end, say why the Makefile was not
                   read, and a -j2 run over it and a healthy tree finds
                   the healthy tree's kernel
  makefile-unread  a tree whose Makefile cannot be read (a folder named
                   Makefile; also mode 000 when not root) says why, not
                   "no kernel tree or build found"
  version-comment  a build's version.h whose comment holds a #define
                   LINUX_VERSION_CODE of 3.5 before the real 6.1 one: 6.1
  spatch-timeout   a spatch that runs past --spatch-timeout: the file's
                   error and every site say it timed out, naming the
                   limit, not "no semantic patch matched this shape"
  limit-up-front   40 sleep loops on 40 queues in one function, past the
                   validation's limit: refused before spatch runs (a
                   spatch that logs its calls is never called)
  capped-count     a waiter with 2^34 paths: the model says "more than
                   1000000000 schedules", not an exact 1000000000
  series-renumber  --series interrupted after two of four patches: they
                   are [PATCH 1/2] and [PATCH 2/2], named 0001-, 0002-
  json-errors      --write --format=json --report interrupted: the JSON's
                   summary.errors, its files with an error and the
                   report's count are the same number
  json-not-utf8    a file named lat\\xe9n.c: the check's and the fix's
                   JSON and SARIF parse as strict UTF-8 JSON (no lone
                   surrogate), the byte written \\u00e9 (SARIF's URI:
                   lat%E9n.c)
  comments         sleep_on_timeout(&q, HZ / 50 /* 20 ms ... */) keeps
                   the comment beside the new line; of two comments on a
                   sleep line neither is dropped and they stay in order
"""
import argparse
import json
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile

FAILS = []
HOOK = "WQPORT_TEST_WRITE_HOOK"
SAMPLE = "samples/zorb-serial-ko.c"
KILL_NTH = ('n=$(cat "$COUNT" 2>/dev/null || echo 0); n=$((n + 1)); '
            'echo $n > "$COUNT"; [ $n -ne %d ] || kill -%s $PPID')


def expect(cond, what):
    if not cond:
        FAILS.append(what)


def run(cmd, cwd=None, env=None, timeout=600):
    e = dict(os.environ, WQPORT_NO_CACHE="1")
    e.pop(HOOK, None)
    e.update(env or {})
    try:
        p = subprocess.run(cmd, cwd=cwd, capture_output=True, env=e,
                           timeout=timeout, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return None, "", "TIMED OUT after %d s" % timeout
    return p.returncode, p.stdout.decode("utf-8", "replace"), \
        p.stderr.decode("utf-8", "replace")


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def shim_flags():
    s = os.path.realpath(os.path.join(os.path.dirname(
        os.path.realpath(__file__)), "..", "checker", "shim"))
    return ["-nostdinc", "-isystem", s, "-include",
            os.path.join(s, "wqport-shim.h"), "-D__KERNEL__"]


# ---- the report folder ----

def report_link(a, tmp):
    samples = os.path.join(a.testdata, "samples")
    out, rep = os.path.join(tmp, "out"), os.path.join(tmp, "rep")
    os.mkdir(out)
    victim = os.path.join(out, "v")
    write(victim, "secret\n")
    rc, _, err = run([a.checker, "--report=" + rep, samples])
    expect(rc == 1 and os.path.isfile(os.path.join(rep, "index.html")),
           f"first report: exit {rc}\n{err}")
    # another user plants links at the temporary name and at a page
    os.symlink("../out/v", os.path.join(rep, ".index.html.tmp"))
    os.unlink(os.path.join(rep, "by-sites.html"))
    os.symlink("../out/v", os.path.join(rep, "by-sites.html"))
    for cmd in ([a.checker, "--report=" + rep, samples],
                [a.checker, "fix", "--report=" + rep, samples]):
        rc, _, err = run(cmd)
        with open(victim) as f:
            expect(f.read() == "secret\n",
                   f"{cmd[1]}: the file a planted link points to was written")
        for n in ("index.html", "by-sites.html"):
            st = os.lstat(os.path.join(rep, n))
            expect(stat.S_ISREG(st.st_mode),
                   f"{cmd[1]}: {n} is not a regular file after the run")


def report_keep(a, tmp):
    samples = os.path.join(a.testdata, "samples")
    rep = os.path.join(tmp, "rep")
    rc, _, err = run([a.checker, "--report=" + rep, samples])
    expect(rc == 1, f"first report: exit {rc}\n{err}")
    mine = ["file-notes.html", "rule-book.html", "by-laws.html",
            "outcome-2024.html"]
    for n in mine:
        write(os.path.join(rep, n), "my own " + n + "\n")
    for cmd in ([a.checker, "--report=" + rep, samples],
                [a.checker, "fix", "--report=" + rep,
                 os.path.join(a.testdata, SAMPLE)]):
        rc, _, err = run(cmd)
        expect(rc in (0, 1), f"{cmd[1]}: exit {rc}\n{err}")
        for n in mine:
            expect(os.path.exists(os.path.join(rep, n)),
                   f"{cmd[1]}: the user's {n} was deleted")
    # the check's pages the fix report did not write again are gone
    expect(not os.path.exists(os.path.join(rep, "file-0003.html")),
           "a page of the earlier report that this one did not write stays")
    # a folder of the user's that holds no report
    docs = os.path.join(tmp, "docs")
    write(os.path.join(docs, "guide.html"), "the user's\n")
    write(os.path.join(docs, "rule-x.html"), "the user's\n")
    for cmd in ([a.checker, "--report=" + docs, samples],
                [a.checker, "fix", "--report=" + docs, samples]):
        rc, _, err = run(cmd)
        expect(rc == 2 and "--force" in err and "not empty" in err and
               not os.path.exists(os.path.join(docs, "index.html")),
               f"{cmd[1]} into a folder of the user's: exit {rc}\n{err}")
    rc, _, err = run([a.checker, "--report=" + docs, "--force", samples])
    expect(rc == 1 and os.path.exists(os.path.join(docs, "index.html")),
           f"--force: exit {rc}\n{err}")
    for n in ("guide.html", "rule-x.html"):
        expect(os.path.exists(os.path.join(docs, n)),
               f"--force deleted the user's {n}")


# ---- odd trees ----

def tree(root, lone, makefile=None):
    """A kernel tree at root: include/linux/wait.h, a driver; Makefile
    written from text unless makefile is None (then made by the caller)."""
    os.makedirs(os.path.join(root, "include", "linux"))
    write(os.path.join(root, "include", "linux", "wait.h"), "/* wait */\n")
    drv = os.path.join(root, "drivers", "pvx-dvb.c")
    os.makedirs(os.path.dirname(drv))
    shutil.copy(lone, drv)
    if makefile is not None:
        write(os.path.join(root, "Makefile"), makefile)
    return drv


def fifo_tree(a, tmp):
    kt = os.path.join(a.testdata, "kernel-trees")
    lone = os.path.join(kt, "standalone", "pvx-dvb.c")
    with open(os.path.join(kt, "linux-3.13", "Makefile")) as f:
        mk313 = f.read()
    bad = tree(os.path.join(tmp, "fifo"), lone)
    os.mkfifo(os.path.join(tmp, "fifo", "Makefile"))
    stdin = tree(os.path.join(tmp, "stdin"), lone)
    os.symlink("/dev/stdin", os.path.join(tmp, "stdin", "Makefile"))
    good = tree(os.path.join(tmp, "good"), lone, mk313)
    for drv, kind in ((bad, "a FIFO"), (stdin, "a character device")):
        for args in (["--show-config", drv], ["--stats", drv],
                     [drv], ["fix", drv]):
            rc, out, err = run([a.checker] + args, timeout=60)
            expect(rc is not None, f"{args}: hangs on a Makefile that is "
                   f"{kind}")
            if args[0] in ("--show-config", "--stats"):
                expect("is " + kind + ", not a regular file" in out + err,
                       f"{args}: does not say the Makefile is {kind}:\n"
                       f"{out}{err}")
    rc, out, err = run([a.checker, "-j2", "--stats", bad, good], timeout=60)
    expect(rc is not None and "3.13.10 from" in err,
           f"-j2 over a FIFO tree and a 3.13 tree: exit {rc}\n{err}")


def makefile_unread(a, tmp):
    kt = os.path.join(a.testdata, "kernel-trees")
    lone = os.path.join(kt, "standalone", "pvx-dvb.c")
    cases = [("dir", "is a folder, not a regular file")]
    if os.geteuid() != 0:
        cases.append(("mode", "Permission denied"))
    for how, why in cases:
        root = os.path.join(tmp, how)
        drv = tree(root, lone)
        mk = os.path.join(root, "Makefile")
        if how == "dir":
            os.mkdir(mk)
        else:
            with open(os.path.join(kt, "linux-3.13", "Makefile")) as f:
                write(mk, f.read())
            os.chmod(mk, 0)
        rc, out, err = run([a.checker, "--show-config", drv], timeout=60)
        line = [l for l in out.splitlines() if l.startswith("kernel = ")]
        expect(line and mk in line[-1] and why in line[-1] and
               "no kernel tree or build found" not in line[-1],
               f"{how}: --show-config does not say why {mk} was not "
               f"read:\n{out}{err}")
        rc, out, err = run([a.checker, "--stats", drv], timeout=60)
        expect(why in err and "no kernel tree or build found" not in err,
               f"{how}: --stats does not say why:\n{err}")


def version_comment(a, tmp):
    kt = os.path.join(a.testdata, "kernel-trees")
    src = os.path.join(tmp, "pvx-dvb.c")
    shutil.copy(os.path.join(kt, "standalone", "pvx-dvb.c"), src)
    inc = os.path.join(tmp, "build", "include")
    hdr = os.path.join(inc, "generated", "uapi", "linux", "version.h")
    write(hdr, "/*\n * Was:\n#define LINUX_VERSION_CODE 197888\n */\n"
          "// #define LINUX_VERSION_CODE 197888\n"
          "#define LINUX_VERSION_CODE 393664\n")
    rc, out, err = run([a.checker, "--stats", src, "--"] + shim_flags() +
                       ["-I", inc])
    expect("6.1.192 from " + hdr in err,
           f"a #define in a comment was read:\n{err}")


# ---- honest reasons ----

def fake(tmp, name, body):
    p = os.path.join(tmp, name)
    with open(p, "w") as f:
        f.write("#!/bin/sh\n" + body)
    os.chmod(p, 0o755)
    return p


def spatch_timeout(a, tmp):
    src = os.path.join(tmp, "a.c")
    shutil.copy(os.path.join(a.testdata, SAMPLE), src)
    slow = fake(tmp, "slow-spatch", "exec sleep 30\n")
    rc, out, err = run([a.checker, "fix", "--spatch=" + slow,
                        "--spatch-timeout=2", src], timeout=120)
    sites = [l for l in err.splitlines() if re.search(r":\d+:\d+: ", l)]
    expect(sites and all("timed out" in l and "limit of 2 s" in l
                         for l in sites) and
           not any("no semantic patch matched" in l for l in sites),
           f"a spatch past its limit: sites say\n{err}")
    expect(any(l.startswith(src + ": error: ") and "timed out" in l
               and "--spatch-timeout" in l for l in err.splitlines()),
           f"the file's error does not name the limit:\n{err}")


def loops_file(path, n, queues=True):
    lines = ["#include <linux/module.h>", "#include <linux/sched.h>",
             "#include <linux/wait.h>", "#include <linux/interrupt.h>", ""]
    for i in range(n):
        lines.append(f"static DECLARE_WAIT_QUEUE_HEAD(q{i});")
        lines.append(f"static int c{i};")
    lines.append("\nstatic irqreturn_t irq(int irq, void *d)\n{")
    for i in range(n):
        lines.append(f"\tc{i} = 1;\n\twake_up(&q{i});")
    lines.append("\treturn IRQ_HANDLED;\n}\n\nstatic int many(void)\n{")
    for i in range(n):
        lines.append(f"\twhile (!c{i})\n\t\tsleep_on(&q{i});")
    lines.append("\treturn 0;\n}")
    write(path, "\n".join(lines) + "\n")


def limit_up_front(a, tmp):
    src = os.path.join(tmp, "many.c")
    loops_file(src, 40)
    log = os.path.join(tmp, "calls")
    rec = fake(tmp, "rec-spatch", 'echo "$@" >> "%s"\nexit 1\n' % log)
    rc, out, err = run([a.checker, "fix", "--spatch=" + rec, src])
    sites = [l for l in err.splitlines() if l.startswith(src + ":")]
    expect(not os.path.exists(log),
           "spatch ran on a function past the validation's limit")
    expect(len(sites) == 40 and all(
        "refused: unproven:" in l and "than the validation follows" in l
        and "spatch was not run" in l for l in sites),
        "the 40 sites do not say the limit:\n" + err)


def capped_count(a, tmp):
    src = os.path.join(tmp, "cap.c")
    lines = ["#include <linux/module.h>", "#include <linux/sched.h>",
             "#include <linux/wait.h>", "#include <linux/interrupt.h>", "",
             "static DECLARE_WAIT_QUEUE_HEAD(q);",
             "static int done, hits;", "static int flags[40];", "",
             "static irqreturn_t irq(int irq, void *d)\n{\n\tdone = 1;\n"
             "\twake_up(&q);\n\treturn IRQ_HANDLED;\n}\n",
             "static int many(void)\n{\n\twhile (!done)\n\t\tsleep_on(&q);"]
    for i in range(34):
        lines.append(f"\tif (flags[{i}])\n\t\thits++;")
    lines.append("\treturn 0;\n}")
    write(src, "\n".join(lines) + "\n")
    rc, out, err = run([a.checker, "fix", src])
    m = re.search(r"model: [^;\[]*?in (more than )?(\d+) schedules", err)
    expect(m is not None, "no model verdict:\n" + err)
    if m:
        expect(m.group(1) and m.group(2) == "1000000000",
               "a capped count is printed as exact: " + m.group(0))


def copies(a, tmp, names):
    for n in names:
        shutil.copy(os.path.join(a.testdata, SAMPLE), os.path.join(tmp, n))


def series_renumber(a, tmp):
    names = ["a.c", "b.c", "c.c", "d.c"]
    copies(a, tmp, names)
    series = os.path.join(tmp, "series")
    rc, out, err = run([a.checker, "fix", "--series", series, "-j1"] + names,
                       cwd=tmp, env={HOOK: KILL_NTH % (3, "TERM"),
                                     "COUNT": os.path.join(tmp, "..count")})
    pats = sorted(n for n in os.listdir(series) if n.endswith(".patch"))
    expect(rc == 143 and len(pats) == 2, f"exit {rc}, patches {pats}\n{err}")
    for i, n in enumerate(pats):
        with open(os.path.join(series, n)) as f:
            subj = [l for l in f if l.startswith("Subject: ")]
        expect(n.startswith("%04d-" % (i + 1)) and subj and
               subj[0].startswith("Subject: [PATCH %d/2] " % (i + 1)),
               f"{n}: {subj} (want [PATCH {i + 1}/2])")


def json_errors(a, tmp):
    names = ["a.c", "b.c", "c.c", "d.c"]
    copies(a, tmp, names)
    rep = os.path.join(tmp, "rep")
    rc, out, err = run([a.checker, "fix", "--write", "--format=json",
                        "--report=" + rep, "-j1"] + names, cwd=tmp,
                       env={HOOK: KILL_NTH % (2, "INT"),
                            "COUNT": os.path.join(tmp, "..count")})
    try:
        doc = json.loads(out)
    except ValueError:
        expect(False, f"not JSON (exit {rc}):\n{out}\n{err}")
        return
    carry = sum(1 for f in doc["files"] if f["error"])
    expect(carry >= 2, f"want files not written after SIGINT: {carry}\n{err}")
    expect(doc["summary"]["errors"] == carry,
           f"summary.errors {doc['summary']['errors']}, files with an "
           f"error {carry}")
    try:
        with open(os.path.join(rep, "index.html")) as f:
            m = re.search(r"; (\d+) files? with an error", f.read())
    except OSError:
        m = None
    expect(m and int(m.group(1)) == carry,
           f"the report says {m and m.group(0)}, the JSON {carry}")


def strict_strings(v, path):
    """Every string of the parsed document encodes as strict UTF-8."""
    if isinstance(v, str):
        v.encode("utf-8")	# a lone surrogate raises
    elif isinstance(v, list):
        for x in v:
            strict_strings(x, path)
    elif isinstance(v, dict):
        for k, x in v.items():
            strict_strings(k, path)
            strict_strings(x, path)


def json_not_utf8(a, tmp):
    d = os.path.join(tmp.encode(), b"src")
    os.mkdir(d)
    with open(os.path.join(a.testdata, SAMPLE), "rb") as f, \
            open(os.path.join(d, b"lat\xe9n.c"), "wb") as g:
        g.write(f.read())
    for args in (["--format=json", "."], ["--format=sarif", "."],
                 ["fix", "--format=json", "."], ["fix", "--format=sarif", "."]):
        p = subprocess.run([a.checker] + args, cwd=d, capture_output=True,
                           timeout=600, env=dict(os.environ,
                                                 WQPORT_NO_CACHE="1"))
        try:
            text = p.stdout.decode("utf-8")
            doc = json.loads(text)
            strict_strings(doc, args)
        except (UnicodeError, ValueError) as e:
            expect(False, f"{args}: not strict UTF-8 JSON: {e}")
            continue
        expect(not re.search(r"\\ud[89a-f][0-9a-f]{2}", text, re.I),
               f"{args}: a lone surrogate escape in the document")
        if "--format=json" in args:
            expect("lat\\u00e9n.c" in text,
                   f"{args}: the byte 0xe9 is not written \\u00e9")
        else:	# SARIF names files by URI: percent-encoded
            expect("lat%E9n.c" in text, f"{args}: no URI lat%E9n.c")


# ---- comments ----

COMMENTS = r"""#include <linux/module.h>
#include <linux/sched.h>
#include <linux/wait.h>

static DECLARE_WAIT_QUEUE_HEAD(q);
static DECLARE_WAIT_QUEUE_HEAD(rq);
static int ready;

static void settle(void)
{
	sleep_on_timeout(&q, HZ / 50 /* 20 ms, per datasheet rev C */);
}

static void settle2(void)
{
	sleep_on_timeout(&q, HZ / 20); /* 50 ms */ /* was 40 before rev B */
}

static int wait_ready(void)
{
	while (!ready) {
		interruptible_sleep_on(&rq); /* rx */ /* errata 12 */
		if (signal_pending(current))
			return -ERESTARTSYS;
	}
	return 0;
}

static void rx_irq(void)
{
	ready = 1;
	wake_up_interruptible(&rq);
}
"""


def comments(a, tmp):
    src = os.path.join(tmp, "cmt.c")
    write(src, COMMENTS)
    rc, out, err = run([a.checker, "fix", "--write", src])
    with open(src) as f:
        new = f.read()
    expect(new != COMMENTS, "nothing converted:\n" + err)
    lines = new.splitlines()
    want = [("schedule_timeout_uninterruptible(HZ / 50)",
             ["/* 20 ms, per datasheet rev C */"]),
            ("schedule_timeout_uninterruptible(HZ / 20)",
             ["/* 50 ms */", "/* was 40 before rev B */"]),
            ("wait_event_interruptible(rq, ready)",
             ["/* rx */", "/* errata 12 */"])]
    for call, cs in want:
        at = [i for i, l in enumerate(lines) if call in l]
        if not at:
            expect(False, f"no line with {call}:\n{new}")
            continue
        # beside: on the line, or on the lines just above it
        near = " ".join(lines[max(0, at[0] - len(cs)):at[0] + 1])
        pos = [near.find(c) for c in cs]
        expect(all(p >= 0 for p in pos) and pos == sorted(pos),
               f"{call}: comments {cs} not kept beside it, in order:\n{new}")


SCENARIOS = {
    "report-link": report_link,
    "report-keep": report_keep,
    "fifo-tree": fifo_tree,
    "makefile-unread": makefile_unread,
    "version-comment": version_comment,
    "spatch-timeout": spatch_timeout,
    "limit-up-front": limit_up_front,
    "capped-count": capped_count,
    "series-renumber": series_renumber,
    "json-errors": json_errors,
    "json-not-utf8": json_not_utf8,
    "comments": comments,
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--checker", required=True)
    ap.add_argument("--testdata", required=True)
    ap.add_argument("scenario", choices=sorted(SCENARIOS))
    a = ap.parse_args()
    a.checker = os.path.abspath(a.checker)
    a.testdata = os.path.abspath(a.testdata)
    with tempfile.TemporaryDirectory() as tmp:
        SCENARIOS[a.scenario](a, tmp)
    for f in FAILS:
        print("FAIL: " + f)
    if FAILS:
        sys.exit(1)
    print("PASS: " + a.scenario)


if __name__ == "__main__":
    main()

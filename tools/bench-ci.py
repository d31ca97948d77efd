#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Measure the CI and pre-commit ways of running wqport on a real tree.

Two measurements, on Debian's linux-source-6.1 (tools/ksrc.py extracts
it to ~/.cache/wqport/linux-source-6.1):

  (1) one-file pre-commit latency: a scratch git repository holding one
      real driver (drivers/tty/synclink_gt.c), a realistic change staged
      (a comment block above a function with findings, and a new early
      return that leaks a wait entry); `wqport --staged` against the
      baseline `grep -w -E <prefilter words>` on the same file, and
      `wqport FILE` (the whole file, every finding), in the same run.
      Best and median of --repeat rounds (the commands take turns);
      ratios to grep.
  (2) what a baseline hides: a hard-linked copy of the tree (no data
      copied; edited files are replaced, never written through a link),
      `--write-baseline` over the whole tree, the same edit, then
      `--baseline`: which findings are still reported, how many hidden.

Nothing asserts on time; the numbers are for people.

    python3 tools/bench-ci.py [--tree DIR] [--checker PATH] [--jobs 2]
                              [--repeat 5] [--skip-tree]
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import ksrc

TOOLS_DIR = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(TOOLS_DIR)
DRIVER = "drivers/tty/synclink_gt.c"
GIT_ENV = dict(os.environ, GIT_AUTHOR_NAME="b", GIT_AUTHOR_EMAIL="b@example.org",
               GIT_COMMITTER_NAME="b", GIT_COMMITTER_EMAIL="b@example.org",
               GIT_CONFIG_GLOBAL="/dev/null", GIT_CONFIG_NOSYSTEM="1")

# (1) lines above wait_mgsl_event(): every finding below shifts
SHIFT_AT = "static int wait_mgsl_event(struct slgt_info *info, int __user *mask_ptr)"
SHIFT_TEXT = ("/*\n * Wait for one of the events in *mask_ptr.  Called with no lock\n"
              " * held; sleeps until an event, a signal or a hangup.\n */\n")
# (2) the new bug: an early return inside tiocmiwait()'s wait loop,
# with the entry still on status_event_wait_q
BUG_AT = ("\t\t/* get new irq counts */\n\t\tspin_lock_irqsave(&info->lock,flags);\n"
          "\t\tcnow = info->icount;")
BUG_TEXT = ("\t\tif (!tty_port_initialized(&info->port))\n"
            "\t\t\treturn -EIO;\t/* shut down while we slept */\n\n")


def edit(text):
    if SHIFT_AT not in text or BUG_AT not in text:
        raise SystemExit(f"{DRIVER} is not the 6.1 version this script edits")
    text = text.replace(SHIFT_AT, SHIFT_TEXT + SHIFT_AT, 1)
    return text.replace(BUG_AT, BUG_TEXT + BUG_AT, 1)


def replace_file(path, text):
    """Write a new file in place of path (never through a hard link)."""
    os.unlink(path)
    with open(path, "w") as f:
        f.write(text)


def timed_rounds(rows, cwd, repeat):
    """Run the commands in turn, round after round, so that a change in
    the machine's load hits them all alike; best and median of each."""
    times = {name: [] for name, _ in rows}
    last = {}
    for _ in range(repeat):
        for name, argv in rows:
            t0 = time.monotonic()
            last[name] = subprocess.run(argv, cwd=cwd, capture_output=True,
                                        env=GIT_ENV)
            times[name].append(time.monotonic() - t0)
    return {name: (min(t), statistics.median(t), last[name])
            for name, t in times.items()}


def findings(out):
    return re.findall(r"^(.*?:\d+:\d+): (?:error|warning|style): (.*\[WQ\d+\])$",
                      out, re.M)


def precommit(args, tree):
    words = subprocess.run([args.checker, "--print-prefilter-words"],
                           capture_output=True, text=True).stdout.split()
    with open(os.path.join(tree, DRIVER)) as f:
        orig = f.read()
    with tempfile.TemporaryDirectory() as tmp:
        os.makedirs(os.path.join(tmp, os.path.dirname(DRIVER)))
        path = os.path.join(tmp, DRIVER)
        with open(path, "w") as f:
            f.write(orig)
        for argv in (["git", "init", "-q", "."], ["git", "add", "."],
                     ["git", "commit", "-qm", "driver"]):
            subprocess.run(argv, cwd=tmp, check=True, env=GIT_ENV,
                           capture_output=True)
        replace_file(path, edit(orig))
        subprocess.run(["git", "add", "-u"], cwd=tmp, check=True, env=GIT_ENV)
        rows = [
            ("grep -w -E <words> FILE", ["grep", "-c", "-w", "-E",
                                         "|".join(words), DRIVER]),
            ("wqport --staged", [args.checker, "--staged"]),
            ("wqport FILE (all findings)", [args.checker, DRIVER]),
        ]
        print(f"(1) one-file pre-commit latency, {DRIVER} "
              f"({len(orig.splitlines())} lines), best/median of {args.repeat}")
        base = None
        result = timed_rounds(rows, tmp, args.repeat)
        for name, argv in rows:
            best, med, p = result[name]
            base = base or best
            print(f"  {name:30} {best * 1000:8.1f} ms {med * 1000:8.1f} ms"
                  f"  x{best / base:7.1f}  exit {p.returncode}")
            if name.startswith("wqport"):
                for loc, msg in findings(p.stdout.decode()):
                    print(f"      {loc}: {msg[:100]}")


def tree_baseline(args, tree):
    cache = os.path.dirname(os.path.abspath(tree))
    work = tempfile.mkdtemp(prefix="bench-ci-", dir=cache)
    try:
        subprocess.run(["cp", "-al", tree + "/.", work], check=True)
        base = os.path.join(work, ".wqport-baseline")
        t0 = time.monotonic()
        p = subprocess.run([args.checker, "-j", str(args.jobs), "--stats",
                            "--write-baseline", base, "."], cwd=work,
                           capture_output=True, text=True)
        t_write = time.monotonic() - t0
        recorded = len(findings(p.stdout))
        with open(base) as f:
            lines = [l for l in f if not l.startswith("#")]
        print(f"(2) baseline over {tree}: {recorded} findings recorded "
              f"({len(lines)} lines), exit {p.returncode}, {t_write:.1f} s")
        path = os.path.join(work, DRIVER)
        with open(path) as f:
            orig = f.read()
        before = [l for l in findings(p.stdout) if l[0].startswith("./" + DRIVER)]
        replace_file(path, edit(orig))
        t0 = time.monotonic()
        q = subprocess.run([args.checker, "-j", str(args.jobs), "--stats",
                            "--baseline", base, "."], cwd=work,
                           capture_output=True, text=True)
        t_base = time.monotonic() - t0
        full = subprocess.run([args.checker, DRIVER], cwd=work,
                              capture_output=True, text=True)
        print(f"  edit: {len(SHIFT_TEXT.splitlines())} comment lines above "
              f"wait_mgsl_event() in {DRIVER}, and an early return that "
              "leaks the wait entry in tiocmiwait()")
        print(f"  {DRIVER} before the edit:")
        for loc, msg in before:
            print(f"      {loc}: {msg[:100]}")
        print(f"  {DRIVER} after the edit, without the baseline:")
        for loc, msg in findings(full.stdout):
            print(f"      {loc}: {msg[:100]}")
        print(f"  --baseline over the tree: exit {q.returncode}, {t_base:.1f} s;"
              " reported:")
        for loc, msg in findings(q.stdout):
            print(f"      {loc}: {msg[:100]}")
        print("  " + q.stderr.strip().replace("\n", "\n  "))
    finally:
        shutil.rmtree(work)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tree")
    ap.add_argument("--checker", default=os.path.join(ROOT, "build", "checker",
                                                      "wqport"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--skip-tree", action="store_true")
    args = ap.parse_args()
    args.checker = os.path.abspath(args.checker)
    tree = ksrc.resolve_tree(args.tree)
    precommit(args, tree)
    if not args.skip_tree:
        tree_baseline(args, tree)
    return 0


if __name__ == "__main__":
    sys.exit(main())

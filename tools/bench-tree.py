#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Benchmark wqport over a whole kernel tree (Debian's linux-source-6.1).

The design sets targets for a whole-tree run on two cores: seconds, not
minutes; a prefilter near the speed of `grep -rl` over the same files.
This script measures them, in one run, over the same tree:

  (a) baseline: grep -rlw --include=*.c -E '\\b(word|...)\\b' TREE
      with the checker's own prefilter words (--print-prefilter-words);
  (b) wqport --prefilter-only -j N TREE;
  (c) wqport -j N --stats --format=json TREE, the full check, with
      --no-cache (which still precompiles the shim for the run), and
      (c') the same without a PCH (WQPORT_NO_PCH=1);
  (d) with --spatch: spatch --sp-file over a copy of the files (b)
      selected, -j N, once per part of the sleep_on() family
      (semantic-patches/sleep-on-0*.cocci, what `make coccicheck` runs);
  (e) the full check with the shim precompiled (-include-pch, made by
      clang-14): its findings must equal (c)'s;
  (f0) a first run into an empty cache folder (what a user's first run
      costs: PCH built, every result stored; one run, ratio to (a)),
  (f) a re-run with that warm result cache;
  (g) one file that names no wait API, against grep on that file;
  (h) one typical parsed driver (drivers/char/ with the median size of
      the parsed files), against grep on that file;
  (i) the prefiltered files of drivers/char/ and drivers/tty/ with
      kbuild's flags against Debian's linux-headers-amd64 (real-header
      mode, --no-cache: the prelude of common kernel headers precompiled
      for the run), against the same files with the shim: the ratio is
      to the shim run, not grep; (i') the same without the prelude
      (WQPORT_NO_PCH=1); (j) compile-database mode: the same files
      through -p with a compile_commands.json that gives each file its
      own -DKBUILD_BASENAME/-DKBUILD_MODNAME/-DKBUILD_MODFILE, as kbuild
      does.  For these rows the CPU time (user + sys) of each run is
      compared with its paired shim run too, the steadier number on a
      shared machine, and the findings (stdout and stderr) of (i) and
      (j) must be byte-identical to (i') and to (j) without a PCH.
      --only-real runs these rows only.

Each step runs --repeat times, each run right after a grep run of its
own baseline (interleaved pairs, so the load of a shared machine hits
both alike); the table shows the median wall time, .c files per second
over all .c files of the tree, the median of the per-pair ratios to
grep, the files each step selected and the peak RSS.  The cold steps
run with --no-cache.  It also reports how the prefilter's files differ
from grep's, and with --reference PATH (main's binary, say) whether the
findings of (c) are byte-identical to that binary's.  Nothing here
asserts on timing: the numbers are for people.

The tree is --tree DIR, else $WQPORT_KSRC, else
~/.cache/wqport/linux-source-6.1, which is extracted on first use from
/usr/src/linux-source-6.1.tar.xz (apt-get install linux-source-6.1).

    python3 tools/bench-tree.py [--tree DIR] [--checker PATH] [--jobs 2]
                                [--repeat 3] [--spatch] [--reference PATH]
                                [--only-real]

If the checker does not exist yet, only the grep baseline runs, with
the word list read from checker/kapi.def.
"""

import argparse
import collections
import glob
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

import ksrc

import importlib.util
_spec = importlib.util.spec_from_file_location(
    "real_headers", os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                 "real-headers-test.py"))
real_headers = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(real_headers)

TOOLS_DIR = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(TOOLS_DIR)
DEFAULT_CHECKER = os.path.join(ROOT, "build", "checker", "wqport")
KAPI_DEF = os.path.join(ROOT, "checker", "kapi.def")
# the standalone parts of the sleep_on() family, one spatch run each
SPATCH_RULES = sorted(glob.glob(os.path.join(ROOT, "semantic-patches",
                                             "sleep-on-0*.cocci")))
KSRC_NAME = ksrc.KSRC_NAME
KSRC_TARBALL = ksrc.KSRC_TARBALL

_KAPI_ROW = re.compile(r"^KAPI\(\s*([A-Za-z_][A-Za-z0-9_]*)\s*,"
                       r"[^,]*,[^,]*,\s*([01])\s*\)\s*$")
_SLEEP_ON_ROW = re.compile(r"^KAPI_SLEEP_ON\(\s*([A-Za-z_][A-Za-z0-9_]*)\s*,")
_STATS = re.compile(r"wqport: (\d+) files, (\d+) skipped by prefilter, "
                    r"(\d+) parsed, (\d+) findings, (\d+) errors")


def say(msg):
    print("bench-tree: %s" % msg, file=sys.stderr, flush=True)


# ---- the tree ----

def resolve_tree(arg):
    return ksrc.resolve_tree(arg, say)


list_c_files = ksrc.list_c_files


# ---- running and measuring ----

class Run:
    """The outcome of one measured command."""

    def __init__(self, argv):
        self.argv = argv
        self.wall = None
        self.status = None
        self.maxrss_kb = None
        self.cpu = None         # user + system seconds of the child
        self.stdout = ""
        self.stderr = ""
        self.failure = None     # why it did not run to completion


def run_measured(argv, timeout, env=None):
    """Run `argv`, return a Run with wall time and the child's peak RSS.

    os.wait4() gives the resource usage of exactly this child, so steps
    do not pollute each other's peak the way RUSAGE_CHILDREN would.
    Output goes to temporary files so that no pipe can fill and stall
    the child.
    """
    r = Run(argv)
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        try:
            p = subprocess.Popen(argv, stdout=out, stderr=err, env=env)
        except OSError as e:
            r.failure = "cannot run %s: %s" % (argv[0], e)
            return r
        deadline = start + timeout
        while True:
            pid, status, usage = os.wait4(p.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() > deadline:
                p.kill()
                pid, status, usage = os.wait4(p.pid, 0)
                r.failure = "timed out after %d s" % timeout
                break
            time.sleep(0.002)
        r.wall = time.perf_counter() - start
        r.status = os.waitstatus_to_exitcode(status)
        p.returncode = r.status
        r.maxrss_kb = usage.ru_maxrss
        r.cpu = usage.ru_utime + usage.ru_stime
        out.seek(0)
        err.seek(0)
        r.stdout = out.read().decode("utf-8", "replace")
        r.stderr = err.read().decode("utf-8", "replace")
    return r


def best_of(argv, repeat, timeout, ok_status, env=None):
    """Run `argv` `repeat` times; return (best Run, peak RSS over runs)."""
    best = None
    peak = 0
    for i in range(repeat):
        r = run_measured(argv, timeout, env)
        if r.failure:
            return r, None
        if r.status not in ok_status:
            r.failure = "exit status %s: %s" % (
                r.status, r.stderr.strip().splitlines()[-1:] or "")
            return r, None
        peak = max(peak, r.maxrss_kb or 0)
        if best is None or r.wall < best.wall:
            best = r
    return best, peak


def paired(argv, base_argv, repeat, timeout, ok_status, env=None,
           base_env=None, cpu_ratios=None):
    """Run base_argv (grep) and argv alternately `repeat` times.

    Returns (Run with the median wall time, median of the per-pair
    ratios, peak RSS over the runs of argv).  With cpu_ratios (a list),
    the per-pair ratios of CPU time are appended to it.
    """
    runs, ratios, peak = [], [], 0
    for i in range(repeat):
        b = run_measured(base_argv, timeout, base_env)
        r = run_measured(argv, timeout, env)
        if r.failure:
            return r, None, None
        if r.status not in ok_status:
            r.failure = "exit status %s: %s" % (
                r.status, r.stderr.strip().splitlines()[-1:] or "")
            return r, None, None
        peak = max(peak, r.maxrss_kb or 0)
        runs.append(r)
        if not b.failure and b.wall > 0:
            ratios.append(r.wall / b.wall)
        if cpu_ratios is not None and not b.failure and b.cpu:
            cpu_ratios.append(r.cpu / b.cpu)
    runs.sort(key=lambda x: x.wall)
    med = runs[len(runs) // 2]
    ratios.sort()
    return med, (ratios[len(ratios) // 2] if ratios else None), peak


def norm_paths(text):
    return {os.path.normpath(os.path.abspath(line))
            for line in text.splitlines() if line.strip()}


# ---- the steps ----

def checker_words(checker):
    r = run_measured([checker, "--print-prefilter-words"], 60)
    if r.failure or r.status != 0:
        say("%s --print-prefilter-words failed: %s"
            % (checker, r.failure or r.stderr.strip()))
        return None
    words = [w.strip() for w in r.stdout.splitlines() if w.strip()]
    return words or None


def kapi_words():
    """The prefilter words as declared in checker/kapi.def (a
    KAPI_SLEEP_ON row is a KAPI row with prefilter 1)."""
    words = []
    with open(KAPI_DEF, encoding="utf-8") as f:
        for line in f:
            m = _KAPI_ROW.match(line.strip())
            if m and m.group(2) == "1":
                words.append(m.group(1))
            m = _SLEEP_ON_ROW.match(line.strip())
            if m:
                words.append(m.group(1))
    return words


def grep_argv(words, tree):
    pattern = r"\b(%s)\b" % "|".join(re.escape(w) for w in words)
    return ["grep", "-rlw", "--include=*.c", "-E", pattern, tree]


def findings_by_rule(text):
    """Parse wqport --format=json; return (Counter by rule, number of
    files with findings, list of errors) or None if it is not valid
    JSON."""
    try:
        doc = json.loads(text)
    except ValueError:
        return None
    counts = collections.Counter()
    files = set()
    for f in doc.get("findings", []):
        counts[f.get("rule", "?")] += 1
        files.add(f.get("file"))
    errors = [e for e in doc.get("errors", []) if isinstance(e, dict)]
    return counts, len(files), errors


# ---- output ----

def fmt_rss(kb):
    if not kb:
        return "-"
    return "%.1f MiB" % (kb / 1024.0)


def print_table(rows, total, base_wall):
    head = ("step", "median s", "files/s", "x grep", "selected", "peak RSS")
    lines = []
    for row in rows:
        name, run, peak, selected = row[:4]
        pair_ratio = row[4] if len(row) > 4 else None
        if run is None or run.failure:
            why = "skipped" if run is None else run.failure
            lines.append((name, "-", "-", "-", "-", why))
            continue
        rate = "%.0f" % (total / run.wall) if run.wall > 0 else "-"
        if pair_ratio is not None:
            ratio = "%.2f" % pair_ratio
        else:
            ratio = ("%.2f" % (run.wall / base_wall)
                     if base_wall and base_wall > 0 else "-")
        lines.append((name, "%.3f" % run.wall, rate, ratio,
                      str(selected) if selected is not None else "-",
                      fmt_rss(peak)))
    widths = [max(len(str(x[i])) for x in [head] + lines)
              for i in range(len(head))]
    for row in [head] + lines:
        print("  ".join(str(c).ljust(w) if i == 0 else str(c).rjust(w)
                        for i, (c, w) in enumerate(zip(row, widths))))


def finding_keys(text, tree):
    """(file relative to the tree, line, rule) of every finding."""
    doc = json.loads(text)
    keys = collections.Counter()
    for f in doc.get("findings", []):
        keys[(os.path.relpath(f.get("file", "?"), tree), f.get("line"),
              f.get("rule"))] += 1
    return keys


def compare_binaries(args, tree, total):
    """Old and new binary side by side on the same tree, interleaved so
    that a change of load on the machine hits both alike."""
    bins = [("old", args.against), ("new", args.checker)]
    for _, b in bins:
        if not os.access(b, os.X_OK):
            say("%s is not an executable" % b)
            return 2
    print("old:      %s" % args.against)
    print("new:      %s" % args.checker)
    print("jobs:     %d, best of %d, interleaved" % (args.jobs, args.repeat))
    print(flush=True)
    best = {}
    cpu = {}
    out = {}
    for i in range(args.repeat):
        for name, b in bins:
            say("run %d/%d: %s" % (i + 1, args.repeat, name))
            r = run_measured([b, "-j", str(args.jobs), "--stats",
                              "--format=json", tree], args.timeout)
            if r.failure or r.status not in (0, 1, 2):
                say("%s failed: %s" % (name, r.failure or r.status))
                return 2
            print("  run %d %-3s %8.3f s wall %8.3f s cpu"
                  % (i + 1, name, r.wall, r.cpu), flush=True)
            if name not in best or r.wall < best[name].wall:
                best[name] = r
            if name not in cpu or r.cpu < cpu[name]:
                cpu[name] = r.cpu
            out[name] = r.stdout
    print()
    for name, _ in bins:
        r = best[name]
        stats = next((l.strip() for l in r.stderr.splitlines()
                      if _STATS.search(l)), "")
        print("%-3s best %8.3f s wall, %8.3f s cpu  %6.0f files/s  "
              "peak RSS %s  %s" % (name, r.wall, cpu[name], total / r.wall,
                                   fmt_rss(r.maxrss_kb), stats))
    # on a shared machine the wall time mostly measures the other
    # users' load; the CPU time of the run is the steadier number
    print("new/old: %.3f wall, %.3f cpu"
          % (best["new"].wall / best["old"].wall, cpu["new"] / cpu["old"]))
    if args.save_json:
        os.makedirs(args.save_json, exist_ok=True)
        for name, _ in bins:
            with open(os.path.join(args.save_json, name + ".json"), "w") as f:
                f.write(out[name])
    old, new = finding_keys(out["old"], tree), finding_keys(out["new"], tree)
    appeared, gone = new - old, old - new
    print("findings: old %d, new %d; %d appeared, %d disappeared"
          % (sum(old.values()), sum(new.values()), sum(appeared.values()),
             sum(gone.values())))
    for k in sorted(appeared):
        print("  + %s:%s %s" % k)
    for k in sorted(gone):
        print("  - %s:%s %s" % k)
    return 0


def median(v):
    v = sorted(v)
    return v[len(v) // 2] if v else None


def compile_db(path, tree, files, flags):
    """A compile_commands.json for files, each with kbuild's per-file
    macros, as scripts/clang-tools/gen_compile_commands.py writes it."""
    entries = []
    for f in files:
        base = os.path.splitext(os.path.basename(f))[0]
        rel = os.path.splitext(os.path.relpath(f, tree))[0]
        args = ["gcc"] + [a for a in flags if "KBUILD_" not in a] + [
            '-DKBUILD_MODFILE="%s"' % rel, '-DKBUILD_BASENAME="%s"' % base,
            '-DKBUILD_MODNAME="%s"' % base, "-c", "-o",
            os.path.splitext(f)[0] + ".o", f]
        entries.append({"directory": tree, "file": f, "arguments": args})
    with open(path, "w") as out:
        json.dump(entries, out, indent=1)


def real_header_rows(args, tree, sub, tmp, rows, notes):
    """Rows (i), (i') and (j): real headers and a compile database
    against the shim on the files sub, CPU ratios in notes."""
    headers = real_headers.find_headers()
    if not headers or not sub:
        rows.append(("(i) real headers vs shim", None, None, None))
        return
    say("(i) real 6.1 headers vs the shim, %d files" % len(sub))
    flags = real_headers.kbuild_flags(headers)
    shim_argv = [args.checker, "--no-cache", "-j", str(args.jobs)] + sub
    real_argv = shim_argv + ["--"] + flags
    nopch = dict(os.environ, WQPORT_NO_PCH="1")
    ok = (0, 1, 2)

    def row(name, argv, env=None):
        cpu = []
        run, ratio, peak = paired(argv, shim_argv, args.repeat,
                                  args.timeout, ok, env, None, cpu)
        rows.append(("%s, %d files (x shim)" % (name, len(sub)), run, peak,
                     len(sub), ratio))
        if not run.failure:
            notes.append("%-34s CPU %6.2f s, x shim %5.2f (wall x shim "
                         "%5.2f)" % (name, run.cpu, median(cpu),
                                     ratio or 0))
        return run

    i_run = row("(i) real headers", real_argv)
    i0_run = row("(i') real headers, no prelude", real_argv, nopch)
    if not i_run.failure and not i0_run.failure:
        same = (i_run.stdout == i0_run.stdout and
                i_run.stderr == i0_run.stderr)
        notes.append("findings (i) vs (i'): %s"
                     % ("byte-identical" if same else "DIFFERENT"))
    db_dir = os.path.join(tmp, "compdb")
    os.makedirs(db_dir, exist_ok=True)
    compile_db(os.path.join(db_dir, "compile_commands.json"), tree, sub,
               flags)
    say("(j) compile database, per-file -DKBUILD_*")
    j_argv = [args.checker, "--no-cache", "-j", str(args.jobs), "-p",
              db_dir]
    j_run = row("(j) compile database", j_argv)
    j0 = run_measured(j_argv, args.timeout, nopch)
    if not j_run.failure and not j0.failure:
        same = j_run.stdout == j0.stdout and j_run.stderr == j0.stderr
        notes.append("findings (j) vs (j) without a PCH: %s"
                     % ("byte-identical" if same else "DIFFERENT"))


def only_real(args, tree, total):
    """--only-real: rows (i), (i') and (j) on the files the prefilter
    keeps in drivers/char/ and drivers/tty/."""
    if not os.access(args.checker, os.X_OK):
        say("%s not found" % args.checker)
        return 2
    r = run_measured([args.checker, "--prefilter-only", "-j",
                      str(args.jobs), os.path.join(tree, "drivers", "char"),
                      os.path.join(tree, "drivers", "tty")], args.timeout)
    sub = sorted(norm_paths(r.stdout))
    print("checker:  %s" % args.checker)
    print("jobs:     %d, median of %d interleaved pairs with the shim run"
          % (args.jobs, args.repeat))
    print(flush=True)
    rows, notes = [], []
    tmp = tempfile.mkdtemp(prefix="wqport-bench-")
    try:
        real_header_rows(args, tree, sub, tmp, rows, notes)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print_table(rows, total, None)
    print()
    for n in notes:
        print(n)
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(
        description="Benchmark wqport against grep over a kernel tree.")
    ap.add_argument("--tree", metavar="DIR",
                    help="kernel tree (default: $WQPORT_KSRC, else "
                    "~/.cache/wqport/%s from %s)" % (KSRC_NAME, KSRC_TARBALL))
    ap.add_argument("--checker", metavar="PATH", default=DEFAULT_CHECKER,
                    help="wqport binary (default: %(default)s)")
    ap.add_argument("--jobs", "-j", type=int, default=2,
                    help="parallel workers for wqport and spatch "
                    "(default: %(default)s)")
    ap.add_argument("--repeat", type=int, default=3,
                    help="runs per step, each paired with a grep run; "
                    "the medians are kept "
                    "(default: %(default)s)")
    ap.add_argument("--timeout", type=int, default=3600,
                    help="give up on a step after this many seconds "
                    "(default: %(default)s)")
    ap.add_argument("--against", metavar="OLD",
                    help="compare with another wqport binary instead: run "
                    "the full check (c) of OLD and of --checker in turn, "
                    "interleaved, --repeat times each, and print both "
                    "times, their ratio and the findings that appeared "
                    "and disappeared, file by file")
    ap.add_argument("--save-json", metavar="DIR",
                    help="with --against: keep both JSON reports in DIR")
    ap.add_argument("--spatch", action="store_true",
                    help="also time spatch with the standalone parts "
                    "of the sleep_on() family (semantic-patches/"
                    "sleep-on-0*.cocci)")
    ap.add_argument("--only-real", action="store_true",
                    help="run the real-header rows (i), (i') and (j) only")
    ap.add_argument("--reference", metavar="PATH",
                    help="another wqport binary (main's, say) whose "
                    "findings on the tree must be byte-identical")
    args = ap.parse_args(argv)
    if args.jobs < 1 or args.repeat < 1 or args.timeout < 1:
        ap.error("--jobs, --repeat and --timeout must be at least 1")

    tree = resolve_tree(args.tree)
    if tree is None:
        return 2
    tree = os.path.normpath(tree)

    t0 = time.perf_counter()
    c_files = list_c_files(tree)
    total = len(c_files)
    print("tree:     %s" % tree)
    print("c files:  %d (listed in %.2f s)" % (total,
                                                 time.perf_counter() - t0))
    if total == 0:
        say("no .c files under %s" % tree)
        return 2

    if args.against:
        return compare_binaries(args, tree, total)
    if args.only_real:
        return only_real(args, tree, total)

    have_checker = os.access(args.checker, os.X_OK)
    words = checker_words(args.checker) if have_checker else None
    if words is None:
        words = kapi_words()
        if have_checker:
            say("falling back to the prefilter words of checker/kapi.def")
        else:
            say("%s not found: running the grep baseline only, with the "
                "prefilter words of checker/kapi.def" % args.checker)
        have_checker = False
    print("checker:  %s%s" % (args.checker,
                              "" if have_checker else " (not run)"))
    print("jobs:     %d, grep best of %d; other steps median of %d "
          "interleaved pairs with grep" % (args.jobs, args.repeat, args.repeat))
    print("words:    %d prefilter words" % len(words))
    print(flush=True)

    # grep's C locale matches the checker's byte-wise identifier rules
    # and is grep's fastest mode.
    genv = dict(os.environ, LC_ALL="C")
    rows = []
    say("(a) grep baseline")
    gargv = grep_argv(words, tree)
    grep_run, grep_peak = best_of(gargv, args.repeat, args.timeout, (0, 1),
                                  genv)
    grep_set = None if grep_run.failure else norm_paths(grep_run.stdout)
    rows.append(("(a) grep -rlw", grep_run, grep_peak,
                 len(grep_set) if grep_set is not None else None, 1.0))
    base = None if grep_run.failure else grep_run.wall

    def step(argv, ok=(0, 1), env=None, base_argv=None):
        return paired(argv, base_argv or gargv, args.repeat, args.timeout,
                      ok, env, genv)

    pre_set = None
    notes = []
    full_info = None
    stats_line = None
    same_pch = same_ref = None
    full_text = None
    tmp = tempfile.mkdtemp(prefix="wqport-bench-")
    try:
        if have_checker:
            say("(b) wqport --prefilter-only")
            pre_run, pre_ratio, pre_peak = step(
                [args.checker, "--prefilter-only", "-j", str(args.jobs), tree])
            if not pre_run.failure:
                pre_set = norm_paths(pre_run.stdout)
            rows.append(("(b) wqport --prefilter-only", pre_run, pre_peak,
                         len(pre_set) if pre_set is not None else None,
                         pre_ratio))

            say("(c) wqport full check, no cache (shim PCH of the run)")
            full_run, full_ratio, full_peak = step(
                [args.checker, "--no-cache", "-j", str(args.jobs), "--stats",
                 "--format=json", tree], (0, 1, 2))
            parsed = None
            if not full_run.failure:
                full_info = findings_by_rule(full_run.stdout)
                if full_info is None:
                    full_run.failure = "output is not valid JSON"
                for line in full_run.stderr.splitlines():
                    m = _STATS.search(line)
                    if m:
                        stats_line = line.strip()
                        parsed = int(m.group(3))
            rows.append(("(c) wqport full, --no-cache", full_run, full_peak,
                         parsed, full_ratio))
            say("(c') the same without a PCH (WQPORT_NO_PCH=1)")
            nopch_run, nopch_ratio, nopch_peak = step(
                [args.checker, "--no-cache", "-j", str(args.jobs), tree],
                (0, 1, 2), dict(os.environ, WQPORT_NO_PCH="1"))
            rows.append(("(c') wqport full, no PCH", nopch_run, nopch_peak,
                         None, nopch_ratio))
            text = run_measured([args.checker, "--no-cache", "-j",
                                 str(args.jobs), tree], args.timeout)
            full_text = text.stdout
            if args.reference:
                say("reference %s" % args.reference)
                ref = run_measured([args.reference, "-j", str(args.jobs),
                                    tree], args.timeout)
                same_ref = ref.stdout == full_text

            shim = os.path.join(ROOT, "checker", "shim")
            clang = shutil.which("clang-14") or shutil.which("clang")
            if clang:
                say("(e) wqport full check, shim precompiled")
                flags = ["-x", "c", "-std=gnu11", "-nostdinc", "-isystem",
                         shim, "-D__KERNEL__", "-w"]
                pch = os.path.join(tmp, "shim.pch")
                subprocess.run([clang] + flags + [
                    "-x", "c-header", os.path.join(shim, "wqport-shim.h"),
                    "-o", pch], check=True)
                pargv = [args.checker, "--no-cache", "-j", str(args.jobs),
                         tree, "--"] + flags + ["-include-pch", pch]
                pch_run, pch_ratio, pch_peak = step(pargv, (0, 1, 2))
                rows.append(("(e) wqport full, shim PCH", pch_run, pch_peak,
                             None, pch_ratio))
                if not pch_run.failure:
                    same_pch = pch_run.stdout == full_text
            else:
                rows.append(("(e) wqport full, shim PCH", None, None, None))

            say("(f) wqport re-run, warm cache")
            cdir = os.path.join(tmp, "cache")
            cargv = [args.checker, "--cache", cdir, "-j", str(args.jobs),
                     tree]
            cold = run_measured(cargv, args.timeout)       # fill it
            if not cold.failure and cold.stdout != full_text:
                cold.failure = "findings differ from (c)!"
            rows.append(("(f0) first run, empty cache", cold, None, None,
                         cold.wall / base if base and not cold.failure
                         else None))
            warm_run, warm_ratio, warm_peak = step(cargv, (0, 1, 2))
            if not warm_run.failure and warm_run.stdout != full_text:
                warm_run.failure = "findings differ from (c)!"
            rows.append(("(f) wqport re-run, cached", warm_run, warm_peak,
                         None, warm_ratio))

            say("(g) one file with no wait word")
            plain = os.path.join(tmp, "plain.c")
            with open(plain, "w") as f:
                f.write("int add(int a, int b)\n{\n\treturn a + b;\n}\n")
            one_base = grep_argv(words, plain)[:2] + grep_argv(words, plain)[3:]
            g_run, g_ratio, g_peak = step(
                [args.checker, "--no-cache", plain], (0,), None, one_base)
            rows.append(("(g) one file, no wait word", g_run, g_peak, None,
                         g_ratio))

            if pre_set:
                drv = sorted((p for p in pre_set if "/drivers/char/" in p),
                             key=os.path.getsize)
                drv = drv or sorted(pre_set, key=os.path.getsize)
                typical = drv[len(drv) // 2]
                say("(h) one parsed driver: %s" % os.path.relpath(typical, tree))
                h_base = grep_argv(words, typical)[:2] + \
                    grep_argv(words, typical)[3:]
                h_run, h_ratio, h_peak = step(
                    [args.checker, "--no-cache", typical], (0, 1), None,
                    h_base)
                rows.append(("(h) one parsed driver (%s, %d B)"
                             % (os.path.basename(typical),
                                os.path.getsize(typical)), h_run, h_peak,
                             None, h_ratio))

            sub = sorted(p for p in (pre_set or [])
                         if "/drivers/char/" in p or "/drivers/tty/" in p)
            real_header_rows(args, tree, sub, tmp, rows, notes)
        else:
            rows.append(("(b) wqport --prefilter-only", None, None, None))
            rows.append(("(c) wqport full", None, None, None))

        if args.spatch:
            if not SPATCH_RULES:
                say("--spatch: no semantic-patches/sleep-on-0*.cocci, "
                    "skipped")
                rows.append(("(d) spatch sleep-on-0*.cocci", None, None, None))
            elif not shutil.which("spatch"):
                say("--spatch: spatch is not installed, skipped")
                rows.append(("(d) spatch sleep-on-0*.cocci", None, None, None))
            else:
                # the files the prefilter kept, copied out of the tree
                # with their paths, so spatch sees the same input
                files = sorted(pre_set or grep_set or [])
                sp_dir = os.path.join(tmp, "spatch-input")
                for p in files:
                    dst = os.path.join(sp_dir, os.path.relpath(p, tree))
                    os.makedirs(os.path.dirname(dst), exist_ok=True)
                    shutil.copyfile(p, dst)
                say("(d) spatch over the %d prefiltered files, %d parts"
                    % (len(files), len(SPATCH_RULES)))
                cmd = " && ".join(
                    "spatch --sp-file %s --dir %s -j %d >/dev/null"
                    % (shlex.quote(r), shlex.quote(sp_dir), args.jobs)
                    for r in SPATCH_RULES)
                sp_run, sp_ratio, sp_peak = step(["sh", "-c", cmd], (0,))
                rows.append(("(d) spatch sleep-on-0*.cocci, (b)'s files",
                             sp_run, sp_peak, len(files), sp_ratio))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    print_table(rows, total, base)
    print()
    print("files/s counts all %d .c files of the tree; 'selected' is the "
          "files matched by (a)/(b) and the files parsed by (c)." % total)
    for n in notes:
        print(n)

    if grep_set is not None and pre_set is not None:
        only_grep = sorted(grep_set - pre_set)
        only_pre = sorted(pre_set - grep_set)
        diff = len(only_grep) + len(only_pre)
        print("prefilter vs grep: %d difference(s)%s"
              % (diff, "" if diff else " (same files)"))
        for path in only_grep[:10]:
            print("  only grep:      %s" % os.path.relpath(path, tree))
        for path in only_pre[:10]:
            print("  only prefilter: %s" % os.path.relpath(path, tree))
        if len(only_grep) > 10 or len(only_pre) > 10:
            print("  ... (%d only grep, %d only prefilter)"
                  % (len(only_grep), len(only_pre)))
    if same_pch is not None:
        print("findings shim vs shim+PCH: %s"
              % ("identical" if same_pch else "DIFFERENT"))
    if same_ref is not None:
        print("findings vs reference %s: %s"
              % (args.reference, "byte-identical" if same_ref else "DIFFERENT"))
    if stats_line:
        print(stats_line)
    if full_info is not None:
        counts, nfiles, errors = full_info
        print("findings: %d in %d file(s), %d error(s)"
              % (sum(counts.values()), nfiles, len(errors)))
        for rule in sorted(counts):
            print("  %s  %d" % (rule, counts[rule]))
        for e in errors[:5]:
            print("  error: %s: %s" % (e.get("file"), e.get("message")))
        if len(errors) > 5:
            print("  ... %d more error(s)" % (len(errors) - 5))
    return 0


if __name__ == "__main__":
    sys.exit(main())

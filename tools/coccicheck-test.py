#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Run a semantic patch the way a kernel's `make coccicheck` does, on a
scratch copy of the fixtures, and check the result.

    coccicheck-test.py --cocci semantic-patches/X.cocci --mode report \
                       --testdata testdata

The spatch command line is the one Linux 6.1's scripts/coccicheck builds
for `make coccicheck MODE=<mode> COCCI=<file>` (no M=, no C=, no
SPFLAGS, empty LINUXINCLUDE), i.e. its run_cmd_parmap path:

    spatch -D <mode> [--no-show-diff] --very-quiet --cocci-file <file>
           <words of the file's "Options:" lines> --dir <tree>
           [--jobs <NPROC> --chunksize 1]

--no-show-diff comes first in report and org mode (coccicheck prepends
it to FLAGS); --jobs/--chunksize are added when spatch has --jobs and
NPROC != 1, NPROC being J= or the online CPUs, halved when there are
more than 4 and more than one thread per core.  With --extmod SUB the
M=<tree>/SUB form is reproduced instead: `--patch <tree> --dir
<tree>/SUB` (coccicheck puts --patch first in OPTIONS).  A file whose
"Requires:" names a newer spatch is skipped by coccicheck; here that is
a failure.

Checks, for the rule's own fixture directory (sleep-on.cocci ->
testdata/sleep-on, ...): exit status 0; no "already tagged token", no
"not supported", no Python traceback in the output; patch: a diff for at
least one -ko fixture and none for any -ok fixture; report and org: at
least one line for every -ko fixture (but one whose every site is in a
macro, `fix=refused:macro`: the macro's body is out of the rule's
reach, in a header when the file only uses it); context: marked lines (spatch
prints the `*` lines of the rule as `-` lines of a diff) for at least
one -ko fixture and none for an -ok fixture.

A plan-only pass (`// Comments: plan-only:` in its header, a <stem>-2.cocci
that only applies wqport fix's plan) must run cleanly and give no output
in any mode.  A report-only file (`// Comments: report-only:`) must give
no diff in patch mode.

A rule's family is every .cocci beside it named <stem>.cocci or
<stem>-<part>.cocci, <stem> being the rule's fixture directory (the
longest one that fits).  What a maintainer running the family's files
one after another needs, checked over every file of the family that is
not plan-only: in report and org mode, a -ko fixture may be reported by
any of them (together they must list every one), and each site is
listed once, by one file, with one decision (a site is the
file:line:column a line names); in patch mode, no two files give diffs
whose hunks in one source file clash: one changing a line the other's
hunk holds, as context or changed (the second would not apply after the
first; a context line both keep is no clash).

Exit status: 0 all checks pass, 1 a check failed, 2 usage, 77 spatch is
missing (ctest SKIP_RETURN_CODE).
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

MODES = ("patch", "report", "context", "org")
BAD = (("already tagged token", "already tagged token"),
       ("not supported", "not supported"),
       ("Traceback (most recent call last)", "Python traceback"))


def spatch_version(spatch):
    out = subprocess.run([spatch, "--version"], capture_output=True,
                         text=True).stdout
    words = out.splitlines()[0].split() if out else []
    return words[2] if len(words) > 2 else ""


def version_ok(req, have):
    """coccicheck: { echo "$REQ"; echo "$SPATCH_VERSION"; } | sort -CV"""
    def key(v):
        return [int(x) if x.isdigit() else x for x in re.split(r"[.-]", v)]
    try:
        return key(req) <= key(have)
    except TypeError:
        return req <= have


def nproc(jobs):
    """NPROC as coccicheck computes it."""
    if jobs:
        return jobs
    n = os.cpu_count() or 1
    tpc = 1
    try:
        out = subprocess.run(["lscpu"], capture_output=True, text=True,
                             env=dict(os.environ, LANG="C")).stdout
        m = re.search(r"Thread\(s\) per core:\s*(\d+)", out)
        tpc = int(m.group(1)) if m else 1
    except OSError:
        pass
    if tpc > 1 and n > 4:
        n //= 2
    return n


def cocci_field(text, field):
    """grep "<field>:" $COCCI | cut -d':' -f2, as the shell splits it."""
    vals = [ln.split(":")[1] if ":" in ln else "" for ln in text.splitlines()
            if field + ":" in ln]
    return " ".join(vals).split()


def command(spatch, cocci, mode, tree, jobs, extmod):
    text = open(cocci).read()
    flags = ["--very-quiet"]
    if mode in ("report", "org"):
        flags = ["--no-show-diff"] + flags
    if extmod:
        options = ["--patch", tree, "--dir", os.path.join(tree, extmod)]
    else:
        options = ["--dir", tree]
    use_jobs = "--jobs" in subprocess.run([spatch, "--help"],
                                          capture_output=True, text=True).stdout
    n = nproc(jobs)
    if use_jobs and n != 1:
        options += ["--jobs", str(n), "--chunksize", "1"]
    return ([spatch, "-D", mode] + flags + ["--cocci-file", cocci] +
            cocci_field(text, "Options") + options)


def diffed_files(out):
    """Basenames of the files a diff in out touches (--- lines)."""
    files = set()
    for ln in out.splitlines():
        if ln.startswith("--- "):
            files.add(os.path.basename(ln[4:].split()[0]))
    return files


def marked_files(out):
    """Basenames of files with a context hunk that marks lines."""
    files, cur = set(), None
    for ln in out.splitlines():
        if ln.startswith("--- "):
            cur = os.path.basename(ln[4:].split()[0])
        elif ln.startswith("+++ "):
            continue
        elif cur and (ln.startswith("-") or ln.startswith("*")):
            files.add(cur)
    return files


def only_macro_sites(path):
    """Are all the fixture's sites out of the rules' reach: in a macro
    (fix=refused:macro), or in a backward-goto loop no rule matches
    (fix=refused:goto-loop)?"""
    with open(path, encoding="utf-8", errors="replace") as f:
        fixes = re.findall(r"expect:[^*]*?fix=(\S+)", f.read())
    return bool(fixes) and all(x in ("refused:macro", "refused:goto-loop")
                               for x in fixes)


def beyond_standalone(path):
    """Does the fixture say its verdict needs what a semantic patch alone
    cannot see (`wqport-cocci: beyond-standalone (<why>)`: the wakers in
    other functions, the target kernel's facts)?  Then the standalone
    run owes it no line (-ko) and may flag it (-ok)."""
    with open(path, encoding="utf-8", errors="replace") as f:
        return re.search(r"wqport-cocci:\s*beyond-standalone\s*\(", f.read()) is not None


def marked_headers(path):
    """The headers next to the fixture that it includes and that carry
    its markers (a template-style header holding function bodies)."""
    d = os.path.dirname(path)
    with open(path, encoding="utf-8", errors="replace") as f:
        names = re.findall(r'^\s*#\s*include\s+"([^"/]+)"', f.read(), re.M)
    out = set()
    for h in names:
        try:
            with open(os.path.join(d, h), encoding="utf-8",
                      errors="replace") as f:
                if "expect:" in f.read():
                    out.add(h)
        except OSError:
            pass
    return out


def missing(ko, tdir, rep):
    """The -ko fixtures a report or org run owes a line and did not give."""
    return [f for f in ko if f not in rep and
            not only_macro_sites(os.path.join(tdir, f)) and
            not beyond_standalone(os.path.join(tdir, f)) and
            not marked_headers(os.path.join(tdir, f)) & rep]


def reported_files(out, mode):
    files = set()
    for ln in out.splitlines():
        if mode == "org":
            m = re.match(r"\* TODO \[\[view:([^:]+)::", ln)
        else:
            m = re.match(r"([^\s:]+\.[ch]):\d+:", ln)
        if m:
            files.add(os.path.basename(m.group(1)))
    return files


def report_sites(out, mode):
    """{site: message} of a report or org run, and the sites listed
    twice; a site is file:line:column as the line names it."""
    sites, twice = {}, set()
    for ln in out.splitlines():
        if mode == "org":
            m = re.match(r"\* TODO \[\[view:([^:]+)::face=\S+::linb=(\d+)::colb=(\d+)"
                         r"::cole=\d+\]\[(.*)\]\]", ln)
        else:
            m = re.match(r"([^\s:]+\.[ch]):(\d+):(\d+)-\d+: (.*)", ln)
        if not m:
            continue
        # the path below the scratch tree: the fixtures hold copies of
        # one file in several kernel trees
        k = (re.sub(r"^.*?/testdata/", "", m.group(1)), int(m.group(2)),
             int(m.group(3)))
        if k in sites:
            twice.add(k)
        sites[k] = m.group(4)
    return sites, twice


def hunks(out):
    """{file: [(first, last, changed)]} of a diff: each hunk's lines of the
    old text, and the lines it removes (an insertion: the line it comes
    before) as a set."""
    got, cur, h, old = {}, None, None, 0
    for ln in out.splitlines():
        if ln.startswith("--- "):
            cur, h = re.sub(r"^.*?/testdata/", "", ln[4:].split()[0]), None
            continue
        m = re.match(r"@@ -(\d+)(?:,(\d+))? ", ln)
        if cur and m:
            a = int(m.group(1))
            h = [a, a + max(int(m.group(2) or 1), 1) - 1, set()]
            got.setdefault(cur, []).append(h)
            old = a
        elif h is not None and ln[:1] in ("-", "+", " ") and not ln.startswith("+++"):
            if ln[:1] != " ":
                h[2].add(old)
            if ln[:1] != "+":
                old += 1
    return dict((f, [tuple(x) for x in hs]) for f, hs in got.items())


def family_problems(outs, mode):
    """What breaks the family rule in the outputs {cocci: stdout} of one
    mode: a site listed twice (by one file or two), two diffs whose
    hunks overlap in one file."""
    probs = []
    if mode in ("report", "org"):
        seen = {}
        for cocci, out in outs.items():
            sites, twice = report_sites(out, mode)
            for k in sorted(twice):
                probs.append("%s:%d:%d listed twice by %s" % (k + (os.path.basename(cocci),)))
            for k in sites:
                if k in seen:
                    probs.append("%s:%d:%d listed by %s and %s" %
                                 (k + (seen[k], os.path.basename(cocci))))
                seen[k] = os.path.basename(cocci)
    elif mode == "patch":
        seen = {}
        for cocci, out in outs.items():
            for f, hs in hunks(out).items():
                # they clash when one changes a line the other reads (its
                # context lines may be shared: patch applies both then)
                for a, b, ch in hs:
                    for c, d, ch2, other in seen.get(f, ()):
                        if any(a <= x <= b for x in ch2) or any(c <= x <= d for x in ch):
                            probs.append("%s lines %d-%d: diffs of %s and %s overlap" %
                                         (f, max(a, c), min(b, d), other,
                                          os.path.basename(cocci)))
                for a, b, ch in hs:
                    seen.setdefault(f, []).append((a, b, ch, os.path.basename(cocci)))
    return probs


def summed(probs, n=4):
    """The first n problems, and how many there are."""
    if len(probs) <= n:
        return probs
    return probs[:n] + ["%d more like these" % (len(probs) - n)]


def family(cocci, testdata):
    """The rule's fixture directory name for cocci, and the other files of
    its family that report on their own (not plan-only)."""
    name = os.path.basename(cocci)[:-len(".cocci")]
    dirs = [d for d in os.listdir(testdata)
            if os.path.isdir(os.path.join(testdata, d)) and
            (name == d or name.startswith(d + "-"))]
    stem = max(dirs, key=len) if dirs else re.sub(r"-\d+$", "", name)
    here = os.path.dirname(cocci)
    sibs = []
    for f in sorted(os.listdir(here)):
        n = f[:-len(".cocci")] if f.endswith(".cocci") else None
        path = os.path.join(here, f)
        if n is None or path == cocci or not (n == stem or n.startswith(stem + "-")):
            continue
        if not header_mark(path, "plan-only"):
            sibs.append(path)
    return stem, sibs


def header_mark(cocci, what):
    """Does the file's header say `// Comments: <what>:`?"""
    with open(cocci) as f:
        return re.search(r"^// Comments: %s:" % what, f.read(), re.M) is not None


def run_sib(spatch, sib, mode, tree, args, extmod, env, tmp):
    """The stdout of another file of the family, run the same way."""
    return subprocess.run(command(spatch, sib, mode, tree, args.jobs, extmod),
                          capture_output=True, text=True, env=env, cwd=tmp).stdout


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cocci", required=True, help="the .cocci file")
    ap.add_argument("--mode", default="all", choices=MODES + ("all",))
    ap.add_argument("--testdata", required=True, help="the fixture tree")
    ap.add_argument("--spatch", default=os.environ.get("SPATCH", "spatch"))
    ap.add_argument("--jobs", type=int, help="J= (default: as coccicheck)")
    ap.add_argument("--extmod", metavar="SUB",
                    help="reproduce M=<tree>/SUB (default: the rule's "
                         "fixture directory with --extmod=rule)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    spatch = shutil.which(args.spatch)
    if not spatch:
        print("SKIP: %s not found" % args.spatch)
        return 77
    cocci = os.path.abspath(args.cocci)
    stem, sibs = family(cocci, args.testdata)
    tdir = os.path.join(args.testdata, stem)
    if not os.path.isdir(tdir):
        print("no fixture directory %s" % tdir, file=sys.stderr)
        return 2
    ko = sorted(f for f in os.listdir(tdir) if f.endswith("-ko.c"))
    ok = sorted(f for f in os.listdir(tdir) if f.endswith("-ok.c"))
    req = cocci_field(open(cocci).read(), "Requires")
    plan_only = header_mark(cocci, "plan-only")
    report_only = header_mark(cocci, "report-only")
    have = spatch_version(spatch)
    env = {k: v for k, v in os.environ.items() if k != "WQPORT_PLAN"}
    extmod = stem if args.extmod == "rule" else args.extmod
    fails = 0
    with tempfile.TemporaryDirectory(prefix="coccicheck-test-") as tmp:
        tree = os.path.join(tmp, "testdata")
        for mode in MODES if args.mode == "all" else (args.mode,):
            shutil.rmtree(tree, ignore_errors=True)
            shutil.copytree(args.testdata, tree, symlinks=True)
            cmd = command(spatch, cocci, mode, tree, args.jobs, extmod)
            probs = []
            if req and not version_ok(req[0], have):
                probs.append("coccicheck would skip it: Requires %s, spatch is %s"
                             % (req[0], have))
            r = subprocess.run(cmd, capture_output=True, text=True, env=env,
                               cwd=tmp)
            out = r.stdout + r.stderr
            if args.verbose:
                print(" ".join(cmd))
                print(out)
            if r.returncode != 0:
                probs.append("exit status %d" % r.returncode)
            for needle, what in BAD:
                if needle in out:
                    probs.append(what)
            if plan_only:
                # a pass that only applies wqport fix's plan: alone, on a
                # tree, it must run cleanly and change or report nothing
                if (mode == "patch" and diffed_files(r.stdout)) or \
                        (mode in ("report", "org") and reported_files(r.stdout, mode)) or \
                        (mode == "context" and marked_files(r.stdout)):
                    probs.append("a plan-only patch gave %s output without a plan" % mode)
            elif mode == "patch" and report_only:
                if diffed_files(r.stdout):
                    probs.append("a report-only file gave a diff")
            elif mode == "patch":
                d = diffed_files(r.stdout)
                if not d & set(ko):
                    probs.append("no diff for any -ko fixture of %s" % tdir)
                if d & set(ok):
                    probs.append("diff for -ok fixtures: %s" % ", ".join(sorted(d & set(ok))))
                outs = {cocci: r.stdout}
                for sib in sibs:
                    if not header_mark(sib, "report-only"):
                        outs[sib] = run_sib(spatch, sib, mode, tree, args, extmod, env, tmp)
                probs += summed(family_problems(outs, mode))
            elif mode in ("report", "org"):
                outs = {cocci: r.stdout}
                for sib in sibs:
                    outs[sib] = run_sib(spatch, sib, mode, tree, args, extmod, env, tmp)
                rep = set()
                for out in outs.values():
                    rep |= reported_files(out, mode)
                miss = missing(ko, tdir, rep)
                if miss:
                    probs.append("no %s line for %s" % (mode, ", ".join(miss)))
                probs += summed(family_problems(outs, mode))
            else:
                mk = marked_files(r.stdout)
                if not mk & set(ko):
                    probs.append("no marked lines for any -ko fixture of %s" % tdir)
                bad = {f for f in mk & set(ok)
                       if not beyond_standalone(os.path.join(tdir, f))}
                if bad:
                    probs.append("marked lines in -ok fixtures: %s" % ", ".join(sorted(bad)))
            shown = " ".join(os.path.relpath(c, tmp) if c.startswith(tmp) else c
                             for c in cmd)
            if probs:
                fails += 1
                print("FAIL %s %s: %s\n  %s" % (os.path.basename(cocci), mode,
                                                "; ".join(probs), shown))
                for ln in out.splitlines():
                    if any(n in ln for n, _ in BAD) or "rror" in ln:
                        print("  | " + ln)
            else:
                print("PASS %s %s\n  %s" % (os.path.basename(cocci), mode, shown))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())

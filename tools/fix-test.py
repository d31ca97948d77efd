#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Run `wqport fix` on one fixture driver and verify the conversion.

    fix-test.py --checker PATH [--bless] [--headers DIR] FIXTURE-ko.c...

Per testdata/README.md, for testdata/<stem>/<name>-ko.c:

 1. `wqport fix [wqport-fix-args] <name>` runs in the fixture's directory;
    its stdout is a unified diff (`--- a/<name>` / `+++ b/<name>`), its
    stderr one line per site, `<file>:<line>:<col>: <outcome> [WQnnn]`,
    then a `wqport fix: ...` summary line (ignored);
 2. the diff, applied with `patch -p1` to a copy, gives `<name>-ko.res`
    exactly (no .res: the diff must be empty);
 3. the per-site stderr lines equal `<name>-ko.fixdiag` (--bless rewrites
    it, never the .res, when the markers agree);
 4. the (line, rule, outcome[, reason]) of those lines equal the
    `/* expect: WQnnn fix=converted|caveat|refused:<reason-id> */` markers
    (and `/* expect-fix: ... */`: a site only the fix reports, since the
    check runs with an older --target that has nothing better for it, or
    since the task state there was set by another function and is not
    known: the checker reports nothing and the fix refuses it);
 5. the checker on the .res reports exactly the sites left alone: the
    refused ones (but an `expect-fix:` one the checker does not report
    on the input either, and the lines a `wqport-fix-test:
    res-unreported(LINE...: why)` names: reported on the input only
    because of a site the fix converted), and the markers of rules
    without a fix= (per rule);
 6. `wqport fix` on the .res changes nothing;
 7. the .res compiles against the shim headers (clang -fsyntax-only);
 8. with linux-headers-amd64 installed, the .res builds as a module
    against the real headers (tools/kbuild-module.py; a .res that keeps
    refused sleep_on() calls is built with them declared), and an input
    that calls the sleep_on() family does not build there.

A fixture whose name contains "-xfail" is a known failure: it must fail.
Exit 0 when every fixture passes, 1 otherwise.
"""
import argparse
import collections
import difflib
import hashlib
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

FIX_RULES = ("WQ001", "WQ002", "WQ003", "WQ004")
EXPECT = re.compile(r"expect(?:-fix)?:((?:\s+WQ\d{3}(?:\s+fix=[\w:-]+)?)+)")
TOKEN = re.compile(r"(WQ\d{3})(?:\s+fix=([\w:-]+))?")
OUTCOMES = ("converted", "caveat", "keeprace")
SITE = re.compile(r"^(?P<file>[^:]+):(?P<line>\d+):(?P<col>\d+): "
                  r"(?P<what>converted, keeps the race|converted with caveat|converted|refused):?"
                  r"(?P<text>.*) \[(?P<rule>WQ\d{3})\]$")
REASON = re.compile(r"^\s*([a-z][a-z0-9-]*):")
SLEEP_ON = re.compile(r"\b(?:interruptible_)?sleep_on(?:_timeout)?\s*\(")


def load_kbuild():
    spec = importlib.util.spec_from_file_location(
        "kbuild_module", os.path.join(HERE, "kbuild-module.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", lambda m: re.sub(r"[^\n]", " ", m.group(0)),
                  text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def calls_sleep_on(text):
    return bool(SLEEP_ON.search(strip_comments(text)))


def parse_markers(text):
    """Return (fix markers, problems, rule counts of markers without fix=,
    lines whose marker is `expect-fix:`).

    Fix markers are a set of (line, rule, outcome), the outcome being
    `converted`, `caveat` or `refused:<reason-id>`.
    """
    fix, problems, fix_only = set(), [], set()
    plain = collections.Counter()
    for lineno, line in enumerate(text.splitlines(), 1):
        m = EXPECT.search(line)
        if not m:
            continue
        if m.group(0).startswith("expect-fix:"):
            fix_only.add(lineno)
        for rule, outcome in TOKEN.findall(m.group(1)):
            if not outcome:
                if rule in FIX_RULES:
                    problems.append(f"line {lineno}: marker {rule} has no fix=")
                plain[rule] += 1
                continue
            if outcome not in OUTCOMES and \
                    not re.fullmatch(r"refused:[a-z][a-z0-9-]*", outcome):
                problems.append(f"line {lineno}: bad fix= value '{outcome}' "
                                "(converted, caveat, keeprace or refused:<reason-id>)")
                continue
            fix.add((lineno, rule, outcome))
    return fix, problems, plain, fix_only


def parse_sites(stderr):
    """Split wqport fix's stderr into (site lines, outcomes, stray lines)."""
    sites, got, stray = [], set(), []
    for line in stderr.splitlines():
        if line.startswith("wqport fix:") or not line.strip():
            continue
        m = SITE.match(line)
        if not m:
            stray.append(line)
            continue
        sites.append(line)
        what = m.group("what")
        if what == "converted":
            outcome = "converted"
        elif what == "converted with caveat":
            outcome = "caveat"
        elif what == "converted, keeps the race":
            outcome = "keeprace"
        else:
            r = REASON.match(m.group("text"))
            outcome = "refused:" + (r.group(1) if r else "?")
        got.add((int(m.group("line")), m.group("rule"), outcome))
    return sites, got, stray


def fmt(marks):
    return ", ".join(f"line {l} {r} fix={o}" for l, r, o in sorted(marks))


def udiff(a, b, an, bn):
    return "".join(difflib.unified_diff(a.splitlines(True), b.splitlines(True),
                                        an, bn))


def write_atomic(path, data):
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(os.path.abspath(path)),
                               prefix=".bless-")
    with os.fdopen(fd, "w") as f:
        f.write(data)
    os.replace(tmp, path)


class Fixture:
    def __init__(self, args, path):
        self.a = args
        self.path = os.path.abspath(path)
        self.dir, self.name = os.path.split(self.path)
        self.base = re.sub(r"\.[ch]$", "", self.path)
        with open(self.path, encoding="utf-8", errors="replace") as f:
            self.text = f.read()
        self.problems = []
        self.notes = []
        m = re.search(r"wqport-fix-args:(.*)", self.text)
        self.fix_args = (m.group(1).replace("*/", "").replace("$DIR", self.dir)
                         .split() if m else [])
        # a fixture about a missing header cannot compile, before or after
        m = re.search(r"wqport-fix-test:\s*no-compile\s*\(([^)]*)\)", self.text)
        self.no_compile = m.group(1) if m else None
        # old-kernel API that 6.1 no longer has: no module build there
        m = re.search(r"wqport-fix-test:\s*no-kbuild\s*\(([^)]*)\)", self.text)
        self.no_kbuild = m.group(1) if m else None
        # a refused site the checker reports on the input only because of
        # a site the fix converted (a one-shot add of an entry whose
        # looped add became wait_event()): no finding of the .res
        m = re.search(r"wqport-fix-test:\s*res-unreported\s*\(([\d ]+):[^)]*\)",
                      self.text)
        self.res_unreported = {int(x) for x in m.group(1).split()} if m else set()
        m = re.search(r"wqport-args:(.*)", self.text)
        self.check_args = (m.group(1).replace("*/", "").replace("$DIR", self.dir)
                           .split() if m else [])

    def fail(self, msg):
        self.problems.append(msg)

    def run_fix(self, cwd, name):
        """Run wqport fix; return (diff, stderr) or None (a problem noted)."""
        cmd = [self.a.checker, "fix"] + self.fix_args + [name]
        try:
            p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True,
                               errors="replace", timeout=300)
        except subprocess.TimeoutExpired:
            self.fail(f"`{' '.join(cmd[1:])}` timed out")
            return None
        except OSError as e:
            self.fail(f"cannot run {self.a.checker}: {e}")
            return None
        if p.returncode not in (0, 1):
            hint = ""
            if re.search(r"\bfix\b.*(no such file|not found|cannot open)"
                         r"|unknown (command|option)", p.stderr, re.I) or \
                    p.returncode == 2 and "fix" in p.stderr:
                hint = ("\n  (the `wqport fix` subcommand does not seem to "
                        "exist in this build yet)")
            self.fail(f"`wqport {' '.join(cmd[1:])}` in {cwd} exited "
                      f"{p.returncode}{hint}\n  stderr:\n    " +
                      p.stderr.strip().replace("\n", "\n    "))
            return None
        return p.stdout, p.stderr

    def apply(self, diff, tmp, name, original):
        """Apply diff to a copy of original named name; return the result."""
        with open(os.path.join(tmp, name), "w") as f:
            f.write(original)
        if not diff.strip():
            return original
        heads = [l for l in diff.splitlines()
                 if l.startswith("--- ") or l.startswith("+++ ")]
        want = [f"--- a/{name}", f"+++ b/{name}"]
        if [h.split("\t")[0] for h in heads] != want:
            self.fail("diff headers are " + repr(heads) + f", want {want}")
        p = subprocess.run(["patch", "-p1", "--no-backup-if-mismatch",
                            "--batch", "--silent", "-d", tmp],
                           input=diff, capture_output=True, text=True)
        if p.returncode != 0:
            self.fail("patch -p1 failed on the fix output:\n" + p.stdout +
                      p.stderr + "diff was:\n" + diff)
            return None
        with open(os.path.join(tmp, name), encoding="utf-8",
                  errors="replace") as f:
            return f.read()

    def check(self):
        fix, mproblems, plain, self.fix_only = parse_markers(self.text)
        for pr in mproblems:
            self.fail(pr)
        ko = "-ko" in self.name
        if ko and not fix:
            self.fail("no /* expect: WQnnn fix=... */ markers")
        res_path = self.base + ".res"
        fixdiag_path = self.base + ".fixdiag"
        res = None
        if os.path.exists(res_path):
            with open(res_path, encoding="utf-8", errors="replace") as f:
                res = f.read()
        converting = {m for m in fix if m[2] in OUTCOMES}
        refused = {m for m in fix if m[2].startswith("refused:")}
        if converting and res is None:
            self.fail(f"{os.path.basename(res_path)} is missing: the markers "
                      "say " + fmt(converting))
        if res is not None and not converting:
            self.fail(f"{os.path.basename(res_path)} exists but no marker "
                      "says converted or caveat")

        # the parts that do not need `wqport fix`
        if res is not None:
            lines = self.text.splitlines()
            ptw = [m for m in fix if m[1] == "WQ001" and
                   m[2] in ("keeprace", "converted") and
                   "interruptible_sleep_on" in lines[m[0] - 1]]
            added = len(re.findall(r"\badd_wait_queue\s*\(", res)) - \
                len(re.findall(r"\badd_wait_queue\s*\(", self.text))
            self.check_res_static(res, refused, plain,
                                  sum(1 for m in fix if m[2] == "keeprace"),
                                  len(ptw), max(added, 0))
        self.check_kbuild(res, refused)

        # the parts that do
        self.check_fix(fix, res, fixdiag_path)

    def check_res_static(self, res, refused, plain, keeprace=0, intr=0,
                         lowered=0):
        with tempfile.TemporaryDirectory(prefix="wqport-fixtest-") as tmp:
            rc = os.path.join(tmp, self.name)
            with open(rc, "w") as f:
                f.write(res)
            # the fixture's own "local.h" headers go beside the copy, as
            # the checker's prefilter and parse look for them there; a
            # header's own `expect:` markers (the sleep in its macro,
            # reported once in the header) stay findings of the result
            headers = collections.Counter()
            for inc in re.findall(r'^\s*#\s*include\s+"([^"/]+)"', res, re.M):
                if os.path.exists(os.path.join(self.dir, inc)):
                    shutil.copyfile(os.path.join(self.dir, inc),
                                    os.path.join(tmp, inc))
                    with open(os.path.join(self.dir, inc),
                              encoding="utf-8", errors="replace") as f:
                        for line in f:
                            m = EXPECT.search(line)
                            if m and m.group(0).startswith("expect:"):
                                headers.update(r for r, _ in
                                               TOKEN.findall(m.group(1)))
            # 7. the shim compile
            cc = [self.a.cc, "-fsyntax-only", "-nostdinc", "-isystem",
                  self.a.shim_dir, "-include", "wqport-shim.h", "-std=gnu11",
                  "-D__KERNEL__", "-iquote", self.dir, rc]
            p = subprocess.run(cc, capture_output=True, text=True,
                               errors="replace")
            errs = [l for l in p.stderr.splitlines() if ": error:" in l or
                    "fatal error:" in l]
            if self.no_compile:
                self.notes.append("compile checks skipped: " + self.no_compile)
            elif p.returncode != 0 or errs:
                self.fail(".res does not compile against the shim:\n" +
                          p.stderr.replace(rc, os.path.basename(self.base) + ".res"))
            # 5. the checker on the result
            try:
                p = subprocess.run([self.a.checker, self.name] + self.check_args,
                                   cwd=tmp, capture_output=True, text=True,
                                   errors="replace", timeout=120)
            except (OSError, subprocess.TimeoutExpired) as e:
                self.fail(f"checker on .res: {e}")
                return
            if p.returncode not in (0, 1):
                self.fail(f"checker on .res exited {p.returncode}:\n" + p.stderr)
            got = collections.Counter(
                m.group(2) for m in map(re.compile(
                    r"^[^:]+:(\d+):\d+: (?:error|warning|style): .* \[(WQ\d{3})\]$").match,
                    p.stdout.splitlines()) if m)
            # an `expect-fix:` site the checker does not report on the
            # input either (a sleep whose task state another function
            # set, which only the fix refuses) is no finding of the .res
            quiet = self.fix_only_unreported(refused) | {
                (l, r) for l, r, _ in refused if l in self.res_unreported}
            want = collections.Counter(r for l, r, _ in refused
                                       if (l, r) not in quiet) + plain + headers
            # a sleep_on() replaced in place keeps its race: in a loop,
            # the test before prepare_to_wait() is a WQ003 of the result
            kept = min(got["WQ003"] - want["WQ003"], keeprace)
            if kept > 0:
                want["WQ003"] += kept
            # an interruptible sleep_on() loop with no signal exit spun
            # on a pending signal; the prepare_to_wait() form keeps that,
            # and WQ007 can see it there (it never looks at sleep_on())
            spin = min(got["WQ007"] - want["WQ007"], intr)
            if spin > 0:
                want["WQ007"] += spin
            # a sleep_on() kept in place for a target without
            # prepare_to_wait() is written as the target's add_wait_queue()
            # sleep (fix/rewrite/lower.c), which WQ002 reports as it does
            # in any 2.4 driver: at most one per add_wait_queue() added
            low = min(got["WQ002"] - want["WQ002"], lowered)
            if low > 0:
                want["WQ002"] += low
            if got != want:
                self.fail("checker on .res: findings per rule " +
                          f"{dict(sorted(got.items()))}, want the sites left "
                          f"alone {dict(sorted(want.items()))}:\n" + p.stdout)

    def fix_only_unreported(self, refused):
        """The (line, rule) of refused `expect-fix:` sites that the checker
        does not report on the input (run with the fixture's wqport-args)."""
        only = {(l, r) for l, r, _ in refused if l in self.fix_only}
        if not only:
            return set()
        p = subprocess.run([self.a.checker, self.name] + self.check_args,
                           cwd=self.dir, capture_output=True, text=True,
                           errors="replace", timeout=120)
        seen = {(int(m.group(1)), m.group(2)) for m in map(re.compile(
            r"^[^:]+:(\d+):\d+: (?:error|warning|style): .* \[(WQ\d{3})\]$").match,
            p.stdout.splitlines()) if m}
        return only - seen

    def check_kbuild(self, res, refused):
        if self.a.no_kbuild or self.no_compile:
            return
        if self.no_kbuild:
            self.notes.append("kbuild checks skipped: " + self.no_kbuild)
            return
        kb = load_kbuild()
        headers = self.a.headers or kb.find_headers()
        if not headers:
            self.notes.append("kbuild checks skipped: no "
                              "/usr/src/linux-headers-*-amd64")
            return
        if res is not None:
            with tempfile.TemporaryDirectory(prefix="wqport-fixtest-") as tmp:
                rc = os.path.join(tmp, self.name)
                with open(rc, "w") as f:
                    f.write(res)
                # a refused sleep_on() may be in a macro of a local header
                keep = calls_sleep_on(res) or \
                    any(r == "WQ001" for _, r, _ in refused)
                if keep and not any(r == "WQ001" for _, r, _ in refused):
                    self.fail(".res still calls the sleep_on() family, but no "
                              "WQ001 site is marked refused")
                ok, out = kb.build(rc, headers, declare_sleep_on=keep,
                                   include_dir=self.dir)
                if not ok:
                    self.fail(".res does not build as a module against " +
                              headers + (" (with the refused sleep_on() calls "
                                         "declared)" if keep else "") + ":\n" +
                              out.replace(rc, os.path.basename(self.base) + ".res"))
                elif keep:
                    self.notes.append(".res builds with the refused sleep_on() "
                                      "calls declared")
        if calls_sleep_on(self.text):
            ok, out = kb.build(self.path, headers)
            if ok:
                self.fail("the input calls the sleep_on() family but builds "
                          f"against {headers}, which has none")

    def check_fix(self, fix, res, fixdiag_path):
        digest = hashlib.sha256(self.text.encode()).hexdigest()
        r = self.run_fix(self.dir, self.name)
        with open(self.path, encoding="utf-8", errors="replace") as f:
            now = f.read()
        if hashlib.sha256(now.encode()).hexdigest() != digest:
            write_atomic(self.path, self.text)
            self.fail("wqport fix modified the fixture in place (restored)")
        if r is None:
            return
        diff, stderr = r
        sites, got, stray = parse_sites(stderr)
        if stray:
            self.fail("stderr lines that are not per-site outcomes:\n  " +
                      "\n  ".join(stray))
        # 4. markers
        if got != fix:
            if fix - got:
                self.fail("marked but not reported so by wqport fix: " +
                          fmt(fix - got))
            if got - fix:
                self.fail("reported by wqport fix but not marked: " +
                          fmt(got - fix))
        # 3. .fixdiag
        text = "".join(l + "\n" for l in sites)
        if self.a.bless and got == fix:
            write_atomic(fixdiag_path, text)
        if not os.path.exists(fixdiag_path):
            self.fail(f"missing {os.path.basename(fixdiag_path)} (run with "
                      "--bless, then review it)")
        else:
            with open(fixdiag_path, encoding="utf-8") as f:
                expect = f.read()
            if expect != text:
                self.fail("per-site lines differ from " +
                          os.path.basename(fixdiag_path) + ":\n" +
                          udiff(expect, text, "expected", "actual"))
        # 2. the result
        with tempfile.TemporaryDirectory(prefix="wqport-fixtest-") as tmp:
            out = self.apply(diff, tmp, self.name, self.text)
        if out is None:
            return
        if res is None:
            if diff.strip():
                self.fail("no .res, so the diff must be empty; got:\n" + diff)
        elif out != res:
            self.fail("result differs from " + os.path.basename(self.base) +
                      ".res:\n" + udiff(res, out, "expected (.res)",
                                        "actual (fixed)"))
        # 6. idempotence
        if res is not None:
            with tempfile.TemporaryDirectory(prefix="wqport-fixtest-") as tmp:
                for h in os.listdir(self.dir):
                    if h.endswith(".h"):
                        shutil.copy(os.path.join(self.dir, h), tmp)
                with open(os.path.join(tmp, self.name), "w") as f:
                    f.write(res)
                r = self.run_fix(tmp, self.name)
            if r is not None and r[0].strip():
                self.fail("wqport fix on the .res is not a no-op:\n" + r[0])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--checker", required=True)
    ap.add_argument("--bless", action="store_true",
                    help="rewrite .fixdiag when the outcomes agree with the "
                         "markers (never the .res)")
    ap.add_argument("--headers", default=None,
                    help="kernel headers for the kbuild checks")
    ap.add_argument("--no-kbuild", action="store_true",
                    help="skip the real-headers module builds")
    ap.add_argument("--shim-dir", default=os.path.join(ROOT, "checker", "shim"))
    ap.add_argument("--cc", default=shutil.which("clang-14") or
                    shutil.which("clang") or "clang-14")
    ap.add_argument("fixtures", nargs="+")
    a = ap.parse_args()
    a.checker = os.path.abspath(a.checker)
    a.shim_dir = os.path.abspath(a.shim_dir)
    failed = 0
    for path in a.fixtures:
        fx = Fixture(a, path)
        fx.check()
        rel = os.path.relpath(path)
        xfail = "-xfail" in os.path.basename(path)
        for n in fx.notes:
            print(f"note: {rel}: {n}")
        if xfail and not fx.problems:
            print(f"FAIL {rel}: known failure now passes; rename it without -xfail")
            failed += 1
        elif xfail:
            print(f"XFAIL {rel}: " + fx.problems[0].splitlines()[0])
        elif fx.problems:
            print(f"FAIL {rel}")
            for pr in fx.problems:
                print("  " + pr.replace("\n", "\n  "))
            failed += 1
        else:
            print(f"PASS {rel}")
    print(f"{len(a.fixtures) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Findings must not depend on where a macro came from.

Every fixture is checked four ways:

  shim          the bundled shim headers (no flags: the default);
  shim+pch      the same flags, the shim precompiled by clang-14 and
                passed as -include-pch (as a user's own flags may do);
  real          kbuild's flags against Debian's linux-headers-amd64;
  real+pch      the same, with a precompiled prelude of the kernel
                headers the fixtures include;
  shim+own-pch  for a fixture that includes its own headers with
                quotes: the shim and those headers precompiled together
                (a driver's own PCH, which hides its macros' definitions
                from libclang's preprocessing record).

shim, shim+pch and shim+own-pch must print byte-identical output, real
and real+pch too, and shim and real the same (line, rule) findings on every fixture
that 6.1 can compile (not `wqport-test: shim-only`).  Before this test
existed a PCH silently dropped the macro records the rules used.

    pch-test.py --checker PATH [--clang clang-14] FIXTURE.c...

The real-header modes are skipped (the shim modes still run) when no
linux-headers-*-amd64 is installed; exits 77 when clang-14 is missing.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import importlib.util  # noqa: E402

_spec = importlib.util.spec_from_file_location(
    "real_headers", os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                 "real-headers-test.py"))
real_headers = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(real_headers)

SKIP = 77
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHIM = os.path.join(ROOT, "checker", "shim")
QUOTED = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)
DIAG = re.compile(r"^[^:]+:(\d+):\d+: (?:error|warning|style): .* \[(WQ\d{3})\]$")
# what the fixtures include from the kernel, precompiled for real+pch
PRELUDE = ["linux/module.h", "linux/kernel.h", "linux/sched.h",
           "linux/sched/signal.h", "linux/wait.h", "linux/fs.h",
           "linux/spinlock.h", "linux/mutex.h", "linux/slab.h",
           "linux/uaccess.h", "linux/interrupt.h", "linux/delay.h",
           "linux/completion.h", "linux/poll.h"]


def shim_flags():
    """What the checker uses without flags (frontend/parse.c)."""
    return ["-x", "c", "-std=gnu11", "-nostdinc", "-isystem", SHIM,
            "-D__KERNEL__", "-w"]


def make_pch(clang, flags, header, out):
    p = subprocess.run([clang] + flags + ["-x", "c-header", header, "-o", out],
                       capture_output=True, text=True, timeout=600)
    if p.returncode:
        sys.exit(f"pch-test: {clang} could not precompile {header}:\n{p.stderr}")


def run(checker, path, flags):
    d, name = os.path.split(os.path.abspath(path))
    argv = [os.path.abspath(checker), "--no-cache", "--no-prefilter", name]
    if flags is not None:
        argv += ["--"] + flags
    p = subprocess.run(argv, cwd=d, capture_output=True, text=True,
                       errors="replace", timeout=300)
    return p.stdout


def findings(out):
    return sorted({(int(m.group(1)), m.group(2))
                   for m in map(DIAG.match, out.splitlines()) if m})


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--checker", required=True)
    ap.add_argument("--clang", default="clang-14")
    ap.add_argument("--headers", default=None)
    ap.add_argument("fixtures", nargs="+")
    a = ap.parse_args()
    clang = shutil.which(a.clang)
    if not clang:
        print(f"SKIP: {a.clang} not found (apt-get install clang-14)")
        return SKIP
    headers = a.headers or real_headers.find_headers()
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        base = shim_flags()
        shim_pch = os.path.join(tmp, "shim.pch")
        make_pch(clang, base, os.path.join(SHIM, "wqport-shim.h"), shim_pch)
        modes = [("shim", None),
                 ("shim+pch", base + ["-include-pch", shim_pch])]
        if headers:
            real = real_headers.kbuild_flags(headers)
            prelude = os.path.join(tmp, "prelude.h")
            with open(prelude, "w") as f:
                f.writelines(f"#include <{h}>\n" for h in PRELUDE)
            real_pch = os.path.join(tmp, "prelude.pch")
            make_pch(clang, real, prelude, real_pch)
            modes += [("real", real),
                      ("real+pch", ["-include-pch", real_pch] + real)]
        else:
            print("note: no linux-headers-*-amd64: real-header modes skipped")
        print("modes: " + ", ".join(m for m, _ in modes))
        for path in a.fixtures:
            rel = os.path.relpath(path)
            with open(path, encoding="utf-8", errors="replace") as f:
                text = f.read()
            shim_only = "wqport-test: shim-only" in text
            out = {m: run(a.checker, path, fl) for m, fl in modes
                   if not (shim_only and m.startswith("real"))}
            own = [h for h in QUOTED.findall(text) if os.path.exists(
                os.path.join(os.path.dirname(os.path.abspath(path)), h))]
            if own:
                d = os.path.dirname(os.path.abspath(path))
                pre = os.path.join(tmp, "own.h")
                with open(pre, "w") as f:
                    f.write('#include "wqport-shim.h"\n')
                    f.writelines(f'#include "{os.path.join(d, h)}"\n'
                                 for h in own)
                own_pch = os.path.join(tmp, "own.pch")
                make_pch(clang, base + ["-I", d], pre, own_pch)
                out["shim+own-pch"] = run(a.checker, path, base + [
                    "-I", d, "-include-pch", own_pch])
            problems = []
            for x, y in (("shim", "shim+pch"), ("real", "real+pch"),
                         ("shim", "shim+own-pch")):
                if x in out and y in out and out[x] != out[y]:
                    problems.append(f"{x} and {y} differ:\n--- {x}\n{out[x]}"
                                    f"--- {y}\n{out[y]}")
            if "real" in out and findings(out["shim"]) != findings(out["real"]):
                problems.append(f"shim {findings(out['shim'])} but real "
                                f"headers {findings(out['real'])}")
            if not findings(out["shim"]) and "-ko.c" in rel:
                problems.append("no finding on a -ko fixture: the test "
                                "would compare nothing")
            if problems:
                failed += 1
                print(f"FAIL {rel}\n  " +
                      "\n  ".join(p.replace("\n", "\n  ") for p in problems))
            else:
                print(f"PASS {rel} ({len(out)} modes)")
    print(f"{len(a.fixtures) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

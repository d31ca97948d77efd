#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Build the checker with ASan+UBSan and run the fixture suite on it.

    sanitize-test.py --source DIR --build DIR [--jobs N]

Configures a second build directory with -DWQPORT_SANITIZE=ON, builds
only the checker, then runs every fixture (tools/fixture-test.py), the
samples, a few command-line scenarios (tools/cli-test.py) and 100
mutated fixtures (tools/fuzz-smoke.py) with it.
Sanitizer reports go to log files (log_path), the worker processes'
too; the test fails on any report, whatever the exit status said.
libclang's own reports are suppressed by tools/sanitizer/*.supp only.
Prints how long the build and the runs took.
"""
import argparse
import glob
import os
import subprocess
import sys
import time

# the scenarios that run the checker on ordinary input; `isolation`
# crashes libclang on purpose, so it is not among them
SCENARIOS = ["bad-input", "json-format", "jobs", "limits", "json-paths",
             "small-honesty", "prefilter", "deep-nesting"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--source", required=True)
    ap.add_argument("--build", required=True)
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    src = os.path.abspath(a.source)
    a.build = os.path.abspath(a.build)	# the runs have other cwds
    tools = os.path.join(src, "tools")
    td = os.path.join(src, "testdata")

    t0 = time.monotonic()
    for cmd in (["cmake", "-S", src, "-B", a.build, "-DWQPORT_SANITIZE=ON",
                 "-DCMAKE_BUILD_TYPE=RelWithDebInfo"],
                ["cmake", "--build", a.build, "-j", str(a.jobs),
                 "--target", "wqport"]):
        p = subprocess.run(cmd, capture_output=True, text=True)
        if p.returncode:
            print(f"FAIL: {' '.join(cmd)}\n{p.stdout}{p.stderr}")
            return 1
    t_build = time.monotonic() - t0
    checker = os.path.join(a.build, "checker", "wqport")

    logs = os.path.join(a.build, "sanitizer-logs")
    os.makedirs(logs, exist_ok=True)
    for old in glob.glob(os.path.join(logs, "*")):
        os.unlink(old)
    env = dict(os.environ)
    supp = os.path.join(tools, "sanitizer")
    env["ASAN_OPTIONS"] = ":".join([
        "log_path=" + os.path.join(logs, "asan"),
        "suppressions=" + os.path.join(supp, "asan.supp"),
        "detect_leaks=1", "abort_on_error=0", "exitcode=86",
        "detect_stack_use_after_return=0"])
    env["LSAN_OPTIONS"] = "suppressions=" + os.path.join(supp, "lsan.supp")
    env["UBSAN_OPTIONS"] = ":".join([
        "log_path=" + os.path.join(logs, "ubsan"), "print_stacktrace=1",
        "halt_on_error=1"])

    fixtures = sorted(
        f for pat in ("*/*-ko.c", "*/*-ok.c", "*/*-ko.h", "*/*-ko-xfail.c",
                      "*/*-ok-xfail.c")
        for f in glob.glob(os.path.join(td, pat))
        if os.path.basename(os.path.dirname(f)) not in ("bad-input",
                                                          "api-forms",
                                                          "model-shapes"))
    fails = []
    t1 = time.monotonic()
    # several fixtures per run keeps the count of processes down
    chunks = [fixtures[i:i + 20] for i in range(0, len(fixtures), 20)]
    runs = [[sys.executable, os.path.join(tools, "fixture-test.py"),
             "--checker", checker] + c for c in chunks]
    runs += [[sys.executable, os.path.join(tools, "cli-test.py"),
              "--checker", checker, "--testdata", td, s] for s in SCENARIOS]
    # and mutated fixtures (another seed than fuzz/smoke's)
    runs.append([sys.executable, os.path.join(tools, "fuzz-smoke.py"),
                 "--checker", checker, "--testdata", td, "--count", "100",
                 "--seed", "5"])
    procs = []
    for cmd in runs:
        while len([p for p in procs if p[1].poll() is None]) >= a.jobs:
            time.sleep(0.05)
        procs.append((cmd, subprocess.Popen(cmd, env=env,
                                            stdout=subprocess.PIPE,
                                            stderr=subprocess.STDOUT,
                                            text=True)))
    for cmd, p in procs:
        out, _ = p.communicate()
        if p.returncode:
            fails.append(f"{' '.join(os.path.basename(x) for x in cmd[1:4])}"
                         f" ... {cmd[-1]}: exit {p.returncode}\n{out}")
    t_run = time.monotonic() - t1

    for log in sorted(glob.glob(os.path.join(logs, "*"))):
        with open(log, errors="replace") as f:
            fails.append(f"sanitizer report {log}:\n{f.read()}")
    print(f"sanitize: {len(fixtures)} fixtures, {len(SCENARIOS)} scenarios,"
          " 100 fuzz inputs;"
          f" build {t_build:.0f} s, runs {t_run:.0f} s")
    for f in fails:
        print("FAIL: " + f)
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())

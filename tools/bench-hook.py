#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""What the build hook and a pre-commit call cost, against baselines
measured in the same run.

    bench-hook.py --checker PATH [--testdata DIR] [--reps N] [--sparse PROG]

1. A module build: the samples that build against Linux 6.1 as one
   out-of-tree module (linux-headers-amd64), built from clean N times
   each way, interleaved: plain `make`, `make C=1 CHECK=wqport`, and
   `make C=1 CHECK=sparse` (Debian's sparse, the reference checker).
   Prints the median wall time of each and the ratios to plain make.
2. One file, as a pre-commit hook calls it: `wqport FILE` on a sample
   driver with wait loops and on a file with no wait word (the
   prefilter's case), against `grep -w -F -f <the prefilter's words>
   FILE` on the same file.  Median of N*4 runs each.

Nothing is asserted: these are measurements for the notes.
"""
import argparse
import glob
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

SAMPLES = ["zorb-serial-ko", "lumo-sensor-hub-ko", "qfx-dma-engine-ok"]


def timed(cmd, **kw):
    t = time.monotonic()
    p = subprocess.run(cmd, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, **kw)
    return time.monotonic() - t, p.returncode


def module(td, tmp):
    d = os.path.join(tmp, "mod")
    os.mkdir(d)
    for s in SAMPLES:
        shutil.copyfile(os.path.join(td, "samples", s + ".c"),
                        os.path.join(d, s + ".c"))
    with open(os.path.join(d, "Kbuild"), "w") as f:
        f.write("".join(f"obj-m += {s}.o\n" for s in SAMPLES))
    return d


def bench_build(checker, sparse, td, reps):
    headers = sorted(glob.glob("/usr/src/linux-headers-*-amd64"))
    if not headers:
        print("build: skipped, no linux-headers-amd64")
        return
    headers = headers[-1]
    ways = [("make", []), ("make C=1 CHECK=wqport", ["C=1", f"CHECK={checker}"])]
    if sparse:
        ways.append(("make C=1 CHECK=sparse", ["C=1", f"CHECK={sparse}"]))
    times = {w: [] for w, _ in ways}
    with tempfile.TemporaryDirectory(prefix="wqport-bench-") as tmp:
        d = module(td, tmp)
        for _ in range(reps):
            for name, extra in ways:	# interleaved: load hits all alike
                subprocess.run(["make", "-C", headers, f"M={d}", "clean"],
                               capture_output=True)
                t, rc = timed(["make", "-C", headers, f"M={d}", *extra,
                               "modules"])
                if rc:
                    sys.exit(f"bench-hook: {name} failed")
                times[name].append(t)
    base = statistics.median(times["make"])
    print(f"module build, {len(SAMPLES)} files, median of {reps}:")
    for name, _ in ways:
        m = statistics.median(times[name])
        print(f"  {name:28s} {m:6.2f} s   x{m / base:.2f} of plain make")


def bench_file(checker, td, reps):
    words = subprocess.run([checker, "--print-prefilter-words"],
                           capture_output=True, text=True).stdout
    with tempfile.TemporaryDirectory(prefix="wqport-bench-") as tmp:
        wf = os.path.join(tmp, "words")
        with open(wf, "w") as f:
            f.write(words)
        plain = os.path.join(tmp, "plain.c")
        with open(plain, "w") as f:	# a driver file with no wait word
            f.write("// SPDX-License-Identifier: GPL-2.0-only\n"
                    "#include <linux/module.h>\n#include <linux/io.h>\n\n"
                    "static int foo_read_reg(void __iomem *base, int reg)\n"
                    "{\n\treturn readl(base + reg * 4);\n}\n\n" * 40)
        files = [("sample with wait loops",
                  os.path.join(td, "samples", "zorb-serial-ko.c")),
                 ("file with no wait word", plain)]
        n = reps * 4
        print(f"one file, median of {n}:")
        for what, path in files:
            g, w = [], []
            for _ in range(n):
                g.append(timed(["grep", "-w", "-F", "-f", wf, path])[0])
                w.append(timed([checker, path])[0])
            mg, mw = statistics.median(g), statistics.median(w)
            print(f"  {what:24s} wqport {mw * 1000:7.1f} ms   grep -w "
                  f"{mg * 1000:6.1f} ms   x{mw / mg:.1f} of grep")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--checker", required=True)
    ap.add_argument("--testdata", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "testdata"))
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--sparse", default=shutil.which("sparse"))
    a = ap.parse_args()
    checker = os.path.abspath(a.checker)
    td = os.path.abspath(a.testdata)
    bench_build(checker, a.sparse, td, a.reps)
    bench_file(checker, td, a.reps)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Check every fixture driver against Debian's real Linux headers.

The fixtures are normally parsed with the bundled shim headers.  Here
each is parsed with the compiler flags kbuild itself uses for an
out-of-tree module against linux-headers-amd64 (read from a `make V=1`
run), where set_current_state(), wait_event*() and friends are the real
6.1 macros and inline functions.  Every -ko fixture must report exactly
its `expect:` markers (with those of the headers it includes from its
folder, matched by file: a driver header's sleeping macro is reported
once, in the header), every -ok fixture nothing, and no file may have
parse errors: the checker's recognition must not depend on the shim.
A fixture of code that 6.1 cannot compile at all (current->state, gone
in 5.14) says `wqport-test: shim-only (reason)` and is skipped.

    real-headers-test.py --checker PATH [--headers DIR] FIXTURE.c...

Exits 77 (ctest's skip code) when no linux-headers-*-amd64 is installed.
"""
import argparse
import glob
import os
import re
import shlex
import subprocess
import sys
import tempfile
import importlib.util

# the markers of a fixture and of the driver headers beside it, and the
# findings by file, as fixture-test.py reads them
_spec = importlib.util.spec_from_file_location(
    "fixture_test", os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                 "fixture-test.py"))
fixture_test = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fixture_test)

SKIP = 77


def find_headers():
    dirs = sorted(glob.glob("/usr/src/linux-headers-*-amd64"))
    return dirs[-1] if dirs else None


def kbuild_flags(headers):
    """The preprocessor flags kbuild passes for a module's .c file."""
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, "probe.c"), "w") as f:
            f.write("#include <linux/module.h>\nMODULE_LICENSE(\"GPL\");\n")
        with open(os.path.join(tmp, "Kbuild"), "w") as f:
            f.write("obj-m := probe.o\n")
        p = subprocess.run(["make", "-C", headers, f"M={tmp}", "V=1", "modules"],
                           capture_output=True, text=True, timeout=600)
        line = next((l for l in p.stdout.splitlines()
                     if " -c " in l and "probe.c" in l), None)
        if line is None:
            sys.exit(f"real-headers-test: no compile line in kbuild output:\n{p.stdout}\n{p.stderr}")
    words = shlex.split(line.split(";")[0])
    keep, i = [], 0
    while i < len(words):
        w = words[i]
        if w in ("-include", "-isystem", "-I") and i + 1 < len(words):
            arg = words[i + 1]
            keep += [w, arg if os.path.isabs(arg) else os.path.join(headers, arg)]
            i += 2
            continue
        if w.startswith("-I") and len(w) > 2:
            path = w[2:]
            keep.append("-I" + (path if os.path.isabs(path) else os.path.join(headers, path)))
        elif w == "-nostdinc" or w.startswith("-std=") or \
                (w.startswith("-D") and "KBUILD" not in w):
            keep.append(w)
        i += 1
    return keep + ["-DKBUILD_MODNAME=\"wqport_fixture\"", "-Wno-everything"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--checker", required=True)
    ap.add_argument("--headers", default=None)
    ap.add_argument("fixtures", nargs="+")
    a = ap.parse_args()
    headers = a.headers or find_headers()
    if not headers:
        print("SKIP: no /usr/src/linux-headers-*-amd64 (apt-get install linux-headers-amd64)")
        return SKIP
    flags = kbuild_flags(headers)
    print(f"headers: {headers}")
    print("flags:   " + " ".join(flags))
    failed = 0
    for path in a.fixtures:
        d, name = os.path.split(os.path.abspath(path))
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        # a driver header's macro is reported once, in the header
        want = fixture_test.markers(text, name)
        if "-ko" in name:
            want |= fixture_test.header_markers(d, text)
        m = re.search(r"wqport-test: shim-only \((.*?)\)", text)
        if m:
            print(f"SKIP {os.path.relpath(path)}: {m.group(1)}")
            continue
        # the fixture's own arguments (--target=2.4: the markers are for it)
        m = re.search(r"wqport-args:(.*)", text)
        own = m.group(1).replace("*/", "").replace("$DIR", d).split() if m else []
        p = subprocess.run([os.path.abspath(a.checker), "--no-prefilter"] + own + [name, "--"] + flags,
                           cwd=d, capture_output=True, text=True, errors="replace",
                           timeout=300)
        got = fixture_test.reported(p.stdout)
        problems = []
        err = p.stderr.strip()
        # fixtures about a driver's missing private header miss it here too
        m = re.search(r"the first at \d+:\d+: '([^']+)' file not found$", err)
        if m and f'#include "{m.group(1)}"' in text and err.count("\n") == 0:
            err = ""
        if err:
            problems.append("stderr (parse errors with the real headers?):\n" + err)
        if got != want:
            problems.append(f"markers {sorted(want)} but reported {sorted(got)}")
        if p.returncode != (1 if want else 0):
            problems.append(f"exit {p.returncode}")
        rel = os.path.relpath(path)
        if problems:
            failed += 1
            print(f"FAIL {rel}\n  " + "\n  ".join(x.replace("\n", "\n  ") for x in problems))
        else:
            print(f"PASS {rel}")
    skipped = sum(1 for p in a.fixtures if "wqport-test: shim-only" in open(p, errors="replace").read())
    print(f"{len(a.fixtures) - failed - skipped} passed, {failed} failed, {skipped} skipped")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

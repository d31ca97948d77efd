#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Compile one C file as an out-of-tree module against real kernel headers.

    kbuild-module.py FILE.c [--headers DIR] [--declare-sleep-on] [-v]

The file is copied, under a valid object name, into a scratch directory
with a Kbuild file `obj-m := <obj>.o`, and kbuild's single-object target
is run:

    make -C <headers> M=<scratch> <obj>.o need-config=1 need-compiler=1

(need-config/need-compiler: see /work/shared/notes/kbuild-one-file.md;
an object name starting with `check`, `help` or `headers_` would
otherwise silently drop every config-dependent flag).  Nothing links, so
only declarations matter: calling a function 6.1 does not declare fails.

--declare-sleep-on force-includes prototypes of the sleep_on() family
(removed in 3.15), for a converted file that still keeps refused
sleep_on() sites: everything else in it is then checked against 6.1.

Exit status: 0 it compiles (warnings are fine), 1 it does not (the
compiler's errors are printed), 2 usage, 77 no /usr/src/linux-headers-*-amd64.
"""
import argparse
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

SKIP = 77

SLEEP_ON_DECLS = """\
/* SPDX-License-Identifier: GPL-2.0-only */
/* The sleep_on() family as Linux 3.14 declared it (removed in 3.15). */
struct wait_queue_head;
extern void sleep_on(struct wait_queue_head *q);
extern long sleep_on_timeout(struct wait_queue_head *q, signed long timeout);
extern void interruptible_sleep_on(struct wait_queue_head *q);
extern long interruptible_sleep_on_timeout(struct wait_queue_head *q,
\t\t\t\t\t   signed long timeout);
"""


def find_headers():
    dirs = sorted(glob.glob("/usr/src/linux-headers-*-amd64"))
    return dirs[-1] if dirs else None


def object_name(path):
    """A kbuild-safe object name for the file (no check*/help*/headers_*)."""
    base = os.path.splitext(os.path.basename(path))[0]
    base = re.sub(r"[^A-Za-z0-9_]", "_", base) or "x"
    if not re.match(r"[A-Za-z_]", base):
        base = "m_" + base
    return "wqm_" + base


def build(path, headers, declare_sleep_on=False, verbose=False,
          include_dir=None):
    """Return (ok, compiler output).  include_dir: where its "local.h"
    includes are, when path is a scratch copy (default: beside path)."""
    obj = object_name(path)
    with tempfile.TemporaryDirectory(prefix="wqport-kbuild-") as tmp:
        shutil.copyfile(path, os.path.join(tmp, obj + ".c"))
        kbuild = [f"obj-m := {obj}.o"]
        # "local.h" includes resolve beside the original, as in-tree
        kbuild.append("ccflags-y += -iquote " +
                      (include_dir or os.path.dirname(os.path.abspath(path))))
        if declare_sleep_on:
            decl = os.path.join(tmp, "wqport-sleep-on-decls.h")
            with open(decl, "w") as f:
                f.write(SLEEP_ON_DECLS)
            kbuild.append(f"ccflags-y += -include {decl}")
        with open(os.path.join(tmp, "Kbuild"), "w") as f:
            f.write("\n".join(kbuild) + "\n")
        cmd = ["make", "-C", headers, f"M={tmp}", f"{obj}.o",
               "need-config=1", "need-compiler=1"]
        if verbose:
            cmd.append("V=1")
        try:
            p = subprocess.run(cmd, capture_output=True, text=True,
                               errors="replace", timeout=600)
        except subprocess.TimeoutExpired:
            return False, "kbuild-module: make timed out\n"
        out = p.stdout + p.stderr
        ok = p.returncode == 0 and os.path.exists(os.path.join(tmp, obj + ".o"))
        # name the original file, not the scratch copy, in the messages
        out = out.replace(os.path.join(tmp, obj + ".c"), path)
        return ok, out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file")
    ap.add_argument("--headers", default=None,
                    help="kernel headers directory (default: newest "
                         "/usr/src/linux-headers-*-amd64)")
    ap.add_argument("--declare-sleep-on", action="store_true",
                    help="declare the removed sleep_on() family")
    ap.add_argument("-v", "--verbose", action="store_true",
                    help="print kbuild's output even on success")
    a = ap.parse_args()
    if not os.path.isfile(a.file):
        print(f"kbuild-module: {a.file}: no such file", file=sys.stderr)
        return 2
    headers = a.headers or find_headers()
    if not headers or not os.path.isdir(headers):
        print("SKIP: no /usr/src/linux-headers-*-amd64 "
              "(apt-get install linux-headers-amd64)")
        return SKIP
    ok, out = build(os.path.abspath(a.file), headers, a.declare_sleep_on,
                    a.verbose)
    if not ok or a.verbose:
        sys.stdout.write(out)
    print(f"kbuild-module: {a.file}: " +
          ("compiles" if ok else "does not compile") +
          f" against {headers}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

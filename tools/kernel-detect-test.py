#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""The kernel a file is from, when --target does not say (frontend/input/ktree.c).

    kernel-detect-test.py --checker PATH --testdata DIR SCENARIO

testdata/kernel-trees/ holds the same three kernel-thread drivers
(modelled on a USB DVB feed, a video-buffer DVB helper and a packet
generator) in a tree whose top-level Makefile says 3.13, in one that says
6.1, and one alone.  Each waits for kthread_stop() in a loop that tests
the stop before it sets TASK_INTERRUPTIBLE: a lost stop before 6.1, none
from 6.1 on (checker/target-facts.def).  The line of each is marked
`lost before 6.1: WQ003`.

  trees    the 3.13 tree's are reported, without a note; the 6.1 tree's
           are not, exactly as with --target=6.1; the lone file is
           reported with the note naming 6.1 and --target; all in one run
           give the same per file; a Makefile numbered like a kernel's
           that is not one (no release variable, no include/linux/wait.h)
           says nothing
  build    the build the flags point at: a generated version.h (5.x+
           macros, LINUX_VERSION_CODE), utsrelease.h, a 2.6 build's
           include/linux/version.h, the Makefile above an include folder;
           through `--` flags, kbuild's compiler form and -p
  config   --target and a .wqport target line come first; --show-config
           and --stats say which kernel and where from
  fix      `wqport fix` converts the 3.13 tree's site and leaves the 6.1
           tree's alone
  cache    a cached result is not reused when the tree's kernel changes
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

FAILS = []
MARK = "lost before 6.1: WQ003"
NOTE = "not a bug from Linux 6.1 on"


def expect(cond, what):
    if not cond:
        FAILS.append(what)


def run(checker, args, cwd=None, env=None):
    e = dict(os.environ, WQPORT_NO_CACHE="1")
    e.update(env or {})
    p = subprocess.run([checker] + args, cwd=cwd, capture_output=True,
                       timeout=600, env=e)
    return p.returncode, p.stdout.decode("utf-8", "replace"), \
        p.stderr.decode("utf-8", "replace")


def drivers(tree):
    """The .c files under tree, relative to it, sorted."""
    return sorted(os.path.relpath(os.path.join(d, n), tree)
                  for d, _, ns in os.walk(tree) for n in ns
                  if n.endswith(".c"))


def marked(path):
    with open(path) as f:
        return [i + 1 for i, l in enumerate(f) if MARK in l]


def reported(out, path):
    """The lines of WQ003 findings for path in a text report."""
    return sorted(int(m.group(1)) for m in re.finditer(
        r"^" + re.escape(path) + r":(\d+):\d+: error: .*\[WQ003\]$", out,
        re.M))


def noted(out, path):
    return [l for l in out.splitlines() if l.startswith(path + ":")
            and "note: " + NOTE in l]


def shim_dir():
    return os.path.realpath(os.path.join(os.path.dirname(
        os.path.realpath(__file__)), "..", "checker", "shim"))


def shim_flags():
    s = shim_dir()
    return ["-nostdinc", "-isystem", s, "-include",
            os.path.join(s, "wqport-shim.h"), "-D__KERNEL__"]


def trees(checker, td):
    kt = os.path.join(td, "kernel-trees")
    old, new = os.path.join(kt, "linux-3.13"), os.path.join(kt, "linux-6.1")
    files = drivers(old)
    expect(len(files) == 3 and files == drivers(new),
           f"the two trees should hold the same three drivers: {files}")
    for rel in files:
        with open(os.path.join(old, rel)) as a, open(os.path.join(new, rel)) as b:
            expect(a.read() == b.read(), f"{rel} differs between the trees")
    with open(os.path.join(old, files[0])) as a, \
            open(os.path.join(kt, "standalone", os.path.basename(files[0]))) as b:
        expect(a.read() == b.read(), "the lone file is not the tree's")
    # 3.13: every marked line, no note (the kernel is known)
    for rel in files:
        rc, out, err = run(checker, [rel], cwd=old)
        expect(rc == 1 and reported(out, rel) == marked(os.path.join(old, rel)),
               f"3.13 tree, {rel}: rc {rc}, want the marked lines "
               f"{marked(os.path.join(old, rel))}:\n{out}{err}")
        expect(not noted(out, rel), f"3.13 tree, {rel}: a note on a known "
               f"kernel:\n{out}")
        _, out313, _ = run(checker, ["--target=3.13", rel], cwd=old)
        expect(out313 == out, f"3.13 tree, {rel}: not what --target=3.13 "
               f"says:\n{out}---\n{out313}")
    # 6.1: nothing, and exactly what --target=6.1 says
    rc, out, err = run(checker, files, cwd=new)
    expect(rc == 0 and out == "", f"6.1 tree: rc {rc}, want silence:\n{out}{err}")
    for t in ("--target=6.1", "--target=latest"):
        rc2, out2, err2 = run(checker, [t] + files, cwd=new)
        expect((rc2, out2, err2) == (rc, out, err), f"6.1 tree: not what {t} "
               f"says:\n{out2}{err2}")
    # and the 6.1 tree checked for 3.13 is the 3.13 tree's report
    rc, out, _ = run(checker, ["--target=3.13"] + files, cwd=new)
    expect(sum(len(reported(out, r)) for r in files) == 3,
           "6.1 tree with --target=3.13: want the three findings:\n" + out)
    # alone: reported, with the note naming 6.1 and --target
    lone = os.path.join("standalone", os.path.basename(files[0]))
    rc, out, err = run(checker, [lone], cwd=kt)
    expect(rc == 1 and reported(out, lone) == marked(os.path.join(kt, lone)),
           f"lone file: rc {rc}:\n{out}{err}")
    n = noted(out, lone)
    expect(len(n) == 1 and "pass --target" in n[0] and
           "kthread_stop() sets TIF_NOTIFY_SIGNAL" in n[0],
           "lone file: want one note naming 6.1, the fact and --target:\n" + out)
    # one run, three trees: each file its own kernel
    all_files = [os.path.join("linux-3.13", r) for r in files] + \
        [os.path.join("linux-6.1", r) for r in files] + [lone]
    rc, out, err = run(checker, ["-j2"] + all_files, cwd=kt)
    for r in files:
        expect(reported(out, os.path.join("linux-3.13", r)) ==
               marked(os.path.join(old, r)), f"one run: 3.13 {r} lost:\n{out}")
        expect(not reported(out, os.path.join("linux-6.1", r)),
               f"one run: 6.1 {r} reported:\n{out}")
    expect(len(noted(out, lone)) == 1, "one run: the lone file's note:\n" + out)
    # JSON carries the note too
    rc, out, _ = run(checker, ["--format=json", lone], cwd=kt)
    notes = [n["message"] for f in json.loads(out)["findings"]
             for n in f["notes"]]
    expect(any(NOTE in m for m in notes), "JSON: no note:\n" + out)
    # not a kernel's Makefile: numbered the same way, but no release
    # variable (U-Boot's, a hobby kernel's), or no include/linux/wait.h
    with tempfile.TemporaryDirectory() as tmp:
        for name, mk, wait in (
                ("no-release", "VERSION = 6\nPATCHLEVEL = 1\nSUBLEVEL = 0\n"
                 "NAME = Not Linux\n\nall:\n\ttrue\n", True),
                ("no-wait-h", "VERSION = 6\nPATCHLEVEL = 1\nSUBLEVEL = 0\n"
                 "KERNELRELEASE = 6.1.0\n", False),
                ("other-order", "PATCHLEVEL = 1\nVERSION = 6\nSUBLEVEL = 0\n"
                 "KERNELRELEASE = 6.1.0\n", True)):
            d = os.path.join(tmp, name)
            os.makedirs(os.path.join(d, "include", "linux"))
            os.makedirs(os.path.join(d, "drivers"))
            with open(os.path.join(d, "Makefile"), "w") as f:
                f.write(mk)
            if wait:
                open(os.path.join(d, "include", "linux", "wait.h"), "w").close()
            shutil.copy(os.path.join(kt, lone), os.path.join(d, "drivers"))
            rel = os.path.join("drivers", os.path.basename(lone))
            rc, out, _ = run(checker, [rel], cwd=d)
            expect(len(noted(out, rel)) == 1,
                   f"{name}: taken for a kernel tree's Makefile:\n{out}")


def build(checker, td):
    kt = os.path.join(td, "kernel-trees")
    lone = os.path.join(kt, "standalone", "pvx-dvb.c")
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "pvx-dvb.c")
        shutil.copy(lone, src)
        cases = [
            ("generated/uapi/linux/version.h", "6.1.192",
             "#define LINUX_VERSION_CODE 393664\n#define KERNEL_VERSION(a,b,c) "
             "(((a) << 16) + ((b) << 8) + ((c) > 255 ? 255 : (c)))\n"
             "#define LINUX_VERSION_MAJOR 6\n#define LINUX_VERSION_PATCHLEVEL 1\n"
             "#define LINUX_VERSION_SUBLEVEL 192\n", False),
            ("generated/uapi/linux/version.h", "5.4", "#define LINUX_VERSION_CODE"
             " 328704\n", True),
            ("generated/utsrelease.h", "6.2", '#define UTS_RELEASE "6.2.0-rc3"\n',
             False),
            ("generated/utsrelease.h", "4.19", '#define UTS_RELEASE '
             '"4.19.0-27-amd64"\n', True),
            ("linux/version.h", "2.6.18", '#define UTS_RELEASE "2.6.18-vendor"\n'
             "#define LINUX_VERSION_CODE 132626\n", True),
        ]
        for i, (hdr, ver, text, lost) in enumerate(cases):
            inc = os.path.join(tmp, f"build{i}", "include")
            os.makedirs(os.path.dirname(os.path.join(inc, hdr)))
            with open(os.path.join(inc, hdr), "w") as f:
                f.write(text)
            flags = shim_flags() + ["-I", inc]
            rc, out, err = run(checker, ["--stats", src, "--"] + flags)
            want = f"{ver} from {os.path.join(inc, hdr)}"
            expect(want in err, f"{hdr} ({ver}): --stats does not say "
                   f"'{want}':\n{err}")
            expect(bool(reported(out, src)) == lost and not noted(out, src),
                   f"{hdr} ({ver}): want {'a finding' if lost else 'silence'}"
                   f", no note:\n{out}")
        # the source tree above an include folder (O= builds, Debian's
        # linux-headers-*-common): its Makefile
        srctree = os.path.join(tmp, "src")
        os.makedirs(os.path.join(srctree, "include", "linux"))
        shutil.copy(os.path.join(kt, "linux-3.13", "Makefile"), srctree)
        shutil.copy(os.path.join(kt, "linux-3.13", "include", "linux",
                                 "wait.h"), os.path.join(srctree, "include",
                                                         "linux"))
        rc, out, err = run(checker, ["--stats", src, "--"] + shim_flags() +
                           ["-I", os.path.join(srctree, "include")])
        expect("3.13.10 from " + os.path.join(srctree, "Makefile") in err and
               reported(out, src) and not noted(out, src),
               f"include folder of a 3.13 tree:\n{out}{err}")
        # kbuild's compiler form: relative -I against the build folder
        b0 = os.path.join(tmp, "build0")
        rc, out, err = run(checker, shim_flags() + ["-I./include", src],
                           cwd=b0)
        expect(rc == 0 and not reported(err, src),
               f"compiler form in a 6.1 build: rc {rc}:\n{err}")
        b1 = os.path.join(tmp, "build1")
        rc, out, err = run(checker, shim_flags() + ["-I./include", src],
                           cwd=b1)
        expect(reported(err, src) and not noted(err, src),
               f"compiler form in a 5.4 build:\n{err}")
        # -p: a compilation database's include flags
        db = [{"directory": b1, "file": src,
               "arguments": ["gcc"] + shim_flags() + ["-I./include", "-c", src]}]
        with open(os.path.join(tmp, "compile_commands.json"), "w") as f:
            json.dump(db, f)
        rc, out, err = run(checker, ["--stats", "-p", tmp, src])
        expect("5.4 from " in err and reported(out, src) and
               not noted(out, src), f"-p in a 5.4 build:\n{out}{err}")
        # no flags: the shim, nothing known
        rc, out, err = run(checker, ["--stats", src])
        expect(len(noted(out, src)) == 1 and "unknown" in err,
               f"no flags: want the note:\n{out}{err}")


def config(checker, td):
    kt = os.path.join(td, "kernel-trees")
    new = os.path.join(kt, "linux-6.1")
    rel = os.path.join("drivers", "media", "usb", "pvx", "pvx-dvb.c")
    with tempfile.TemporaryDirectory() as tmp:
        # --target wins over the tree
        rc, out, _ = run(checker, ["--target=6.0", rel], cwd=new)
        expect(reported(out, rel) == marked(os.path.join(new, rel)) and
               not noted(out, rel), "--target=6.0 in the 6.1 tree:\n" + out)
        # and a .wqport target line
        t = os.path.join(tmp, "linux-6.1")
        shutil.copytree(new, t)
        os.mkdir(os.path.join(t, ".git"))	# the top of the tree
        with open(os.path.join(t, ".wqport"), "w") as f:
            f.write("target = 5.10\n")
        rc, out, _ = run(checker, [rel], cwd=t)
        expect(reported(out, rel) and not noted(out, rel),
               ".wqport target = 5.10 in the 6.1 tree:\n" + out)
        rc, out, _ = run(checker, ["--show-config", rel], cwd=t)
        expect(re.search(r"^kernel = 5\.10\t# the target's facts$", out, re.M),
               ".wqport: --show-config:\n" + out)
        # --show-config without a target: detected, per path, and where from
        rc, out, _ = run(checker, ["--show-config", "linux-3.13",
                                   os.path.join("linux-6.1", rel),
                                   os.path.join("standalone", "pvx-dvb.c")],
                         cwd=kt)
        expect(re.search(r"^kernel = detected\t", out, re.M),
               "--show-config: no 'kernel = detected':\n" + out)
        for ver, mk in (("3.13.10", "linux-3.13"), ("6.1", "linux-6.1")):
            expect(re.search(r"^kernel = " + re.escape(ver) + r"\t# " +
                             re.escape(os.path.join(kt, mk, "Makefile")) +
                             "$", out, re.M),
                   f"--show-config: {mk} not named:\n{out}")
        expect(re.search(r"^kernel = unknown\t# no kernel tree", out, re.M),
               "--show-config: the lone file's kernel:\n" + out)
        rc, out, _ = run(checker, ["--show-config", "--target=4.9", "linux-3.13"],
                         cwd=kt)
        expect(re.search(r"^kernel = 4\.9\t# the target's facts$", out, re.M),
               "--show-config --target=4.9:\n" + out)
        # --stats: each kernel, where from, how many files
        rc, out, err = run(checker, ["--stats", "linux-3.13", "linux-6.1",
                                     "standalone"], cwd=kt)
        m = re.search(r"^wqport: the kernel whose facts apply: (.*)$", err, re.M)
        expect(m and f"3.13.10 from {os.path.join(kt, 'linux-3.13', 'Makefile')}"
               " (3 files)" in m.group(1) and
               f"6.1 from {os.path.join(kt, 'linux-6.1', 'Makefile')} (3 files)"
               in m.group(1) and "unknown (no kernel tree or build found: no "
               "version-dependent fact) (1 file)" in m.group(1),
               "--stats:\n" + err)


def fix(checker, td):
    kt = os.path.join(td, "kernel-trees")
    rel = os.path.join("net", "core", "pktx.c")
    with tempfile.TemporaryDirectory() as tmp:
        for tree, converted in (("linux-3.13", True), ("linux-6.1", False)):
            t = os.path.join(tmp, tree)
            shutil.copytree(os.path.join(kt, tree), t)
            rc, out, err = run(checker, ["fix", rel], cwd=t)
            if converted:
                expect("converted" in err and "if (!kthread_should_stop())"
                       in out, f"fix in {tree}: not converted:\n{out}{err}")
            else:
                expect(out == "" and "0 sites" in err,
                       f"fix in {tree}: touched:\n{out}{err}")
            # the summary says which kernel the rewrite is for, and why
            expect("the rewrite is written for Linux 6.1 (the default target, "
                   "the newest kernel wqport's tables know" in err,
                   f"fix in {tree}: the default target unsaid:\n{err}")
            rc2, out2, err2 = run(checker, ["fix", "--target=3.13", rel], cwd=t)
            expect("converted" in err2, f"fix --target=3.13 in {tree}:\n{err2}")
            expect("written for Linux 3.13 (--target)" in err2,
                   f"fix --target=3.13 in {tree}: the target unsaid:\n{err2}")


def bkl(checker, td):
    """The big kernel lock of the old tty layer (fix/modelcheck/vmodel_bkl.c):
    an open that sleeps on the close's queue and the close that wakes it
    lose no wake-up where the tty layer calls both holding the BKL.  The
    model says so for the kernel the code is from: as a fact on a 2.6.21
    tree, as a condition with the release on a lone file, and not at all
    on a 3.0 tree (the tty lock, no BKL: the lost wake-up stands)."""
    src = os.path.join(td, "sleep-on", "tzx-serial-open-ko.c")
    rel = os.path.join("drivers", "char", "tzx_serial.c")
    covers = "unless the big kernel lock covers tzx_open() (a tty_operations.open callback) and tzx_close()"
    with tempfile.TemporaryDirectory() as tmp:
        for name, mk, want in (
                ("linux-2.6.21", "VERSION = 2\nPATCHLEVEL = 6\nSUBLEVEL = 21\n"
                 "KERNELRELEASE = 2.6.21\n",
                 covers + " (a tty_operations.close callback): Linux 2.6.21 "
                 "calls them holding it, as every kernel before 2.6.37 does"),
                ("linux-3.0", "VERSION = 3\nPATCHLEVEL = 0\nSUBLEVEL = 0\n"
                 "KERNELRELEASE = 3.0.0\n", None),
                ("lone", None,
                 covers + " (a tty_operations.close callback): kernels before "
                 "2.6.37 call them holding it (schedule() drops it; which "
                 "kernel this file is for is not known")):
            d = os.path.join(tmp, name)
            os.makedirs(os.path.join(d, "include", "linux"))
            os.makedirs(os.path.join(d, "drivers", "char"))
            if mk:
                with open(os.path.join(d, "Makefile"), "w") as f:
                    f.write(mk)
                open(os.path.join(d, "include", "linux", "wait.h"), "w").close()
            shutil.copy(src, os.path.join(d, rel))
            rc, out, err = run(checker, ["fix", rel], cwd=d)
            line = [ln for ln in err.splitlines() if "tzx_serial.c:60:" in ln]
            expect(len(line) == 1, f"{name}: no site line:\n{err}")
            if not line:
                continue
            if want:
                expect(want in line[0], f"{name}: want '{want}':\n{line[0]}")
            else:
                expect("big kernel lock" not in line[0] and
                       line[0].endswith("as in the original: a lost wake-up [WQ001]"),
                       f"{name}: the BKL said of 3.0:\n{line[0]}")


def cache(checker, td):
    kt = os.path.join(td, "kernel-trees")
    rel = os.path.join("drivers", "media", "usb", "pvx", "pvx-dvb.c")
    with tempfile.TemporaryDirectory() as tmp:
        t = os.path.join(tmp, "tree")
        shutil.copytree(os.path.join(kt, "linux-6.1"), t)
        cdir = os.path.join(tmp, "cache")
        del_env = dict(os.environ)
        del_env.pop("WQPORT_NO_CACHE", None)
        p = subprocess.run([checker, "--cache", cdir, rel], cwd=t,
                           capture_output=True, text=True, env=del_env)
        expect(p.returncode == 0 and p.stdout == "", "6.1, cold: " + p.stdout)
        shutil.copy(os.path.join(kt, "linux-3.13", "Makefile"), t)
        p = subprocess.run([checker, "--stats", "--cache", cdir, rel], cwd=t,
                           capture_output=True, text=True, env=del_env)
        expect(reported(p.stdout, rel) and "0 from the cache" in p.stderr,
               f"the tree became 3.13: the 6.1 result was reused:\n"
               f"{p.stdout}{p.stderr}")


SCENARIOS = {f.__name__: f for f in (trees, build, config, fix, bkl, cache)}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--checker", required=True)
    ap.add_argument("--testdata", required=True)
    ap.add_argument("scenario", choices=sorted(SCENARIOS))
    a = ap.parse_args()
    SCENARIOS[a.scenario](os.path.abspath(a.checker),
                          os.path.abspath(a.testdata))
    for f in FAILS:
        print("FAIL:", f)
    print("PASS" if not FAILS else f"{len(FAILS)} failure(s)")
    return 1 if FAILS else 0


if __name__ == "__main__":
    sys.exit(main())

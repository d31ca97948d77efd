#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""wqport run by a real kernel build, as sparse is, and from its database.

    build-hook-test.py --checker PATH --testdata DIR SCENARIO

The module is the sample drivers that build against Linux 6.1 (their
expected findings are the samples' .diag files), copied into a scratch
out-of-tree module directory and built with Debian's linux-headers-amd64:

  kbuild  make -C <headers> M=<dir> C=1 CHECK=wqport (and C=2, and
          --werror): the build succeeds, every file is checked with
          kbuild's own flags, the findings on stderr are exactly the
          samples' .diag lines, a rebuild with nothing changed checks
          nothing under C=1 and everything under C=2, and only --werror
          fails the build.
  compdb  the same build writes .cmd files; the kernel's
          scripts/clang-tools/gen_compile_commands.py (from Debian's
          linux-source-6.1 when extracted, else the same .cmd reading
          here) turns them into compile_commands.json, and `wqport -p`
          checks each file with its own flags: the same findings, no
          parse errors; a file the database lacks is checked against the
          shim with a note; --compile-commands FILE of another name,
          a database bear writes for a rebuild (where bear is
          installed) and an "arguments" (CMake) database work too.

Exits 77 (ctest's skip code) without /usr/src/linux-headers-*-amd64.
"""
import argparse
import glob
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

SKIP = 77
# the samples that compile against 6.1 (acme-adc-legacy uses sleep_on())
SAMPLES = ["zorb-serial-ko", "lumo-sensor-hub-ko", "qfx-dma-engine-ok"]
FAILS = []


def expect(cond, what):
    if not cond:
        FAILS.append(what)


def find_headers():
    dirs = sorted(glob.glob("/usr/src/linux-headers-*-amd64"))
    return dirs[-1] if dirs else None


def want_lines(td, moddir):
    """The samples' expected findings, named as kbuild names the files."""
    lines = []
    for s in SAMPLES:
        diag = os.path.join(td, "samples", s + ".diag")
        if os.path.exists(diag):
            with open(diag) as f:
                lines += [os.path.join(moddir, l) for l in f.read().splitlines()]
    return lines


def make_module(td, tmp):
    moddir = os.path.join(tmp, "mod")
    os.mkdir(moddir)
    for s in SAMPLES:
        shutil.copyfile(os.path.join(td, "samples", s + ".c"),
                        os.path.join(moddir, s + ".c"))
    with open(os.path.join(moddir, "Kbuild"), "w") as f:
        f.write("".join(f"obj-m += {s}.o\n" for s in SAMPLES))
    return moddir


def make(headers, moddir, *extra):
    p = subprocess.run(["make", "-C", headers, f"M={moddir}", *extra,
                        "modules"], capture_output=True, text=True,
                       errors="replace", timeout=900)
    return p.returncode, p.stdout, p.stderr


def findings(text, moddir):
    return [l for l in text.splitlines() if l.startswith(moddir + "/")]


def kbuild(checker, td, headers):
    with tempfile.TemporaryDirectory(prefix="wqport-hook-") as tmp:
        moddir = make_module(td, tmp)
        want = want_lines(td, moddir)
        rc, out, err = make(headers, moddir, "C=1", f"CHECK={checker}")
        expect(rc == 0, f"make C=1 failed ({rc}):\n{out}\n{err}")
        for s in SAMPLES:
            expect(os.path.exists(os.path.join(moddir, s + ".ko")),
                   f"{s}.ko not built")
            expect(re.search(rf"^  CHECK   {re.escape(moddir)}/{s}\.c$",
                             out, re.M), f"kbuild did not check {s}.c:\n{out}")
        got = findings(err, moddir)
        expect(sorted(got) == sorted(want),
               "C=1: findings on stderr differ from the samples' .diag:\n"
               f"want {want}\ngot  {got}\nstderr:\n{err}")
        expect(not re.search(r"parse error|cannot parse|wqport:", err),
               f"C=1: wqport complained:\n{err}")

        # nothing changed: C=1 checks nothing, C=2 checks everything
        rc, out, err = make(headers, moddir, "C=1", f"CHECK={checker}")
        expect(rc == 0 and "CHECK" not in out and not findings(err, moddir),
               f"C=1 rebuild checked again:\n{out}\n{err}")
        rc, out, err = make(headers, moddir, "C=2", f"CHECK={checker}")
        got = findings(err, moddir)
        expect(rc == 0 and sorted(got) == sorted(want),
               f"C=2 ({rc}): want {want}\ngot  {got}\n{out}\n{err}")
        # kbuild's -Wp,-MMD,<dir>/.<obj>.o.d reached libclang, it would
        # write that file (fixdep has consumed and removed the compiler's)
        stray = glob.glob(os.path.join(moddir, ".*.o.d"))
        expect(not stray, f"the checker wrote dependency files: {stray}")

        # asked to, findings stop the build: in CHECK= or in CF=
        for extra in ([f"CHECK={checker} --werror"],
                      [f"CHECK={checker}", "CF=--werror"]):
            rc, out, err = make(headers, moddir, "C=2", *extra)
            expect(rc != 0 and findings(err, moddir),
                   f"{extra}: findings did not fail the build ({rc})")
        # a clean file passes even with --werror
        with open(os.path.join(moddir, "Kbuild"), "w") as f:
            f.write("obj-m += qfx-dma-engine-ok.o\n")
        rc, out, err = make(headers, moddir, "C=2",
                            f"CHECK={checker} --werror")
        expect(rc == 0 and not findings(err, moddir),
               f"--werror on a clean file failed ({rc}):\n{err}")


CMD_LINE = re.compile(r"^(?:saved)?cmd_[^ ]*\.o := (.* )([^ ]*\.c) *(;|$)")


def read_cmd_files(headers, moddir):
    """What gen_compile_commands.py does, for trees without the script."""
    entries = []
    for path in sorted(glob.glob(os.path.join(moddir, ".*.o.cmd"))):
        with open(path, errors="replace") as f:
            m = CMD_LINE.match(f.readline())
        if m:
            entries.append({"directory": headers,
                            "file": os.path.join(headers, m.group(2)),
                            "command": m.group(1).strip() + " " + m.group(2)})
    return entries


def gen_script():
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import ksrc
    s = os.path.join(ksrc.default_tree(), "scripts", "clang-tools",
                     "gen_compile_commands.py")
    return s if os.path.exists(s) else None


def run(checker, args, cwd=None):
    p = subprocess.run([checker] + args, cwd=cwd, capture_output=True,
                       text=True, errors="replace", timeout=600)
    return p.returncode, p.stdout, p.stderr


def compdb(checker, td, headers):
    with tempfile.TemporaryDirectory(prefix="wqport-compdb-") as tmp:
        moddir = make_module(td, tmp)
        rc, out, err = make(headers, moddir)
        expect(rc == 0, f"make failed ({rc}):\n{out}\n{err}")
        dbfile = os.path.join(moddir, "compile_commands.json")
        script = gen_script()
        if script:
            print(f"database by {script}")
            p = subprocess.run([sys.executable, script, "-d", headers,
                                "-o", dbfile, moddir],
                               capture_output=True, text=True)
            expect(p.returncode == 0, f"{script} failed:\n{p.stderr}")
        else:
            print("database by this test's .cmd reader (no linux-source-6.1 "
                  "tree extracted)")
            with open(dbfile, "w") as f:
                json.dump(read_cmd_files(headers, moddir), f, indent=2)
        with open(dbfile) as f:
            db = json.load(f)
        # the samples, and kbuild's generated <module>.mod.c files
        listed = {os.path.basename(e["file"]) for e in db}
        expect({s + ".c" for s in SAMPLES} <= listed,
               f"the database lists {sorted(listed)}")
        want = want_lines(td, moddir)

        # every file the database lists, with its own flags
        rc, out, err = run(checker, ["-v", "-p", moddir], cwd=tmp)
        got = findings(out, moddir)
        expect(rc == 1 and sorted(got) == sorted(want),
               f"-p DIR ({rc}): want {want}\ngot  {got}\nstderr:\n{err}")
        expect(err == "", f"-p DIR: stderr (parse errors?):\n{err}")

        # named files; one the database lacks goes to the shim, named
        extra = os.path.join(tmp, "outside.c")
        shutil.copyfile(os.path.join(td, "samples", "zorb-serial-ko.c"), extra)
        rc, out, err = run(checker, ["--compile-commands", dbfile,
                                     os.path.join(moddir, SAMPLES[0] + ".c"),
                                     extra], cwd=tmp)
        expect(re.search(r"^.*/outside\.c: note: not in the compilation "
                         r"database; checked against the shim headers$",
                         err, re.M), f"no note for a file not in it:\n{err}")
        expect(re.search(r"^.*/outside\.c:\d+:\d+: .*\[WQ00\d\]$", out, re.M),
               f"outside.c not checked with the shim:\n{out}")
        expect(not re.search(r"zorb-serial-ko\.c: note", err),
               f"a file in the database was called missing:\n{err}")

        # the flags are really used: a database whose flags cannot work
        # (an include path to nowhere, no shim) gives parse errors
        broken = [dict(e) for e in db]
        for e in broken:
            e["command"] = re.sub(r"-I\S*include\S*", "-I/nonexistent",
                                  e["command"])
        other = os.path.join(tmp, "db-other-name.json")
        with open(other, "w") as f:
            json.dump(broken, f)
        rc, out, err = run(checker, ["--compile-commands=" + other,
                                     os.path.join(moddir, SAMPLES[0] + ".c")])
        expect("parse errors" in err and "file not found" in err,
               f"flags of a database of another name not used:\n{err}")

        # a database bear wrote (when installed) from a rebuild
        if shutil.which("bear"):
            bdb = os.path.join(tmp, "bear-real")
            os.mkdir(bdb)
            subprocess.run(["make", "-C", headers, f"M={moddir}", "clean"],
                           capture_output=True, timeout=900)
            p = subprocess.run(["bear", "--output",
                                os.path.join(bdb, "compile_commands.json"),
                                "--", "make", "-C", headers, f"M={moddir}",
                                "modules"], capture_output=True, text=True,
                               timeout=900)
            expect(p.returncode == 0, f"bear -- make failed:\n{p.stderr}")
            rc, out, err = run(checker, ["-v", "-p", bdb], cwd=tmp)
            got = findings(out, moddir)
            expect(rc == 1 and sorted(got) == sorted(want) and err == "",
                   f"bear's database ({rc}): got {got}\nstderr:\n{err}")
        else:
            print("bear not installed: its own database not tried")

        # CMake form: "arguments" arrays, relative file names
        args_db = []
        for e in db:
            argv = shlex.split(e["command"])
            src = os.path.relpath(e["file"], moddir)
            argv = [a if a != e["file"] else src for a in argv]
            argv = [a if not a.startswith("-I./") else
                    "-I" + os.path.join(e["directory"], a[4:]) for a in argv]
            args_db.append({"directory": moddir, "file": src,
                            "arguments": argv})
        bdir = os.path.join(tmp, "bear")
        os.mkdir(bdir)
        with open(os.path.join(bdir, "compile_commands.json"), "w") as f:
            json.dump(args_db, f)
        rc, out, err = run(checker, ["-p", bdir], cwd=tmp)
        got = findings(out, moddir)
        expect(rc == 1 and sorted(got) == sorted(want) and err == "",
               f"arguments form ({rc}): got {got}\nstderr:\n{err}")

        # a bad database is a clear error naming it
        bad = os.path.join(tmp, "bad")
        os.mkdir(bad)
        rc, out, err = run(checker, ["-p", bad])
        expect(rc == 2 and "no readable compile_commands.json" in err,
               f"missing database: exit {rc}, {err!r}")
        with open(os.path.join(bad, "compile_commands.json"), "w") as f:
            f.write("{ not json")
        rc, out, err = run(checker, ["-p", bad])
        expect(rc == 2 and "cannot load it" in err,
               f"broken database: exit {rc}, {err!r}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--checker", required=True)
    ap.add_argument("--testdata", required=True)
    ap.add_argument("scenario", choices=["kbuild", "compdb"])
    a = ap.parse_args()
    headers = find_headers()
    if not headers:
        print("SKIP: no /usr/src/linux-headers-*-amd64 "
              "(apt-get install linux-headers-amd64)")
        return SKIP
    checker = os.path.abspath(a.checker)
    {"kbuild": kbuild, "compdb": compdb}[a.scenario](
        checker, os.path.abspath(a.testdata), headers)
    for f in FAILS:
        print("FAIL: " + f)
    print(f"{a.scenario}: {'FAIL' if FAILS else 'PASS'}")
    return 1 if FAILS else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""wqport installed like a tool runs with its source and build trees gone.

    install-test.py --build DIR --source DIR SCENARIO

  prefix  `cmake --install` into a temporary prefix, which is then moved
          elsewhere; the FHS layout is there (bin/, share/wqport/shim,
          share/wqport/semantic-patches, share/man/man1/wqport.1,
          share/bash-completion/completions/wqport,
          share/doc/wqport/); the man page names every option --help
          names.
  deb     `cpack -G DEB` builds the package; its control file depends on
          libclang1-14 and coccinelle; `dpkg -x` unpacks it.

Then, in both, the installed binary checks a sample driver and ports it
(`wqport fix`, the diff applied with patch) inside a private mount
namespace (`unshare -rm`) where the source and build trees are hidden
under empty tmpfs mounts: the findings must equal the sample's .diag and
the ported file its .res.  Exits 77 where such a namespace cannot be made
or (deb) dpkg-deb or spatch is missing.
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
SAMPLE = "zorb-serial-ko"
FAILS = []


def expect(cond, what):
    if not cond:
        FAILS.append(what)


def sh(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True,
                          errors="replace", timeout=900, **kw)


def can_hide():
    p = subprocess.run(["unshare", "-rm", "sh", "-c",
                        "mount -t tmpfs none /mnt 2>/dev/null || "
                        "mount -t tmpfs none /tmp"],
                       capture_output=True)
    return p.returncode == 0


def run_hidden(binary, work, hide):
    """Check and fix the sample with `binary`, `hide` mounted over."""
    script = os.path.join(work, "run.sh")
    with open(script, "w") as f:
        f.write("set -u\n")
        for d in hide:
            f.write(f"mount -t tmpfs none '{d}' || exit 99\n")
        f.write(f"cd '{work}'\n")
        f.write("unset WQPORT_SHIM_DIR WQPORT_COCCI_DIR\n")
        f.write(f"'{binary}' {SAMPLE}.c > check.out 2> check.err; "
                "echo $? > check.rc\n")
        f.write(f"'{binary}' fix {SAMPLE}.c > fix.diff 2> fix.err; "
                "echo $? > fix.rc\n")
        # the trees really are gone in here
        for d in hide:
            f.write(f"[ -z \"$(ls -A '{d}')\" ] || echo visible >> check.err\n")
    p = sh(["unshare", "-rm", "sh", script])
    expect(p.returncode == 0, f"namespace run failed ({p.returncode}): {p.stderr}")

    def read(name):
        with open(os.path.join(work, name), errors="replace") as f:
            return f.read()
    with open(os.path.join(work, SAMPLE + ".diag")) as f:
        want = f.read()
    expect(read("check.rc").strip() == "1" and read("check.out") == want and
           read("check.err") == "",
           f"installed check: exit {read('check.rc').strip()}\n"
           f"stdout:\n{read('check.out')}\nstderr:\n{read('check.err')}")
    expect(read("fix.rc").strip() == "1" and read("fix.diff").startswith("--- a/"),
           f"installed fix: exit {read('fix.rc').strip()}\n{read('fix.err')}")
    p = sh(["patch", "-s", "-p1", "-i", "fix.diff"], cwd=work)
    expect(p.returncode == 0, f"the fix's diff does not apply: {p.stdout}{p.stderr}")
    with open(os.path.join(work, SAMPLE + ".res")) as f:
        res = f.read()
    expect(read(SAMPLE + ".c") == res,
           "the installed fix's result differs from the sample's .res")


def prepare(source, tmp):
    work = os.path.join(tmp, "work")
    os.mkdir(work)
    for ext in (".c", ".diag", ".res"):
        shutil.copyfile(os.path.join(source, "testdata", "samples", SAMPLE + ext),
                        os.path.join(work, SAMPLE + ext))
    return work


def hidden_dirs(source, build):
    source, build = os.path.realpath(source), os.path.realpath(build)
    dirs = [source]
    if not build.startswith(source + "/"):
        dirs.append(build)
    return dirs


def prefix(source, build, tmp):
    inst = os.path.join(tmp, "inst")
    p = sh(["cmake", "--install", build, "--prefix", inst])
    expect(p.returncode == 0, f"cmake --install failed:\n{p.stdout}{p.stderr}")
    moved = os.path.join(tmp, "moved", "opt-wqport")
    os.makedirs(os.path.dirname(moved))
    os.rename(inst, moved)	# a relocated prefix: nothing points back
    for rel in ("bin/wqport", "share/wqport/shim/wqport-shim.h",
                "share/wqport/shim/linux/wait.h",
                "share/man/man1/wqport.1", "share/doc/wqport/user-guide.md",
                "share/bash-completion/completions/wqport",
                "share/doc/wqport/design.md"):
        expect(os.path.exists(os.path.join(moved, rel)), f"not installed: {rel}")
    cocci = glob.glob(os.path.join(moved, "share/wqport/semantic-patches/*.cocci"))
    src_cocci = glob.glob(os.path.join(source, "semantic-patches/*.cocci"))
    expect(cocci and len(cocci) == len(src_cocci),
           f"{len(cocci)} semantic patches installed, {len(src_cocci)} in the tree")
    libs = glob.glob(os.path.join(moved, "share/wqport/semantic-patches/lib/*.py"))
    src_libs = glob.glob(os.path.join(source, "semantic-patches/lib/*.py"))
    expect(libs and len(libs) == len(src_libs),
           f"{len(libs)} modules of semantic-patches/lib installed, {len(src_libs)} in the tree")
    rules = glob.glob(os.path.join(moved, "share/doc/wqport/rules/WQ*.md"))
    expect(rules, "no rule pages installed")
    binary = os.path.join(moved, "bin", "wqport")
    man = os.path.join(moved, "share/man/man1/wqport.1")
    if os.path.exists(man) and os.path.exists(binary):
        with open(man) as f:
            roff = f.read().replace("\\-", "-")
        helps = sh([binary, "--help"]).stdout + sh([binary, "fix", "--help"]).stdout
        opts = set(re.findall(r"^  (-[-\w]+)", helps, re.M))
        missing = [o for o in opts if o not in roff]
        expect(roff.startswith(".TH WQPORT 1") and opts and not missing,
               f"the man page lacks options of --help: {missing}")
        if shutil.which("man"):
            p = sh(["man", "-l", "-P", "cat", man],
                   env=dict(os.environ, MANWIDTH="80"))
            expect(p.returncode == 0 and "KERNEL BUILD" in p.stdout,
                   f"man -l does not render it: {p.stderr}")
    work = prepare(source, tmp)
    run_hidden(binary, work, hidden_dirs(source, build))


def deb(source, build, tmp):
    if not shutil.which("dpkg-deb"):
        print("SKIP: no dpkg-deb")
        return SKIP
    out = os.path.join(tmp, "pkg")
    os.mkdir(out)
    p = sh(["cpack", "-G", "DEB", "-B", out], cwd=build)
    debs = glob.glob(os.path.join(out, "*.deb"))
    expect(p.returncode == 0 and len(debs) == 1,
           f"cpack -G DEB failed:\n{p.stdout}{p.stderr}")
    if not debs:
        return 0
    print(f"package: {os.path.basename(debs[0])}")
    info = sh(["dpkg-deb", "-f", debs[0], "Package", "Version",
               "Architecture", "Depends"]).stdout
    print(info, end="")
    expect(re.search(r"^Depends:.*\blibclang1-14\b", info, re.M) and
           re.search(r"^Depends:.*\bcoccinelle\b", info, re.M),
           f"Depends lacks libclang1-14 or coccinelle:\n{info}")
    files = sh(["dpkg-deb", "-c", debs[0]]).stdout
    for rel in ("./usr/bin/wqport", "./usr/share/man/man1/wqport.1",
                "./usr/share/bash-completion/completions/wqport",
                "./usr/share/wqport/shim/wqport-shim.h",
                "./usr/share/doc/wqport/user-guide.md"):
        expect(re.search(rf" {re.escape(rel)}$", files, re.M),
               f"{rel} not in the package")
    root = os.path.join(tmp, "root")
    p = sh(["dpkg-deb", "-x", debs[0], root])
    expect(p.returncode == 0, f"dpkg-deb -x: {p.stderr}")
    work = prepare(source, tmp)
    run_hidden(os.path.join(root, "usr", "bin", "wqport"), work,
               hidden_dirs(source, build))
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", required=True)
    ap.add_argument("--source", required=True)
    ap.add_argument("scenario", choices=["prefix", "deb"])
    a = ap.parse_args()
    if not can_hide():
        print("SKIP: cannot make a private mount namespace (unshare -rm)")
        return SKIP
    if not shutil.which("spatch"):
        print("SKIP: no spatch (apt-get install coccinelle)")
        return SKIP
    with tempfile.TemporaryDirectory(prefix="wqport-install-") as tmp:
        rc = {"prefix": prefix, "deb": deb}[a.scenario](
            os.path.abspath(a.source), os.path.abspath(a.build), tmp)
        if rc == SKIP:
            return SKIP
    for f in FAILS:
        print("FAIL: " + f)
    print(f"{a.scenario}: {'FAIL' if FAILS else 'PASS'}")
    return 1 if FAILS else 0


if __name__ == "__main__":
    sys.exit(main())

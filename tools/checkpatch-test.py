#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""The fixture series passes the kernel's own scripts/checkpatch.pl.

    checkpatch-test.py --checker PATH --testdata DIR --docs FILE

The fixture series: every -ko fixture that a fix= marker says is
converted, under drivers/<rule>/ in a scratch git repository, ported
with `wqport fix --series`.  checkpatch.pl (Linux 6.1, from Debian's
linux-source-6.1: only scripts/checkpatch.pl and its data files are
taken out of /usr/src/linux-source-6.1.tar.xz, once, into
$XDG_CACHE_HOME/wqport/checkpatch-6.1/) must find 0 errors in every
patch, and every warning type it reports must be explained in FILE's
section on checkpatch.  Exit 77 when neither the cache nor the tarball
is there (tools/install-deps.sh installs linux-source-6.1).
"""
import argparse
import glob
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile

TARBALL = "/usr/src/linux-source-6.1.tar.xz"
MEMBERS = ("scripts/checkpatch.pl", "scripts/spelling.txt",
           "scripts/const_structs.checkpatch")
GIT_ENV = dict(os.environ, GIT_CONFIG_GLOBAL="/dev/null", GIT_CONFIG_NOSYSTEM="1")


def cache_dir():
    base = os.environ.get("XDG_CACHE_HOME") or \
        os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "wqport", "checkpatch-6.1")


def checkpatch():
    """scripts/checkpatch.pl in the cache, extracted on first use"""
    d = cache_dir()
    script = os.path.join(d, MEMBERS[0])
    if os.path.exists(script):
        return script
    if not os.path.exists(TARBALL):
        return None
    os.makedirs(os.path.dirname(d), exist_ok=True)
    tmp = tempfile.mkdtemp(dir=os.path.dirname(d))
    with tarfile.open(TARBALL) as tar:
        for m in tar:
            rel = m.name.split("/", 1)[-1]
            if rel in MEMBERS and m.isfile():
                f = tar.extractfile(m)
                os.makedirs(os.path.join(tmp, "scripts"), exist_ok=True)
                with open(os.path.join(tmp, rel), "wb") as out:
                    shutil.copyfileobj(f, out)
    try:
        os.rename(tmp, d)
    except OSError:    # another run got there first
        shutil.rmtree(tmp)
    return script


def documented_types(docs):
    """The warning types the checkpatch section of the docs explains"""
    with open(docs) as f:
        text = f.read()
    # the heading's own line only ([^\n], not . under re.S)
    m = re.search(r"^#+ [^\n]*checkpatch[^\n]*$(.*?)(?=^#+ )", text, re.M | re.S)
    if not m:
        return None
    return set(re.findall(r"^\| `([A-Z_]+)` \|", m.group(1), re.M))


def run_checkpatch(script, patch):
    p = subprocess.run(["perl", script, "--no-tree", "--show-types", patch],
                       capture_output=True, text=True, timeout=300)
    issues = re.findall(r"^(ERROR|WARNING|CHECK):([A-Z_]+): (.*)$", p.stdout, re.M)
    total = re.search(r"total: (\d+) errors, (\d+) warnings, (\d+) lines checked",
                      p.stdout)
    return issues, total, p.stdout + p.stderr


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--checker", required=True)
    ap.add_argument("--testdata", required=True)
    ap.add_argument("--docs", required=True)
    a = ap.parse_args()
    script = checkpatch()
    if not script or not shutil.which("perl"):
        print(f"no checkpatch.pl: neither {cache_dir()} nor {TARBALL} "
              "(tools/install-deps.sh installs linux-source-6.1)")
        return 77
    explained = documented_types(a.docs)
    fails = []
    if explained is None:
        fails.append(f"{a.docs} has no section on checkpatch")
        explained = set()
    with tempfile.TemporaryDirectory() as tmp:
        repo = os.path.join(tmp, "linux")
        n = 0
        for fx in sorted(glob.glob(os.path.join(a.testdata, "*", "*-ko.c"))):
            with open(fx) as f:
                if not re.search(r"expect:.*fix=(converted|caveat)", f.read()):
                    continue
            d = os.path.join(repo, "drivers", os.path.basename(os.path.dirname(fx)))
            os.makedirs(d, exist_ok=True)
            shutil.copy(fx, d)
            n += 1
        for argv in (["init", "-q"], ["config", "user.name", "Ada Lovelace"],
                     ["config", "user.email", "ada@example.org"],
                     ["add", "."], ["commit", "-qm", "base"]):
            subprocess.run(["git"] + argv, cwd=repo, env=GIT_ENV, check=True)
        out = os.path.join(tmp, "series")
        p = subprocess.run([a.checker, "fix", "--series=" + out, "drivers"],
                           cwd=repo, env=GIT_ENV, capture_output=True, text=True,
                           timeout=3000)
        m = re.search(r"; (\d+) files? changed", p.stderr)
        patches = sorted(glob.glob(os.path.join(out, "*.patch")))
        if not m or int(m.group(1)) != len(patches) or len(patches) < n * 2 // 3:
            fails.append(f"{len(patches)} patches for {n} fixtures, summary: "
                         f"{m.group(0) if m else p.stderr[-500:]}")
        lines = 0
        for patch in patches:
            issues, total, text = run_checkpatch(script, patch)
            if not total:
                fails.append(f"checkpatch.pl did not run on {patch}:\n{text}")
                continue
            lines += int(total.group(3))
            for level, kind, msg in issues:
                if level == "ERROR":
                    fails.append(f"{os.path.basename(patch)}: ERROR:{kind}:{msg}")
                elif kind not in explained:
                    fails.append(f"{os.path.basename(patch)}: {level}:{kind}:{msg} "
                                 f"is not explained in {a.docs}")
            print(f"{os.path.basename(patch)}: {total.group(0)}")
        # checkpatch.pl is alive here: a patch without its sign-off fails
        if patches:
            with open(patches[0]) as f:
                bare = re.sub(r"^Signed-off-by: .*\n", "", f.read(), flags=re.M)
            nosob = os.path.join(tmp, "nosob.patch")
            with open(nosob, "w") as f:
                f.write(bare)
            issues, _, text = run_checkpatch(script, nosob)
            if ("ERROR", "MISSING_SIGN_OFF") not in [(l, k) for l, k, _ in issues]:
                fails.append("checkpatch.pl misses a missing sign-off:\n" + text)
    for f in fails:
        print("FAIL:", f)
    print(f"{len(patches)} patches, {lines} lines: {'FAILED' if fails else 'ok'}")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())

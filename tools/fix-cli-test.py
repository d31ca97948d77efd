#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Command-line scenarios of `wqport fix` that no single fixture shows.

    fix-cli-test.py --checker PATH --testdata DIR SCENARIO

  diff-applies  the diff on stdout applies with `git apply` and with
                `patch -p1`, and gives the same file as --write
  write         --write rewrites in place: mode kept, no temporary file
                left, an unchanged file not touched (same inode)
  series        --series DIR writes one patch per changed file with a
                kernel-style subject, and `git am` applies it
  json          --format=json holds the diff and every site
  no-spatch     a missing spatch is an error naming the coccinelle
                package, exit 2, and no file is written
  bad-input     a binary file among good ones: an error naming it, the
                rest is still fixed, exit 2
  spatch-fails  spatch failing on a file: an error naming the file, the
                file untouched, the others still fixed
  ok-untouched  every -ok fixture (correct code): no site, no diff, exit 0
  verification  a semantic patch that keeps the race, or breaks the build,
                is caught: the site is refused (verification) and the
                file comes back unchanged
  real-flags    with kbuild's flags for Debian's 6.1 headers after --,
                fix gives the same outcome per site as with the shim
                (exit 77 when linux-headers-amd64 is missing)
  target        --target=3.4 refuses the _lock_irq forms (3.9) and leaves
                those loops as they were; a bad version is a usage error

Each scenario works on copies in a temporary directory.
"""
import argparse
import json
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile

# A driver with one site every semantic patch set must convert.
SOURCE = "sleep-on/acme-adc-read-ko.c"


def run(cmd, cwd, env=None, input=None):
    e = dict(os.environ)
    if env:
        e.update(env)
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True,
                          env=e, input=input, timeout=600)


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def setup(tmp, testdata, names=("drv.c",)):
    for n in names:
        shutil.copy(os.path.join(testdata, SOURCE), os.path.join(tmp, n))


def git(tmp, *args):
    p = run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], tmp)
    if p.returncode:
        fail("git %s: %s" % (" ".join(args), p.stderr))
    return p


def scenario_diff_applies(wq, td, tmp):
    setup(tmp, td)
    p = run([wq, "fix", "drv.c"], tmp)
    if p.returncode != 1 or "+++ b/drv.c" not in p.stdout:
        fail("no diff (rc %d):\n%s%s" % (p.returncode, p.stdout, p.stderr))
    diff = p.stdout
    for tool in (["git", "apply"], ["patch", "-p1", "-s"]):
        d = tempfile.mkdtemp(dir=tmp)
        setup(d, td)
        q = run(tool, d, input=diff)
        if q.returncode:
            fail("%s does not apply the diff: %s" % (tool[0], q.stderr))
        w = tempfile.mkdtemp(dir=tmp)
        setup(w, td)
        run([wq, "fix", "--write", "drv.c"], w)
        if open(os.path.join(d, "drv.c")).read() != open(os.path.join(w, "drv.c")).read():
            fail("%s result differs from --write" % tool[0])


def scenario_write(wq, td, tmp):
    setup(tmp, td, ("drv.c",))
    ok = os.path.join(tmp, "clean.c")
    with open(ok, "w") as f:
        f.write("int clean(void)\n{\n\treturn 0;\n}\n")
    os.chmod(os.path.join(tmp, "drv.c"), 0o640)
    ino = os.stat(ok).st_ino
    before = open(os.path.join(tmp, "drv.c")).read()
    p = run([wq, "fix", "--write", "drv.c", "clean.c"], tmp)
    if p.stdout:
        fail("--write printed a diff")
    after = open(os.path.join(tmp, "drv.c")).read()
    if after == before or "wait_event_interruptible" not in after:
        fail("drv.c not rewritten:\n" + p.stderr)
    if stat.S_IMODE(os.stat(os.path.join(tmp, "drv.c")).st_mode) != 0o640:
        fail("mode not kept")
    if os.stat(ok).st_ino != ino:
        fail("an unchanged file was replaced")
    left = [n for n in os.listdir(tmp) if n.startswith(".")]
    if left:
        fail("temporary files left: %s" % left)


def scenario_series(wq, td, tmp):
    repo = os.path.join(tmp, "repo")
    os.makedirs(os.path.join(repo, "drivers", "char"))
    setup(os.path.join(repo, "drivers", "char"), td, ("acme_adc.c",))
    git(repo, "init", "-q")
    git(repo, "add", ".")
    git(repo, "commit", "-qm", "base")
    out = os.path.join(tmp, "series")
    p = run([wq, "fix", "--series=" + out, "drivers/char/acme_adc.c"], repo)
    pats = sorted(os.listdir(out)) if os.path.isdir(out) else []
    if len(pats) != 1:
        fail("expected one patch, got %s\n%s" % (pats, p.stderr))
    text = open(os.path.join(out, pats[0])).read()
    subj = [l for l in text.splitlines() if l.startswith("Subject:")]
    want = "Subject: [PATCH] char: acme_adc: replace interruptible_sleep_on() with wait_event_interruptible()"
    if subj != [want]:
        fail("subject %s, want %r" % (subj, want))
    git(repo, "am", "-q", os.path.join(out, pats[0]))
    if "wait_event_interruptible" not in open(os.path.join(repo, "drivers/char/acme_adc.c")).read():
        fail("git am did not apply the conversion")


def scenario_json(wq, td, tmp):
    setup(tmp, td)
    p = run([wq, "fix", "--format=json", "drv.c"], tmp)
    doc = json.loads(p.stdout)
    f = doc["files"][0]
    if f["file"] != "drv.c" or "+++ b/drv.c" not in f["diff"]:
        fail("json file entry wrong: %s" % f)
    s = f["sites"][0]
    if (s["rule"], s["outcome"], s["form"]) != ("WQ001", "converted", "wait_event_interruptible"):
        fail("json site wrong: %s" % s)
    if doc["summary"]["converted"] != 1:
        fail("json summary wrong: %s" % doc["summary"])


def scenario_no_spatch(wq, td, tmp):
    setup(tmp, td)
    before = open(os.path.join(tmp, "drv.c")).read()
    p = run([wq, "fix", "--write", "drv.c"], tmp, env={"WQPORT_SPATCH": "/nonexistent/spatch"})
    if p.returncode != 2 or "coccinelle" not in p.stderr:
        fail("missing spatch: rc %d, stderr %r" % (p.returncode, p.stderr))
    if open(os.path.join(tmp, "drv.c")).read() != before:
        fail("a file was written although spatch is missing")


def scenario_bad_input(wq, td, tmp):
    setup(tmp, td, ("a.c", "c.c"))
    with open(os.path.join(tmp, "b.c"), "wb") as f:
        f.write(b"\x7fELF\x00\x00binary")
    p = run([wq, "fix", "a.c", "b.c", "c.c"], tmp)
    if p.returncode != 2 or "b.c: error: binary file" not in p.stderr:
        fail("bad input: rc %d, stderr %r" % (p.returncode, p.stderr))
    if "+++ b/a.c" not in p.stdout or "+++ b/c.c" not in p.stdout:
        fail("the good files were not fixed:\n" + p.stdout)


def scenario_spatch_fails(wq, td, tmp):
    setup(tmp, td, ("a.c", "b.c"))
    fake = os.path.join(tmp, "fake-spatch")
    with open(fake, "w") as f:
        f.write("#!/bin/sh\nfor a; do :; done\ncase \"$a\" in */b.c) echo 'fatal: no' >&2; exit 3;; esac\n"
                "exec spatch \"$@\"\n")
    os.chmod(fake, 0o755)
    before = open(os.path.join(tmp, "b.c")).read()
    p = run([wq, "fix", "--write", "--spatch=" + fake, "a.c", "b.c"], tmp)
    if p.returncode != 2 or "b.c: error:" not in p.stderr or "fatal: no" not in p.stderr:
        fail("spatch failure not reported: rc %d, %r" % (p.returncode, p.stderr))
    if open(os.path.join(tmp, "b.c")).read() != before:
        fail("b.c was written although spatch failed on it")
    if "wait_event_interruptible" not in open(os.path.join(tmp, "a.c")).read():
        fail("a.c was not fixed")


def scenario_ok_untouched(wq, td, tmp):
    import glob
    # testdata/model-shapes/: -ok means race-free in the model, not
    # "the checker and the fix leave it alone" (testdata/README.md)
    oks = sorted(f for f in glob.glob(os.path.join(td, "*", "*-ok.c"))
                 if os.path.basename(os.path.dirname(f)) != "model-shapes")
    if not oks:
        fail("no -ok fixtures found")
    # an -ok fixture that is correct for an older kernel (a 2.4 loop
    # that is the form 2.4 has) says so with wqport-fix-args: --target
    own = {}
    for ok in oks:
        with open(ok, errors="replace") as f:
            m = re.search(r"wqport-fix-args:(.*)", f.read())
        if m:
            own[ok] = m.group(1).replace("*/", "").split()
    runs = [[o for o in oks if o not in own]] + [[o] for o in own]
    for files in runs:
        p = run([wq, "fix", "--no-prefilter"] + own.get(files[0], []) + files, tmp)
        if p.returncode != 0 or p.stdout or "0 sites" not in p.stderr:
            fail("fix on correct code: rc %d\n%s%s" % (p.returncode, p.stdout, p.stderr))


def scenario_target(wq, td, tmp):
    shutil.copy(os.path.join(td, "sleep-on", "orin-scanner-ko.c"),
                os.path.join(tmp, "os.c"))
    p = run([wq, "fix", "--target=3.4", "os.c"], tmp)
    refused = [l for l in p.stderr.splitlines() if "refused: target-api" in l]
    if len(refused) != 2 or not all("_lock_irq()" in l and "first in 3.9" in l
                                    for l in refused):
        fail("--target=3.4: want two target-api refusals:\n" + p.stderr)
    if "lock_irq" in "".join(l for l in p.stdout.splitlines() if l.startswith("+")):
        fail("--target=3.4 still produced a _lock_irq form:\n" + p.stdout)
    p = run([wq, "fix", "--target=6.1", "os.c"], tmp)
    if "target-api" in p.stderr:
        fail("--target=6.1 refused a 6.1 primitive:\n" + p.stderr)
    p = run([wq, "fix", "--target=three", "os.c"], tmp)
    if p.returncode != 2 or "bad target" not in p.stderr:
        fail("a bad --target is not a usage error: %r" % p.stderr)


BAD_PATCHES = {
    # keeps the sleep (and so the WQ001 finding), adding another
    "keeps-race": "virtual patch\n@@\nexpression E;\n@@\n  interruptible_sleep_on(E);\n"
                  "+ interruptible_sleep_on(E);\n",
    # removes the finding but does not compile
    "no-build": "virtual patch\n@@\nexpression E;\n@@\n- interruptible_sleep_on(E);\n"
                "+ no_such_type_t *w = E;\n",
}


def scenario_verification(wq, td, tmp):
    for name, body in BAD_PATCHES.items():
        d = tempfile.mkdtemp(dir=tmp)
        os.makedirs(os.path.join(d, "cocci"))
        with open(os.path.join(d, "cocci", "sleep-on.cocci"), "w") as f:
            f.write(body)
        setup(d, td)
        before = open(os.path.join(d, "drv.c")).read()
        p = run([wq, "fix", "--write", "--cocci-dir=" + os.path.join(d, "cocci"),
                 "drv.c"], d)
        if "refused: verification:" not in p.stderr:
            fail("%s: not caught by verification:\n%s" % (name, p.stderr))
        if open(os.path.join(d, "drv.c")).read() != before:
            fail("%s: the file was changed although verification failed" % name)
        if p.returncode != 1:
            fail("%s: exit %d, want 1" % (name, p.returncode))


def scenario_real_flags(wq, td, tmp):
    import importlib.util
    here = os.path.dirname(os.path.abspath(__file__))
    spec = importlib.util.spec_from_file_location(
        "real_headers", os.path.join(here, "real-headers-test.py"))
    rh = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(rh)
    headers = rh.find_headers()
    if not headers:
        print("SKIP: no linux-headers-*-amd64")
        sys.exit(77)
    flags = rh.kbuild_flags(headers)
    files = [os.path.join(td, f) for f in (
        "sleep-on/orin-scanner-ko.c", "open-coded-wait/mvx-mailbox-ko.c",
        "state-after-test/acme-adc-ptw-ko.c",
        "schedule-while-running/acme-adc-reset-ko.c")]

    def outcomes(extra):
        p = run([wq, "fix"] + files + extra, tmp)
        return p, [l.split(": ", 2)[1] + " " + l.rsplit(" ", 1)[1]
                   for l in p.stderr.splitlines() if l.startswith("/")]
    p1, shim = outcomes([])
    p2, real = outcomes(["--"] + flags)
    if p2.returncode != 1 or shim != real or not shim:
        fail("outcomes differ between the shim and real flags:\nshim: %s\nreal: %s\n%s"
             % (shim, real, p2.stderr))
    if p1.stdout != p2.stdout:
        fail("the diff differs between the shim and real flags")


SCENARIOS = {
    "diff-applies": scenario_diff_applies,
    "write": scenario_write,
    "series": scenario_series,
    "json": scenario_json,
    "no-spatch": scenario_no_spatch,
    "bad-input": scenario_bad_input,
    "spatch-fails": scenario_spatch_fails,
    "ok-untouched": scenario_ok_untouched,
    "target": scenario_target,
    "verification": scenario_verification,
    "real-flags": scenario_real_flags,
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--checker", required=True)
    ap.add_argument("--testdata", required=True)
    ap.add_argument("scenario", choices=sorted(SCENARIOS))
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        SCENARIOS[a.scenario](os.path.abspath(a.checker),
                              os.path.abspath(a.testdata), tmp)
    print("PASS: " + a.scenario)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Command-line scenarios of `wqport fix` that no single fixture shows.

    fix-cli-test.py --checker PATH --testdata DIR SCENARIO

  diff-applies  the diff on stdout applies with `git apply` and with
                `patch -p1`, and gives the same file as --write
  write         --write rewrites in place: mode kept, no temporary file
                left, an unchanged file not touched (same inode)
  series        --series DIR writes one patch per changed file as `git
                format-patch -s` does (author and date from git, Signed-off-by,
                [PATCH n/m], body, diffstat), an `index` line naming the
                blobs before and after (git hash-object), and `git am -3`
                applies them on a clean clone
  series-author --author and --no-signoff; no identity is an error
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
  model         every converted site carries the validation and the
                model verdict (text, JSON, SARIF); a wait_event*() form
                the model refuses falls back to the faithful form
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


GIT_ID = {"GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1"}


def series_repo(tmp, td, names):
    """A scratch git repository with the fixtures names under drivers/,
    whose config says who the user is (and nothing else does)."""
    repo = os.path.join(tmp, "repo")
    for n in names:
        d = os.path.join(repo, "drivers", os.path.basename(os.path.dirname(n)))
        os.makedirs(d, exist_ok=True)
        shutil.copy(os.path.join(td, n), d)
    for argv in (["init", "-q"], ["config", "user.name", "J\u00f6rg Ma, Jr."],
                 ["config", "user.email", "jm@example.org"], ["add", "."],
                 ["commit", "-qm", "base"]):
        p = run(["git"] + argv, repo, env=GIT_ID)
        if p.returncode:
            fail("git %s: %s" % (argv, p.stderr))
    return repo


def headers(text):
    head = text.split("\n\n", 1)[0]
    return dict(l.split(": ", 1) for l in head.splitlines()[1:] if ": " in l)


def scenario_series(wq, td, tmp):
    """Patches as git format-patch -s writes them: the author from git's
    config, its date, Signed-off-by, [PATCH n/m], a diffstat; git am
    takes them and records that author."""
    names = [SOURCE, "open-coded-wait/evx-misc24-ko.c"]
    repo = series_repo(tmp, td, names)
    out = os.path.join(tmp, "series")
    env = dict(GIT_ID, GIT_AUTHOR_DATE="@1700000000 +0130")
    p = run([wq, "fix", "--series=" + out, "drivers"], repo, env=env)
    pats = sorted(os.listdir(out)) if os.path.isdir(out) else []
    if len(pats) != 2:
        fail("expected two patches, got %s\n%s" % (pats, p.stderr))
    texts = [open(os.path.join(out, n)).read() for n in pats]
    h = headers(texts[1])
    want = {"From": "=?UTF-8?q?J=C3=B6rg=20Ma=2C=20Jr?= <jm@example.org>",
            "Date": "Tue, 14 Nov 2023 23:43:20 +0130",
            "Subject": "[PATCH 2/2] sleep-on: acme-adc-read-ko: replace "
                       "interruptible_sleep_on() with wait_event_interruptible()"}
    for k, v in want.items():
        if h.get(k) != v:
            fail("%s: %r, want %r\n%s" % (k, h.get(k), v, texts[1]))
    if not pats[1].startswith("0002-sleep-on-acme-adc-read-ko-replace-"):
        fail("patch name %s" % pats[1])
    for t in texts:
        msg, _, rest = t.partition("\n---\n")
        if not msg.endswith("\n\nSigned-off-by: J\u00f6rg Ma, Jr <jm@example.org>"):
            fail("no Signed-off-by: of the author at the end of:\n" + msg)
        if not re.match(r" drivers/[\w./-]+ \| \d+ \+*-*\n 1 file changed(, \d+ "
                        r"insertions?\(\+\))?(, \d+ deletions?\(-\))?\n\ndiff --git ", rest):
            fail("no diffstat before the diff:\n" + rest[:400])
        if "Signed-off-by: wqport" in t or "wqport@localhost" in t:
            fail("the tool signs or authors:\n" + t)
    body = texts[1].split("\n\n", 1)[1]
    flat = " ".join(body.split())
    for what in ("In acme_adc_read(), interruptible_sleep_on()",
                 "becomes wait_event_interruptible()", "removed in Linux 3.15"):
        if what not in flat:
            fail("the body does not say %r:\n%s" % (what, body))
    if any(len(l) > 75 for l in body.split("\n---\n")[0].splitlines()):
        fail("body lines over 75 columns:\n" + body)
    # the index line names the blobs before and after, as git hash-object
    # does; a clean clone takes the series with git am -3
    clean = os.path.join(tmp, "clean")
    q = run(["git", "clone", "-q", repo, clean], tmp, env=GIT_ID)
    if q.returncode:
        fail("git clone: " + q.stderr)
    for argv in (["config", "user.name", "Clean Copy"],
                 ["config", "user.email", "clean@example.org"]):
        run(["git"] + argv, clean, env=GIT_ID)
    for t in texts:
        m = re.search(r"^diff --git a/(\S+) b/\S+\nindex ([0-9a-f]{7,40})\.\."
                      r"([0-9a-f]{7,40}) (100644|100755)\n--- a/", t, re.M)
        if not m:
            fail("no index line after diff --git:\n" + t[-2000:])
            continue
        before = run(["git", "rev-parse", "HEAD:" + m.group(1)], clean,
                     env=GIT_ID).stdout.strip()
        if not before.startswith(m.group(2)):
            fail("index %s, but the file's blob is %s" % (m.group(2), before))
    q = run(["git", "am", "-3", "-q"] + [os.path.join(out, n) for n in pats], clean,
            env=GIT_ID)
    if q.returncode:
        fail("git am -3 on a clean clone: " + q.stderr)
    for t in texts:
        m = re.search(r"^diff --git a/(\S+) b/\S+\nindex [0-9a-f]+\.\.([0-9a-f]+) ",
                      t, re.M)
        after = run(["git", "rev-parse", "HEAD:" + m.group(1)], clean,
                    env=GIT_ID).stdout.strip() if m else ""
        if m and not after.startswith(m.group(2)):
            fail("index says %s after, git am made %s" % (m.group(2), after))
    q = run(["git", "am", "-q"] + [os.path.join(out, n) for n in pats], repo, env=GIT_ID)
    if q.returncode:
        fail("git am: " + q.stderr)
    log = run(["git", "log", "-2", "--format=%an <%ae>|%ad|%s", "--date=raw"],
              repo, env=GIT_ID).stdout.splitlines()
    if log[0] != "J\u00f6rg Ma, Jr <jm@example.org>|1700000000 +0130|sleep-on: " \
                 "acme-adc-read-ko: replace interruptible_sleep_on() with wait_event_interruptible()":
        fail("git am recorded %s" % log)
    if "wait_event_interruptible" not in open(os.path.join(
            repo, "drivers/sleep-on/acme-adc-read-ko.c")).read():
        fail("git am did not apply the conversion")
    # and git format-patch -s of the commit git am made says the same
    fp = run(["git", "format-patch", "-s", "-1", "--stdout"], repo, env=GIT_ID).stdout
    gh = headers(fp)
    if (gh["From"], gh["Date"]) != (h["From"], h["Date"]):
        fail("git format-patch writes %s, %s" % (gh["From"], gh["Date"]))
    sob = [l for l in fp.splitlines() if l.startswith("Signed-off-by:")]
    if sob != [l for l in texts[1].splitlines() if l.startswith("Signed-off-by:")]:
        fail("git's sign-off %s" % sob)


def scenario_series_author(wq, td, tmp):
    """--author and --no-signoff override git; no identity is an error."""
    repo = series_repo(tmp, td, [SOURCE])
    out = os.path.join(tmp, "s1")
    p = run([wq, "fix", "--series=" + out, "--author=Ann Other <ann@example.com>",
             "--no-signoff", "drivers"], repo, env=GIT_ID)
    pats = sorted(os.listdir(out)) if os.path.isdir(out) else []
    if len(pats) != 1:
        fail("--author: %s\n%s" % (pats, p.stderr))
    t = open(os.path.join(out, pats[0])).read()
    if headers(t).get("From") != "Ann Other <ann@example.com>" or "Signed-off-by" in t:
        fail("--author --no-signoff:\n" + t)
    if not re.match(r"[A-Z][a-z]{2}, \d{1,2} [A-Z][a-z]{2} \d{4} \d\d:\d\d:\d\d [+-]\d{4}$",
                    headers(t).get("Date", "")):
        fail("date %r" % headers(t).get("Date"))
    p = run([wq, "fix", "--series=" + out, "--author=nobody", "drivers"], repo, env=GIT_ID)
    if p.returncode != 2 or "--author" not in p.stderr:
        fail("a bad --author: exit %d %s" % (p.returncode, p.stderr))
    # no identity: git refuses to guess one (user.useConfigOnly) and so
    # does wqport, before doing any work
    run(["git", "config", "--unset", "user.name"], repo, env=GIT_ID)
    run(["git", "config", "--unset", "user.email"], repo, env=GIT_ID)
    e = dict(os.environ, GIT_CONFIG_COUNT="1", GIT_CONFIG_KEY_0="user.useConfigOnly",
             GIT_CONFIG_VALUE_0="true", **GIT_ID)
    for k in ("EMAIL", "GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL"):
        e.pop(k, None)
    q = subprocess.run([wq, "fix", "--series=" + os.path.join(tmp, "s2"), "drivers"],
                       cwd=repo, capture_output=True, text=True, env=e, timeout=600)
    if q.returncode != 2 or "user.email" not in q.stderr or \
            os.path.exists(os.path.join(tmp, "s2")):
        fail("no identity: exit %d %s" % (q.returncode, q.stderr))


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


def scenario_model(wq, td, tmp):
    """Every converted site carries the validation's result and the model
    check's verdict (text line, JSON, SARIF); a wait_event*() form the
    model refuses is planned again in the faithful form, with the reason
    (WQPORT_MODEL_FAIL=<function>, a test hook of fix/modelcheck/vmodel.c, makes the
    model find a hang in that function's wait_event*() form only)."""
    shutil.copy(os.path.join(td, "samples", "acme-adc-legacy-ko.c"),
                os.path.join(tmp, "acme.c"))
    p = run([wq, "fix", "--format=json", "acme.c"], tmp)
    sites = json.loads(p.stdout)["files"][0]["sites"]
    conv = [s for s in sites if s["outcome"].startswith("converted")]
    if not conv:
        fail("no converted site:\n" + p.stdout)
    for s in conv:
        if not s.get("validation", "").startswith("validated: "):
            fail("site %d has no validation result: %s" % (s["line"], s))
        # a site that keeps the race says so: "nothing new ...; as in the
        # original: ..." (the delay on a member queue, issue 37)
        if not re.match(r"model: (no lost wake-up|nothing new) in \d+ schedules?",
                        s.get("model", "")):
            fail("site %d has no model verdict: %s" % (s["line"], s))
    we = [s for s in conv if s["form"] == "wait_event_interruptible"]
    if len(we) != 1:
        fail("expected one wait_event_interruptible() site: %s" % conv)
    p = run([wq, "fix", "acme.c"], tmp)
    for s in conv:
        m = re.search(r"^acme\.c:%d:\d+: converted.*; validated: .*; model: (no lost wake-up|nothing new) in \d+ schedules?" % s["line"],
                      p.stderr, re.M)
        if not m:
            fail("the text line of site %d lacks the verdicts:\n%s" % (s["line"], p.stderr))
    p = run([wq, "fix", "--format=sarif", "acme.c"], tmp)
    props = [r.get("properties", {}) for r in json.loads(p.stdout)["runs"][0]["results"]]
    if sum(1 for pr in props if pr.get("model", "").startswith("model: ")) != len(conv):
        fail("SARIF results lack the model verdict: %s" % props)
    p = run([wq, "fix", "--format=json", "acme.c"], tmp,
            env={"WQPORT_MODEL_FAIL": "acme_read", "WQPORT_NO_CACHE": "1"})
    site = [s for s in json.loads(p.stdout)["files"][0]["sites"]
            if s["line"] == we[0]["line"]][0]
    if not site["outcome"].startswith("converted") or \
            site["form"].startswith("wait_event") or \
            "refused by the model check generated from the file" not in site["message"]:
        fail("a refused wait_event*() form did not fall back to the faithful "
             "form with the reason: %s" % site)


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
    # spatch never sees the user's name (f0001.c): b.c is told by its text
    with open(os.path.join(tmp, "b.c"), "a") as f:
        f.write("/* make the fake spatch fail */\n")
    fake = os.path.join(tmp, "fake-spatch")
    with open(fake, "w") as f:
        f.write("#!/bin/sh\nfor a; do :; done\n"
                "if grep -q 'make the fake spatch fail' \"$a\"; then echo 'fatal: no' >&2; exit 3; fi\n"
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


ODD = """\
// SPDX-License-Identifier: GPL-2.0-only
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/wait.h>

static DECLARE_WAIT_QUEUE_HEAD(pace_wq);
static DECLARE_WAIT_QUEUE_HEAD(rx_wq);
static int rx_ready;

void good_pace(void)
{
	interruptible_sleep_on_timeout(&pace_wq, HZ / 100);
}

void odd_pace(int n)
{
	int i;

	/* an odd engine shape */
	for (i = 0; i < n; i++)
		interruptible_sleep_on_timeout(&pace_wq, HZ / 50);
}

void rx_irq(void)
{
	rx_ready = 1;
	wake_up_interruptible(&rx_wq);
}

int rx_wait(void)
{
	while (!rx_ready)
		interruptible_sleep_on(&rx_wq);
	return 0;
}
"""


def scenario_spatch_fails_one(wq, td, tmp):
    # spatch 1.1.1's engine can fail on one function ("pre_to_loop: node
    # N: ... in FN reachable by inconsistent control-flow paths", a real
    # vendor file): that function is kept from it, the others convert
    with open(os.path.join(tmp, "odd.c"), "w") as f:
        f.write(ODD)
    fake = os.path.join(tmp, "fake-spatch")
    with open(fake, "w") as f:
        f.write("#!/bin/sh\nfor a; do :; done\n"
                "if grep -q 'odd engine shape' \"$a\"; then echo 'pre_to_loop: node 7: "
                "interruptible_sleep_on_timeout(...)[1,2] in odd_pace reachable by "
                "inconsistent control-flow paths' >&2; exit 1; fi\n"
                "exec spatch \"$@\"\n")
    os.chmod(fake, 0o755)
    p = run([wq, "fix", "--write", "--spatch=" + fake, "odd.c"], tmp)
    out = open(os.path.join(tmp, "odd.c")).read()
    odd = out[out.index("void odd_pace"):out.index("void rx_irq")]
    if "schedule_timeout_interruptible(HZ / 100)" not in out or \
            "prepare_to_wait(&rx_wq" not in out:
        fail("the other functions were not converted: rc %d\n%s\n%s" %
             (p.returncode, p.stderr, out))
    if odd != ODD[ODD.index("void odd_pace"):ODD.index("void rx_irq")]:
        fail("odd_pace() was changed:\n" + odd)
    if not re.search(r"odd\.c:21:\d+: refused: spatch: .*in odd_pace "
                     r"reachable.*that function is left as it was", p.stderr):
        fail("the odd function's site does not say why: " + p.stderr)


def scenario_ok_untouched(wq, td, tmp):
    import glob
    # testdata/model-shapes/: -ok means race-free in the model, not
    # "the checker and the fix leave it alone" (testdata/README.md)
    # an -ok fixture checked with --select is correct for those rules only
    # (wait-entry-leak/orca-mbox-fate-ok.c: WQ006 on open-coded loops that
    # WQ002 still reports and the fix converts); one checked with
    # --active-only is correct in this configuration only (the fix names
    # a site in an #if branch that is off inactive-branch)
    def selected(f):
        with open(f, errors="replace") as fh:
            return re.search(r"wqport-args:.*--(select|active-only)",
                             fh.read()) is not None
    oks = sorted(f for f in glob.glob(os.path.join(td, "*", "*-ok.c"))
                 if os.path.basename(os.path.dirname(f)) != "model-shapes"
                 and not selected(f))
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
    # the two sleeps under spin_lock_irq() would become
    # wait_event_*_lock_irq(), first in 3.9: for 3.4 they get the form
    # that kernel has, queued before the unlock (issue 41), not a refusal
    p = run([wq, "fix", "--target=3.4", "os.c"], tmp)
    lines = p.stderr.splitlines()
    refused = [l for l in lines if "refused: target-api" in l]
    # (converted, or converted keeping a race the model still finds: a
    # waker that does not take the lock)
    unlock = [l for l in lines if ("converted:" in l or
                                   "converted, keeps the race:" in l) and
              "-> prepare_to_wait()" in l and "queued before spin_unlock_irq()" in l]
    if refused or len(unlock) != 2:
        fail("--target=3.4: want the two sleeps under the lock converted "
             "with prepare_to_wait(), no _lock_irq() form, no refusal:\n"
             + p.stdout + p.stderr)
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


def scenario_series_words(wq, td, tmp):
    """A patch names only functions its own diff has: each name() of the
    subject and of the body's "becomes" sentences is a C identifier that
    the diff's added lines call, or that its removed lines called; never
    a planner's form name (prepare_to_wait-entry(), retest()), and never
    wait_event*() where only prepare_to_wait() was written."""
    names = ["sleep-on/gx-midi20-ko.c", "sleep-on/qtx-tape24-ko.c",
             "state-after-test/cdr-burner-ko.c", "samples/zorb-serial-ko.c"]
    repo = series_repo(tmp, td, names)
    out = os.path.join(tmp, "series")
    p = run([wq, "fix", "--series=" + out, "drivers"], repo, env=GIT_ID)
    pats = sorted(os.listdir(out)) if os.path.isdir(out) else []
    if len(pats) != len(names):
        fail("expected %d patches, got %s\n%s" % (len(names), pats, p.stderr))
    for n in pats:
        t = open(os.path.join(out, n)).read()
        msg, _, diff = t.partition("\n---\n")
        added = set(re.findall(r"\b(\w+)\s*\(", "\n".join(
            l for l in diff.splitlines() if l.startswith("+"))))
        removed = set(re.findall(r"\b(\w+)\s*\(", "\n".join(
            l for l in diff.splitlines() if l.startswith("-"))))
        subject = " ".join(headers(t).get("Subject", "").split())
        flat = " ".join(msg.split("\n\n", 1)[1].split())
        said = re.findall(r"([\w*-]+)\(\)", subject)
        for m in re.finditer(r"becomes (.*?)\.(?: |$)", flat):
            said += re.findall(r"([\w*-]+)\(\)", m.group(1))
        for name in said:
            if name.endswith("*"):
                stem = name[:-1]
                ok = any(a.startswith(stem) for a in added)
                if ok and stem.startswith("wait_event"):
                    ok = len([a for a in added if a.startswith(stem)]) > 1
            else:
                ok = name in added or name in removed
            if not ok:
                fail("%s names %s(), which its diff neither adds nor removes"
                     "\n  subject: %s\n  added: %s" % (n, name, subject,
                                                    sorted(added)))


SCENARIOS = {
    "diff-applies": scenario_diff_applies,
    "write": scenario_write,
    "series": scenario_series,
    "series-author": scenario_series_author,
    "series-words": scenario_series_words,
    "json": scenario_json,
    "no-spatch": scenario_no_spatch,
    "bad-input": scenario_bad_input,
    "spatch-fails": scenario_spatch_fails,
    "spatch-fails-one": scenario_spatch_fails_one,
    "ok-untouched": scenario_ok_untouched,
    "target": scenario_target,
    "verification": scenario_verification,
    "model": scenario_model,
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

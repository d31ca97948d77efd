#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Tests of the ways CI and pre-commit run the checker, one scenario a call.

    ci-test.py --checker PATH --source DIR SCENARIO

Scenarios: sarif-schema (the log validates against the official SARIF
2.1.0 schema, fetched by tools/install-deps.sh), sarif-content (what the
log says agrees with the text and JSON output and the rule pages),
baseline, diff, since, staged, pre-commit (the pre-commit framework,
offline, with the repository's .pre-commit-hooks.yaml).

The edits are made to copies of testdata/ci-reports/qtape.c, a 2.4-era
driver, in scratch directories and scratch git repositories.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import urllib.parse

FAILS = []
GIT_ENV = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.org",
               GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@example.org",
               GIT_CONFIG_GLOBAL="/dev/null", GIT_CONFIG_NOSYSTEM="1")


def expect(cond, what):
    if not cond:
        FAILS.append(what)


# qtape is a 2.4-era driver: the scenarios that count its findings check it
# as one (--target=2.4), so a rule about later kernels (WQ011's ->state,
# renamed in 5.14) does not change what they count.
TARGET = []


def run(argv, cwd=None, stdin=None, env=None):
    if TARGET and argv and argv[0] == ARGS.checker:
        argv = [argv[0]] + TARGET + argv[1:]
    p = subprocess.run(argv, cwd=cwd, input=stdin, capture_output=True,
                       timeout=600, env=env or GIT_ENV)
    return p.returncode, p.stdout.decode("utf-8", "replace"), \
        p.stderr.decode("utf-8", "replace")


def findings(out):
    """(file, line, rule) of each finding of a text report."""
    return [(m.group(1), int(m.group(2)), m.group(3)) for m in
            re.finditer(r"^(.*?):(\d+):\d+: (?:error|warning|style): .*\[(WQ\d+)\]$",
                        out, re.M)]


def edit(path, old, new, count=1):
    with open(path) as f:
        s = f.read()
    if s.count(old) < count:
        raise SystemExit(f"test bug: {old!r} not in {path}")
    with open(path, "w") as f:
        f.write(s.replace(old, new, count))


def line_of(path, text, nth=1):
    with open(path) as f:
        hits = [i + 1 for i, l in enumerate(f) if text in l]
    return hits[nth - 1]


# A new bug of the same era: a settle delay written with the removed API.
NEW_BUG_OLD = "\t\treturn 0;\n\t}\n\treturn -EINVAL;"
NEW_BUG_NEW = ("\t\treturn 0;\n"
               "\tcase 2:\t\t\t\t/* wait for the drive to settle */\n"
               "\t\tinterruptible_sleep_on_timeout(&qtape_wait, HZ);\n"
               "\t\treturn 0;\n\t}\n\treturn -EINVAL;")
# Unrelated edits: a comment block above everything (every line shifts)
SHIFT_OLD = "#define QTAPE_PORT"
SHIFT_NEW = ("/*\n * The port base is set with jumper J3; 0x300 is the\n"
             " * factory setting of every card seen so far.\n */\n"
             "#define QTAPE_PORT")


def scratch_driver(tmp, sub="drivers/char"):
    d = os.path.join(tmp, sub)
    os.makedirs(d, exist_ok=True)
    dst = os.path.join(d, "qtape.c")
    shutil.copy(os.path.join(ARGS.source, "testdata/ci-reports/qtape.c"), dst)
    return dst


def git_repo(tmp):
    drv = scratch_driver(tmp)
    for argv in (["git", "init", "-q", "-b", "main", "."],
                 ["git", "add", "."], ["git", "commit", "-qm", "qtape"]):
        rc, out, err = run(argv, cwd=tmp)
        if rc:
            raise SystemExit(f"{argv}: {err}")
    return drv


def sarif_log(paths, cwd=None):
    rc, out, err = run([ARGS.checker, "--format=sarif"] + paths, cwd=cwd)
    try:
        return rc, json.loads(out), err
    except ValueError as e:
        FAILS.append(f"--format=sarif is not JSON: {e}\n{out[:2000]}")
        return rc, None, err


def schema_path():
    cache = os.environ.get("XDG_CACHE_HOME") or \
        os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(cache, "wqport", "sarif", "sarif-2.1.0-rtm.5.json")


def sarif_schema():
    """Every kind of content validates: results with notes, functions,
    errors and warnings about inputs, an empty run, a path to escape."""
    import jsonschema
    path = schema_path()
    if not os.path.exists(path):
        FAILS.append(f"no SARIF schema at {path}: run tools/install-deps.sh")
        return
    with open(path) as f:
        schema = json.load(f)
    validator = jsonschema.Draft4Validator(schema)
    td = os.path.join(ARGS.source, "testdata")
    with tempfile.TemporaryDirectory() as tmp:
        odd = os.path.join(tmp, "odd name é%.c")
        shutil.copy(os.path.join(td, "ci-reports/qtape.c"), odd)
        cases = {
            "all fixtures": [os.path.join(td, d) for d in
                             ("sleep-on", "open-coded-wait", "state-after-test",
                              "schedule-while-running", "wait-entry-leak",
                              "samples")],
            "bad input": [os.path.join(td, "bad-input")],
            "clean file": [os.path.join(td, "samples/qfx-dma-engine-ok.c")],
            "odd path": [odd],
        }
        for what, paths in cases.items():
            rc, log, err = sarif_log(paths)
            if log is None:
                continue
            errors = sorted(validator.iter_errors(log), key=lambda e: list(e.path))
            expect(not errors, f"{what}: {len(errors)} schema errors, the first: "
                   + (f"{errors[0].message} at {list(errors[0].path)}" if errors else ""))
            for r in log["runs"][0]["results"]:
                for loc in r["locations"] + r.get("relatedLocations", []):
                    uri = loc["physicalLocation"]["artifactLocation"]["uri"]
                    expect(re.fullmatch(r"[A-Za-z0-9\-._~/%:]+", uri),
                           f"{what}: URI not escaped: {uri!r}")
                    path = urllib.parse.unquote(urllib.parse.urlparse(uri).path)
                    expect(os.path.exists(path), f"{what}: {uri} names no file")
        # the bad input run says which files failed, and that it failed
        rc, log, err = sarif_log([os.path.join(td, "bad-input")])
        inv = log["runs"][0]["invocations"][0]
        expect(rc == 2 and inv["executionSuccessful"] is False,
               f"bad input: exit {rc}, executionSuccessful {inv['executionSuccessful']}")
        notes = inv["toolExecutionNotifications"]
        expect(any("binary file" in n["message"]["text"] and n["level"] == "error"
                   and n["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
                   .endswith("binary.c") for n in notes),
               f"bad input: no error notification for binary.c: {notes}")


def sarif_content():
    """The log says what the text and JSON reports say, plus the rules."""
    td = os.path.join(ARGS.source, "testdata")
    paths = [os.path.join(td, d) for d in ("sleep-on", "wait-entry-leak",
                                           "state-after-test")]
    rc, log, err = sarif_log(paths)
    rcj, out, _ = run([ARGS.checker, "--format=json"] + paths)
    js = json.loads(out)["findings"]
    run0 = log["runs"][0]
    rules = run0["tool"]["driver"]["rules"]
    results = run0["results"]
    expect(rc == rcj == 1, f"exit {rc} (sarif) vs {rcj} (json)")
    expect(len(results) == len(js), f"{len(results)} results, {len(js)} JSON findings")
    for r, j in zip(results, js):
        loc = r["locations"][0]["physicalLocation"]
        expect((r["ruleId"], loc["region"]["startLine"], loc["region"]["startColumn"],
                r["message"]["text"]) ==
               (j["rule"], j["line"], j["column"], j["message"]),
               f"result {r['ruleId']} {loc['region']} differs from JSON {j}")
        expect(rules[r["ruleIndex"]]["id"] == r["ruleId"],
               f"ruleIndex {r['ruleIndex']} is not {r['ruleId']}")
        level = {"error": "error", "warning": "warning", "style": "note"}[j["severity"]]
        expect(r["level"] == level, f"level {r['level']} for {j['severity']}")
        rel = r.get("relatedLocations", [])
        expect([(x["physicalLocation"]["region"]["startLine"], x["message"]["text"])
                for x in rel] == [(n["line"], n["message"]) for n in j["notes"]],
               f"related locations {rel} are not the notes {j['notes']}")
        expect(re.fullmatch(r"[0-9a-f]{16}", r["partialFingerprints"]["wqport/v1"]),
               f"bad fingerprint {r['partialFingerprints']}")
    fps = [r["partialFingerprints"]["wqport/v1"] for r in results]
    expect(len(set(fps)) == len(fps), "two results share a fingerprint")
    # the rule table: every stable rule, its page as help, a link to it
    rc, out, _ = run([ARGS.checker, "--list-rules"])
    stable = [l.split()[0] for l in out.splitlines() if " stable " in l]
    expect([r["id"] for r in rules] == stable,
           f"rules {[r['id'] for r in rules]}, stable {stable}")
    for r in rules:
        page = os.path.join(ARGS.source, "docs/rules", f"{r['id']}-{r['name']}.md")
        with open(page) as f:
            text = f.read()
        expect(r["help"]["markdown"] in text and r["help"]["markdown"].startswith("# " + r["id"]),
               f"{r['id']}: help is not its page")
        # no docs URL configured: no helpUri (a file: path of the machine
        # that made the log is no link where the log is read)
        expect("helpUri" not in r, f"{r['id']}: helpUri {r.get('helpUri')} "
               "without --docs-url")
        expect(r["fullDescription"]["text"] and r["shortDescription"]["text"],
               f"{r['id']}: no description")
    # columns are characters in SARIF, bytes in the text report
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, "u.c"), "w", encoding="utf-8") as f:
            f.write("#include <linux/wait.h>\nstatic wait_queue_head_t q;\n"
                    "void f(void) { /* attente: \u00e9t\u00e9 */ sleep_on(&q); }\n")
        rc, log, _ = sarif_log(["u.c"], cwd=tmp)
        _, out, _ = run([ARGS.checker, "u.c"], cwd=tmp)
        col = log["runs"][0]["results"][0]["locations"][0]["physicalLocation"][
            "region"]["startColumn"]
        expect(re.search(r"^u\.c:3:37: ", out, re.M) and col == 35,
               f"UTF-8 before the finding: SARIF column {col}, text {out!r}")
    rc, log, _ = sarif_log(["--docs-url=https://docs.example.org/wqport/rules",
                            paths[0]])
    expect(log["runs"][0]["tool"]["driver"]["rules"][0]["helpUri"] ==
           "https://docs.example.org/wqport/rules/WQ001-sleep-on.md",
           "--docs-url is not the base of helpUri")
    # relative paths are under SRCROOT, which the run says is here
    rc, log, _ = sarif_log(["sleep-on"], cwd=td)
    run0 = log["runs"][0]
    base = run0.get("originalUriBaseIds", {}).get("SRCROOT", {}).get("uri", "")
    expect(urllib.parse.unquote(urllib.parse.urlparse(base).path) ==
           os.path.realpath(td) + "/" and base.startswith("file:///"),
           f"originalUriBaseIds {run0.get('originalUriBaseIds')}, want {td}")
    for r in run0["results"]:
        art = r["locations"][0]["physicalLocation"]["artifactLocation"]
        expect(art.get("uriBaseId") == "SRCROOT" and
               os.path.exists(os.path.join(td, urllib.parse.unquote(art["uri"]))),
               f"relative result {art} not under SRCROOT")


def baseline():
    TARGET[:] = ["--target=2.4"]
    with tempfile.TemporaryDirectory() as tmp:
        drv = scratch_driver(tmp)
        base = os.path.join(tmp, "wqport.baseline")
        rel = "drivers/char/qtape.c"
        rc, out, err = run([ARGS.checker, "--write-baseline", base, rel], cwd=tmp)
        before = findings(run([ARGS.checker, rel], cwd=tmp)[1])
        expect(rc == 0 and len(before) == 2,
               f"write: exit {rc}, {len(before)} findings, want 0 and 2: {err}")
        with open(base) as f:
            lines = f.read().splitlines()
        expect(lines[0] == "# wqport baseline 1" and len(
            [l for l in lines if not l.startswith("#")]) == 2,
               f"baseline file: {lines}")
        # the baseline's fingerprints are SARIF's
        _, log, _ = sarif_log([rel], cwd=tmp)
        expect(sorted(l.split()[0] for l in lines if not l.startswith("#")) ==
               sorted(r["partialFingerprints"]["wqport/v1"]
                      for r in log["runs"][0]["results"]),
               "baseline and SARIF fingerprints differ")

        def check(what, want, args=None, cwd=tmp, rcwant=None):
            rc, out, err = run([ARGS.checker, "--baseline", base] +
                               (args or [rel]), cwd=cwd)
            got = [(os.path.basename(f), rule) for f, _, rule in findings(out)]
            expect(got == want, f"{what}: reported {got}, want {want}\n{out}{err}")
            want_rc = rcwant if rcwant is not None else (1 if want else 0)
            expect(rc == want_rc, f"{what}: exit {rc}, want {want_rc}: {err}")

        check("unchanged", [])
        edit(drv, SHIFT_OLD, SHIFT_NEW)
        check("lines shifted", [])
        # re-indented and re-wrapped: whitespace is not part of it
        edit(drv, "\t\tinterruptible_sleep_on(&qtape_wait);",
             "\t\tinterruptible_sleep_on(\n\t\t\t&qtape_wait);")
        check("statement re-wrapped", [])
        # another function edited: the write loop gets a timeout
        edit(drv, "\t\tschedule();", "\t\tif (!schedule_timeout(HZ))\n"
             "\t\t\tprintk(KERN_WARNING \"qtape: write timeout\\n\");")
        check("other function edited", [])
        # the same path from elsewhere, and the driver moved to another
        # directory (git mv): the base name is part of the identity
        check("absolute path", [], args=[drv])
        check("from another directory", [], args=["char/qtape.c"],
              cwd=os.path.join(tmp, "drivers"))
        moved = os.path.join(tmp, "drivers/tape")
        os.makedirs(moved)
        shutil.copy(drv, moved)
        check("moved to another directory", [], args=["drivers/tape/qtape.c"])
        # renamed: a new file to review (the decision, see the user guide)
        shutil.copy(drv, os.path.join(tmp, "drivers/char/qtape2.c"))
        # (the write loop is a timed one now: a 2.4 target has nothing
        # better than it, so WQ002 no longer reports it)
        check("renamed", [("qtape2.c", "WQ001")],
              args=["drivers/char/qtape2.c"])
        # a second identical finding in the same function is new
        edit(drv, "\tif (qtape_error)\n\t\treturn -EIO;\n\tif (copy_to_user",
             "\tif (qtape_error) {\n\t\tqtape_ready = 0;\n"
             "\t\toutb(0x40, QTAPE_PORT);\t/* retry once */\n"
             "\t\twhile (!qtape_ready)\n"
             "\t\t\tinterruptible_sleep_on(&qtape_wait);\n"
             "\t}\n\tif (qtape_error)\n\t\treturn -EIO;\n\tif (copy_to_user")
        rc, out, err = run([ARGS.checker, "--baseline", base, rel], cwd=tmp)
        got = findings(out)
        want_line = line_of(drv, "interruptible_sleep_on(&qtape_wait);", 1)
        expect([(l, r) for _, l, r in got] == [(want_line, "WQ001")] and rc == 1,
               f"second identical finding: exit {rc}, got {got}, want line {want_line}\n{out}")
        # and a new bug elsewhere, with the old ones still hidden
        edit(drv, NEW_BUG_OLD, NEW_BUG_NEW)
        check("new bug", [("qtape.c", "WQ001"), ("qtape.c", "WQ001")])
        # rewriting the baseline accepts them; the run says so with exit 0
        rc, out, err = run([ARGS.checker, "--baseline", base, "--write-baseline",
                            base, rel], cwd=tmp)
        expect(rc == 0 and len(findings(out)) == 2, f"rewrite: exit {rc}\n{out}")
        check("after rewrite", [])
        # a leak reported at the closing brace of its function: what
        # follows that brace (the next function) is not its statement
        leak = os.path.join(tmp, "drivers/char/qtape-leak.c")
        with open(os.path.join(ARGS.source, "testdata/ci-reports/qtape.c")) as f:
            text = f.read()
        text = text.replace("\tremove_wait_queue(&qtape_wait, &wait);\n"
                            "\treturn count;\n}", "\tif (count > 0)\n"
                            "\t\tremove_wait_queue(&qtape_wait, &wait);\n}")
        with open(leak, "w") as f:
            f.write(text)
        lrel = "drivers/char/qtape-leak.c"
        run([ARGS.checker, "--write-baseline", base, lrel], cwd=tmp)
        rc, out, err = run([ARGS.checker, lrel], cwd=tmp)
        expect(any(r == "WQ006" for _, _, r in findings(out)),
               f"no WQ006 at the closing brace:\n{out}")
        edit(leak, "static int qtape_ioctl(struct inode *inode",
             "static int qtape_ioctl(struct inode *ino")
        edit(leak, "static int qtape_ioctl(struct inode *ino",
             "static long qtape_ioctl(struct inode *ino")
        check("next function's signature edited", [], args=[lrel])
        # bad baselines and unwritable ones are errors, not a clean run
        notbase = os.path.join(tmp, "notbase")
        with open(notbase, "w") as f:
            f.write('{"version": 1}\n')
        rc, out, err = run([ARGS.checker, "--baseline", notbase, rel], cwd=tmp)
        expect(rc == 2 and "not a wqport baseline" in err and not out,
               f"not a baseline: exit {rc} {err!r}")
        rc, out, err = run([ARGS.checker, "--baseline", notbase + "-missing", rel],
                           cwd=tmp)
        expect(rc == 2 and "cannot open the baseline" in err, f"missing: {rc} {err!r}")
        with open(base) as f:
            good = f.read()
        with open(notbase, "w") as f:
            f.write(good.replace(good.splitlines()[2][:16], "xyz", 1))
        rc, out, err = run([ARGS.checker, "--baseline", notbase, rel], cwd=tmp)
        expect(rc == 2 and re.search(r"notbase:3: not a fingerprint", err),
               f"corrupt line: exit {rc} {err!r}")
        rc, out, err = run([ARGS.checker, "--write-baseline",
                            os.path.join(tmp, "no/such/dir/b"), rel], cwd=tmp)
        expect(rc == 2 and "cannot write the baseline" in err,
               f"unwritable: exit {rc} {err!r}")
        expect(not [n for n in os.listdir(tmp) if ".tmp." in n],
               "a temporary baseline was left behind")


def diff():
    """git diff -U0 on stdin or from a file: only the changed lines."""
    with tempfile.TemporaryDirectory() as tmp:
        drv = git_repo(tmp)
        edit(drv, SHIFT_OLD, SHIFT_NEW)
        edit(drv, NEW_BUG_OLD, NEW_BUG_NEW)
        new_line = line_of(drv, "interruptible_sleep_on_timeout")
        _, patch, _ = run(["git", "diff", "-U0"], cwd=tmp)
        rc, out, err = run([ARGS.checker, "--diff"], cwd=tmp, stdin=patch.encode())
        expect(findings(out) == [("drivers/char/qtape.c", new_line, "WQ001")] and rc == 1,
               f"--diff (stdin): exit {rc}, {findings(out)}, want line {new_line}\n{out}{err}")
        pfile = os.path.join(tmp, "change.patch")
        with open(pfile, "w") as f:
            f.write(patch)
        # from a subdirectory, with the file named: the same finding
        rc, out, err = run([ARGS.checker, "--diff=" + pfile, "char/qtape.c"],
                           cwd=os.path.join(tmp, "drivers"))
        expect(findings(out) == [("char/qtape.c", new_line, "WQ001")] and rc == 1,
               f"--diff=FILE from drivers/: exit {rc}, {findings(out)}\n{out}{err}")
        # a named file the diff does not touch is not reported (nor read)
        other = os.path.join(tmp, "other.c")
        shutil.copy(os.path.join(ARGS.source, "testdata/ci-reports/qtape.c"), other)
        rc, out, err = run([ARGS.checker, "--diff=" + pfile, "other.c"], cwd=tmp)
        expect(rc == 0 and not out, f"untouched file: exit {rc}\n{out}")
        # only shifted lines: nothing to report
        run(["git", "checkout", "-q", "."], cwd=tmp)
        edit(drv, SHIFT_OLD, SHIFT_NEW)
        _, patch, _ = run(["git", "diff", "-U0"], cwd=tmp)
        rc, out, err = run([ARGS.checker, "--diff"], cwd=tmp, stdin=patch.encode())
        expect(rc == 0 and not out, f"shift only: exit {rc}\n{out}{err}")
        # a deletion: removing remove_wait_queue() makes the return after
        # the cut leak the entry; the line after a deletion counts
        run(["git", "checkout", "-q", "."], cwd=tmp)
        edit(drv, "\tremove_wait_queue(&qtape_wait, &wait);\n", "")
        _, patch, _ = run(["git", "diff", "-U0"], cwd=tmp)
        rc, out, err = run([ARGS.checker, "--diff"], cwd=tmp, stdin=patch.encode())
        expect([r for _, _, r in findings(out)] == ["WQ006"] and rc == 1,
               f"deleted remove_wait_queue(): exit {rc}\n{out}{err}")
        # an empty diff is a clean run; a broken one an error
        rc, out, err = run([ARGS.checker, "--diff"], cwd=tmp, stdin=b"")
        expect(rc == 0 and not out, f"empty diff: exit {rc} {out!r} {err!r}")
        # machine formats still get their (empty) document
        rc, out, err = run([ARGS.checker, "--diff", "--format=sarif"], cwd=tmp,
                           stdin=b"")
        expect(rc == 0 and json.loads(out)["runs"][0]["results"] == [],
               f"empty diff, SARIF: exit {rc} {out[:200]!r}")
        rc, out, err = run([ARGS.checker, "--diff", "--format=json"], cwd=tmp,
                           stdin=b"")
        expect(rc == 0 and json.loads(out) == {"version": 1, "findings": [],
                                               "errors": []},
               f"empty diff, JSON: exit {rc} {out!r}")
        rc, out, err = run([ARGS.checker, "--diff"], cwd=tmp,
                           stdin=b"+++ b/drivers/char/qtape.c\n@@ -1 +x @@\n")
        expect(rc == 2 and "bad hunk header" in err, f"bad diff: exit {rc} {err!r}")
        rc, out, err = run([ARGS.checker, "--diff", "--staged"], cwd=tmp, stdin=b"")
        expect(rc == 2, f"--diff with --staged: exit {rc}")
        for bad in (["--format=sarif"], ["--write-baseline", "b"], ["--diff"]):
            rc, out, err = run([ARGS.checker, "--prefilter-only"] + bad + ["."],
                               cwd=tmp, stdin=b"")
            # SARIF asked for: still a (failed) SARIF document on stdout
            doc_ok = not out if bad != ["--format=sarif"] else \
                json.loads(out)["runs"][0]["invocations"][0]["executionSuccessful"] is False
            expect(rc == 2 and "--prefilter-only" in err and doc_ok
                   and not os.path.exists(os.path.join(tmp, "b")),
                   f"--prefilter-only {bad}: exit {rc} {err!r} {out!r}")


def since():
    with tempfile.TemporaryDirectory() as tmp:
        drv = git_repo(tmp)
        edit(drv, SHIFT_OLD, SHIFT_NEW)
        run(["git", "commit", "-qam", "comment"], cwd=tmp)
        edit(drv, NEW_BUG_OLD, NEW_BUG_NEW)
        new_line = line_of(drv, "interruptible_sleep_on_timeout")
        for cwd, name in ((tmp, "drivers/char/qtape.c"),
                          (os.path.join(tmp, "drivers/char"), "qtape.c")):
            rc, out, err = run([ARGS.checker, "--since", "HEAD~1"], cwd=cwd)
            expect(findings(out) == [(name, new_line, "WQ001")] and rc == 1,
                   f"--since HEAD~1 in {cwd}: exit {rc} {findings(out)}\n{out}{err}")
        rc, out, err = run([ARGS.checker, "--since=HEAD~1", "--format=sarif"], cwd=tmp)
        res = json.loads(out)["runs"][0]["results"]
        expect(len(res) == 1 and res[0]["locations"][0]["physicalLocation"]
               ["artifactLocation"]["uri"] == "drivers/char/qtape.c",
               f"--since with SARIF: {res}")
        rc, out, err = run([ARGS.checker, "--since", "no-such-rev"], cwd=tmp)
        expect(rc == 2 and "git" in err, f"bad revision: exit {rc} {err!r}")
        rc, out, err = run([ARGS.checker, "--since", "HEAD"], cwd="/")
        expect(rc == 2, f"outside a git work tree: exit {rc} {err!r}")


def staged():
    TARGET[:] = ["--target=2.4"]
    """The index is checked, not the working file."""
    with tempfile.TemporaryDirectory() as tmp:
        drv = git_repo(tmp)
        edit(drv, NEW_BUG_OLD, NEW_BUG_NEW)
        new_line = line_of(drv, "interruptible_sleep_on_timeout")
        run(["git", "add", "-u"], cwd=tmp)
        # fixed in the work tree but not staged: the commit would have it
        edit(drv, "interruptible_sleep_on_timeout(&qtape_wait, HZ);",
             "schedule_timeout_interruptible(HZ);")
        rc, out, err = run([ARGS.checker, "--staged"], cwd=tmp)
        expect(findings(out) == [("drivers/char/qtape.c", new_line, "WQ001")] and rc == 1,
               f"staged bug, clean work tree: exit {rc} {findings(out)}\n{out}{err}")
        rc, out, err = run([ARGS.checker, "--staged", "drivers/char/qtape.c"], cwd=tmp)
        expect(rc == 1 and len(findings(out)) == 1, f"named file: exit {rc}\n{out}{err}")
        # and the other way round: staged clean, work tree buggy
        run(["git", "add", "-u"], cwd=tmp)
        edit(drv, "schedule_timeout_interruptible(HZ);",
             "interruptible_sleep_on_timeout(&qtape_wait, HZ);")
        rc, out, err = run([ARGS.checker, "--staged"], cwd=tmp)
        expect(rc == 0 and not out, f"clean index, buggy work tree: exit {rc}\n{out}{err}")
        # a staged new file, deleted from the work tree: still checked
        run(["git", "checkout", "-q", "."], cwd=tmp)
        shutil.copy(drv, os.path.join(tmp, "drivers/char/qtape-new.c"))
        run(["git", "add", "drivers/char/qtape-new.c"], cwd=tmp)
        os.unlink(os.path.join(tmp, "drivers/char/qtape-new.c"))
        rc, out, err = run([ARGS.checker, "--staged"], cwd=tmp)
        expect(rc == 1 and [f for f, _, _ in findings(out)] ==
               ["drivers/char/qtape-new.c"] * 2,
               f"staged new file: exit {rc}\n{out}{err}")


def pre_commit():
    """The pre-commit framework with the repository's hook definition."""
    if not shutil.which("pre-commit"):
        FAILS.append("pre-commit is not installed: run tools/install-deps.sh")
        return
    with tempfile.TemporaryDirectory() as tmp:
        # the hooks repository: this tree's .pre-commit-hooks.yaml,
        # committed to a local repository (no network)
        hooks = os.path.join(tmp, "hooks")
        os.makedirs(hooks)
        shutil.copy(os.path.join(ARGS.source, ".pre-commit-hooks.yaml"), hooks)
        for argv in (["git", "init", "-q", "."], ["git", "add", "."],
                     ["git", "commit", "-qm", "hooks"]):
            run(argv, cwd=hooks)
        _, rev, _ = run(["git", "rev-parse", "HEAD"], cwd=hooks)
        bindir = os.path.join(tmp, "bin")
        os.makedirs(bindir)
        os.symlink(os.path.abspath(ARGS.checker), os.path.join(bindir, "wqport"))
        env = dict(GIT_ENV, PATH=bindir + ":" + os.environ["PATH"],
                   PRE_COMMIT_HOME=os.path.join(tmp, "cache"))
        repo = os.path.join(tmp, "repo")
        os.makedirs(repo)
        drv = git_repo(repo)
        with open(os.path.join(repo, ".pre-commit-config.yaml"), "w") as f:
            f.write(f"repos:\n- repo: {hooks}\n  rev: {rev.strip()}\n"
                    "  hooks:\n  - id: wqport\n")
        rc, out, err = run(["pre-commit", "install"], cwd=repo, env=env)
        expect(rc == 0, f"pre-commit install: {rc} {out} {err}")
        run(["git", "add", ".pre-commit-config.yaml"], cwd=repo, env=env)
        # old findings on lines the commit does not touch: it passes
        edit(drv, SHIFT_OLD, SHIFT_NEW)
        run(["git", "add", "-u"], cwd=repo, env=env)
        rc, out, err = run(["git", "commit", "-m", "comment"], cwd=repo, env=env)
        expect(rc == 0, f"commit of a comment was refused: {rc}\n{out}{err}")
        # a new bug: refused, with the finding shown
        edit(drv, NEW_BUG_OLD, NEW_BUG_NEW)
        run(["git", "add", "-u"], cwd=repo, env=env)
        rc, out, err = run(["git", "commit", "-m", "settle"], cwd=repo, env=env)
        both = out + err  # git commit shows the hook's output on stderr
        expect(rc != 0 and "interruptible_sleep_on_timeout() loses wake-ups" in both
               and both.count("[WQ00") == 1 and "hook id: wqport" in both,
               f"commit of a new bug: exit {rc}\nOUT:{out}\nERR:{err}")
        _, log, _ = run(["git", "log", "--oneline"], cwd=repo, env=env)
        expect(len(log.splitlines()) == 2, f"the bad commit landed: {log}")
        # fixed: it passes
        edit(drv, "interruptible_sleep_on_timeout(&qtape_wait, HZ);",
             "schedule_timeout_interruptible(HZ);")
        run(["git", "add", "-u"], cwd=repo, env=env)
        rc, out, err = run(["git", "commit", "-m", "settle"], cwd=repo, env=env)
        expect(rc == 0, f"commit of the fixed change: exit {rc}\n{out}{err}")


def apply_replacements(text, reps):
    """Apply SARIF replacements (character offsets into text)."""
    for r in sorted(reps, key=lambda r: r["deletedRegion"]["charOffset"],
                    reverse=True):
        off = r["deletedRegion"]["charOffset"]
        n = r["deletedRegion"]["charLength"]
        text = text[:off] + r.get("insertedContent", {}).get("text", "") + \
            text[off + n:]
    return text


def sarif_fixes():
    """wqport fix --format=sarif: valid SARIF, one result per site, and
    applying every fix of a fixture gives exactly its hand-written .res
    (an unconverted fixture has no fix)."""
    import glob
    import jsonschema
    path = schema_path()
    if not os.path.exists(path):
        FAILS.append(f"no SARIF schema at {path}: run tools/install-deps.sh")
        return
    with open(path) as f:
        validator = jsonschema.Draft4Validator(json.load(f))
    td = os.path.join(ARGS.source, "testdata")
    groups = {}
    for c in sorted(glob.glob(os.path.join(td, "*", "*-ko.c"))):
        with open(c) as f:
            text = f.read()
        if "fix=" not in text:
            continue
        m = re.search(r"wqport-fix-args:(.*)", text)
        groups.setdefault(tuple(m.group(1).split()) if m else (), []).append(c)
    checked = 0
    for args, files in groups.items():
        rc, out, err = run([ARGS.checker, "fix", "-j2", "--format=sarif"] + list(args) +
                           [os.path.relpath(f, td) for f in files], cwd=td)
        try:
            log = json.loads(out)
        except ValueError as e:
            FAILS.append(f"fix {args}: not JSON ({e}): {err[-2000:]}")
            continue
        errors = list(validator.iter_errors(log))
        expect(not errors, f"fix {args}: {len(errors)} schema errors: "
               + (errors[0].message if errors else ""))
        results = log["runs"][0]["results"]
        for c in files:
            rel = os.path.relpath(c, td)
            mine = [r for r in results if r["locations"][0]["physicalLocation"]
                    ["artifactLocation"]["uri"] == rel]
            with open(c) as f:
                orig = f.read()
            reps = [rp for r in mine for fx in r.get("fixes", [])
                    for ch in fx["artifactChanges"] for rp in ch["replacements"]]
            res = c[:-2] + ".res"
            want = open(res).read() if os.path.exists(res) else orig
            got = apply_replacements(orig, reps)
            expect(got == want, f"{rel}: the fixes do not give {os.path.basename(res)}")
            marks = sum(m.count("fix=") for m in
                        re.findall(r"expect(?:-fix)?:[^*]*", orig))
            expect(len(mine) >= 1 and len(mine) <= marks,
                   f"{rel}: {len(mine)} results for {marks} fix= markers")
            for r in mine:
                outcome = r["properties"]["outcome"]
                expect(r["message"]["text"].startswith(outcome + ":"),
                       f"{rel}: message {r['message']['text']!r}")
                if outcome not in ("converted", "converted with caveat",
                                   "converted, keeps the race"):
                    expect("fixes" not in r, f"{rel}: a {outcome} site has a fix")
            checked += 1
    expect(checked >= 20, f"only {checked} fixtures checked")


def doc_blocks(lang):
    with open(os.path.join(ARGS.source, "docs/user-guide.md")) as f:
        text = f.read()
    return re.findall(r"^```" + lang + r"\n(.*?)^```", text, re.M | re.S)


def run_report_job(what, script, folder):
    """Run a report job's commands on a scratch driver: exit 0 or 1, the
    report's index and the JSON written."""
    with tempfile.TemporaryDirectory() as tmp:
        scratch_driver(tmp)
        env = dict(GIT_ENV)
        env["PATH"] = os.path.dirname(ARGS.checker) + ":" + env.get("PATH", "")
        script = script.replace('"$(nproc)"', "2")
        p = subprocess.run(["bash", "-ec", script], cwd=tmp, env=env,
                           capture_output=True, text=True, timeout=600)
        expect(p.returncode == 0, f"{what}: the job's commands fail: {p.stderr[-500:]}")
        index = os.path.join(tmp, folder, "index.html")
        expect(os.path.isfile(index), f"{what}: no {folder}/index.html")
        if os.path.isfile(index):
            with open(index) as f:
                expect("drivers/char/qtape.c" in f.read(),
                       f"{what}: the report does not list the driver")
        with open(os.path.join(tmp, "wqport-fix.json")) as f:
            expect(json.load(f)["files"], f"{what}: no file in the JSON")


def report_jobs(docs):
    """The jobs that publish the HTML report (--report=DIR) upload the
    folder their command writes."""
    gh = [d for d in docs if isinstance(d, dict)
          and "wqport-report" in d.get("jobs", {})]
    gl = [d for d in docs if isinstance(d, dict) and "wqport-report" in d]
    expect(len(gh) == 1 and len(gl) == 1,
           f"{len(gh)} GitHub, {len(gl)} GitLab report jobs")
    if gh:
        steps = gh[0]["jobs"]["wqport-report"]["steps"]
        up = [s for s in steps if "upload-artifact" in s.get("uses", "")]
        cmd = [s["run"] for s in steps if "--report=" in s.get("run", "")]
        folder = re.search(r"--report=(\S+)", cmd[0]).group(1).rstrip("/") \
            if cmd else None
        expect(up and cmd and up[0].get("if") == "always()" and
               folder + "/" in up[0]["with"]["path"].split(),
               f"GitHub report job: upload {up}, command {cmd}")
        if cmd and folder:
            run_report_job("GitHub report job", cmd[0], folder)
    if gl:
        job = gl[0]["wqport-report"]
        script = job["script"]
        at = [i for i, l in enumerate(script) if l.startswith("status=0")]
        m = re.search(r"--report=(\S+)", "\n".join(script))
        folder = m.group(1).rstrip("/") if m else None
        expect(at and folder and job["artifacts"]["when"] == "always" and
               folder + "/" in job["artifacts"]["paths"],
               f"GitLab report job: {job}")
        if at and folder:
            run_report_job("GitLab report job", "\n".join(script[at[0]:]),
                           folder)


def doc_jobs():
    """The CI jobs of the user guide parse, and its jq program turns a
    real SARIF log into a GitLab Code Quality report."""
    import yaml
    docs = [yaml.safe_load(b) for b in doc_blocks("yaml")]
    gh = [d for d in docs if isinstance(d, dict) and "wqport" in d.get("jobs", {})]
    gl = [d for d in docs if isinstance(d, dict) and "wqport" in d]
    expect(len(gh) == 1 and len(gl) == 1, f"{len(gh)} GitHub, {len(gl)} GitLab jobs")
    report_jobs(docs)
    if gh:
        steps = gh[0]["jobs"]["wqport"]["steps"]
        up = [s for s in steps if "upload-sarif" in s.get("uses", "")]
        check = [s for s in steps if "--format=sarif" in s.get("run", "")]
        expect(up and check and up[0]["with"]["sarif_file"] in check[0]["run"]
               and up[0].get("if") == "always()"
               and gh[0]["jobs"]["wqport"]["permissions"]["security-events"] == "write",
               f"GitHub job: upload {up}, check {check}")
    if gl:
        job = gl[0]["wqport"]
        script = "\n".join(job["script"])
        cq = job["artifacts"]["reports"]["codequality"]
        expect("--format=sarif" in script and cq in script and
               job["artifacts"]["when"] == "always", f"GitLab job: {job}")
    jq = doc_blocks("jq")
    expect(len(jq) == 1, f"{len(jq)} jq programs in the user guide")
    if not jq or not shutil.which("jq"):
        expect(shutil.which("jq"), "jq is not installed: run tools/install-deps.sh")
        return
    with tempfile.TemporaryDirectory() as tmp:
        drv = scratch_driver(tmp)
        rc, out, err = run([ARGS.checker, "--format=sarif", "drivers/char/qtape.c"],
                           cwd=tmp)
        with open(os.path.join(tmp, "prog.jq"), "w") as f:
            f.write(jq[0])
        rc, cq, err = run(["jq", "-f", os.path.join(tmp, "prog.jq")], cwd=tmp,
                          stdin=out.encode())
        expect(rc == 0, f"jq failed: {err}")
        if rc:
            return
        report = json.loads(cq)
        want = findings(run([ARGS.checker, "drivers/char/qtape.c"], cwd=tmp)[1])
        expect([(e["location"]["path"], e["location"]["lines"]["begin"],
                 e["check_name"]) for e in report] == want,
               f"Code Quality report {report} is not the findings {want}")
        for e in report:
            expect(e["severity"] in ("info", "minor", "major", "critical", "blocker")
                   and re.fullmatch(r"[0-9a-f]{16}", e["fingerprint"])
                   and e["description"].startswith(e["check_name"] + ": "),
                   f"bad Code Quality entry {e}")


SCENARIOS = {
    "sarif-fixes": sarif_fixes,
    "doc-jobs": doc_jobs,
    "sarif-schema": sarif_schema, "sarif-content": sarif_content,
    "baseline": baseline, "diff": diff, "since": since, "staged": staged,
    "pre-commit": pre_commit,
}


def main():
    global ARGS
    ap = argparse.ArgumentParser()
    ap.add_argument("--checker", required=True)
    ap.add_argument("--source", required=True)
    ap.add_argument("scenario", choices=sorted(SCENARIOS))
    ARGS = ap.parse_args()
    ARGS.checker = os.path.abspath(ARGS.checker)
    SCENARIOS[ARGS.scenario]()
    for f in FAILS:
        print("FAIL:", f)
    print(f"{ARGS.scenario}: {'FAILED' if FAILS else 'ok'}")
    return 1 if FAILS else 0


if __name__ == "__main__":
    sys.exit(main())

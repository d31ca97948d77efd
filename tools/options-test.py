#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""The command line as GNU tools have it, and documents in every case.

    options-test.py --checker PATH --source DIR SCENARIO

  gnu-options  --opt=V and --opt V give the same run for every valued
               option of both commands; a missing value is an error naming
               the option; -qv, -V, -h; fix takes --version, -V, -q;
               "-" reads standard input under --stdin-filename's name
  kbuild-form  the compiler form (gcc flags mixed with the file, as
               `make C=1 CHECK=wqport` calls it, -pg among them) and the
               ordinary form with -- give the same findings
  documents    JSON and SARIF are whole documents in every case: nothing
               to check (a folder with no C file), nothing found, an
               empty diff, unreadable input, a usage error, a bad baseline;
               and `fix` runs that stop on an error (usage, no input, no
               spatch, no shim, a series folder it cannot make, a binary
               file): the document names the file (or none) and why
  color        --color=always|never|auto, NO_COLOR, TERM=dumb (on a
               pseudo-terminal); no progress line on a dumb terminal
  completion   --print-completion is bash that offers exactly the long
               options --help lists, per command, and the values the
               table gives (formats, rules after a comma, folders, C files)
"""
import argparse
import json
import os
import pty
import re
import select
import shutil
import subprocess
import sys
import tempfile

FAILS = []
ENV = dict(os.environ, WQPORT_NO_CACHE="1")
ENV.pop("NO_COLOR", None)


def expect(cond, what):
    if not cond:
        FAILS.append(what)


def run(argv, cwd=None, stdin=None, env=None):
    p = subprocess.run([ARGS.checker] + argv, cwd=cwd, input=stdin,
                       capture_output=True, timeout=900, env=env or ENV)
    return p.returncode, p.stdout.decode("utf-8", "replace"), \
        p.stderr.decode("utf-8", "replace")


def td(*p):
    return os.path.join(ARGS.source, "testdata", *p)


KO = SLEEP = None       # fixtures, set in main()


def gnu_options():
    shim = os.path.join(ARGS.source, "checker", "shim")
    pairs = [("--jobs", "2"), ("--select", "WQ002"), ("--format", "json"),
             ("--timeout", "5"), ("--shim-dir", shim), ("--ignore", "WQ001"),
             ("--target", "4.9"), ("--max-memory", "3000"), ("--docs-url", "x:/y")]
    for opt, val in pairs:
        extra = ["--format=sarif"] if opt == "--docs-url" else []
        a = run(extra + [f"{opt}={val}", KO, SLEEP])
        b = run(extra + [opt, val, KO, SLEEP])
        expect(a == b and a[0] in (0, 1) and "unknown" not in a[2],
               f"{opt}={val} and {opt} {val} differ: {a[0]} {b[0]} {a[2]!r} {b[2]!r}")
    rc, out, err = run(["--select", "WQ002", KO, SLEEP])
    expect(rc == 1 and "[WQ002]" in out and "[WQ001]" not in out,
           f"--select WQ002: exit {rc}\n{out}{err}")
    rc, out, err = run(["-j", "2", KO])
    expect(rc == 1 and "[WQ002]" in out, f"-j 2: exit {rc} {err}")
    # a missing value names the option, and takes no path or option for it
    for argv in (["--since"], [KO, "--since"], ["--since", "--format=json", KO],
                 ["--jobs"], ["--baseline"], ["-j"]):
        rc, out, err = run(argv)
        name = argv[-1] if argv[-1].startswith("-") and argv[-1] != "--format=json" \
            else "--since"
        name = "--jobs" if name == "-j" else name
        expect(rc == 2 and f"'{name}' needs a value" in err and "git" not in err,
               f"{argv}: exit {rc} {err!r}")
    # short flags combine; -V; -h
    a = run(["-qv", KO])
    b = run(["-q", "-v", KO])
    expect(a == b and a[0] == 1, f"-qv is not -q -v: {a[0]} {b[0]} {a[2]!r}")
    rc, out, err = run(["-V"])
    expect(rc == 0 and re.fullmatch(r"wqport \d+\.\d+\.\d+\n", out), f"-V: {rc} {out!r}")
    rc, out, _ = run(["-h"])
    expect(rc == 0 and "--stdin-filename" in out and "-V, --version" in out,
           f"-h: {rc}")
    for argv in (["fix", "--version"], ["fix", "-V"]):
        rc, out, err = run(argv)
        expect(rc == 0 and out.startswith("wqport "), f"{argv}: {rc} {out!r} {err!r}")
    rc, out, err = run(["fix", "-h"])
    expect(rc == 0 and "-q, --quiet" in out and "--author" in out, f"fix -h: {rc}")
    rc, out, err = run(["--bogus", KO])
    expect(rc == 2 and "unknown option '--bogus'" in err, f"--bogus: {rc} {err!r}")
    rc, out, err = run(["--jobs=2=3", KO])
    expect(rc == 2 and "--jobs" in err, f"--jobs=2=3: {rc} {err!r}")
    # standard input, named for the report
    with open(KO, "rb") as f:
        text = f.read()
    rc, out, err = run(["--stdin-filename", "drivers/misc/acme.c", "-"], stdin=text)
    want = run([KO])[1].replace(KO, "drivers/misc/acme.c")
    expect(rc == 1 and out == want, f"- with --stdin-filename: exit {rc}\n{out}{err}")
    rc, out, err = run(["-", "--format=json"], stdin=text)
    expect(rc == 1 and json.loads(out)["findings"][0]["file"] == "<stdin>",
           f"- without a name: {rc} {out[:300]}")
    rc, out, err = run(["--stdin-filename=x.c", KO])
    expect(rc == 2 and "-" in err, f"--stdin-filename without -: {rc} {err!r}")
    # fix: -q leaves only the diff; --jobs 1 and --timeout 60 as two words
    if shutil.which("spatch"):
        with tempfile.TemporaryDirectory() as tmp:
            shutil.copy(SLEEP, os.path.join(tmp, "drv.c"))
            rc, out, err = run(["fix", "-q", "--jobs", "1", "--timeout", "60",
                                "drv.c"], cwd=tmp)
            expect(rc == 1 and "+++ b/drv.c" in out and not err,
                   f"fix -q: exit {rc}, stderr {err!r}")
            rc2, out2, err2 = run(["fix", "drv.c"], cwd=tmp)
            expect(out2 == out and "converted" in err2, f"fix: {rc2} {err2!r}")


def kbuild_form():
    """As kbuild calls $(CHECK): gcc's flags, then the file; and the same
    flags after -- in the ordinary form."""
    shim = os.path.join(ARGS.source, "checker", "shim")
    flags = ["-Wp,-MMD,drivers/.acme.o.d", "-nostdinc", "-I", shim,
             "-include", os.path.join(shim, "wqport-shim.h"), "-D__KERNEL__",
             "-std=gnu11", "-pg", "-O2", "-Wall", "-fno-strict-aliasing",
             "-DKBUILD_MODNAME=\"acme\""]
    rc, out, err = run(flags + [KO])
    rc2, out2, err2 = run(["--werror", "-q"] + flags + [KO])
    rc3, out3, err3 = run([KO, "--"] + flags)
    found = [l for l in err.splitlines() if "[WQ" in l]
    expect(rc == 0 and not out and found and any("[WQ002]" in l for l in found),
           f"compiler form: exit {rc}, stdout {out!r}, stderr {err!r}")
    expect(rc2 == 1 and [l for l in err2.splitlines() if "[WQ" in l] == found,
           f"compiler form with --werror -q: exit {rc2} {err2!r}")
    expect(rc3 == 1 and [l for l in out3.splitlines() if "[WQ" in l] == found,
           f"ordinary form with --: exit {rc3}\n{out3}{err3}")


def documents():
    schema = None
    try:
        import jsonschema
        cache = os.environ.get("XDG_CACHE_HOME") or \
            os.path.join(os.path.expanduser("~"), ".cache")
        path = os.path.join(cache, "wqport", "sarif", "sarif-2.1.0-rtm.5.json")
        with open(path) as f:
            schema = jsonschema.Draft4Validator(json.load(f))
    except (ImportError, OSError):
        FAILS.append("no SARIF schema (tools/install-deps.sh fetches it)")
    with tempfile.TemporaryDirectory() as tmp:
        empty = os.path.join(tmp, "no-c-here")
        os.makedirs(empty)
        with open(os.path.join(empty, "README"), "w") as f:
            f.write("no C\n")
        with open(os.path.join(tmp, "bad.baseline"), "w") as f:
            f.write("not a baseline\n")
        cases = {
            "nothing to check": ([empty], 2, "no *.c file"),
            "nothing found": ([td("samples", "qfx-dma-engine-ok.c")], 0, None),
            "findings": ([KO], 1, None),
            "unreadable input": ([td("bad-input")], 2, "binary file"),
            "usage error": (["--bogus", KO], 2, "unknown option"),
            "bad baseline": (["--baseline", os.path.join(tmp, "bad.baseline"), KO],
                             2, "baseline"),
            "no rule": (["--select=", KO], 2, "no stable rule"),
            "bad shim": (["--shim-dir", empty, KO], 2, "shim"),
        }
        for fmt in ("json", "sarif"):
            for what, (argv, want_rc, msg) in cases.items():
                rc, out, err = run([f"--format={fmt}"] + argv, cwd=tmp)
                try:
                    doc = json.loads(out)
                except ValueError:
                    FAILS.append(f"{fmt}, {what}: exit {rc}, not a document: "
                                 f"{out[:200]!r} {err[:300]!r}")
                    continue
                expect(rc == want_rc, f"{fmt}, {what}: exit {rc}, want {want_rc} {err!r}")
                if fmt == "json":
                    errs = " ".join(e["message"] for e in doc["errors"])
                    expect(set(doc) == {"version", "findings", "errors"} and
                           (msg in errs if msg else not doc["errors"]),
                           f"json, {what}: {doc}")
                    continue
                if schema:
                    bad = list(schema.iter_errors(doc))
                    expect(not bad, f"sarif, {what}: {bad[0].message if bad else ''}")
                inv = doc["runs"][0]["invocations"][0]
                notes = " ".join(n["message"]["text"]
                                 for n in inv["toolExecutionNotifications"])
                expect(inv["executionSuccessful"] is (want_rc != 2) and
                       (msg in notes if msg else True),
                       f"sarif, {what}: {inv}")
        fix_documents(tmp, empty, schema)


def fix_documents(tmp, empty, schema):
    """wqport fix --format=json|sarif: a run that stops on an error still
    writes a whole document naming the file (or none: the run) and why."""
    blocker = os.path.join(tmp, "a-file")
    with open(blocker, "w") as f:
        f.write("not a folder\n")
    nospatch = dict(ENV, WQPORT_SPATCH=os.path.join(tmp, "no-spatch"))
    ok = td("samples", "qfx-dma-engine-ok.c")
    series = os.path.join(blocker, "series")
    cases = {
        "usage error": (["--bogus", KO], None, None, "unknown option"),
        "no input": ([empty], None, None, "no *.c or *.h file"),
        "no spatch": ([KO], nospatch, None, "cannot run"),
        "bad shim": (["--shim-dir", empty, KO], None, None, "shim headers"),
        "series folder": (["--series", series, ok], None, series, "cannot create"),
        "unreadable input": ([td("bad-input", "binary.c")], None,
                             td("bad-input", "binary.c"), "binary"),
    }
    for fmt in ("json", "sarif"):
        for what, (argv, env, file, msg) in cases.items():
            rc, out, err = run(["fix", f"--format={fmt}"] + argv, cwd=tmp, env=env)
            try:
                doc = json.loads(out)
            except ValueError:
                FAILS.append(f"fix {fmt}, {what}: exit {rc}, not a document: "
                             f"{out[:200]!r} {err[:300]!r}")
                continue
            expect(rc == 2, f"fix {fmt}, {what}: exit {rc}, want 2 {err!r}")
            expect(msg in err, f"fix {fmt}, {what}: stderr lacks {msg!r}: {err!r}")
            if fmt == "json":
                errs = [(e["file"], e["error"]) for e in doc.get("files", [])
                        if e.get("error")]
                expect(set(doc) == {"version", "files", "summary"} and
                       doc["summary"]["errors"] >= 1 and
                       any(f == file and msg in e for f, e in errs),
                       f"fix json, {what}: want ({file}, {msg!r}): {doc}")
                continue
            if schema:
                bad = list(schema.iter_errors(doc))
                expect(not bad, f"fix sarif, {what}: {bad[0].message if bad else ''}")
            inv = doc["runs"][0]["invocations"][0]
            notes = [(n.get("locations", [{}])[0].get("physicalLocation", {})
                      .get("artifactLocation", {}).get("uri"), n["message"]["text"])
                     for n in inv["toolExecutionNotifications"]]
            expect(inv["executionSuccessful"] is False and
                   any(msg in t and ((u is None) == (file is None)) and
                       (u is None or u.endswith(os.path.basename(file)))
                       for u, t in notes),
                   f"fix sarif, {what}: want ({file}, {msg!r}): {inv}")


def in_pty(argv, env):
    """argv on a pseudo-terminal (stdout and stderr); all it wrote"""
    pid, fd = pty.fork()
    if pid == 0:
        os.execve(ARGS.checker, [ARGS.checker] + argv, env)
    out = b""
    while True:
        try:
            r, _, _ = select.select([fd], [], [], 600)
            if not r:
                break
            chunk = os.read(fd, 65536)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status), out.decode("utf-8", "replace")


def color():
    esc = "\033["
    rc, out, _ = run(["--color=always", KO])
    expect(rc == 1 and "\033[01;35mwarning:" in out, f"--color=always: {out!r}")
    rc, out2, _ = run(["--color", KO])
    expect(out2 == out, "--color alone is not always")
    for argv in (["--color=never"], ["--color=auto"], []):
        rc, out, _ = run(argv + [KO])
        expect(rc == 1 and esc not in out, f"{argv} into a pipe: {out!r}")
    rc, out, err = run(["--color=sometimes", KO])
    expect(rc == 2 and "--color" in err, f"--color=sometimes: {rc} {err!r}")
    term = dict(ENV, TERM="xterm")
    rc, out = in_pty([KO], term)
    expect(rc == 1 and "\033[01;35mwarning:" in out, f"a terminal: {out!r}")
    for what, env in (("NO_COLOR", dict(term, NO_COLOR="1")),
                      ("TERM=dumb", dict(term, TERM="dumb"))):
        rc, out = in_pty([KO], env)
        expect(rc == 1 and "warning:" in out and esc not in out, f"{what}: {out!r}")
    rc, out = in_pty(["--color=always", KO], dict(term, NO_COLOR="1"))
    expect("\033[01;35mwarning:" in out, f"--color=always beats NO_COLOR: {out!r}")
    # a dumb terminal gets no progress line (it would be \r and an erase)
    rc, out = in_pty(["--no-cache", "-j1", td("sleep-on"), td("open-coded-wait")],
                     dict(term, TERM="dumb"))
    expect(rc == 1 and "\r\033[K" not in out and esc not in out,
           f"TERM=dumb: progress escapes in {out[:300]!r}")


def tmpdir():
    """Scratch files go under $TMPDIR: one that cannot be written is an
    error naming it (fix's scratch folder, -p with a database of another
    name), and a writable one is where they go and are removed from."""
    with tempfile.TemporaryDirectory() as tmp:
        bad = os.path.join(tmp, "not-there")
        good = os.path.join(tmp, "scratch")
        os.makedirs(good)
        shutil.copy(SLEEP, os.path.join(tmp, "drv.c"))
        db = os.path.join(tmp, "my-db.json")
        with open(db, "w") as f:
            json.dump([{"directory": tmp, "file": "drv.c",
                        "arguments": ["cc", "-c", "drv.c"]}], f)
        if shutil.which("spatch"):
            rc, out, err = run(["fix", "drv.c"], cwd=tmp, env=dict(ENV, TMPDIR=bad))
            expect(rc == 2 and bad in err, f"fix, TMPDIR missing: {rc} {err!r}")
            rc, out, err = run(["fix", "drv.c"], cwd=tmp, env=dict(ENV, TMPDIR=good))
            expect(rc == 1 and "+++ b/drv.c" in out and not os.listdir(good),
                   f"fix, TMPDIR={good}: {rc} {os.listdir(good)} {err!r}")
        rc, out, err = run(["-p", db], cwd=tmp, env=dict(ENV, TMPDIR=bad))
        expect(rc == 2 and "cannot prepare" in err, f"-p, TMPDIR missing: {rc} {err!r}")


def config():
    """.wqport from the checked file upward to the git top: rules,
    severities, target, baseline (from the file's folder), jobs; the
    command line wins; --no-config; --show-config says where from; a
    subfolder's .wqport applies to the files below it; a bad line names
    its file and line."""
    with tempfile.TemporaryDirectory() as tmp:
        # a .wqport above the tree's top is not the tree's
        with open(os.path.join(tmp, ".wqport"), "w") as f:
            f.write("select = WQ006\n")
        tree = os.path.join(tmp, "linux")
        d = os.path.join(tree, "drivers", "misc")
        os.makedirs(d)
        subprocess.run(["git", "init", "-q", tree], check=True)
        shutil.copy(KO, os.path.join(d, "a.c"))
        shutil.copy(SLEEP, os.path.join(d, "b.c"))
        cfg = os.path.join(tree, ".wqport")
        with open(cfg, "w") as f:
            f.write("# the tree's settings\nselect = WQ001, WQ002\n"
                    "severity WQ002 = error   # ours\ntarget = 4.9\njobs = 3\n")
        files = [os.path.join(d, "a.c"), os.path.join(d, "b.c")]
        rc, out, err = run(files, cwd=tmp)
        rules = re.findall(r": (\w+): .*\[(WQ\d+)\]$", out, re.M)
        expect(rc == 1 and ("error", "WQ002") in rules and ("error", "WQ001") in rules
               and not [r for s, r in rules if r not in ("WQ001", "WQ002")],
               f".wqport not applied: {rules}\n{err}")
        rc, out, err = run(["--select", "WQ001"] + files, cwd=tmp)
        expect(rc == 1 and "[WQ002]" not in out and "[WQ001]" in out,
               f"--select does not win over .wqport:\n{out}")
        rc, out, err = run(["--no-config"] + files, cwd=tmp)
        expect(rc == 1 and "warning: open-coded" in out,
               f"--no-config: severity still changed:\n{out}")
        rc, out, err = run(["--show-config", "-j", "1"] + files, cwd=tmp)
        for want in (f"select = WQ001,WQ002\t# {cfg}:2", "jobs = 1\t# command line",
                     f"target = 4.9\t# {cfg}:4", f"severity WQ002 = error\t# {cfg}:3",
                     "severity WQ001 = error\t# the rule table",
                     f"# configuration file: {cfg}"):
            expect(rc == 0 and want in out, f"--show-config lacks {want!r}:\n{out}{err}")
        # the baseline path is the file's folder's
        rc, out, err = run(["--no-config", "--write-baseline",
                            os.path.join(tree, "base.txt")] + files, cwd=tmp)
        with open(cfg, "a") as f:
            f.write("baseline = base.txt\n")
        rc, out, err = run(files, cwd=d)
        expect(rc == 0 and not out, f"baseline from .wqport: exit {rc}\n{out}{err}")
        # a bad line names its place
        with open(cfg) as f:
            good = f.read()
        with open(cfg, "a") as f:
            f.write("colour = yes\n")
        rc, out, err = run(files, cwd=tmp)
        expect(rc == 2 and f"{cfg}:7: unknown setting 'colour'" in err,
               f"bad .wqport line: {rc} {err!r}")
        # active-only takes yes or no (issue 40)
        with open(cfg, "w") as f:
            f.write(good + "active-only = maybe\n")
        rc, out, err = run(files, cwd=tmp)
        expect(rc == 2 and "bad value 'maybe' for active-only (yes or no)" in err,
               f"bad active-only value: {rc} {err!r}")
        with open(cfg, "w") as f:
            f.write(good + "active-only = yes\n")
        rc, out, err = run(["--show-config"], cwd=d)
        expect(rc == 0 and f"active-only = yes\t# {cfg}:" in out,
               f"--show-config lacks active-only:\n{out}{err}")
        with open(cfg, "w") as f:
            f.write(good.replace("baseline = base.txt\n", ""))
        # a subfolder's .wqport applies, alone, to the files below it
        subd = os.path.join(d, "sub")
        os.makedirs(subd)
        shutil.copy(KO, os.path.join(subd, "c.c"))
        shutil.copy(SLEEP, os.path.join(subd, "d.c"))
        scfg = os.path.join(subd, ".wqport")
        with open(scfg, "w") as f:
            f.write("# the sub-driver's own\nselect = WQ002\n"
                    "severity WQ002 = style\n")
        rc, out, err = run([os.path.join(tree, "drivers")], cwd=tmp)
        got = {}
        for m in re.finditer(r"^(?:.*/)?(\w)\.c:\d+:\d+: (\w+): .*\[(WQ\d+)\]$", out, re.M):
            got.setdefault(m.group(1), set()).add((m.group(2), m.group(3)))
        expect(rc == 1 and ("error", "WQ002") in got.get("a", ()) and
               ("error", "WQ001") in got.get("b", ()) and
               got.get("c") == {("style", "WQ002")} and "d" not in got,
               f"sub/.wqport not applied to the files below it: {got}\n{out}{err}")
        # --show-config names, per path, the file and settings it gets
        cfile = os.path.join(subd, "c.c")
        rc, out, err = run(["--show-config", files[0], cfile], cwd=tmp)
        for want in (f"# {files[0]}: the settings above",
                     f"# {cfile}: configuration file {scfg}",
                     f"select = WQ002\t# {scfg}", "target = latest\t# default",
                     f"severity WQ002 = style\t# {scfg}"):
            expect(rc == 0 and want in out,
                   f"--show-config per path lacks {want!r}:\n{out}{err}")
        # a file outside the run's .wqport's tree has the defaults
        other = os.path.join(tmp, "other")
        os.makedirs(other)
        subprocess.run(["git", "init", "-q", other], check=True)
        shutil.copy(KO, os.path.join(other, "x.c"))
        rc, out, err = run([files[0], os.path.join(other, "x.c")], cwd=tmp)
        expect(rc == 1 and re.search(r"x\.c:\d+:\d+: warning: .*\[WQ002\]$", out, re.M)
               and re.search(r"a\.c:\d+:\d+: error: .*\[WQ002\]$", out, re.M),
               f"a file under no .wqport: {rc}\n{out}{err}")
        # a bad line in the second file names that file and line
        with open(scfg, "a") as f:
            f.write("target = 9.x\n")
        rc, out, err = run([os.path.join(tree, "drivers")], cwd=tmp)
        expect(rc == 2 and f"{scfg}:4: bad target kernel '9.x'" in err,
               f"bad line in a subfolder's .wqport: {rc} {err!r}")


def completion():
    rc, script, err = run(["--print-completion"])
    expect(rc == 0 and script, f"--print-completion: exit {rc} {err!r}")
    with tempfile.TemporaryDirectory() as tmp:
        comp = os.path.join(tmp, "wqport.bash")
        with open(comp, "w") as f:
            f.write(script)
        p = subprocess.run(["bash", "-n", comp], capture_output=True, text=True)
        expect(p.returncode == 0, f"not bash: {p.stderr}")
        os.makedirs(os.path.join(tmp, "w", "sub"))
        for n in ("a.c", "b.h", "notes.txt"):
            open(os.path.join(tmp, "w", n), "w").close()

        def complete(*words):
            """COMPREPLY for the command line `words`, the last being
            completed (bash has split it at '=' as COMP_WORDBREAKS does)"""
            arr = " ".join("'%s'" % w for w in words)
            sh = (f"source {comp}; COMP_WORDS=({arr}); "
                  f"COMP_CWORD={len(words) - 1}; _wqport 2>/dev/null; "
                  "printf '%s\\n' \"${COMPREPLY[@]}\"")
            p = subprocess.run(["bash", "-c", sh], capture_output=True,
                               text=True, cwd=os.path.join(tmp, "w"))
            return sorted(l for l in p.stdout.splitlines() if l)

        for cmd, pre in (("check", ["wqport"]), ("fix", ["wqport", "fix"])):
            rc, helps, _ = run(pre[1:] + ["--help"])
            want = set(re.findall(r"^  (?:-\w, )?(--[\w-]+)", helps, re.M))
            got = {w.rstrip("=") for w in complete(*pre, "--")}
            expect(want and got == want,
                   f"{cmd}: completion and --help differ: only completed "
                   f"{sorted(got - want)}, only in --help {sorted(want - got)}")
        cases = [
            (("wqport", "--wr"), ["--write-baseline="]),
            (("wqport", "fix", "--wr"), ["--write"]),
            (("wqport", "--format", ""), ["json", "sarif", "text"]),
            (("wqport", "--format", "=", ""), ["json", "sarif", "text"]),
            (("wqport", "fix", "--format", "=", "s"), ["sarif"]),
            (("wqport", "--color", "=", "a"), ["always", "auto"]),
            (("wqport", "--select", "WQ001,WQ00"),
             ["WQ001,WQ00%d" % i for i in range(1, 10)]),
            (("wqport", "fix", "--series", ""), ["sub"]),
            (("wqport", ""), ["a.c", "b.h", "fix", "sub"]),
            (("wqport", "fix", ""), ["a.c", "b.h", "sub"]),
            (("wqport", "--jobs", ""), []),
        ]
        for words, want in cases:
            got = complete(*words)
            expect(got == want, f"completing {words!r}: {got}, want {want}")


SCENARIOS = {"completion": completion, "config": config, "gnu-options": gnu_options, "kbuild-form": kbuild_form,
             "documents": documents, "color": color, "tmpdir": tmpdir}


def main():
    global ARGS
    ap = argparse.ArgumentParser()
    ap.add_argument("--checker", required=True)
    ap.add_argument("--source", required=True)
    ap.add_argument("scenario", choices=sorted(SCENARIOS))
    ARGS = ap.parse_args()
    ARGS.checker = os.path.abspath(ARGS.checker)
    ARGS.source = os.path.abspath(ARGS.source)
    global KO, SLEEP
    KO = td("open-coded-wait", "acme-fifo-read-ko.c")
    SLEEP = td("sleep-on", "acme-adc-read-ko.c")
    SCENARIOS[ARGS.scenario]()
    for f in FAILS:
        print("FAIL:", f)
    print(f"{ARGS.scenario}: {'FAILED' if FAILS else 'ok'}")
    return 1 if FAILS else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Command-line behaviour tests of the checker, one scenario per call.

    cli-test.py --checker PATH --testdata DIR SCENARIO

Each scenario runs the real binary and asserts on its exit status,
stdout and stderr.  ctest runs each scenario in its own process.
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


def expect(cond, what):
    if not cond:
        FAILS.append(what)


def run(checker, args, cwd=None):
    p = subprocess.run([checker] + args, cwd=cwd, capture_output=True,
                       timeout=300)
    return p.returncode, p.stdout.decode("utf-8", "replace"), \
        p.stderr.decode("utf-8", "replace")


def bad_input(checker, td):
    """Bad files get a clear error naming them; the good ones still run."""
    d = os.path.join(td, "bad-input")
    files = ["binary.c", "garbage.c", "missing-file.c", "latin1.c",
             "truncated.c", "empty.c"]
    rc, out, err = run(checker, files, cwd=d)
    expect(rc == 2, f"exit {rc}, want 2 (input errors)")
    expect(re.search(r"^binary\.c: error: binary file", err, re.M),
           "no 'binary file' error for binary.c:\n" + err)
    expect(re.search(r"^garbage\.c: error: cannot parse as C", err, re.M),
           "no 'cannot parse' error for garbage.c:\n" + err)
    expect(re.search(r"^missing-file\.c: error: cannot open: No such file",
                     err, re.M), "no 'cannot open' error for missing-file.c:\n" + err)
    expect(not re.search(r"^(latin1|truncated|empty)\.c: error", err, re.M),
           "a readable C file was reported as bad input:\n" + err)
    # the run goes on: findings of the files after the bad ones
    expect(re.search(r"^latin1\.c:\d+:\d+: error: .*\[WQ001\]", out, re.M),
           "latin1.c finding missing:\n" + out)
    expect(re.search(r"^truncated\.c:\d+:\d+: error: .*\[WQ001\]", out, re.M),
           "truncated.c finding missing:\n" + out)
    # real C the shim cannot model is a warning naming the way out, not
    # an input error: a tree's CI run must not fail on it
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, "pool.c"), "w") as f:
            f.write("#include <linux/mm.h>\n"
                    "/* callers may schedule_timeout() while holding it */\n"
                    "static DEFINE_POOL_LOCK(pool_lock) = POOL_LOCK_INIT;\n"
                    "static struct pool_ops pool_ops = { .grow = pool_grow };\n")
        rc, out, err = run(checker, ["pool.c"], cwd=tmp)
        expect(rc == 0 and re.match(r"pool\.c: warning: not checked: .*"
                                    r"linux/mm\.h' file not found.*after --", err),
               f"unmodelled file: exit {rc}, stderr {err!r}")
    # a huge file is refused by its size before anything is read (a
    # sparse file, so the test costs no disk)
    with tempfile.TemporaryDirectory() as tmp:
        huge = os.path.join(tmp, "huge.c")
        with open(huge, "wb") as f:
            f.truncate(65 << 20)
        rc, out, err = run(checker, ["huge.c", os.path.join(d, "latin1.c")], cwd=tmp)
        expect(rc == 2 and re.match(r"huge\.c: error: file too large \(68157440 bytes", err),
               f"huge file: exit {rc}, stderr {err!r}")
        expect("[WQ001]" in out, "the run did not go on after the huge file")
    rc, out, err = run(checker, ["empty.c"], cwd=d)
    expect(rc == 0 and not out and not err, f"empty.c: exit {rc} {out!r} {err!r}")
    rc, out, err = run(checker, ["."], cwd=os.path.join(td, "no-such-dir"))\
        if False else run(checker, ["no-such-dir/"], cwd=d)
    expect(rc == 2 and "no-such-dir: error: cannot open" in err,
           f"missing directory: exit {rc}, stderr {err!r}")


def json_format(checker, td):
    """--format=json carries the same findings and the errors, and parses."""
    d = os.path.join(td, "bad-input")
    files = ["binary.c", "latin1.c", "truncated.c"]
    rc, out, err = run(checker, ["--format=json"] + files, cwd=d)
    _, text, _ = run(checker, files, cwd=d)
    try:
        doc = json.loads(out)
    except ValueError as e:
        FAILS.append(f"invalid JSON ({e}):\n{out}")
        return
    expect(rc == 2, f"exit {rc}, want 2")
    expect(doc.get("version") == 1, "no version 1")
    text_ids = re.findall(r"^(\S+?):(\d+):(\d+): \w+: .*\[(WQ\d{3})\]$", text, re.M)
    json_ids = [(f["file"], str(f["line"]), str(f["column"]), f["rule"])
                for f in doc["findings"]]
    expect(text_ids == json_ids, f"text and JSON disagree:\n{text_ids}\n{json_ids}")
    expect([e["file"] for e in doc["errors"]] == ["binary.c"],
           f"errors: {doc['errors']}")
    for f in doc["findings"]:
        for key in ("severity", "name", "message", "notes"):
            expect(key in f, f"finding lacks {key}: {f}")
    rc, out, _ = run(checker, ["--format=json", "empty.c"], cwd=d)
    expect(rc == 0 and json.loads(out) == {"version": 1, "findings": [], "errors": []},
           f"empty run JSON: {out!r}")


def usage(checker, td):
    """Usage errors exit 2 with a message; --help and --version exit 0."""
    for args in (["--bogus", "x.c"], ["--format=xml", "x.c"], [],
                 ["-j", "0", "x.c"], ["--select=WQ999", "x.c"],
                 ["x.c", "-p"], ["-p", "/nonexistent", "x.c"],
                 ["-D__KERNEL__", "x.c", "--", "-DX"],
                 ["-p", ".", "-D__KERNEL__", "x.c"]):
        rc, out, err = run(checker, args)
        expect(rc == 2 and err.startswith("wqport: "),
               f"{args}: exit {rc}, stderr {err!r}")
    rc, out, _ = run(checker, ["--help"])
    expect(rc == 0 and "usage: wqport" in out, "--help")
    rc, out, _ = run(checker, ["--version"])
    expect(rc == 0 and out.startswith("wqport "), "--version")
    # `wqport check FILE` is `wqport FILE` (no file named check here)
    fx = os.path.join(td, "sleep-on", "zx-cam-ko.c")
    plain = run(checker, ["--no-cache", fx])
    expect(plain[0] == 1 and run(checker, ["check", "--no-cache", fx]) == plain,
           "'wqport check FILE' differs from 'wqport FILE'")


def select(checker, td):
    """--select and --ignore pick rules by ID."""
    f = os.path.join(td, "samples")
    rc, out, _ = run(checker, ["--select=WQ001", f])
    rules = set(re.findall(r"\[(WQ\d{3})\]$", out, re.M))
    expect(rc == 1 and rules == {"WQ001"}, f"--select=WQ001 gave {rules}")
    rc, out, _ = run(checker, ["--ignore=WQ001", f])
    rules = set(re.findall(r"\[(WQ\d{3})\]$", out, re.M))
    expect("WQ001" not in rules and rules, f"--ignore=WQ001 gave {rules}")


def jobs(checker, td):
    """Parallel runs print the same thing, in input order, as serial ones."""
    base = run(checker, ["-j1", td])
    par = run(checker, ["-j", "2", td])
    expect(base[0] == par[0] and base[1] == par[1],
           "-j2 output differs from -j1")
    expect(base[1].count("[WQ") > 10, "too few findings over testdata")


def prefilter(checker, td):
    """The prefilter skips files naming no API word, on word boundaries."""
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, "a.c"), "w") as f:
            f.write("void f(void) { schedule_work(0); my_sleep_on_x(); }\n")
        with open(os.path.join(tmp, "b.c"), "w") as f:
            f.write("void g(void) { interruptible_sleep_on(0); }\n")
        rc, out, _ = run(checker, ["--prefilter-only", tmp])
        expect(out.splitlines() == [os.path.join(tmp, "b.c")],
               f"prefilter kept {out!r}")
        rc, out, err = run(checker, ["--stats", tmp])
        expect("2 files, 1 skipped by prefilter, 1 parsed, 1 findings" in err,
               f"stats: {err!r}")
    words = run(checker, ["--print-prefilter-words"])[1].split()
    expect("sleep_on" in words and "schedule" not in words,
           f"prefilter words: {words}")


def lazy_libclang(checker, td):
    """A run that parses nothing never loads libclang (30 ms, 60 MiB);
    one that parses loads it once.  ld.so's LD_DEBUG=files names every
    library it loads, dlopen()ed ones too."""
    env = dict(os.environ, LD_DEBUG="files")
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "plain.c")
        with open(path, "w") as f:
            f.write("int add(int a, int b)\n{\n\treturn a + b;\n}\n")
        for args, want in ((["--stats", path], False),
                           (["--prefilter-only", os.path.join(td, "sleep-on")], False),
                           ([os.path.join(td, "api-forms", "forms.c")], True)):
            p = subprocess.run([checker] + args, capture_output=True, env=env,
                               timeout=300)
            err = p.stderr.decode("utf-8", "replace")
            loads = sorted(set(re.findall(
                r"file=(\S*libclang\S*) \[0\];\s+(?:dynamically loaded|needed)", err)))
            expect(bool(loads) == want and len(loads) <= 1,
                   f"{args}: libclang loaded {loads}, want {'once' if want else 'never'}")


CACHE_DRIVER = """\
/* 2.6-era: the sleep is hidden in the driver's own header (was
 * interruptible_sleep_on() before the port) */
#include <linux/wait.h>
#include <linux/sched.h>
#include "zx_hw.h"

static DECLARE_WAIT_QUEUE_HEAD(zx_wq);

void zx_wait_ready(void)
{
\tZX_SLEEP(&zx_wq);
}
"""
CACHE_HDR_OLD = "#define ZX_SLEEP(q) interruptible_sleep_on(q)\n"
CACHE_HDR_NEW = "#define ZX_SLEEP(q) do { (void)(q); } while (0)\n"


def cache(checker, td):
    """--cache DIR: a re-run gives the same report from the cache; an
    edited header is a miss; concurrent runs agree; a damaged entry is
    a miss; the size stays bounded; --no-cache stores nothing."""
    stats = re.compile(r"(\d+) parsed, (\d+) findings.*?(?:, (\d+) from the cache)?$", re.M)
    with tempfile.TemporaryDirectory() as tmp:
        cdir = os.path.join(tmp, "cache")
        src = os.path.join(tmp, "src")
        os.mkdir(src)
        with open(os.path.join(src, "zx.c"), "w") as f:
            f.write(CACHE_DRIVER)
        hdr = os.path.join(src, "zx_hw.h")
        with open(hdr, "w") as f:
            f.write(CACHE_HDR_OLD)

        def check(*extra):
            rc, out, err = run(checker, ["--stats", "--cache", cdir, *extra, "zx.c"], cwd=src)
            m = stats.search(err)
            return out, (m.group(3) if m else None)

        out1, hits1 = check()
        expect("[WQ001]" in out1 and hits1 == "0", f"first run: {out1!r}, {hits1} from the cache")
        # two inputs: zx.c and its header, whose macro sleeps (issue 40:
        # reported once, in the header, checked with zx.c)
        out2, hits2 = check()
        expect(out2 == out1 and hits2 == "2", f"re-run: {out2!r}, {hits2} from the cache")
        # the header changes (same size, new bytes): a miss, a new result
        with open(hdr, "w") as f:
            f.write(CACHE_HDR_NEW.ljust(len(CACHE_HDR_OLD) - 1) + "\n")
        out3, hits3 = check()
        expect("[WQ" not in out3 and hits3 == "0",
               f"after the header edit: {out3!r}, {hits3} from the cache (stale?)")
        # back to the old header: zx.c's entry holds the last result
        # only; the header's own (its text and its includer's) is current
        with open(hdr, "w") as f:
            f.write(CACHE_HDR_OLD)
        out4, hits4 = check()
        expect(out4 == out1 and hits4 == "1", f"old header again: {out4!r}, {hits4}")
        out4, hits4 = check()
        expect(out4 == out1 and hits4 == "2", f"old header, re-run: {out4!r}, {hits4}")
        # a header that was missing appears: a miss, and it is read
        with open(os.path.join(src, "zx.c"), "a") as f:
            f.write('#include "zx_late.h"\nvoid zx_late(void)\n{\n\tZX_LATE();\n}\n')
        outa, hitsa = check()
        outa, hitsa = check()
        expect(hitsa == "2" and outa.count("[WQ001]") == 1, f"missing header: {outa!r}, {hitsa}")
        with open(os.path.join(src, "zx_late.h"), "w") as f:
            f.write("#define ZX_LATE() sleep_on(&zx_wq)\n")
        outb, hitsb = check()
        expect(hitsb == "0" and outb.count("[WQ001]") == 2,
               f"the missing header appeared: {outb!r}, {hitsb} from the cache (stale?)")
        out1 = outb
        # other rule selections are other results
        out5, hits5 = check("--select=WQ002")
        expect("[WQ" not in out5 and hits5 == "0", f"--select: {out5!r}, {hits5}")
        # --no-cache reads and writes nothing
        before = sorted(os.listdir(cdir))
        rc, out6, err6 = run(checker, ["--stats", "--no-cache", "--cache", cdir, "zx.c"], cwd=src)
        expect(out6 == out1 and "from the cache" not in err6 and
               sorted(os.listdir(cdir)) == before, f"--no-cache: {err6!r}")
        # damaged entries: a miss, the right answer, and repaired
        for d, _, names in os.walk(cdir):
            for n in names:
                with open(os.path.join(d, n), "w") as f:
                    f.write("wqport-cache 1\nF 1 0 0 7\n=junk\n")
        out7, hits7 = check()
        expect(out7 == out1 and hits7 == "0", f"damaged entry: {out7!r}, {hits7}")

        # fixtures: 4 concurrent runs on one empty cache, then a warm
        # one, all print what an uncached run prints
        fx = sorted(os.path.join(dp, n) for dp, _, ns in os.walk(td) for n in ns
                    if n.endswith(".c"))
        # --no-cache over many files precompiles the shim in a folder of
        # its own, removed at the end; same findings as without a PCH
        scratch = os.path.join(tmp, "scratch")
        os.mkdir(scratch)
        p = subprocess.run([checker, "--no-cache", "--stats"] + fx, capture_output=True,
                           env=dict(os.environ, TMPDIR=scratch), timeout=600)
        ref = p.stdout.decode("utf-8", "replace")
        expect(b"headers precompiled for this run" in p.stderr,
               f"--no-cache over {len(fx)} files made no PCH: {p.stderr[-300:]!r}")
        nopch = subprocess.run([checker, "--no-cache"] + fx, capture_output=True,
                               env=dict(os.environ, WQPORT_NO_PCH="1"),
                               timeout=600).stdout.decode("utf-8", "replace")
        expect(ref == nopch, "--no-cache with the run's shim PCH differs from no PCH")
        expect(not os.listdir(scratch), f"left in TMPDIR: {os.listdir(scratch)}")
        cdir2 = os.path.join(tmp, "cache2")
        procs = [subprocess.Popen([checker, "--cache", cdir2, "-j2"] + fx,
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
                 for _ in range(4)]
        outs = [p.communicate(timeout=600)[0].decode("utf-8", "replace") for p in procs]
        expect(all(o == ref for o in outs), "concurrent runs differ from --no-cache")
        rc, warm, err = run(checker, ["--stats", "--cache", cdir2] + fx)
        m = stats.search(err)
        expect(warm == ref and m and m.group(3) and int(m.group(3)) > 40,
               f"warm run: same={warm == ref}, {err.strip()!r}")
        # the shim was precompiled into the cache folder and used
        pchs = [n for n in os.listdir(os.path.join(cdir2, "pch"))
                if n.startswith("shim-") and n.endswith(".pch")] \
            if os.path.isdir(os.path.join(cdir2, "pch")) else []
        expect(len(pchs) == 1, f"shim PCH in the cache: {pchs}")
        # a damaged PCH is refused by clang: the files parse without it
        for n in pchs:
            with open(os.path.join(cdir2, "pch", n), "r+b") as f:
                f.write(b"XXXX")       # its magic: clang cannot load it
        for d in os.listdir(cdir2):
            if d != "pch":
                shutil.rmtree(os.path.join(cdir2, d))
        rc, bad, err = run(checker, ["--cache", cdir2] + fx)
        expect(bad == ref, "with a damaged shim PCH the findings differ")
        left = [n for dp, _, ns in os.walk(cdir2) for n in ns if ".tmp." in n]
        expect(not left, f"temporary files left: {left}")

        # bounded: a 16 KiB limit trims the oldest after a storing run
        def size(d):
            return sum(os.path.getsize(os.path.join(dp, n))
                       for dp, _, ns in os.walk(d) for n in ns)
        full = size(cdir2)
        os.environ["WQPORT_CACHE_MAX_KB"] = "16"
        try:
            rc, out, _ = run(checker, ["--cache", cdir2, "--select=WQ001"] + fx)
        finally:
            del os.environ["WQPORT_CACHE_MAX_KB"]
        expect(full > 16 << 10 and size(cdir2) <= 16 << 10,
               f"cache {full} bytes, after trimming to 16 KiB: {size(cdir2)}")

    # a short --no-cache run uses the shim PCH a run with the default
    # cache left, and builds none itself
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, XDG_CACHE_HOME=tmp)
        env.pop("WQPORT_NO_CACHE", None)
        fx = [os.path.join(td, "sleep-on", "zx-cam-ko.c")]
        pdir = os.path.join(tmp, "wqport", "results", "pch")

        def go(*extra):
            p = subprocess.run([checker, *extra] + fx, env=env, text=True,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            return p.stdout
        ref = go("--no-cache")
        expect(not os.path.isdir(pdir), "--no-cache built a PCH in the user's cache")
        expect(go() == ref, "the default cache run differs from --no-cache")
        pchs = [n for n in os.listdir(pdir) if n.endswith(".pch")] \
            if os.path.isdir(pdir) else []
        expect(len(pchs) == 1, f"shim PCH in the default cache: {pchs}")
        for n in pchs:      # damaged: clang refuses it, wqport removes it
            with open(os.path.join(pdir, n), "r+b") as f:
                f.write(b"XXXX")
        expect(go("--no-cache") == ref, "--no-cache with a damaged PCH differs")
        left = [n for n in os.listdir(pdir) if n.endswith(".pch")]
        expect(not left, f"--no-cache did not use the cache's PCH: {left} still there")


def prefilter_task_state(checker, td):
    """A bare TASK_* name passes the prefilter only where the file sets
    the state by hand through current (old drivers, 2.4 and 2.6 era)."""
    files = {
        # reads a task's state: nothing to check
        "report.c": "static int busy(struct task_struct *p)\n"
                    "{\n\treturn p->state == TASK_UNINTERRUPTIBLE;\n}\n",
        # some other state field, then a state name
        "other.c": "static void f(struct dev *d)\n{\n\td->state = 1;\n"
                   "\tif (task_is(TASK_INTERRUPTIBLE))\n\t\tg();\n}\n",
        # 2.2-2.4 style: current->state = TASK_INTERRUPTIBLE;
        "old24.c": "static void rd(void)\n{\n\tcurrent -> state =\n"
                   "\t\tTASK_INTERRUPTIBLE;\n\tschedule();\n}\n",
        # 5.14+ spelling, through get_current()
        "new514.c": "static void rd(void)\n{\n\tget_current ()->__state"
                    " = TASK_UNINTERRUPTIBLE;\n\tschedule();\n}\n",
        # the field alone, no state name: nothing to record either
        "nostate.c": "static void rd(void)\n{\n\tcurrent->state = 1;\n}\n",
    }
    with tempfile.TemporaryDirectory() as tmp:
        for name, text in files.items():
            with open(os.path.join(tmp, name), "w") as f:
                f.write(text)
        rc, out, _ = run(checker, ["--prefilter-only", tmp])
        kept = sorted(os.path.basename(x) for x in out.splitlines())
        expect(kept == ["new514.c", "old24.c"], f"prefilter kept {kept}")
    # the fixtures of old current->state drivers are still checked
    for name in ("ess-codec-reset-ko.c", "gemtek-radio-legacy-ko.c"):
        path = os.path.join(td, "schedule-while-running", name)
        rc, out, _ = run(checker, ["--prefilter-only", path])
        expect(out.strip() == path, f"prefilter dropped {path}")


def api_forms(checker, td):
    """The same driver gives the same findings whether the API is made of
    macros or of functions."""
    d = os.path.join(td, "api-forms")
    outs = {}
    for form in ("macro", "function"):
        rc, out, err = run(checker, ["forms.c", "--", "-nostdinc", "-I", form], cwd=d)
        expect(rc == 1 and not err, f"{form}: exit {rc}, stderr {err!r}")
        outs[form] = out
    expect(outs["macro"] == outs["function"],
           "macro and function forms differ:\n" + outs["macro"] + "---\n" + outs["function"])
    rules = set(re.findall(r"\[(WQ\d{3})\]$", outs["macro"], re.M))
    expect({"WQ001", "WQ002", "WQ003"} <= rules, f"forms.c found {rules}")


def list_rules(checker, td):
    """--list-rules prints every rule of the table once, in order."""
    rc, out, _ = run(checker, ["--list-rules"])
    ids = [l.split()[0] for l in out.splitlines()]
    expect(rc == 0 and ids == [f"WQ{n:03d}" for n in range(1, len(ids) + 1)],
           f"--list-rules ids: {ids}")


def fifo(checker, td):
    """A FIFO named on the command line is refused at once, not read."""
    with tempfile.TemporaryDirectory() as tmp:
        os.mkfifo(os.path.join(tmp, "pipe.c"))
        for args in (["pipe.c"], ["fix", "pipe.c"]):
            try:
                rc, _, err = run(checker, args, cwd=tmp)
            except subprocess.TimeoutExpired:
                expect(False, f"{args}: hangs on a FIFO")
                continue
            expect(rc == 2 and "pipe.c: error: not a regular file" in err,
                   f"{args}: exit {rc}, stderr {err!r}")


def honest_errors(checker, td):
    """No silent wrong answers: an empty rule selection, a missing shim
    directory and a report that cannot be written are errors (exit 2)."""
    samples = os.path.join(td, "samples")
    # every rule is stable now: an empty selection is one that --target
    # empties (WQ011 only matters from 5.14, WQ012 from 4.13)
    for sel in (["--select="], ["--select=WQ011", "--target=4.9"],
                ["--select=WQ011,WQ012", "--target=2.6.32"]):
        rc, _, err = run(checker, sel + [samples])
        expect(rc == 2 and "no stable rule selected" in err,
               f"{sel}: exit {rc}, stderr {err!r}")
    for sel in (["--target=2"], ["--target=6.1.300"], ["--target=x"]):
        rc, _, err = run(checker, sel + [samples])
        expect(rc == 2 and "bad target kernel" in err,
               f"{sel}: exit {rc}, stderr {err!r}")
    for args, env in ((["--shim-dir=/nonexistent", samples], None),
                      ([samples], {"WQPORT_SHIM_DIR": "/nonexistent"}),
                      (["fix", "--shim-dir=/nonexistent", samples], None)):
        e = dict(os.environ)
        e.update(env or {})
        p = subprocess.run([checker] + args, capture_output=True, text=True,
                           env=e, timeout=300)
        expect(p.returncode == 2 and "shim headers are missing" in p.stderr,
               f"{args} {env}: exit {p.returncode}, stderr {p.stderr!r}")
    with open("/dev/full", "w") as full:
        p = subprocess.run([checker, samples], stdout=full,
                           stderr=subprocess.PIPE, text=True, timeout=300)
    expect(p.returncode == 2 and "cannot write the report" in p.stderr,
           f"stdout on a full disk: exit {p.returncode}, stderr {p.stderr!r}")
    # stdout closed: the worker processes' sockets must not take its
    # place, and the lost report is an error
    for jobs in ("-j1", "-j2"):
        p = subprocess.run(["sh", "-c", 'exec "$0" "$@" >&-', checker, jobs,
                            samples], capture_output=True, text=True,
                           timeout=300)
        expect(p.returncode == 2 and "cannot write the report" in p.stderr,
               f"stdout closed {jobs}: exit {p.returncode}, stderr {p.stderr!r}")


def json_paths(checker, td):
    """JSON keeps UTF-8 paths as they are and writes each byte of a path
    that is not UTF-8 as \\u00XX (docs/user-guide.md, JSON output): the
    document is strict UTF-8 JSON, and the bytes come back by the
    documented rule (a \\u0080..\\u00ff escape is that raw byte), for
    check and fix."""
    src = os.path.join(td, "sleep-on", "acme-adc-read-ko.c")
    names = ["café-ko.c".encode(), b"lat\xe9n.c"]
    with tempfile.TemporaryDirectory() as tmp:
        for n in names:
            with open(src, "rb") as f, open(os.path.join(tmp.encode(), n), "wb") as g:
                g.write(f.read())
        for args, key in ((["--format=json", "."], "findings"),
                          (["fix", "--format=json", "."], "files")):
            p = subprocess.run([checker] + args, cwd=tmp, capture_output=True,
                               timeout=300)
            try:
                text = p.stdout.decode("utf-8")
                for x in json.loads(text)[key]:
                    x["file"].encode("utf-8")	# no lone surrogate
                # the documented way back to the bytes
                doc = json.loads(re.sub(r"\\u00([89a-fA-F][0-9a-fA-F])",
                                        r"\\udc\1", text))
            except (UnicodeError, ValueError) as e:
                expect(False, f"{args}: output is not strict UTF-8 JSON: {e}")
                continue
            got = {os.fsencode(x["file"]) for x in doc[key]}
            want = {b"./" + n for n in names}
            expect(got == want, f"{args}: paths {got}, want {want}")


def small_honesty(checker, td):
    """--prefilter-only --format=json is JSON; no flag after -- is dropped
    however many there are; an empty directory is named."""
    samples = os.path.join(td, "samples")
    rc, out, _ = run(checker, ["--prefilter-only", "--format=json", samples])
    try:
        kept = json.loads(out)["kept"]
        expect(any(k.endswith("zorb-serial-ko.c") for k in kept),
               f"--prefilter-only json: {kept}")
    except ValueError:
        expect(False, "--prefilter-only --format=json is not JSON:\n" + out)
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, "late.c"), "w") as f:
            f.write("void interruptible_sleep_on(void *q);\n"
                    "void f(void *q)\n{\n#ifdef LAST_FLAG\n"
                    "\tinterruptible_sleep_on(q);\n#endif\n}\n")
        flags = ["-DDUMMY%d" % i for i in range(300)] + ["-DLAST_FLAG"]
        rc, out, err = run(checker, ["late.c", "--"] + flags, cwd=tmp)
        expect(rc == 1 and "[WQ001]" in out,
               f"the 301st flag after -- was lost: exit {rc}\n{out}{err}")
        os.mkdir(os.path.join(tmp, "empty"))
        for args in (["empty"], ["fix", "empty"]):
            rc, _, err = run(checker, args, cwd=tmp)
            expect(rc == 2 and "'empty'" in err,
                   f"{args}: exit {rc}, stderr {err!r}")


def limits(checker, td):
    """A limit of the model that is hit is said, naming the function."""
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, "deep.c"), "w") as f:
            f.write("void sleep_on(void *q);\nint c;\nvoid deep(void *q)\n{\n" +
                    "while (c) {\n" * 70 + "sleep_on(q);\n" + "}\n" * 70 + "}\n")
        with open(os.path.join(tmp, "ents.c"), "w") as f:
            f.write("#include <linux/wait.h>\n#include <linux/sched.h>\n"
                    "static wait_queue_head_t q;\nvoid many(void)\n{\n" +
                    "".join("\tDECLARE_WAITQUEUE(w%d, current);\n" % i for i in range(30)) +
                    "".join("\tadd_wait_queue(&q, &w%d);\n" % i for i in range(30)) +
                    "\tschedule();\n}\n")
        rc, out, err = run(checker, ["deep.c", "ents.c"], cwd=tmp)
        expect("deep.c: warning: deep(): more than 64 nested loops" in err,
               "64 nested loops passed silently:\n" + err)
        expect("ents.c: warning: many(): more than 24 wait entries" in err,
               "24 wait entries passed silently:\n" + err)


def inactive_body(checker, td):
    """When every function is under an inactive #if, the warning names
    that #if (not the first missing header); a body with waits is
    checked with the #if forced on; #if 0 is never checked."""
    body = ("static int xq_ready;\nstatic struct wait_queue *xq_wait;\n"
            "static void xq_wait_ready(void)\n{\n"
            "\twhile (!xq_ready)\n\t\t%s(&xq_wait);\n}\n")
    with tempfile.TemporaryDirectory() as tmp:
        files = {
            "dead.c": "#include <linux/xq_regs.h>\n#if 0\n" +
                      body % "sleep_on" + "#endif\n",
            "nowait.c": "#include <linux/xq_regs.h>\n#ifdef CONFIG_XQ\n" +
                        body % "xq_poll" + "#endif\n",
            "waits.c": "#include <linux/xq_regs.h>\n#ifdef CONFIG_XQ\n" +
                       "#include <linux/wait.h>\n" +
                       body % "sleep_on" + "#endif\n",
            # a function outside the #if that does not parse either (a
            # head the vendor's header builds): the #if is not why
            "active.c": "#include \"xq_types.h\"\n" +
                        "XQ_ENTRY(int) xq_poke(XQ_U32 v)\n{\n" +
                        "\treturn xq_write(v);\n}\n" +
                        "#ifdef CONFIG_XQ\n" + body % "xq_poll" +
                        "#endif\n",
        }
        for name, text in files.items():
            with open(os.path.join(tmp, name), "w") as f:
                f.write(text)
        rc, out, err = run(checker, ["--no-prefilter", "dead.c", "nowait.c",
                                     "waits.c", "active.c"], cwd=tmp)
        expect("dead.c: warning: not checked: the functions (lines 2-10) "
               "are under '#if 0': dead code by convention" in err,
               "#if 0 body:\n" + err)
        expect("nowait.c: warning: nothing to check: the functions "
               "(lines 2-10) are under '#ifdef CONFIG_XQ', off in this "
               "configuration, and name no wait API" in err,
               "inactive body with no wait:\n" + err)
        expect("active.c: warning: not checked: no function parses" in err
               and "active.c: warning: nothing to check" not in err,
               "an #if blamed where a function outside it fails too:\n" +
               err)
        expect("file not found" not in err.replace(
            "'xq_types.h' file not found", ""),
            "a missing header was blamed:\n" + err)
        expect("waits.c:9:3: error: sleep_on()" in out and
               "waits.c:2:1: note: inside '#ifdef CONFIG_XQ'" in out and
               "waits.c" not in err and rc == 1,
               "inactive body with a wait not checked:\n" + out + err)


def attr_macro(checker, td):
    """A vendor driver parsed without its headers, its functions marked
    with an attribute macro of its own (`VTX_STATUS VTX_CALL name(`,
    `static void VTXFASTPATH name(`): clang takes the macro for the
    declarator and loses the function, unless the macro is blanked for
    a second parse.  Both waits are found and converted; the file's
    text is not changed by the check."""
    text = ('#include "vtx-types.h"\n'
            "#include <linux/sched.h>\n\n"
            "VTX_STATUS VTX_CALL vtx_delay(VTX_U32 ticks)\n{\n"
            "\tset_current_state(TASK_INTERRUPTIBLE);\n"
            "\tdo {\n\t\tschedule_timeout(ticks);\n"
            "\t\tticks = vtx_ticks_left();\n"
            "\t} while (ticks != 0);\n\treturn VTX_OK;\n}\n\n"
            "static void VTXFASTPATH vtx_kick(int v)\n{\n"
            "\tset_current_state(TASK_UNINTERRUPTIBLE);\n"
            "\twhile (!vtx_ready())\n\t\tschedule_timeout(1);\n}\n\n"
            # an off #ifdef: its forced parse reads the blanked text too
            "#ifdef VTX_DEBUG\nVTX_STATUS VTX_CALL vtx_dbg_wait(void)\n{\n"
            "\twhile (!vtx_ready())\n\t\tschedule_timeout(2);\n"
            "\treturn VTX_OK;\n}\n#endif\n")
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "vtx_os.c")
        with open(path, "w") as f:
            f.write(text)
        rc, out, err = run(checker, ["--no-cache", "vtx_os.c"], cwd=tmp)
        expect("vtx_os.c:8:3: error: schedule_timeout() runs in TASK_RUNNING"
               in out and
               "vtx_os.c:18:3: error: schedule_timeout() runs in TASK_RUNNING"
               in out and
               "vtx_os.c:25:3: error: schedule_timeout() is called in "
               "TASK_RUNNING" in out and
               "vtx_os.c:21:1: note: inside '#ifdef VTX_DEBUG'" in out and
               rc == 1,
               "a function behind an attribute macro was lost:\n" + out + err)
        with open(path) as f:
            expect(f.read() == text, "the check changed the file")
        rc, out, err = run(checker, ["fix", "vtx_os.c"], cwd=tmp)
        expect("+\t\tschedule_timeout_interruptible(ticks);" in out and
               "+\t\tschedule_timeout_uninterruptible(1);" in out,
               "the fix did not convert both:\n" + out + err)


def header_macro(checker, td):
    """A wait hidden in a macro of a local header: the prefilter follows
    the quoted include, the finding is at the sleep in the header's macro
    (once) with a note at the use; a file not using the macro stays
    skipped."""
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, "zq.h"), "w") as f:
            f.write("#include <linux/wait.h>\n"
                    "struct zq { wait_queue_head_t q; int done; };\n"
                    "#define ZQ_SLEEP(z) \\\n"
                    "\tinterruptible_sleep_on_timeout(&(z)->q, HZ)\n")
        with open(os.path.join(tmp, "zq_core.c"), "w") as f:
            f.write('#include "zq.h"\nint zq_wait(struct zq *z)\n{\n'
                    "\twhile (!z->done)\n\t\tZQ_SLEEP(z);\n"
                    "\treturn 0;\n}\n")
        with open(os.path.join(tmp, "zq_misc.c"), "w") as f:
            f.write('#include "zq.h"\nint zq_done(struct zq *z)\n{\n'
                    "\treturn z->done;\n}\n")
        rc, out, err = run(checker, ["--prefilter-only", "zq_core.c",
                                     "zq_misc.c"], cwd=tmp)
        expect(out.split() == ["zq_core.c"], f"prefilter kept {out!r}")
        # issue 40: one finding, at the sleep in the header's macro, with
        # a note at the use; the use itself is no finding
        rc, out, err = run(checker, ["zq_core.c"], cwd=tmp)
        expect("zq.h:4:2: error: interruptible_sleep_on_timeout()" in out
               and "zq_core.c:5:3: note: 'ZQ_SLEEP' expands here" in out
               and "zq_core.c:5:3: error" not in out,
               "header macro:\n" + out + err)
        rc, out, err = run(checker, ["--format=json", "zq_core.c"], cwd=tmp)
        fds = json.loads(out)["findings"]
        notes = [n for fd in fds for n in fd["notes"]]
        expect([fd["file"] for fd in fds] == ["zq.h"] and
               any(n["file"] == "zq_core.c" and n["line"] == 5 for n in notes),
               f"JSON: the finding in the header, a note at the use: {fds}")
        # both includers in one run: the header is still reported once
        rc, out, err = run(checker, ["--format=json", "zq_core.c",
                                     "zq_misc.c"], cwd=tmp)
        fds = json.loads(out)["findings"]
        expect([(fd["file"], fd["line"]) for fd in fds] == [("zq.h", 4)],
               f"two includers: {fds}")


HDR = ("#include <linux/wait.h>\n#include <linux/sched.h>\n"
       "static DECLARE_WAIT_QUEUE_HEAD(wq);\nstatic int flag;\n")
GOOD = HDR + "void good(void)\n{\n\tsleep_on(&wq);\n}\n"


def write(tmp, name, text):
    with open(os.path.join(tmp, name), "w") as f:
        f.write(text)


def isolation(checker, td):
    """A file that crashes the parser (nesting deeper than its stack) or
    exhausts a limit costs one error line naming it: the files before and
    after it are still reported, in order, and the run exits 2."""
    with tempfile.TemporaryDirectory() as tmp:
        write(tmp, "a.c", GOOD)
        write(tmp, "z.c", GOOD)
        # libclang's parser overflows its stack on these (clang too)
        write(tmp, "tern.c", HDR + "int f(int x)\n{\n\tsleep_on(&wq);\n\treturn " +
              "x ? " * 20000 + "1" + " : 0" * 20000 + ";\n}\n")
        write(tmp, "nots.c", HDR + "int f(int x) { sleep_on(&wq); return " + "!" * 4000 +
              "x; }\n")
        # a device named through a macro: only the limits can catch it
        write(tmp, "zero.c", '#define DEV "/dev/zero"\n#include DEV\n' + GOOD)
        # named directly: refused before libclang reads it
        write(tmp, "zero2.c", '#include "/dev/zero"\n' + GOOD)
        for jobs in ("-j1", "-j2"):
            rc, out, err = run(checker, [jobs, "--timeout=20", "a.c",
                                         "tern.c", "nots.c", "z.c"], cwd=tmp)
            expect(rc == 2, f"{jobs}: exit {rc}, want 2\n{err}")
            for name in ("tern.c", "nots.c"):
                expect(re.search(r"^%s: error: the checker crashed on it" %
                                 re.escape(name), err, re.M),
                       f"{jobs}: no crash error naming {name}:\n{err}")
            expect(re.findall(r"^(\w+)\.c:\d+:\d+: error", out, re.M) ==
                   ["a", "z"], f"{jobs}: findings of a.c and z.c, in order:\n{out}")
        # wqport fix screens the files in worker processes first
        rc, out, err = run(checker, ["fix", "a.c", "tern.c", "z.c"], cwd=tmp)
        expect(rc == 2 and re.search(r"^tern\.c: error: the checker crashed on it",
                                     err, re.M),
               f"fix: exit {rc}, no crash error naming tern.c:\n{err}")
        expect(re.search(r"^a\.c:\d+:\d+: ", err + out, re.M) and
               re.search(r"^z\.c:\d+:\d+: ", err + out, re.M),
               f"fix: the sites of a.c and z.c are missing:\n{out}{err}")
        rc, out, err = run(checker, ["--format=json", "a.c", "tern.c", "z.c"],
                           cwd=tmp)
        try:
            doc = json.loads(out)
            expect([f["file"] for f in doc["findings"]] == ["a.c", "z.c"],
                   f"json findings: {doc['findings']}")
            expect([e["file"] for e in doc["errors"]] == ["tern.c"],
                   f"json errors: {doc['errors']}")
        except ValueError:
            expect(False, "json output after a crash is not JSON:\n" + out)
        cases = ((["--timeout=2", "--max-memory=0"], "timed out after 2 s"),
                 (["--max-memory=256", "--timeout=0"], "out of memory"))
        for limits, msg in cases:
            rc, out, err = run(checker, limits + ["zero.c", "z.c"], cwd=tmp)
            expect(rc == 2 and re.search(r"^zero\.c: error: %s" % msg, err, re.M),
                   f"{limits}: exit {rc}, stderr {err!r}")
            expect("z.c:" in out, f"{limits}: z.c not reported after zero.c")
        rc, out, err = run(checker, ["zero2.c", "z.c"], cwd=tmp)
        expect(rc == 2 and "zero2.c: error: includes /dev/zero, which is not a regular file" in err,
               f"direct /dev/zero include: exit {rc}, stderr {err!r}")
        for bad in ("--timeout=x", "--timeout=-1", "--max-memory=1",
                    "--max-memory=lots"):
            rc, _, err = run(checker, [bad, "a.c"], cwd=tmp)
            expect(rc == 2 and "Try 'wqport --help'" in err,
                   f"{bad}: exit {rc}, stderr {err!r}")


def deep_nesting(checker, td):
    """wqport's own walks survive what libclang parses: 5,000 nested do,
    long brace-less while chains (once a use after realloc), a deep
    ternary; past the depth bound, a warning names the function."""
    with tempfile.TemporaryDirectory() as tmp:
        write(tmp, "do.c", HDR + "void f(int x)\n{\n" + "do " * 5000 +
              "x--;" + " while (x);" * 5000 + "\n\tsleep_on(&wq);\n}\n")
        write(tmp, "while.c", HDR + "void f(int x)\n{\n" +
              "while (x) " * 3000 + "{ if (flag) break; sleep_on(&wq); }\n}\n")
        write(tmp, "tern.c", HDR + "int f(int x)\n{\n\tif (" + "x ? " * 3000 +
              "1" + " : 0" * 3000 + ")\n\t\tsleep_on(&wq);\n\treturn 0;\n}\n")
        for iso in ([], ["--no-isolation"]):
            rc, out, err = run(checker, iso + ["do.c", "while.c", "tern.c"],
                               cwd=tmp)
            expect(rc == 1, f"{iso}: exit {rc}, want 1\n{err}")
            for name in ("do.c", "while.c", "tern.c"):
                expect(re.search(r"^%s:\d+:\d+: error: .*\[WQ001\]" %
                                 re.escape(name), out, re.M),
                       f"{iso}: no finding in {name}:\n{out}{err}")
        e = dict(os.environ, WQPORT_MAX_DEPTH="50")
        p = subprocess.run([checker, "tern.c"], cwd=tmp, capture_output=True,
                           text=True, env=e, timeout=300)
        expect("tern.c: warning: f(): statements or expressions nested too deeply"
               in p.stderr, "the depth bound passed silently:\n" + p.stderr)


def run_on_tty(checker, args):
    """Run with stderr on a pseudo-terminal; return (rc, stdout, tty text)."""
    import pty
    master, slave = pty.openpty()
    # stdout to a file, not a pipe: a report bigger than the pipe buffer
    # would block the checker while this reads only the terminal
    outf = tempfile.TemporaryFile()
    p = subprocess.Popen([checker] + args, stdout=outf,
                         stderr=slave, stdin=subprocess.DEVNULL)
    os.close(slave)
    chunks = []
    while True:
        try:
            b = os.read(master, 65536)
        except OSError:		# EIO: the child closed its end
            break
        if not b:
            break
        chunks.append(b)
    rc = p.wait()
    outf.seek(0)
    out = outf.read().decode("utf-8", "replace")
    outf.close()
    os.close(master)
    return rc, out, b"".join(chunks).decode("utf-8", "replace")


def progress(checker, td):
    """A progress line on a terminal only, erased, and never on stdout."""
    # --no-prefilter -j1: long enough (seconds) for the line to show
    args = ["-j1", "--no-prefilter", td]
    rc_pipe, out_pipe, err_pipe = run(checker, args)
    rc, out, tty = run_on_tty(checker, args)
    lines = re.findall(r"\r\x1b\[Kwqport: (\d+)/(\d+) files, [\d.]+ files/s, "
                       r"(\d+:\d\d left|time left unknown)", tty)
    expect(lines, "no progress line on a terminal:\n" + repr(tty[:500]))
    expect(all(int(d) <= int(t) for d, t, _ in lines) and
           len({t for _, t, _ in lines}) == 1,
           f"progress counts wrong: {lines[:5]}")
    # findings go to stdout; what follows the last erase is not progress
    expect("files/s" not in tty.rsplit("\r\x1b[K", 1)[-1],
           "the last progress line was not erased:\n" + repr(tty[-300:]))
    expect(rc == rc_pipe and out == out_pipe,
           "stdout differs on a terminal")
    expect("files/s" not in err_pipe, "progress line in piped stderr")
    rc, out, tty = run_on_tty(checker, ["--quiet"] + args)
    expect("files/s" not in tty, "--quiet did not silence the progress line")
    rc, out, tty = run_on_tty(checker, ["-q"] + args)
    expect("files/s" not in tty, "-q did not silence the progress line")


def jobs_default(checker, td):
    """-j defaults to the number of cores; the output does not change."""
    base = run(checker, ["-j1", td])
    dflt = run(checker, [td])
    expect(base == dflt, "default -j output differs from -j1")
    expect(re.search(r"--jobs=N +check N files in parallel \(default: the\s+"
                     r"number of\s+cores\)", run(checker, ["--help"])[1]),
           "--help does not say -j defaults to the cores")


def compiler_form(checker, td):
    """Called as kbuild calls a checker: flags, then the file, no --."""
    src = os.path.join(td, "samples", "zorb-serial-ko.c")
    with open(os.path.join(td, "samples", "zorb-serial-ko.diag")) as f:
        want = f.read()
    with tempfile.TemporaryDirectory() as tmp:
        os.symlink(os.path.realpath(os.path.join(os.path.dirname(
            os.path.realpath(__file__)), "..", "checker", "shim")),
            os.path.join(tmp, "kinc"))
        shutil_copy(src, os.path.join(tmp, "zorb-serial-ko.c"))
        dep = os.path.join(tmp, ".zorb.o.d")
        # sparse's CHECKFLAGS, then gcc's: relative paths, gcc-only and
        # clang-only flags, a dependency file, two-word options
        flags = ["-D__linux__", "-Dlinux", "-D__STDC__", "-Wbitwise",
                 "-Wno-return-void", "--arch=x86", "-mlittle-endian", "-m64",
                 f"-Wp,-MMD,{dep}", "-nostdinc", "-isystem", "./kinc",
                 "-include", "kinc/wqport-shim.h", "-D__KERNEL__",
                 "-mindirect-branch=thunk-extern", "-fconserve-stack",
                 "-mharden-sls=all", "-Qunused-arguments", "-O2", "-pg",
                 "--param=allow-store-data-races=0", "-o", "zorb.o",
                 "-DKBUILD_MODNAME=\"zorb\""]
        rc, out, err = run(checker, flags + ["zorb-serial-ko.c"], cwd=tmp)
        expect(rc == 0, f"compiler form exit {rc}, want 0 (no --werror)")
        expect(out == "", "compiler form wrote findings to stdout:\n" + out)
        expect(err == want, "compiler form stderr differs from the .diag:\n"
               + err)
        expect(not os.path.exists(dep), "-Wp,-MMD reached libclang: "
               "it wrote a dependency file")
        rc, out, err = run(checker, flags + ["zorb-serial-ko.c", "--werror"],
                           cwd=tmp)
        expect(rc == 1 and err == want, f"--werror: exit {rc}, want 1")
        # the flags are used, not the shim: a wrong path gives parse errors
        bad = [f if f != "./kinc" else "./nowhere" for f in flags]
        bad = [f if f != "kinc/wqport-shim.h" else "nowhere/x.h" for f in bad]
        rc, out, err = run(checker, bad + ["zorb-serial-ko.c"], cwd=tmp)
        expect(rc == 0 and "parse errors" in err,
               f"broken compiler flags: exit {rc}, stderr {err!r}")


def template_walk(checker, td):
    """A template header a directory walk meets (issue 40): with no .c of
    its directory including it, it is checked on its own, once, at its
    own lines; with one that includes it, once, in that file's context;
    a header that only declares is no input."""
    hdr = os.path.join(td, "sleep-on", "drx-dma-tmpl-ko.h")
    with tempfile.TemporaryDirectory() as tmp:
        for sub in ("alone", "incl"):
            os.mkdir(os.path.join(tmp, sub))
            shutil_copy(hdr, os.path.join(tmp, sub, "drx_dma.h"))
            with open(os.path.join(tmp, sub, "drx_regs.h"), "w") as f:
                f.write("#define DRX_STATUS 0x10\n"
                        "extern void sleep_on(void *q);\n")
        with open(os.path.join(tmp, "alone", "drx128_drv.c"), "w") as f:
            f.write('#include "drx_regs.h"\nint drx128_probe(void)\n'
                    "{\n\treturn DRX_STATUS;\n}\n")
        with open(os.path.join(tmp, "incl", "drx128_drv.c"), "w") as f:
            f.write("#include <linux/wait.h>\n#define DRM(x) drx128_##x\n"
                    "typedef struct drx_dev { struct { wait_queue_head_t "
                    "idle_wait, flush_wait; atomic_t pending; unsigned long "
                    "flushing; } *dma; } drm_device_t;\n"
                    '#include "drx_dma.h"\n')
        rc, out, err = run(checker, ["--no-cache", "alone"], cwd=tmp)
        lines = [l for l in out.splitlines() if ": note:" not in l]
        expect(rc == 1 and len(lines) == 2 and
               lines[0].startswith("alone/drx_dma.h:26:2: warning: open-coded") and
               lines[1].startswith("alone/drx_dma.h:46:3: error: interruptible_sleep_on()"),
               "orphan template header in a walk:\n" + out + err)
        rc, out, err = run(checker, ["--no-cache", "incl"], cwd=tmp)
        lines = [l for l in out.splitlines() if ": note:" not in l]
        expect(rc == 1 and len(lines) == 2 and
               all(l.startswith("incl/drx_dma.h:") for l in lines),
               "included template header in a walk:\n" + out + err)
        rc, out, err = run(checker, ["--no-cache", "--format=json", "alone",
                                     "incl"], cwd=tmp)
        files = sorted({fd["file"] for fd in json.loads(out)["findings"]})
        expect(files == ["alone/drx_dma.h", "incl/drx_dma.h"],
               f"findings in {files}")


def shutil_copy(a, b):
    with open(a, "rb") as f, open(b, "wb") as g:
        g.write(f.read())


SCENARIOS = {f.__name__.replace("_", "-"): f for f in
             (bad_input, json_format, usage, select, jobs, prefilter,
              prefilter_task_state, lazy_libclang, cache,
              api_forms, list_rules, fifo, honest_errors, json_paths,
              small_honesty, limits, isolation, deep_nesting, progress,
              jobs_default, compiler_form, inactive_body, header_macro,
              template_walk, attr_macro)}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--checker", required=True)
    ap.add_argument("--testdata", required=True)
    ap.add_argument("scenario", choices=sorted(SCENARIOS))
    a = ap.parse_args()
    SCENARIOS[a.scenario](os.path.abspath(a.checker), os.path.abspath(a.testdata))
    for f in FAILS:
        print("FAIL: " + f)
    print(f"{a.scenario}: {'FAIL' if FAILS else 'PASS'} ({len(FAILS)} problems)")
    return 1 if FAILS else 0


if __name__ == "__main__":
    sys.exit(main())

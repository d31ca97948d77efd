#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""The diff reader (checker/select/diffparse.c) against real `git diff`.

    diff-test.py --dump PATH --checker PATH --source DIR SCENARIO

Each scenario makes a scratch git repository, edits it, has git write the
diff (with -U0, -U1 and -U3 where the context matters) and feeds it to
wqport-diffdump, which prints the changed new-side lines per file.  The
expected lines are written out by hand below, from the edit.  Scenario
hidden-finding runs the checker itself: an added line `++ counter;`
must not hide a WQ002 on a later changed line.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

FAILS = []
GIT_ENV = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.org",
               GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@example.org",
               GIT_CONFIG_GLOBAL="/dev/null", GIT_CONFIG_NOSYSTEM="1")


def expect(cond, what):
    if not cond:
        FAILS.append(what)


def git(repo, *argv, ok=True):
    p = subprocess.run(["git"] + list(argv), cwd=repo, capture_output=True,
                       env=GIT_ENV, timeout=120)
    if ok and p.returncode:
        raise SystemExit(f"test bug: git {argv}: {p.stderr.decode()}")
    return p.stdout


def write(repo, name, text, mode="w"):
    path = os.path.join(repo, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, mode, newline="" if mode == "w" else None) as f:
        f.write(text)


def new_repo(tmp, files):
    repo = os.path.join(tmp, "repo")
    os.makedirs(repo)
    git(repo, "init", "-q", "-b", "main", ".")
    for name, text in files.items():
        write(repo, name, text, "wb" if isinstance(text, bytes) else "w")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "base")
    return repo


def dump(diff):
    """{path: "a-b c-d"} as the reader sees diff (bytes), or its error"""
    p = subprocess.run([ARGS.dump], input=diff, capture_output=True, timeout=60)
    if p.returncode:
        return "error: " + p.stderr.decode()
    out = {}
    for line in p.stdout.decode("utf-8", "surrogateescape").splitlines():
        path, _, ranges = line.rpartition("\t")
        out[path] = ranges
    return out


def check(what, diff, want):
    got = dump(diff)
    expect(got == want, f"{what}: read {got!r}, want {want!r}\n"
           + diff.decode("utf-8", "replace"))


def check_contexts(what, repo, want, extra=()):
    for u in ("-U0", "-U1", "-U3"):
        check(f"{what} ({u})", git(repo, "diff", u, *extra), want)


def lines(*ls):
    return "".join(l + "\n" for l in ls)


def content_lines():
    """Added, removed and context lines that look like headers."""
    old = lines("l1", "-- gone", "l3", "--- gone too", "l5",
                "@@ -1 +1 @@ ctx", "l7", "l8")
    new = lines("l1", "++ counter;", "l3", "l5", "@@ -1 +1 @@ ctx",
                "+++ b/other.c", "--- a/other.c", "@@ -1,0 +1,1 @@",
                "l7", "l8", "++ tail")
    with tempfile.TemporaryDirectory() as tmp:
        repo = new_repo(tmp, {"x.c": old, "y.c": lines("a", "b", "c")})
        write(repo, "x.c", new)
        write(repo, "y.c", lines("a", "+++ b", "c"))
        # x.c: 2 replaced; the cut of "--- gone too" (old 4) between new
        # 3 and 4; 6-8 added; 11 added.  y.c: 2 replaced.
        check_contexts("header-like content", repo,
                       {"x.c": "2-4 6-8 11-11", "y.c": "2-2"})
        # removed lines only, the first one "--- " and the next "+++ "
        write(repo, "x.c", old)
        write(repo, "y.c", lines("a", "c"))
        check_contexts("removal only", repo, {"y.c": "1-2"})
        write(repo, "x.c", lines("l1", "l3", "l5", "@@ -1 +1 @@ ctx",
                                 "l7", "l8"))
        git(repo, "checkout", "-q", "y.c")
        check_contexts("removed header-like lines", repo, {"x.c": "1-3"})
        # a diff cut short, or with a line that is no hunk line, is refused
        d = git(repo, "diff", "-U3")
        got = dump(d[:d.rstrip(b"\n").rindex(b"\n") + 1])
        expect(str(got).startswith("error: ") and "ends inside a hunk" in got,
               f"truncated diff: {got!r}")
        got = dump(d.replace(b"\n l3\n", b"\nXl3\n"))
        expect(str(got).startswith("error: ") and "shorter" in got,
               f"stray line in a hunk: {got!r}")


def no_newline():
    with tempfile.TemporaryDirectory() as tmp:
        repo = new_repo(tmp, {"a.c": "a\nb\nc", "b.c": "a\nb\n",
                              "c.c": "x\ny", "d.c": "p\nq\n"})
        write(repo, "a.c", "a\nb\nc\nd")      # c gains a newline, d added
        write(repo, "b.c", "a\nb")            # b loses its newline
        write(repo, "c.c", "x\ny\n")          # y gains one
        write(repo, "d.c", "p\nq\n-- r\n+++ s\n@@ t")  # and ends without
        check_contexts("no newline at end of file", repo,
                       {"a.c": "3-4", "b.c": "2-2", "c.c": "2-2",
                        "d.c": "3-5"})


def renames():
    body = lines(*[f"line {i} of the original" for i in range(1, 21)])
    other = lines(*[f"another text, line {i}" for i in range(1, 21)])
    pure = lines(*[f"pure rename {i}" for i in range(1, 21)])
    with tempfile.TemporaryDirectory() as tmp:
        repo = new_repo(tmp, {"r.c": body, "c.c": other, "p.c": pure,
                              "dir/old name.c": pure.replace("pure", "spaced")})
        git(repo, "mv", "r.c", "r2.c")
        write(repo, "r2.c", body.replace("line 5 of", "++ line 5 of"))
        git(repo, "mv", "p.c", "p2.c")
        write(repo, "c2.c", other.replace("line 3\n", "line three\n"))
        git(repo, "mv", "dir/old name.c", "dir/new name.c")
        git(repo, "add", "-A")
        want = {"r2.c": "5-5", "p2.c": "", "c2.c": "3-3", "dir/new name.c": ""}
        for extra in (["-M"], ["-M", "-C", "--find-copies-harder"]):
            d = git(repo, "diff", "--cached", "-U0", *extra)
            w = dict(want)
            if "-C" not in extra:
                w["c2.c"] = "1-20"   # a new file
            check(f"renames {extra}", d, w)
            expect(b"rename to" in d, f"test bug: no rename in {d!r}")
        # without rename detection: a deletion and a new file
        d = git(repo, "diff", "--cached", "--no-renames", "-U0")
        check("--no-renames", d, {"r2.c": "1-20", "p2.c": "1-20",
                                  "c2.c": "1-20", "dir/new name.c": "1-20"})


def mode_binary():
    with tempfile.TemporaryDirectory() as tmp:
        repo = new_repo(tmp, {"m.c": lines("a", "b"), "b.bin": b"\0\1\2" * 50,
                              "d.c": lines("gone"), "e0.c": "",
                              "z.c": lines("a", "b", "c")})
        os.chmod(os.path.join(repo, "m.c"), 0o755)
        write(repo, "b.bin", bytes(range(256)) * 4, "wb")
        os.unlink(os.path.join(repo, "d.c"))
        os.unlink(os.path.join(repo, "e0.c"))
        write(repo, "n.c", lines("1", "2", "3"))
        write(repo, "e.c", "")
        write(repo, "z.c", lines("a", "B", "c"))
        git(repo, "add", "-A")
        want = {"m.c": "", "b.bin": "", "n.c": "1-3", "e.c": "", "z.c": "2-2"}
        for extra in ([], ["--binary"]):
            d = git(repo, "diff", "--cached", "-U0", *extra)
            check(f"mode, binary, new and deleted files {extra}", d, want)
        expect(b"GIT binary patch" in git(repo, "diff", "--cached", "--binary"),
               "test bug: no binary patch")


def paths():
    names = ["sp ace.c", "tab\there.c", "\u00e9t\u00e9.c", 'quo"te.c',
             "back\\slash.c", "sub/b/one.c", "b/two.c"]
    with tempfile.TemporaryDirectory() as tmp:
        repo = new_repo(tmp, {n: lines("a", "b") for n in names})
        for n in names:
            write(repo, n, lines("a", "B"))
        want = {n: "2-2" for n in names}
        for cfg in (["-c", "core.quotePath=true"], ["-c", "core.quotePath=false"],
                    ["-c", "diff.mnemonicPrefix=true"]):
            d = git(repo, *cfg, "diff", "-U0")
            check(f"paths {cfg}", d, want)
        d = git(repo, "-c", "core.quotePath=true", "diff", "-U0")
        expect(b'\\303\\251t\\303\\251.c"' in d and b'/tab\\there.c"' in d,
               f"test bug: git quoted nothing: {d!r}")
        check("--no-prefix", git(repo, "diff", "-U0", "--no-prefix"), want)
        # a mode change of a file with a space: named by "diff --git" only
        git(repo, "checkout", "-q", ".")
        os.chmod(os.path.join(repo, "sp ace.c"), 0o755)
        os.chmod(os.path.join(repo, "\u00e9t\u00e9.c"), 0o755)
        check("mode of spaced and quoted names", git(repo, "diff"),
              {"sp ace.c": "", "\u00e9t\u00e9.c": ""})


def crlf():
    old = "a\r\nb\r\nc\r\n"
    with tempfile.TemporaryDirectory() as tmp:
        repo = new_repo(tmp, {"w.c": old, "u.c": lines("a", "b", "c")})
        write(repo, "w.c", "a\r\n++ b\r\nc\r\nd\r\n")
        write(repo, "u.c", lines("a", "b", "c", "d"))
        want = {"w.c": "2-2 4-4", "u.c": "4-4"}
        for u in ("-U0", "-U3"):
            d = git(repo, "diff", u)
            check(f"CRLF content {u}", d, want)
            # the whole diff saved with CRLF line ends (a Windows editor)
            check(f"CRLF diff {u}", d.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n"),
                  want)


def combined():
    base = lines("l1", "l2", "l3", "l4", "l5", "l6", "l7", "l8")
    with tempfile.TemporaryDirectory() as tmp:
        repo = new_repo(tmp, {"m.c": base})
        git(repo, "checkout", "-q", "-b", "side")
        write(repo, "m.c", base.replace("l3", "theirs3"))
        git(repo, "commit", "-qam", "side")
        git(repo, "checkout", "-q", "main")
        write(repo, "m.c", base.replace("l3", "ours3"))
        git(repo, "commit", "-qam", "main")
        git(repo, "merge", "side", ok=False)
        write(repo, "m.c", base.replace("l3", "++ both3").replace("l7", "@@ x"))
        d = git(repo, "diff")
        expect(b"diff --cc m.c" in d, f"test bug: no combined diff: {d!r}")
        check("combined diff of a merge", d, {"m.c": "3-3 7-7"})


HIDDEN_OLD = "\tadd_wait_queue(&af->read_wait, &wait);\t/* expect: WQ002 fix=converted */"
HIDDEN_NEW = "\tadd_wait_queue(&af->read_wait, &wait);\t/* new */"


def hidden_finding():
    """An added line "++ counter;" (the diff says "+++ counter;") must
    not end the hunks of its file: the WQ002 after it is reported."""
    src = os.path.join(ARGS.source, "testdata/open-coded-wait/acme-fifo-read-ko.c")
    with open(src) as f:
        text = f.read()
    with tempfile.TemporaryDirectory() as tmp:
        repo = new_repo(tmp, {"drivers/acme.c": text})
        changed = text.replace("\t\taf->head++;\n", "\t\taf->head++;\n++ counter;\n"
                               ).replace("static struct acme_fifo acme_fifo_dev;",
                                         "static struct acme_fifo acme_fifo_dev;\n"
                                         "static unsigned long counter;")
        changed = changed.replace(HIDDEN_OLD, HIDDEN_NEW)
        write(repo, "drivers/acme.c", changed)
        line = changed.splitlines().index(HIDDEN_NEW) + 1
        want = f"drivers/acme.c:{line}:"
        d = git(repo, "diff", "-U0")
        expect(b"\n+++ counter;\n" in d, f"test bug: {d!r}")
        for argv, stdin in (([ARGS.checker, "--diff"], d),
                            ([ARGS.checker, "--since", "HEAD"], None)):
            p = subprocess.run(argv, cwd=repo, input=stdin, capture_output=True,
                               env=dict(GIT_ENV, WQPORT_NO_CACHE="1"), timeout=600)
            out = p.stdout.decode()
            expect(p.returncode == 1 and out.startswith(want) and "[WQ002]" in out,
                   f"{argv[1:]}: exit {p.returncode}, want WQ002 at {want}\n"
                   f"{out}{p.stderr.decode()}")


SCENARIOS = {
    "content-lines": content_lines, "no-newline": no_newline,
    "renames": renames, "mode-binary": mode_binary, "paths": paths,
    "crlf": crlf, "combined": combined, "hidden-finding": hidden_finding,
}


def main():
    global ARGS
    ap = argparse.ArgumentParser()
    ap.add_argument("--dump", required=True)
    ap.add_argument("--checker", required=True)
    ap.add_argument("--source", required=True)
    ap.add_argument("scenario", choices=sorted(SCENARIOS))
    ARGS = ap.parse_args()
    ARGS.checker = os.path.abspath(ARGS.checker)
    ARGS.dump = os.path.abspath(ARGS.dump)
    if not shutil.which("git"):
        print("no git")
        return 77
    SCENARIOS[ARGS.scenario]()
    for f in FAILS:
        print("FAIL:", f)
    print(f"{ARGS.scenario}: {'FAILED' if FAILS else 'ok'}")
    return 1 if FAILS else 0


if __name__ == "__main__":
    sys.exit(main())

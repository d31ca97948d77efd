#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Fuzz smoke test: mutated fixtures must never take the checker down.

    fuzz-smoke.py --checker PATH --testdata DIR [--count N] [--seed S]
                  [--keep] [--plain]

A deterministic mutator (seeded, stdlib only) derives N inputs from the
fixtures: byte flips, truncation, token deletion and duplication, deep
nesting, NUL bytes, unterminated comments and strings, CRLF line ends,
UTF-16 and UTF-8 byte-order marks.  The checker runs on them in batches
with --format=json and a per-file --timeout; every run must exit 0, 1 or
2 in time with valid JSON, and no file may end as a crash, a time-out
or an out-of-memory error (crash isolation would hide those as error
lines, so they are looked for by message).  The files kept under
testdata/fuzz-regressions/ (each once failed) run every time too.  With
--keep, a failing input is written there for the next run.
"""
import argparse
import glob
import json
import os
import random
import re
import subprocess
import sys
import tempfile

TIMEOUT = 30		# per file (--timeout), far above any fixture
BATCH = 25
BAD = re.compile(r"crashed|died|exited|timed out|out of memory|garbled|"
                 r"lost|no checker process")
TOKEN = re.compile(rb"[A-Za-z_]\w*|\d+|\S")


def tokens(data):
    return [m.span() for m in TOKEN.finditer(data)]


def flip(r, d):
    b = bytearray(d)
    for _ in range(r.randint(1, 8)):
        if b:
            b[r.randrange(len(b))] ^= 1 << r.randrange(8)
    return bytes(b)


def truncate(r, d):
    return d[:r.randrange(len(d) + 1)]


def delete_tokens(r, d):
    t = tokens(d)
    for _ in range(r.randint(1, 6)):
        if not t:
            break
        s, e = t.pop(r.randrange(len(t)))
        d = d[:s] + b" " * (e - s) + d[e:]
    return d


def dup_tokens(r, d):
    t = tokens(d)
    if not t:
        return d
    i = r.randrange(len(t))
    j = min(len(t) - 1, i + r.randint(0, 10))
    s, e = t[i][0], t[j][1]
    return d[:e] + b" " + d[s:e] * r.randint(1, 4) + d[e:]


def deep(r, d):
    """Nest the first function body, an expression or a loop deeply:
    deep enough to stress the walks, shallow enough for the parser."""
    n = r.choice([100, 250, 1000, 3000])
    kind = r.choice(["brace", "paren", "if", "while", "not", "ternary"])
    m = re.search(rb"\)\s*\n\{\n", d)
    at = m.end() if m else len(d)
    if kind == "brace":
        ins, end = b"{" * min(n, 200), b"}" * min(n, 200)
    elif kind == "paren":
        ins, end = b"(void)" + b"(" * min(n, 200) + b"0" + \
            b")" * min(n, 200) + b";", b""
    elif kind == "if":
        ins, end = b"if (1) " * n + b";", b""
    elif kind == "while":
        ins, end = b"while (0) " * n + b";", b""
    elif kind == "not":
        ins, end = b"(void)" + b"!" * n + b"0;", b""
    else:
        ins, end = b"(void)(" + b"1 ? " * n + b"0" + b" : 0" * n + b");", b""
    d = d[:at] + ins + d[at:]
    if end:
        close = d.find(b"\n}", at + len(ins))
        if close >= 0:
            d = d[:close] + end + d[close:]
    return d


def nul(r, d):
    i = r.randrange(len(d) + 1)
    return d[:i] + b"\0" + d[i:]


def open_comment(r, d):
    i = r.randrange(len(d) + 1)
    return d[:i] + b"/* never closed " + d[i:]


def open_string(r, d):
    i = r.randrange(len(d) + 1)
    return d[:i] + r.choice([b'"', b"'", b'"\\']) + d[i:]


def crlf(r, d):
    return d.replace(b"\n", b"\r\n")


def utf16(r, d):
    return d.decode("latin-1").encode(r.choice(["utf-16", "utf-16-be"]))


def bom(r, d):
    return b"\xef\xbb\xbf" + d


MUTATORS = [flip, truncate, delete_tokens, dup_tokens, deep, nul,
            open_comment, open_string, crlf, utf16, bom]


def run_batch(checker, files, cwd, plain=False):
    """Problems with one run of the checker over files."""
    cmd = [checker, "--format=json"] + \
        ([] if plain else [f"--timeout={TIMEOUT}"]) + files
    try:
        p = subprocess.run(cmd, cwd=cwd, capture_output=True,
                           timeout=TIMEOUT * len(files) + 60)
    except subprocess.TimeoutExpired:
        return [("*", "the run did not end in time")]
    probs = []
    if p.returncode not in (0, 1, 2):
        probs.append(("*", f"exit {p.returncode}: "
                      f"{p.stderr.decode('utf-8', 'replace')[-2000:]}"))
    try:
        doc = json.loads(p.stdout.decode("utf-8"))
        for e in doc["errors"]:
            if BAD.search(e["message"]):
                probs.append((e["file"], e["message"]))
        for f in doc["findings"]:
            if f["file"] not in files:
                probs.append((f["file"], "a finding for a file not given"))
    except (ValueError, KeyError, TypeError, UnicodeDecodeError) as e:
        probs.append(("*", f"output is not the JSON report ({e})"))
    return probs


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--checker", required=True)
    ap.add_argument("--testdata", required=True)
    ap.add_argument("--count", type=int, default=300)
    ap.add_argument("--seed", type=int, default=9)
    ap.add_argument("--keep", action="store_true")
    ap.add_argument("--plain", action="store_true",
                    help="no --timeout (for checkers from before it)")
    a = ap.parse_args()
    checker = os.path.abspath(a.checker)
    srcs = sorted(glob.glob(os.path.join(a.testdata, "*", "*.c")))
    srcs = [s for s in srcs if "fuzz-regressions" not in s]
    regress = sorted(glob.glob(os.path.join(a.testdata, "fuzz-regressions",
                                            "*.c")))
    r = random.Random(a.seed)
    fails = []
    with tempfile.TemporaryDirectory() as tmp:
        names = []
        for i in range(a.count):
            src = r.choice(srcs)
            mut = MUTATORS[i % len(MUTATORS)]
            with open(src, "rb") as f:
                data = f.read()
            name = f"m{i:04d}-{mut.__name__}-{os.path.basename(src)}"
            with open(os.path.join(tmp, name), "wb") as f:
                f.write(mut(r, data))
            names.append(name)
        for s in regress:
            name = "regress-" + os.path.basename(s)
            with open(s, "rb") as f, open(os.path.join(tmp, name), "wb") as g:
                g.write(f.read())
            names.append(name)
        for i in range(0, len(names), BATCH):
            for name, why in run_batch(checker, names[i:i + BATCH], tmp,
                                     a.plain):
                fails.append(f"{name}: {why}")
                if a.keep and name in names and not name.startswith("regress-"):
                    # not *-ko.c / *-ok.c: the fixture globs must not
                    # take a mangled input for a fixture with expectations
                    keep = re.sub(r"-(ko|ok)(-xfail)?\.c$", ".c", name)
                    dst = os.path.join(a.testdata, "fuzz-regressions", keep)
                    os.makedirs(os.path.dirname(dst), exist_ok=True)
                    with open(os.path.join(tmp, name), "rb") as f, \
                         open(dst, "wb") as g:
                        g.write(f.read())
    print(f"fuzz-smoke: {a.count} mutated inputs (seed {a.seed}), "
          f"{len(regress)} regression files")
    for f in fails:
        print("FAIL: " + f)
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())

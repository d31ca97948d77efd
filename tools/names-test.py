#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""No file name reaches a shell: wqport on files named to attack one.

    names-test.py --checker PATH --testdata DIR SCENARIO

spatch 1.1.1 --in-place copies its result back with an unquoted
`sh -c "cp <out> <file>"`, so a file name handed to it runs as a
command (issue 29).  wqport hands every program it starts (spatch, diff,
git) only names it made itself; the user's name appears only in its own
output, quoted as git quotes a path in a patch.

Each scenario builds two trees with the same contents: one under plain
names, one under hostile names (`$(...)`, backquotes, `;`, `|`, `&`,
quotes, a space, a newline, a leading `-`, a byte that is not UTF-8,
and a folder named with them), each with a local header the files
#include "...".  It runs the same command in both and checks that

  - nothing ran: no file whose name the hostile names would create
    appears anywhere, and no stray file is left in either tree;
  - the output is the same once the hostile names are mapped to the
    plain ones (and their git-quoted forms, and the mail-header form
    of a patch subject, to theirs).

  fix      wqport fix FILES (the unified diff; it also applies with
           git apply to the hostile tree and gives what --write writes)
  write    wqport fix --write FILES (the files' new contents)
  series   wqport fix --series=DIR FILES (git am takes the series)
  check    wqport -j2 FILES and --format=json
  staged   wqport --staged in a git repository (pre-commit)
  compdb   wqport -p DIR with a compile_commands.json naming the files
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
# the samples that convert, and one with a local header
SAMPLES = ["acme-adc-legacy-ko", "zorb-serial-ko", "lumo-sensor-hub-ko"]
# Each would create PWNED<n> if a shell ran it.
HOSTILE = [
    b"c$(touch PWNED1)",
    b"c`touch PWNED2`",
    b"c;touch PWNED3;",
    b"c|touch PWNED4",
    b"c&touch PWNED5&",
    b"c'q",
    b'c"q',
    b"c b",
    b"c\nb",
    b"-lead",
    b"c\xffx",
]
HOSTILE_DIR = b"d$(touch PWNED6) `touch PWNED7`;'\"\n&|"


def expect(cond, what):
    if not cond:
        FAILS.append(what)


def git_quote(prefix, name):
    """prefix + name as git (and wqport) write it in a patch."""
    if not any(c < 0x20 or c >= 0x7f or c in b'"\\' for c in name):
        return prefix + name
    out = b'"' + prefix
    esc = {7: b"a", 8: b"b", 9: b"t", 10: b"n", 11: b"v", 12: b"f", 13: b"r"}
    for c in name:
        if c in b'"\\':
            out += b"\\" + bytes([c])
        elif c in esc:
            out += b"\\" + esc[c]
        elif c < 0x20 or c >= 0x7f:
            out += b"\\%03o" % c
        else:
            out += bytes([c])
    return out + b'"'


def subject_form(name):
    return bytes(b if 0x20 <= b < 0x7f else ord("?") for b in name)


def build_tree(root, td, names, folder):
    """root/<folder>/<name>.c for each sample, and its local header."""
    d = os.path.join(root, folder) if folder else root
    os.makedirs(d, exist_ok=True)
    files = []
    for s, n in zip(SAMPLES, names):
        with open(os.path.join(td, "samples", s + ".c"), "rb") as f:
            text = f.read()
        # a local header, found beside the file (the scratch copy is
        # compiled with the file's folder on the include path)
        text = text.replace(b"#include <linux/module.h>",
                            b"#include <linux/module.h>\n"
                            b'#include "wq-local.h"', 1)
        path = os.path.join(d, n + b".c")
        with open(path, "wb") as f:
            f.write(text)
        # ./ before each: a name with a leading '-' is not an option
        files.append(b"./" + os.path.relpath(path, root))
    with open(os.path.join(d, b"wq-local.h"), "wb") as f:
        f.write(b"/* SPDX-License-Identifier: GPL-2.0-only */\n"
                b"#define WQ_LOCAL_HEADER 1\n")
    return files


def listing(root):
    out = set()
    for dp, dns, fns in os.walk(root):
        for n in dns + fns:
            out.add(os.path.relpath(os.path.join(dp, n), root))
    return out


def json_form(name):
    """name as wqport's JSON writes it (docs/user-guide.md, JSON output):
    valid UTF-8 as it is, JSON's specials escaped, each other byte
    \\u00XX."""
    t = json.dumps(name.decode("utf-8", "surrogateescape"),
                   ensure_ascii=False)[1:-1]
    t = re.sub("[\udc80-\udcff]",
               lambda m: "\\u%04x" % (ord(m.group(0)) - 0xdc00), t)
    return t.encode("utf-8")


class Pair:
    """A plain and a hostile tree with the same files."""

    def __init__(self, tmp, td):
        self.tmp = tmp
        self.plain = os.path.join(tmp, b"plain")
        self.evil = os.path.join(tmp, b"evil")
        self.maps = []
        plain_names = [b"p%d" % i for i in range(len(SAMPLES))]
        self.plain_files, self.evil_files = [], []
        # the hostile names in groups of len(SAMPLES), the last in the
        # hostile folder under plain names
        groups = [HOSTILE[i:i + len(SAMPLES)]
                  for i in range(0, len(HOSTILE), len(SAMPLES))]
        for g, names in enumerate(groups):
            pn = [b"g%d-%s" % (g, p) for p in plain_names[:len(names)]]
            self.plain_files += build_tree(self.plain, td, pn, b"")
            self.evil_files += build_tree(self.evil, td, names, b"")
            self.maps += zip(names, pn)
        pn = [b"f-%s" % p for p in plain_names]
        self.plain_files += build_tree(self.plain, td, pn, b"plaindir")
        self.evil_files += build_tree(self.evil, td, pn, HOSTILE_DIR)
        self.maps.append((HOSTILE_DIR, b"plaindir"))
        self.before = (listing(self.plain), listing(self.evil))

    def normalize(self, data):
        """Hostile names in data -> the plain ones (quoted forms first)."""
        data = data.replace(self.evil, self.plain)
        pairs = []
        for e, p in self.maps:
            for pre in (b"a/", b"b/", b""):
                pairs.append((git_quote(pre, e), git_quote(pre, p)))
            pairs.append((json.dumps(e.decode("utf-8", "surrogateescape"),
                                     ensure_ascii=True)[1:-1].encode(), p))
            pairs.append((json_form(e), p))
            pairs.append((e, p))
            pairs.append((subject_form(e), p))
        # a file in the hostile folder, quoted as one path
        for f_e, f_p in zip(self.evil_files, self.plain_files):
            for pre in (b"a/", b"b/", b""):
                pairs.append((git_quote(pre, f_e[2:]), git_quote(pre, f_p[2:])))
        # a name is a whole path component: "c b" is not the end of one
        # name and the start of the next (".c b/c...")
        for e, p in sorted(set(pairs), key=lambda x: -len(x[0])):
            if e != p:
                data = re.sub(rb"(?<![A-Za-z0-9_.-])" + re.escape(e) +
                              rb"(?=[./:\"\]\s]|$)", p.replace(b"\\", b"\\\\"),
                              data)
        return data

    def stray(self, what, extra=()):
        """Nothing ran, nothing was left behind."""
        for dp, dns, fns in os.walk(self.tmp):
            for n in dns + fns:
                expect(not n.startswith(b"PWNED"),
                       f"{what}: a command in a file name ran: "
                       f"{os.path.join(dp, n)!r}")
        for cwd in (os.getcwd().encode(), tempfile.gettempdir().encode()):
            for n in os.listdir(cwd):
                expect(not n.startswith(b"PWNED"),
                       f"{what}: a command in a file name ran in {cwd!r}")
        for tree, before in zip((self.plain, self.evil), self.before):
            new = {p for p in listing(tree) - before
                   if not any(p.startswith(x) for x in extra)}
            expect(not new, f"{what}: stray files in {tree!r}: {sorted(new)}")


def run(checker, args, cwd, env=None):
    p = subprocess.run([checker] + args, cwd=cwd, capture_output=True,
                       timeout=1200, env=env)
    return p.returncode, p.stdout, p.stderr


def same(pair, what, plain_out, evil_out, any_order=False):
    a, b = plain_out, pair.normalize(evil_out)
    if any_order:	# git lists the files in the order of their names
        a = b"\n".join(sorted(a.splitlines()))
        b = b"\n".join(sorted(b.splitlines()))
    if a != b:
        al, bl = a.splitlines(), b.splitlines()
        first = next((i for i in range(min(len(al), len(bl)))
                      if al[i] != bl[i]), min(len(al), len(bl)))
        FAILS.append(f"{what}: differs from the plain-named run at line "
                     f"{first + 1}:\n  plain:   {al[first:first + 2]!r}\n"
                     f"  hostile: {bl[first:first + 2]!r}")


def sites_converted(err):
    return err.count(b": converted")


def sc_fix(checker, pair):
    env = dict(os.environ, WQPORT_NO_CACHE="1")
    rp = run(checker, ["fix"] + pair.plain_files, pair.plain, env)
    re_ = run(checker, ["fix"] + pair.evil_files, pair.evil, env)
    expect(rp[0] == 1 and sites_converted(rp[2]) >= 2 * len(SAMPLES),
           f"the plain run converted too little ({rp[0]}):\n"
           f"{rp[2].decode(errors='replace')}")
    same(pair, "fix: exit", str(rp[0]).encode(), str(re_[0]).encode())
    same(pair, "fix: the diff", rp[1], re_[1])
    same(pair, "fix: the site lines", rp[2], re_[2])
    pair.stray("fix")
    # the diff names the hostile files as git would: git apply takes it
    repo = os.path.join(pair.tmp, b"apply")
    shutil.copytree(pair.evil, repo, symlinks=True)
    subprocess.run(["git", "init", "-q"], cwd=repo, check=True)
    p = subprocess.run(["git", "apply", "-v", "-"], cwd=repo, input=re_[1],
                       capture_output=True)
    expect(p.returncode == 0, "git apply refused the diff of hostile names:\n"
           + p.stderr.decode(errors="replace"))
    return repo


def sc_write(checker, pair, applied=None):
    env = dict(os.environ, WQPORT_NO_CACHE="1")
    rp = run(checker, ["fix", "--write"] + pair.plain_files,
             pair.plain, env)
    re_ = run(checker, ["fix", "--write"] + pair.evil_files,
              pair.evil, env)
    same(pair, "fix --write: the site lines", rp[2], re_[2])
    changed = 0
    for fp, fe in zip(pair.plain_files, pair.evil_files):
        with open(os.path.join(pair.plain, fp), "rb") as f:
            a = f.read()
        with open(os.path.join(pair.evil, fe), "rb") as f:
            b = f.read()
        expect(a == b, f"fix --write: {fe!r} differs from {fp!r}")
        if applied:
            with open(os.path.join(applied, fe), "rb") as f:
                expect(f.read() == b, f"git apply of the diff and --write "
                       f"differ on {fe!r}")
        changed += b"wait_event" in a or b"DEFINE_WAIT" in a
    expect(changed >= len(SAMPLES), "fix --write changed too little")
    pair.stray("fix --write")


def sc_series(checker, pair):
    env = dict(os.environ, WQPORT_NO_CACHE="1", GIT_AUTHOR_NAME="A U Thor",
               GIT_AUTHOR_EMAIL="author@example.org",
               GIT_COMMITTER_NAME="A U Thor",
               GIT_COMMITTER_EMAIL="author@example.org",
               GIT_AUTHOR_DATE="1733326814 +0000")
    outs = []
    for tree, files in ((pair.plain, pair.plain_files),
                        (pair.evil, pair.evil_files)):
        sdir = os.path.join(pair.tmp, b"series-" + os.path.basename(tree))
        rc, out, err = run(checker, ["fix", b"--series=" + sdir, ] +
                           files, tree, env)
        patches = sorted(os.listdir(sdir))
        text = b"".join(open(os.path.join(sdir, p), "rb").read()
                        for p in patches)
        outs.append((rc, err, len(patches), text, sdir, patches))
    (rp, ep, np_, tp, _, _), (re_, ee, ne, te, sdir, patches) = outs
    expect(np_ == ne and np_ >= len(SAMPLES),
           f"--series: {np_} plain patches, {ne} hostile")
    same(pair, "fix --series: the site lines", ep, ee)
    # a diffstat bar is as wide as the name leaves room for
    bar = lambda t: re.sub(rb"(?m)^( .* \| +\d+) [-+]+$", rb"\1", t)
    same(pair, "fix --series: the patches", bar(tp), bar(te))
    pair.stray("fix --series")
    # git am takes the series of hostile names
    repo = os.path.join(pair.tmp, b"am")
    shutil.copytree(pair.evil, repo, symlinks=True)
    for args in (["init", "-q"], ["add", "-A"],
                 ["commit", "-q", "-m", "base"]):
        subprocess.run(["git"] + args, cwd=repo, env=env, check=True,
                       capture_output=True)
    p = subprocess.run(["git", "am", "-q"] +
                       [os.path.join(sdir, x) for x in patches],
                       cwd=repo, env=env, capture_output=True)
    expect(p.returncode == 0, "git am refused the series of hostile names:\n"
           + p.stderr.decode(errors="replace") +
           p.stdout.decode(errors="replace"))


def sc_check(checker, pair):
    env = dict(os.environ, WQPORT_NO_CACHE="1")
    for extra in (["-j2"], ["-j2", "--format=json"]):
        rp = run(checker, extra + pair.plain_files, pair.plain, env)
        re_ = run(checker, extra + pair.evil_files, pair.evil, env)
        expect(rp[0] == 1 and rp[1], f"check {extra}: the plain run found "
               "nothing")
        same(pair, f"check {extra}: exit", str(rp[0]).encode(),
             str(re_[0]).encode())
        same(pair, f"check {extra}: findings", rp[1], re_[1])
        if "--format=json" in extra:
            try:
                json.loads(re_[1])
            except ValueError as e:
                FAILS.append(f"check {extra}: not JSON: {e}")
        same(pair, f"check {extra}: stderr", rp[2], re_[2])
    pair.stray("check")


def sc_staged(checker, pair):
    env = dict(os.environ, WQPORT_NO_CACHE="1", GIT_AUTHOR_NAME="A",
               GIT_AUTHOR_EMAIL="a@example.org", GIT_COMMITTER_NAME="A",
               GIT_COMMITTER_EMAIL="a@example.org")
    outs = []
    for tree, files in ((pair.plain, pair.plain_files),
                        (pair.evil, pair.evil_files)):
        git = lambda *a: subprocess.run(["git"] + list(a), cwd=tree, env=env,
                                        check=True, capture_output=True)
        git("init", "-q")
        # the base commit has each file's first half: the rest is staged
        texts = {}
        for f in files:
            with open(os.path.join(tree, f), "rb") as fh:
                texts[f] = fh.read()
            with open(os.path.join(tree, f), "wb") as fh:
                fh.write(texts[f][:len(texts[f]) // 2])
        git("add", "-A")
        git("commit", "-q", "-m", "base")
        for f in files:
            with open(os.path.join(tree, f), "wb") as fh:
                fh.write(texts[f])
        git("add", "-A")
        outs.append(run(checker, ["--staged"], tree, env))
    rp, re_ = outs
    expect(rp[0] == 1 and rp[1], "--staged: the plain run found nothing:\n"
           + rp[2].decode(errors="replace"))
    same(pair, "--staged: exit", str(rp[0]).encode(), str(re_[0]).encode())
    same(pair, "--staged: findings", rp[1], re_[1], True)
    same(pair, "--staged: stderr", rp[2], re_[2], True)
    pair.stray("--staged", extra=(b".git",))


def sc_compdb(checker, pair):
    env = dict(os.environ, WQPORT_NO_CACHE="1")
    outs = []
    for tree, files in ((pair.plain, pair.plain_files),
                        (pair.evil, pair.evil_files)):
        db = []
        for f in files:
            d = os.path.dirname(os.path.join(tree, f))
            db.append({"directory": os.fsdecode(d),
                       "file": os.fsdecode(os.path.basename(f)),
                       "arguments": ["cc", "-D__KERNEL__", "-c",
                                     os.fsdecode(os.path.basename(f))]})
        dbdir = os.path.join(pair.tmp, b"db-" + os.path.basename(tree))
        os.makedirs(dbdir)
        with open(os.path.join(dbdir, b"compile_commands.json"), "w",
                  errors="surrogateescape") as fh:
            json.dump(db, fh, indent=1, ensure_ascii=False)
        outs.append(run(checker, ["-j2", "-p", dbdir], tree, env))
    rp, re_ = outs
    expect(rp[0] == 1 and rp[1], "-p: the plain run found nothing:\n"
           + rp[2].decode(errors="replace"))
    same(pair, "-p: exit", str(rp[0]).encode(), str(re_[0]).encode())
    same(pair, "-p: findings", rp[1], re_[1])
    same(pair, "-p: stderr", rp[2], re_[2])
    pair.stray("-p")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--checker", required=True)
    ap.add_argument("--testdata", required=True)
    ap.add_argument("scenario", choices=["fix", "write", "series", "check",
                                         "staged", "compdb"])
    a = ap.parse_args()
    checker = os.path.abspath(a.checker)
    td = os.path.abspath(a.testdata)
    here = os.getcwd()
    with tempfile.TemporaryDirectory(prefix="wqport-names-") as tmp:
        # a cwd of our own: a command that ran would leave its file here
        os.chdir(tmp)
        pair = Pair(os.fsencode(tmp), td)
        if a.scenario == "fix":
            sc_fix(checker, pair)
        elif a.scenario == "write":
            applied = sc_fix(checker, pair)
            sc_write(checker, pair, applied)
        elif a.scenario == "series":
            sc_series(checker, pair)
        elif a.scenario == "check":
            sc_check(checker, pair)
        elif a.scenario == "staged":
            sc_staged(checker, pair)
        else:
            sc_compdb(checker, pair)
        os.chdir(here)
    for f in FAILS:
        print("FAIL:", f)
    print(f"names/{a.scenario}: {len(HOSTILE)} hostile file names and a "
          f"hostile folder: {'ok' if not FAILS else '%d failed' % len(FAILS)}")
    return 1 if FAILS else 0


if __name__ == "__main__":
    sys.exit(main())

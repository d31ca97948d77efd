#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Benchmark `wqport fix` over a whole kernel tree (Debian's linux-source-6.1).

One run measures, over the same tree:

  (1) `wqport fix -j N --format=json TREE`: wall time, exit status, peak
      RSS, the sites converted / converted with caveat / refused (by
      reason ID), the files changed, and any per-file error or crash;
  (2) a spatch baseline: every semantic-patches/*.cocci present, run
      the way a kernel developer would run a semantic patch on its own
      (standalone mode: no WQPORT_PLAN).  --spatch-mode=grep (default)
      first selects the files with `grep -rlw` on the checker's prefilter
      words and hands them to spatch with --file-groups (the grep time
      is counted in the baseline); --spatch-mode=dir gives spatch the
      whole tree with --dir.  Both: `spatch --sp-file X.cocci -D patch
      --very-quiet --jobs N` plus the rule file's `// Options:` line,
      as `make coccicheck` passes it.  The ratio printed is wqport-fix time /
      spatch time (all rule files together);
  (3) whether the converted files still compile with the kbuild flags
      their original compiles with, against Debian's
      /usr/src/linux-headers-6.1.0-57-amd64 (see
      /work/shared/notes/kbuild-one-file.md): the directory Makefiles
      are evaluated by make under the headers' include/config/auto.conf
      (built-in, module or off; composite module name; subdir-ccflags-y
      of every ancestor, ccflags-y, ccflags-remove-y, CFLAGS_<obj>.o,
      CFLAGS_REMOVE_<obj>.o), the file is copied into a scratch
      external-module directory with a generated Kbuild carrying those
      flags plus `-iquote <original dir>` and a last-resort `-idirafter`
      for tree headers reached by relative path, and kbuild's
      single-object target is run: `make -C HEADERS M=<scratch> <obj>.o
      need-config=1 need-compiler=1`.  A `.c` file included by another
      `.c` is compiled through its includer; an object listed by a
      sibling directory's Makefile (amdgpu/amdkfd) takes that Makefile's
      flags; a file Debian's config does not build is compiled as a
      module, retried with its gating CONFIG_* symbols set if it fails.
      The ORIGINAL is compiled first: a converted file "compiles" only if
      its original does too; if the original does not compile (another
      architecture, config), it is "not checkable".  New warnings (the
      converted file has more than the original) are reported.

It prints a table and, with --json-out FILE, writes a JSON summary.
Nothing here asserts on timing: the numbers are for people.

    python3 tools/bench-fix.py [--tree DIR] [--subdir drivers/char]
        [--jobs 2] [--limit N] [--skip-compile] [--skip-spatch]
        [--spatch-mode grep|dir] [--unsafe] [--json-out FILE]
        [--save-fix FILE | --load-fix FILE] [--report DIR]
"""

import argparse
import collections
import concurrent.futures
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

import ksrc

TOOLS_DIR = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(TOOLS_DIR)
DEFAULT_CHECKER = os.path.join(ROOT, "build", "checker", "wqport")
COCCI_DIR = os.path.join(ROOT, "semantic-patches")
DEFAULT_HEADERS = "/usr/src/linux-headers-6.1.0-57-amd64"
COCCI_STEMS = ("sleep-on", "open-coded-wait", "state-after-test",
               "schedule-while-running")


def _load_bench_tree():
    """bench-tree.py's measuring helpers (its name has a hyphen)."""
    spec = importlib.util.spec_from_file_location(
        "bench_tree", os.path.join(TOOLS_DIR, "bench-tree.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


bt = _load_bench_tree()
run_measured = bt.run_measured


def say(msg):
    print("bench-fix: %s" % msg, file=sys.stderr, flush=True)


# ---- (1) wqport fix ----

def run_fix(checker, paths, jobs, unsafe, timeout, report_dir=None):
    argv = [checker, "fix", "-j", str(jobs), "--format=json"]
    if unsafe:
        argv.append("--unsafe")
    if report_dir:
        argv.append("--report=" + report_dir)
    env = dict(os.environ, WQPORT_FIX_TIMES="1")
    env.pop("WQPORT_PLAN", None)
    r = run_measured(argv + paths, timeout, env)
    res = {"argv": " ".join(argv + ["TREE" if len(paths) == 1 else
                                    "<%d files>" % len(paths)]),
           "wall_s": r.wall, "exit": r.status, "failure": r.failure,
           "maxrss_kb": r.maxrss_kb, "summary_line": None,
           "doc": None, "crash": None}
    res["steps"] = {}
    for line in r.stderr.splitlines():
        m = re.match(r"wqport fix: report: .*, ([\d.]+) s\)$", line)
        if line.startswith("wqport fix: time per step:"):
            for part in line.split(":", 2)[2].split(","):
                m2 = re.match(r"\s*(.+) ([\d.]+) s$", part)
                if m2:
                    res["steps"][m2.group(1)] = float(m2.group(2))
        elif m:	# the HTML report's own line: its time
            res["report_line"] = line.strip()
            res["report_s"] = float(m.group(1))
        elif line.startswith("wqport fix:"):
            res["summary_line"] = line.strip()
    if r.failure:
        res["crash"] = r.failure
    elif r.status not in (0, 1):
        tail = [l for l in r.stderr.splitlines()
                if l.strip() and not re.search(r":\d+:\d+: (converted|"
                                                r"refused)", l)]
        res["crash"] = "exit status %s%s" % (
            r.status, (": " + " | ".join(tail[-3:])) if tail else "")
    try:
        res["doc"] = json.loads(r.stdout)
    except ValueError as e:
        res["crash"] = (res["crash"] or "") + " stdout is not JSON (%s)" % e
    res["stderr_other"] = [l for l in r.stderr.splitlines()
                           if l.strip() and not l.startswith("wqport fix:")
                           and not re.search(r":\d+:\d+: (converted|refused)",
                                             l)][:20]
    return res


def model_tally(doc):
    """Converted sites by the kind of their model verdict."""
    c = collections.Counter()
    for f in (doc or {}).get("files", []):
        for s in f.get("sites", []):
            if not s.get("outcome", "").startswith("converted"):
                continue
            m = s.get("model")
            if not m:
                c["no verdict"] += 1
            elif m.startswith("model: not modelled"):
                c["not modelled: " + m.split(": ", 2)[2].split(" (")[0]] += 1
            elif "out of the file" in m:
                c["modelled, waker out of the file (opaque)"] += 1
            elif "no waker in the file" in m:
                c["modelled, no waker (timeouts only)"] += 1
            else:
                c["modelled with the file's wakers"] += 1
            if s.get("validation"):
                c["with a validation result"] += 1
    return c


def tally_sites(doc):
    outcomes = collections.Counter()
    reasons = collections.Counter()
    by_rule = collections.Counter()
    changed = []
    errors = []
    for f in doc.get("files", []):
        if f.get("diff"):
            changed.append(f)
        if f.get("error"):
            errors.append((f.get("file"), f.get("error")))
        for s in f.get("sites", []):
            out = s.get("outcome", "?")
            outcomes[out] += 1
            by_rule[(s.get("rule", "?"), out)] += 1
            if out.startswith("refused") or out == "unsafe":
                reasons[s.get("reason") or "?"] += 1
    return outcomes, reasons, by_rule, changed, errors


# ---- (2) spatch baseline ----

def cocci_files():
    found = []
    for name in sorted(os.listdir(COCCI_DIR)):
        if name.endswith(".cocci"):
            found.append(os.path.join(COCCI_DIR, name))
    return found


def cocci_options(cocci):
    """The `// Options:` line of a rule file, as make coccicheck uses it."""
    with open(cocci, errors="replace") as f:
        for line in f:
            m = re.match(r"//\s*Options:\s*(.*)", line)
            if m:
                return m.group(1).split()
    return []


def run_spatch(cocci, tree, files, mode, jobs, timeout, scratch):
    argv = ["spatch", "--sp-file", cocci, "-D", "patch", "--very-quiet",
            "--jobs", str(jobs)] + cocci_options(cocci)
    if mode == "dir":
        argv += ["--dir", tree]
    else:
        groups = os.path.join(scratch, "file-groups.txt")
        with open(groups, "w") as f:
            f.write("\n\n".join(files) + "\n")
        argv += ["--file-groups", groups]
    env = dict(os.environ)
    env.pop("WQPORT_PLAN", None)
    r = run_measured(argv, timeout, env)
    patched = len(re.findall(r"^\+\+\+ ", r.stdout, re.M))
    err = None
    if r.failure:
        err = r.failure
    elif r.status != 0:
        tail = [l for l in r.stderr.splitlines() if l.strip()]
        err = "exit status %s: %s" % (r.status, " | ".join(tail[-2:]))
    return {"cocci": os.path.basename(cocci), "wall_s": r.wall,
            "exit": r.status, "error": err, "files_patched": patched,
            "maxrss_kb": r.maxrss_kb}


# ---- applying a unified diff ----

_HUNK = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")


def apply_diff(text, diff):
    """Apply one file's unified diff to `text`; raise ValueError if a
    hunk does not match."""
    old = text.splitlines(keepends=True)
    out = []
    pos = 0
    lines = diff.splitlines(keepends=True)
    i = 0
    while i < len(lines):
        m = _HUNK.match(lines[i])
        if not m:
            i += 1
            continue
        start = int(m.group(1)) - (0 if m.group(2) == "0" else 1)
        if start < pos:
            raise ValueError("overlapping hunk at line %d" % (start + 1))
        out.extend(old[pos:start])
        pos = start
        i += 1
        while i < len(lines) and not lines[i].startswith("@@"):
            l = lines[i]
            if l.startswith("\\"):
                if out and out[-1].endswith("\n") and lines[i - 1][:1] in "+ ":
                    out[-1] = out[-1][:-1]
                i += 1
                continue
            tag, body = l[:1], l[1:]
            if tag in (" ", "-"):
                cur = old[pos] if pos < len(old) else None
                if cur is None or cur.rstrip("\n") != body.rstrip("\n"):
                    raise ValueError("hunk does not match at line %d"
                                     % (pos + 1))
                if tag == " ":
                    out.append(cur)
                pos += 1
            elif tag == "+":
                out.append(body if body.endswith("\n") else body + "\n")
            elif l.startswith("diff ") or l.startswith("--- "):
                break
            i += 1
    out.extend(old[pos:])
    return "".join(out)


# ---- (3) kbuild: evaluating directory Makefiles ----

_EVAL_MK = r"""
KBUILD_EXTMOD := $(WQ_TMP)
include $(WQ_HEADERS)/include/config/auto.conf
include $(WQ_KBUILD)/scripts/Kbuild.include
include $(WQ_KBUILD)/scripts/Makefile.compiler
kbuild-file := $(if $(wildcard $(srctree)/$(src)/Kbuild),$(srctree)/$(src)/Kbuild,$(srctree)/$(src)/Makefile)
include $(kbuild-file)
WQ_NAMES := $(sort $(filter obj-y obj-m lib-y subdir-y subdir-m %-y %-m %-objs ccflags-% subdir-ccflags-% CFLAGS_% CFLAGS_REMOVE_%,$(.VARIABLES)))
$(foreach v,$(WQ_NAMES),$(info WQVAR $(v)=$(strip $($(v)))))
wq-all: ; @:
"""

_CONFIG_REF = re.compile(r"\$\((CONFIG_[A-Za-z0-9_]+)\)")


class Kbuild:
    """Evaluates directory Makefiles (cached) and compiles single files."""

    def __init__(self, tree, headers, scratch, timeout):
        self.tree = tree
        self.headers = headers
        self.kbuild = os.path.realpath(os.path.join(headers, "scripts", ".."))
        self.scratch = scratch
        self.timeout = timeout
        self.mk = os.path.join(scratch, "eval.mk")
        with open(self.mk, "w") as f:
            f.write(_EVAL_MK)
        self.cache = {}
        self.lock = threading.Lock()
        self.seq = 0

    def _tmpdir(self, prefix):
        with self.lock:
            self.seq += 1
            n = self.seq
        d = os.path.join(self.scratch, "%s%d" % (prefix, n))
        os.makedirs(d)
        return d

    def makefile_text(self, reldir):
        for name in ("Kbuild", "Makefile"):
            p = os.path.join(self.tree, reldir, name)
            if os.path.isfile(p):
                with open(p, errors="replace") as f:
                    return f.read().replace("\\\n", " ")
        return None

    def eval_dir(self, reldir, extra=()):
        """Variables of `reldir`'s Makefile under the headers' config,
        with `extra` CONFIG_* symbols forced to y.  None if the directory
        has no Makefile or make fails."""
        key = (reldir, tuple(sorted(extra)))
        with self.lock:
            if key in self.cache:
                return self.cache[key]
        vals = None
        if self.makefile_text(reldir) is not None:
            tmp = self._tmpdir("eval")
            argv = ["make", "-s", "--no-print-directory", "-C", self.tree,
                    "-f", self.mk, "srctree=" + self.tree, "src=" + reldir,
                    "obj=" + reldir, "objtree=" + self.headers,
                    "WQ_HEADERS=" + self.headers, "WQ_KBUILD=" + self.kbuild,
                    "WQ_TMP=" + tmp, "KERNELRELEASE=6.1.0-57-amd64",
                    "CC=gcc-12", "need-compiler=1", "wq-all"]
            argv += ["%s=y" % c for c in sorted(extra)]
            try:
                p = subprocess.run(argv, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, timeout=120)
                vals = {}
                for line in p.stdout.decode(errors="replace").splitlines():
                    if line.startswith("WQVAR "):
                        k, _, v = line[6:].partition("=")
                        vals[k] = v
                if p.returncode != 0 and not vals:
                    vals = None
            except subprocess.TimeoutExpired:
                vals = None
            shutil.rmtree(tmp, ignore_errors=True)
        with self.lock:
            self.cache[key] = vals
        return vals

    def _abs_flags(self, flags):
        """Make relative -I/-iquote/-include paths absolute in the tree
        (kbuild runs the compiler from the top of the tree)."""
        out = []
        words = flags.split()
        i = 0
        while i < len(words):
            w = words[i]
            for opt in ("-I", "-iquote", "-isystem", "-include", "-idirafter"):
                if w == opt and i + 1 < len(words):
                    p = words[i + 1]
                    if not os.path.isabs(p):
                        p = os.path.join(self.tree, p)
                    out += [w, p]
                    i += 2
                    break
                if w.startswith(opt) and len(w) > len(opt) and opt in (
                        "-I", "-iquote", "-isystem", "-idirafter"):
                    p = w[len(opt):]
                    if not os.path.isabs(p):
                        p = os.path.join(self.tree, p)
                    out.append(opt + p)
                    i += 1
                    break
            else:
                out.append(w)
                i += 1
        return " ".join(out)

    @staticmethod
    def _words(vals, name):
        return vals.get(name, "").split()

    def _member(self, vals, target):
        """(state, composite) of object path `target` (relative to the
        Makefile's directory) in `vals`: state y, m or None."""
        def norm(w):
            return os.path.normpath(w)
        for state, lists in (("y", ("obj-y", "lib-y")), ("m", ("obj-m",))):
            objs = [norm(w) for n in lists for w in self._words(vals, n)]
            if target in objs:
                return state, None
            for c in objs:
                if not c.endswith(".o"):
                    continue
                stem = c[:-2]
                parts = []
                for suf in ("-y", "-objs", "-m"):
                    parts += [norm(os.path.join(os.path.dirname(c), w))
                              for w in self._words(vals, stem + suf)]
                if target in parts:
                    return state, c
        return None, None

    def _listed_anywhere(self, vals, target):
        for k, v in vals.items():
            if (k.endswith("-y") or k.endswith("-m") or k.endswith("-objs")
                    or k.endswith("-")) and target in [
                        os.path.normpath(w) for w in v.split()]:
                return True
        return False

    def _gating_configs(self, text, needles):
        found = set()
        for line in text.splitlines():
            if any(re.search(r"(^|[\s/=])" + re.escape(n) + r"(\s|$)", line)
                   for n in needles):
                found.update(_CONFIG_REF.findall(line))
        return found

    def plan(self, relfile, extra=()):
        """How to compile tree file `relfile`: a dict with the Makefile
        directory, the object, state (y/m/off), composite, flags and any
        includer; or a dict with 'uncheckable' set."""
        reldir, base = os.path.split(relfile)
        stem = base[:-2]
        extra = set(extra)
        # Which Makefile lists the object: own dir, parent, siblings.
        cands = [(reldir, stem + ".o")]
        parent = os.path.dirname(reldir)
        if parent:
            cands.append((parent, os.path.join(os.path.basename(reldir),
                                               stem + ".o")))
            own = os.path.basename(reldir)
            try:
                sibs = sorted(os.listdir(os.path.join(self.tree, parent)))
            except OSError:
                sibs = []
            for s in sibs:
                sd = os.path.join(parent, s)
                if s == own or not os.path.isdir(os.path.join(self.tree, sd)):
                    continue
                t = self.makefile_text(sd)
                if t and own in t:
                    cands.append((sd, os.path.normpath(
                        os.path.join("..", own, stem + ".o"))))
        mkdir = state = comp = target = None
        for d, t in cands:
            vals = self.eval_dir(d, extra)
            if vals is None:
                continue
            st, c = self._member(vals, t)
            if st:
                mkdir, state, comp, target = d, st, c, t
                break
            if mkdir is None and self._listed_anywhere(vals, t):
                mkdir, state, target = d, "off", t
        includer = None
        if mkdir is None:
            includer = self._find_includer(reldir, base)
            if includer:
                p = self.plan(os.path.join(reldir, includer), extra)
                if p.get("uncheckable"):
                    return p
                p["includer"] = includer
                p["included"] = base
                return p
            text = self.makefile_text(reldir)
            if text is None:
                return {"uncheckable": "no Makefile in %s" % reldir}
            mkdir, state, target = reldir, "off", stem + ".o"
        vals = self.eval_dir(mkdir, extra) or {}
        # Gating CONFIG_* symbols (used for off files on retry).
        gating = set()
        text = self.makefile_text(mkdir) or ""
        needles = [target, os.path.basename(target)]
        if comp:
            needles.append(comp)
        gating |= self._gating_configs(text, needles)
        # Ancestors: reachability and subdir-ccflags-y, outermost first.
        subdir = []
        parts = mkdir.split("/")
        reached = True
        need = 1    # parts[:need] is the next directory kbuild must visit
        for i in range(1, len(parts)):
            if i != need:
                continue    # skipped by a multi-level listing (amd/amdgpu/)
            anc = "/".join(parts[:i])
            need = i + 1
            av = self.eval_dir(anc, extra)
            if av is None:
                continue
            subdir.append(av.get("subdir-ccflags-y", ""))
            listed = set(os.path.normpath(w) for n in (
                "obj-y", "obj-m", "subdir-y", "subdir-m", "lib-y")
                for w in self._words(av, n) if w.endswith("/"))
            for j in range(len(parts), i, -1):
                if "/".join(parts[i:j]) in listed:
                    need = j
                    break
            else:
                reached = False
                gating |= self._gating_configs(
                    self.makefile_text(anc) or "",
                    [parts[i] + "/", "/".join(parts[i:]) + "/"])
        if parts[0] == "arch" and len(parts) > 1 and parts[1] != "x86":
            return {"uncheckable": "another architecture (%s)" % mkdir}
        if not reached:
            state = "off"
        subdir.append(vals.get("subdir-ccflags-y", ""))
        tstem = os.path.basename(target)[:-2]
        p = {
            "mkdir": mkdir, "file": relfile, "obj": stem + ".o",
            "state": state, "composite": os.path.basename(comp) if comp
            else None, "gating": sorted(gating - extra),
            "extra": sorted(extra),
            "subdir_ccflags": self._abs_flags(" ".join(subdir)),
            "ccflags": self._abs_flags(vals.get("ccflags-y", "")),
            "ccflags_remove": vals.get("ccflags-remove-y", ""),
            "cflags_obj": self._abs_flags(vals.get("CFLAGS_%s.o" % tstem, "")),
            "cflags_remove_obj": vals.get("CFLAGS_REMOVE_%s.o" % tstem, ""),
        }
        return p

    def _find_includer(self, reldir, base):
        d = os.path.join(self.tree, reldir)
        pat = re.compile(r'^\s*#\s*include\s+"%s"' % re.escape(base), re.M)
        try:
            names = sorted(os.listdir(d))
        except OSError:
            return None
        for n in names:
            if n.endswith(".c") and n != base:
                try:
                    with open(os.path.join(d, n), errors="replace") as f:
                        if pat.search(f.read()):
                            return n
                except OSError:
                    pass
        return None

    def compile(self, p, text):
        """Compile `text` as p's file; return (ok, first error, distinct
        warning messages without their positions)."""
        d = self._tmpdir("cc")
        try:
            orig_dir = os.path.join(self.tree, os.path.dirname(p["file"]))
            obj = p["obj"]
            if p.get("includer"):
                with open(os.path.join(d, p["included"]), "w") as f:
                    f.write(text)
                shutil.copy(os.path.join(orig_dir, p["includer"]),
                            os.path.join(d, p["includer"]))
                obj = p["includer"][:-2] + ".o"
            else:
                with open(os.path.join(d, obj[:-2] + ".c"), "w") as f:
                    f.write(text)
            ccflags = p["ccflags"]
            ccflags += " " + " ".join("-D%s=1" % c for c in p["extra"])
            ccflags += " -iquote %s" % orig_dir
            ccflags += " -idirafter %s -idirafter %s" % (
                os.path.join(self.tree, "include", "trace", "events"),
                os.path.join(self.tree, "include", "linux"))
            state = "m" if p["state"] == "off" else p["state"]
            lines = []
            if p["composite"] and p["composite"] != obj:
                lines.append("obj-%s := %s" % (state, p["composite"]))
                lines.append("%s-y := %s" % (p["composite"][:-2], obj))
            else:
                lines.append("obj-%s := %s" % (state, obj))
            lines.append("subdir-ccflags-y := %s" % p["subdir_ccflags"])
            lines.append("ccflags-y := %s" % ccflags)
            if p["ccflags_remove"]:
                lines.append("ccflags-remove-y := %s" % p["ccflags_remove"])
            if p["cflags_obj"]:
                lines.append("CFLAGS_%s := %s" % (obj, p["cflags_obj"]))
            if p["cflags_remove_obj"]:
                lines.append("CFLAGS_REMOVE_%s := %s"
                             % (obj, p["cflags_remove_obj"]))
            with open(os.path.join(d, "Kbuild"), "w") as f:
                f.write("\n".join(l.replace("$", "$$") for l in lines) + "\n")
            argv = ["make", "-C", self.headers, "M=" + d, obj,
                    "need-config=1", "need-compiler=1"]
            try:
                r = subprocess.run(argv, stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT,
                                   timeout=self.timeout)
                out = r.stdout.decode(errors="replace")
                ok = r.returncode == 0 and os.path.isfile(os.path.join(d, obj))
            except subprocess.TimeoutExpired:
                out, ok = "timed out", False
            errs = [l for l in out.splitlines() if " error: " in l
                    or l.startswith("make") and "Error" in l
                    or "fatal error" in l]
            first = None
            if not ok:
                first = errs[0] if errs else (out.strip().splitlines()
                                               or ["?"])[-1]
                first = first.replace(d + "/", "")
            warns = sorted(set(
                re.sub(r"^.*?:\d+:\d+: ", "", l) for l in out.splitlines()
                if " warning: " in l))
            return ok, first, warns
        finally:
            shutil.rmtree(d, ignore_errors=True)


def check_file(kb, tree, f):
    """Compile the original and the converted text of one changed file."""
    path = f["file"]
    rel = os.path.relpath(os.path.realpath(path), os.path.realpath(tree))
    res = {"file": rel, "result": None, "error": None, "state": None,
           "warnings_orig": None, "warnings_new": None, "how": None,
           "new_warnings": []}
    try:
        with open(os.path.join(tree, rel), errors="surrogateescape") as fh:
            orig = fh.read()
        new = apply_diff(orig, f["diff"])
    except (OSError, ValueError) as e:
        res["result"], res["error"] = "diff-failed", str(e)
        return res
    if rel.startswith("..") or not rel.endswith(".c"):
        res["result"], res["error"] = "not-checkable", "not a tree .c file"
        return res
    p = kb.plan(rel)
    if p.get("uncheckable"):
        res["result"], res["error"] = "not-checkable", p["uncheckable"]
        return res
    ok, err, w0 = kb.compile(p, orig)
    if not ok and p["state"] == "off" and p["gating"]:
        p2 = kb.plan(rel, p["gating"])
        if not p2.get("uncheckable"):
            ok2, err2, w2 = kb.compile(p2, orig)
            if ok2:
                p, ok, err, w0 = p2, ok2, err2, w2
    res["state"] = p["state"]
    res["how"] = "%s%s%s%s" % (
        p["state"], " in %s" % p["composite"] if p["composite"] else "",
        " via %s" % p["includer"] if p.get("includer") else "",
        " +%s" % ",".join(p["extra"]) if p["extra"] else "")
    res["warnings_orig"] = len(w0)
    if not ok:
        res["result"], res["error"] = "not-checkable", \
            "original does not compile: %s" % err
        return res
    ok, err, w1 = kb.compile(p, new)
    res["warnings_new"] = len(w1)
    res["new_warnings"] = [w for w in w1 if w not in w0][:5]
    res["result"] = "ok" if ok else "failed"
    res["error"] = err
    return res


# ---- output ----

def table(rows):
    widths = [max(len(str(r[i])) for r in rows) for i in range(len(rows[0]))]
    for r in rows:
        print("  " + "  ".join(str(c).ljust(w) if i == 0 else str(c).rjust(w)
                               for i, (c, w) in enumerate(zip(r, widths))))


def main(argv=None):
    ap = argparse.ArgumentParser(
        description="Benchmark wqport fix against spatch over a kernel "
        "tree and check that the converted files still compile.")
    ap.add_argument("--tree", metavar="DIR",
                    help="kernel tree (default: $WQPORT_KSRC, else "
                    "~/.cache/wqport/%s from %s)" % (ksrc.KSRC_NAME,
                                                     ksrc.KSRC_TARBALL))
    ap.add_argument("--subdir", metavar="REL",
                    help="only this subdirectory of the tree "
                    "(e.g. drivers/char), for a quick run")
    ap.add_argument("--checker", metavar="PATH", default=DEFAULT_CHECKER)
    ap.add_argument("--headers", metavar="DIR", default=DEFAULT_HEADERS)
    ap.add_argument("--jobs", "-j", type=int, default=2)
    ap.add_argument("--unsafe", action="store_true",
                    help="pass --unsafe to wqport fix")
    ap.add_argument("--spatch-mode", choices=("grep", "dir"), default="grep",
                    help="grep: spatch --file-groups on the files grep "
                    "-rlw selects (default); dir: spatch --dir TREE")
    ap.add_argument("--baseline-checker", metavar="PATH",
                    help="run (1) with this checker too (the previous "
                    "main's build), side by side, and print the ratio")
    ap.add_argument("--skip-spatch", action="store_true")
    ap.add_argument("--skip-compile", action="store_true")
    ap.add_argument("--limit", type=int, metavar="N",
                    help="compile-check only the first N changed files")
    ap.add_argument("--timeout", type=int, default=3600,
                    help="per-step timeout in seconds (default %(default)s)")
    ap.add_argument("--exclude", metavar="REL", action="append", default=[],
                    help="leave this tree file out (e.g. one that makes "
                    "wqport fix hang); step (1) then runs on the files "
                    "`wqport --prefilter-only` selects, minus these, and "
                    "the prefilter's time is counted")
    ap.add_argument("--report", metavar="DIR",
                    help="pass --report=DIR to wqport fix and print the "
                    "HTML report's size and time beside the fix's")
    ap.add_argument("--json-out", metavar="FILE",
                    help="write the JSON summary to FILE")
    ap.add_argument("--save-fix", metavar="FILE",
                    help="save step (1)'s raw result (with the diffs) to FILE")
    ap.add_argument("--load-fix", metavar="FILE",
                    help="reuse a result saved by --save-fix instead of "
                    "running step (1) again")
    args = ap.parse_args(argv)
    if args.jobs < 1:
        ap.error("--jobs must be at least 1")

    tree = ksrc.resolve_tree(args.tree, say)
    if tree is None:
        return 2
    tree = os.path.realpath(tree)
    target = os.path.join(tree, args.subdir) if args.subdir else tree
    if not os.path.isdir(target):
        say("%s: no such directory" % target)
        return 2
    if not os.access(args.checker, os.X_OK):
        say("%s not found; build it: cmake --build build -j2" % args.checker)
        return 2
    excluded = set(os.path.realpath(os.path.join(tree, e))
                   for e in args.exclude)
    coccis = cocci_files()
    missing = [s for s in COCCI_STEMS
               if not os.path.isfile(os.path.join(COCCI_DIR, s + ".cocci"))]
    report = {"tree": tree, "target": target, "jobs": args.jobs,
              "checker": args.checker, "excluded": sorted(args.exclude),
              "cocci": [os.path.basename(c) for c in coccis],
              "cocci_missing": [s + ".cocci" for s in missing]}
    print("tree:     %s" % target)
    print("checker:  %s" % args.checker)
    print("jobs:     %d" % args.jobs)
    print("cocci:    %s%s" % (", ".join(report["cocci"]) or "(none)",
                              "  (missing: %s)" % ", ".join(
                                  report["cocci_missing"])
                              if missing else ""))
    if args.exclude:
        print("excluded: %s" % ", ".join(args.exclude))
    print(flush=True)

    # (1) wqport fix
    say("(1) wqport fix -j %d --format=json" % args.jobs)
    if args.load_fix:
        with open(args.load_fix) as fh:
            fix = json.load(fh)
        say("(1) reusing %s" % args.load_fix)
    else:
        paths = [target]
        pre_wall = 0.0
        if excluded:
            pre = run_measured([args.checker, "--prefilter-only", "-j",
                                str(args.jobs), target], args.timeout)
            pre_wall = pre.wall or 0.0
            paths = sorted(l for l in pre.stdout.splitlines() if l.strip()
                           and os.path.realpath(l) not in excluded)
        fix = run_fix(args.checker, paths, args.jobs, args.unsafe,
                      args.timeout, args.report)
        if excluded and fix["wall_s"] is not None:
            fix["wall_s"] += pre_wall
            fix["argv"] += " (prefilter-selected files minus --exclude; " \
                "wall includes --prefilter-only %.2f s)" % pre_wall
    base = None
    if args.baseline_checker and not args.load_fix:
        say("(1b) the baseline checker %s, same files" % args.baseline_checker)
        base = run_fix(args.baseline_checker, paths, args.jobs, args.unsafe,
                       args.timeout)
    if args.save_fix:
        with open(args.save_fix, "w") as fh:
            json.dump(fix, fh)
    outcomes, reasons, by_rule = (collections.Counter(),
                                  collections.Counter(),
                                  collections.Counter())
    changed, ferrors = [], []
    if fix["doc"] is not None:
        outcomes, reasons, by_rule, changed, ferrors = tally_sites(fix["doc"])
    report["fix"] = {
        "argv": fix["argv"], "wall_s": fix["wall_s"], "exit": fix["exit"],
        "maxrss_kb": fix["maxrss_kb"], "crash": fix["crash"],
        "summary_line": fix["summary_line"],
        "summary": (fix["doc"] or {}).get("summary"),
        "sites_by_outcome": dict(outcomes),
        "refused_by_reason": dict(reasons),
        "by_rule": {"%s %s" % k: v for k, v in sorted(by_rule.items())},
        "files_changed": len(changed),
        "file_errors": [{"file": a, "error": b} for a, b in ferrors],
        "stderr_other": fix["stderr_other"]}

    # (3) compile check
    checks = []
    if not args.skip_compile and changed:
        todo = changed[:args.limit] if args.limit is not None else changed
        if not os.path.isdir(args.headers):
            say("%s: no such directory; compile check skipped" % args.headers)
        else:
            scratch = tempfile.mkdtemp(prefix="bench-fix-kb-")
            kb = Kbuild(tree, os.path.realpath(args.headers), scratch, 600)
            say("(3) compiling %d changed file(s), original and converted"
                % len(todo))
            t0 = time.perf_counter()
            try:
                with concurrent.futures.ThreadPoolExecutor(args.jobs) as ex:
                    futs = [ex.submit(check_file, kb, tree, f) for f in todo]
                    for fu in futs:
                        try:
                            checks.append(fu.result())
                        except Exception as e:  # keep the others
                            checks.append({"file": "?", "result": "error",
                                           "error": repr(e)})
            finally:
                shutil.rmtree(scratch, ignore_errors=True)
            report["compile_wall_s"] = time.perf_counter() - t0
    # (2) spatch baseline
    sp_rows = []
    grep_wall = None
    nselected = None
    if not args.skip_spatch and coccis and shutil.which("spatch"):
        scratch = tempfile.mkdtemp(prefix="bench-fix-sp-")
        try:
            files = None
            if args.spatch_mode == "grep":
                words = bt.checker_words(args.checker) or bt.kapi_words()
                genv = dict(os.environ, LC_ALL="C")
                g = run_measured(bt.grep_argv(words, target), args.timeout,
                                 genv)
                grep_wall = g.wall
                files = sorted(l for l in g.stdout.splitlines() if l.strip()
                               and os.path.realpath(l) not in excluded)
                nselected = len(files)
            # spatch --jobs puts its <rule>_<date>_<pid>/ work directories
            # in the current directory: keep them out of the repository.
            here = os.getcwd()
            os.chdir(scratch)
            try:
                for c in coccis:
                    say("(2) spatch %s (%s)" % (os.path.basename(c),
                                                args.spatch_mode))
                    sp_rows.append(run_spatch(c, target, files,
                                              args.spatch_mode, args.jobs,
                                              args.timeout, scratch))
            finally:
                os.chdir(here)
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
    sp_total = None
    if sp_rows:
        sp_total = sum(r["wall_s"] or 0 for r in sp_rows) + (grep_wall or 0)
    report["spatch"] = {
        "mode": args.spatch_mode,
        "how": ("grep -rlw <prefilter words> | spatch --file-groups"
                if args.spatch_mode == "grep" else "spatch --dir TREE"),
        "grep_wall_s": grep_wall, "files_selected": nselected,
        "runs": sp_rows, "total_wall_s": sp_total,
        "ratio_fix_over_spatch": (fix["wall_s"] / sp_total
                                  if sp_total and fix["wall_s"] else None)}

    cnt = collections.Counter(c["result"] for c in checks)
    report["compile"] = {
        "checked": len(checks), "ok": cnt["ok"], "failed": cnt["failed"],
        "not_checkable": cnt["not-checkable"],
        "diff_failed": cnt["diff-failed"], "error": cnt["error"],
        "new_warnings": {c["file"]: c["new_warnings"] for c in checks
                         if c["result"] == "ok" and c.get("new_warnings")},
        "files": checks}

    # ---- print ----
    f = report["fix"]
    print("(1) wqport %s" % f["argv"])
    print("    wall %.2f s, exit %s, peak RSS %.0f MiB%s" % (
        f["wall_s"] or 0, f["exit"], (f["maxrss_kb"] or 0) / 1024.0,
        ", CRASH/ERROR: %s" % f["crash"] if f["crash"] else ""))
    if f["summary_line"]:
        print("    " + f["summary_line"])
    if fix.get("steps"):
        print("    time per step (CPU s summed over threads; spatch and the "
              "compile check: wall s): " + ", ".join(
                  "%s %.2f" % kv for kv in fix["steps"].items()))
        report["fix"]["steps_s"] = fix["steps"]
    mt = model_tally(fix["doc"])
    if mt:
        print("    converted sites by model verdict: " + ", ".join(
            "%s %d" % kv for kv in sorted(mt.items())))
        report["fix"]["model_verdicts"] = dict(mt)
    if base:
        report["baseline"] = {"checker": args.baseline_checker,
                              "wall_s": base["wall_s"],
                              "summary_line": base["summary_line"],
                              "steps_s": base.get("steps")}
        print("(1b) baseline %s: wall %.2f s; %s" % (
            args.baseline_checker, base["wall_s"] or 0,
            base["summary_line"] or ""))
        if base.get("steps"):
            print("    baseline time per step: " + ", ".join(
                "%s %.2f" % kv for kv in base["steps"].items()))
        if base["wall_s"] and f["wall_s"]:
            print("    ratio wqport fix / baseline: %.2fx"
                  % (f["wall_s"] / base["wall_s"]))
    if fix.get("report_line"):
        size = sum(os.path.getsize(os.path.join(args.report, n))
                   for n in os.listdir(args.report))
        report["fix"]["report"] = {"dir": args.report,
                                   "wall_s": fix["report_s"],
                                   "bytes": size,
                                   "pages": len(os.listdir(args.report))}
        print("    " + fix["report_line"])
        print("    HTML report: %.2f s of the %.2f s run (%.1f%%), %.1f MiB"
              " in %d files" % (fix["report_s"], f["wall_s"] or 0,
                                100.0 * fix["report_s"] / (f["wall_s"] or 1),
                                size / 1048576.0,
                                len(os.listdir(args.report))))
    total = sum(outcomes.values())
    rows = [("outcome", "sites")]
    for o in sorted(outcomes):
        rows.append((o, outcomes[o]))
    rows.append(("total", total))
    rows.append(("files changed", len(changed)))
    table(rows)
    if reasons:
        print("    refused by reason:")
        table([("reason", "sites")] + sorted(reasons.items(),
                                             key=lambda x: (-x[1], x[0])))
    if by_rule:
        print("    by rule:")
        table([("rule", "outcome", "sites")] +
              [(r, o, n) for (r, o), n in sorted(by_rule.items())])
    for a, b in ferrors:
        print("    file error: %s: %s" % (a, b))
    for l in f["stderr_other"][:10]:
        print("    stderr: %s" % l)
    print()
    s = report["spatch"]
    if sp_rows:
        print("(2) spatch baseline: %s, -D patch --very-quiet --jobs %d "
              "+ each file's // Options: (standalone, no plan)"
              % (s["how"], args.jobs))
        rows = [("step", "wall s", "exit", "files patched", "peak RSS")]
        if grep_wall is not None:
            rows.append(("grep -rlw (%d files)" % nselected,
                         "%.2f" % grep_wall, "-", "-", "-"))
        for r in sp_rows:
            rows.append((r["cocci"], "%.2f" % (r["wall_s"] or 0),
                         r["exit"] if not r["error"] else "ERR",
                         r["files_patched"],
                         "%.0f MiB" % ((r["maxrss_kb"] or 0) / 1024.0)))
        rows.append(("spatch total", "%.2f" % sp_total, "", "", ""))
        rows.append(("wqport fix", "%.2f" % (fix["wall_s"] or 0), fix["exit"],
                     len(changed), "%.0f MiB" % ((fix["maxrss_kb"] or 0)
                                                 / 1024.0)))
        table(rows)
        for r in sp_rows:
            if r["error"]:
                print("    %s: %s" % (r["cocci"], r["error"][:300]))
        if s["ratio_fix_over_spatch"] is not None:
            print("    ratio wqport-fix / spatch: %.2f"
                  % s["ratio_fix_over_spatch"])
    else:
        print("(2) spatch baseline: skipped")
    print()
    c = report["compile"]
    if checks:
        print("(3) compile check (%s, %.0f s): %d converted file(s) checked"
              % (args.headers, report.get("compile_wall_s", 0), c["checked"]))
        table([("result", "files"), ("compile OK", c["ok"]),
               ("compile FAILED", c["failed"]),
               ("not checkable", c["not_checkable"]),
               ("diff did not apply", c["diff_failed"]),
               ("checker error", c["error"])])
        if c["new_warnings"]:
            print("    compile OK but with new warnings:")
            for name, ws in sorted(c["new_warnings"].items()):
                print("      %s: %s" % (name, ws[0][:200]))
        for x in checks:
            if x["result"] != "ok":
                print("    %-14s %s [%s]: %s" % (
                    x["result"].upper(), x["file"], x.get("how") or "-",
                    (x["error"] or "")[:240]))
    else:
        print("(3) compile check: %s" % (
            "skipped" if args.skip_compile else "no changed files"))
    if args.json_out:
        with open(args.json_out, "w") as fh:
            json.dump(report, fh, indent=1, sort_keys=True)
            fh.write("\n")
        print("\njson summary: %s" % args.json_out)
    return 1 if f["crash"] else 0


if __name__ == "__main__":
    sys.exit(main())

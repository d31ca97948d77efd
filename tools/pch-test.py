#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Findings must not depend on where a macro came from.

Every fixture is checked four ways:

  shim          the bundled shim headers (no flags: the default);
  shim+pch      the same flags, the shim precompiled by clang-14 and
                passed as -include-pch (as a user's own flags may do);
  real          kbuild's flags against Debian's linux-headers-amd64;
  real+pch      the same, with a precompiled prelude of the kernel
                headers the fixtures include;
  shim+own-pch  for a fixture that includes its own headers with
                quotes: the shim and those headers precompiled together
                (a driver's own PCH, which hides its macros' definitions
                from libclang's preprocessing record); template-style
                headers holding function bodies are not precompiled.

shim, shim+pch and shim+own-pch must print byte-identical output, real
and real+pch too, and shim and real the same (line, rule) findings on every fixture
that 6.1 can compile (not `wqport-test: shim-only`).  Before this test
existed a PCH silently dropped the macro records the rules used.

With --prelude, the checker's own prelude of kernel headers (frontend/
pch.c) is tested instead, on a kernel include tree made of the shim's
headers plus a few of the prelude's that the shim lacks, each written
so that parsing a file with the prelude where it must not would change
its findings: every fixture and four such drivers are checked with the
prelude (a --cache folder, where it is built at the first file) and
without (WQPORT_NO_PCH), each file with its own -DKBUILD_BASENAME and
-DKBUILD_MODNAME as a compile database gives them, and the output must
be byte-identical; one PCH must serve all the files; and a prelude
header that does not compile must leave the shorter fallback list.

    pch-test.py --checker PATH [--clang clang-14] [--prelude] FIXTURE.c...

The real-header modes are skipped (the shim modes still run) when no
linux-headers-*-amd64 is installed; exits 77 when clang-14 is missing.
"""
import argparse
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import importlib.util  # noqa: E402

_spec = importlib.util.spec_from_file_location(
    "real_headers", os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                 "real-headers-test.py"))
real_headers = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(real_headers)

SKIP = 77
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHIM = os.path.join(ROOT, "checker", "shim")
QUOTED = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)
DIAG = re.compile(r"^[^:]+:(\d+):\d+: (?:error|warning|style): .* \[(WQ\d{3})\]$")
# what the fixtures include from the kernel, precompiled for real+pch
PRELUDE = ["linux/module.h", "linux/kernel.h", "linux/sched.h",
           "linux/sched/signal.h", "linux/wait.h", "linux/fs.h",
           "linux/spinlock.h", "linux/mutex.h", "linux/slab.h",
           "linux/uaccess.h", "linux/interrupt.h", "linux/delay.h",
           "linux/completion.h", "linux/poll.h"]


def shim_flags():
    """What the checker uses without flags (frontend/parse.c)."""
    return ["-x", "c", "-std=gnu11", "-nostdinc", "-isystem", SHIM,
            "-D__KERNEL__", "-w"]


def template_header(path):
    """A template-style header holds function bodies (a `{` opening a
    line after a `)`) and compiles only inside the file that includes it:
    it cannot be precompiled on its own, and a driver would not."""
    with open(path, encoding="utf-8", errors="replace") as f:
        return re.search(r"\)\s*\n\{", f.read()) is not None


def make_pch(clang, flags, header, out):
    p = subprocess.run([clang] + flags + ["-x", "c-header", header, "-o", out],
                       capture_output=True, text=True, timeout=600)
    if p.returncode:
        sys.exit(f"pch-test: {clang} could not precompile {header}:\n{p.stderr}")


def run(checker, path, flags, cache=None, env=None, both=False, extra=()):
    d, name = os.path.split(os.path.abspath(path))
    argv = [os.path.abspath(checker)] + (
        ["--cache", cache] if cache else ["--no-cache"]) + [
        "--no-prefilter", name] + list(extra)
    if flags is not None:
        argv += ["--"] + flags
    p = subprocess.run(argv, cwd=d, capture_output=True, text=True,
                       errors="replace", timeout=300, env=env)
    return p.stdout + "--- stderr\n" + p.stderr if both else p.stdout


# headers of the prelude the shim lacks, each a trap for a file that
# must not be parsed with the prelude (see DRIVERS)
TRAPS = {
    # a file that defines WQTEST_OLD_SLEEP before its #includes
    "linux/ratelimit.h": "#ifdef WQTEST_OLD_SLEEP\n"
                         "#define drv_nap(q) sleep_on(q)\n#else\n"
                         "#define drv_nap(q) wait_event(*(q), 1)\n"
                         "#endif\n",
    # compatibility code testing a macro of a header it does not include
    "linux/idr.h": "#define WQTEST_HAVE_NEW_API 1\n",
    # a name the file defines as its own
    "linux/reboot.h": "extern int wqtest_poll(int x);\n"
                      "struct wqtest_dev {\n\tint ready;\n};\n",
}
DRIVERS = {
    "trap-define-ko.c": "#define WQTEST_OLD_SLEEP\n#include <linux/wait.h>\n"
                        "#include <linux/ratelimit.h>\n\n"
                        "static DECLARE_WAIT_QUEUE_HEAD(q);\n\n"
                        "void nap(void)\n{\n\tdrv_nap(&q);\n}\n",
    "trap-compat-ko.c": "#include <linux/wait.h>\n#include <linux/sched.h>\n\n"
                        "static DECLARE_WAIT_QUEUE_HEAD(q);\n"
                        "static int ready;\n\n"
                        "#ifndef WQTEST_HAVE_NEW_API\n"
                        "void nap(void)\n{\n\tsleep_on(&q);\n}\n#else\n"
                        "void nap(void)\n{\n\twait_event(q, ready);\n}\n"
                        "#endif\n",
    "trap-clash-ko.c": "#include <linux/wait.h>\n\n"
                       "static DECLARE_WAIT_QUEUE_HEAD(q);\n\n"
                       "static long wqtest_poll(long a)\n{\n"
                       "\tsleep_on(&q);\n\treturn a;\n}\n\n"
                       "long use(void)\n{\n\treturn wqtest_poll(1);\n}\n",
    # a header this configuration lacks: clang guesses at the rest
    "trap-missing-ko.c": "#include <linux/wait.h>\n#include <asm/wqtest-gone.h>\n\n"
                         "static DECLARE_WAIT_QUEUE_HEAD(q);\n\n"
                         "void nap(struct wqtest_dev *d)\n{\n"
                         "\td->ready = 0;\n\tsleep_on(&q);\n}\n",
}


def kernel_tree(root, broken=None):
    """The shim's headers as a kernel include tree, plus TRAPS (and a
    header `broken` that does not compile)."""
    inc = os.path.join(root, "include")
    shutil.copytree(SHIM, inc)
    for name, text in TRAPS.items():
        guard = "_WQTEST_" + re.sub(r"\W", "_", name).upper()
        with open(os.path.join(inc, name), "w") as f:
            f.write("#ifndef %s\n#define %s\n#include <wqport-shim.h>\n%s"
                    "#endif\n" % (guard, guard, text))
    if broken:
        with open(os.path.join(inc, broken), "w") as f:
            f.write("#error not for this configuration\n")
    return ["-nostdinc", "-isystem", inc, "-D__KERNEL__", "-w"]


def prelude_main(checker, fixtures):
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        flags = kernel_tree(os.path.join(tmp, "k"))
        drv = os.path.join(tmp, "drivers")
        os.makedirs(drv)
        files = []
        for name, text in sorted(DRIVERS.items()):
            files.append(os.path.join(drv, name))
            with open(files[-1], "w") as f:
                f.write(text)
        cache = os.path.join(tmp, "cache")
        nopch = dict(os.environ, WQPORT_NO_PCH="1")
        for path in files + list(fixtures):
            rel = os.path.relpath(path)
            base = os.path.splitext(os.path.basename(path))[0]
            per = flags + ['-DKBUILD_BASENAME="%s"' % base,
                           '-DKBUILD_MODNAME="%s"' % base]
            want = run(checker, path, per, env=nopch, both=True)
            got = run(checker, path, per, cache, both=True)
            problems = []
            if got != want:
                problems.append(f"with the prelude:\n{got}--- without:\n{want}")
            if path in files and "[WQ001]" not in want:
                problems.append(f"no WQ001 without the prelude, the trap "
                                f"tests nothing:\n{want}")
            if problems:
                failed += 1
                print(f"FAIL {rel}\n  " +
                      "\n  ".join(p.replace("\n", "\n  ") for p in problems))
            else:
                print(f"PASS {rel}")
        pchs = glob.glob(os.path.join(cache, "pch", "*.pch"))
        if len(pchs) != 1:
            failed += 1
            print(f"FAIL one prelude for every file's -DKBUILD_*: {pchs}")
        else:
            print("PASS one prelude for every file's -DKBUILD_*")
        # a prelude header that does not compile: the fallback list
        flags = kernel_tree(os.path.join(tmp, "k2"), "linux/netdevice.h")
        cache2 = os.path.join(tmp, "cache2")
        got = run(checker, files[0], flags, cache2, both=True)
        want = run(checker, files[0], flags, env=nopch, both=True)
        hdrs = glob.glob(os.path.join(cache2, "pch", "*.pch.h"))
        text = open(hdrs[0]).read() if len(hdrs) == 1 else ""
        if got != want or "linux/netdevice.h" in text or \
                "<linux/module.h>" not in text or \
                not glob.glob(os.path.join(cache2, "pch", "*.pch")):
            failed += 1
            print(f"FAIL fallback prelude: {hdrs}\n{text}\n{got}--- "
                  f"without:\n{want}")
        else:
            print("PASS fallback prelude when one header does not compile")
    total = len(DRIVERS) + len(fixtures) + 2
    print(f"{total - failed} passed, {failed} failed")
    return 1 if failed else 0


def findings(out):
    return sorted({(int(m.group(1)), m.group(2))
                   for m in map(DIAG.match, out.splitlines()) if m})


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--checker", required=True)
    ap.add_argument("--clang", default="clang-14")
    ap.add_argument("--headers", default=None)
    ap.add_argument("--prelude", action="store_true",
                    help="test the checker's own kernel-header prelude")
    ap.add_argument("fixtures", nargs="+")
    a = ap.parse_args()
    if a.prelude:
        return prelude_main(a.checker, a.fixtures)
    clang = shutil.which(a.clang)
    if not clang:
        print(f"SKIP: {a.clang} not found (apt-get install clang-14)")
        return SKIP
    headers = a.headers or real_headers.find_headers()
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        base = shim_flags()
        shim_pch = os.path.join(tmp, "shim.pch")
        make_pch(clang, base, os.path.join(SHIM, "wqport-shim.h"), shim_pch)
        modes = [("shim", None),
                 ("shim+pch", base + ["-include-pch", shim_pch])]
        if headers:
            real = real_headers.kbuild_flags(headers)
            prelude = os.path.join(tmp, "prelude.h")
            with open(prelude, "w") as f:
                f.writelines(f"#include <{h}>\n" for h in PRELUDE)
            real_pch = os.path.join(tmp, "prelude.pch")
            make_pch(clang, real, prelude, real_pch)
            modes += [("real", real),
                      ("real+pch", ["-include-pch", real_pch] + real)]
        else:
            print("note: no linux-headers-*-amd64: real-header modes skipped")
        print("modes: " + ", ".join(m for m, _ in modes))
        for path in a.fixtures:
            rel = os.path.relpath(path)
            with open(path, encoding="utf-8", errors="replace") as f:
                text = f.read()
            shim_only = "wqport-test: shim-only" in text
            # the fixture's own checker arguments (a --target), as
            # fixture-test.py passes them: the same in every mode
            m = re.search(r"wqport-args:(.*)", text)
            extra = m.group(1).replace("*/", "").replace(
                "$DIR", os.path.dirname(os.path.abspath(path))).split() \
                if m else []
            extra = [x for x in extra if x.startswith("--")]
            out = {m: run(a.checker, path, fl, extra=extra) for m, fl in modes
                   if not (shim_only and m.startswith("real"))}
            own = [h for h in QUOTED.findall(text) if os.path.exists(
                os.path.join(os.path.dirname(os.path.abspath(path)), h))
                and not template_header(os.path.join(
                    os.path.dirname(os.path.abspath(path)), h))]
            if own:
                d = os.path.dirname(os.path.abspath(path))
                pre = os.path.join(tmp, "own.h")
                with open(pre, "w") as f:
                    f.write('#include "wqport-shim.h"\n')
                    f.writelines(f'#include "{os.path.join(d, h)}"\n'
                                 for h in own)
                own_pch = os.path.join(tmp, "own.pch")
                make_pch(clang, base + ["-I", d], pre, own_pch)
                out["shim+own-pch"] = run(a.checker, path, base + [
                    "-I", d, "-include-pch", own_pch], extra=extra)
            problems = []
            for x, y in (("shim", "shim+pch"), ("real", "real+pch"),
                         ("shim", "shim+own-pch")):
                if x in out and y in out and out[x] != out[y]:
                    problems.append(f"{x} and {y} differ:\n--- {x}\n{out[x]}"
                                    f"--- {y}\n{out[y]}")
            if "real" in out and findings(out["shim"]) != findings(out["real"]):
                problems.append(f"shim {findings(out['shim'])} but real "
                                f"headers {findings(out['real'])}")
            if not findings(out["shim"]) and "-ko.c" in rel:
                problems.append("no finding on a -ko fixture: the test "
                                "would compare nothing")
            if problems:
                failed += 1
                print(f"FAIL {rel}\n  " +
                      "\n  ".join(p.replace("\n", "\n  ") for p in problems))
            else:
                print(f"PASS {rel} ({len(out)} modes)")
    print(f"{len(a.fixtures) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

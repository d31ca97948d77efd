#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Which kernel, in the fix's words (issue 41): the summary, the JSON and
every --series patch say the kernel the code is from and the one the
rewrite is written for, which primitives the rewrite adds that the
former lacks, against which headers the result was compiled; API claims
come from the tree's own headers.

    kernel-words-test.py --checker PATH --testdata DIR SCENARIO

  old-tree     a fake 2.4.22 tree (its Makefile; include/linux/wait.h
               and sched.h declaring what the test writes there): the
               summary, the JSON, the report's index page and the patch
               name 2.4.22 and 6.1, and
               the primitives the diff adds that the headers lack are
               named as lacking, those they declare are not; the JSON's
               written list is the diff's
  compiled     the patch's closing sentence: against wqport's own
               model headers without flags, against the flags given
               after -- with them; never "checked and compiled" alone;
               an input that misses a private header: the sentence
               names it (its errors were not counted); a function
               replaced in place in an #if branch the flags do not
               compile is named as read by neither the analysis nor
               clang, and where it is the only change no parse is
               claimed
  tty-claim    a tty open callback's refusal in a 3.10 tree whose
               include/linux/tty.h defines wait_event_interruptible_tty
               and in one whose tty.h does not: the line claims the form
               exists exactly where the tree's tty.h defines it
  build-table  a build whose version header says 2.4.22, with no
               include/linux/wait.h: the primitives named lacking are
               those target.def and kapi.def date after 2.4.22, those with no row
               are said not known
  unknown-tree a file in no tree: the summary says the code's kernel is
               not known and claims nothing lacking
  old-target   --target=2.4.22 on a 2.4.22 tree (issue 41): the rewrite
               writes only what the tree's headers have, the sleeps kept
               in place are queued with add_wait_queue() before their
               state is set and taken off with remove_wait_queue(), their
               lines say so, and the summary names nothing lacking

The checks are rules over what was written (the diff, the headers the
test made), not expected text.
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
AUTHOR = "Test Author <test@example.org>"

# the vocabulary of calls a rewrite writes in place of a sleep
WAIT_CALL = re.compile(
    r"^(wait_event\w*|prepare_to_wait\w*|finish_wait|DEFINE_WAIT\w*|"
    r"init_wait\w*|schedule\w*|__?set_current_state|add_wait_queue\w*|"
    r"remove_wait_queue)$")

MAKEFILE = """VERSION = {0}
PATCHLEVEL = {1}
SUBLEVEL = {2}
EXTRAVERSION =
NAME = wqport test tree

# wqport test: the head of a kernel-shaped top-level Makefile, as
# frontend/input/ktree.c reads it.  Nothing here builds.
KERNELRELEASE = $(VERSION).$(PATCHLEVEL).$(SUBLEVEL)$(EXTRAVERSION)
"""

# What the fake 2.4.22 headers declare: wait_event() and
# wait_event_interruptible(), schedule() and schedule_timeout(); none of
# the 2.6 prepare_to_wait() family.  Written by the test, not copied.
OLD_WAIT_H = {
    "wait_event": "#define wait_event(wq, condition) do { } while (0)",
    "wait_event_interruptible":
        "#define wait_event_interruptible(wq, condition) ({ 0; })",
    "add_wait_queue":
        "extern void add_wait_queue(wait_queue_head_t *q, wait_queue_t *w);",
}
OLD_SCHED_H = {
    "schedule": "asmlinkage void schedule(void);",
    "schedule_timeout":
        "extern signed long schedule_timeout(signed long timeout);",
    "sleep_on": "extern void sleep_on(wait_queue_head_t *q);",
}

DRIVER = """/* wqport test driver: a 2.4-style device that sleeps on its queue */
#include <linux/wait.h>
#include <linux/sched.h>

static DECLARE_WAIT_QUEUE_HEAD(gizmo_wq);
static volatile int gizmo_ready;

void gizmo_irq(void)
{
	gizmo_ready = 1;
	wake_up(&gizmo_wq);
}

void gizmo_nap(void)
{
	sleep_on_timeout(&gizmo_wq, 10);
}

int gizmo_wait(void)
{
	while (!gizmo_ready)
		interruptible_sleep_on(&gizmo_wq);
	return 0;
}
"""


def expect(cond, what):
    if not cond:
        FAILS.append(what)


def run(cmd, cwd=None):
    e = dict(os.environ, WQPORT_NO_CACHE="1")
    p = subprocess.run(cmd, cwd=cwd, capture_output=True, env=e,
                       stdin=subprocess.DEVNULL, timeout=600)
    return p.returncode, p.stdout.decode("utf-8", "replace"), \
        p.stderr.decode("utf-8", "replace")


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def header(guard, decls):
    return ("/* wqport test header: only what the test declares */\n"
            "#ifndef %s\n#define %s\n%s\n#endif\n" %
            (guard, guard, "\n".join(decls.values())))


def make_tree(root, version, wait_h, sched_h, tty_h=None):
    write(os.path.join(root, "Makefile"), MAKEFILE.format(*version))
    write(os.path.join(root, "include", "linux", "wait.h"),
          header("_LINUX_WAIT_H", wait_h))
    write(os.path.join(root, "include", "linux", "sched.h"),
          header("_LINUX_SCHED_H", sched_h))
    if tty_h is not None:
        write(os.path.join(root, "include", "linux", "tty.h"),
              header("_LINUX_TTY_H", tty_h))


def calls(text):
    return set(re.findall(r"\b([A-Za-z_]\w*)\s*\(", text))


def written_by(diff, orig):
    """The wait calls on the diff's added lines the original does not call"""
    added = "\n".join(l[1:] for l in diff.splitlines()
                      if l.startswith("+") and not l.startswith("+++"))
    return {n for n in calls(added) - calls(orig) if WAIT_CALL.match(n)}


def kernel_lines(err):
    return [l for l in err.splitlines() if l.startswith("wqport fix: kernel:")]


def lacks_part(text):
    """The names a 'lacks what the rewrite writes: ...' sentence lists"""
    m = re.search(r"lacks what the rewrite writes: (.*?) \(", text, re.S)
    return set(re.findall(r"(\w+)\(\)", m.group(1))) if m else set()


def body_of(patch):
    head, _, rest = patch.partition("\n\n")
    return rest.split("\n---\n")[0]


def old_tree(a, tmp):
    root = os.path.join(tmp, "linux-2.4.22")
    make_tree(root, (2, 4, 22), OLD_WAIT_H, OLD_SCHED_H)
    rel = os.path.join("drivers", "char", "gizmo.c")
    write(os.path.join(root, rel), DRIVER)
    present = set(OLD_WAIT_H) | set(OLD_SCHED_H)

    rc, diff, err = run([a.checker, "fix", rel], cwd=root)
    expect(rc == 1 and diff, f"fix: exit {rc}, no diff\n{err}")
    wrote = written_by(diff, DRIVER)
    lacking = wrote - present
    expect(lacking, f"the rewrite adds nothing 2.4.22 lacks: {wrote}")
    kl = kernel_lines(err)
    expect(len(kl) == 1, f"summary: {len(kl)} kernel lines\n{err}")
    line = kl[0] if kl else ""
    expect("Linux 2.4.22" in line and "Linux 6.1" in line,
           f"summary: not both kernels named: {line!r}")
    named = lacks_part(line)
    expect(named == lacking,
           f"summary: lacking named {sorted(named)}, the diff adds "
           f"{sorted(wrote)} of which the headers lack {sorted(lacking)}")

    rc, out, err = run([a.checker, "fix", "--format=json", rel], cwd=root)
    try:
        doc = json.loads(out)
    except ValueError:
        doc = None
    expect(doc is not None, f"JSON does not parse:\n{out[:400]}")
    if doc:
        f0 = doc["files"][0]
        k = f0.get("kernel") or {}
        expect(k.get("from") == "2.4.22" and k.get("target") == "6.1" and
               k.get("target_given") is False,
               f"JSON kernel: {k}")
        w = {x["name"]: x["in_from"] for x in k.get("written", [])}
        expect(set(w) == written_by(f0["diff"], DRIVER),
               f"JSON written {sorted(w)}, the diff adds "
               f"{sorted(written_by(f0['diff'], DRIVER))}")
        for n, have in w.items():
            expect(have == ("yes" if n in present else "no"),
                   f"JSON: {n} in_from {have}, the headers "
                   f"{'declare' if n in present else 'lack'} it")
        ks = doc["summary"].get("kernels") or []
        expect(len(ks) == 1 and lacks_part(ks[0].get("words", "")) ==
               lacking, f"JSON summary kernels: {ks}")

    rep = os.path.join(tmp, "report")
    rc, _, err = run([a.checker, "fix", "--report=" + rep, rel], cwd=root)
    try:
        with open(os.path.join(rep, "index.html")) as f:
            page = f.read()
    except OSError:
        page = ""
    kp = re.findall(r'<p class="kernel">(.*?)</p>', page, re.S)
    expect(len(kp) == 1 and "Linux 2.4.22" in kp[0] and
           lacks_part(kp[0]) == lacking,
           f"report: the kernel paragraph is {kp}")

    ser = os.path.join(tmp, "series")
    rc, _, err = run([a.checker, "fix", "--series", ser, "--author", AUTHOR,
                      rel], cwd=root)
    pats = sorted(os.listdir(ser)) if os.path.isdir(ser) else []
    expect(len(pats) == 1, f"series: {pats}\n{err}")
    for p in pats:
        with open(os.path.join(ser, p)) as f:
            patch = f.read()
        body = " ".join(body_of(patch).split())
        pdiff = patch[patch.index("\n--- a/"):]
        plack = written_by(pdiff, DRIVER) - present
        expect("Linux 2.4.22" in body and "Linux 6.1" in body,
               f"{p}: the body does not name both kernels")
        expect(lacks_part(body) == plack,
               f"{p}: lacking named {sorted(lacks_part(body))}, the diff's "
               f"lacking {sorted(plack)}")


# What a 2.4 tree's headers have for the wait-entry idiom, written by the
# test as OLD_WAIT_H is: the sleep_on() family, the entry API and the
# state setter, wait_event() and wait_event_interruptible().
OLD_ENTRY_WAIT_H = dict(OLD_WAIT_H, **{
    "DECLARE_WAITQUEUE":
        "#define DECLARE_WAITQUEUE(name, tsk) wait_queue_t name = { 0 }",
    "remove_wait_queue":
        "extern void remove_wait_queue(wait_queue_head_t *q, wait_queue_t *w);",
    "init_waitqueue_head":
        "extern void init_waitqueue_head(wait_queue_head_t *q);",
    "wake_up": "#define wake_up(x) do { } while (0)",
    "wake_up_interruptible": "#define wake_up_interruptible(x) do { } while (0)",
})
OLD_ENTRY_SCHED_H = dict(OLD_SCHED_H, **{
    "set_current_state":
        "#define set_current_state(s) do { current->state = (s); } while (0)",
    "signal_pending": "static inline int signal_pending(void *p) { return 0; }",
    "interruptible_sleep_on":
        "extern void interruptible_sleep_on(wait_queue_head_t *q);",
    "sleep_on_timeout":
        "extern long sleep_on_timeout(wait_queue_head_t *q, long t);",
})


def old_target(a, tmp):
    """--target set to the tree's own 2.4.22: what the rewrite writes is
    all in the tree's headers; the sleeps kept in place are queued with
    add_wait_queue() before their state is set, and taken off with
    remove_wait_queue(); the summary names nothing lacking."""
    root = os.path.join(tmp, "linux-2.4.22")
    make_tree(root, (2, 4, 22), OLD_ENTRY_WAIT_H, OLD_ENTRY_SCHED_H)
    rel = os.path.join("drivers", "char", "kbx_strobe.c")
    with open(os.path.join(a.testdata, "sleep-on", "kbx-strobe24-ko.c")) as f:
        text = f.read()
    write(os.path.join(root, rel), text)
    present = set(OLD_ENTRY_WAIT_H) | set(OLD_ENTRY_SCHED_H)
    rc, diff, err = run([a.checker, "fix", "--target=2.4.22", rel], cwd=root)
    expect(rc == 1 and diff, f"fix: exit {rc}, no diff\n{err}")
    wrote = written_by(diff, text)
    expect(wrote and wrote <= present,
           f"the rewrite writes {sorted(wrote - present)}, which the "
           f"2.4.22 headers lack (it writes {sorted(wrote)})")
    kl = kernel_lines(err)
    line = kl[0] if kl else ""
    expect(len(kl) == 1 and line.count("Linux 2.4.22") >= 2 and
           not lacks_part(line), f"summary: {kl}")
    added = [l[1:].strip() for l in diff.splitlines()
             if l.startswith("+") and not l.startswith("+++")]
    adds = [i for i, l in enumerate(added) if l.startswith("add_wait_queue(")]
    expect(adds, "no sleep kept in place with add_wait_queue()")
    for i in adds:
        q = added[i][len("add_wait_queue("):].split(",")[0]
        expect(i + 1 < len(added) and
               added[i + 1].startswith("set_current_state(TASK_"),
               f"the state is not set right after {added[i]}")
        expect(any(l.startswith("remove_wait_queue(" + q + ",")
                   for l in added[i + 1:]),
               f"{added[i]}: the entry is not removed from {q}")
    sites = [l for l in err.splitlines() if re.match(r"^\S+:\d+:\d+: ", l)]
    kept = [l for l in sites if "-> prepare_to_wait()" in l]
    expect(kept and all("in its wait-entry API" in l and ": converted" in l
                        for l in kept),
           "a site kept in place does not say it is written in the "
           "target's wait-entry API:\n" + "\n".join(kept))
    expect(any(": refused: target-api: " in l for l in sites),
           "no site is refused for a primitive the target lacks")


def compiled(a, tmp):
    root = os.path.join(tmp, "linux-2.4.22")
    make_tree(root, (2, 4, 22), OLD_WAIT_H, OLD_SCHED_H)
    rel = os.path.join("drivers", "char", "gizmo.c")
    write(os.path.join(root, rel), DRIVER)
    shim = os.path.realpath(os.path.join(os.path.dirname(
        os.path.realpath(__file__)), "..", "checker", "shim"))
    flags = ["-nostdinc", "-isystem", shim, "-include",
             os.path.join(shim, "wqport-shim.h"), "-D__KERNEL__"]
    legacy = DRIVER.replace("int gizmo_wait(void)",
                            "#ifdef CONFIG_GIZMO_LEGACY\nint gizmo_wait(void)")
    legacy = legacy[:-1] + "\n#endif\n"
    for name, extra in (("shim", []), ("flags", ["--"] + flags),
                        ("missing", []), ("off-branch", []),
                        ("only-off", [])):
        if name == "off-branch":
            # gizmo_wait() in a branch the flags do not compile: replaced
            # in place, read by nothing; the sentence must say so
            write(os.path.join(root, rel), legacy)
        elif name == "only-off":
            write(os.path.join(root, rel), legacy.replace(
                "\tsleep_on_timeout(&gizmo_wq, 10);\n", "\tgizmo_ready = 0;\n"))
        if name == "missing":
            # a private header the tree does not have: its errors are
            # not counted, and the sentence must say so
            write(os.path.join(root, rel), DRIVER.replace(
                "#include <linux/sched.h>\n",
                "#include <linux/sched.h>\n#include \"gizmo_priv.h\"\n"))
        ser = os.path.join(tmp, "series-" + name)
        rc, _, err = run([a.checker, "fix", "--series", ser, "--author",
                          AUTHOR, rel] + extra, cwd=root)
        pats = sorted(os.listdir(ser)) if os.path.isdir(ser) else []
        expect(len(pats) == 1, f"{name}: series {pats}\n{err}")
        for p in pats:
            with open(os.path.join(ser, p)) as f:
                body = " ".join(body_of(f.read()).split())
            last = body[body.rfind("Converted with wqport"):]
            if name in ("off-branch", "only-off"):
                expect("gizmo_wait()" in last and "nor clang" in last,
                       f"{name}: gizmo_wait(), in a branch nothing read, is "
                       f"not named as unread: {last}")
                expect(("had clang parse the result" in last) ==
                       (name == "off-branch"),
                       f"{name}: the parse is claimed "
                       f"{'for no' if name == 'off-branch' else 'for an unread'} "
                       f"function: {last}")
                continue
            expect("compiled each changed function again." not in body,
                   f"{name}: the body says 'compiled' naming no headers")
            expect("no object code" in last,
                   f"{name}: the sentence claims more than a parse: {last}")
            expect(("gizmo_priv.h" in last) == (name == "missing"),
                   f"{name}: the missing header is {'not ' if name == 'missing' else ''}"
                   f"named: {last}")
            if extra:
                expect("flags it was given" in last and
                       "model of the Linux" not in last,
                       f"flags: the sentence names no flags: {last}")
            else:
                expect("wqport's own model" in last and
                       "not the headers of the tree" in last,
                       f"shim: the sentence does not say the shim: {last}")


TTY_RE = re.compile(r"(has no) wait_event_interruptible_tty|"
                    r"wait_event_interruptible_tty\(tty, \.\.\.\), (which .*? has) ")


def tty_claim(a, tmp):
    src = os.path.join(a.testdata, "sleep-on", "tzx-serial-open-ko.c")
    with open(src) as f:
        text = f.read()
    tty_def = {"wait_event_interruptible_tty":
               "#define wait_event_interruptible_tty(tty, wq, condition) "
               "({ 0; })"}
    for name, tty_h in (("with", tty_def), ("without", {})):
        root = os.path.join(tmp, "linux-3.10-" + name)
        make_tree(root, (3, 10, 0), {"DEFINE_WAIT":
                                     "#define DEFINE_WAIT(name) int name"},
                  {"schedule": "asmlinkage void schedule(void);"}, tty_h)
        rel = os.path.join("drivers", "tty", "tzx.c")
        write(os.path.join(root, rel), text)
        rc, _, err = run([a.checker, "fix", rel], cwd=root)
        sites = [l for l in err.splitlines() if "tty lock held" in l]
        expect(sites, f"{name}: no tty-lock site\n{err}")
        for l in sites:
            m = TTY_RE.search(l)
            expect(m, f"{name}: the line makes no claim on the form: {l}")
            if not m:
                continue
            says_has = m.group(1) is None
            expect(says_has == bool(tty_h),
                   f"{name}: tty.h {'defines' if tty_h else 'lacks'} it, "
                   f"the line says otherwise: {l}")
            expect("Linux 3.10" in l,
                   f"{name}: the claim does not say whose headers: {l}")


def table_rows():
    """The dated rows, {name: (since, gone)}: checker/target.def's, and
    the first releases of checker/kapi.def's KAPI_FORM rows"""
    chk = os.path.join(os.path.dirname(os.path.realpath(__file__)), "..",
                       "checker")
    rows = {}
    with open(os.path.join(chk, "kapi.def")) as f:
        for m in re.finditer(r"^KAPI_FORM\((\w+),.*FIRST\((\d+), (\d+), "
                             r"(\d+)\)\)", f.read(), re.M):
            v = (int(m.group(2)), int(m.group(3)), int(m.group(4)))
            rows[m.group(1)] = (v, None)
    with open(os.path.join(chk, "target.def")) as f:
        for m in re.finditer(r"^TARGET_API(_GONE)?\((\w+), (\d+), (\d+), "
                             r"(\d+)\)", f.read(), re.M):
            v = (int(m.group(3)), int(m.group(4)), int(m.group(5)))
            since, gone = rows.get(m.group(2), (None, None))
            rows[m.group(2)] = (since, v) if m.group(1) else (v, gone)
    return rows


def build_table(a, tmp):
    # a build whose version header says 2.4.22 and which has no
    # include/linux/wait.h: the table answers, or nothing does
    inc = os.path.join(tmp, "build", "include")
    write(os.path.join(inc, "generated", "uapi", "linux", "version.h"),
          "#define LINUX_VERSION_CODE %d\n" % ((2 << 16) + (4 << 8) + 22))
    d = os.path.join(tmp, "src")
    write(os.path.join(d, "gizmo.c"), DRIVER)
    shim = os.path.realpath(os.path.join(os.path.dirname(
        os.path.realpath(__file__)), "..", "checker", "shim"))
    rc, diff, err = run([a.checker, "fix", "gizmo.c", "--", "-nostdinc",
                         "-isystem", shim, "-include",
                         os.path.join(shim, "wqport-shim.h"),
                         "-D__KERNEL__", "-I" + inc], cwd=d)
    wrote = written_by(diff, DRIVER)
    rows = table_rows()
    v = (2, 4, 22)
    lacking = {n for n in wrote if n in rows and rows[n][0] and
               (v < rows[n][0] or (rows[n][1] and v >= rows[n][1]))}
    unknown = {n for n in wrote if n not in rows}
    kl = kernel_lines(err)
    line = kl[0] if kl else ""
    expect(len(kl) == 1 and "Linux 2.4.22" in line,
           f"build: kernel lines {kl}\n{err}")
    expect(lacks_part(line) == lacking,
           f"build: lacking named {sorted(lacks_part(line))}, by the "
           f"table {sorted(lacking)}")
    m = re.search(r"Whether Linux 2\.4\.22 has (.*?) is not known", line)
    said = set(re.findall(r"(\w+)\(\)", m.group(1))) if m else set()
    expect(said == unknown,
           f"build: not known {sorted(said)}, no row {sorted(unknown)}")


def unknown_tree(a, tmp):
    d = os.path.join(tmp, "loose")
    write(os.path.join(d, "gizmo.c"), DRIVER)
    rc, diff, err = run([a.checker, "fix", "gizmo.c"], cwd=d)
    kl = kernel_lines(err)
    expect(len(kl) == 1 and "not known" in kl[0] and "Linux 6.1" in kl[0]
           and not lacks_part(kl[0]),
           f"no tree: {kl}\n{err}")


def irq_claim(a, tmp):
    """The refusal of a sleep that came back with interrupts off says a
    wait_event*_lock_irq() form keeps them only for a target that has
    one (target.def), and only after a lock taken with interrupts off."""
    src = os.path.join(a.testdata, "sleep-on", "swx-grab-drive-ko.c")
    d = os.path.join(tmp, "irq")
    os.makedirs(d)
    shutil.copy(src, d)
    since = table_rows()["wait_event_lock_irq"][0]
    for target in ((2, 6, 36), since, (6, 1, 0)):
        t = "%d.%d.%d" % target
        rc, diff, err = run([a.checker, "fix", "--target=" + t,
                             "swx-grab-drive-ko.c"], cwd=d)
        lines = [l for l in err.splitlines()
                 if "returns with interrupts enabled" in l]
        expect(lines, "--target=%s: no interrupts refusal\n%s" % (t, err))
        for l in lines:
            claims = "lock_irq() form keeps them" in l
            expect(claims == (target >= since),
                   "--target=%s (wait_event_lock_irq() since %s): %s"
                   % (t, since, l))


SCENARIOS = {"old-tree": old_tree, "compiled": compiled,
             "old-target": old_target,
             "irq-claim": irq_claim,
             "build-table": build_table,
             "tty-claim": tty_claim, "unknown-tree": unknown_tree}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--checker", required=True)
    ap.add_argument("--testdata", required=True)
    ap.add_argument("scenario", choices=sorted(SCENARIOS))
    a = ap.parse_args()
    a.checker = os.path.abspath(a.checker)
    a.testdata = os.path.abspath(a.testdata)
    if not shutil.which("spatch") and not os.environ.get("WQPORT_SPATCH"):
        print("SKIP: no spatch")
        return 77
    with tempfile.TemporaryDirectory() as tmp:
        SCENARIOS[a.scenario](a, tmp)
    for f in FAILS:
        print("FAIL:", f)
    print("PASS" if not FAILS else f"{len(FAILS)} failure(s)")
    return 1 if FAILS else 0


if __name__ == "__main__":
    sys.exit(main())

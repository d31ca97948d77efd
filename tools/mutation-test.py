#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Mutation checks: switch one analysis off and see the fixtures fail.

A fixture that stays silent only because of one piece of the analysis
shows that piece is needed when the checker, with it switched off,
reports what the fixture says is no bug.  Each scenario names the
switch (an environment variable the checker reads) and the -ok fixtures
that depend on it, with the rules each must then report:

  feasibility  WQPORT_NO_FEASIBILITY=1: every test is taken both ways,
               whatever the path already settled (analysis/flow/paths.c,
               analysis/flow/bounds.c).  The correlated-branch fixtures
               (the same test guarding the state and the sleep, the
               enqueue and the dequeue, O_NONBLOCK tested twice) must
               then report the paths that do not exist; so must the
               OSS read/write loop whose clamp keeps the tested value
               in range (analysis/flow/ranges.c).
  ranges       WQPORT_NO_RANGES=1: the value ranges of the tested
               locals are not used (analysis/flow/ranges.c), the rest of
               the feasibility is: the OSS loop must report again.

  wakers       WQPORT_FILE_WAKERS_ONLY=1: a queue nothing in the file
               wakes counts as never woken again (the excuse issue 37
               removed, fix/validate/vreach.c): the fixtures whose waker is in
               another file are refused "unproven" with the check and
               converted to sleep on no queue without it.
  model        WQPORT_NO_MODEL=1, with WQPORT_NO_VALIDATE=tokens: the
               fixtures of issue 30 whose rewrite sleeps on no queue are
               refused "unproven" by the generated model check alone,
               and converted without it.
  validation   WQPORT_NO_VALIDATE=1: `wqport fix` skips its translation
               validation (fix/validate/validate.c).  The fixtures of issue 30
               (a switch arm from a missing header, a state macro,
               set_task_state(), a sleep under spin_lock_irqsave(), a
               loop test that sends) are refused "unproven" with it and
               must, without it, be converted: the wrong rewrite the
               validation stops is what the planner writes.

For each checker fixture: the checker without the switch must be
silent (exit 0), and with it must exit 1 with at least the listed rules
among its findings.  For each fix fixture: every listed line must be
refused "unproven" without the switch and converted with it.  Both runs bypass the result cache (WQPORT_NO_CACHE=1), which
does not key on the environment.

    python3 tools/mutation-test.py --checker build/checker/wqport \\
        --testdata testdata feasibility
"""

import argparse
import os
import re
import subprocess
import sys

SCENARIOS = {
    "feasibility": {
        "env": "WQPORT_NO_FEASIBILITY",
        "fixtures": {
            "schedule-while-running/kmx-midi-clamp-ok.c": ["WQ004"],
            # the ranges of the tested locals (analysis/flow/ranges.c): the
            # clamp `cnt = count` under `cnt > count` keeps `cnt > 0`
            "schedule-while-running/esx-adc-rw-ok.c": ["WQ004"],
            "wait-entry-leak/tkx-fifo-nonblock-ok.c": ["WQ006"],
            "wait-entry-leak/sbk-pipe-corr-ok.c": ["WQ004", "WQ006"],
            "wait-entry-leak/kestrel-pipe-nonblock-ok.c": ["WQ004", "WQ006"],
            # the enqueue's own guard, unwritten, taken the other way
            # (analysis/flow/entry_fate.c)
            "wait-entry-leak/hdx-rirb-poll-ok.c": ["WQ006"],
            "wait-entry-leak/prx-rwsem-wait-ok.c": ["WQ006"],
        },
    },
    "ranges": {
        "env": "WQPORT_NO_RANGES",
        "fixtures": {
            "schedule-while-running/esx-adc-rw-ok.c": ["WQ004"],
        },
    },
    "validation": {
        "env": "WQPORT_NO_VALIDATE",
        "fix": True,
        "fixtures": {
            "open-coded-wait/rvx-chan-wait-ko.c": [67],
            "open-coded-wait/kbx-macro-state-ko.c": [53],
            "open-coded-wait/tdx-task-state-ko.c": [52],
            "sleep-on/swx-grab-drive-ko.c": [65],
            "sleep-on/isx-writebuf24-ko.c": [69],
        },
    },
    "wakers": {
        # the old excuse put back (WQPORT_FILE_WAKERS_ONLY=1): a queue
        # this file only sleeps on counts as never woken, in the
        # validation, the model and the planner (fix/validate/vreach.c); the
        # fixtures of issue 37, whose waker is in another file, are then
        # converted to sleep on no queue
        "env": "WQPORT_FILE_WAKERS_ONLY",
        "fix": True,
        "fixtures": {
            "open-coded-wait/rvx-chan-remote-ko.c": [50],
            "open-coded-wait/rvx-chan-macro-ko.c": [48],
            "open-coded-wait/xdev-state-macro-ko.c": [28],
        },
    },
    "model": {
        # the token validation off (WQPORT_NO_VALIDATE=tokens), so that
        # the model check generated from the file (fix/modelcheck/vmodel.c) is the
        # one thing between the wrong rewrite and the user: it must see
        # the unqueued sleep as a lost wake-up against the file's waker
        "env": "WQPORT_NO_MODEL",
        "base_env": {"WQPORT_NO_VALIDATE": "tokens"},
        "fix": True,
        "fixtures": {
            "open-coded-wait/rvx-chan-wait-ko.c": [67],
            "open-coded-wait/kbx-macro-state-ko.c": [53],
            "open-coded-wait/tdx-task-state-ko.c": [52],
            # issue 37: against an opaque waker outside this file
            "open-coded-wait/rvx-chan-remote-ko.c": [50],
            "open-coded-wait/rvx-chan-macro-ko.c": [48],
            "open-coded-wait/xdev-state-macro-ko.c": [28],
        },
    },
}


def fixture_args(path):
    """The `wqport-args:` options the fixture asks for."""
    with open(path, encoding="utf-8", errors="replace") as f:
        m = re.search(r"wqport-args:\s*(.*)", f.read())
    return m.group(1).split() if m else []


def run(checker, path, env_extra):
    env = dict(os.environ, WQPORT_NO_CACHE="1")
    env.update(env_extra)
    p = subprocess.run([checker, "-q"] + fixture_args(path) + [path],
                       capture_output=True, text=True, env=env,
                       cwd=os.path.dirname(path))
    rules = set(re.findall(r"\[(WQ\d{3})\]", p.stdout))
    return p.returncode, rules, p.stdout


def run_fix(checker, path, env_extra):
    """{line: outcome} of `wqport fix` on the fixture."""
    env = dict(os.environ, WQPORT_NO_CACHE="1")
    env.update(env_extra)
    p = subprocess.run([checker, "fix"] + fixture_args(path) +
                       [os.path.basename(path)],
                       capture_output=True, text=True, env=env,
                       cwd=os.path.dirname(path))
    out = {}
    for m in re.finditer(r"^[^:\n]+:(\d+):\d+: ([a-z ,]+?)(?:: ([\w-]+))?:",
                         p.stderr, re.M):
        out[int(m.group(1))] = (m.group(2), m.group(3))
    return out, p.stderr


def main_fix(checker, testdata, sc):
    problems = []
    for rel, lines in sorted(sc["fixtures"].items()):
        path = os.path.join(os.path.abspath(testdata), rel)
        base = sc.get("base_env", {})
        got, err = run_fix(checker, path, base)
        bad = [l for l in lines if got.get(l) != ("refused", "unproven")]
        if bad:
            problems.append("%s: line %s not refused 'unproven':\n%s"
                            % (rel, bad, err))
            continue
        got, err = run_fix(checker, path, dict(base, **{sc["env"]: "1"}))
        bad = [l for l in lines if not got.get(l, ("",))[0].startswith("converted")]
        if bad:
            problems.append("%s: with %s=1 line %s is not converted, so the "
                            "validation is not what stops it:\n%s"
                            % (rel, sc["env"], bad, err))
            continue
        print("ok   %s: refused unproven; with %s=1 converted"
              % (rel, sc["env"]))
    for p in problems:
        print("FAIL " + p)
    print("%s: %d fixtures, %d problems" % (sc["env"], len(sc["fixtures"]),
                                                    len(problems)))
    return 1 if problems else 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--checker", required=True)
    ap.add_argument("--testdata", required=True)
    ap.add_argument("scenario", choices=sorted(SCENARIOS))
    a = ap.parse_args()
    sc = SCENARIOS[a.scenario]
    checker = os.path.abspath(a.checker)
    if sc.get("fix"):
        return main_fix(checker, a.testdata, sc)
    problems = []
    for rel, want in sorted(sc["fixtures"].items()):
        path = os.path.join(os.path.abspath(a.testdata), rel)
        rc, rules, out = run(checker, path, {})
        if rc != 0 or rules:
            problems.append("%s: not silent without %s=1 (exit %d):\n%s"
                            % (rel, sc["env"], rc, out))
            continue
        rc, rules, out = run(checker, path, {sc["env"]: "1"})
        missing = [r for r in want if r not in rules]
        if rc != 1 or missing:
            problems.append("%s: with %s=1 the checker should report %s "
                            "(exit 1), got exit %d, rules %s"
                            % (rel, sc["env"], ", ".join(want), rc,
                               ", ".join(sorted(rules)) or "none"))
            continue
        print("ok   %s: %s=1 reports %s" % (rel, sc["env"],
                                            ", ".join(sorted(rules))))
    for p in problems:
        print("FAIL " + p)
    print("%s: %d fixtures, %d problems" % (a.scenario, len(sc["fixtures"]),
                                           len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

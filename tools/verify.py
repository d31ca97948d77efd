#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Run the wait-queue model (verify/README.md) on harnessed fixtures.

    tools/verify.py [-B BUILD] [-b BOUND] [-j N] [-q] [--no-fairness] [PATH...]

Finds the `.harness` files under each PATH (a directory, a harness, or a
fixture input a harness names; default: testdata), builds the model
executable of each `// verify: <input> <property|none>` line with CMake
(in BUILD, default build/ at the top of the tree, configured if needed),
runs them, and prints per input one line: the property found or none,
the schedules explored and the time, and whether that is what the
harness expects.  For each counterexample the trace follows, as
`file:line: note:` lines with paths relative to the current directory.
--no-fairness runs the explorer without fairness (a timer may fire ahead
of a runnable task for free, verify/README.md): the mutation check of
the fairness tests, whose `none` inputs must then fail.

Exit status: 0 when every input gives what its harness expects (a
known failure counts while it still fails), 1 otherwise, 2 on a usage
or build error.
"""
import argparse
import concurrent.futures
import os
import re
import subprocess
import sys

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VERIFY_RE = re.compile(r'^// verify: +(\S+) +(\S+)(.*)$')
SUMMARY_RE = re.compile(r'^wqv: (\S+): (.+?) in (\d+) schedules? \(([\d.]+) s, '
                        r'preemption bound (\d+)(, no fairness)?\)$')
PATH_RE = re.compile(r'^(/[^:\s]+)(:\d+:)')


class Run:
    def __init__(self, harness, input_, expect, known):
        self.harness = harness
        self.input = os.path.join(os.path.dirname(harness), input_)
        self.expect = expect
        self.known = known
        rule = os.path.basename(os.path.dirname(harness))
        self.target = 'wqv-%s-%s' % (rule, input_.replace('.', '_'))


def parse_harness(path):
    runs = []
    with open(path, encoding='utf-8') as f:
        for line in f:
            m = VERIFY_RE.match(line.rstrip('\n'))
            if m:
                known = None
                k = re.search(r'known-failure: *(.*)$', m.group(3))
                if k:
                    known = k.group(1).strip() or 'known failure'
                runs.append(Run(os.path.abspath(path), m.group(1), m.group(2), known))
    return runs


def find_runs(paths):
    runs, seen = [], set()

    def add_harness(h):
        h = os.path.abspath(h)
        if h not in seen:
            seen.add(h)
            runs.extend(parse_harness(h))

    for p in paths:
        if os.path.isdir(p):
            for root, dirs, files in os.walk(p):
                dirs.sort()
                for name in sorted(files):
                    if name.endswith('.harness'):
                        add_harness(os.path.join(root, name))
        elif p.endswith('.harness') and os.path.isfile(p):
            add_harness(p)
        elif os.path.isfile(p):
            # a fixture input: the harnesses beside it that name it
            d = os.path.dirname(os.path.abspath(p))
            want = os.path.abspath(p)
            for name in sorted(os.listdir(d)):
                if name.endswith('.harness'):
                    for r in parse_harness(os.path.join(d, name)):
                        if r.input == want and (r.harness, r.input) not in seen:
                            seen.add((r.harness, r.input))
                            runs.append(r)
        else:
            sys.exit('verify.py: %s: no such file or directory' % p)
    return runs


def rel(path):
    try:
        return os.path.relpath(path)
    except ValueError:
        return path


def build(bdir, targets):
    # (Re)configure: a new harness, or a new `// verify:` line, is a new target.
    r = subprocess.run(['cmake', '-S', TOP, '-B', bdir], capture_output=True, text=True)
    if r.returncode:
        sys.stderr.write(r.stdout + r.stderr)
        sys.exit('verify.py: cmake configure failed')
    r = subprocess.run(['cmake', '--build', bdir, '-j', str(os.cpu_count() or 2), '--target']
                       + targets, capture_output=True, text=True)
    if r.returncode:
        sys.stderr.write(r.stdout[-4000:] + r.stderr[-4000:])
        sys.exit('verify.py: building the model executables failed')


def run_one(bdir, r, bound, unfair):
    exe = os.path.join(bdir, 'verify', r.target)
    p = subprocess.run([exe, '-b', str(bound), '-e', r.expect] + (['-u'] if unfair else []),
                       capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def totals(out):
    """The schedules and seconds of one run's summary line, or (0, 0.0)."""
    lines = out.splitlines()
    m = SUMMARY_RE.match(lines[0]) if lines else None
    return (int(m.group(3)), float(m.group(4))) if m else (0, 0.0)


def report(r, code, out, err, quiet):
    lines = out.splitlines()
    m = SUMMARY_RE.match(lines[0]) if lines else None
    if not m:
        print('%s: error: the model did not run (exit %d)' % (rel(r.input), code))
        sys.stdout.write(out + err)
        return False
    found = m.group(2)
    prop = 'none' if found == 'no violation' else found
    ok = code == 0 and prop == r.expect
    if r.known:
        verdict = ('known failure: %s' % r.known) if not ok else \
                  'FAIL: a known failure now passes: drop known-failure from the harness'
        ok = not ok
    else:
        verdict = 'as expected' if ok else 'FAIL: expected %s' % r.expect
    pre = ''
    if len(lines) > 1 and lines[1].startswith('counterexample'):
        pre = ' ' + lines[1][len('counterexample '):].rstrip(':')
    print('%s: %s%s: %s schedule%s, %s s (bound %s%s): %s' %
          (rel(r.input), prop, pre, m.group(3), '' if m.group(3) == '1' else 's',
           m.group(4), m.group(5), m.group(6) or '', verdict))
    if prop != 'none' and not quiet:
        for l in lines[2:]:
            if l.startswith('wqv: FAIL'):
                continue
            pm = PATH_RE.match(l)
            if pm:
                l = rel(pm.group(1)) + l[len(pm.group(1)):]
            print('  ' + l if not pm else l)
    return ok


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('paths', nargs='*', default=[os.path.join(TOP, 'testdata')])
    ap.add_argument('-B', '--build-dir', default=os.path.join(TOP, 'build'))
    ap.add_argument('-b', '--bound', type=int, default=2, help='preemption bound (0-4)')
    ap.add_argument('-j', '--jobs', type=int, default=2)
    ap.add_argument('-q', '--quiet', action='store_true', help='no traces')
    ap.add_argument('--no-fairness', action='store_true',
                    help='timers may fire ahead of runnable tasks for free (mutation check)')
    a = ap.parse_args()
    runs = find_runs(a.paths)
    if not runs:
        sys.exit('verify.py: no harnessed input under %s' % ' '.join(a.paths))
    bdir = os.path.abspath(a.build_dir)
    build(bdir, sorted({r.target for r in runs}))
    with concurrent.futures.ThreadPoolExecutor(max(1, a.jobs)) as ex:
        results = list(ex.map(lambda r: run_one(bdir, r, a.bound, a.no_fairness), runs))
    bad = 0
    for r, (code, out, err) in zip(runs, results):
        if not report(r, code, out, err, a.quiet):
            bad += 1
    if len(runs) > 1:
        nsched = sum(totals(out)[0] for _, out, _ in results)
        secs = sum(totals(out)[1] for _, out, _ in results)
        print('verify.py: %d schedules, %.2f s of model time' % (nsched, secs))
        print('verify.py: %d input%s, %d as expected, %d not' %
              (len(runs), '' if len(runs) == 1 else 's', len(runs) - bad, bad))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())

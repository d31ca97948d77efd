#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Every verdict sentence of `wqport fix` against its site's record (issue 41).

    record-test.py --checker PATH --testdata DIR [--mutate]
    record-test.py --checker PATH --testdata DIR --json FIX.json

Runs `WQPORT_RECORD=1 wqport fix --format=json` on every fixture that
says what the fix must do (fix= markers, with its wqport-fix-args), and
on kernel-words-test.py's driver in its fake 2.4.22 tree (a Makefile,
and include/linux/wait.h and sched.h written by the test), so that the
kernel words have something to lack.  With WQPORT_RECORD=1 the JSON carries,
beside each site's words (its message, validation and model verdict)
and each file's kernel words, the record they were written from
(fix/record.h): the model's environment and result, the site's anchor
and form, the file's kernel facts.  Each claim a sentence makes is
checked against those facts, not against expected text:

  model: no lost wake-up in N schedules     the model ran, N interleavings,
                                            and the rewrite has none of a
                                            lost wake-up, a hang, ...
  (the original has one)                    the original's properties do
  as in the original: X, Y                  each is a property of both sides
  a lost wake-up by X (and Y)               X, Y the record's wakers whose
                                            runs lost one at the site's sleeps
  a lost wake-up unless C                   C the record's exclusions (lost_if)
  not modelled: a queue's wakers past ...   the record: more wakers than run
  X if its waker can run before the         the loss was found at the site's
  sleeper is queued with its state set      sleeps only off the waiting arm
                                            of a test naming what its waker
                                            writes (record new_seen)
  no waker in the file: timeouts only       the record: nothing may wake it
  ... timeouts and signals only             ... and it slept interruptible
                                            only (record asleep_in), timed
                                            (its bit 8; else no "timeouts")
  no waker of its queue in the file:        ... and it tests for
  kthread_stop() and timeouts only          kthread_should_stop() (kstop)
  a waker outside this file                 the record: a waker outside
  a hang (said of the model)                not when a waker is outside the
                                            file (the model did not run it)
  in each #if configuration                 the record says so
  A() -> B()                                A is the site's anchor, B the
                                            call of its form
  (planned: F())                            F is the site's form
  The code is from Linux V / not known      the file's kernel
  written for Linux T (--target / default)  the rewrite's kernel
  Linux V lacks ...: a(), b()               exactly the written calls the
                                            record says the kernel lacks
  Whether Linux V has a() is not known      ... says it does not know
  has every wait primitive the rewrite adds every one is there
  compiled with the flags / against         the compile check's headers,
  wqport's own model ...; not the tree's;   whether the tree is known, the
  the header X clang did not find           the header the input misses

The 2.4.22 tree's SARIF results carry the same kernel words and facts,
checked alike; its --series patch's "In f(), X() (line N) becomes Y()"
names the record's function, anchor and form, and its kernel
paragraph is the record's words.

Conversely a record fact the words must carry is checked too: a model
that ran against no waker, or a waker outside the file, says so.

--mutate: the same with WQPORT_RECORD_MUTATE=1, which makes fix/outcome.c
record a waker in this file where the model found none; the test must
then find a sentence its record does not support (exit 0 when it does).
--mutate-subject: WQPORT_RECORD_MUTATE=2, which makes each --series
subject name the planner's form ("prepare_to_wait-entry()") for what
was written; the test must catch it.

The --series subject (in the JSON as "subject" with WQPORT_RECORD=1):
each name() is an anchor of a site of the record it replaces, or a call
on the diff's added lines (a family, "wait_event*()", two or more of
them); the 2.4.22 tree's patch carries that subject.

A model verdict is per site: its claims concern the site's own sleeps
(the record's "mine", by ordinal; the properties found there by
"orig_at"/"new_at"), "not checked" the site's sleeps no run reached,
and "the exits tested on lines ..." the record's early exits.
Exit 0 when every claim is supported, 1 otherwise.
"""
import argparse
import collections
import importlib.util
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

# vmodel.c's properties, by bit (fix/record.h, struct model_facts)
PROPS = ["a lost wake-up", "a wake-up lost until the timeout", "a hang",
         "a sleep holding the lock its waker takes", "a busy loop",
         "a wait entry left queued at a return",
         "a sleeping state left at a return"]
BAD = 1 | 2 | 4 | 8     # what "no lost wake-up" denies

VERDICT = re.compile(
    r"^model: (?P<kind>no lost wake-up|nothing new)(?P<after> of the tests "
    r"after the state write)? in (?P<more>more than )?"
    r"(?P<n>\d+) schedules?(?P<rest>.*)$")
UNCHECKED = re.compile(
    r"^model: not checked: no run of the model reaches the sleeps? on "
    r"lines? (?P<lines>[\d, and]+) \((?P<more>more than )?(?P<n>\d+) "
    r"schedules of the function\)")
LINES = re.compile(r"the sleeps? on lines? ((?:\d+(?:, | and )?)+)")
EARLY = re.compile(r"(?:the exits? tested on lines? (?P<exits>(?:\d+(?:, | and (?=\d))?)+))?"
                   r"(?: and )?(?:the tests? on lines? (?P<skips>(?:\d+(?:, | and (?=\d))?)+) "
                   r"whose arms? skips? the sleep)? "
                   r"before the state is set (?:is|are) not modelled: a "
                   r"wake-up for (?:it|them) between the test and the state "
                   r"write is lost unless a test after the state write sees "
                   r"the same change(?: or the change cannot be made while "
                   r"the lock dropped on line (?P<unlock>\d+) is held)?"
                   r"(?P<orig>, as in the original)?")


UNSEEN = (" if its waker can run before the sleeper is queued with its "
          "state set and no later test sees its change (none the sleep waits "
          "on names what the waker's function writes before its wake-up: "
          "what starts the waker is not modelled)")


def unseen(m, side, bit, mine, nsl):
    """Was loss bit (0 lost, 1 lost until the timeout) of side found at
    the site's sleeps only off the waiting arm of a test that names what
    its waker writes (record <side>_at, <side>_seen)?"""
    at = m.get(side + "_at", [0] * 8)[bit]
    seen = m.get(side + "_seen", [0xffffffff, 0xffffffff])[bit]
    own = mine if nsl else 0xffffffff
    return bool(at & own) and not at & own & seen


def line_list(text):
    return [int(x) for x in re.findall(r"\d+", text)]


def site_view(m):
    """The record's properties as they concern the site's own sleeps
    (record "mine"; fix/outcome.c), and the ordinals of those sleeps."""
    n = len(m.get("sleep_lines", []))
    valid = (1 << min(n, 32)) - 1
    mine = m.get("mine", 0xffffffff) & valid if n else 0xffffffff

    def own(props, at):
        if not n:
            return props
        for bit in range(7):
            if props & (1 << bit) and at[bit] and not at[bit] & mine:
                props &= ~(1 << bit)
        return props
    return (own(m["orig_props"], m.get("orig_at", [0] * 8)),
            own(m["new_props"], m.get("new_at", [0] * 8)), mine, n)


def kernel_words_module():
    spec = importlib.util.spec_from_file_location(
        "kwt", os.path.join(HERE, "kernel-words-test.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def early_split(m, e):
    """The exits and the tests that skip the sleep, as the record has
    them (early_skip: bit i for early_lines[i])"""
    lines, skip = m.get("early_lines") or [], m.get("early_skip", 0)
    exits = [l for i, l in enumerate(lines) if not skip & (1 << i)]
    skips = [l for i, l in enumerate(lines) if skip & (1 << i)]
    return (line_list(e.group("exits") or "") == exits and
            line_list(e.group("skips") or "") == skips)


class Checker:
    def __init__(self):
        self.problems = []
        self.claims = collections.Counter()

    def claim(self, kind, ok, where, sentence, why):
        self.claims[kind] += 1
        if not ok:
            self.problems.append(f"{where}: '{kind}' not supported by the "
                                 f"record ({why}):\n    {sentence}")

    # -- the model's verdict ------------------------------------------
    def model(self, where, verdict, m):
        if verdict is None:
            return
        orig, new, mine, nsl = site_view(m)
        lines = m.get("sleep_lines", [])
        unreached = [lines[i] for i in range(nsl)
                     if mine >> i & 1 and not m.get("reached", 0) >> i & 1
                     and lines[i]]
        u = UNCHECKED.match(verdict)
        if u:
            self.claim("not checked: no run reaches the site's sleeps",
                       m["ran"] and sorted(line_list(u.group("lines"))) ==
                       sorted(unreached) and len(unreached) ==
                       sum(1 for i in range(nsl) if mine >> i & 1 and
                           lines[i]), where, verdict,
                       f"the record: lines {lines}, reached {m.get('reached')}"
                       f", the site's {mine}")
            return
        v = VERDICT.match(verdict)
        if not v:
            if verdict.startswith("model: not modelled"):
                self.claim("not modelled", not m["ran"], where, verdict,
                           "the record says the model ran")
            else:
                self.problems.append(f"{where}: a model verdict the test "
                                     f"does not read: {verdict}")
            return
        self.claim("the model ran", m["ran"], where, verdict,
                   "the record has no model run")
        n = int(v.group("n"))
        self.claim("N schedules", m["schedules"] == n and
                   m["capped"] == bool(v.group("more")), where, verdict,
                   f"the record: {m['schedules']}, capped {m['capped']}")
        rest = v.group("rest")
        if v.group("kind") == "no lost wake-up":
            self.claim("no lost wake-up (the site's sleeps)", not new & BAD,
                       where, verdict, f"the rewrite's properties {new} "
                       "at the site's sleeps")
        else:
            self.claim("nothing new (a property kept)", new & BAD != 0,
                       where, verdict, f"the rewrite's properties {new} "
                       "at the site's sleeps")
        if "(the original has one" in rest:
            self.claim("the original has one", orig & BAD != 0,
                       where, verdict,
                       f"the original's properties {orig} at the site's "
                       "sleeps")
            cond = "(the original has one if its waker can run before" in rest
            only_unseen = (orig & BAD) and not orig & (4 | 8) and all(
                unseen(m, "orig", b, mine, nsl)
                for b in (0, 1) if orig & (1 << b))
            self.claim("the original's loss needs the waker before the "
                       "queueing", cond == bool(only_unseen), where, verdict,
                       f"the record: original {orig}, found at "
                       f"{m.get('orig_at')}, on a tested arm at "
                       f"{m.get('orig_seen')}")
        e = EARLY.search(rest)
        if e and not (e.group("exits") or e.group("skips")):
            e = None
        early = bool(m.get("early_lines") and m.get("early_at", 0) & mine
                     and not new & 1)
        self.claim("exits tested before the state write",
                   (e is not None) == early and
                   bool(v.group("after")) == (early and v.group("kind") ==
                                              "no lost wake-up") and
                   (e is None or (early_split(m, e) and
                                  bool(e.group("orig")) ==
                                  m.get("early_orig") and
                                  int(e.group("unlock") or 0) ==
                                  m.get("early_unlock", 0))),
                   where, verdict, f"the record: early lines "
                   f"{m.get('early_lines')} at {m.get('early_at')}, "
                   f"original {m.get('early_orig')}, a lock dropped on "
                   f"{m.get('early_unlock')}")
        nr = re.search(r"no run of the model reaches the sleeps? on lines? "
                       r"((?:\d+(?:, | and )?)+): not checked there", rest)
        self.claim("not checked there", sorted(line_list(nr.group(1)) if nr
                                               else []) == sorted(unreached),
                   where, verdict, f"the record: lines {lines}, reached "
                   f"{m.get('reached')}, the site's {mine}")
        k = rest.find("as in the original: ")
        if k >= 0:
            kept = rest[k + len("as in the original: "):]
            kept = kept.split("; no run of the model")[0]
            for bit, name in enumerate(PROPS):
                g = re.search(r"(^|, )" + re.escape(name) +
                              r"(?P<tail>[^,;]*)(,|;|$)", kept)
                if g:
                    both = new & orig & (1 << bit)
                    self.claim("as in the original: " + name, both != 0,
                               where, verdict,
                               f"properties at the site's sleeps: original "
                               f"{orig}, rewrite {new}")
                    if bit == 0:
                        self.lost_words(where, verdict, kept, g, m, mine,
                                        nsl)
                    if bit < 2:
                        said = UNSEEN in g.group("tail")
                        self.claim("... if its waker can run before the "
                                   "sleeper is queued", said ==
                                   unseen(m, "new", bit, mine, nsl),
                                   where, verdict, f"the record: found at "
                                   f"{m['new_at'][bit]}, on a tested arm "
                                   f"at {m.get('new_seen')}")
                    at = LINES.search(g.group("tail"))
                    if at and nsl:
                        bits = m["new_at"][bit]
                        ok = all((lines[i] in line_list(at.group(1))) ==
                                 bool(bits >> i & 1)
                                 for i in range(nsl) if mine >> i & 1)
                        self.claim("... at the sleep on line N", ok, where,
                                   verdict, f"the record: {name} at "
                                   f"{bits}, lines {lines}")
                    if name == "a hang":
                        self.claim("a hang, every waker modelled",
                                   not m["outside"] and m["complete"],
                                   where, verdict,
                                   "not every waker there can be was run")
        w = re.search(r"wakers read in (?:this file and )?([^;,()]+?)(?:[;,()]|$)",
                      rest)
        if w:
            for name in re.split(r"\s*(?:,|and)\s*", w.group(1).strip()):
                if name:
                    self.claim("wakers read in a file of the module",
                               name in m["files"], where, verdict,
                               f"the record's files {m['files']!r}")
        nw = re.search(r"no waker (?P<q>of its queue )?in the file: "
                       r"(?P<ks>kthread_stop\(\)(?: and | only))?"
                       r"(?P<tm>timeouts)?(?P<sig>(?: and )?(?:fatal )?signals)?"
                       r"(?P<some>(?: only)?,? ?(?:and )?signals in its "
                       r"interruptible sleeps)?(?P<none>nothing else)?", rest)
        says_none = nw is not None
        if nw:
            self.claim("kthread_stop() wakes it",
                       bool(nw.group("ks")) == bool(nw.group("q")) ==
                       m.get("kstop", False), where, verdict,
                       f"the record: kstop {m.get('kstop')}")
            # what else ends the sleeps: a timeout when one was timed
            # (8), signals in the states the rewrite slept in (1
            # uninterruptible, 2 interruptible, 4 killable)
            st = m.get("asleep_in", 0)
            sig = (nw.group("sig") or "").replace(" and ", "")
            want = {2: "signals", 4: "fatal signals"}.get(st & 7, "")
            self.claim("timeouts end the sleeps",
                       bool(nw.group("tm")) == bool(st & 8), where, verdict,
                       f"the record: slept in states {st}")
            self.claim("signals end the sleeps",
                       sig == want and
                       bool(nw.group("some")) == (not want and bool(st & 6))
                       and bool(nw.group("none")) ==
                       (not st & 8 and not st & 6 and not m.get("kstop")),
                       where, verdict, f"the record: slept in states {st}")
        says_out = "a waker outside this file" in rest
        self.claim("no waker in the file", says_none == m["no_waker"], where,
                   verdict, f"the record: no_waker {m['no_waker']}")
        # said of the site's own sleeps only where their queue has that
        # waker, when each sleep's queue is known (outside_at)
        own_sl = mine & ((1 << nsl) - 1 if nsl < 32 else 0xffffffff)
        out_here = m["outside"] and (
            not m.get("outside_known") or not own_sl or not nsl or
            bool(own_sl & m.get("outside_at", 0)))
        self.claim("a waker outside this file",
                   says_out == (out_here and not m["no_waker"]), where,
                   verdict, f"the record: outside {m['outside']}, "
                   f"outside_at {m.get('outside_at')}, "
                   f"no_waker {m['no_waker']}")
        self.claim("not modelled: a queue's wakers past the first N",
                   ("not modelled: a queue's wakers past the first" in rest)
                   == bool(m.get("dropped")), where, verdict,
                   f"the record: dropped {m.get('dropped')}")
        self.claim("a waker's waitqueue_active() with no barrier",
                   ("tests waitqueue_active() before it with no lock and "
                    "no full barrier" in rest) == bool(m.get("unordered")),
                   where, verdict,
                   f"the record: unordered {m.get('unordered')!r}")
        self.claim("entered holding a lock every caller holds",
                   ("every call of it in this file is made holding it" in rest)
                   == bool(m.get("entered")), where, verdict,
                   f"the record: entered {m.get('entered')!r}")
        self.claim("in each #if configuration",
                   ("in each #if configuration" in rest) == m["configs"],
                   where, verdict, f"the record: configs {m['configs']}")

    def lost_words(self, where, verdict, kept, g, m, mine, nsl):
        """'a lost wake-up by X and Y': X, Y the record's losing wakers
        at the site's sleeps (only plain ones unless the loss is said
        conditional on the waker's order); 'unless C': C the record's
        lost_if, the exclusions that would close each waker's loss."""
        tail = g.group("tail")
        cond = UNSEEN in tail
        names = [b["what"] for b in m.get("lost_by", [])
                 if (cond or b["plain"]) and
                 (not nsl or not b["at"] or b["at"] & mine)]
        by = " by " + " and ".join(names) if names else ""
        if tail.startswith(" by ") or by:
            self.claim("a lost wake-up by the wakers named",
                       kept[g.start("tail"):].startswith(by) and
                       bool(by), where, verdict,
                       f"the record's losing wakers {m.get('lost_by')}")
        u = kept.find("a lost wake-up unless ")
        if u >= 0:
            rest = kept[u + len("a lost wake-up unless "):]
            self.claim("a lost wake-up unless C",
                       bool(m.get("lost_if")) and
                       rest.startswith(m["lost_if"]) and
                       not m.get("lost_plain"), where, verdict,
                       f"the record: lost_if {m.get('lost_if')!r}, plain "
                       f"{m.get('lost_plain')}")

    # -- the site's own sentence --------------------------------------
    def message(self, where, site, rec):
        text = site["message"]
        form = site["form"]
        m = re.match(r"^(\w+)\(\) -> (\w+)\(\)", text)
        if m and site["outcome"] != "refused":
            self.claim("A() -> B(): the anchor", m.group(1) == rec["anchor"],
                       where, text, f"the record's anchor {rec['anchor']}")
            call = re.match(r"\w+", form).group(0) if form else ""
            self.claim("A() -> B(): the form's call",
                       bool(form) and (call == m.group(2) or
                                       call.startswith(m.group(2))),
                       where, text, f"the record's form {form!r}")
        m = re.search(r"\(planned: (\S+)\(\)\)", text)
        if m:
            self.claim("planned: F()", m.group(1) == form, where, text,
                       f"the record's form {form!r}")
        # the check's note on a form's return value, kept on a rewritten
        # site only where the rewrite wrote that form
        for n in site.get("notes", []):
            m = re.match(r"^(wait_event\w*)\(\) returns 0 on timeout",
                         n["message"])
            if m and site["outcome"] != "refused":
                call = re.match(r"[\w]+", form).group(0) if form else ""
                self.claim("note: X() returns 0 on timeout", call == m.group(1),
                           where, n["message"], f"the record's form {form!r}")

    # -- the file's kernel words --------------------------------------
    def kernel(self, where, k, kr):
        words, comp = kr["words"], kr["compiled"]
        if k["from"] is None:
            self.claim("the code's kernel is not known",
                       "kernel the code is from is not known" in words,
                       where, words, "the record has no kernel")
        else:
            self.claim("the code is from Linux V",
                       f"The code is from Linux {k['from']} " in words,
                       where, words, f"the record: {k['from']}")
        self.claim("written for Linux T",
                   f"written for Linux {k['target']} (" in words, where,
                   words, f"the record: {k['target']}")
        self.claim("--target or the default",
                   ("(--target)" in words) == k["target_given"], where,
                   words, f"the record: target_given {k['target_given']}")
        have = {w["name"]: w["in_from"] for w in k["written"]}
        m = re.search(r"lacks what the rewrite writes: (.*?) \((?:by|not "
                      r"declared|none is declared)", words)
        said = set(re.findall(r"(\w+)\(\)", m.group(1))) if m else set()
        lacking = {n for n, h in have.items() if h == "no"}
        self.claim("lacks a(), b()", said == lacking, where, words,
                   f"the record lacks {sorted(lacking)}")
        m = re.search(r"Whether Linux \S+ has (.*?) is not known", words)
        said = set(re.findall(r"(\w+)\(\)", m.group(1))) if m else set()
        unknown = {n for n, h in have.items() if h == "unknown"}
        if k["from"] is not None:
            self.claim("whether it has a() is not known", said == unknown,
                       where, words, f"the record: {sorted(unknown)}")
        if "has every wait primitive the rewrite adds" in words:
            self.claim("has every primitive", have and
                       all(h == "yes" for h in have.values()), where, words,
                       f"the record: {have}")
        self.claim("compiled with the flags given",
                   ("with the compiler flags it was given" in comp) ==
                   kr["cc_flags"], where, comp,
                   f"the record: cc_flags {kr['cc_flags']}")
        self.claim("not the tree's headers",
                   ("not the headers of the tree" in comp) ==
                   (kr["tree_known"] and not kr["cc_flags"]), where, comp,
                   f"the record: tree_known {kr['tree_known']}")
        m = re.search(r"follow from the header (.*), which the file includes and clang did not find", comp)
        self.claim("the header clang did not find",
                   (m.group(1) if m else None) == kr["cc_missing"], where,
                   comp, f"the record: {kr['cc_missing']}")

    # -- the --series subject ----------------------------------------
    def subject(self, where, f):
        """Each name() of the subject is a record anchor it replaces, or
        a call on the diff's added lines; a family (wait_event*()) is
        two or more of them; nothing else (no planner's form)."""
        subj = f.get("subject")
        if subj is None:
            if f.get("diff"):
                self.problems.append(f"{where}: a diff with no subject in "
                                     "the record")
            return
        added = set()
        for line in f["diff"].split("\n"):
            if line.startswith("+") and not line.startswith("+++"):
                added |= set(re.findall(r"\b([A-Za-z_]\w*)\s*\(", line[1:]))
        anchors = {s["record"]["anchor"] for s in f["sites"]
                   if s.get("record") and s["outcome"] != "refused"}
        m = re.match(r"^.*?: (?:replace (?P<a>\S+?)(?: family)? with |"
                     r"convert open-coded wait loops? to |"
                     r"convert wait-queue sleeps to )(?P<w>.*)$", subj)
        if not m:
            self.claim("subject: a known shape",
                       subj.endswith(": fix racy wait-queue sleeps"), where,
                       subj, "a subject the test does not read")
            return
        if m.group("a"):
            a = m.group("a")[:-2] if m.group("a").endswith("()") else None
            self.claim("subject: replace A() (a site's anchor)",
                       a is not None and (a in anchors or a == "sleep_on"),
                       where, subj, f"the record's anchors {sorted(anchors)}")
        names = re.findall(r"([\w*-]+)\(\)", m.group("w"))
        rest = re.sub(r"[\w*-]+\(\)", "", m.group("w"))
        self.claim("subject: names only", names and
                   re.fullmatch(r"(, | and )*", rest) is not None, where,
                   subj, "words beside the names of the calls written")
        for n in names:
            if n.endswith("*") or n.endswith("_*"):
                stem = n.rstrip("*")
                ok = len({c for c in added if c.startswith(stem)}) >= 2
            else:
                ok = n in added
            self.claim("subject: a call the rewrite wrote", ok, where, subj,
                       f"{n}() is not called on the diff's added lines")

    def document(self, doc, label):
        for f in doc["files"]:
            where = f"{label}:{f['file']}"
            if "kernel_record" in f:
                self.kernel(where, f["kernel"], f["kernel_record"])
                self.subject(where, f)
            for s in f["sites"]:
                rec = s.get("record")
                if rec is None:
                    self.problems.append(f"{where}:{s['line']}: no record "
                                         "in the JSON (WQPORT_RECORD=1)")
                    continue
                w = f"{where}:{s['line']}"
                self.message(w, s, rec)
                self.model(w, s.get("model"), rec["model"])


def fix_fixtures(td):
    """(directory, args) -> fixture names, for those with fix= markers."""
    groups = collections.defaultdict(list)
    for stem in sorted(os.listdir(td)):
        d = os.path.join(td, stem)
        if not os.path.isdir(d):
            continue
        for name in sorted(os.listdir(d)):
            if not re.search(r"-ko(-xfail)?\.[ch]$", name):
                continue
            text = open(os.path.join(d, name), encoding="utf-8",
                        errors="replace").read()
            if not re.search(r"expect:.*fix=", text):
                continue
            m = re.search(r"wqport-fix-args:(.*)", text)
            args = tuple(m.group(1).replace("*/", "").replace("$DIR", d)
                         .split()) if m else ()
            groups[(d, args)].append(name)
    return groups


def run_fix(checker, cwd, args, names, env):
    p = subprocess.run([checker, "fix", "--format=json", "-j2"] +
                       list(args) + names, cwd=cwd, capture_output=True,
                       text=True, errors="replace", env=env, timeout=1800)
    if p.returncode not in (0, 1):
        raise RuntimeError(f"wqport fix in {cwd} exited {p.returncode}: "
                           f"{p.stderr.strip()[-2000:]}")
    return json.loads(p.stdout)


def old_tree(a, env, chk, tmp):
    """kernel-words-test.py's driver in its fake 2.4.22 tree: words that
    lack something."""
    kwt = kernel_words_module()
    root = os.path.join(tmp, "linux-2.4.22")
    kwt.make_tree(root, (2, 4, 22), kwt.OLD_WAIT_H, kwt.OLD_SCHED_H)
    rel = os.path.join("drivers", "char", "gizmo.c")
    kwt.write(os.path.join(root, rel), kwt.DRIVER)
    doc = run_fix(a.checker, root, (), [rel], env)
    chk.document(doc, "old-tree")
    if not any(w["in_from"] == "no" for f in doc["files"]
               for w in f["kernel"]["written"]):
        chk.problems.append("old-tree: nothing the 2.4.22 tree lacks was "
                            "written: the test would not see a 'lacks'")
    # --series: the body's "In f(), X() (line N) becomes ..." and its
    # kernel words are the record's
    ser = os.path.join(tmp, "series")
    subprocess.run([a.checker, "fix", "--series", ser, "--author",
                    "Test Author <test@example.org>", rel], cwd=root,
                   capture_output=True, env=env)
    patches = sorted(os.listdir(ser)) if os.path.isdir(ser) else []
    if len(patches) != 1:
        chk.problems.append(f"old-tree: {len(patches)} patches written")
    f = doc["files"][0]
    by_line = {s["line"]: s for s in f["sites"]}
    for name in patches:
        text = open(os.path.join(ser, name)).read()
        sm = re.search(r"^Subject: \[PATCH[^\]]*\] (.*)$", text, re.M)
        chk.claim("patch subject: the JSON's", sm is not None and
                  sm.group(1) == doc["files"][0].get("subject"),
                  f"old-tree:{name}", sm.group(1) if sm else text[:200],
                  f"the JSON's subject {doc['files'][0].get('subject')!r}")
        body = text.split("\n---\n")[0]
        flat = " ".join(body.split())
        if " becomes " not in flat:
            chk.problems.append(f"old-tree:{name}: no 'becomes' sentence")
        for m in re.finditer(r"In (\w+)\(\), (\w+)\(\) \(line (\d+)\) "
                             r"becomes (\w+)\(\)", flat):
            s = by_line.get(int(m.group(3)))
            rec = s["record"] if s else None
            self_ok = rec is not None and rec["func"] == m.group(1) and \
                rec["anchor"] == m.group(2) and \
                (s["form"] or "").startswith(m.group(4))
            chk.claim("patch body: In f(), X() (line N) becomes Y()", self_ok,
                      f"old-tree:{name}", m.group(0),
                      f"the record at that line: {rec}, form "
                      f"{s['form'] if s else None!r}")
        kw = " ".join(f["kernel_record"]["words"].split())
        chk.claim("patch body: the kernel words", kw in flat,
                  f"old-tree:{name}", kw, "the body does not carry the "
                  "record's kernel words")
    # SARIF: each result carries its file's kernel facts and words, and
    # they are the record's
    p = subprocess.run([a.checker, "fix", "--format=sarif", rel], cwd=root,
                       capture_output=True, text=True, env=env)
    results = json.loads(p.stdout)["runs"][0]["results"]
    chk.claims["SARIF kernel words"] += len(results)
    if not results:
        chk.problems.append("old-tree: SARIF has no result")
    for r in results:
        pr = r.get("properties", {})
        if "kernelWords" not in pr or "kernel" not in pr:
            chk.problems.append("old-tree: a SARIF result without the "
                                f"kernel words: {pr}")
            continue
        kr = {"words": pr["kernelWords"], "compiled": pr["compiled"],
              "cc_flags": False, "tree_known": True, "cc_missing": None}
        chk.kernel("old-tree (SARIF)", pr["kernel"], kr)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--checker", required=True)
    ap.add_argument("--testdata", required=True)
    ap.add_argument("--mutate", action="store_true")
    ap.add_argument("--mutate-subject", action="store_true",
                    help="WQPORT_RECORD_MUTATE=2: the subjects name the "
                    "planner's form; the test must catch it")
    ap.add_argument("--json", help="check this WQPORT_RECORD=1 fix JSON "
                    "document instead (a run on a kernel tree)")
    a = ap.parse_args()
    if a.json:
        chk = Checker()
        with open(a.json) as f:
            chk.document(json.load(f), os.path.basename(a.json))
        for p in chk.problems:
            print(p)
        print(f"record-test: {sum(chk.claims.values())} claims, "
              f"{len(chk.problems)} unsupported")
        return 1 if chk.problems else 0
    a.checker = os.path.abspath(a.checker)
    env = dict(os.environ, WQPORT_RECORD="1", WQPORT_NO_CACHE="1")
    if a.mutate_subject:
        a.mutate = True
        env["WQPORT_RECORD_MUTATE"] = "2"
    elif a.mutate:
        env["WQPORT_RECORD_MUTATE"] = "1"
    chk = Checker()
    for (d, args), names in sorted(fix_fixtures(a.testdata).items()):
        chk.document(run_fix(a.checker, d, args, names, env),
                     os.path.relpath(d, a.testdata))
        if a.mutate and chk.problems:
            break       # caught: the rest would only take time
    if not (a.mutate and chk.problems):
        with tempfile.TemporaryDirectory(prefix="wqport-record-") as tmp:
            old_tree(a, env, chk, tmp)
    total = sum(chk.claims.values())
    for kind, n in sorted(chk.claims.items()):
        print(f"record-test: {n:5d} {kind}")
    print(f"record-test: {total} claims, {len(chk.problems)} unsupported")
    if a.mutate:
        if chk.problems:
            print("record-test --mutate: the broken fact was caught: "
                  + chk.problems[0].splitlines()[0])
            return 0
        print("record-test --mutate: a fact of the record was broken and "
              "no sentence was found unsupported")
        return 1
    for p in chk.problems:
        print(p)
    return 1 if chk.problems else 0


if __name__ == "__main__":
    sys.exit(main())

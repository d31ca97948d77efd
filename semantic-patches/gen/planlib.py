# SPDX-License-Identifier: GPL-2.0-only
"""Plan protocol helpers of state-after-test.cocci (WQ003).

Everything below this docstring is copied into a rule's
@initialize:python@ part in place of @@PLANLIB@@; the rule defines RULE
first.  See ../plan.md for the plan protocol: the plan is read once and
keyed by (realpath(file), line of the anchor).
"""
import os, json, re

# @@COMMON _plan@@
SITES = {}


# @@COMMON rp base@@


def loose_key(p):
    return (base(p[0].file), int(p[0].line))


# @@COMMON site_key plan_records plan planned@@


def decide(p, forms, reason):
    """forms: the primitives this rule can write here (first = own choice).
    Returns the form to write, or None."""
    k = site_key(p)
    if planned():
        e = plan().get(k)
        if e is None:
            SITES[k] = "not-planned: no plan entry for this site"
            return None
        if e.get("action") != "convert":
            SITES[k] = e.get("reason") or "refused by the plan"
            return None
        if e.get("form") not in forms:
            SITES[k] = "no-patch: the plan asks for %s; this shape gives %s" % (
                e.get("form"), forms[0] if forms else "nothing")
            return None
        SITES[k] = ("convert", e.get("form"))
        return e.get("form")
    if reason or not forms:
        SITES[k] = reason or "no-patch: no rewrite for this shape"
        return None
    SITES[k] = ("convert", forms[0])
    return forms[0]


def say(p, msg, org):
    import coccilib.report, coccilib.org
    if org:
        coccilib.org.print_todo(p[0], msg)
    else:
        coccilib.report.print_report(p[0], msg)


def report_site(p, what, org):
    s = SITES.get(site_key(p))
    if isinstance(s, tuple):
        say(p, "%s %s: convert to %s" % (RULE, what, s[1]), org)
    else:
        say(p, "%s %s left alone [%s]" % (RULE, what, s or "no-patch: no rewrite for this shape"), org)

#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""The HTML report (`wqport fix --report=DIR`, `wqport --report=DIR`)
rendered in headless Chromium (Debian's `chromium` package).

    report-test.py --checker PATH --testdata DIR SCENARIO
    report-test.py --checker PATH --testdata DIR --screenshots OUTDIR

  hostile   a driver whose comments, strings and condition carry
            `</pre><script>` and friends, in a file named
            `<img src=x onerror=alert(1)>.c` (made in a temporary folder):
            the fix and check reports run no script and make no element
            from the data (the DOM Chromium builds has no script, img,
            iframe...; the payload's marks are not there), and the text
            shows the name and the comment as they are
  samples   testdata/samples: the index lists every site (of the run's
            JSON and of the reviewed .fixdiag/.diag files), each file page
            shows its sites, the change before/after side by side, and a
            -ko sample's lost wake-up as a two-lane timeline whose steps
            link to their source lines; no page loads anything from
            outside DIR (every src/href stays inside it, Chromium logs no
            blocked load and no CSP violation)
  write     with --write the files on disk are the converted ones: the
            source lines each page shows (and links to) are still those
            of the file before the fix, rebuilt from the run's diff

--screenshots OUTDIR renders the samples' fix report and writes
OUTDIR/report-index.png and OUTDIR/report-file.png (the user guide's).

Chromium missing is a failure (tools/install-deps.sh installs it), not a
skip: the point of the test is what a browser does with the pages.
"""
import argparse
import html.parser
import os
import re
import shutil
import subprocess
import sys
import tempfile
import urllib.parse

HOSTILE_NAME = "<img src=x onerror=alert(1)>.c"
PAYLOAD = "</pre><script>document.title='pwned';document.body.appendChild(document.createElement('blink')).id='pwned'</script>"

# A vendor-style driver written here: a sleep_on() read path and an
# open-coded wait that sets its state after the test, every comment,
# string and condition carrying markup.
HOSTILE_SOURCE = r"""// SPDX-License-Identifier: GPL-2.0-only
/*
 * hxm <b>fifo</b> driver: PAYLOAD
 * <img src=x onerror="document.title='pwned'"> & "quotes" 'too'
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>

struct hxm_dev {
	wait_queue_head_t rx_wait;	/* </td></tr></table><script>alert(1)</script> */
	wait_queue_head_t tx_wait;
	int head, tail;
	int tx_busy;
};

static struct hxm_dev hxm;

static irqreturn_t hxm_irq(int irq, void *data)
{
	struct hxm_dev *d = data;

	d->tail++;			/* PAYLOAD */
	d->tx_busy = 0;
	wake_up_interruptible(&d->rx_wait);
	wake_up(&d->tx_wait);
	return IRQ_HANDLED;
}

static ssize_t hxm_read(struct file *file, char __user *buf, size_t count,
			loff_t *ppos)
{
	struct hxm_dev *d = &hxm;

	/* PAYLOAD */
	/* </td></tr></table><script>alert(1)</script> */
	while (d->head >= d->tail) {	/* <script>alert("cond")</script> */
		interruptible_sleep_on(&d->rx_wait);
		if (signal_pending(current))
			return -ERESTARTSYS;
	}
	printk(KERN_INFO "hxm: </pre><script>alert('str')</script> %d\n", d->head);
	d->head++;
	return 0;
}

static ssize_t hxm_write(struct file *file, const char __user *buf,
			 size_t count, loff_t *ppos)
{
	struct hxm_dev *d = &hxm;
	DECLARE_WAITQUEUE(wait, current);

	add_wait_queue(&d->tx_wait, &wait);
	while (d->tx_busy > 0) {	/* <iframe src="http://example.com/"></iframe> */
		set_current_state(TASK_UNINTERRUPTIBLE);
		schedule();
	}
	set_current_state(TASK_RUNNING);
	remove_wait_queue(&d->tx_wait, &wait);
	d->tx_busy = 1;
	return count;
}

static const struct file_operations hxm_fops = {
	.owner	= THIS_MODULE,
	.read	= hxm_read,
	.write	= hxm_write,
};

static int hxm_setup(struct hxm_dev *d, int irq)
{
	init_waitqueue_head(&d->rx_wait);
	init_waitqueue_head(&d->tx_wait);
	return request_irq(irq, hxm_irq, 0, "hxm", d);
}
""".replace("PAYLOAD", PAYLOAD)

# What the pages may contain: no element that runs, loads or submits.
FORBIDDEN = {"script", "img", "iframe", "frame", "object", "embed", "svg",
             "math", "form", "input", "button", "video", "audio", "source",
             "base", "blink", "style", "link_other"}


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def chromium():
    for name in ("chromium", "chromium-browser"):
        p = shutil.which(name)
        if p:
            return p
    fail("chromium is not installed: Debian's 'chromium' package is needed "
         "(tools/install-deps.sh installs it)")


def browse(url, profile, extra=(), timeout=120):
    """Chromium's DOM of url after load, and its log."""
    cmd = [chromium(), "--headless", "--no-sandbox", "--disable-gpu",
           "--disable-background-networking", "--disable-component-update",
           "--disable-sync", "--no-first-run", "--disable-extensions",
           "--user-data-dir=" + profile, "--enable-logging=stderr", "--v=0",
           *extra, url]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    if r.returncode != 0:
        fail("chromium failed on %s (exit %d): %s" % (url, r.returncode,
                                                      r.stderr[-2000:]))
    return r.stdout, r.stderr


def dump(path, profile):
    return browse("file://" + urllib.parse.quote(os.path.abspath(path)),
                  profile, ["--dump-dom"])


def log_problems(log):
    """Lines of Chromium's log that say a page loaded or tried something."""
    bad = []
    for line in log.splitlines():
        if re.search(r"Content Security Policy|Refused to|net::ERR_|"
                     r"Uncaught|CONSOLE", line):
            bad.append(line)
    return bad


class Dom(html.parser.HTMLParser):
    """Tags, attributes, ids and text of a page."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags = []
        self.ids = {}
        self.text = []
        self.refs = []
        self.title = ""
        self._in_title = False
        self.stack = []
        self.tables = []	# (class, rows of cells of text, links)
        self._table = None
        self._cell = None
        self._row = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.tags.append((tag, a))
        if "id" in a:
            self.ids[a["id"]] = len(self.tags) - 1
        for k in ("src", "href", "srcset", "poster", "data", "action",
                  "formaction", "background"):
            if k in a and a[k] is not None:
                self.refs.append((tag, k, a[k]))
        if tag == "title":
            self._in_title = True
        if tag == "table":
            self._table = {"class": a.get("class", ""), "rows": [],
                           "links": []}
            self.tables.append(self._table)
        if tag == "tr" and self._table is not None:
            self._row = {"cells": [], "class": a.get("class", ""),
                         "id": a.get("id")}
            self._table["rows"].append(self._row)
        if tag in ("td", "th") and self._row is not None:
            self._cell = {"text": "", "class": a.get("class", ""),
                          "links": []}
            self._row["cells"].append(self._cell)
        if tag == "a" and self._cell is not None and "href" in a:
            self._cell["links"].append(a["href"])

    def handle_endtag(self, tag):
        if tag == "title":
            self._in_title = False
        if tag in ("td", "th"):
            self._cell = None
        if tag == "tr":
            self._row = None
        if tag == "table":
            self._table = None

    def handle_data(self, data):
        self.text.append(data)
        if self._in_title:
            self.title += data
        if self._cell is not None:
            self._cell["text"] += data


def parse(text):
    d = Dom()
    d.feed(text)
    d.close()
    d.alltext = "".join(d.text)
    return d


def run(cmd, cwd):
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True,
                          timeout=900)


def pages(d):
    return sorted(f for f in os.listdir(d) if f.endswith(".html"))


def static_checks(d):
    """Every page: the CSP, no script, every reference inside d."""
    root = os.path.realpath(d)
    for name in pages(d):
        path = os.path.join(d, name)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        if "default-src 'none'" not in text or "script-src" in text:
            fail("%s: no Content-Security-Policy forbidding scripts" % name)
        if re.search(r"<\s*script", text, re.I):
            fail("%s: a <script> in the page" % name)
        dom = parse(text)
        check_refs(dom, path, root)


def check_refs(dom, page, root):
    for tag, attr, ref in dom.refs:
        if attr != "href" or tag not in ("a", "link"):
            fail("%s: <%s %s=%r>: the report refers to nothing but pages"
                 % (page, tag, attr, ref))
        u = urllib.parse.urlsplit(ref)
        if u.scheme or u.netloc or ref.startswith("//"):
            fail("%s: %s=%r leaves the report folder" % (page, attr, ref))
        if not u.path:	# a fragment of this page
            if u.fragment and u.fragment not in dom.ids:
                fail("%s: link #%s has no target" % (page, u.fragment))
            continue
        target = os.path.realpath(os.path.join(os.path.dirname(page),
                                               urllib.parse.unquote(u.path)))
        if os.path.commonpath([target, root]) != root:
            fail("%s: %s=%r leaves the report folder" % (page, attr, ref))
        if not os.path.isfile(target):
            fail("%s: %s=%r names no file of the report" % (page, attr, ref))


def browser_checks(d, name, profile):
    """The DOM Chromium builds: nothing the data could have made."""
    path = os.path.join(d, name)
    out, log = dump(path, profile)
    dom = parse(out)
    for tag, a in dom.tags:
        if tag in FORBIDDEN:
            fail("%s: Chromium's DOM has a <%s> element" % (name, tag))
        if tag == "link" and a.get("href") != "style.css":
            fail("%s: a <link> other than style.css: %r" % (name, a))
        if tag == "meta" and "http-equiv" in a and \
                a["http-equiv"].lower() != "content-security-policy":
            fail("%s: a <meta http-equiv=%s>" % (name, a["http-equiv"]))
        if any(k.startswith("on") for k in a):
            fail("%s: <%s> has an event handler attribute" % (name, tag))
    if "pwned" in dom.title or "pwned" in dom.ids:
        fail("%s: the payload ran (title %r)" % (name, dom.title))
    bad = log_problems(log)
    if bad:
        fail("%s: Chromium logged a load or script problem:\n  %s"
             % (name, "\n  ".join(bad[:10])))
    check_refs(dom, path, os.path.realpath(d))
    return dom


def hostile(args):
    tmp = tempfile.mkdtemp(prefix="wqport-report-")
    try:
        src = os.path.join(tmp, "src")
        os.mkdir(src)
        with open(os.path.join(src, HOSTILE_NAME), "w") as f:
            f.write(HOSTILE_SOURCE)
        profile = os.path.join(tmp, "profile")
        for mode, cmd in (("fix", [args.checker, "fix", "--report=../fix",
                                   "src"]),
                          ("check", [args.checker, "--report=../check",
                                     "src"])):
            work = os.path.join(tmp, "w-" + mode)
            os.mkdir(work)
            shutil.copytree(src, os.path.join(work, "src"))
            r = run(cmd, work)
            if r.returncode != 1:
                fail("%s --report on the hostile driver: exit %d, expected 1 "
                     "(sites found)\n%s" % (mode, r.returncode, r.stderr))
            d = os.path.join(tmp, mode)
            static_checks(d)
            index = browser_checks(d, "index.html", profile)
            shown = "src/" + HOSTILE_NAME
            if shown not in index.alltext:
                fail("%s index: the file name is not shown as text" % mode)
            pg = [p for p in pages(d) if p.startswith("file-")]
            if len(pg) != 1:
                fail("%s: %d file pages, expected 1" % (mode, len(pg)))
            page = browser_checks(d, pg[0], profile)
            if shown not in page.title:
                fail("%s page: the title %r lacks the file name" %
                     (mode, page.title))
            for text in (PAYLOAD, "</td></tr></table><script>alert(1)</script>",
                         "</pre><script>alert('str')</script>"):
                if text not in page.alltext:
                    fail("%s page: %r is not shown as text" % (mode, text))
            if not any(t["class"] == "timeline" for t in page.tables):
                fail("%s page: no timeline for the sleep_on() site" % mode)
            print("ok: %s report of %r: %d pages, no script ran, markup "
                  "shown as text" % (mode, HOSTILE_NAME, len(pages(d))))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def expected_sites(testdata, ext):
    """(file, line, col, rule, word) of the reviewed per-site lines."""
    out = set()
    samples = os.path.join(testdata, "samples")
    for name in sorted(os.listdir(samples)):
        if not name.endswith(ext):
            continue
        with open(os.path.join(samples, name)) as f:
            for line in f:
                m = re.match(r"([^:]+):(\d+):(\d+): (.*?): .*\[(WQ\d+)\]$",
                             line.rstrip("\n"))
                if not m or m.group(4) == "note":
                    continue
                word = m.group(4)
                out.add((m.group(1), int(m.group(2)), int(m.group(3)),
                         m.group(5), word))
    return out


def listed_sites(dom):
    """(file base name, line, col, rule, outcome word) of 'Every site'."""
    got = set()
    for t in dom.tables:
        if t["class"] != "sites":
            continue
        for row in t["rows"]:
            c = row["cells"]
            if len(c) != 4 or c[0]["text"] == "File and line":
                continue
            m = re.match(r"(.*):(\d+):(\d+)$", c[0]["text"])
            if not m:
                fail("a site row without file:line:col: %r" % c[0]["text"])
            word = re.sub(r"\s+(\S+)$", "", c[2]["text"]) \
                if c[2]["text"].startswith("refused") else c[2]["text"]
            got.add((os.path.basename(m.group(1)), int(m.group(2)),
                     int(m.group(3)), c[1]["text"], word.strip()))
    return got


def sorts_and_filters(d, want):
    """by-*.html sort the file table; outcome-*/rule-* list those sites."""
    def page(name):
        with open(os.path.join(d, name)) as f:
            return parse(f.read())
    for name, col in (("by-sites.html", 1), ("by-worst.html", -2)):
        rows = [t for t in page(name).tables if t["class"] == "files"][0]
        counts = [int(r["cells"][col]["text"]) for r in rows["rows"][1:]]
        if counts != sorted(counts, reverse=True) or len(counts) < 2:
            fail("%s: the file table is not sorted: %r" % (name, counts))
    words = {"conv": "converted", "keep": "converted, keeps the race",
             "refused": "refused", "caveat": "converted with caveat"}
    for cls, word in words.items():
        got = listed_sites(page("outcome-%s.html" % cls))
        if got != {s for s in want if s[4] == word}:
            fail("outcome-%s.html lists %r" % (cls, sorted(got)))
    for rule in {s[3] for s in want}:
        got = listed_sites(page("rule-%s.html" % rule))
        if got != {s for s in want if s[3] == rule}:
            fail("rule-%s.html lists %r" % (rule, sorted(got)))


def timeline_ok(page, name):
    """A two-lane timeline whose every step links to its source line."""
    tls = [t for t in page.tables if t["class"] == "timeline"]
    if not tls:
        return False
    for t in tls:
        head = [c["text"] for c in t["rows"][0]["cells"]]
        if head[1:] not in (["Waiter", "Waker"],) and len(head) != 3:
            fail("%s: timeline lanes %r" % (name, head))
        lanes = [0, 0]
        for row in t["rows"][1:]:
            c = row["cells"]
            if len(c) != 3:
                continue
            for lane in (0, 1):
                if not c[1 + lane]["text"].strip():
                    continue
                lanes[lane] += 1
                for href in c[1 + lane]["links"]:
                    m = re.match(r"#L(\d+)$", href)
                    if not m or href[1:] not in page.ids:
                        fail("%s: timeline step link %r has no source line"
                             % (name, href))
        if not lanes[0] or not lanes[1]:
            fail("%s: a timeline lane is empty: %r" % (name, lanes))
    # each linked line: a listing row whose number is that line
    rows = {r["id"]: r for t in page.tables if t["class"] == "src"
            for r in t["rows"] if r["id"]}
    for t in tls:
        for row in t["rows"]:
            for c in row["cells"]:
                for href in c["links"]:
                    r = rows.get(href[1:])
                    if not r or not r["cells"][0]["text"].endswith(href[2:]):
                        fail("%s: %s does not lead to line %s"
                             % (name, href, href[2:]))
    return True


def samples(args, keep=None):
    tmp = keep or tempfile.mkdtemp(prefix="wqport-report-")
    try:
        profile = os.path.join(tmp, "profile")
        work = os.path.join(tmp, "work")
        shutil.copytree(os.path.join(args.testdata, "samples"),
                        os.path.join(work, "samples"))
        fixdir = os.path.join(tmp, "fix")
        r = run([args.checker, "fix", "--report=" + fixdir, "--format=json",
                 "samples"], work)
        if r.returncode != 1:
            fail("fix --report on the samples: exit %d\n%s"
                 % (r.returncode, r.stderr))
        import json
        doc = json.loads(r.stdout)
        static_checks(fixdir)
        index = browser_checks(fixdir, "index.html", profile)
        listed = listed_sites(index)
        want = {(os.path.basename(f["file"]), s["line"], s["col"], s["rule"],
                 s["outcome"]) for f in doc["files"] for s in f["sites"]}
        reviewed = expected_sites(args.testdata, ".fixdiag")
        if want != reviewed:
            fail("the run's JSON sites differ from the .fixdiag files: %r"
                 % (want ^ reviewed))
        if listed != want:
            fail("the index does not list every site: missing %r, extra %r"
                 % (sorted(want - listed), sorted(listed - want)))
        if args.screenshots:
            return fixdir, tmp
        sorts_and_filters(fixdir, want)
        nfiles = 0
        timelines = []
        for f in doc["files"]:
            rows = [t for t in index.tables if t["class"] == "files"][0]["rows"]
            link = [c["links"][0] for row in rows for c in row["cells"]
                    if c["links"] and c["text"] == f["file"]]
            if len(link) != 1:
                fail("the index has no single row for %s" % f["file"])
            page = browser_checks(fixdir, link[0], profile)
            nfiles += 1
            sections = [t for t, a in page.tags if t == "section"
                        and a.get("class") == "site"]
            if len(sections) != len(f["sites"]):
                fail("%s: %d site sections, %d sites" %
                     (link[0], len(sections), len(f["sites"])))
            sbs = [t for t in page.tables if t["class"] == "sbs"]
            if f["diff"] and not sbs:
                fail("%s: changed, but no before/after" % f["file"])
            for t in sbs:
                marks = {c["text"] for row in t["rows"] for c in row["cells"]
                         if c["class"].startswith("mk")}
                if not {"\u2212", "+"} <= marks:
                    fail("%s: the before/after marks no changed line (%r)"
                         % (f["file"], marks))
            if timeline_ok(page, link[0]):
                timelines.append(os.path.basename(f["file"]))
        for ko in ("acme-adc-legacy-ko.c", "zorb-serial-ko.c"):
            if ko not in timelines:
                fail("no timeline on the page of %s (timelines: %r)"
                     % (ko, timelines))
        # the check's report of the same samples
        checkdir = os.path.join(tmp, "check")
        r = run([args.checker, "--report=" + checkdir, "samples"], work)
        if r.returncode != 1:
            fail("check --report on the samples: exit %d\n%s"
                 % (r.returncode, r.stderr))
        static_checks(checkdir)
        cindex = browser_checks(checkdir, "index.html", profile)
        clisted = listed_sites(cindex)
        cwant = expected_sites(args.testdata, ".diag")
        if clisted != cwant:
            fail("the check index does not list every finding: missing %r, "
                 "extra %r" % (sorted(cwant - clisted),
                               sorted(clisted - cwant)))
        for name in pages(checkdir):
            if name.startswith("file-"):
                page = browser_checks(checkdir, name, profile)
                if "zorb" in page.title and not timeline_ok(page, name):
                    fail("check report: no timeline for zorb-serial-ko.c")
        print("ok: samples: %d sites listed, %d file pages with before/after,"
              " timelines on %s; %d check findings listed; nothing loaded "
              "from outside the folder" % (len(want), nfiles,
                                            ", ".join(timelines), len(cwant)))
    finally:
        if not keep and not args.screenshots:
            shutil.rmtree(tmp, ignore_errors=True)


def write(args):
    tmp = tempfile.mkdtemp(prefix="wqport-report-")
    try:
        shutil.copytree(os.path.join(args.testdata, "samples"),
                        os.path.join(tmp, "samples"))
        before = {}
        for name in os.listdir(os.path.join(tmp, "samples")):
            with open(os.path.join(tmp, "samples", name)) as f:
                before["samples/" + name] = f.read().split("\n")
        r = run([args.checker, "fix", "--write", "--report=rep", "samples"],
                tmp)
        if r.returncode != 1:
            fail("fix --write --report: exit %d\n%s" % (r.returncode,
                                                       r.stderr))
        rep = os.path.join(tmp, "rep")
        static_checks(rep)
        nrows = changed = 0
        for name in pages(rep):
            if not name.startswith("file-"):
                continue
            with open(os.path.join(rep, name)) as f:
                dom = parse(f.read())
            path = dom.title.replace("wqport report: ", "")
            with open(os.path.join(tmp, path)) as f:
                changed += f.read().split("\n") != before[path]
            for t in dom.tables:
                if t["class"] != "src":
                    continue
                for row in t["rows"]:
                    if not (row["id"] or "").startswith("L"):
                        continue
                    n = int(row["id"][1:])
                    text = row["cells"][1]["text"]
                    if text != before[path][n - 1]:
                        fail("%s line %d shows %r, the file had %r"
                             % (path, n, text, before[path][n - 1]))
                    nrows += 1
        if not changed or nrows < 50:
            fail("--write changed %d files, %d source rows compared"
                 % (changed, nrows))
        print("ok: --write: %d files rewritten, the %d source lines the pages"
              " show are those before the fix" % (changed, nrows))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def screenshots(args):
    fixdir, tmp = samples(args)
    try:
        profile = os.path.join(tmp, "profile")
        os.makedirs(args.screenshots, exist_ok=True)
        index = os.path.join(fixdir, "index.html")
        with open(index) as f:
            acme = re.search(r'href="(file-\d+\.html)">samples/acme-adc-legacy-ko\.c<',
                             f.read())
        if not acme:
            fail("no page for acme-adc-legacy-ko.c in the index")
        for url, out, size in (
                (index, "report-index.png", "1100,820"),
                (os.path.join(fixdir, acme.group(1)),
                 "report-file.png", "1100,2000")):
            png = os.path.abspath(os.path.join(args.screenshots, out))
            browse("file://" + urllib.parse.quote(os.path.abspath(url.split("#")[0]))
                   + ("#" + url.split("#")[1] if "#" in url else ""),
                   profile, ["--screenshot=" + png, "--window-size=" + size,
                             "--hide-scrollbars"])
            if not os.path.getsize(png):
                fail("no screenshot written: " + png)
            print("wrote " + png)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--checker", required=True)
    ap.add_argument("--testdata", required=True)
    ap.add_argument("--screenshots", metavar="OUTDIR")
    ap.add_argument("scenario", nargs="?",
                    choices=("hostile", "samples", "write"))
    args = ap.parse_args()
    args.checker = os.path.abspath(args.checker)
    args.testdata = os.path.abspath(args.testdata)
    if args.screenshots:
        screenshots(args)
    elif args.scenario == "hostile":
        hostile(args)
    elif args.scenario == "samples":
        samples(args)
    elif args.scenario == "write":
        write(args)
    else:
        ap.error("name a scenario or --screenshots")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Checks a report's HTML pages against what the profiles themselves say,
worked out here from the files (not from flamechart's output):

    report_browse.py OUTDIR SUMMARY.json PROFILE...

- every page states a Content-Security-Policy with default-src 'none' and
  loads nothing from elsewhere: no <link>, no @import or url() in styles,
  every src and href a file inside OUTDIR that exists (or a data: image);
- the index names each profile once: the thread as node names it in the
  file's name (CPU.<date>.<time>.<pid>.<tid>.<seq>.cpuprofile: tid 0 the
  main thread), and the file's name once;
- each profile has a page with its interactive SVGs in frames (no chart for
  a heap profile);
- no waiting frame is among the top self time, in the index or the
  summary, while the raw profiles do have one among their heaviest (so the
  check bites); the heaviest function left is the summary's first;
- a heap profile's total is shown in bytes, as the sum of its selfSize.
Exit 1 with what is wrong."""
import json
import os
import re
import sys
from collections import defaultdict
from html.parser import HTMLParser

WAITS = {"(idle)", "(program)", "(root)", "atomicsWaitLoop", "Atomics.wait",
         "Atomics.waitAsync", "epoll_wait", "epoll_pwait", "epoll_pwait2", "kevent"}
NODE_NAME = re.compile(r"^(CPU|Heap)\.\d+\.\d+\.(\d+)\.(\d+)\.\d+\.(cpu|heap)profile$")

problems = []


def problem(text):
    problems.append(text)


class Page(HTMLParser):
    """The tags, attributes and text of a page, and the text of each <b>,
    each ol.top and each <style>."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags, self.bold, self.tops, self.styles, self.text = [], [], [], [], []
        self.stack = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.tags.append((tag, a))
        if tag in ("br", "img", "meta", "input"):
            return
        kind = "b" if tag == "b" else "top" if tag == "ol" and a.get("class") == "top" \
            else "style" if tag == "style" else None
        self.stack.append((tag, kind, len(self.text)))

    def handle_endtag(self, tag):
        while self.stack:
            t, kind, start = self.stack.pop()
            if kind:
                text = "".join(self.text[start:])
                {"b": self.bold, "top": self.tops, "style": self.styles}[kind].append(text)
            if t == tag:
                break

    def handle_data(self, data):
        self.text.append(data)


def parse(path):
    p = Page()
    with open(path, encoding="utf-8") as f:
        p.feed(f.read())
    return p


def check_page(outdir, name):
    p = parse(os.path.join(outdir, name))
    csp = [a.get("content", "") for t, a in p.tags
           if t == "meta" and a.get("http-equiv", "").lower() == "content-security-policy"]
    if not csp or "default-src 'none'" not in csp[0]:
        problem(f"{name}: no Content-Security-Policy with default-src 'none'")
    elif re.search(r"(script|style|font|connect)-src[^;]*(https?:|\*|'self')", csp[0]):
        problem(f"{name}: the policy lets scripts, styles or fonts come from elsewhere")
    for t, a in p.tags:
        if t == "link":
            problem(f"{name}: a <link> tag")
        if t == "script" and "src" in a:
            problem(f"{name}: a script from a file")
        for k in ("src", "href"):
            v = a.get(k)
            if v is None:
                continue
            if v.startswith("data:image/") and k == "src":
                continue
            if re.match(r"^[a-z][a-z0-9+.-]*:|^//", v, re.I):
                problem(f"{name}: {k}={v[:60]} leaves the folder")
                continue
            target = os.path.normpath(os.path.join(outdir, v.replace("%20", " ")))
            if not target.startswith(os.path.normpath(outdir) + os.sep) or \
                    not os.path.isfile(target):
                problem(f"{name}: {k}={v} is no file of the report")
    for s in p.styles:
        if "@import" in s or "url(" in s:
            problem(f"{name}: a style that loads something")
    return p


def self_times(path):
    """Self time per function name of a .cpuprofile: a sample lasts until
    the next one, the last the mean interval."""
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    names = {n["id"]: n["callFrame"].get("functionName", "") for n in doc["nodes"]}
    samples, deltas = doc.get("samples", []), doc.get("timeDeltas", [])
    times, t = [], 0
    for d in deltas[: len(samples)]:
        t += d
        times.append(t)
    gaps = [b - a for a, b in zip(times, times[1:])]
    mean = sum(gaps) / len(gaps) if gaps else 0
    out = defaultdict(float)
    for i, s in enumerate(samples[: len(times)]):
        out[names.get(s, "") or "(anonymous)"] += times[i + 1] - times[i] \
            if i + 1 < len(times) else mean
    return out


def heap_total(path):
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    total, stack = 0, [doc["head"]]
    while stack:
        n = stack.pop()
        total += n.get("selfSize", 0)
        stack += n.get("children", [])
    return total


def bytes_text(v):
    """B, kB, MB in powers of 1000 with three significant digits."""
    units, u = ["B", "kB", "MB", "GB"], 0
    while u + 1 < len(units) and v >= 999.5:
        v /= 1000
        u += 1
    if u == 0:
        return f"{v:.0f} B"
    return f"{v:.{0 if v >= 99.95 else 1 if v >= 9.995 else 2}f} {units[u]}"


def label(name):
    m = NODE_NAME.match(name)
    if not m:
        return None
    thread = "main thread" if m.group(3) == "0" else f"worker thread {m.group(3)}"
    return thread + (" · allocations" if m.group(1) == "Heap" else "")


def main():
    outdir, summary_path, profiles = sys.argv[1], sys.argv[2], sys.argv[3:]
    pages = sorted(n for n in os.listdir(outdir) if n.endswith(".html"))
    index = None
    for name in pages:
        p = check_page(outdir, name)
        if name == "index.html":
            index = p
    if index is None:
        problem("no index.html")
        return report()
    with open(summary_path, encoding="utf-8") as f:
        summary = {e["file"]: e for e in json.load(f)["profiles"]}
    text = "".join(index.text)
    saw_wait = False
    for path in profiles:
        base = os.path.basename(path)
        want = label(base)
        if want is None:
            problem(f"{base}: the test wants node's file names")
            continue
        if index.bold.count(want) != 1:
            problem(f"index.html: '{want}' named {index.bold.count(want)} times, want once")
        if text.count(base) != 1:
            problem(f"index.html: the file name {base} written {text.count(base)} times, "
                    f"want once")
        slug = re.sub(r"\.(cpu|heap)profile$", "", base)
        page = os.path.join(outdir, slug + ".html")
        if not os.path.isfile(page):
            problem(f"no page {slug}.html")
            continue
        frames = [a.get("src") for t, a in parse(page).tags if t == "iframe"]
        heap = base.startswith("Heap.")
        modes = ["graph"] if heap else ["chart", "graph"]
        for m in modes:
            if f"{slug}.{m}.svg" not in frames:
                problem(f"{slug}.html: no frame of {slug}.{m}.svg (frames: {frames})")
        if heap and f"{slug}.chart.svg" in frames:
            problem(f"{slug}.html: a chart of a heap profile")
        entry = summary.get(base)
        if not entry or entry.get("status") != "ok":
            problem(f"summary: {base} not rendered")
            continue
        if heap:
            shown = bytes_text(heap_total(path))
            if entry.get("unit") != "bytes":
                problem(f"summary: {base} has no unit bytes")
            if f"{shown} allocated" not in "".join(parse(page).text):
                problem(f"{slug}.html: the total allocated is not {shown}")
            if shown not in text:
                problem(f"index.html: no {shown} for {base}")
            continue
        raw = sorted(self_times(path).items(), key=lambda kv: -kv[1])
        if any(n in WAITS for n, _ in raw[:5]):
            saw_wait = True
        tops = [e["name"] for e in entry["top"]]
        waits = [n for n in tops if n in WAITS]
        if waits:
            problem(f"summary: {base}'s top self time has waits {waits}")
        work = [(n, t) for n, t in raw if n not in WAITS]
        # the heaviest left, when it is clearly the heaviest (1 % ahead)
        if len(work) > 1 and work[0][1] > work[1][1] * 1.01 and tops and \
                tops[0] != work[0][0]:
            problem(f"summary: {base}'s heaviest function is {tops[0]}, want {work[0][0]} "
                    f"({[(n, round(t)) for n, t in work[:3]]})")
    for ol in index.tops:
        for w in WAITS:
            if re.search(r"(^|\s)" + re.escape(w) + r"(\s|$)", ol):
                problem(f"index.html: {w} in a top self time list")
    if not saw_wait:
        problem("no profile has a wait among its heaviest frames: the check does not bite")
    if "waits left out" not in text:
        problem("index.html does not say that the waits are left out")
    return report()


def report():
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

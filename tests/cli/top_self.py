#!/usr/bin/env python3
"""The functions with the most self time in some profiles, worked out here
from the files themselves (not from flamechart's output), and a check that
an SVG names them in its visible text.

    top_self.py IMAGE.svg PROFILE...

A sample lasts until the next one; the last lasts the mean interval. Self
time is summed by function name over every profile (.cpuprofile files and
the ProfileChunk events of Chrome traces); idle, (program), GC, the root
and the wait loops of docs/input-rules.md §E4 are left out: a thread that
waits is not where the time went. The functions clearly in the top three (heavier than the
fourth by more than 1 %, so that near ties do not decide) must each appear
in some <text> of the SVG. Exit 1 with the names missing."""
import json
import re
import sys
import xml.etree.ElementTree as ET
from collections import defaultdict

NOT_CODE = {"(idle)", "(program)", "(garbage collector)", "(root)",
            # waiting (input-rules §E4)
            "atomicsWaitLoop", "Atomics.wait", "Atomics.waitAsync",
            "epoll_wait", "epoll_pwait", "epoll_pwait2", "kevent"}


def add_profile(nodes, samples, deltas, self_time):
    names = {n["id"]: n["callFrame"].get("functionName", "") for n in nodes}
    if not samples:
        return
    times, t = [], 0
    for d in deltas[: len(samples)]:
        t += d
        times.append(t)
    gaps = [b - a for a, b in zip(times, times[1:])]
    mean = sum(gaps) / len(gaps) if gaps else 0
    for i, s in enumerate(samples[: len(times)]):
        dur = times[i + 1] - times[i] if i + 1 < len(times) else mean
        name = names.get(s, "")
        if name in NOT_CODE:
            continue
        self_time[name or "(anonymous)"] += dur


def read(path, self_time):
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    if isinstance(doc, dict) and "nodes" in doc:
        add_profile(doc["nodes"], doc.get("samples", []), doc.get("timeDeltas", []), self_time)
        return
    events = doc["traceEvents"] if isinstance(doc, dict) else doc
    chunks = defaultdict(lambda: {"nodes": [], "samples": [], "deltas": []})
    for e in events:
        if e.get("name") != "ProfileChunk":
            continue
        data = e.get("args", {}).get("data", {})
        c = chunks[(e.get("pid"), e.get("id"))]
        prof = data.get("cpuProfile", {})
        c["nodes"] += prof.get("nodes", [])
        c["samples"] += prof.get("samples", [])
        c["deltas"] += data.get("timeDeltas", [])
    for c in chunks.values():
        add_profile(c["nodes"], c["samples"], c["deltas"], self_time)


def main():
    svg, profiles = sys.argv[1], sys.argv[2:]
    self_time = defaultdict(float)
    for p in profiles:
        read(p, self_time)
    ranked = sorted(self_time.items(), key=lambda kv: -kv[1])
    fourth = ranked[3][1] if len(ranked) > 3 else 0
    want = [n for n, t in ranked[:3] if t > fourth * 1.01]
    texts = ["".join(t.itertext()) for t in ET.parse(svg).iter("{http://www.w3.org/2000/svg}text")]
    # the name as a word of the text: "a" is not found in "gamma"
    def named(n, t):
        return re.search(r"(^|[\s,:])" + re.escape(n) + r"($|[\s,])", t)

    missing = [n for n in want if not any(named(n, t) for t in texts)]
    if missing:
        print(f"{svg}: the top self-time functions {missing} are in no <text> "
              f"(top: {[(n, round(t)) for n, t in ranked[:4]]})")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

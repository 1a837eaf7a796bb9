#!/usr/bin/env python3
"""Structural check of a native flamechart SVG (tests/cli/svg-native.sh).

Usage: svg_check.py [--interactive] [--groups] [--expect TEXT]... FILE.svg...
Parses the file as XML and checks: the root is an SVG with role="img", a
<title> (its accessible name) and a <desc>; .bars holds colour groups
(stroke) of frame boxes, each a <path d="Mx yhw"> with a <title> whose first
line names the frame and whose last has its time in ms and %; a group of
narrow boxes is one <path> with a subpath a box ("Mx yhw" then "mdx dyhw")
and a title that says how many boxes it holds ("12 boxes under 3 px",
"12 grey boxes under 3 px"), so every drawn box has a title; with --groups
there must be at least one such group; every
<text> has text; a label that is not cut ("…") is the start of some frame's
title; a <script> only with --interactive. Each --expect TEXT must be the
content of some <text> or the first line of some <title>. Exit 1 on failure.
"""
import re
import sys
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"
NUM = r"-?\d+(\.\d+)?"
BOXES = rf"M{NUM} {NUM}h{NUM}(m{NUM} {NUM}h{NUM})*$"


def main():
    args = sys.argv[1:]
    paths = []
    interactive = False
    want_groups = False
    expect = []
    while args:
        a = args.pop(0)
        if a == "--interactive":
            interactive = True
        elif a == "--groups":
            want_groups = True
        elif a == "--expect":
            expect.append(args.pop(0))
        else:
            paths.append(a)
    status = 0
    for path in paths:
        status |= check(path, interactive, expect, want_groups)
    return status


def check(path, interactive, expect, want_groups):
    errors = []
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as e:
        print(f"FAIL {path}: not XML: {e}")
        return 1
    if root.tag != NS + "svg":
        errors.append("root is not <svg>")
    if root.get("role") != "img":
        errors.append('no role="img"')
    kids = list(root)
    if not kids or kids[0].tag != NS + "title" or not (kids[0].text or "").strip():
        errors.append("the first child is not a non-empty <title>")
    if root.find(NS + "desc") is None:
        errors.append("no <desc>")
    scripts = root.findall(".//" + NS + "script")
    if interactive and len(scripts) != 1:
        errors.append(f"{len(scripts)} <script> elements with --interactive")
    if not interactive and scripts:
        errors.append("a <script> without --interactive")

    names = []
    places = []  # every title's text: a label's file:line run is in one
    bars = [g for g in root.iter(NS + "g") if g.get("class") == "bars"]
    frames = drawn = groups = grouped = 0
    for layer in bars:
        for group in layer:
            if group.tag != NS + "g" or not group.get("stroke"):
                errors.append(f"a <{group.tag[len(NS):]}> in .bars that is no colour group")
                continue
            for p in group:
                d = p.get("d", "")
                boxes = len(re.findall(r"[Mm]", d))
                frames += 1
                drawn += boxes
                title = p.find(NS + "title")
                if p.tag != NS + "path" or not re.match(BOXES, d):
                    errors.append(f"frame {frames} is no <path d='Mx yhw[mdx dyhw]...'>")
                if title is None or not (title.text or "").strip():
                    errors.append(f"frame {frames} has no <title>")
                    continue
                lines = title.text.split("\n")
                names.append(lines[0])
                places.append(title.text)
                if boxes > 1:
                    # a group of narrow boxes: its title says how many
                    groups += 1
                    grouped += boxes
                    m = re.search(rf"(^|\n){boxes} (grey )?boxes under (\d+) px", title.text)
                    if not m:
                        errors.append(f"group '{lines[0]}' of {boxes} boxes: the title does not name its count")
                    elif any(float(w) >= float(m.group(3)) for w in re.findall(r"h([-\d.]+)", d)):
                        errors.append(f"group '{lines[0]}': a box as wide as {m.group(3)} px")
                if len(lines) < 2 or not re.search(r"\d.* \(<?\d+\.\d%\)", "".join(lines[1:])):
                    errors.append(f"frame '{lines[0]}': the title has no time and share")
    texts = []
    for layer in root.iter(NS + "g"):
        for t in layer.findall(NS + "text"):
            s = "".join(t.itertext())
            if not s:
                errors.append("an empty <text>")
            texts.append(s)
            if layer.get("class") == "labels" and "\u2026" not in s and s != "no samples":
                # a label's second run (file:line, or a diff's change) is
                # said in some frame's tooltip
                located = any(s in t for t in places)
                if not located and not s.endswith(" frames") and not any(
                    s == n or s.startswith(n) or n.endswith(s) or s.split("  ")[0] in n
                    for n in names
                ):
                    errors.append(f"label '{s}' is no frame's name")
    for e in expect:
        if e not in texts and e not in names:
            errors.append(f"'{e}' is neither a text nor a frame title")
    for e in errors[:10]:
        print(f"FAIL {path}: {e}")
    if errors:
        return 1
    if want_groups and not groups:
        print(f"FAIL {path}: no group of narrow boxes")
        return 1
    print(f"ok   {path}: {drawn} boxes in {frames} paths with titles "
          f"({grouped} in {groups} groups of narrow boxes), {len(texts)} texts")
    return 0


sys.exit(main())

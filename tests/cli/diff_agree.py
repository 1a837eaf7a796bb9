#!/usr/bin/env python3
"""The picture of a diff agrees with its table (tests/cli/diff.sh).

Usage: diff_agree.py DIFF.json DIFF.svg
DIFF.json and DIFF.svg are one `flamechart diff` run's JSON and native SVG.
Checks, for every box of the SVG that has a title (its first line the
function's name, its second the file; its thread the `thread N` box under
it, found by position):
- a box whose function the JSON calls not significant is drawn in the
  not-significant colour; a coloured box's function is significant and
  changed the way its colour says (red: more, blue: less);
- a box's function exists on HEAD's side (the picture draws HEAD);
and that the legend's "only in BASE" entries are significant changes of
functions HEAD does not have. Prints what disagrees; exit 1 when something does.
"""
import json
import re
import sys
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"
NEUTRAL = "#eeeeea"
GREY = "#b8b8b8"  # narrow boxes merged into one grey box (no function)
BOX = re.compile(r"M(-?[\d.]+) (-?[\d.]+)h([\d.]+)$")


def main():
    doc = json.load(open(sys.argv[1], encoding="utf-8"))
    root = ET.parse(sys.argv[2]).getroot()
    funcs = {}
    for f in doc["functions"]:
        funcs.setdefault((f["name"], f.get("thread", 0)), []).append(f)
    boxes = []  # (x, width, colour, title lines)
    for bars in root.iter(NS + "g"):
        if bars.get("class") != "bars":
            continue
        for group in bars.findall(NS + "g"):
            colour = group.get("stroke", "").lower()
            for path in group.findall(NS + "path"):
                m = BOX.match(path.get("d", ""))
                title = path.find(NS + "title")
                if m and title is not None and title.text:
                    boxes.append((float(m.group(1)), float(m.group(3)), colour,
                                  title.text.split("\n")))
    threads = []
    for x, w, _, lines in boxes:
        m = re.fullmatch(r"thread (\d+)", lines[0])
        if m:
            threads.append((x, x + w, int(m.group(1))))
    bad = []
    checked = 0
    for x, w, colour, lines in boxes:
        if colour == GREY or re.fullmatch(r"thread \d+", lines[0]):
            continue
        thread = 0
        for a, b, t in threads:
            if a - 0.01 <= x and x + w <= b + 0.01:
                thread = t
        cands = funcs.get((lines[0], thread), [])
        # the second line is the file, or the tier when there is none
        same_file = [f for f in cands if len(lines) > 1 and (
            f["file"] == lines[1] or (not f["file"] and f["tier"] == lines[1]))]
        if same_file:
            cands = same_file
        if len(cands) != 1:
            bad.append("box %r (thread %d): %d functions of that name in the JSON"
                       % (lines[0], thread, len(cands)))
            continue
        f = cands[0]
        checked += 1
        where = "%s (%s, thread %d)" % (f["name"], f["file"], thread)
        if f["head_self_us"] == 0 and f["head_total_us"] == 0:
            bad.append(where + ": drawn, but the JSON has no time for it in HEAD")
        if colour == NEUTRAL:
            continue
        if not f["significant"]:
            bad.append(where + ": not significant in the JSON, drawn in " + colour)
            continue
        r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
        if (r > b) != (f["delta_self_us"] > 0):
            bad.append(where + ": drawn %s, changed by %.0f us"
                       % (colour, f["delta_self_us"]))
    # the legend lists only significant changes of functions that have no box
    for text in root.iter(NS + "text"):
        label = text.text or ""
        if not label.startswith("only in BASE: "):
            continue
        head, _, tail = label.partition("\u2026")  # a cut label keeps its ends
        ok = False
        for f in doc["functions"]:
            if not (f["significant"] and f["head_total_us"] == 0 and f["base_self_us"] > 0):
                continue
            full = "only in BASE: %s%s%s" % (f["name"], " " if f["file"] else "",
                                             f["file"].rsplit("/", 1)[-1])
            if full.startswith(head) and (not tail or full.endswith(tail.rsplit(" ", 2)[0])):
                ok = True
        if not ok:
            bad.append("legend: %r is not a significant change only in BASE" % label)
    for line in bad:
        print(sys.argv[2] + ": " + line)
    if not checked:
        print(sys.argv[2] + ": no box checked")
        return 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

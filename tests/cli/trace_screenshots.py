#!/usr/bin/env python3
"""The screenshots of --screenshots, checked from their definition
(docs/rendering.md, "The filmstrip"; input-rules §C8).

  trace_screenshots.py make DIR       writes DIR/shots.json: a trace whose
      one profile spans 1 000 000 .. 2 000 000 µs, with screenshots of the
      JPEGs DIR/{red,green,blue,yellow}.jpg in both of Chrome's shapes, and
      three that cannot be read (not base64, a cut JPEG, a PNG)
  trace_screenshots.py check DIR SVG  the filmstrip of SVG (1200 px wide)
      shows in each slot the screenshot its slot's middle time picks
  trace_screenshots.py many DIR N     writes DIR/many.json with N
      screenshots of red.jpg, one every ms
"""
import base64
import json
import math
import re
import sys

START, END = 1_000_000, 2_000_000
# (ts, colour, shape): the newer instant event or the older object snapshot
SHOTS = [(1_100_000, "red", "new"), (1_400_000, "green", "old"),
         (1_700_000, "blue", "new"), (1_850_000, "yellow", "old")]
COLOURS = ["red", "green", "blue", "yellow"]


def jpeg(d, colour):
    with open(f"{d}/{colour}.jpg", "rb") as f:
        return f.read()


def shot_event(ts, snapshot, shape):
    if shape == "new":
        return {"ph": "I", "cat": "disabled-by-default-devtools.screenshot",
                "name": "Screenshot", "pid": 3, "tid": 3, "ts": ts, "s": "t",
                "args": {"snapshot": snapshot, "source_id": 1,
                         "frame_sequence": ts // 1000, "expected_display_time": ts}}
    return {"ph": "O", "cat": "disabled-by-default-devtools.screenshot",
            "name": "Screenshot", "id": "0x1", "pid": 3, "tid": 3, "ts": ts,
            "args": {"snapshot": snapshot}}


def profile_events(n_samples):
    step = (END - START) // n_samples
    return [
        {"ph": "M", "name": "thread_name", "pid": 7, "tid": 1,
         "args": {"name": "CrRendererMain"}},
        {"ph": "P", "name": "Profile", "id": "0x1", "pid": 7, "tid": 1, "ts": START,
         "args": {"data": {"startTime": START}}},
        {"ph": "P", "name": "ProfileChunk", "id": "0x1", "pid": 7, "tid": 9, "ts": START + 1,
         "args": {"data": {"cpuProfile": {"nodes": [
             {"id": 1, "callFrame": {"functionName": "(root)", "scriptId": 0}},
             {"id": 2, "parent": 1, "callFrame": {"functionName": "work", "scriptId": 1,
                                                  "url": "a.js", "lineNumber": 1}}],
             "samples": [2] * n_samples},
             "timeDeltas": [0] + [step] * (n_samples - 1)}}},
        {"ph": "P", "name": "ProfileChunk", "id": "0x1", "pid": 7, "tid": 9, "ts": END,
         "args": {"data": {"endTime": END}}},
    ]


def make(d):
    events = profile_events(100)
    for ts, colour, shape in SHOTS:
        events.append(shot_event(ts, base64.b64encode(jpeg(d, colour)).decode(), shape))
    red = jpeg(d, "red")
    bad = [("not base64", "!!not base64!!"),
           ("cut", base64.b64encode(red[:len(red) // 3]).decode()),
           ("png", base64.b64encode(b"\x89PNG\r\n\x1a\n" + b"\0" * 40).decode())]
    index = {}
    for i, (what, snapshot) in enumerate(bad):
        index[what] = len(events)
        events.append(shot_event(1_900_000 + i, snapshot, "new"))
    with open(f"{d}/shots.json", "w") as f:
        json.dump({"traceEvents": events}, f)
    # the indices of the unreadable ones, for the test's messages
    print(" ".join(str(index[w]) for w in ("not base64", "cut", "png")))


def many(d, n):
    events = profile_events(100)
    snapshot = base64.b64encode(jpeg(d, "red")).decode()
    for i in range(n):
        events.append(shot_event(START + i * 1000, snapshot, "new"))
    with open(f"{d}/many.json", "w") as f:
        json.dump({"traceEvents": events}, f)


def check(d, svg_path):
    width_px, margin, thumb_h, pad = 1200, 10, 60, 4
    plot_w = width_px - 2 * margin
    thumb_w = math.ceil(thumb_h * 80 / 60)  # the JPEGs are 80 × 60
    pitch = thumb_w + pad
    slots = plot_w // pitch
    shots = [(ts, colour) for ts, colour, _ in SHOTS]
    want = []
    for k in range(slots):
        left = pad / 2 + k * pitch
        t = START + (left + thumb_w / 2) * (END - START) / plot_w
        before = [c for ts, c in shots if ts < t]
        if before:
            want.append((round(margin + left), before[-1]))
    by_bytes = {jpeg(d, c): c for c in COLOURS}
    svg = open(svg_path).read()
    got, placed = [], {}
    for m in re.finditer(r'<(image|use) ([^>]*)/>', svg):
        attrs = dict(re.findall(r'([\w:]+)="([^"]*)"', m.group(2)))
        if m.group(1) == "image":
            data = attrs["xlink:href"].split("base64,", 1)[1]
            colour = by_bytes.get(base64.b64decode(data), "?")
            x = float(attrs["x"])
            placed[attrs["id"]] = (x, colour)
            got.append((x, colour))
        else:
            x0, colour = placed[attrs["xlink:href"].lstrip("#")]
            got.append((x0 + float(attrs["x"]), colour))
    if [(round(x), c) for x, c in got] != want:
        print(f"slots drawn {got}\nslots wanted {want}")
        sys.exit(1)
    print(f"{len(want)} thumbnails as wanted")


if __name__ == "__main__":
    if sys.argv[1] == "make":
        make(sys.argv[2])
    elif sys.argv[1] == "many":
        many(sys.argv[2], int(sys.argv[3]))
    else:
        check(sys.argv[2], sys.argv[3])

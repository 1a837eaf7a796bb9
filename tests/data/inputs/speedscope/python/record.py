"""Writes python-wordcount.speedscope.json: a Python program sampled every
5 ms from a second thread (sys._current_frames), written the way py-spy
writes speedscope files (py-spy is not packaged for Debian): one sampled
profile per thread, unit "none", weight 1 per sample, frames with the
function's name, its file and the sampled line, the outermost frame first.
    python3 record.py [OUT]
"""
import json
import re
import sys
import threading
import time
from collections import Counter

TEXT = ("the quick brown fox jumps over the lazy dog " * 40 + "\n") * 200


def tokenize(text):
    return re.findall(r"[a-z]+", text)


def normalise(words):
    return [w.lower().strip() for w in words]


def count(words):
    c = Counter()
    for w in words:
        c[w] += 1
    return c


def report(counts):
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:5]


def work(rounds):
    for _ in range(rounds):
        report(count(normalise(tokenize(TEXT))))


def main():
    frames, index, samples = [], {}, {}
    done = threading.Event()
    target = threading.main_thread().ident

    def sampler():
        while not done.is_set():
            f = sys._current_frames().get(target)
            stack = []
            while f is not None:
                file = f.f_code.co_filename
                if file == __file__:
                    file = "record.py"  # not where this checkout happens to be
                key = (f.f_code.co_name, file, f.f_lineno)
                if key not in index:
                    index[key] = len(frames)
                    frames.append({"name": key[0], "file": key[1], "line": key[2]})
                stack.append(index[key])
                f = f.f_back
            samples.setdefault("MainThread", []).append(stack[::-1])
            time.sleep(0.005)

    t = threading.Thread(target=sampler)
    t.start()
    work(60)
    done.set()
    t.join()
    out = {
        "$schema": "https://www.speedscope.app/file-format-schema.json",
        "exporter": "record.py (py-spy's shape)",
        "name": "python wordcount",
        "activeProfileIndex": None,
        "shared": {"frames": frames},
        "profiles": [
            {"type": "sampled", "name": name, "unit": "none", "startValue": 0,
             "endValue": len(s), "samples": s, "weights": [1] * len(s)}
            for name, s in samples.items()
        ],
    }
    path = sys.argv[1] if len(sys.argv) > 1 else "python-wordcount.speedscope.json"
    with open(path, "w") as fh:
        json.dump(out, fh)
        fh.write("\n")


main()

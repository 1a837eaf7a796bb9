#!/usr/bin/env python3
"""Writes small pprof profiles for tests/cli/pprof.sh, encoded here by hand
(a few lines of protocol buffer wire format, so that the test does not read
back what flamechart's own writer made): pprof_make.py DIR.

  inline.pb      one location with three lines (two inlined calls) under main,
                 sample types samples/count and wall/milliseconds, default wall
  units.pb       the same stacks in microseconds and bytes (no default: the last)
  bad-string.pb  a function name beyond the string table
  bad-loc.pb     a sample naming a location that does not exist
  negative.pb    one negative value beside a positive one
  no-stack.pb    a sample without locations beside one with
  empties.pb     3 million empty locations (6 MB that would decode to ~200 MB)
"""
import os
import sys


def varint(n):
    n &= (1 << 64) - 1
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def field(num, value):
    if isinstance(value, (bytes, bytearray)):
        return varint(num << 3 | 2) + varint(len(value)) + value
    return varint(num << 3) + varint(value)


def msg(*parts):
    return b"".join(parts)


def profile(types, samples, strings, functions, locations, default=0):
    out = b""
    for t, u in types:
        out += field(1, msg(field(1, t), field(2, u)))
    for locs, values in samples:
        out += field(2, msg(*[field(1, l) for l in locs], *[field(2, v) for v in values]))
    for lid, lines in locations:
        body = field(1, lid)
        for fid, line in lines:
            body += field(4, msg(field(1, fid), field(2, line)))
        out += field(4, body)
    for fid, name, filename, start in functions:
        out += field(5, msg(field(1, fid), field(2, name), field(4, filename), field(5, start)))
    for s in strings:
        out += field(6, s.encode())
    if default:
        out += field(14, default)
    return out


# strings: 0 "", 1 samples, 2 count, 3 wall, 4 milliseconds, 5 main, 6 /src/app/main.go,
# 7 work, 8 helper, 9 leaf, 10 microseconds, 11 space, 12 bytes, 13 time
STRINGS = ["", "samples", "count", "wall", "milliseconds", "main", "/src/app/main.go",
           "work", "helper", "leaf", "microseconds", "space", "bytes", "time"]
FUNCS = [(1, 5, 6, 3), (2, 7, 6, 10), (3, 8, 6, 20), (4, 9, 6, 30)]
# location 1: main; location 2: leaf inlined into helper inlined into work
LOCS = [(1, [(1, 4)]), (2, [(4, 31), (3, 21), (2, 11)])]


def write(d, name, data):
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)


def main():
    d = sys.argv[1]
    # main -> work -> helper (inline) -> leaf (inline): 2 samples, 7 ms;
    # main alone: 1 sample, 5 ms
    write(d, "inline.pb", profile([(1, 2), (3, 4)], [([2, 1], [2, 7]), ([1], [1, 5])],
                                  STRINGS, FUNCS, LOCS, default=3))
    write(d, "units.pb", profile([(13, 10), (11, 12)], [([2, 1], [1500, 4096]), ([1], [2500, 1])],
                                 STRINGS, FUNCS, LOCS))
    write(d, "bad-string.pb", profile([(1, 2)], [([1], [1])], STRINGS,
                                      [(1, 99, 6, 3)], [(1, [(1, 4)])]))
    write(d, "bad-loc.pb", profile([(1, 2)], [([1, 7], [1])], STRINGS, FUNCS, LOCS))
    write(d, "negative.pb", profile([(1, 2)], [([2, 1], [-3]), ([1], [4])], STRINGS, FUNCS, LOCS))
    write(d, "no-stack.pb", profile([(1, 2)], [([], [5]), ([1], [2])], STRINGS, FUNCS, LOCS))
    write(d, "empties.pb", field(1, msg(field(1, 1), field(2, 2))) + field(4, b"") * 3000000 +
          b"".join(field(6, s.encode()) for s in STRINGS[:3]))


main()

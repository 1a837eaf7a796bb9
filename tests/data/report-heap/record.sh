#!/bin/sh
# Records one process's CPU and heap profiles side by side, as
# `node --cpu-prof --heap-prof` writes them (Node 20; no network), running
# ../heap/alloc.js (makeRows, parseRows). Script URLs are rewritten to
# /app/... so that no machine's paths are kept. The files keep node's names
# (CPU.<date>.<time>.<pid>.<tid>.<seq>.cpuprofile and Heap.<...>.heapprofile):
# the report groups them by pid.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
app=$(cd "$here/../heap" && pwd)
cd "$here"
rm -f CPU.*.cpuprofile Heap.*.heapprofile
node --cpu-prof --cpu-prof-dir="$here" --heap-prof --heap-prof-dir="$here" \
	--heap-prof-interval=16384 "$app/alloc.js" 20 1
for f in CPU.*.cpuprofile Heap.*.heapprofile; do
	sed "s|$app|/app|g" "$f" >"$f.tmp" && mv "$f.tmp" "$f"
done

#!/bin/sh
# Records the heap profiles in this directory (Node 20; no network):
#   alloc.heapprofile         node --heap-prof on alloc.js (makeRows, parseRows)
#   inspector.heapprofile     HeapProfiler.startSampling, as DevTools records
#   base.heapprofile          inspector, parseRows allocating once per round
#   base-again.heapprofile    the same run again: the noise pair of base
#   double.heapprofile        parseRows allocating twice as much
#   npm.heapprofile.gz        node --heap-prof on `npm ls --global` (a real
#                             program: module loading and parsing), gzipped
# Script URLs are rewritten to /app/... so that no machine's paths are kept.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$here"

relocate() { # FILE: this directory's path in URLs becomes /app
	sed "s|$here|/app|g" "$1" >"$1.tmp" && mv "$1.tmp" "$1"
}

node --heap-prof --heap-prof-dir="$tmp" --heap-prof-interval=16384 alloc.js 20 1
mv "$tmp"/*.heapprofile alloc.heapprofile
node inspector.js inspector.heapprofile 20 1
node inspector.js base.heapprofile 20 1
node inspector.js base-again.heapprofile 20 1
node inspector.js double.heapprofile 20 2
for f in alloc inspector base base-again double; do relocate $f.heapprofile; done

npm=$(readlink -f "$(command -v npm)")
node --heap-prof --heap-prof-dir="$tmp" --heap-prof-interval=8192 "$npm" ls --global --depth=1 >/dev/null
for f in "$tmp"/*.heapprofile; do gzip -9n <"$f" >npm.heapprofile.gz; done

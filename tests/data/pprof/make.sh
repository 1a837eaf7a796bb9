#!/bin/sh
# Writes the Go pprof profiles in this folder with goprog/ (Debian's
# golang-go, no network: the one module it uses is vendored). The tests read
# the committed files and need no Go. Run from anywhere:
#   tests/data/pprof/make.sh
# go-cpu.pb.gz and go-cpu2.pb.gz are two runs of the same program (diff's
# test), go-heap.pb.gz the heap profile of the first. node-cpu.pb.gz and
# node-heap.pb.gz are a Node program's wall-time and heap profiles from
# Datadog's pprof bindings (node/record.js; `npm ci` in node/ first, which
# needs the network; skipped when node/node_modules is not there).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$here/goprog"
GOFLAGS=-mod=vendor GOCACHE="$tmp/cache" go build -o "$tmp/goprog" .
"$tmp/goprog" "$here/go-cpu.pb.gz" "$here/go-heap.pb.gz" 3 >/dev/null
"$tmp/goprog" "$here/go-cpu2.pb.gz" "$tmp/heap2.pb.gz" 3 >/dev/null
if [ -d "$here/node/node_modules/@datadog/pprof" ]; then
	(cd "$here/node" && node record.js "$here/node-cpu.pb.gz" "$here/node-heap.pb.gz" >/dev/null)
else
	echo "make.sh: node/node_modules is missing (npm ci in node/): the Node profiles are kept" >&2
fi

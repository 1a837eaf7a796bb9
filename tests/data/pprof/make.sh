#!/bin/sh
# Writes the Go pprof profiles in this folder with goprog/ (Debian's
# golang-go, no network: the one module it uses is vendored). The tests read
# the committed files and need no Go. Run from anywhere:
#   tests/data/pprof/make.sh
# go-cpu.pb.gz and go-cpu2.pb.gz are two runs of the same program (diff's
# test), go-heap.pb.gz the heap profile of the first.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$here/goprog"
GOFLAGS=-mod=vendor GOCACHE="$tmp/cache" go build -o "$tmp/goprog" .
"$tmp/goprog" "$here/go-cpu.pb.gz" "$here/go-heap.pb.gz" 3 >/dev/null
"$tmp/goprog" "$here/go-cpu2.pb.gz" "$tmp/heap2.pb.gz" 3 >/dev/null

#!/bin/sh
# Records work.cpuprofile with Bun. npm's `bun` package fetches its binary
# in an install script, which this machine's npm does not run by itself:
#   npm install bun && node node_modules/bun/install.js
#   ./make.sh node_modules/bun/bin/bun.exe
# Bun 1.4.5 was used. The script's file:// URL is rewritten to
# file:///srv/runtimes/bun/ so that the profile does not name this machine.
set -eu
cd "$(dirname "$0")"
bun=${1:-bun}
rm -rf prof
"$bun" --cpu-prof --cpu-prof-dir=prof work.js >/dev/null
sed "s#file://$(pwd)/#file:///srv/runtimes/bun/#g" prof/*.cpuprofile >work.cpuprofile
rm -rf prof

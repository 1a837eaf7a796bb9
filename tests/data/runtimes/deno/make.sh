#!/bin/sh
# Records work.cpuprofile with Deno (npm's `deno` package ships the binary):
#   npm install deno && ./make.sh node_modules/.bin/deno
# Deno 2.9.6 was used. The script's file:// URL is rewritten to
# file:///srv/runtimes/deno/ so that the profile does not name this machine.
set -eu
cd "$(dirname "$0")"
deno=${1:-deno}
rm -rf prof
DENO_NO_UPDATE_CHECK=1 "$deno" run --cpu-prof --cpu-prof-dir=prof work.js >/dev/null
sed "s#file://$(pwd)/#file:///srv/runtimes/deno/#g" prof/*.cpuprofile >work.cpuprofile
rm -rf prof

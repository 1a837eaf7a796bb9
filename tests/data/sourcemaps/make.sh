#!/bin/sh
# Builds the source-map fixtures the tests read (docs/sourcemaps.md):
# app/src (TypeScript, with lodash-es from node_modules) bundled four ways,
# each run once under `node --cpu-prof` WITHOUT --enable-source-maps, so the
# profiles name the bundles, not the sources:
#   esbuild/        esbuild --sourcemap            (app.js + app.js.map)
#   esbuild-inline/ esbuild --sourcemap=inline     (map in a data: URL)
#   esbuild-min/    esbuild --minify --sourcemap
#   rollup-min/     Rollup + TypeScript + terser   (minified, app.js.map)
# The profiles' file:// URLs name this folder as file:///srv/shop/ so that
# they do not depend on where they were recorded; the tests map that prefix
# back with --sourcemap-root file:///srv/shop/=<this folder>.
# Needs node 20 and the packages in package.json: npm ci && ./make.sh
set -eu
cd "$(dirname "$0")"
here=$(pwd)
bin=node_modules/.bin
esb="$bin/esbuild app/src/main.ts --bundle --platform=node --format=esm --target=node20"
# sourcesContent only in the minified builds, which need it (the names of
# functions a minifier inlined come from the original text); the other maps
# stay small without it
nosrc=--sources-content=false

rm -rf esbuild esbuild-inline esbuild-min rollup-min
$esb $nosrc --sourcemap --outfile=esbuild/dist/app.js
$esb $nosrc --sourcemap=inline --outfile=esbuild-inline/dist/app.js
$esb --minify --sourcemap --outfile=esbuild-min/dist/app.js
$bin/rollup -c rollup.config.mjs --silent

for d in esbuild esbuild-inline esbuild-min rollup-min; do
	# a coarse interval keeps the profiles small; the work takes ~1 s
	node --cpu-prof --cpu-prof-interval 500 --cpu-prof-dir "$d/prof" "$d/dist/app.js" 60 >/dev/null
	sed "s#file://$here/#file:///srv/shop/#g" "$d"/prof/*.cpuprofile >"$d/app.cpuprofile"
	rm -rf "$d/prof"
done

#!/bin/sh
# --sourcemaps against Mozilla's `source-map` package (tests/oracle/
# sourcemap-check.mjs): every mapped frame's url, line and column is what
# the package gives for its bundle position. Needs node and the fixtures'
# node_modules (cd tests/data/sourcemaps && npm ci); skipped without them.
. "$(dirname "$0")/lib.sh"

SM=$DATA/sourcemaps
if ! command -v node >/dev/null 2>&1; then
	echo "SKIP: node is not installed (nodejs): nothing checked"
	exit 77
fi
if [ ! -d "$SM/node_modules/source-map" ]; then
	echo "SKIP: the source-map package is not installed: run \`npm ci\` in tests/data/sourcemaps (needs npm and the network)"
	exit 77
fi
for v in esbuild esbuild-inline esbuild-min rollup-min; do
	run 0 -m graph -f json --sourcemap-root "file:///srv/shop/=$SM" "$SM/$v/app.cpuprofile" \
		-o "$TMP/$v.json"
	run 0 -m graph -f json "$SM/$v/app.cpuprofile" -o "$TMP/$v-plain.json"
	node "$ROOT/tests/oracle/sourcemap-check.mjs" "$SM" "$v" "$TMP/$v.json" "$TMP/$v-plain.json" ||
		fail "$v: source-map disagrees"
done
finish

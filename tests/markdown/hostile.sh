#!/bin/sh
# Hostile names through the Markdown writer, rendered with a GFM renderer
# (marked): they must show as written, in their own cells, with no markup.
# $1 = md_hostile, $2 = gfm-check.js. Exit 77 (skip) without node or marked.
set -u
command -v node >/dev/null 2>&1 || { echo "SKIP: node not found"; exit 77; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
"$1" "$TMP/h.md" "$TMP/names.txt" || { echo "FAIL: md_hostile"; exit 1; }
node "$2" "$TMP/h.md" --names "$TMP/names.txt" >"$TMP/report.json"
rc=$?
cat "$TMP/report.json"
[ $rc = 77 ] && exit 77
[ $rc = 0 ] || { echo "FAIL: see problems above"; sed 's/^/    | /' "$TMP/h.md"; exit 1; }
# the refused link and image left no link; the kept one is percent-encoded
grep -q '"https://example.com/a%20b"' "$TMP/report.json" || { echo "FAIL: kept link"; exit 1; }
[ "$(grep -c '"https\?:' "$TMP/report.json")" = 1 ] || { echo "FAIL: unexpected links"; exit 1; }
echo "all passed"

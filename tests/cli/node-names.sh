#!/bin/sh
# node --cpu-prof's file names, CPU.<date>.<time>.<pid>.<tid>.<seq>.cpuprofile,
# plain or gzipped: the same lane titles ("pid P · main thread" / "worker
# thread T", read off the names here), one process on one time axis, and
# report's process image, byte for byte the same for .gz files as for
# plain ones. Names that only look like node's keep the file name.
. "$(dirname "$0")/lib.sh"

P=$TMP/plain
G=$TMP/gz
mkdir -p "$P" "$G"
cp "$DATA/corpus/minimal/stair-up.20250519.200250.10004.1.001.cpuprofile" \
	"$P/CPU.20250519.200250.10004.0.001.cpuprofile"
cp "$DATA/corpus/minimal/stair-down.20250519.200250.10004.0.001.cpuprofile" \
	"$P/CPU.20250519.200250.10004.3.002.cpuprofile"
for f in "$P"/*; do
	gzip -c "$f" >"$G/$(basename "$f").gz"
done

# the lane titles, in lane order, from the layout JSON's profiles
titles() {
	jq -r '.profiles[].name' "$1" >"$2" || fail "jq $1"
}
printf 'pid 10004 \302\267 main thread\npid 10004 \302\267 worker thread 3\n' >"$TMP/want"
for d in plain gz; do
	run 0 -f json -o "$TMP/$d.json" "$TMP/$d"/CPU.*
	titles "$TMP/$d.json" "$TMP/$d.titles"
	cmp -s "$TMP/want" "$TMP/$d.titles" ||
		fail "$d lane titles: $(tr '\n' '|' <"$TMP/$d.titles")"
done
# one process: one clock, both lanes on one axis (the same layout)
for d in plain gz; do
	jq 'walk(if type == "object" then del(.source) else . end)' "$TMP/$d.json" >"$TMP/$d.nosrc"
done
cmp -s "$TMP/plain.nosrc" "$TMP/gz.nosrc" || fail "the gzipped files' layout differs"

# report: the process image for the gzipped files as for the plain ones,
# and their own images named without .cpuprofile.gz
for d in plain gz; do
	run 0 report "$TMP/$d" -o "$TMP/r-$d" -q
	for f in process-10004.lanes.png process-10004.lanes.svg \
		CPU.20250519.200250.10004.3.002.chart.svg; do
		[ -s "$TMP/r-$d/$f" ] || fail "report of $d: no $f"
	done
done
for f in process-10004.lanes.png process-10004.lanes.svg; do
	cmp -s "$TMP/r-plain/$f" "$TMP/r-gz/$f" || fail "$f differs between plain and gzipped"
done
contains "$TMP/r-gz/index.md" "process 10004"

# not node's names: four numbers, a letter, something after .gz
for name in CPU.20250519.200250.10004.0.cpuprofile CPU.20250519.200250.x.0.001.cpuprofile \
	CPU.20250519.200250.10004.0.001.cpuprofile.gz.bak; do
	cp "$P/CPU.20250519.200250.10004.0.001.cpuprofile" "$TMP/$name"
	run 0 -f json -o "$TMP/odd.json" --input-format cpuprofile "$TMP/$name"
	titles "$TMP/odd.json" "$TMP/odd.titles"
	[ "$(cat "$TMP/odd.titles")" = "$name" ] || fail "$name titled $(cat "$TMP/odd.titles")"
done

finish

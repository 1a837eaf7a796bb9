#!/bin/sh
# The shared library's ABI against the committed baseline (abi/, written by
# scripts/update-abi; docs/api.md, "ABI"). abidiff's report may hold only
# what the policy allows: functions added, and fields added at the end of a
# caller-filled struct that carries a version first member (the library
# reads a field only when the caller's version has it). Anything else -- a
# function removed or its type changed, a field moved, removed or retyped,
# another published struct changed -- fails, unless the soname changed too.
#   $1 the source root, $2 the shared library
root=$1
so=$2
command -v abidiff >/dev/null 2>&1 || { echo "SKIP: abidiff (abigail-tools) is not installed"; exit 77; }
base=$root/abi/libflamechart.abi
out=${TMPDIR:-/tmp}/fc-abi.$$
abidiff --no-show-locs --headers-dir2 "$root/include/flamechart" \
	--headers-dir2 "$(dirname "$so")/../include/flamechart" "$base" "$so" >"$out" 2>&1
rc=$?
cat "$out"
if [ $((rc & 3)) -ne 0 ]; then
	rm -f "$out"
	echo "FAIL: abidiff could not compare (exit $rc)"
	exit 1
fi
# the lines of a report that only adds: anything else is a break
versioned='fc_(render_request|import_options|summary_options|sourcemap_options)'
bad=$(awk -v versioned="$versioned" '
	/^$/ || /changes summary:/ || /Added functions?:/ || /^ *\[A\] / { next }
	/function with some indirect sub-type change/ || /^ *\[C\] .function / { next }
	/type .struct / {
		if ($0 !~ "struct " versioned "'"'"'") { print; exit }
		next
	}
	/parameter [0-9]+ of type .* has sub-type changes:/ || /in pointed to type / { next }
	/type size changed from/ { size = $5; next }
	/data member insertions?:/ { next }
	/^ *'"'"'.*'"'"', at offset [0-9]+/ {
		match($0, /at offset [0-9]+/)
		if (substr($0, RSTART + 10, RLENGTH - 10) + 0 < size + 0) { print; exit }
		next
	}
	{ print; exit }
' "$out")
rm -f "$out"
[ $((rc & 8)) -ne 0 ] && [ -z "$bad" ] && bad="(abidiff: an incompatible change)"
if [ -z "$bad" ]; then
	echo "ABI compatible with abi/libflamechart.abi (at most functions or trailing fields of versioned structs added)"
	exit 0
fi
old=$(sed -n "1s/.*soname='\([^']*\)'.*/\1/p" "$base")
new=$(objdump -p "$so" | awk '$1 == "SONAME" { print $2 }')
if [ "$old" != "$new" ]; then
	echo "the ABI changed with the soname ($old -> $new): allowed; update the baseline (scripts/update-abi)"
	exit 0
fi
echo "FAIL: the ABI of $new broke against abi/libflamechart.abi (abidiff exit $rc): $bad"
echo "      keep it compatible, or bump the soname"
exit 1

#!/bin/sh
# bench/svg-compare.sh: the native SVG writer against cairo's SVG surface
# (--svg-backend cairo) -- file size and wall time -- on every profile of the
# test corpus (chart and graph) and on a generated profile.
#   bench/svg-compare.sh FLAMECHART [GENERATED.cpuprofile]
# Prints a Markdown table per part; times are CPU seconds (user + system,
# /usr/bin/time), the best of 3 runs of the whole command (import, layout,
# paint, write) -- CPU time rather than wall time, as the machine may be
# shared --, outputs in /dev/shm.
set -u
fc=$1
big=${2:-}
root=$(cd "$(dirname "$0")/.." && pwd)
out=/dev/shm/fc-svg-compare.$$
[ -d /dev/shm ] || out=/tmp/fc-svg-compare.$$
mkdir -p "$out"
trap 'rm -rf "$out"' EXIT
FONTCONFIG_FILE=$root/tests/fonts.conf
export FONTCONFIG_FILE

# best ARGS...: the least CPU time of 3 runs in seconds
best() {
	b=
	for i in 1 2 3; do
		/usr/bin/time -f '%U %S' -o "$out/time" "$fc" "$@" 2>/dev/null
		b=$(awk -v b="$b" 'END { t = $1 + $2; if (b == "" || t < b) b = t; printf "%.2f", b }' "$out/time")
	done
	echo "$b"
}

row() { # NAME MODE FILE (nothing when flamechart cannot render FILE)
	rm -f "$out/n.svg" "$out/c.svg"
	"$fc" "$3" -m "$2" -o "$out/n.svg" 2>/dev/null || return 0
	tn=$(best "$3" -m "$2" -o "$out/n.svg")
	tc=$(best "$3" -m "$2" --svg-backend cairo -o "$out/c.svg")
	sn=$(wc -c <"$out/n.svg")
	sc=$(wc -c <"$out/c.svg")
	echo "| $1 | $2 | $sc | $sn | $(awk -v a="$sn" -v b="$sc" 'BEGIN { printf "%.2f", a / b }') | $tc | $tn |"
	echo "$2 $sc $sn $tc $tn" >>"$out/sum"
}

echo "| profile | mode | cairo SVG bytes | native SVG bytes | native / cairo | cairo s | native s |"
echo "|---|---|---:|---:|---:|---:|---:|"
find "$root/tests/data/corpus" -type f \( -name '*.cpuprofile' -o -name '*.json' \) | sort |
	while read -r f; do
		for m in chart graph; do
			row "$(basename "$f" | cut -c1-40)" "$m" "$f"
		done
	done
awk '{ c[$1] += $2; n[$1] += $3; tc[$1] += $4; tn[$1] += $5; k[$1]++; s[$1] += $3 < $2 }
	END { for (m in c) printf "| **all (%s)**, native smaller in %d of %d | %s | %d | %d | %.2f | %.2f | %.2f |\n", m, s[m], k[m], m, c[m], n[m], n[m] / c[m], tc[m], tn[m] }' "$out/sum" | sort
if [ -n "$big" ]; then
	: >"$out/sum"
	echo
	echo "| profile | mode | cairo SVG bytes | native SVG bytes | native / cairo | cairo s | native s |"
	echo "|---|---|---:|---:|---:|---:|---:|"
	for m in chart graph; do
		row "$(basename "$big") ($(($(wc -c <"$big") / 1000000)) MB)" "$m" "$big"
	done
fi

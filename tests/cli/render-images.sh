#!/bin/sh
# CLI tests of the image outputs: formats and their selection, byte-identical
# output for the same input, --width/--scale/--no-legend/--title/--subtitle,
# stdout, PDF dates, output size bounded by pixels, and output errors (exit 3,
# the file named, nothing left behind).
# Usage: render-images.sh FLAMECHART SOURCE_ROOT
set -u

fc=$1
root=$(cd "$2" && pwd)
case $fc in /*) ;; *) fc=$(pwd)/$fc ;; esac
FONTCONFIG_FILE=$root/tests/fonts.conf
export FONTCONFIG_FILE
unset SOURCE_DATE_EPOCH

seed=$root/tests/data/corpus/seed-examples/minimal-cpu-profile-timing-data-samples.cpuprofile
real=$root/tests/data/corpus/real/ng-build/CPU.20250519.000216.90620.1.002.cpuprofile
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
failed=0

fail() {
	echo "FAIL: $*"
	failed=1
}

ok() {
	echo "ok   $*"
}

# first bytes of a file, printable
magic() {
	head -c "$2" "$1" | od -An -c | tr -d ' \n'
}

# PNG width and height from the IHDR chunk (bytes 16..23, big endian)
png_size() {
	od -An -tu1 -j16 -N8 "$1" | awk '{ printf "%dx%d", $1*16777216+$2*65536+$3*256+$4, $5*16777216+$6*65536+$7*256+$8 }'
}

cd "$tmp" || exit 1

# --- formats, from the extension, from -f, and the default name ---------------
"$fc" "$seed" -o a.png && [ "$(magic a.png 4)" = "211PNG" ] && ok "png from -o" || fail "png from -o"
"$fc" "$seed" -o a.svg && grep -q '<svg' a.svg && ok "svg from -o" || fail "svg from -o"
"$fc" "$seed" -o a.pdf && [ "$(magic a.pdf 4)" = "%PDF" ] && ok "pdf from -o" || fail "pdf from -o"
"$fc" "$seed" -f pdf -o a.bin && [ "$(magic a.bin 4)" = "%PDF" ] && ok "-f wins over the extension" ||
	fail "-f pdf -o a.bin"
"$fc" "$seed" && [ -f minimal-cpu-profile-timing-data-samples.svg ] && ok "default: <input>.svg" ||
	fail "default output name"
"$fc" "$seed" -f png -o - >stdout.png && cmp -s stdout.png a.png && ok "png on stdout" ||
	fail "-o - differs from the file"
grep -q 'width="1200px"' a.svg && ok "svg in px" || fail "svg size is not in px"

# --- same input and options, same bytes --------------------------------------------
for f in png svg pdf; do
	"$fc" "$real" -o r1.$f && "$fc" "$real" -o r2.$f && cmp -s r1.$f r2.$f &&
		ok "$f byte-identical" || fail "$f differs between two runs"
done

# --- size options ---------------------------------------------------------------------
s1=$(png_size a.png)
"$fc" "$seed" --scale 2 -o s2.png
s2=$(png_size s2.png)
[ "$s2" = "$((${s1%x*} * 2))x$((${s1#*x} * 2))" ] && ok "--scale 2: $s1 -> $s2" || fail "--scale 2: $s1 -> $s2"
"$fc" "$seed" --width 800 -o w.png
[ "$(png_size w.png | cut -dx -f1)" = 800 ] && ok "--width 800" || fail "--width 800: $(png_size w.png)"
"$fc" "$seed" --no-legend -o nl.png
[ "$(png_size nl.png | cut -dx -f2)" -lt "${s1#*x}" ] && ok "--no-legend is shorter" ||
	fail "--no-legend: $(png_size nl.png) vs $s1"
"$fc" "$seed" --subtitle "second line" -o st.png
[ "$(png_size st.png | cut -dx -f2)" -gt "${s1#*x}" ] && ok "--subtitle adds a line" ||
	fail "--subtitle: $(png_size st.png) vs $s1"
"$fc" "$seed" --title "Release 1.2 startup" -o t.pdf
grep -aq '/Title (Release 1.2 startup)' t.pdf && ok "--title in the PDF" || fail "--title not in the PDF"
grep -aq '/Title (minimal-cpu-profile-timing-data-samples.cpuprofile)' a.pdf &&
	ok "default title: the file name" || fail "default title"

# --- PDF dates: fixed, or SOURCE_DATE_EPOCH -------------------------------------
grep -aq 'CreationDate (20000101000000Z)' a.pdf && ok "pdf fixed date" || fail "pdf date without SOURCE_DATE_EPOCH"
SOURCE_DATE_EPOCH=1700000000 "$fc" "$seed" -o e.pdf
grep -aq 'CreationDate (20231114221320Z)' e.pdf && ok "pdf SOURCE_DATE_EPOCH" || fail "SOURCE_DATE_EPOCH ignored"

# --- bounded by pixels: a 3.4 MB profile, a small SVG -----------------------------
size=$(wc -c <r1.svg)
[ "$size" -lt 2000000 ] && ok "real profile svg is $size bytes" || fail "svg is $size bytes"

# --- output errors: exit 3, the file named, nothing left --------------------------
mkdir out
: >out/file
"$fc" "$seed" -o out/file/x.png 2>err.txt
rc=$?
[ $rc -eq 3 ] && grep -q 'out/file/x.png' err.txt && ok "unwritable: exit 3, file named" ||
	fail "unwritable: exit $rc, $(cat err.txt)"
"$fc" "$seed" --width 20000 --scale 8 -o out/big.png 2>err.txt
rc=$?
[ $rc -eq 3 ] && grep -q 'out/big.png' err.txt && ok "too large a PNG: exit 3, file named" ||
	fail "too large: exit $rc, $(cat err.txt)"
[ "$(ls out)" = file ] && ok "no partial file left" || fail "left behind: $(ls out)"

exit $failed

#!/bin/sh
# The command line without surprises: --help for every command (and
# `flamechart help CMD`), bundled short options, a suggestion for a typo,
# one hint per message, an output name that must agree with the format,
# one file per render; the names in --help come from the library's tables.
. "$(dirname "$0")/lib.sh"
P=$DATA/corpus/seed-examples/minimal-cpu-profile.cpuprofile

# --help of each command: its usage and only its options, on stdout
for c in render info report; do
	run 0 "$c" --help
	contains "$TMP/out" "Usage:"
	contains "$TMP/out" "--quiet"
	[ -s "$TMP/err" ] && fail "$c --help wrote to stderr"
	cp "$TMP/out" "$TMP/$c.help"
	run 0 help "$c"
	cmp -s "$TMP/out" "$TMP/$c.help" || fail "'help $c' differs from '$c --help'"
done
contains "$TMP/report.help" "--jobs"
lacks "$TMP/info.help" "--jobs"
lacks "$TMP/info.help" "--color-by"
contains "$TMP/render.help" "--color-by"
run 0 help
contains "$TMP/out" "flamechart report [OPTIONS] DIR"
run 1 help repot
contains "$TMP/err" "help takes one command name"

# bundled short options
mkdir -p "$TMP/in/sub"
cp "$P" "$TMP/in/sub/a.cpuprofile"
run 0 report -qr "$TMP/in" -o "$TMP/rep" -f svg
[ -s "$TMP/rep/sub/a.chart.svg" ] || [ -n "$(find "$TMP/rep" -name '*.svg')" ] ||
	fail "report -qr rendered nothing"
run 0 report -qrj1 "$TMP/in" -o "$TMP/rep2" -f svg
run 1 info -qz "$P"
contains "$TMP/err" "unknown option '-z'"

# a typo gets a suggestion, and one hint only
run 1 --colour-by url "$P"
contains "$TMP/err" "unknown option '--colour-by'; did you mean '--color-by'?"
[ "$(wc -l <"$TMP/err")" = 1 ] || fail "--colour-by: more than one line: $(cat "$TMP/err")"
run 1 repot "$TMP/in"
contains "$TMP/err" "unknown command 'repot'; did you mean 'report'?"
[ "$(wc -l <"$TMP/err")" = 1 ] || fail "repot: more than one line"
run 1 --zzz "$P"
[ "$(grep -c -e 'see --help' -e 'Try ' "$TMP/err")" = 1 ] || fail "--zzz: not exactly one hint"

# the output's name and the format agree; render writes one file
FLAMECHART=$(cd "$(dirname "$FLAMECHART")" && pwd)/${FLAMECHART##*/}
cd "$TMP" || exit 1
run 1 "$P" -o out.jpg
contains "$TMP/err" "flamechart writes no jpg files"
[ -e out.jpg ] && fail "out.jpg written"
run 1 -m graph -f folded "$P" -o x.png
contains "$TMP/err" "-f folded but the output 'x.png' is named as png"
[ -e x.png ] && fail "x.png written"
run 1 -m chart,graph "$P" -o both.png
contains "$TMP/err" "render writes one file"
[ -e both.png ] && fail "both.png written"
run 1 -f png,svg "$P" -o both.png
contains "$TMP/err" "render writes one file"
run 0 -m graph -f folded "$P" -o stacks.txt
run 0 -f png "$P" -o shot.PNG
[ "$(od -An -c -j 1 -N 3 shot.PNG | tr -d ' ')" = PNG ] || fail "shot.PNG is not a PNG"

# one table of names: --help lists what the parser takes
run 0 --help
contains "$TMP/out" "url, tier, package, heat, mono"
contains "$TMP/out" "light, dark, devtools, classic, or a theme JSON file"
contains "$TMP/out" "svg, png, pdf, json, folded"
contains "$TMP/out" "Tiers: app, deps, core, native, v8, gc, idle."
for s in url tier package heat mono; do
	run 0 "$P" --color-by "$s" -o "c-$s.svg"
done
run 1 "$P" --color-by hot -o c.svg
contains "$TMP/err" "unknown colour scheme 'hot' (url, tier, package, heat, mono)"


# each long option once in --help and in the man page: one name, one
# meaning (report's file patterns are --include-files/--exclude-files;
# --exclude RE is the scope's)
"$FLAMECHART" --help | sed -n 's/^  *\(-., \)\{0,1\}--\([a-z][a-z-]*\).*/\2/p' | sort | uniq -d >"$TMP/twice"
[ -s "$TMP/twice" ] && fail "--help lists twice: $(tr '\n' ' ' <"$TMP/twice")"
"$FLAMECHART" --help | grep -E '^ +(-., )?--exclude ' >"$TMP/ex"
[ "$(wc -l <"$TMP/ex")" = 1 ] || fail "--help has $(wc -l <"$TMP/ex") --exclude lines: $(cat "$TMP/ex")"
"$FLAMECHART" --man | grep -c '^\\fB\\-\\-exclude\\fR' >"$TMP/n"
[ "$(cat "$TMP/n")" = 1 ] || fail "the man page has $(cat "$TMP/n") --exclude entries"
# the files of a report: the new names, and the old ones still read
mkdir -p "$TMP/rep/old"
cp "$P" "$TMP/rep/a.cpuprofile"
cp "$P" "$TMP/rep/old/b.cpuprofile"
run 0 report "$TMP/rep" -r -q -f svg -m graph --exclude-files 'old/*' -o "$TMP/rep-new"
run 0 report "$TMP/rep" -r -q -f svg -m graph --exclude 'old/*' -o "$TMP/rep-old"
for d in rep-new rep-old; do
	[ -e "$TMP/$d/a.graph.svg" ] || fail "$d: a.cpuprofile not rendered"
	ls "$TMP/$d" | grep -q '^old' && fail "$d: old/ rendered"
done
run 0 report "$TMP/rep" -r -q -f svg -m graph --include-files 'b.*' -o "$TMP/rep-inc"
ls "$TMP/rep-inc" | grep -q '^a\.' && fail "--include-files 'b.*' rendered a.cpuprofile"

finish

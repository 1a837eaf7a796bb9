#!/bin/sh
# report and the file system (docs/robustness.md, "report"): symbolic links
# out of DIR are not followed, no file content is quoted, names that are not
# UTF-8 or hold control characters come out as clean text, DIR as OUTDIR
# does not read its own outputs.
. "$(dirname "$0")/lib.sh"
P=$DATA/corpus/seed-examples/minimal-cpu-profile.cpuprofile
IN=$TMP/in
mkdir -p "$IN/sub"
cp "$P" "$IN/a.cpuprofile"
cp "$P" "$IN/sub/real.cpuprofile"
chmod -R u+w "$IN"

# a link to a secret outside DIR is not read; a link inside DIR is followed
printf 'GITHUB_TOKEN=ghp_s3cr3t\n' >"$TMP/.env"
ln -s "$TMP/.env" "$IN/env.cpuprofile"
ln -s "$IN/sub/real.cpuprofile" "$IN/inside.cpuprofile"
run 0 report "$IN" -o "$TMP/out1"
contains "$TMP/err" "env.cpuprofile: a symbolic link out of the input folder: not followed"
contains "$TMP/err" "2 profiles, 0 failed"
for f in "$TMP/err" "$TMP/out1/index.html" "$TMP/out1/index.md"; do lacks "$f" "ghp_s3cr3t"; done
[ -f "$TMP/out1/inside.chart.svg" ] || fail "a link inside DIR was not followed"

# names: bytes that are not UTF-8, a newline, an escape sequence
IN2=$TMP/in2
mkdir -p "$IN2"
cp "$P" "$IN2/$(printf 'bad\377name.cpuprofile')"
cp "$P" "$IN2/$(printf 'new\nline.cpuprofile')"
cp "$P" "$IN2/$(printf 'esc\033]0;title\007.cpuprofile')"
run 0 report "$IN2" -o "$TMP/out2"
contains "$TMP/err" "3 profiles, 0 failed"
if LC_ALL=C grep -q "$(printf '\033')" "$TMP/err"; then fail "an escape reached stderr"; fi
if LC_ALL=C grep -q "$(printf '\033')" "$TMP/out2/index.md"; then fail "an escape reached index.md"; fi
[ "$(grep -c '^| ' "$TMP/out2/index.md")" = 4 ] || fail "index.md: a name broke the table"
[ -s "$TMP/out2/index.html" ] || fail "no index.html"

# DIR is OUTDIR: the second run does not read the first one's outputs
IN3=$TMP/in3
mkdir -p "$IN3"
cp "$P" "$IN3/a.cpuprofile"
cp "$P" "$IN3/b.cpuprofile"
run 0 report "$IN3" -o "$IN3" -q
run 0 report "$IN3" -o "$IN3"
contains "$TMP/err" "2 profiles, 0 failed"

finish

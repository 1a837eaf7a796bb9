#!/bin/sh
# Hostile inputs (docs/robustness.md): each case has a stated outcome -- an
# error naming the file and where, or an image -- and the big ones are
# generated here with awk rather than committed. Where /usr/bin/time exists
# (and not under the sanitizers, which inflate memory), peak RSS is held to
# the documented bound: 8 x the input size + 64 MiB, plus 4 bytes per pixel
# when the output is a PNG (more than the bands it is drawn in need).
#   FC_RSS_TABLE=FILE appends "case|input bytes|peak KB" lines to FILE.
. "$(dirname "$0")/lib.sh"
P=$DATA/corpus/seed-examples/minimal-cpu-profile.cpuprofile

# --- generators -----------------------------------------------------------------

# chain DEPTH PATTERN SAMPLES: a call tree that is one chain DEPTH deep below
# the root; PATTERN leaf = every sample at the bottom, alt = samples jump
# between the top and the bottom.
chain() {
	awk -v depth="$1" -v pattern="$2" -v n="$3" 'BEGIN {
		ORS = ""
		print "{\"nodes\":["
		for (i = 1; i <= depth + 1; i++) {
			if (i > 1) print ","
			print "{\"id\":" i ",\"callFrame\":{\"functionName\":\"" (i == 1 ? "(root)" : "f" i) \
				"\",\"scriptId\":\"1\",\"url\":\"file:///deep.js\",\"lineNumber\":" i ",\"columnNumber\":0}"
			if (i <= depth) print ",\"children\":[" i + 1 "]"
			print "}"
		}
		print "],\"startTime\":0,\"endTime\":" n * 1000 ",\"samples\":["
		for (s = 0; s < n; s++) {
			if (s) print ","
			print (pattern == "leaf" || s % 2 ? depth + 1 : 2)
		}
		print "],\"timeDeltas\":["
		for (s = 0; s < n; s++) print (s ? "," : "") 1000
		print "]}"
	}'
}

# many N ORDER: N samples over four functions; ORDER sorted (deltas of
# 1000) or unsorted (deltas alternating +3, -1: every other sample out of
# order, the worst case for memory: the samples must be sorted).
many() {
	awk -v n="$1" -v order="$2" 'BEGIN {
		ORS = ""
		print "{\"nodes\":[{\"id\":1,\"callFrame\":{\"functionName\":\"(root)\",\"scriptId\":\"0\",\"url\":\"\",\"lineNumber\":-1,\"columnNumber\":-1},\"children\":[2,3]},"
		print "{\"id\":2,\"callFrame\":{\"functionName\":\"a\",\"scriptId\":\"1\",\"url\":\"file:///a.js\",\"lineNumber\":1,\"columnNumber\":1},\"children\":[4]},"
		print "{\"id\":3,\"callFrame\":{\"functionName\":\"b\",\"scriptId\":\"1\",\"url\":\"file:///a.js\",\"lineNumber\":2,\"columnNumber\":1},\"children\":[5]},"
		print "{\"id\":4,\"callFrame\":{\"functionName\":\"c\",\"scriptId\":\"1\",\"url\":\"file:///a.js\",\"lineNumber\":3,\"columnNumber\":1}},"
		print "{\"id\":5,\"callFrame\":{\"functionName\":\"d\",\"scriptId\":\"1\",\"url\":\"file:///a.js\",\"lineNumber\":4,\"columnNumber\":1}}],"
		print "\"startTime\":0,\"samples\":["
		for (i = 0; i < n; i++) print (i ? "," : "") (order == "sorted" ? 2 + int(i / 1000) % 4 : 2 + i % 2)
		print "],\"timeDeltas\":["
		for (i = 0; i < n; i++) print (i ? "," : "") (order == "sorted" ? 1000 : (i % 2 ? -1 : 3))
		print "]}"
	}'
}

# profile NODES SAMPLES DELTAS [EXTRA]: a small .cpuprofile from JSON pieces.
profile() {
	printf '{"nodes":[%s],"startTime":0,"samples":[%s],"timeDeltas":[%s]%s}' "$1" "$2" "$3" "${4:-}"
}
node_json() { # node_json ID NAME [CHILDREN]
	printf '{"id":%s,"callFrame":{"functionName":"%s","scriptId":"1","url":"file:///x.js","lineNumber":1,"columnNumber":1}%s}' \
		"$1" "$2" "${3:+,\"children\":[$3]}"
}
ROOT1=$(node_json 1 "(root)" 2)
A2=$(node_json 2 a)

# --- measuring ------------------------------------------------------------------

measure=false
if [ -n "${FC_SANITIZED:-}" ]; then
	: # ASan's shadow memory inflates RSS: no bounds
elif [ -x /usr/bin/time ]; then
	measure=true
else
	missing_tool time "peak RSS bounds"
fi
# rss LABEL INPUT_BYTES EXPECTED_EXIT ARGS...: run, and check peak RSS
rss() {
	label=$1 bytes=$2 want=$3
	shift 3
	if ! $measure; then
		run "$want" "$@"
		return
	fi
	# meson test sets MALLOC_PERTURB_, which touches every page malloc hands
	# out, spare capacity included; the bound is about what a user sees
	env -u MALLOC_PERTURB_ /usr/bin/time -f %M -o "$TMP/rss" "$FLAMECHART" "$@" \
		>"$TMP/out" 2>"$TMP/err"
	got=$?
	[ "$got" = "$want" ] || { fail "$label: exit $got, want $want"; head -3 "$TMP/err"; }
	kb=$(tail -n 1 "$TMP/rss")
	limit=$(((8 * bytes + 64 * 1048576) / 1024))
	for a in "$@"; do
		case $a in *.png) [ -f "$a" ] && limit=$((limit + $(png_pixels "$a") * 4 / 1024)) ;; esac
	done
	[ "$kb" -le "$limit" ] || fail "$label: peak RSS $kb KB over the bound $limit KB"
	[ -n "${FC_RSS_TABLE:-}" ] && echo "$label|$bytes|$kb" >>"$FC_RSS_TABLE"
	return 0
}

png_height() { # the height field of a PNG's IHDR
	od -An -t u1 -j 20 -N 4 "$1" | awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4 }'
}
png_pixels() { # width x height
	od -An -t u1 -j 16 -N 8 "$1" |
		awk '{ print ($1 * 16777216 + $2 * 65536 + $3 * 256 + $4) * ($5 * 16777216 + $6 * 65536 + $7 * 256 + $8) }'
}
size() { wc -c <"$1" | tr -d ' '; }
png_width() { # the width field of a PNG's IHDR
	od -An -t u1 -j 16 -N 4 "$1" | awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4 }'
}
spaced() { # 10908 -> "10 908", as the docs write numbers
	echo "$1" | awk '{ n = $1; s = ""; while (n >= 1000) { s = sprintf(" %03d", n % 1000) s; n = int(n / 1000) } print n s }'
}

# --- every corpus file within the memory bound ------------------------------------
if $measure; then
	for f in "$DATA"/corpus/*/*.cpuprofile "$DATA"/corpus/*/*.json "$DATA"/corpus/real/*/*.cpuprofile; do
		case $f in *pid-tid-grouping* | *tracing-started*) continue ;; esac # no samples
		rss "corpus ${f#"$DATA"/corpus/}, PNG" "$(size "$f")" 0 -q "$f" -o "$TMP/corpus.png"
	done
fi

# --- a call tree 100 000 deep ----------------------------------------------------
# No stage recurses; images keep 512 rows (the header says how many are cut);
# samples jumping between the top and the bottom cost samples + nodes, not
# samples x depth; the layout JSON refuses more than 32 bars per sample and
# 8 per node.
chain 100000 leaf 1000 >"$TMP/deep.cpuprofile"
run 0 info "$TMP/deep.cpuprofile"
contains "$TMP/out" "max depth     100000"
rss "100 000-deep chain, PNG" "$(size "$TMP/deep.cpuprofile")" 0 \
	--full-height "$TMP/deep.cpuprofile" -o "$TMP/deep.png"
h=$(png_height "$TMP/deep.png")
# every row asked for: 512 rows of the default theme's 21 px bars
[ "$h" -gt 10752 ] && [ "$h" -le 11300 ] || fail "100 000-deep PNG is $h px tall, want 512 rows (10752 px) + header"
# docs/robustness.md quotes the height: it must be today's
grep -qF "512 rows ($(spaced "$h") px tall at 1200 px wide" "$ROOT/docs/robustness.md" ||
	fail "docs/robustness.md does not give the 100 000-deep PNG's height, $h px"
# by default the chain folds within 1.5 x the width (1200 px)
run 0 "$TMP/deep.cpuprofile" -o "$TMP/deep-budget.png"
h=$(png_height "$TMP/deep-budget.png")
[ "$h" -le 1800 ] || fail "100 000-deep PNG by default is $h px tall, over 1.5 x 1200"
run 0 "$TMP/deep.cpuprofile" -o "$TMP/deep.svg"
[ "$(size "$TMP/deep.svg")" -lt 4000000 ] || fail "100 000-deep SVG is $(size "$TMP/deep.svg") bytes"
run 0 "$TMP/deep.cpuprofile" -f json -o "$TMP/deep.json"
[ "$(jq '.profiles[0].frames | length' "$TMP/deep.json")" = 100000 ] ||
	fail "the layout JSON of the 100 000-deep chain lacks bars"
chain 100000 alt 1000 >"$TMP/deep-alt.cpuprofile"
rss "100 000-deep chain, samples alternating top/bottom, PNG" \
	"$(size "$TMP/deep-alt.cpuprofile")" 0 "$TMP/deep-alt.cpuprofile" -o "$TMP/deep-alt.png" -w 4000
contains "$ROOT/docs/robustness.md" "(with the $(png_width "$TMP/deep-alt.png") × $(png_height "$TMP/deep-alt.png") px PNG)"
run 2 "$TMP/deep-alt.cpuprofile" -f json -o "$TMP/deep-alt.json"
contains "$TMP/err" "the exact layout would have more than 1048576 bars (32 per sample, 8 per node; the call tree is 100000 deep)"
[ -e "$TMP/deep-alt.json" ] && fail "a refused layout JSON was left behind"

# --- JSON nested 5 million deep, in a value nobody reads -----------------------------
# The grammar keeps a bit per open container, skipped ones too, up to 4 million.
awk 'BEGIN { ORS = ""; print "{\"nodes\":[],\"x\":"; for (i = 0; i < 5000000; i++) print "["; print "]}" }' \
	>"$TMP/nested.cpuprofile"
rss "5 M nested arrays in an unknown key, info" "$(size "$TMP/nested.cpuprofile")" 2 \
	info "$TMP/nested.cpuprofile"
contains "$TMP/err" "$TMP/nested.cpuprofile: line 1, column 4000016: JSON nested deeper than 4000000 levels"
rm -f "$TMP/nested.cpuprofile"

# --- 10 million samples ------------------------------------------------------------
many 10000000 sorted >"$TMP/many.cpuprofile"
rss "10 M samples, info" "$(size "$TMP/many.cpuprofile")" 0 info "$TMP/many.cpuprofile"
contains "$TMP/out" "samples       10000000"
rss "10 M samples, PNG" "$(size "$TMP/many.cpuprofile")" 0 "$TMP/many.cpuprofile" -o "$TMP/many.png"
many 10000000 unsorted >"$TMP/many.cpuprofile"
rss "10 M samples out of order, info" "$(size "$TMP/many.cpuprofile")" 0 info "$TMP/many.cpuprofile"
contains "$TMP/out" "samples       10000000"
rm -f "$TMP/many.cpuprofile"

# --- ids near the int64 limits, ids that are not integers ---------------------------
profile "$(node_json -9223372036854775808 "(root)" 9223372036854775807),$(node_json 9223372036854775807 a 0),$(node_json 0 b)" \
	"9223372036854775807,0,-9223372036854775808" "0,1000,1000" >"$TMP/ids.cpuprofile"
run 0 -f json -o "$TMP/ids.json" "$TMP/ids.cpuprofile"
[ "$(jq -c '[.profiles[0].frames[].name]' "$TMP/ids.json")" = '["a","b"]' ] ||
	fail "int64-limit ids: bars $(jq -c '[.profiles[0].frames[].name]' "$TMP/ids.json")"
for id in 1.5 9223372036854775808 -9223372036854775809 1e300 '"2"' true; do
	profile "$(node_json 1 "(root)" 2),$(node_json "$id" a)" "1" "0" >"$TMP/id.cpuprofile"
	run 2 info "$TMP/id.cpuprofile"
	contains "$TMP/err" "$TMP/id.cpuprofile: nodes[1].id (line 1, column"
done
contains "$TMP/err" "expected an integer, found a boolean"

# --- NaN-like and huge numbers, times past 2^53 ----------------------------------------
for v in NaN Infinity -Infinity nan; do
	profile "$ROOT1,$A2" "2" "0" ",\"endTime\":$v" >"$TMP/nan.cpuprofile"
	run 2 info "$TMP/nan.cpuprofile"
	contains "$TMP/err" "(line 1, column"
	contains "$TMP/err" "not valid JSON"
done
profile "$ROOT1,$A2" "2,2" "0,1e999" >"$TMP/inf.cpuprofile"
run 2 info "$TMP/inf.cpuprofile"
contains "$TMP/err" "timeDeltas[1] (line 1, column"
contains "$TMP/err" "time inf out of range"
profile "$ROOT1,$A2" "2" "0" ',"endTime":1e300' >"$TMP/big.cpuprofile"
run 2 info "$TMP/big.cpuprofile"
contains "$TMP/err" "endTime"
contains "$TMP/err" "out of range"
profile "$ROOT1,$A2" "2,2,2,2" "0,4503599627370496,4503599627370496,4503599627370496" \
	>"$TMP/2p53.cpuprofile"
run 2 info "$TMP/2p53.cpuprofile"
contains "$TMP/err" "timeDeltas[3] (line 1, column"
contains "$TMP/err" "sample time exceeds 2^53 µs; the profile's clock is corrupt"
profile "$ROOT1,$A2" "2,2,2" "0,9223372036854775807,9223372036854775807" >"$TMP/ovf.cpuprofile"
run 2 info "$TMP/ovf.cpuprofile"
contains "$TMP/err" "timeDeltas[1] (line 1, column"
profile "$ROOT1,$A2" "2,2" "0,-0" >"$TMP/negzero.cpuprofile"
run 0 info "$TMP/negzero.cpuprofile"

# --- invalid UTF-8, NUL and control characters in names and URLs ------------------------
# Escaped controls are valid JSON; raw bytes 0xff 0xfe and a lone continuation
# byte are not UTF-8. All become U+FFFD in the model, so pango, jansson and
# the terminal never see them.
printf '{"nodes":[{"id":1,"callFrame":{"functionName":"(root)","scriptId":"0","url":""},"children":[2,3]},{"id":2,"callFrame":{"functionName":"nul\\u0000esc\\u001b[31mbel\\u0007","scriptId":"1","url":"file:///\\u0000\\u001b.js"}},{"id":3,"callFrame":{"functionName":"bad\377\376utf8\200","scriptId":"1","url":"http://x/\377.js"}}],"startTime":0,"endTime":3000,"samples":[2,3,2],"timeDeltas":[0,1000,1000]}' \
	>"$TMP/names.cpuprofile"
for fmt in png svg pdf json; do
	run 0 -f "$fmt" -o "$TMP/names.$fmt" "$TMP/names.cpuprofile"
	[ -s "$TMP/err" ] && fail "names -f $fmt wrote to stderr: $(head -c 200 "$TMP/err")"
done
jq -r '.profiles[0].frames[] | .name, .url' "$TMP/names.json" >"$TMP/names.txt" ||
	fail "names: the layout JSON does not parse"
tr -d '\n' <"$TMP/names.txt" | LC_ALL=C grep -q '[[:cntrl:]]' && fail "names: control characters in the layout JSON"
grep -qF "nul�esc�[31mbel�" "$TMP/names.txt" || fail "names: NUL and ESC not replaced: $(head -1 "$TMP/names.txt")"
grep -q "bad��utf8�" "$TMP/names.txt" || fail "names: invalid UTF-8 not replaced by U+FFFD"
run 0 info "$TMP/names.cpuprofile"
tr -d '\n' <"$TMP/out" | LC_ALL=C grep -q '[[:cntrl:]]' && fail "names: control characters in info"
# an ESC sequence quoted in an error message reaches the terminal as U+FFFD
printf '\033[2J\033[31mred main\n' >"$TMP/esc.txt"
run 2 info "$TMP/esc.txt"
LC_ALL=C grep -q "$(printf '\033')" "$TMP/err" && fail "an ESC from the input reached stderr"
contains "$TMP/err" "is not \`stack count\`"

# --- a 1 MB function name ----------------------------------------------------------------
awk 'BEGIN { ORS = ""; s = "é"; for (i = 0; i < 19; i++) s = s s # 2^19 x "é" = 1 MiB
	print "{\"nodes\":[{\"id\":1,\"callFrame\":{\"functionName\":\"(root)\"},\"children\":[2]},"
	print "{\"id\":2,\"callFrame\":{\"functionName\":\"" s "\",\"url\":\"file:///" s ".js\"}}],"
	print "\"startTime\":0,\"endTime\":2000,\"samples\":[2,2],\"timeDeltas\":[0,1000]}" }' >"$TMP/longname.cpuprofile"
rss "1 MB function name and URL, PNG" "$(size "$TMP/longname.cpuprofile")" 0 \
	"$TMP/longname.cpuprofile" -o "$TMP/longname.png"
[ -s "$TMP/err" ] && fail "1 MB name wrote to stderr"
run 0 -f json -o "$TMP/longname.json" "$TMP/longname.cpuprofile"
[ "$(jq -r '.profiles[0].frames[0].name | length' "$TMP/longname.json")" = 524288 ] ||
	fail "1 MB name: not kept whole in the layout JSON"

# --- duplicate keys, a byte order mark --------------------------------------------------------
profile "$ROOT1,$A2" "2" "0" ',"samples":[2]' >"$TMP/dup.cpuprofile"
run 2 info "$TMP/dup.cpuprofile"
contains "$TMP/err" "duplicate key \"samples\": which value is meant is ambiguous"
printf '{"nodes":[{"id":1,"callFrame":{"functionName":"(root)","url":"a","url":"b"}}],"samples":[],"timeDeltas":[]}' >"$TMP/dup2.cpuprofile"
run 2 info "$TMP/dup2.cpuprofile"
contains "$TMP/err" "nodes[0].callFrame.url (line 1, column"
contains "$TMP/err" "duplicate key \"url\""
for f in "$P" "$DATA/corpus/seed-examples/minimal-trace-event-instant-event-simple-profile-chunks.json" \
	"$DATA/inputs/self-profiling/spec-example.json" "$DATA/inputs/folded/basic.folded"; do
	ext=${f##*.}
	printf '\357\273\277' | cat - "$f" >"$TMP/bom.$ext"
	cp "$f" "$TMP/nobom.$ext"
	run 0 info "$TMP/nobom.$ext"
	sed 1d "$TMP/out" >"$TMP/nobom.info"
	run 0 info "$TMP/bom.$ext"
	sed 1d "$TMP/out" | diff "$TMP/nobom.info" - >/dev/null || fail "a BOM changes what is read from $f"
done

# --- empty, whitespace only, truncated -----------------------------------------------------------
: >"$TMP/empty.json"
run 2 info "$TMP/empty.json"
contains "$TMP/err" "$TMP/empty.json: the file is empty"
run 2 info - <"$TMP/empty.json"
contains "$TMP/err" "<stdin>: the file is empty"
printf ' \n\t\r\n  ' >"$TMP/blank.json"
run 2 info "$TMP/blank.json"
contains "$TMP/err" "$TMP/blank.json: the file contains only whitespace"
for fmt in cpuprofile self-profiling; do
	run 2 info --input-format "$fmt" "$TMP/blank.json"
	contains "$TMP/err" "the file contains only whitespace"
done
# cut at every 10%: a clear error (exit 2, the file and a position), or for
# the forms that are repaired (an unterminated trace array, a last folded
# line) a warning; never a crash
gzip -c "$DATA/corpus/real/ng-build/CPU.20250519.000217.90620.3.004.cpuprofile" >"$TMP/whole.gz"
for f in "$DATA/corpus/real/ng-build/CPU.20250519.000215.90620.0.001.cpuprofile" \
	"$DATA/corpus/chrome-versions/Chrome-70-worker.json" \
	"$DATA/inputs/self-profiling/chromium-156.json" \
	"$DATA/inputs/folded/node-perf.folded" "$TMP/whole.gz"; do
	n=$(size "$f")
	for k in 1 2 3 4 5 6 7 8 9; do
		head -c $((n * k / 10)) "$f" >"$TMP/cut"
		"$FLAMECHART" info "$TMP/cut" >"$TMP/out" 2>"$TMP/err"
		rc=$?
		case "$f:$rc" in
		*.cpuprofile:2 | *chromium-156.json:2) grep -q "$TMP/cut: .*line [0-9]*, column [0-9]*" "$TMP/err" ||
			fail "$f cut at ${k}0%: no position in: $(head -c 200 "$TMP/err")" ;;
		*.gz:2) contains "$TMP/err" "truncated gzip data" ;;
		*.json:0 | *.json:2 | *.folded:0 | *.folded:2) ;;
		*) fail "$f cut at ${k}0%: exit $rc"; head -3 "$TMP/err" ;;
		esac
	done
done

# --- not a file: a directory, a FIFO, an unreadable file --------------------------------------------
run 2 info "$TMP"
contains "$TMP/err" "$TMP: is a directory, not a profile"
mkfifo "$TMP/fifo"
cat "$P" >"$TMP/fifo" &
run 0 info "$TMP/fifo"
contains "$TMP/out" "samples"
wait
gzip -c "$P" >"$TMP/p.gz"
cat "$TMP/p.gz" >"$TMP/fifo" &
run 0 info "$TMP/fifo"
wait
: >"$TMP/fifo" &
run 2 info "$TMP/fifo"
contains "$TMP/err" "the file is empty"
wait
if [ "$(id -u)" != 0 ]; then
	cp "$P" "$TMP/unreadable.cpuprofile"
	chmod 000 "$TMP/unreadable.cpuprofile"
	run 2 info "$TMP/unreadable.cpuprofile"
	contains "$TMP/err" "$TMP/unreadable.cpuprofile: cannot open: Permission denied"
else
	echo "note: running as root, the unreadable-file case is left to non-root runs"
fi

# --- sizes: 20 GB refused before any byte is read; decompressed bytes count -----------------------------
truncate -s 20G "$TMP/huge.cpuprofile"
run 2 info "$TMP/huge.cpuprofile"
contains "$TMP/err" "$TMP/huge.cpuprofile: input is larger than 2.0 GiB (the --max-input-size limit)"
# (not under the sanitizers: LeakSanitizer cannot run under ptrace)
[ -z "${FC_SANITIZED:-}" ] && ! command -v strace >/dev/null 2>&1 &&
	missing_tool strace "no read before the size check"
if [ -z "${FC_SANITIZED:-}" ] && command -v strace >/dev/null 2>&1 &&
	strace -o "$TMP/strace" -e trace=openat,read "$FLAMECHART" info "$TMP/huge.cpuprofile" 2>/dev/null; then
	fail "20 GB: exit 0 under strace"
elif [ -s "$TMP/strace" ]; then
	# after the openat of the file, no read of its descriptor
	awk '/huge.cpuprofile/ && /^openat/ { fd = $NF; next }
		fd != "" && index($0, "read(" fd ",") == 1 { bad = 1 }
		END { exit !(fd != "" && !bad) }' "$TMP/strace" ||
		fail "20 GB: the file was read before it was refused (or never opened)"
fi
rm -f "$TMP/huge.cpuprofile"
# (a JSON object with one long string: detection reads on until the bound)
{ printf '{"nodes":"'; head -c 3000000 /dev/zero | tr '\0' x; printf '"}'; } | gzip -c >"$TMP/long.gz"
run 2 info --max-input-size 1000000 "$TMP/long.gz"
contains "$TMP/err" "input is larger than 1000000 bytes after decompression (the --max-input-size limit)"

# --- inputs the fuzz targets found (tests/data/regress/expect.txt) ------------------------------------
# Each line: FILE EXIT TEXT -- info on the file (render with it as the
# --theme, for theme/) exits EXIT and, for an error,
# stderr has TEXT. (The fuzz-replay-* tests also run them through the fuzz
# targets' invariant checks.)
while IFS='	' read -r f want text; do
	case $f in '#'* | '') continue ;; esac
	case $f in
	cpuprofile/*) fmt=cpuprofile ;; trace/*) fmt=trace ;; folded/*) fmt=folded ;;
	self_profiling/*) fmt=self-profiling ;; *) fmt=auto ;;
	esac
	case $f in
	theme/*) run "$want" "$DATA/corpus/seed-examples/minimal-cpu-profile.cpuprofile" \
		--theme "$DATA/regress/$f" -o "$TMP/theme.svg" ;;
	*) run "$want" info --input-format "$fmt" "$DATA/regress/$f" ;;
	esac
	if [ "$want" = 0 ]; then
		cat "$TMP/err" >>"$TMP/out"
		contains "$TMP/out" "$text"
	else
		contains "$TMP/err" "$text"
	fi
	LC_ALL=C grep -q "$(printf '\033')" "$TMP/err" && fail "$f: an ESC reached stderr"
done <"$DATA/regress/expect.txt"

finish

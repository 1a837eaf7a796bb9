#!/bin/sh
# Work grows linearly with the input (docs/robustness.md, "Resource bounds"):
# the instructions flamechart executes, counted by valgrind's cachegrind
# (deterministic, unlike time), for an input of N things and one of 4 N
# must differ by less than 5x -- a quadratic step makes it about 12x at
# these sizes -- and so must the peak of the heap (massif). Skipped without
# valgrind and under the sanitizers.
. "$(dirname "$0")/lib.sh"
if ! command -v valgrind >/dev/null 2>&1; then
	echo "SKIP: valgrind is not installed"
	exit 77
fi
if [ -n "${FC_SANITIZED:-}" ]; then
	echo "SKIP: valgrind does not run sanitized binaries"
	exit 77
fi

# work FILE ARGS...: instructions executed by flamechart ARGS
work() {
	out=$1
	shift
	valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
		"$FLAMECHART" "$@" >/dev/null 2>"$TMP/vg"
	sed -n 's/.*I *refs: *//p' "$TMP/vg" | tr -d ', ' >"$out"
	[ -s "$out" ] || { fail "no count for $*"; echo 1 >"$out"; }
}
# linear LABEL SMALL LARGE: LARGE's count under 5 x SMALL's
linear() {
	a=$(cat "$2") b=$(cat "$3")
	echo "$1: $a -> $b instructions ($(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.2f", b / a }')x for 4x the input)"
	[ "$b" -lt $((a * 5)) ] || fail "$1: $a -> $b instructions for 4x the input: not linear"
}

# N Profile events, each of its own thread, and one sampled thread
profiles() {
	awk -v n="$1" 'BEGIN { ORS = ""; print "{\"traceEvents\":["
		for (i = 0; i < n; i++) print "{\"name\":\"Profile\",\"ph\":\"P\",\"pid\":1,\"tid\":" i + 2 ",\"id\":\"0x" i "\"},"
		print "{\"name\":\"Profile\",\"ph\":\"P\",\"pid\":1,\"tid\":1,\"ts\":0,\"id\":\"0xa\",\"args\":{\"data\":{\"startTime\":0}}},"
		print "{\"name\":\"ProfileChunk\",\"ph\":\"P\",\"pid\":1,\"tid\":1,\"ts\":5,\"id\":\"0xa\",\"args\":{\"data\":{\"cpuProfile\":{\"nodes\":[{\"id\":1,\"callFrame\":{\"functionName\":\"(root)\",\"url\":\"\",\"scriptId\":0}},{\"id\":2,\"parent\":1,\"callFrame\":{\"functionName\":\"f\",\"url\":\"\",\"scriptId\":0}}],\"samples\":[2]},\"timeDeltas\":[1]}}}"
		print "]}\n" }'
}
profiles 5000 >"$TMP/p1.json"
profiles 20000 >"$TMP/p4.json"
work "$TMP/w1" info "$TMP/p1.json"
work "$TMP/w4" info "$TMP/p4.json"
linear "trace, Profile events of 5000 and 20000 threads" "$TMP/w1" "$TMP/w4"

# N sampled threads, each with its own Profile id and one chunk
threads() {
	awk -v n="$1" 'BEGIN { ORS = ""; print "{\"traceEvents\":["
		for (i = 0; i < n; i++) {
			if (i) print ","
			print "{\"name\":\"Profile\",\"ph\":\"P\",\"pid\":1,\"tid\":" i + 1 ",\"ts\":" i * 10 ",\"id\":\"0x" i "\",\"args\":{\"data\":{\"startTime\":0}}},"
			print "{\"name\":\"ProfileChunk\",\"ph\":\"P\",\"pid\":1,\"tid\":" i + 1 ",\"ts\":" i * 10 + 5 ",\"id\":\"0x" i "\",\"args\":{\"data\":{\"cpuProfile\":{\"nodes\":[{\"id\":1,\"callFrame\":{\"functionName\":\"(root)\",\"url\":\"\",\"scriptId\":0}},{\"id\":2,\"parent\":1,\"callFrame\":{\"functionName\":\"f\",\"url\":\"\",\"scriptId\":0}}],\"samples\":[2]},\"timeDeltas\":[1]}}}"
		}
		print "]}\n" }'
}
threads 1500 >"$TMP/t1.json"
threads 6000 >"$TMP/t4.json"
work "$TMP/w1" info "$TMP/t1.json"
work "$TMP/w4" info "$TMP/t4.json"
linear "trace, 1500 and 6000 sampled threads" "$TMP/w1" "$TMP/w4"

# -f md of 400 and 1600 threads: sections cut to fit GitHub's 65 536
# characters without rebuilding the note of what was left out for each
# cut, and recordings put on their own clocks without testing every pair
threads 400 >"$TMP/m1.json"
threads 1600 >"$TMP/m4.json"
work "$TMP/w1" "$TMP/m1.json" -f md -o "$TMP/m1.md"
work "$TMP/w4" "$TMP/m4.json" -f md -o "$TMP/m4.md"
linear "-f md, 400 and 1600 threads" "$TMP/w1" "$TMP/w4"
[ "$(wc -c <"$TMP/m4.md")" -le 65536 ] || fail "-f md of 1600 threads: over 65536 bytes"
tail -n 1 "$TMP/m4.md" | grep -q '^\*Cut at a line break to stay under 65,536 characters\.\*$' ||
	fail "-f md of 1600 threads: no note at the end: $(tail -n 1 "$TMP/m4.md")"

# folded stacks: N distinct frames
awk 'BEGIN { for (i = 0; i < 50000; i++) print "f" i " 1" }' >"$TMP/f1.folded"
awk 'BEGIN { for (i = 0; i < 200000; i++) print "f" i " 1" }' >"$TMP/f4.folded"
work "$TMP/w1" info "$TMP/f1.folded"
work "$TMP/w4" info "$TMP/f4.folded"
linear "folded, 50000 and 200000 distinct frames" "$TMP/w1" "$TMP/w4"

# a .cpuprofile of N distinct functions, each a child of the root with a
# sample of its own
frames() {
	awk -v n="$1" 'BEGIN { ORS = ""
		print "{\"nodes\":[{\"id\":1,\"callFrame\":{\"functionName\":\"(root)\",\"url\":\"\",\"scriptId\":\"0\",\"lineNumber\":-1,\"columnNumber\":-1}}"
		for (i = 0; i < n; i++) print ",{\"id\":" i + 2 ",\"parent\":1,\"callFrame\":{\"functionName\":\"f" i "\",\"url\":\"file:///src/m" i % 97 ".js\",\"scriptId\":\"" i % 97 + 1 "\",\"lineNumber\":" i ",\"columnNumber\":1}}"
		print "],\"startTime\":0,\"endTime\":" n * 100 ",\"samples\":["
		for (i = 0; i < n; i++) print (i ? "," : "") i + 2
		print "],\"timeDeltas\":["
		for (i = 0; i < n; i++) print (i ? "," : "") 100
		print "]}\n" }'
}
frames 10000 >"$TMP/c1.cpuprofile"
frames 40000 >"$TMP/c4.cpuprofile"
work "$TMP/w1" info "$TMP/c1.cpuprofile"
work "$TMP/w4" info "$TMP/c4.cpuprofile"
linear ".cpuprofile, 10000 and 40000 distinct functions" "$TMP/w1" "$TMP/w4"

# memory, not only work: the peak of the heap (valgrind's massif, also
# deterministic) for N and 4 N things must differ by less than 5x too
heap() {
	out=$1
	shift
	valgrind --tool=massif --massif-out-file="$TMP/massif" "$FLAMECHART" "$@" \
		>/dev/null 2>"$TMP/vg"
	awk -F= '/^mem_heap_B=/ { if ($2 + 0 > m) m = $2 + 0 } END { print m + 0 }' \
		"$TMP/massif" >"$out"
	[ "$(cat "$out")" -gt 0 ] || { fail "no heap peak for $*"; echo 1 >"$out"; }
}
heap_linear() {
	a=$(cat "$2") b=$(cat "$3")
	echo "$1: peak heap $a -> $b bytes ($(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.2f", b / a }')x for 4x the input)"
	[ "$b" -lt $((a * 5)) ] || fail "$1: peak heap $a -> $b bytes for 4x the input: not linear"
}
heap "$TMP/w1" info "$TMP/p1.json"
heap "$TMP/w4" info "$TMP/p4.json"
heap_linear "trace, Profile events of 5000 and 20000 threads" "$TMP/w1" "$TMP/w4"
heap "$TMP/w1" info "$TMP/t1.json"
heap "$TMP/w4" info "$TMP/t4.json"
heap_linear "trace, 1500 and 6000 sampled threads" "$TMP/w1" "$TMP/w4"
heap "$TMP/w1" info "$TMP/c1.cpuprofile"
heap "$TMP/w4" info "$TMP/c4.cpuprofile"
heap_linear ".cpuprofile, 10000 and 40000 distinct functions" "$TMP/w1" "$TMP/w4"

# report: N empty files whose names all make the slug "a___" ("a!@#" ...)
names() {
	mkdir -p "$2"
	awk -v n="$1" -v d="$2" 'BEGIN { s = "!@#%^&()+,=~{}[]"
		for (i = 0; i < n; i++)
			printf "%s/a%s%s%s\n", d, substr(s, i % 16 + 1, 1),
				substr(s, int(i / 16) % 16 + 1, 1), substr(s, int(i / 256) % 16 + 1, 1) }' |
		xargs -d '\n' touch
}
names 500 "$TMP/s1"
names 2000 "$TMP/s4"
work "$TMP/w1" report "$TMP/s1" -o "$TMP/s1out" -q
work "$TMP/w4" report "$TMP/s4" -o "$TMP/s4out" -q
linear "report, 500 and 2000 names with one slug" "$TMP/w1" "$TMP/w4"

# diff, N folded runs a side of 10 functions each, none shared between
# runs: every function of every run once kept a value for every run, so
# work and memory grew with runs x functions (docs/robustness.md)
runs() {
	for side in base head; do
		mkdir -p "$2/$side"
		awk -v n="$1" -v d="$2/$side" -v s="$side" 'BEGIN {
			for (r = 0; r < n; r++) {
				f = sprintf("%s/run%04d.folded", d, r)
				for (i = 0; i < 10; i++)
					printf "main;%s%d_%d %d\n", s, r, i, 1 + (r + i) % 7 > f
				close(f)
			} }'
	done
}
runs 60 "$TMP/r1"
runs 240 "$TMP/r4"
work "$TMP/w1" diff "$TMP/r1/base" "$TMP/r1/head" -f json -o /dev/null
work "$TMP/w4" diff "$TMP/r4/base" "$TMP/r4/head" -f json -o /dev/null
linear "diff, 60 and 240 runs a side of 10 functions" "$TMP/w1" "$TMP/w4"
heap "$TMP/w1" diff "$TMP/r1/base" "$TMP/r1/head" -f json -o /dev/null
heap "$TMP/w4" diff "$TMP/r4/base" "$TMP/r4/head" -f json -o /dev/null
heap_linear "diff, 60 and 240 runs a side of 10 functions" "$TMP/w1" "$TMP/w4"
# and its picture, which draws every path that weighs in its graph
work "$TMP/w1" diff "$TMP/r1/base" "$TMP/r1/head" -o "$TMP/r1.svg"
work "$TMP/w4" diff "$TMP/r4/base" "$TMP/r4/head" -o "$TMP/r4.svg"
linear "diff picture, 60 and 240 runs a side of 10 functions" "$TMP/w1" "$TMP/w4"
heap "$TMP/w1" diff "$TMP/r1/base" "$TMP/r1/head" -o "$TMP/r1.svg"
heap "$TMP/w4" diff "$TMP/r4/base" "$TMP/r4/head" -o "$TMP/r4.svg"
heap_linear "diff picture, 60 and 240 runs a side of 10 functions" "$TMP/w1" "$TMP/w4"

# diff of a JS Self-Profiling trace of N anonymous functions, all in one
# script whose URL is 200 KB (the trace names it once): each anonymous
# frame once kept a copy of the URL. N and 4 N functions make traces of
# nearly the same size, so the heap must stay nearly the same too (under
# 2 x), not grow with N x the URL. (Not the work: the model hashes a
# frame's URL each time it interns the frame, on import as in any render.)
anon() {
	awk -v n="$1" 'BEGIN { ORS = ""; print "{\"frames\":["
		for (i = 0; i < n; i++)
			print (i ? "," : "") "{\"column\":1,\"line\":" i + 1 ",\"name\":\"\",\"resourceId\":0}"
		u = "https://example.com/"
		while (length(u) < 200000)
			u = u "abcdefghij"
		print "],\"resources\":[\"" u ".js\"],\"samples\":["
		for (i = 0; i < n; i++) print (i ? "," : "") "{\"stackId\":" i ",\"timestamp\":" i * 10 "}"
		print "],\"stacks\":["
		for (i = 0; i < n; i++) print (i ? "," : "") "{\"frameId\":" i "}"
		print "]}\n" }'
}
anon 100 >"$TMP/a1.json"
anon 400 >"$TMP/a4.json"
# flat FILE SMALL LARGE: LARGE's count under 2 x SMALL's
flat() {
	a=$(cat "$2") b=$(cat "$3")
	echo "$1 $a -> $b bytes ($(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.2f", b / a }')x for about the same input)"
	[ "$b" -lt $((a * 2)) ] || fail "$1 $a -> $b bytes for about the same input: grows with the functions x the URL"
}
heap "$TMP/w1" diff "$TMP/a1.json" "$TMP/a1.json" -f md -o /dev/null
heap "$TMP/w4" diff "$TMP/a4.json" "$TMP/a4.json" -f md -o /dev/null
flat "diff, 100 and 400 anonymous functions in one 200 KB URL: peak heap" "$TMP/w1" "$TMP/w4"

# --- source maps (docs/sourcemaps.md)
# urlprofile N URL: a .cpuprofile of N frames under the root, frame i at
# line i, column 1 of URL, in which %d stands for i
urlprofile() {
	awk -v n="$1" -v u="$2" 'BEGIN { ORS = ""
		print "{\"nodes\":[{\"id\":1,\"callFrame\":{\"functionName\":\"(root)\",\"url\":\"\",\"scriptId\":\"0\",\"lineNumber\":-1,\"columnNumber\":-1}}"
		for (i = 0; i < n; i++) { url = u; gsub(/%d/, i, url)
			print ",{\"id\":" i + 2 ",\"parent\":1,\"callFrame\":{\"functionName\":\"x\",\"url\":\"" url "\",\"scriptId\":\"1\",\"lineNumber\":" i ",\"columnNumber\":1}}" }
		print "],\"startTime\":0,\"endTime\":" n * 100 ",\"samples\":["
		for (i = 0; i < n; i++) print (i ? "," : "") i + 2
		print "],\"timeDeltas\":["
		for (i = 0; i < n; i++) print (i ? "," : "") 100
		print "]}\n" }'
}
# contentmap DIR N: DIR/b.js, whose comment names b.js.map, which maps
# generated line i to line 16 i of a sourcesContent of 16 N lines; and
# DIR/p.cpuprofile, N frames, one per generated line. The name of each
# frame is read from the content: its lines are indexed once, not
# scanned from the start for every frame
contentmap() {
	mkdir -p "$1"
	awk -v n="$2" 'BEGIN { for (i = 0; i < n; i++) print "x()"; print "//# sourceMappingURL=b.js.map" }' >"$1/b.js"
	awk -v n="$2" 'BEGIN { ORS = ""
		print "{\"version\":3,\"sources\":[\"src/a.js\"],\"names\":[],\"sourcesContent\":[\""
		for (i = 0; i < 16 * n; i++) print "function f" i "() { return " i "; }\\n"
		print "\"],\"mappings\":\"AAAA"
		for (i = 1; i < n; i++) print ";AAgBA" # line + 16 (VLQ gB)
		print "\"}\n" }' >"$1/b.js.map"
	urlprofile "$2" "file://$1/b.js" >"$1/p.cpuprofile"
}
contentmap "$TMP/cm1" 500
contentmap "$TMP/cm4" 2000
"$FLAMECHART" info --sourcemaps "$TMP/cm1/p.cpuprofile" >"$TMP/out" 2>&1
grep -q ' f1008  file://.*/src/a.js:1009$' "$TMP/out" || fail "sourcesContent names not read: $(head -c 300 "$TMP/out")"
work "$TMP/w1" info --sourcemaps "$TMP/cm1/p.cpuprofile"
work "$TMP/w4" info --sourcemaps "$TMP/cm4/p.cpuprofile"
linear "source maps, 500 and 2000 frames named from sourcesContent of 16 lines each" "$TMP/w1" "$TMP/w4"

# N URLs naming one script with N different query strings (a system library
# of N * 5 KiB): the script is read once, not once per URL
queries() {
	mkdir -p "$1"
	awk -v k="$2" 'BEGIN { for (i = 0; i < k * 128; i++) printf "s%08d = s.s + s.s + s.s + s.s + s.s + s.s + s.s;\n", i }' >"$1/big.js"
	urlprofile "$2" "file://$1/big.js?v=%d" >"$1/q.cpuprofile"
}
queries "$TMP/q1" 25
queries "$TMP/q4" 100
work "$TMP/w1" info --sourcemaps "$TMP/q1/q.cpuprofile"
work "$TMP/w4" info --sourcemaps "$TMP/q4/q.cpuprofile"
linear "source maps, 25 and 100 query strings on one script of 128 and 512 KiB" "$TMP/w1" "$TMP/w4"

# N distinct script URLs (none on disk): found by hash, not a linear search
urlprofile 2000 "file:///nonexistent/build/assets/chunk-%d.js" >"$TMP/u1.cpuprofile"
urlprofile 8000 "file:///nonexistent/build/assets/chunk-%d.js" >"$TMP/u4.cpuprofile"
work "$TMP/w1" info --sourcemaps "$TMP/u1.cpuprofile"
work "$TMP/w4" info --sourcemaps "$TMP/u4.cpuprofile"
linear "source maps, 2000 and 8000 distinct script URLs" "$TMP/w1" "$TMP/w4"

# an index map of K sections, named through a URL of 20 K bytes (found by
# name in --sourcemap-dir): the URL is kept once, not once per section
sections() {
	mkdir -p "$1/maps"
	awk -v k="$2" 'BEGIN { printf "x()\n//# sourceMappingURL=https://cdn.example.com/"
		for (i = 0; i < k * 20; i++) printf "q"
		print "/b.js.map" }' >"$1/b.js"
	awk -v k="$2" 'BEGIN { ORS = ""; print "{\"version\":3,\"sections\":["
		for (i = 0; i < k; i++) print (i ? "," : "") "{\"offset\":{\"line\":" i ",\"column\":0},\"map\":{\"version\":3,\"sources\":[\"a.js\"],\"names\":[],\"mappings\":\"AAAA\"}}"
		print "]}\n" }' >"$1/maps/b.js.map"
	urlprofile 1 "file://$1/b.js" >"$1/s.cpuprofile"
}
sections "$TMP/sm1" 500
sections "$TMP/sm4" 2000
heap "$TMP/w1" info --sourcemap-dir "$TMP/sm1/maps" "$TMP/sm1/s.cpuprofile"
heap "$TMP/w4" info --sourcemap-dir "$TMP/sm4/maps" "$TMP/sm4/s.cpuprofile"
heap_linear "source maps, 500 and 2000 sections and a URL of 10 and 40 KB" "$TMP/w1" "$TMP/w4"

finish

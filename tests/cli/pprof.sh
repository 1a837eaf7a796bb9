#!/bin/sh
# pprof in and out (input-rules §E5, §I; docs/inputs.md "pprof"): detection by
# content, gzipped or not; sample types; inlined lines; units; errors that
# name the message; Go frames' tiers; the graph, -f md and diff of Go CPU
# profiles; -m chart refused; -f pprof and the round trip flamechart ->
# pprof -> flamechart, which gives the same folded stacks by time and by
# samples. The small profiles are encoded independently by pprof_make.py;
# the Go ones were recorded by tests/data/pprof/make.sh.
. "$(dirname "$0")/lib.sh"
P=$DATA/pprof

# detection by content: gzipped, plain, and under any name
run 0 info "$P/go-cpu.pb.gz"
contains "$TMP/out" "format        pprof"
gzip -dc "$P/go-cpu.pb.gz" >"$TMP/cpu.data"
run 0 info "$TMP/cpu.data"
contains "$TMP/out" "format        pprof"
contains "$TMP/out" "total weight  730.000 ms"

# Go frames by their file (input-rules §E5): the runtime and the standard
# library core, the vendored module deps with its import path, main app
run 0 info --json --top 40 "$P/go-cpu.pb.gz"
for want in 'runtime.asyncPreempt core' 'sort.partition_func core' 'main.primes (inline) app' \
	'example.com/checksum.Adler (inline) deps example.com/checksum'; do
	jq -r '.profiles[0].top[] | [.name, .tier, .package] | join(" ") | rtrimstr(" ")' \
		"$TMP/out" | grep -qxF "$want" || fail "info --json lacks '$want'"
done

# hand-encoded profiles (pprof_make.py): inlined lines, units, defaults
python3 "$ROOT/tests/cli/pprof_make.py" "$TMP" || fail "pprof_make.py"
run 0 -f folded --weight time "$TMP/inline.pb" -o "$TMP/inline.folded"
printf '%s\n' 'main /src/app/main.go:3 5000' \
	'main /src/app/main.go:3;work /src/app/main.go:10;helper (inline) /src/app/main.go:20;leaf (inline) /src/app/main.go:30 7000' \
	>"$TMP/want"
cmp -s "$TMP/want" "$TMP/inline.folded" || fail "inline.pb: the default sample type (wall, ms) as µs, inlined frames marked"
run 0 -f folded --weight time --sample-type samples "$TMP/inline.pb" -o "$TMP/samples.folded"
awk '{ s += $NF } END { exit s != 3 }' "$TMP/samples.folded" || fail "--sample-type samples: 3 samples"
# no default_sample_type: the last (space/bytes); time in µs by --sample-type
run 0 info --json "$TMP/units.pb"
[ "$(jq '.profiles[0].allocated_bytes' "$TMP/out")" = 4097 ] || fail "units.pb: 4097 bytes by default"
run 0 info --json --sample-type time "$TMP/units.pb"
[ "$(jq '.profiles[0].sampled_ms' "$TMP/out")" = 4 ] || fail "units.pb: 1500 + 2500 µs"
run 1 info --sample-type cpu "$TMP/units.pb"
contains "$TMP/err" "units.pb: no sample type cpu in this profile (it has: time, space)"

# damage is named where it is; a negative value is a repair
run 2 info "$TMP/bad-string.pb"
contains "$TMP/err" "bad-string.pb: function[0]: the name is string 99, beyond the string table"
run 2 info "$TMP/bad-loc.pb"
contains "$TMP/err" "bad-loc.pb: sample[0].location_id[1]: location 7 is not in the location table"
run 0 info "$TMP/negative.pb"
contains "$TMP/err" "sample[0].value: a negative value (-3) was skipped"
run 2 --strict info "$TMP/negative.pb"
run 0 -f folded "$TMP/no-stack.pb" -o "$TMP/no-stack.folded"
contains "$TMP/err" "sample[0].location_id: a sample without locations was skipped"
contains "$TMP/no-stack.folded" "main /src/app/main.go:3 2"
# the decoding's memory bound: refused, not allocated
run 2 info "$TMP/empties.pb"
contains "$TMP/err" "empties.pb: decoding this pprof profile would take more than 16 x its"
# JSON read as pprof (--input-format) does not decode
run 2 info --input-format pprof "$DATA/corpus/minimal/pyramide.20250519.110180.10003.0.001.cpuprofile"
contains "$TMP/err" "not a valid pprof profile (profile.proto): the protocol buffer does not decode"
head -c 300 "$P/go-cpu.pb.gz" >"$TMP/cut.pb.gz"
run 2 info "$TMP/cut.pb.gz"
contains "$TMP/err" "cut.pb.gz:"

# no time order: no chart, whatever the unit
run 1 "$P/go-cpu.pb.gz" -o "$TMP/c.svg"
contains "$TMP/err" "go-cpu.pb.gz: a pprof profile sums its samples by stack and keeps no time order"
run 1 -m chart "$P/go-heap.pb.gz" -o "$TMP/c.svg"
contains "$TMP/err" "keeps no time order"

# the graph, Markdown and diff of two runs
run 0 -m graph --preset github "$P/go-cpu.pb.gz" -o "$TMP/g.png"
[ -s "$TMP/g.png" ] || fail "no PNG"
run 0 -m graph "$P/go-heap.pb.gz" -o "$TMP/h.svg"
contains "$TMP/h.svg" "MB"
run 0 -f md -o - "$P/go-cpu.pb.gz"
contains "$TMP/out" "| 2 | \`main.primes (inline)\`"
contains "$TMP/out" "**730.0 ms** in all · 58 stacks"
run 0 diff -f md -o - "$P/go-cpu.pb.gz" "$P/go-cpu2.pb.gz"
contains "$TMP/out" "730.0 ms → 710.0 ms"

# -f pprof: the merged graph after the transforms; read back, the same
# folded stacks by time and by samples (the time order is what pprof drops)
for f in "$DATA/corpus/real/nx-run-lint/CPU.20250526.173254.19960.0.001.cpuprofile" \
	"$DATA/corpus/chrome-versions/Chrome-65-sucrase.cpuprofile" \
	"$DATA/corpus/minimal/Trace-20250622T203446.json" "$DATA/heap/double.heapprofile" \
	"$P/go-cpu.pb.gz" "$P/node-cpu.pb.gz" "$P/node-heap.pb.gz" "$TMP/inline.pb"; do
	name=$(basename "$f")
	run 0 -q -f pprof "$f" -o "$TMP/rt.pb.gz"
	gzip -t "$TMP/rt.pb.gz" || fail "$name: -f pprof is not gzip"
	run 0 -q -f folded --weight time "$f" -o "$TMP/a.folded"
	run 0 -f folded --weight time "$TMP/rt.pb.gz" -o "$TMP/b.folded"
	cmp -s "$TMP/a.folded" "$TMP/b.folded" || fail "$name: pprof round trip changed the stacks' time"
done
f="$DATA/corpus/real/nx-run-lint/CPU.20250526.173254.19960.0.001.cpuprofile"
run 0 -q -f pprof "$f" -o "$TMP/rt.pb.gz"
run 0 -q -f folded "$f" -o "$TMP/a.folded"
run 0 -f folded --sample-type samples --weight time "$TMP/rt.pb.gz" -o "$TMP/b.folded"
cmp -s "$TMP/a.folded" "$TMP/b.folded" || fail "pprof round trip changed the samples per stack"
# transforms apply before the writer
run 0 -q -f pprof --focus realpathSync --hide native "$f" -o "$TMP/focus.pb.gz"
run 0 -q -f folded --weight time --focus realpathSync --hide native "$f" -o "$TMP/a.folded"
run 0 -f folded --weight time "$TMP/focus.pb.gz" -o "$TMP/b.folded"
cmp -s "$TMP/a.folded" "$TMP/b.folded" || fail "--focus/--hide before -f pprof"
# inlined frames go back into their caller's location, also when --focus
# makes one the root (then it stands alone, under its marked name)
for foc in 'main.primes' 'typedmemmove'; do
	run 0 -q -f pprof --focus "$foc" "$P/go-cpu.pb.gz" -o "$TMP/focus.pb.gz"
	run 0 -q -f folded --weight time --focus "$foc" "$P/go-cpu.pb.gz" -o "$TMP/a.folded"
	run 0 -f folded --weight time "$TMP/focus.pb.gz" -o "$TMP/b.folded"
	cmp -s "$TMP/a.folded" "$TMP/b.folded" || fail "--focus $foc before -f pprof"
done
# the output's name says pprof; -f and the name must agree
run 0 -q "$f" -o "$TMP/named.pb.gz"
run 0 info "$TMP/named.pb.gz"
contains "$TMP/out" "format        pprof"
run 1 -f pprof "$f" -o "$TMP/x.svg"
contains "$TMP/err" "-f pprof but the output"
finish

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

# two runs into one folder at once: the second is refused. flock(1) holds
# the lock the way a running report holds it, for as long as the command it
# runs: deterministic, no waiting.
# run_locked [-s] LOCKNAME WANT ARGS... : flamechart under that lock
run_locked() {
	mode=-x
	if [ "$1" = -s ]; then mode=-s; shift; fi
	lk=$TMP/locked/.flamechart-report/$1
	want=$2
	shift 2
	flock $mode "$lk" "$FLAMECHART" "$@" >"$TMP/out" 2>"$TMP/err"
	got=$?
	if [ "$got" != "$want" ]; then
		fail "under flock $mode $lk: flamechart $*: exit $got, want $want"
		sed 's/^/    stderr: /' "$TMP/err" | head -5
	fi
}
if command -v flock >/dev/null 2>&1; then
	mkdir -p "$TMP/locked/.flamechart-report"
	run_locked lock 3 report "$IN3" -o "$TMP/locked"
	contains "$TMP/err" "another flamechart report is writing to this folder"
	run_locked lock 3 report --merge -o "$TMP/locked"
	run_locked lock 3 report "$IN3" -o "$TMP/locked" --shard 1/2
	# a run of shard 1 of 2 holds "lock" shared and its own shard lock:
	# another shard may run beside it, the same shard may not
	run_locked -s lock 0 report "$IN3" -o "$TMP/locked" --shard 2/2 -q
	run_locked shard-1-of-2.lock 0 report "$IN3" -o "$TMP/locked" --shard 2/2 -q
	run_locked shard-1-of-2.lock 3 report "$IN3" -o "$TMP/locked" --shard 1/2
	contains "$TMP/err" "another flamechart report is writing shard 1 of 2 to this folder"
	[ -e "$TMP/locked/.flamechart-report/shard-1-of-2.json" ] &&
		fail "a refused shard wrote its manifest"
	run 0 report "$IN3" -o "$TMP/locked" --shard 1/2 -q
	run 0 report --merge -o "$TMP/locked"
	contains "$TMP/err" "2 profiles, 0 failed"
else
	missing_tool flock "two report runs into one folder"
fi

# a full disk: exit 3 (an output error), not 2 -- as root, on a small tmpfs
if [ "$(id -u)" = 0 ] && mkdir -p "$TMP/small" &&
	mount -t tmpfs -o size=200k flamechart-test "$TMP/small" 2>/dev/null; then
	IN4=$TMP/in4
	mkdir -p "$IN4"
	for i in 1 2 3 4 5 6; do cp "$P" "$IN4/p$i.cpuprofile"; done
	run 3 report "$IN4" -o "$TMP/small/out" -q
	contains "$TMP/err" "No space left on device"
	umount "$TMP/small"
else
	echo "note: the full-disk case needs root and mount: skipped"
fi

finish

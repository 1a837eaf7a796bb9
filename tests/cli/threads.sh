#!/bin/sh
# The number of threads changes no output byte (docs/threads.md): every
# format, drawn from a plain file large enough to be read ahead (over 4 MiB)
# and from gzip files large enough to be inflated on a thread (over 256 KiB),
# with --threads 1 and --threads 2. And report gives each file one thread
# when it runs two at once.
. "$(dirname "$0")/lib.sh"

real=$DATA/corpus/real/ng-serve/CPU.20250519.000248.22170.1.002.cpuprofile
# 3.7 MB of profile and 1 MB of trailing blanks: read ahead by a thread
# when the page cache does not hold it
cp "$real" "$TMP/big.cpuprofile"
head -c 1048576 /dev/zero | tr '\0' ' ' >>"$TMP/big.cpuprofile"
gzip -1 -c "$real" >"$TMP/big.cpuprofile.gz"
cp "$DATA/traces/click-long-task.json.gz" "$TMP/trace.json.gz"
for f in big.cpuprofile big.cpuprofile.gz trace.json.gz; do
	[ "$(wc -c <"$TMP/$f")" -ge 262144 ] || fail "$f is too small to use a thread"
done
[ "$(wc -c <"$TMP/big.cpuprofile")" -ge 4194304 ] || fail "big.cpuprofile is under 4 MiB"

# same NAME ARGS...: the output (-o $TMP/NAME) and stdout of flamechart ARGS
# with one and with two threads are the same bytes
same() {
	name=$1
	shift
	for n in 1 2; do
		# out of the page cache, a plain file is read ahead (where the
		# cache can be dropped: not on tmpfs; test_import_detect checks
		# that the thread runs)
		[ $n = 2 ] && sync && dd if="$TMP/big.cpuprofile" iflag=nocache count=0 status=none
		SOURCE_DATE_EPOCH=0 "$FLAMECHART" --threads $n "$@" -o "$TMP/$n-$name" \
			>"$TMP/$n-$name.stdout" 2>"$TMP/err" ||
			{ fail "--threads $n $*: exit $?"; sed 's/^/    stderr: /' "$TMP/err" | head -3; }
	done
	[ -s "$TMP/1-$name" ] || fail "--threads 1 $*: no output"
	cmp -s "$TMP/1-$name" "$TMP/2-$name" || fail "$*: --threads 1 and 2 differ"
	cmp -s "$TMP/1-$name.stdout" "$TMP/2-$name.stdout" ||
		fail "$*: --threads 1 and 2 print different things"
}

for f in big.cpuprofile big.cpuprofile.gz; do
	same "$f.png" "$TMP/$f"
	same "$f.svg" "$TMP/$f"
	same "$f.pdf" "$TMP/$f"
	same "$f.json" -f json "$TMP/$f"
	same "$f.graph.svg" -m graph "$TMP/$f"
	same "$f.graph.png" -m graph "$TMP/$f"
	same "$f.folded" -f folded "$TMP/$f"
	for n in 1 2; do
		"$FLAMECHART" info --json --threads $n "$TMP/$f" >"$TMP/$n-$f.info" ||
			fail "info --json --threads $n $f"
	done
	cmp -s "$TMP/1-$f.info" "$TMP/2-$f.info" || fail "info --json $f: --threads 1 and 2 differ"
done
same trace.png --tasks "$TMP/trace.json.gz"
same trace.json -f json "$TMP/trace.json.gz"
# the gzip file is the plain one's profile: the same layout but for the name
sed 's/big\.cpuprofile\(\.gz\)\{0,1\}//g' "$TMP/2-big.cpuprofile.json" >"$TMP/plain.json"
sed 's/big\.cpuprofile\(\.gz\)\{0,1\}//g' "$TMP/2-big.cpuprofile.gz.json" >"$TMP/gz.json"
cmp -s "$TMP/plain.json" "$TMP/gz.json" || fail "the gzip and the plain file's layouts differ"

# a damaged gzip file says the same whatever the threads
head -c 200000 "$TMP/big.cpuprofile.gz" >"$TMP/cut.cpuprofile.gz"
for n in 1 2; do
	"$FLAMECHART" info --threads $n "$TMP/cut.cpuprofile.gz" >/dev/null 2>"$TMP/cut-$n.err" &&
		fail "a cut gzip file is read with --threads $n"
done
contains "$TMP/cut-2.err" "cut.cpuprofile.gz: truncated gzip data"
cmp -s "$TMP/cut-1.err" "$TMP/cut-2.err" || fail "a cut gzip file: --threads 1 and 2 differ"

# threads_given ERRFILE: the counts the imports were given, each once
# ("1 "), and that every file was imported with one of them
threads_given() {
	for f in "$TMP"/dir/*; do
		grep -qF "debug: $f: import threads" "$1" || fail "no import of $f was shown"
	done
	sed -n 's/^flamechart: debug: .*: import threads \([0-9]*\)$/\1/p' "$1" | sort -u |
		tr '\n' ' '
}
mkdir "$TMP/dir"
cp "$DATA"/corpus/real/ng-build/*.cpuprofile "$TMP/dir/"
files=$(ls "$TMP/dir" | wc -l)
[ "$files" -ge 2 ] || fail "the report needs two files or more"
report() {
	rm -rf "$TMP/outdir"
	FLAMECHART_DEBUG_THREADS=1 "$FLAMECHART" report -q "$@" "$TMP/dir" -o "$TMP/outdir" \
		2>"$TMP/report.err" || fail "report $*: exit $?"
	threads_given "$TMP/report.err"
}
# two files at once on a budget of two: one thread each
got=$(report -j 2 --threads 2)
[ "$got" = "1 " ] || fail "report -j 2 --threads 2: threads per file '$got', want 1"
got=$(report -j 1 --threads 2)
[ "$got" = "2 " ] || fail "report -j 1 --threads 2: threads per file '$got', want 2"
got=$(report -j 2 --threads 4)
[ "$got" = "2 " ] || fail "report -j 2 --threads 4: threads per file '$got', want 2"
got=$(report -j 3 --threads 2)
[ "$got" = "1 " ] || fail "report -j 3 --threads 2: threads per file '$got', want 1"

# the default is the CPUs the process may use, as taskset narrows them
if command -v taskset >/dev/null 2>&1; then
	FLAMECHART_DEBUG_THREADS=1 taskset -c 0 "$FLAMECHART" "$real" -o "$TMP/one.svg" \
		2>"$TMP/one.err" || fail "taskset -c 0 flamechart: exit $?"
	contains "$TMP/one.err" "import threads 1"
	# report's jobs follow the same count: one job, whose file gets it all
	rm -rf "$TMP/outdir"
	FLAMECHART_DEBUG_THREADS=1 taskset -c 0 "$FLAMECHART" report -q "$TMP/dir" \
		-o "$TMP/outdir" 2>"$TMP/report.err" || fail "taskset -c 0 report: exit $?"
	got=$(threads_given "$TMP/report.err")
	[ "$got" = "1 " ] || fail "taskset -c 0 report: threads per file '$got', want 1"
else
	missing_tool taskset "the default thread count"
fi
FLAMECHART_DEBUG_THREADS=1 "$FLAMECHART" --threads 3 "$real" -o "$TMP/three.svg" 2>"$TMP/three.err"
contains "$TMP/three.err" "import threads 3"
run 1 --threads 0 "$real" -o "$TMP/zero.svg"
contains "$TMP/err" "--threads must be a number from 1 to 256, not '0'"
finish

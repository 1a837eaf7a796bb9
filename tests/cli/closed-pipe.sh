#!/bin/sh
# Every command's output into a pipe whose reader has already gone (the
# reader of `| head` after its first line): exit 0 and nothing on stderr,
# as the README's exit-code table says. The pipe's read end is closed
# before flamechart starts, so the first write fails with EPIPE every time
# (no race with the reader, whatever the output's size).
. "$(dirname "$0")/lib.sh"
command -v python3 >/dev/null 2>&1 || { echo "SKIP: python3 not found"; exit 77; }

# closed_pipe ARGS... : runs flamechart with stdout a pipe that has no
# reader (SIGPIPE at its default, as a shell leaves it); stderr in $TMP/err,
# the exit code in $rc
closed_pipe() {
	python3 - "$FLAMECHART" "$@" 2>"$TMP/err" <<'PY'
import os, subprocess, sys
r, w = os.pipe()
os.close(r)
sys.exit(subprocess.run(sys.argv[1:], stdout=w).returncode)
PY
	rc=$?
}

# check WHAT : exit 0 and a silent stderr
check() {
	[ "$rc" = 0 ] || fail "$1 into a closed pipe: exit $rc, want 0"
	[ ! -s "$TMP/err" ] || fail "$1 into a closed pipe: stderr says $(head -c 300 "$TMP/err")"
}

B=$DATA/diff/regress/base
H=$DATA/diff/regress/head
for fmt in json folded md svg png pdf; do
	closed_pipe diff "$B" "$H" -f "$fmt" -o -
	check "diff -f $fmt"
done
# with a --fail-on rule crossed the answer is still the comparison's (6)
closed_pipe diff "$B" "$H" -f json --fail-on 'self>+1%'
[ "$rc" = 6 ] || fail "diff --fail-on into a closed pipe: exit $rc, want 6"
P=$DATA/corpus/chrome-versions/Chrome-65-sucrase.cpuprofile
for fmt in json folded md svg png pdf; do
	closed_pipe "$P" -f "$fmt" -o -
	check "render -f $fmt"
done
closed_pipe info "$P"
check "info"
closed_pipe --help
check "--help"
# the same output into a closed stdout (no pipe) is an error (exit 3)
"$FLAMECHART" diff "$B" "$H" -f json >&- 2>"$TMP/err"
rc=$?
[ "$rc" = 3 ] || fail "diff -f json with stdout closed: exit $rc, want 3"
contains "$TMP/err" "flamechart: <stdout>: write error"
finish

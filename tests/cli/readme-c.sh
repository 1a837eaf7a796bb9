#!/bin/sh
# The README's C program, as it stands there (the first ```c block under
# "## The library"), compiled with warnings as errors against this build's
# headers and library, run on a profile named app.cpuprofile, and its
# chart.png checked to be the PNG that `flamechart -o chart.png` writes.
#   $1 flamechart, $2 the build directory, $3... the C compiler command
. "$(dirname "$0")/lib.sh"
BUILD=$2
case $FLAMECHART in /*) ;; *) FLAMECHART=$(pwd)/$FLAMECHART ;; esac
shift 2
awk '/^## The library/ { lib = 1 } lib && /^```c$/ { grab = 1; next } grab && /^```$/ { exit }
	grab { print }' "$ROOT/README.md" >"$TMP/chart.c"
[ -s "$TMP/chart.c" ] || { fail "no \`\`\`c block under '## The library' in README.md"; finish; }
san=
[ -n "${FC_SANITIZED:-}" ] && san="-fsanitize=address,undefined"
"$@" -std=c11 -Wall -Wextra -Werror $san -I"$ROOT/include" -I"$BUILD/include" -o "$TMP/chart" "$TMP/chart.c" \
	-L"$BUILD/src" -lflamechart -Wl,-rpath,"$BUILD/src" 2>"$TMP/cc.err" ||
	{ fail "README.md's C program does not compile"; head -20 "$TMP/cc.err"; finish; }
mkdir "$TMP/run"
cp "$DATA/corpus/seed-examples/minimal-cpu-profile-timing-data-samples.cpuprofile" "$TMP/run/app.cpuprofile"
(cd "$TMP/run" && "$TMP/chart") >"$TMP/out" 2>"$TMP/err" || { fail "the program: exit $?"; cat "$TMP/err"; }
(cd "$TMP/run" && "$FLAMECHART" app.cpuprofile -o cli.png) || fail "flamechart -o cli.png"
cmp -s "$TMP/run/chart.png" "$TMP/run/cli.png" || fail "chart.png differs from flamechart's own PNG"
# and the error path: no profile, a message naming the file, exit 1
rm "$TMP/run/app.cpuprofile"
(cd "$TMP/run" && "$TMP/chart") >"$TMP/out" 2>"$TMP/err"
rc=$?
[ "$rc" = 1 ] || fail "without app.cpuprofile: exit $rc, want 1"
contains "$TMP/err" "chart: app.cpuprofile: "
finish

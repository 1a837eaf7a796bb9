#!/bin/sh
# A test or script whose tool is missing ends as skipped (exit 77, meson's
# skip code) and says so; it never passes. Run with a PATH that holds every
# command of /usr/bin and /bin but the tool.
. "$(dirname "$0")/lib.sh"

# without TOOL ARGS... : run ARGS with TOOL absent from PATH; status in $got
without() {
	tool=$1
	shift
	bin=$TMP/bin-$tool
	mkdir -p "$bin"
	# one ln per directory (a loop of ln is slow on a loaded machine);
	# names already linked from an earlier directory are kept
	for d in /usr/local/bin /usr/bin /bin; do
		[ -d "$d" ] && ln -s "$d"/* "$bin"/ 2>/dev/null
	done
	rm -f "$bin/$tool"
	PATH=$bin "$@" >"$TMP/out" 2>&1
	got=$?
}

without valgrind "$ROOT/scripts/test-valgrind"
[ "$got" = 77 ] || fail "scripts/test-valgrind without valgrind: exit $got, want 77"
contains "$TMP/out" "valgrind is not installed"

# a CLI test that could not run a part for want of a tool ends as skipped
# (info.sh and report.sh without node, hostile.sh without time or strace)
cat >"$TMP/part.sh" <<EOS
. "$ROOT/tests/cli/lib.sh"
command -v node >/dev/null 2>&1 || missing_tool node "the cross-check"
finish
EOS
without node sh "$TMP/part.sh" "$FLAMECHART"
[ "$got" = 77 ] || fail "a test without node: exit $got, want 77"
contains "$TMP/out" "SKIP: node is not installed: the cross-check not checked"
sh "$TMP/part.sh" "$FLAMECHART" >"$TMP/out" 2>&1 || fail "a test with node: exit $?"
grep -q 'missing_tool node' "$ROOT/tests/cli/info.sh" || fail "info.sh does not skip without node"
grep -q 'missing_tool node' "$ROOT/tests/cli/report.sh" || fail "report.sh does not skip without node"

finish

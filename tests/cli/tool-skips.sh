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
	for d in /usr/local/bin /usr/bin /bin; do
		for f in "$d"/*; do
			name=${f##*/}
			[ "$name" = "$tool" ] || [ -e "$bin/$name" ] || ln -s "$f" "$bin/$name"
		done
	done
	PATH=$bin "$@" >"$TMP/out" 2>&1
	got=$?
}

without valgrind "$ROOT/scripts/test-valgrind"
[ "$got" = 77 ] || fail "scripts/test-valgrind without valgrind: exit $got, want 77"
contains "$TMP/out" "valgrind is not installed"

without node "$ROOT/tests/cli/info.sh" "$FLAMECHART"
[ "$got" = 77 ] || fail "tests/cli/info.sh without node: exit $got, want 77"
contains "$TMP/out" "SKIP: node is not installed"

finish

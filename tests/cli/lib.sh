# Helpers for the CLI tests. Each test script is run by meson with
#   $1 = path to the flamechart binary, FC_TEST_DATA and FC_SOURCE_ROOT set.
set -u
FLAMECHART=${1:?path to flamechart}
DATA=${FC_TEST_DATA:?}
ROOT=${FC_SOURCE_ROOT:?}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
failures=0
missing=

# missing_tool TOOL WHAT : a part of the test did not run for want of TOOL;
# the test then ends as skipped (meson's 77), never as passed
missing_tool() {
	echo "SKIP: $1 is not installed: $2 not checked"
	missing="$missing $1"
}

fail() {
	echo "FAIL: $*"
	failures=$((failures + 1))
}

# run EXPECTED_EXIT ARGS... : runs flamechart, stdout in $TMP/out, stderr in $TMP/err
run() {
	want=$1
	shift
	"$FLAMECHART" "$@" >"$TMP/out" 2>"$TMP/err"
	got=$?
	if [ "$got" != "$want" ]; then
		fail "flamechart $*: exit $got, want $want"
		sed 's/^/    stderr: /' "$TMP/err" | head -5
	fi
}

# contains FILE TEXT : fixed-string search
contains() {
	grep -qF -- "$2" "$1" || { fail "$1 lacks '$2'"; sed 's/^/    | /' "$1" | head -5; }
}

lacks() {
	if grep -qF -- "$2" "$1"; then fail "$1 has '$2'"; fi
}

finish() {
	if [ "$failures" != 0 ]; then
		echo "$failures failure(s)"
		exit 1
	fi
	if [ -n "$missing" ]; then
		echo "skipped: needs$missing (scripts/packages-test)"
		exit 77
	fi
	echo "all passed"
	exit 0
}

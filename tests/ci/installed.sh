#!/bin/sh
# The library as a user installs it, for real: `meson install -C BUILD` into
# the default prefix (/usr/local), then examples/embed.c built with
# `pkg-config --cflags --libs flamechart` and run with nothing set (no
# LD_LIBRARY_PATH), as README's "The library" says; then uninstalled.
# It writes to the system, so it runs only as root with CI=true (.ci/run on
# its throw-away machine) or FC_TEST_INSTALLED=1; otherwise it skips (77).
# Usage: installed.sh [BUILD_DIR] (default: build)
set -u
cd "$(dirname "$0")/../.."
BUILD=${1:-build}
if [ "$(id -u)" != 0 ] || { [ "${CI:-}" != true ] && [ "${FC_TEST_INSTALLED:-}" != 1 ]; }; then
	echo "SKIP: installs into /usr/local: only as root with CI=true or FC_TEST_INSTALLED=1"
	exit 77
fi
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
failures=0
fail() {
	echo "FAIL: $*"
	failures=$((failures + 1))
}

meson install -C "$BUILD" --no-rebuild >"$TMP/install.log" 2>&1 ||
	{ tail -20 "$TMP/install.log"; echo "FAIL: meson install"; exit 1; }
grep -q 'is not in the dynamic linker' "$TMP/install.log" &&
	fail "install-ldconfig says the library is out of the linker's reach"
flags=$(pkg-config --cflags --libs flamechart) || fail "pkg-config does not find flamechart"
cc -std=c11 -Wall -Werror -o "$TMP/embed" examples/embed.c $flags 2>"$TMP/cc.err" ||
	{ fail "embed.c does not build: $(head -5 "$TMP/cc.err")"; }
if [ -x "$TMP/embed" ]; then
	env -u LD_LIBRARY_PATH "$TMP/embed" tests/data/corpus/seed-examples/minimal-cpu-profile-timing-data-samples.cpuprofile \
		"$TMP/embed.png" >"$TMP/out" 2>&1 || fail "embed: exit $?: $(head -3 "$TMP/out")"
	env -u LD_LIBRARY_PATH ldd "$TMP/embed" | grep -q 'libflamechart.so.0 => /usr/local/' ||
		fail "embed does not load /usr/local's libflamechart.so.0: $(ldd "$TMP/embed" | grep flamechart)"
	[ "$(od -An -c -j 1 -N 3 "$TMP/embed.png" 2>/dev/null | tr -d ' ')" = PNG ] || fail "embed wrote no PNG"
	# the profile read through the opaque struct's accessors: the file's 16
	# samples, ending 160 us after the first (15 deltas of 10 and one more)
	grep -qx 'embed: minimal-cpu-profile-timing-data-samples.cpuprofile: 16 samples, 160 us' "$TMP/out" ||
		fail "embed's accessors: $(head -3 "$TMP/out")"
fi
ninja -C "$BUILD" uninstall >/dev/null 2>&1 || fail "uninstall"
ldconfig
if [ "$failures" != 0 ]; then
	echo "$failures failure(s)"
	exit 1
fi
echo "all passed: the installed library runs"

#!/bin/sh
# The README's set-up commands, scripts/demo then scripts/test, run on a
# copy of scripts/ with apt-get, sudo, dpkg-query, id and meson replaced by
# stubs that record what they are asked (no package is installed, nothing
# is built). Checks:
#   - deps asks dpkg-query first and installs only what is missing; with
#     everything installed it runs neither apt-get nor sudo;
#   - not root and no sudo: it names the missing packages and fails;
#   - demo installs only the build's packages (scripts/packages) and builds
#     only the binary; scripts/test adds the test suite's packages
#     (scripts/packages-test) and builds the rest;
#   - scripts/test after scripts/demo keeps the build directory's
#     configuration (no second setup, no reconfigure: nothing rebuilt);
#   - scripts/test ends with the skipped tests and their reasons;
#   - the package lists name what the tests need to run without a warning
#     or a skip (git, ca-certificates for node).
# Usage: scripts.sh SOURCE_ROOT
set -u
root=$(cd "$1" && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT INT TERM
failures=0
fail() {
	echo "FAIL: $*"
	failures=$((failures + 1))
}

# a PATH of the ordinary tools the scripts use, and of the stubs
mkdir -p "$TMP/bin" "$TMP/stubs"
for t in sh cat sed grep mkdir echo env python3 dirname rm cp touch chmod head tail tr sort printf test [ true false; do
	p=$(command -v "$t" 2>/dev/null) && case $p in /*) ln -sf "$p" "$TMP/bin/$t" ;; esac
done
# the system's python (meson's), not a wrapper elsewhere on PATH
[ -x /usr/bin/python3 ] && ln -sf /usr/bin/python3 "$TMP/bin/python3"
cat >"$TMP/stubs/id" <<'S'
#!/bin/sh
[ "$1" = -u ] && { echo "$STUB_UID"; exit 0; }
exit 1
S
cat >"$TMP/stubs/dpkg-query" <<'S'
#!/bin/sh
# dpkg-query -W -f '${Status}' PKG
for p; do :; done
grep -qx "$p" "$STUB_DIR/installed" && { printf 'install ok installed'; exit 0; }
echo "dpkg-query: no packages found matching $p" >&2
exit 1
S
cat >"$TMP/stubs/apt-get" <<'S'
#!/bin/sh
echo "apt-get $*" >>"$STUB_DIR/log"
[ "$1" = install ] || exit 0
for p; do case $p in -*|install) ;; *) echo "$p" >>"$STUB_DIR/installed" ;; esac; done
S
cat >"$TMP/stubs/sudo" <<'S'
#!/bin/sh
echo "sudo $*" >>"$STUB_DIR/log"
exec "$@"
S
cat >"$TMP/stubs/meson" <<'S'
#!/bin/sh
echo "meson $*" >>"$STUB_DIR/log"
case $1 in
setup)
	mkdir -p "$2" && touch "$2/build.ninja" && shift 2 && echo "$*" >"$STUB_DIR/options" ;;
configure)
	shift 2 && echo "$*" >"$STUB_DIR/options" ;;
introspect)
	case $(cat "$STUB_DIR/options") in
	*-Dwerror=true*) echo '[{"name": "werror", "value": true}]' ;;
	*) echo '[{"name": "werror", "value": false}]' ;;
	esac ;;
compile)
	printf '#!/bin/sh\nwhile [ $# -gt 0 ]; do [ "$1" = -o ] && : >"$2"; shift; done\n' >build/flamechart
	chmod +x build/flamechart ;;
test)
	mkdir -p build/meson-logs
	cat >build/meson-logs/testlog.json <<'J'
{"name": "flamechart:cli / cli-a", "stdout": "all passed\n", "result": "OK"}
{"name": "flamechart:cli / cli-b", "stdout": "checking\nSKIP: frobnicate is not installed: widths not checked\n", "result": "SKIP"}
J
	;;
esac
S
chmod +x "$TMP/stubs"/*

# scenario NAME SUDO INSTALLED: a fresh copy of the tree in $TMP/NAME, with
# or without sudo, these packages installed
scenario() {
	w=$TMP/$1
	mkdir -p "$w/tree/examples/profiles" "$w/stubs"
	cp -r "$root/scripts" "$w/tree/"
	cp "$TMP/stubs"/* "$w/stubs/"
	[ "$2" = sudo ] || rm "$w/stubs/sudo"
	cp "$3" "$w/installed"
	touch "$w/log" "$w/options" "$w/out"
}
# run UID SCRIPT...: runs scripts/SCRIPT in $w's tree as that user, output
# and "SCRIPT exit N" lines in $w/out
run() {
	uid=$1
	shift
	for s; do
		(cd "$w/tree" && STUB_DIR=$w STUB_UID=$uid PATH=$w/stubs:$TMP/bin "./scripts/$s") \
			>>"$w/out" 2>&1
		echo "$s exit $?" >>"$w/out"
	done
}
# packages LIST...: the package names of these lists
packages() {
	cat "$@" | sed 's/#.*//' | tr -s ' \t' '\n\n' | grep -v '^$'
}
packages "$root/scripts/packages" >"$TMP/build-pkgs"
packages "$root/scripts/packages-test" >"$TMP/test-pkgs"

# everything installed, not root, no sudo: nothing to install, nothing asked
cat "$TMP/build-pkgs" "$TMP/test-pkgs" >"$TMP/everything"
scenario all nosudo "$TMP/everything"
run 1000 demo test
grep -qx 'demo exit 0' "$w/out" || fail "demo with every package installed: $(tail -3 "$w/out")"
grep -qx 'test exit 0' "$w/out" || fail "test with every package installed: $(tail -3 "$w/out")"
grep -q 'apt-get\|sudo' "$w/log" && fail "apt-get or sudo run with everything installed: $(grep 'apt-get\|sudo' "$w/log")"
grep -q 'sudo' "$w/out" && fail "demo speaks of sudo: $(grep sudo "$w/out")"
# demo builds the binary alone, test the rest, in one configuration
grep '^meson compile' "$w/log" >"$TMP/compiles"
[ "$(head -n 1 "$TMP/compiles")" = "meson compile -C build flamechart:executable" ] ||
	fail "demo compiles: $(head -n 1 "$TMP/compiles")"
[ "$(sed -n 2p "$TMP/compiles")" = "meson compile -C build" ] || fail "test compiles: $(sed -n 2p "$TMP/compiles")"
[ "$(grep -c '^meson setup' "$w/log")" = 1 ] || fail "meson setup run $(grep -c '^meson setup' "$w/log") times"
grep -q '^meson configure' "$w/log" && fail "scripts/test reconfigures after demo (a full rebuild): $(grep '^meson configure' "$w/log")"
# the skipped test and its reason at the end of scripts/test's output
grep -q '^1 test skipped' "$w/out" || fail "no summary of skips"
grep -q '^  cli-b: frobnicate is not installed: widths not checked$' "$w/out" ||
	fail "the skip's reason is not shown: $(grep -A2 skipped "$w/out")"

# not root, no sudo, one build package missing: named, not installed, exit 1
grep -vx libcairo2-dev "$TMP/build-pkgs" >"$TMP/some"
scenario nosudo nosudo "$TMP/some"
run 1000 demo
rc=$(sed -n 's/^demo exit //p' "$w/out")
[ "$rc" = 1 ] || fail "demo without sudo and a package missing: exit $rc, want 1"
grep -q 'apt-get install --no-install-recommends libcairo2-dev$' "$w/out" ||
	fail "demo does not say what to install: $(cat "$w/out")"
grep -q 'not found' "$w/out" && fail "demo ran a command that is not there: $(grep 'not found' "$w/out")"
grep -q '^apt-get' "$w/log" && fail "apt-get run without root"

# root, the build's packages but one missing, none of the tests': demo
# installs that one alone, scripts/test the test suite's
scenario root nosudo "$TMP/some"
run 0 demo test
grep -q '^meson configure' "$w/log" && fail "root: scripts/test reconfigures after demo: $(grep '^meson configure' "$w/log")"
grep '^apt-get install' "$w/log" >"$TMP/installs"
[ "$(wc -l <"$TMP/installs")" = 2 ] || fail "root: $(wc -l <"$TMP/installs") apt-get installs, want 2"
[ "$(head -n 1 "$TMP/installs")" = "apt-get install -y --no-install-recommends libcairo2-dev" ] ||
	fail "demo as root installs: $(head -n 1 "$TMP/installs")"
for p in $(cat "$TMP/test-pkgs"); do
	sed -n 2p "$TMP/installs" | grep -qw -- "$p" || fail "scripts/test does not install $p"
done
for p in $(cat "$TMP/build-pkgs"); do
	sed -n 2p "$TMP/installs" | grep -qw -- "$p" && fail "scripts/test installs $p again"
done

# not root with sudo: through sudo
scenario sudo sudo "$TMP/some"
run 1000 deps
grep -qx 'deps exit 0' "$w/out" || fail "deps with sudo: $(cat "$w/out")"
grep -q '^sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends libcairo2-dev$' "$w/log" ||
	fail "deps with sudo: $(cat "$w/log")"

# the lists: what the tests need (git makes the CI recipe's repository;
# node warns at every start without the certificate bundle)
for p in git ca-certificates nodejs python3; do
	grep -qx "$p" "$TMP/test-pkgs" "$TMP/build-pkgs" || fail "$p is in no package list"
done
[ "$(sort "$TMP/build-pkgs" "$TMP/test-pkgs" | uniq -d)" = "" ] ||
	fail "in both lists: $(sort "$TMP/build-pkgs" "$TMP/test-pkgs" | uniq -d | tr '\n' ' ')"
for p in clang valgrind imagemagick nodejs; do
	grep -qx "$p" "$TMP/build-pkgs" && fail "$p is in the build's list"
done

if [ "$failures" != 0 ]; then
	echo "$failures failure(s)"
	exit 1
fi
echo "all passed"

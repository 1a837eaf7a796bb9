#!/bin/sh
# The library as a user gets it: `meson install --destdir`, then
# examples/embed.c built with pkg-config against what was installed, run,
# and its image checked, and a C++ program too; the shared library exports
# exactly the FC_API functions of the installed headers, versioned; the headers,
# flamechart.pc and flamechart(1) are there, and the man page lists every
# option that --help does.
#   $1 flamechart, $2 the build directory, $3... the C compiler command
. "$(dirname "$0")/lib.sh"
BUILD=$2
shift 2

D=$TMP/dest
meson install -C "$BUILD" --destdir "$D" --no-rebuild >"$TMP/install.log" 2>&1 ||
	{ fail "meson install"; tail -5 "$TMP/install.log"; finish; }

pc=$(find "$D" -name flamechart.pc | head -n 1)
so=$(find "$D" -name 'libflamechart.so.[0-9]*' -type f | head -n 1)
[ -n "$pc" ] || fail "no flamechart.pc installed"
[ -n "$so" ] || fail "no libflamechart.so.N installed"
[ -n "$(find "$D" -name libflamechart.a)" ] || fail "no libflamechart.a installed"
[ -n "$(find "$D" -path '*/include/flamechart/flamechart.h')" ] ||
	fail "no include/flamechart/flamechart.h installed"
[ -n "$(find "$D" -path '*/include/flamechart/cli.h')" ] && fail "a CLI header installed"
man=$(find "$D" -path '*/man1/flamechart.1' | head -n 1)
[ -n "$man" ] || fail "no man1/flamechart.1 installed"
[ "$failures" = 0 ] || finish

# Exported: exactly the functions the installed headers mark FC_API, each
# with the version node FLAMECHART_<major>, and no data; the soname carries
# the major version.
inc=$(dirname "$(find "$D" -path '*/include/flamechart/flamechart.h')")
[ -f "$inc/version.h" ] || fail "no include/flamechart/version.h installed"
cat "$inc"/*.h | tr '\n' ' ' | grep -oE 'FC_API [^;(]*\(' | grep -oE 'fc_[a-z0-9_]+\($' |
	tr -d '(' | sort -u >"$TMP/declared"
[ "$(wc -l <"$TMP/declared")" -ge 15 ] || fail "only $(wc -l <"$TMP/declared") FC_API functions declared"
nm -D --defined-only "$so" >"$TMP/nm"
awk '$2 != "A"' "$TMP/nm" | grep -vE '^[0-9a-f]+ T [a-z0-9_]+@@FLAMECHART_0$' >"$TMP/odd"
[ -s "$TMP/odd" ] && fail "exported other than versioned functions: $(head -5 "$TMP/odd" | tr '\n' ' ')"
awk '$2 == "T" { sub(/@.*/, "", $3); print $3 }' "$TMP/nm" | sort -u >"$TMP/exported"
comm -13 "$TMP/declared" "$TMP/exported" >"$TMP/undeclared"
[ -s "$TMP/undeclared" ] && fail "exported but not FC_API in a header: $(head -5 "$TMP/undeclared" | tr '\n' ' ')"
comm -23 "$TMP/declared" "$TMP/exported" >"$TMP/unexported"
[ -s "$TMP/unexported" ] && fail "FC_API but not exported: $(head -5 "$TMP/unexported" | tr '\n' ' ')"
grep -qx fc_render "$TMP/exported" || fail "fc_render not exported"
objdump -p "$so" | grep -q 'SONAME *libflamechart\.so\.0$' || fail "soname is not libflamechart.so.0"

# embed.c against the installed files only (pkg-config in the destdir)
PKG_CONFIG_PATH=$(dirname "$pc") PKG_CONFIG_SYSROOT_DIR=$D
export PKG_CONFIG_PATH PKG_CONFIG_SYSROOT_DIR
flags=$(pkg-config --cflags --libs flamechart) || fail "pkg-config does not find flamechart"
case $flags in *"$D"*) ;; *) fail "pkg-config flags outside the destdir: $flags" ;; esac
# under scripts/test-sanitizers the installed library carries ASan and UBSan:
# a program that loads it must link their runtimes first
san=
[ -n "${FC_SANITIZED:-}" ] && san="-fsanitize=address,undefined"
"$@" -std=c11 -Wall -Wextra -Werror $san -o "$TMP/embed" "$ROOT/examples/embed.c" $flags \
	2>"$TMP/cc.err" || { fail "embed.c does not build"; head -10 "$TMP/cc.err"; }
p=$DATA/corpus/seed-examples/minimal-cpu-profile-timing-data-samples.cpuprofile
if [ -x "$TMP/embed" ]; then
	LD_LIBRARY_PATH=$(dirname "$so") "$TMP/embed" "$p" "$TMP/embed.png" >"$TMP/out" 2>"$TMP/err" ||
		{ fail "embed: exit $?"; cat "$TMP/err"; }
	LD_LIBRARY_PATH=$(dirname "$so") ldd "$TMP/embed" | grep -q "libflamechart.so.0 => $D" ||
		fail "embed is not linked with the installed libflamechart.so.0"
	contains "$TMP/out" "wrote $TMP/embed.png"
	# a PNG 1200 px wide (IHDR width), like `flamechart -o x.png` writes
	[ "$(od -An -c -j 1 -N 3 "$TMP/embed.png" | tr -d ' ')" = PNG ] || fail "embed.png is not a PNG"
	w=$(od -An -t u1 -j 16 -N 4 "$TMP/embed.png" | awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4 }')
	[ "$w" = 1200 ] || fail "embed.png is $w px wide, not 1200"
	"$FLAMECHART" -q -o "$TMP/cli.png" --title embedded "$p" || fail "flamechart -o cli.png"
	cmp -s "$TMP/cli.png" "$TMP/embed.png" || fail "embed.png differs from flamechart's own PNG"
fi

# each installed header stands alone, in C and in C++
for h in "$inc"/*.h; do
	echo "#include <flamechart/${h##*/}>" >"$TMP/one.c"
	"$@" -std=c11 -Wall -Wextra -Werror -fsyntax-only -I"$(dirname "$inc")" "$TMP/one.c" \
		2>"$TMP/one.err" || { fail "${h##*/} does not compile alone"; head -3 "$TMP/one.err"; }
	if command -v "${CXX:-g++}" >/dev/null 2>&1; then
		"${CXX:-g++}" -x c++ -std=c++17 -Wall -Wextra -Werror -fsyntax-only -I"$(dirname "$inc")" \
			"$TMP/one.c" 2>"$TMP/one.err" ||
			{ fail "${h##*/} does not compile alone as C++"; head -3 "$TMP/one.err"; }
	fi
done

# a C++ program against the installed headers: extern "C", the version
# macros, import, render and summary
if command -v "${CXX:-g++}" >/dev/null 2>&1; then
	"${CXX:-g++}" -std=c++17 -Wall -Wextra -Werror $san -o "$TMP/embed-cxx" \
		"$ROOT/tests/cli/embed-cxx.cc" $flags 2>"$TMP/cxx.err" ||
		{ fail "embed-cxx.cc does not build"; head -10 "$TMP/cxx.err"; }
	if [ -x "$TMP/embed-cxx" ]; then
		LD_LIBRARY_PATH=$(dirname "$so") "$TMP/embed-cxx" "$p" "$TMP/cxx.svg" "$TMP/cxx.md" \
			>"$TMP/out" 2>"$TMP/err" || { fail "embed-cxx: exit $?"; cat "$TMP/err"; }
		contains "$TMP/out" "embed-cxx: libflamechart $(grep -o '"[0-9.]*"' "$inc/version.h" | tr -d '"'), 1 profile(s)"
		grep -q '<svg' "$TMP/cxx.svg" || fail "embed-cxx wrote no SVG"
		[ -s "$TMP/cxx.md" ] || fail "embed-cxx wrote no Markdown"
	fi
else
	missing_tool "${CXX:-g++}" "the C++ program against the installed headers"
fi

# the man page: rendered by man, and every long option of --help in it
if command -v man >/dev/null 2>&1; then
	MANWIDTH=200 man -l "$man" 2>"$TMP/man.err" | col -b >"$TMP/man.txt" || fail "man -l"
	contains "$TMP/man.txt" "flame charts and flame graphs of JavaScript CPU profiles"
	"$FLAMECHART" --help | grep -o -- '--[a-z-]*' | sort -u >"$TMP/help.opts"
	[ "$(wc -l <"$TMP/help.opts")" -gt 20 ] || fail "--help lists too few options"
	while read -r o; do
		grep -q -- "$o" "$TMP/man.txt" || fail "the man page lacks $o"
	done <"$TMP/help.opts"
else
	missing_tool man "man -l of flamechart(1)"
fi

finish

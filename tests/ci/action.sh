#!/bin/sh
# Runs the shell steps of action.yml (the composite action that installs the
# packages, builds flamechart and puts it on PATH) as GitHub would: each
# step's run block, in order, with bash -eo pipefail and the runner's
# variables (RUNNER_TEMP, GITHUB_ACTION_PATH, GITHUB_PATH, GITHUB_OUTPUT).
#
# - "Install packages": sudo is a stub that records the apt-get commands;
#   the test checks that every package named is a Debian package installed
#   here (dpkg-query). With FC_TEST_ACTION_INSTALL=1 (a CI runner as root,
#   with network) the step runs for real.
# - "Cache key": the key of the cached build (sources, build type, compiler).
#   The cache itself (actions/cache) is GitHub's: the test runs Build a
#   second time over the first one's directory, as a restored cache leaves
#   it, and checks that it compiles nothing.
# - "Build": meson setup runs for real (the options, the source path); the
#   compile is a minutes-long build, so by default meson compile is replaced
#   by a link to the flamechart this suite built (the rest of the step, the
#   outputs and `flamechart --version`, runs as written). With
#   FC_TEST_ACTION_BUILD=1 the compile runs for real too.
# The step scripts are read from the YAML by a small parser (the action's
# structure is simple); when python3 has yaml, its reading is compared.
# Usage: action.sh FLAMECHART SOURCE_ROOT. Exit 77 without bash or meson.
set -u
fc=$1
root=$(cd "$2" && pwd)
case $fc in /*) ;; *) fc=$(pwd)/$fc ;; esac
for tool in bash meson awk; do
	command -v $tool >/dev/null 2>&1 || { echo "SKIP: $tool not found"; exit 77; }
done
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT INT TERM
failures=0
fail() {
	echo "FAIL: $*"
	failures=$((failures + 1))
}
ACTION=$root/action.yml

# step_names FILE: the name of every step under runs.steps that runs a
# shell script (not `uses:`), one a line
step_names() {
	awk '
		/^ *- name: / { if (name != "" && run) print name; name = $0; sub(/^ *- name: /, "", name); run = 0 }
		/^ *run: / { run = 1 }
		END { if (name != "" && run) print name }
	' "$1"
}
# step_script FILE NAME: the run block of the step with that name, unindented
step_script() {
	awk -v name="$2" '
		/^ *- / { in_step = 0 }
		$0 ~ "^ *- name: " name "$" { in_step = 1 }
		in_step && /^ *run: \|$/ { indent = index($0, "run:") - 1; grab = 1; next }
		grab {
			if ($0 !~ /^ *$/ && match($0, /^ */) && RLENGTH <= indent) { grab = 0; in_step = 0; next }
			print substr($0, indent + 3)
		}
	' "$1"
}

names=$(step_names "$ACTION")
[ "$(echo "$names" | head -n 1)" = "Install packages" ] || fail "first step: $(echo "$names" | head -n 1)"
echo "$names" | grep -qx Build || fail "no Build step"
i=0
echo "$names" | while IFS= read -r name; do
	step_script "$ACTION" "$name" >"$TMP/step-$i.sh"
	i=$((i + 1))
done
for f in "$TMP"/step-*.sh; do
	[ -s "$f" ] || fail "a step without a run block: $f"
done

# the parser against python's yaml, when there is one
if python3 -c 'import yaml' 2>/dev/null; then
	python3 - "$ACTION" "$TMP" <<'PY' || fail "the steps read by awk differ from yaml's"
import sys, yaml
doc = yaml.safe_load(open(sys.argv[1]))
steps = [s for s in doc["runs"]["steps"] if "run" in s]
assert doc["runs"]["using"] == "composite", doc["runs"]["using"]
for i, s in enumerate(steps):
    assert s.get("shell") == "bash", s
    got = open("%s/step-%d.sh" % (sys.argv[2], i)).read()
    if got != s["run"]:
        sys.exit("step %d (%s) differs" % (i, s["name"]))
PY
	echo "the step scripts read by awk match python's yaml"
else
	echo "note: python3 yaml not found, the step scripts were read by awk only"
fi

# the runner: stubs first on PATH
mkdir -p "$TMP/bin" "$TMP/runner"
real_meson=$(command -v meson)
cat >"$TMP/bin/sudo" <<'SH'
#!/bin/sh
# stub: records what the step would run as root
echo "$*" >>"$SUDO_LOG"
SH
cat >"$TMP/bin/meson" <<'SH'
#!/bin/sh
echo "meson $*" >>"$MESON_LOG"
# meson setup for real; meson compile links the suite's flamechart unless
# FC_TEST_ACTION_BUILD=1
if [ "$1" = compile ] && [ "${FC_TEST_ACTION_BUILD:-0}" != 1 ]; then
	[ "$2" = -C ] && [ -f "$3/build.ninja" ] || { echo "meson compile: $3 is not set up" >&2; exit 1; }
	[ "$4" = flamechart:executable ] || { echo "meson compile: unknown target $4" >&2; exit 1; }
	ln -sf "$FC_BIN" "$3/flamechart"
	echo "(test: meson compile replaced by a link to $FC_BIN)"
	exit 0
fi
exec "$REAL_MESON" "$@"
SH
chmod +x "$TMP/bin/sudo" "$TMP/bin/meson"
[ "${FC_TEST_ACTION_INSTALL:-0}" = 1 ] && rm "$TMP/bin/sudo"
export PATH="$TMP/bin:$PATH" SUDO_LOG="$TMP/sudo.log" FC_BIN="$fc" REAL_MESON="$real_meson"
export MESON_LOG="$TMP/meson.log"
export RUNNER_TEMP="$TMP/runner" GITHUB_ACTION_PATH="$root" GITHUB_PATH="$TMP/github-path"
export GITHUB_OUTPUT="$TMP/github-output" BUILDTYPE=release
: >"$GITHUB_PATH"
: >"$GITHUB_OUTPUT"

# the build twice: the second finds it in the (restored) cache directory
i=0
for name in "Install packages" "Cache key" Build Build; do
	[ "$name" = Build ] && [ -s "$TMP/meson.log" ] && mv "$TMP/meson.log" "$TMP/meson-first.log"
	step_script "$ACTION" "$name" >"$TMP/run.sh"
	(cd "$TMP" && bash --noprofile --norc -eo pipefail "$TMP/run.sh") >"$TMP/step.log" 2>&1 ||
		{ fail "step '$name' failed"; sed 's/^/    | /' "$TMP/step.log" | tail -20; }
	echo "step '$name':"
	sed 's/^/    | /' "$TMP/step.log" | tail -3
done

# Install packages: apt-get update, then install of real package names
if [ "${FC_TEST_ACTION_INSTALL:-0}" != 1 ]; then
	echo "(the install step ran with a sudo stub: set FC_TEST_ACTION_INSTALL=1 as root to install)"
	grep -q "apt-get update" "$SUDO_LOG" || fail "no apt-get update"
	install=$(grep "apt-get install" "$SUDO_LOG") || fail "no apt-get install"
	if command -v dpkg-query >/dev/null 2>&1; then
		n=0
		for word in $install; do
			case $word in -* | env | *=* | apt-get | install) continue ;; esac
			n=$((n + 1))
			dpkg-query -W -f '${Status}\n' "$word" 2>/dev/null | grep -q "install ok installed" ||
				fail "package '$word' (action.yml) is not an installed Debian package here"
		done
		[ "$n" -ge 5 ] || fail "only $n packages in the install step"
		echo "$n packages named by the install step are installed Debian packages here"
	else
		echo "note: no dpkg-query, the package names were not checked"
	fi
fi

# the cache: a key of the sources, and a second build that compiles nothing
grep -Eq '^key=flamechart-[^-]+-[^-]+-release-[0-9a-f]{8}-[0-9a-f]{16}$' "$GITHUB_OUTPUT" ||
	fail "no cache key: $(grep '^key=' "$GITHUB_OUTPUT")"
grep -q '^meson compile' "$TMP/meson-first.log" 2>/dev/null || fail "the first build compiled nothing"
[ -s "$TMP/meson.log" ] && fail "the build from the cache ran meson: $(cat "$TMP/meson.log")"
grep -q 'flamechart from the cache' "$TMP/step.log" || fail "the second build does not say it used the cache"
sort -u "$GITHUB_PATH" >"$GITHUB_PATH.u" && mv "$GITHUB_PATH.u" "$GITHUB_PATH"

# Build: the outputs and flamechart on PATH
build=$(cat "$GITHUB_PATH")
[ "$build" = "$RUNNER_TEMP/flamechart-build" ] || fail "GITHUB_PATH has '$build'"
grep -qx "path=$RUNNER_TEMP/flamechart-build/flamechart" "$GITHUB_OUTPUT" ||
	fail "no path output: $(cat "$GITHUB_OUTPUT")"
"$real_meson" configure "$build" 2>/dev/null | grep -Eq '^ *buildtype +release ' ||
	fail "the build is not a release build"
PATH="$build:$PATH" flamechart --version >"$TMP/version" 2>&1 || fail "flamechart --version from the action's build"
example=$(ls "$root"/examples/profiles/*.cpuprofile | head -n 1)
PATH="$build:$PATH" flamechart "$example" \
	-o "$TMP/x.svg" >/dev/null 2>&1 || fail "the action's flamechart cannot render an example"
[ -s "$TMP/x.svg" ] || fail "no image"

if [ "$failures" != 0 ]; then
	echo "$failures failure(s)"
	exit 1
fi
echo "all passed: action.yml's steps ran ($(cat "$TMP/version"))"

#!/bin/sh
# Runs the shell steps of examples/ci/github-actions.yml as GitHub would
# (bash -eo pipefail, in order, with the job's variables) on a scratch git
# repository whose two commits run examples/ci/workload.js, with `gh`
# replaced by a stub that keeps the comment it is asked to post. Then checks
# the comment body (size, tables, links) and the images.
# With FC_TEST_ACTION=1 it also runs action.yml's build step (a full build).
# Usage: workflow.sh FLAMECHART SOURCE_ROOT. Exit 77 without git, node, bash.
set -u
fc=$1
root=$(cd "$2" && pwd)
case $fc in /*) ;; *) fc=$(pwd)/$fc ;; esac
for tool in git node bash jq; do
	command -v $tool >/dev/null 2>&1 || { echo "SKIP: $tool not found"; exit 77; }
done
FONTCONFIG_FILE=$root/tests/fonts.conf
export FONTCONFIG_FILE
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT INT TERM
failures=0
fail() {
	echo "FAIL: $*"
	failures=$((failures + 1))
}

# step_script FILE ID: the run block of the step with that id, unindented
step_script() {
	awk -v id="$2" '
		/^ *- / { in_step = 0 }
		$0 ~ "^ *id: " id "$" { in_step = 1 }
		in_step && /^ *run: \|$/ { indent = index($0, "run:") - 1; grab = 1; next }
		grab {
			if ($0 !~ /^ *$/ && match($0, /^ */) && RLENGTH <= indent) { grab = 0; in_step = 0; next }
			print substr($0, indent + 3)
		}
	' "$1"
}

# a project with two commits: the head does twice the work of the base
mkdir -p "$TMP/repo/examples/ci" "$TMP/bin" "$TMP/runner"
cp "$root/examples/ci/workload.js" "$TMP/repo/examples/ci/"
(
	cd "$TMP/repo" &&
		git init -q && git config user.email ci@example.com && git config user.name ci &&
		echo 'node --cpu-prof --cpu-prof-dir "$PROFILE_DIR" examples/ci/workload.js 20000' >cmd &&
		git add -A && git commit -qm base &&
		echo 'node --cpu-prof --cpu-prof-dir "$PROFILE_DIR" examples/ci/workload.js 40000' >cmd &&
		git commit -qam head
) || { echo "FAIL: scratch repository"; exit 1; }

# flamechart on PATH, and a gh that records what it would post
ln -s "$fc" "$TMP/bin/flamechart"
cat >"$TMP/bin/gh" <<'GH'
#!/bin/sh
# stub: GET returns no comments; POST/PATCH copy body=@FILE to $GH_STUB_OUT
for a in "$@"; do
	case $a in body=@*) cp "${a#body=@}" "$GH_STUB_OUT" ;; esac
done
echo "gh $*" >>"$GH_STUB_OUT.log"
GH
chmod +x "$TMP/bin/gh"

# the job's variables, as the workflow's env: sets them
export PATH="$TMP/bin:$PATH" RUNNER_TEMP="$TMP/runner" GH_STUB_OUT="$TMP/posted.md"
export PROFILE_COMMAND='sh cmd'
BASE_SHA=$(git -C "$TMP/repo" rev-parse HEAD~1)
HEAD_SHA=$(git -C "$TMP/repo" rev-parse HEAD)
export BASE_SHA HEAD_SHA PR_NUMBER=7 GH_REPO=example/project GH_TOKEN=none
export RUN_URL=https://github.com/example/project/actions/runs/123
WF=$root/examples/ci/github-actions.yml
for step in profile render body comment; do
	step_script "$WF" $step >"$TMP/$step.sh"
	[ -s "$TMP/$step.sh" ] || { fail "no run block for step '$step'"; continue; }
	(cd "$TMP/repo" && bash --noprofile --norc -eo pipefail "$TMP/$step.sh") >"$TMP/$step.log" 2>&1 ||
		{ fail "step '$step' failed"; sed 's/^/    | /' "$TMP/$step.log" | tail -20; }
done

out=$TMP/runner/flamechart
body=$TMP/posted.md
[ -s "$body" ] || { fail "nothing posted"; echo "$failures failure(s)"; exit 1; }
grep -q "issues/7/comments" "$body.log" || fail "the comment did not go to PR 7"
size=$(wc -c <"$body")
[ "$size" -le 65536 ] || fail "comment is $size bytes"
head -n 1 "$body" | grep -qx '<!-- flamechart -->' || fail "no marker on the first line"
grep -q "^Head \`${HEAD_SHA%"${HEAD_SHA#???????}"}\`, base \`" "$body" || fail "no head/base line"
grep -q '^### head.cpuprofile$' "$body" || fail "no head section"
grep -q '^### base.cpuprofile$' "$body" || fail "no base section"
grep -q '`makeRecords`' "$body" || fail "the workload's functions are not in the tables"
node "$root/tests/markdown/gfm-check.js" "$body" >"$TMP/gfm.json"
rc=$?
if [ $rc = 77 ]; then
	echo "marked not found: the comment was not rendered"
elif [ $rc != 0 ]; then
	fail "the comment does not render cleanly"
	cat "$TMP/gfm.json"
else
	jq -e '(.tables | length) >= 6' "$TMP/gfm.json" >/dev/null || fail "fewer than 6 tables"
	jq -e '.links == ["https://github.com/example/project/actions/runs/123"]' "$TMP/gfm.json" \
		>/dev/null || fail "links: $(jq -c .links "$TMP/gfm.json")"
fi
# the images: a chart and a graph per profile, 880 px at 2x
for side in base head; do
	[ -s "$out/images/$side/index.md" ] || fail "no $side report"
	n=$(ls "$out/images/$side"/*.chart.png 2>/dev/null | wc -l)
	[ "$n" -ge 1 ] || fail "no $side charts"
done
png=$(ls "$out/images/head"/*.chart.png | head -n 1)
w=$(od -An -tu1 -j16 -N4 "$png" | awk '{ print $1*16777216+$2*65536+$3*256+$4 }')
[ "$w" = 1760 ] || fail "head chart is $w px wide, not 1760 (--preset github)"

# FC_TEST_KEEP=DIR keeps the comment and the images to look at
if [ -n "${FC_TEST_KEEP:-}" ]; then
	mkdir -p "$FC_TEST_KEEP" && cp -r "$body" "$out/images" "$FC_TEST_KEEP/"
fi

if [ "${FC_TEST_ACTION:-0}" = 1 ]; then
	step_script "$root/action.yml" build >"$TMP/build.sh"
	GITHUB_ACTION_PATH=$root GITHUB_PATH=$TMP/gh-path GITHUB_OUTPUT=$TMP/gh-out BUILDTYPE=release \
		bash -eo pipefail "$TMP/build.sh" >"$TMP/build.log" 2>&1 || { fail "action build"; tail "$TMP/build.log"; }
	grep -q '^path=.*/flamechart$' "$TMP/gh-out" || fail "action: no path output"
fi

if [ "$failures" != 0 ]; then
	echo "$failures failure(s)"
	exit 1
fi
echo "all passed: comment of $size bytes"

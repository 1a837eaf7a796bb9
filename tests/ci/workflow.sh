#!/bin/sh
# Runs the shell steps of the CI recipe as GitHub would (bash -eo pipefail,
# in order, with the jobs' variables) on a scratch git repository of two
# commits, the head slower than the base (recorded runs):
#   - examples/ci/github-actions.yml: base and head profiled 3 runs each,
#     flamechart diff with --fail-on (a regression: the gate step fails),
#     the job summary;
#   - examples/ci/github-actions-comment.yml on that run's artifact: the
#     checks (a run of another head is refused), the image pushed to the
#     branch flamechart-images of a local bare repository, the comment
#     posted through a `gh` stub that keeps it.
# Then checks the comment (marker, size, tables, the image's URL) and the
# image. With FC_TEST_ACTION=1 it also runs action.yml's build step (a full
# build). Usage: workflow.sh FLAMECHART SOURCE_ROOT. Exit 77 without git,
# bash, jq (without node the comment is checked without rendering it).
set -u
fc=$1
root=$(cd "$2" && pwd)
case $fc in /*) ;; *) fc=$(pwd)/$fc ;; esac
for tool in git bash jq; do
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

# A project with two commits whose "profiling" hands out recorded runs of a
# program whose head spends twice the time in hotLoop (tests/data/diff/
# regress, 8 runs a side): the verdict must not hang on this machine's
# load, as real runs' would. Each call takes the side's next run.
mkdir -p "$TMP/repo" "$TMP/bin" "$TMP/runner" "$TMP/count"
export RECORDED="$root/tests/data/diff/regress" COUNT_DIR="$TMP/count"
cat >"$TMP/recorded.sh" <<'P'
side=$1
n=$(($(cat "$COUNT_DIR/$side" 2>/dev/null || echo 0) + 1))
echo "$n" >"$COUNT_DIR/$side"
cp "$RECORDED/$side/run$n.cpuprofile" "$PROFILE_DIR/CPU.20250101.000000.$n.0.001.cpuprofile"
P
(
	cd "$TMP/repo" &&
		git init -q && git config user.email ci@example.com && git config user.name ci &&
		echo "sh '$TMP/recorded.sh' base" >cmd &&
		git add -A && git commit -qm base &&
		echo "sh '$TMP/recorded.sh' head" >cmd &&
		git commit -qam head
) || { echo "FAIL: scratch repository"; exit 1; }

# flamechart on PATH, and a gh that records what it would post
ln -s "$fc" "$TMP/bin/flamechart"
cat >"$TMP/bin/gh" <<'GH'
#!/bin/sh
# stub: `run download` copies $GH_STUB_ARTIFACT; `api .../pulls/N` says the
# pull request's head is $HEAD_SHA; listing comments finds none; POST/PATCH
# copy body=@FILE to $GH_STUB_OUT
echo "gh $*" >>"$GH_STUB_OUT.log"
if [ "$1" = run ] && [ "$2" = download ]; then
	while [ $# -gt 0 ]; do [ "$1" = -D ] && cp "$GH_STUB_ARTIFACT"/* "$2"/; shift; done
	exit 0
fi
case $* in *"/pulls/"*) echo "$HEAD_SHA"; exit 0 ;; esac
for a in "$@"; do
	case $a in body=@*) cp "${a#body=@}" "$GH_STUB_OUT" ;; esac
done
GH
chmod +x "$TMP/bin/gh"

# the job's variables, as the workflow's env: sets them (3 runs a side)
export PATH="$TMP/bin:$PATH" RUNNER_TEMP="$TMP/runner" GH_STUB_OUT="$TMP/posted.md"
export GITHUB_STEP_SUMMARY="$TMP/summary.md" GITHUB_OUTPUT="$TMP/output"
export SETUP_COMMAND=true PROFILE_COMMAND='sh cmd' RUNS=3 FAIL_ON='self>+10% total>+5%'
BASE_SHA=$(git -C "$TMP/repo" rev-parse HEAD~1)
HEAD_SHA=$(git -C "$TMP/repo" rev-parse HEAD)
export BASE_SHA HEAD_SHA PR_NUMBER=7 GH_REPO=example/project GH_TOKEN=none
: >"$GITHUB_STEP_SUMMARY"
: >"$GITHUB_OUTPUT"
WF=$root/examples/ci/github-actions.yml
WC=$root/examples/ci/github-actions-comment.yml
grep -q 'REPLACE: OWNER/flamechart@REF' "$WF" || fail "the action's placeholder is not marked"
grep -q '^ *- uses: OWNER/flamechart@REF$' "$WF" || fail "no uses: OWNER/flamechart@REF"
grep -q 'REPLACE: the work to profile' "$WF" || fail "PROFILE_COMMAND is not marked to replace"
# the comment workflow runs after the profiling one: its name, exactly
wf_name=$(sed -n 's/^name: //p' "$WF")
grep -qF "workflows: [$wf_name]" "$WC" || fail "the comment workflow does not follow '$wf_name'"
# run_step FILE ID : the step's run block in the scratch repository
run_step() {
	step_script "$1" "$2" >"$TMP/$2.sh"
	[ -s "$TMP/$2.sh" ] || { fail "no run block for step '$2'"; return 1; }
	(cd "$TMP/repo" && bash --noprofile --norc -eo pipefail "$TMP/$2.sh") >"$TMP/$2.log" 2>&1
}
for step in profile diff; do
	run_step "$WF" $step || { fail "step '$step' failed"; sed 's/^/    | /' "$TMP/$step.log" | tail -20; }
done
out=$TMP/runner/flamechart
c=$out/comment
# base and head, RUNS runs each, each run a directory of profiles
for side in base head; do
	n=$(find "$out/profiles/$side" -mindepth 1 -maxdepth 1 -type d | wc -l)
	[ "$n" = 3 ] || fail "$side: $n runs, want 3"
done
# the head's hotLoop takes twice the time: a regression, which fails the check
[ "$(cat "$c/exit-code" 2>/dev/null)" = 6 ] || fail "diff's exit code: $(cat "$c/exit-code" 2>/dev/null), want 6"
if run_step "$WF" gate; then
	fail "the gate passed a regression"
else
	grep -q '::error::flamechart diff: a change crossed --fail-on' "$TMP/gate.log" ||
		fail "the gate does not say why: $(cat "$TMP/gate.log")"
fi
grep -q 'hotLoop' "$GITHUB_STEP_SUMMARY" || fail "the job summary lacks the workload's functions"
head -n 1 "$GITHUB_STEP_SUMMARY" | grep -q '^\*\*CPU profile\*\* of head' || fail "the job summary's first line: $(head -n 1 "$GITHUB_STEP_SUMMARY")"

# the comment workflow, on the artifact (gh run download copies $c)
export RUN_ID=123 RUN_HEAD_SHA=$HEAD_SHA IMAGES_REMOTE=$TMP/origin.git GH_STUB_ARTIFACT=$c
git init -q --bare "$IMAGES_REMOTE"
: >"$GITHUB_OUTPUT"
run_step "$WC" check || { fail "step 'check' failed"; sed 's/^/    | /' "$TMP/check.log" | tail; }
grep -qx 'post=true' "$GITHUB_OUTPUT" || fail "check: no post=true"
grep -qx 'pr=7' "$GITHUB_OUTPUT" || fail "check: no pr=7"
export PR=7
for step in image comment; do
	run_step "$WC" $step || { fail "step '$step' failed"; sed 's/^/    | /' "$TMP/$step.log" | tail -20; }
done
# a second push (a later run of the same pull request) adds to the branch
run_step "$WC" image || fail "the second image push failed: $(tail -3 "$TMP/image.log")"
git -C "$IMAGES_REMOTE" show "flamechart-images:pr-7/$HEAD_SHA.png" >"$TMP/stored.png" 2>/dev/null ||
	fail "the image is not on the branch flamechart-images"
cmp -s "$TMP/stored.png" "$c/diff.png" || fail "the stored image differs from diff.png"
# a run whose head is not the pull request's: refused
: >"$GITHUB_OUTPUT"
RUN_HEAD_SHA=$BASE_SHA run_step "$WC" check && fail "check accepted a run of another head"
grep -q 'post=true' "$GITHUB_OUTPUT" && fail "check would post for another head"

body=$TMP/posted.md
[ -s "$body" ] || { fail "nothing posted"; echo "$failures failure(s)"; exit 1; }
grep -q "issues/7/comments" "$body.log" || fail "the comment did not go to PR 7"
size=$(wc -c <"$body")
[ "$size" -le 65536 ] || fail "comment is $size bytes"
head -n 1 "$body" | grep -qx '<!-- flamechart -->' || fail "no marker on the first line"
grep -q "^\*\*CPU profile\*\* of head \`${HEAD_SHA%"${HEAD_SHA#???????}"}\` against base \`" "$body" ||
	fail "no head/base line"
grep -q 'hotLoop' "$body" || fail "the workload's functions are not in the tables"
url="https://github.com/example/project/raw/flamechart-images/pr-7/$HEAD_SHA.png"
node "$root/tests/markdown/gfm-check.js" "$body" >"$TMP/gfm.json"
rc=$?
if [ $rc = 77 ]; then
	echo "marked not found: the comment was not rendered"
	grep -qF "($url)" "$body" || fail "the comment does not show $url"
elif [ $rc != 0 ]; then
	fail "the comment does not render cleanly"
	cat "$TMP/gfm.json"
else
	jq -e '(.tables | length) >= 2' "$TMP/gfm.json" >/dev/null || fail "fewer than 2 tables"
	jq -e --arg u "$url" '.images | map(.src? // .) | index($u) != null' "$TMP/gfm.json" >/dev/null ||
		fail "images: $(jq -c .images "$TMP/gfm.json"), want $url"
fi
# the image: 880 px wide (-w 880)
w=$(od -An -tu1 -j16 -N4 "$c/diff.png" | awk '{ print $1*16777216+$2*65536+$3*256+$4 }')
[ "$w" = 880 ] || fail "diff.png is $w px wide, not 880"

# FC_TEST_KEEP=DIR keeps the comment and the image to look at
if [ -n "${FC_TEST_KEEP:-}" ]; then
	mkdir -p "$FC_TEST_KEEP" && cp -r "$body" "$c/diff.png" "$GITHUB_STEP_SUMMARY" "$FC_TEST_KEEP/"
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

#!/bin/sh
# report --merge over manifests and output folders that come from strangers
# (docs/robustness.md, "report --merge"): every damaged manifest is a clear
# error naming the member, nothing is read or linked outside OUTDIR, nothing
# blocks or grows without bound, a file listed twice is shown once.
. "$(dirname "$0")/lib.sh"
command -v jq >/dev/null 2>&1 || { echo "SKIP: jq is not installed"; exit 77; }

IN=$TMP/in
mkdir -p "$IN"
cp "$DATA/corpus/seed-examples/minimal-cpu-profile-timing-data-samples.cpuprofile" "$IN/a.cpuprofile"
cp "$DATA/corpus/seed-examples/minimal-cpu-profile.cpuprofile" "$IN/b.cpuprofile"
chmod -R u+w "$IN"
run 0 report "$IN" -o "$TMP/base" --shard 1/2 -q
run 0 report "$IN" -o "$TMP/base" --shard 2/2 -q
run 0 report --merge -o "$TMP/base" -q
M1=.flamechart-report/shard-1-of-2.json
M2=.flamechart-report/shard-2-of-2.json

# fresh NAME: a copy of the shards' outputs in $TMP/NAME, index removed
fresh() {
	rm -rf "${TMP:?}/$1"
	cp -a "$TMP/base" "$TMP/$1"
	rm -f "$TMP/$1/index.html" "$TMP/$1/index.md"
	O=$TMP/$1
}
# edit FILTER: applies a jq filter to shard 1's manifest in $O
edit() {
	jq "$1" "$O/$M1" >"$TMP/m.json" && mv "$TMP/m.json" "$O/$M1"
}
# damaged NAME FILTER TEXT: the merge refuses the edited manifest, saying TEXT
damaged() {
	fresh "$1"
	edit "$2"
	run 2 report --merge -o "$O" -q
	contains "$TMP/err" "$3"
	[ -e "$O/index.html" ] && fail "$1: an index was written"
	return 0
}

damaged top-no-name 'del(.files[0].top[0].name)' 'files[0].top[0].name: missing'
damaged top-no-url 'del(.files[0].top[1].url)' 'files[0].top[1].url: missing'
damaged top-url-number '.files[0].top[1].url = 7' 'files[0].top[1].url: not a string'
damaged no-rel 'del(.files[0].rel)' 'files[0].rel: missing'
damaged slug-traversal '.files[0].slug = "../../../../tmp/x"' \
	'files[0].slug: not a file name made by flamechart'
damaged slug-slash '.files[0].slug = "thumbs/a"' 'not a file name made by flamechart'
damaged slug-dot '.files[0].slug = ".."' 'not a file name made by flamechart'
damaged samples-negative '.files[0].samples = -1' 'files[0].samples: out of range'
damaged samples-huge '.files[0].samples = 18446744073709551615' 'not a valid shard manifest'
damaged duration-huge '.files[0].duration_ms = 1e300' 'files[0].duration_ms: not a number'
damaged duration-negative '.files[0].duration_ms = -5' 'files[0].duration_ms: not a number'
damaged tier-string '.files[0].tiers_ms.app = "x"' 'files[0].tiers_ms.app'
damaged line-huge '.files[0].top[0].line = 99999999999' 'files[0].top[0].line: out of range'
damaged threads-string '.files[0].threads = "1"' 'files[0].threads: not an integer'
damaged ok-string '.files[0].ok = "yes"' 'files[0].ok'
damaged files-object '.files = {}' 'files (line 8, column 12): a damaged shard manifest: not an array'
damaged modes-huge '.modes = 4096' 'manifest.modes: out of range'
damaged shard-wrong '.shard = 2' 'manifest.shard: out of range'
damaged not-object '[1,2]' 'not a JSON object'
damaged same-slug '.files[0].slug = "b"' 'slug "b": used by two files or groups'

# the same file from two shards is listed once
fresh twice
jq --slurpfile other "$O/$M2" '.files += $other[0].files' "$O/$M1" >"$TMP/m.json" &&
	mv "$TMP/m.json" "$O/$M1"
run 0 report --merge -o "$O" -q
[ "$(grep -c '^| b.cpuprofile' "$O/index.md")" = 1 ] || fail "b.cpuprofile listed twice"

# shard names a shard never writes are not manifests (no 16 GiB allocation,
# no overflow): the merge goes on without them
for name in 'shard-1-of--1.json' 'shard-1-of-2147483647.json' 'shard-0-of-2.json' \
	'shard-01-of-2.json' 'shard-+1-of-2.json' 'shard-3-of-2.json'; do
	fresh names
	cp "$O/$M1" "$O/.flamechart-report/$name"
	run 0 report --merge -o "$O" -q
done

# a manifest that is a symbolic link, a FIFO, or too big
fresh mlink
cp "$O/$M1" "$TMP/elsewhere.json"
ln -sf "$TMP/elsewhere.json" "$O/$M1"
run 2 report --merge -o "$O" -q
contains "$TMP/err" "symbolic link"
if command -v mkfifo >/dev/null 2>&1; then
	fresh mfifo
	rm "$O/$M1"
	mkfifo "$O/$M1"
	timeout 60 "$FLAMECHART" report --merge -o "$O" -q 2>"$TMP/err"
	[ $? = 2 ] || fail "a FIFO manifest: want exit 2 at once"
	contains "$TMP/err" "not a regular file"
fi

# what report never writes is refused while the manifest streams, before
# jansson builds a tree of it (several times its size): a member of another
# name, a list of more than five top functions, an object for a value
damaged unknown-member '.files[0].extra = [1, 2]' \
	'files[0].extra (line '
contains "$TMP/err" 'a damaged shard manifest: a member report does not write: "extra"'
damaged top-six '.files[0].top += [{}, {}, {}]' 'files[0].top[5]'
contains "$TMP/err" 'more than 5 entries'
# the functions trend reads: at most 200, each checked, the cut's remainder
damaged functions-201 '.files[0].functions = [range(201) | {name: "f", file: "", self: 1, total: 1}]' \
	'files[0].functions[200]'
contains "$TMP/err" 'more than 200 entries'
damaged function-no-file 'del(.files[0].functions[0].file)' 'files[0].functions[0].file: missing'
damaged function-self-string '.files[0].functions[0].self = "1"' 'files[0].functions[0].self: not a number'
damaged function-url '.files[0].functions[0].url = "x"' 'a member report does not write: "url"'
damaged cpu-huge '.files[0].cpu = 1e300' 'files[0].cpu: not a number'
damaged no-functions 'del(.files[0].functions)' 'files[0].functions: missing'
damaged other-object '.files[0].functions_other = []' 'a damaged shard manifest: not an object'
damaged other-total '.files[0].functions_other.total = 1' 'a member report does not write: "total"'
damaged version-1 '.version = 1' 'manifest.version: out of range'
damaged file-number '.files[0] = 1' 'files[0] (line 9, column 5): a damaged shard manifest: not an object'
damaged rel-object '.files[0].rel = {"a": 1}' 'files[0].rel (line 10, column 14): a damaged shard manifest: an object where report writes a value'
# 8 M numbers in 16 MB: jansson held them in about 330 MB; now the peak is
# the manifest's bytes and the process, within 4 x the manifest + 64 MiB
fresh hog
{
	printf '{"version": 2, "shard": 1, "shards": 2, "modes": 3, "formats": 6, "groups": [], "files": [], "x": ['
	yes '0,' | head -n 8000000 | tr -d '\n'
	printf '0]}'
} >"$O/$M1"
if [ -x /usr/bin/time ] && [ -z "${FC_SANITIZED:-}" ]; then
	env -u MALLOC_PERTURB_ /usr/bin/time -f %M -o "$TMP/rss" "$FLAMECHART" report --merge -o "$O" -q \
		2>"$TMP/err"
	[ $? = 2 ] || fail "a manifest of 8 M numbers: want exit 2"
	kb=$(tail -n 1 "$TMP/rss")
	limit=$(((4 * $(wc -c <"$O/$M1") + 64 * 1048576) / 1024))
	[ "$kb" -le "$limit" ] || fail "a manifest of 8 M numbers: peak RSS $kb KB over $limit KB"
else
	run 2 report --merge -o "$O" -q
fi
contains "$TMP/err" 'a member report does not write: "x"'

# a manifest report could write, of 10 000 files: jansson holds one entry at
# a time, so the peak is the manifest's bytes, the files' records and the
# index, within 3 x the manifest + 24 MiB (the process alone is about
# 13 MB; with the whole tree in jansson it was about 13 MB + 9 x the manifest)
if [ -x /usr/bin/time ] && [ -z "${FC_SANITIZED:-}" ]; then
	fresh many
	rm "$O/$M2"
	jq -c '.files[0]' "$O/$M1" >"$TMP/entry.json"
	{
		printf '{"version": 2, "shard": 1, "shards": 1, "modes": %s, "formats": %s, "groups": [], "files": [\n' \
			"$(jq .modes "$O/$M1")" "$(jq .formats "$O/$M1")"
		awk -v n=10000 'NR == 1 { for (i = 0; i < n; i++) { e = $0; gsub(/"rel":"[^"]*"/, "\"rel\":\"d/p" i ".cpuprofile\"", e); gsub(/"slug":"[^"]*"/, "\"slug\":\"p" i "\"", e); print e (i < n - 1 ? "," : "") } }' "$TMP/entry.json"
		printf ']}\n'
	} >"$O/.flamechart-report/shard-1-of-1.json"
	rm "$O/$M1"
	env -u MALLOC_PERTURB_ /usr/bin/time -f %M -o "$TMP/rss" "$FLAMECHART" report --merge -o "$O" -q \
		2>"$TMP/err"
	[ $? = 0 ] || { fail "a manifest of 10 000 files: want exit 0"; cat "$TMP/err"; }
	contains "$O/index.md" 'p9999'
	kb=$(tail -n 1 "$TMP/rss")
	bytes=$(wc -c <"$O/.flamechart-report/shard-1-of-1.json")
	limit=$(((3 * bytes + 24 * 1048576) / 1024))
	echo "a manifest of 10 000 files, $bytes bytes: peak RSS $kb KB (bound $limit KB)"
	[ "$kb" -le "$limit" ] || fail "a manifest of 10 000 files: peak RSS $kb KB over $limit KB"
fi

# thumbnails: only regular files inside OUTDIR, size-bounded, are inlined
fresh thumb-zero
ln -sf /dev/zero "$O/thumbs/a.png"
timeout 60 "$FLAMECHART" report --merge -o "$O" -q 2>"$TMP/err"
[ $? = 0 ] || fail "thumbs/a.png -> /dev/zero: want exit 0 at once"
contains "$O/index.html" 'src="thumbs/a.png"'
[ "$(wc -c <"$O/index.html")" -lt 1000000 ] || fail "index.html inlined /dev/zero"

if command -v mkfifo >/dev/null 2>&1; then
	fresh thumb-fifo
	rm "$O/thumbs/a.png"
	mkfifo "$O/thumbs/a.png"
	timeout 60 "$FLAMECHART" report --merge -o "$O" -q 2>"$TMP/err"
	[ $? = 0 ] || fail "a FIFO thumbnail: want exit 0 at once"
	contains "$O/index.html" 'src="thumbs/a.png"'
fi

mkdir -p "$TMP/outside"
printf 'SECRET-PNG' >"$TMP/outside/a.png"
fresh thumb-link
ln -sf "$TMP/outside/a.png" "$O/thumbs/a.png"
run 0 report --merge -o "$O" -q
lacks "$O/index.html" "$(printf 'SECRET-PNG' | base64)"
fresh thumbs-dir-link
cp "$O/thumbs/b.png" "$TMP/outside/b.png"
rm -rf "$O/thumbs"
ln -s "$TMP/outside" "$O/thumbs"
run 0 report --merge -o "$O" -q
lacks "$O/index.html" "$(printf 'SECRET-PNG' | base64)"
lacks "$O/index.html" "data:image/png"

fresh thumb-big
head -c 5000000 /dev/zero >"$O/thumbs/a.png"
run 0 report --merge -o "$O" -q
contains "$O/index.html" 'src="thumbs/a.png"'

finish

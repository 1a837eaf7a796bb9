#!/bin/sh
# Round three of hostile inputs (docs/robustness.md, "Round three"): lines at
# the edge of their type, text that is not XML, Markdown autolinks, folded
# counts, cut labels and titles.
. "$(dirname "$0")/lib.sh"

# --- positions at the edge of int32: line and column 2147483647 (0-based,
# which the importers accept) have no 1-based number that fits, so they are
# unknown; 2147483646 is shown as 2147483647 everywhere, never negative, and
# report's manifest keeps it (one such profile must not fail a whole folder)
mkdir -p "$TMP/pos"
cat >"$TMP/pos/edge.cpuprofile" <<'JSON'
{"nodes":[{"id":1,"callFrame":{"functionName":"(root)","url":"","scriptId":"0","lineNumber":-1,"columnNumber":-1},"children":[2,3]},
{"id":2,"callFrame":{"functionName":"huge","url":"file:///src/a.js","scriptId":"1","lineNumber":2147483647,"columnNumber":2147483647}},
{"id":3,"callFrame":{"functionName":"edge","url":"file:///src/a.js","scriptId":"1","lineNumber":2147483646,"columnNumber":2147483646}}],
"startTime":0,"endTime":300,"samples":[2,3,2],"timeDeltas":[100,100,100]}
JSON
run 0 info "$TMP/pos/edge.cpuprofile"
contains "$TMP/out" "edge  file:///src/a.js:2147483647"
lacks "$TMP/out" "-2147483648"
lacks "$TMP/out" "a.js:0"
run 0 info --json "$TMP/pos/edge.cpuprofile"
contains "$TMP/out" '"line": 2147483647'
lacks "$TMP/out" '-2147483648'
run 0 "$TMP/pos/edge.cpuprofile" -f folded -o "$TMP/pos.folded"
grep -q '^edge file:///src/a.js:2147483647:2147483647 1$' "$TMP/pos.folded" ||
	fail "folded output lacks edge's 1-based position: $(cat "$TMP/pos.folded")"
grep -q '^huge file:///src/a.js 2$' "$TMP/pos.folded" ||
	fail "folded output gives huge a position: $(cat "$TMP/pos.folded")"
run 0 "$TMP/pos/edge.cpuprofile" -f svg --svg-backend native -o "$TMP/pos.svg"
lacks "$TMP/pos.svg" "2147483648"
contains "$TMP/pos.svg" "a.js:2147483647:2147483647"
run 0 report "$TMP/pos" -o "$TMP/posrep" -q
[ -s "$TMP/posrep/index.html" ] || fail "report wrote no index for a line of 2147483646"
run 0 report "$TMP/pos" -o "$TMP/posrep2" --shard 1/1 -q
run 0 report --merge -o "$TMP/posrep2" -q
contains "$TMP/posrep2/index.html" "2147483647"
contains "$TMP/posrep2/.flamechart-report/shard-1-of-1.json" "\"line\": 2147483647"

# --- SVG tooltips are cut: a JS Self-Profiling trace names its URL once,
# and 300 frames each carry it in their tooltip (before: a 30 MB SVG from
# 130 KB); a 4-byte character at the cut stays whole
awk -v n=300 -v l=100000 'BEGIN { ORS = ""; u = "a"; while (length(u) < l) u = u u; u = substr(u, 1, l)
	u = "https://cdn.example.com/" u
	print "{\"frames\":["
	for (i = 0; i < n; i++) print (i ? "," : "") "{\"column\":1,\"line\":" i + 1 ",\"name\":\"f" i "\",\"resourceId\":0}"
	print "],\"resources\":[\"" u ".js\"],\"samples\":["
	for (i = 0; i < n; i++) print (i ? "," : "") "{\"stackId\":" i ",\"timestamp\":" i * 10 "}"
	print "],\"stacks\":["
	for (i = 0; i < n; i++) print (i ? "," : "") "{\"frameId\":" i "}"
	print "]}\n" }' >"$TMP/longurl.json"
for mode in "" --interactive; do
	run 0 "$TMP/longurl.json" -f svg $mode -o "$TMP/longurl.svg"
	size=$(wc -c <"$TMP/longurl.svg")
	[ "$size" -lt 1000000 ] || fail "SVG $mode of 300 frames with a 100 KB URL: $size bytes"
	contains "$TMP/longurl.svg" "aaaa…:8"
done
awk 'BEGIN { ORS = ""; n = ""; for (i = 0; i < 2000; i++) n = n "\xf0\x9f\x94\xa5"
	print "{\"nodes\":[{\"id\":1,\"callFrame\":{\"functionName\":\"(root)\",\"url\":\"\",\"scriptId\":\"0\",\"lineNumber\":-1,\"columnNumber\":-1},\"children\":[2]},"
	print "{\"id\":2,\"callFrame\":{\"functionName\":\"x" n "\",\"url\":\"file:///a.js\",\"scriptId\":\"1\",\"lineNumber\":1,\"columnNumber\":1}}],"
	print "\"startTime\":0,\"endTime\":100,\"samples\":[2],\"timeDeltas\":[100]}\n" }' >"$TMP/emoji.cpuprofile"
run 0 "$TMP/emoji.cpuprofile" -f svg -o "$TMP/emoji.svg"
iconv -f UTF-8 -t UTF-8 "$TMP/emoji.svg" >/dev/null 2>&1 || fail "the SVG of a long emoji name is not valid UTF-8"
contains "$TMP/emoji.svg" "🔥…"

# --- U+FFFE and U+FFFF are valid UTF-8 but not XML characters: in a name,
# a URL or --title they become U+FFFD, and every native SVG stays
# well-formed XML (chart, graph, interactive, diff, report)
printf '{"nodes":[{"id":1,"callFrame":{"functionName":"(root)","url":"","scriptId":"0","lineNumber":-1,"columnNumber":-1},"children":[2,3]},{"id":2,"callFrame":{"functionName":"a\\ufffeb","url":"file:///x\\uffff.js","scriptId":"1","lineNumber":1,"columnNumber":1}},{"id":3,"callFrame":{"functionName":"c\357\277\277","url":"","scriptId":"0","lineNumber":1,"columnNumber":1}}],"startTime":0,"endTime":300,"samples":[2,3,2],"timeDeltas":[100,100,100]}\n' >"$TMP/nonxml.cpuprofile"
well_formed() {
	python3 -c 'import sys, xml.dom.minidom as m; m.parse(sys.argv[1])' "$1" 2>"$TMP/xmlerr" ||
		fail "$2: not well-formed XML: $(tail -n 1 "$TMP/xmlerr")"
}
if command -v python3 >/dev/null 2>&1; then
	for args in "-m chart" "-m graph" "--interactive" "--title t$(printf '\357\277\276')"; do
		run 0 "$TMP/nonxml.cpuprofile" -f svg $args -o "$TMP/nonxml.svg"
		well_formed "$TMP/nonxml.svg" "SVG $args"
		contains "$TMP/nonxml.svg" "a�b"
	done
	run 0 diff "$TMP/nonxml.cpuprofile" "$TMP/nonxml.cpuprofile" -f svg -o "$TMP/nonxml-diff.svg"
	well_formed "$TMP/nonxml-diff.svg" "diff SVG"
	mkdir -p "$TMP/nonxml"
	cp "$TMP/nonxml.cpuprofile" "$TMP/nonxml/"
	run 0 report "$TMP/nonxml" -o "$TMP/nonxml-rep" -f svg -q
	for f in "$TMP"/nonxml-rep/*.svg; do well_formed "$f" "report $(basename "$f")"; done
else
	missing_tool python3 "XML well-formedness of SVGs with U+FFFE"
fi

# --- a graph label cut inside a 4-byte character: no stray bytes (they
# became U+FFFD), at any width
awk 'BEGIN { ORS = ""; n = ""; for (i = 0; i < 300; i++) n = n "\xf0\x9f\x94\xa5"
	print "{\"nodes\":[{\"id\":1,\"callFrame\":{\"functionName\":\"(root)\",\"url\":\"\",\"scriptId\":\"0\",\"lineNumber\":-1,\"columnNumber\":-1},\"children\":[2,3]},"
	print "{\"id\":2,\"callFrame\":{\"functionName\":\"f" n "\",\"url\":\"file:///a.js\",\"scriptId\":\"1\",\"lineNumber\":1,\"columnNumber\":1}},"
	print "{\"id\":3,\"callFrame\":{\"functionName\":\"b\",\"url\":\"\",\"scriptId\":\"0\",\"lineNumber\":1,\"columnNumber\":1}}],"
	print "\"startTime\":0,\"endTime\":300,\"samples\":[2,3,2],\"timeDeltas\":[100,100,100]}\n" }' >"$TMP/emoji-label.cpuprofile"
for w in 300 700 1200; do
	run 0 "$TMP/emoji-label.cpuprofile" -m graph -w "$w" -f svg -o "$TMP/emoji-label.svg"
	lacks "$TMP/emoji-label.svg" "$(printf '\357\277\275')"
	contains "$TMP/emoji-label.svg" ">f🔥🔥"
done

# --- a theme's font family longer than a name's 127 bytes: cut at a
# character, the SVG stays valid UTF-8
printf '{"name":"long","font":{"family":"DejaVu Sans, %s🔥🔥","size":12}}\n' \
	"$(awk 'BEGIN { for (i = 0; i < 126; i++) printf "A" }')" >"$TMP/long-family.json"
run 0 "$TMP/emoji-label.cpuprofile" --theme "$TMP/long-family.json" -f svg -o "$TMP/family.svg"
iconv -f UTF-8 -t UTF-8 "$TMP/family.svg" >/dev/null 2>&1 || fail "a long font family name made the SVG invalid UTF-8"
contains "$TMP/family.svg" "\"DejaVu Sans\",\"AAAA"

# --- Markdown: names and packages that GFM or GitHub would make live:
# e-mail autolinks (a backslash before @ does not stop them), xmpp: and
# mailto:, @mentions (a scoped npm package is "@scope/name") and #123.
# Rendered with cmark-gfm's autolink extension: no mailto:/xmpp: link, and
# no @ or # followed by a letter or digit in the text outside code spans
autolinkable() {
	awk -v pkg="$1" 'BEGIN { ORS = ""
		split("security@example.com|xmpp:foo@bar.com|mailto:a@b.co|@octocat|fix #123", nm, "|")
		print "{\"nodes\":[{\"id\":1,\"callFrame\":{\"functionName\":\"(root)\",\"url\":\"\",\"scriptId\":\"0\",\"lineNumber\":-1,\"columnNumber\":-1}}"
		for (i = 1; i <= 5; i++) print ",{\"id\":" i + 1 ",\"parent\":1,\"callFrame\":{\"functionName\":\"" nm[i] "\",\"url\":\"file:///app/node_modules/" pkg i "/index.js\",\"scriptId\":\"" i "\",\"lineNumber\":" i ",\"columnNumber\":1}}"
		print "],\"startTime\":0,\"endTime\":500,\"samples\":[2,3,4,5,6],\"timeDeltas\":[100,100,100,100,100]}\n" }'
}
live_links() {
	cmark-gfm -e autolink -e table "$1" >"$TMP/md.html"
	lacks "$TMP/md.html" "href=\"mailto:"
	lacks "$TMP/md.html" "href=\"xmpp:"
	# code blocks (<pre>, over several lines) and code spans hold no links
	perl -0pe 's/<pre>.*?<\/pre>//gs' "$TMP/md.html" |
		sed 's/<code>[^<]*<\/code>//g; s/<[^>]*>//g' >"$TMP/md.txt"
	if grep -nE '[@#][A-Za-z0-9]' "$TMP/md.txt" >"$TMP/md.hits"; then
		fail "$2: @ or # before a name in the text: $(head -3 "$TMP/md.hits")"
	fi
}
if command -v cmark-gfm >/dev/null 2>&1; then
	autolinkable "@octocat/x" >"$TMP/al-base.cpuprofile"
	autolinkable "security@example.com" >"$TMP/al-head.cpuprofile"
	run 0 "$TMP/al-base.cpuprofile" -f md -o "$TMP/al.md"
	live_links "$TMP/al.md" "-f md"
	run 0 "$TMP/al-head.cpuprofile" -f md -o "$TMP/al2.md"
	live_links "$TMP/al2.md" "-f md"
	run 0 diff "$TMP/al-base.cpuprofile" "$TMP/al-head.cpuprofile" -f md -o "$TMP/al-diff.md"
	live_links "$TMP/al-diff.md" "diff -f md"
else
	missing_tool cmark-gfm "Markdown autolinks"
fi

# --- folded -> folded keeps the counts (they were all written as 1), also
# after --focus; a second round trip changes nothing
printf 'main;parse;lex 5\nmain;parse 2\nmain;render 30\nidle 7\n' >"$TMP/w.folded"
run 0 "$TMP/w.folded" -f folded -o "$TMP/w2.folded"
sort "$TMP/w.folded" >"$TMP/w.sorted"
sort "$TMP/w2.folded" | cmp -s - "$TMP/w.sorted" || fail "folded -> folded: $(tr '\n' '|' <"$TMP/w2.folded")"
run 0 "$TMP/w2.folded" -f folded -o "$TMP/w3.folded"
cmp -s "$TMP/w2.folded" "$TMP/w3.folded" || fail "folded -> folded -> folded changed"
run 0 "$TMP/w.folded" -f folded --focus parse -o "$TMP/wf.folded"
grep -qx 'parse;lex 5' "$TMP/wf.folded" && grep -qx 'parse 2' "$TMP/wf.folded" ||
	fail "folded --focus parse: $(tr '\n' '|' <"$TMP/wf.folded")"

# --- a --title longer than the Markdown budget: only the title is cut
# (before: the whole comment was the cut title)
run 0 "$TMP/al-base.cpuprofile" -f md --title "$(awk 'BEGIN { for (i = 0; i < 20000; i++) printf "TTTTT" }')" -o "$TMP/title.md"
[ "$(wc -c <"$TMP/title.md")" -le 65536 ] || fail "-f md with a long title: over 65536 bytes"
contains "$TMP/title.md" "TTTTT…"
contains "$TMP/title.md" "functions by self time"
lacks "$TMP/title.md" "Cut at a line break"

finish

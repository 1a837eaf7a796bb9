#!/bin/sh
# docs/ARCHITECTURE.md names every source file of src/ (as `name.c`); the
# repository stands on its own: no pointer to a document it does not hold,
# every docs/NAME.md named exists, and every section of the rules pages that
# a comment cites ("devtools-rules §5.1", "input-rules §E2") is there.
cd "${1:?source root}" || exit 1
status=0
for f in $(find src -name '*.c' | sort); do
	grep -q "\`${f##*/}\`\|, \`${f##*/}\`\|${f##*/}\`" docs/ARCHITECTURE.md || {
		echo "docs/ARCHITECTURE.md does not mention $f"
		status=1
	}
done

# the documents the project started from, which it does not hold (each
# first letter in brackets: the same pattern, without this line naming them)
outside='[D]ESIGN|[d]evtools\.md|[f]ormats\.md|[S]TYLE\.md|[p]eers\.md|reference/[d]evtools|\.\./[s]hared'
if grep -rnE "$outside" src include docs tests README.md --exclude=architecture.sh --exclude-dir=node_modules; then
	echo "the lines above point to documents outside the repository"
	status=1
fi
for d in $(grep -rohE 'docs/[A-Za-z0-9_-]+\.md' src include docs tests README.md --exclude=architecture.sh --exclude-dir=node_modules | sort -u); do
	[ -f "$d" ] || { echo "$d is named but does not exist"; status=1; }
done
for ref in $(grep -rohE '(devtools|input)-rules §[A-Z]?[0-9]*' src include tests --exclude-dir=node_modules | tr ' ' '@' | sort -u); do
	page=docs/${ref%%@*}.md
	sec=${ref#*§}
	pat="^##+ $sec\."
	grep -qE "$pat" "$page" || { echo "$page has no section $sec (cited as ${ref#*@})"; status=1; }
done
exit $status

#!/bin/sh
# docs/ARCHITECTURE.md names every source file of src/ (as `name.c`).
cd "${1:?source root}" || exit 1
status=0
for f in $(find src -name '*.c' | sort); do
	grep -q "\`${f##*/}\`\|, \`${f##*/}\`\|${f##*/}\`" docs/ARCHITECTURE.md || {
		echo "docs/ARCHITECTURE.md does not mention $f"
		status=1
	}
done
exit $status

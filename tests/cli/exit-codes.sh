#!/bin/sh
# Exit codes and messages of the command line (documented in --help).
. "$(dirname "$0")/lib.sh"
P=$DATA/corpus/seed-examples/minimal-cpu-profile.cpuprofile

run 0 --help
contains "$TMP/out" "Usage:"
contains "$TMP/out" "Exit codes:"
contains "$TMP/out" "  2  input error"
[ -s "$TMP/err" ] && fail "--help wrote to stderr"
run 0 --version
contains "$TMP/out" "flamechart "

# usage errors: exit 1, message on stderr
run 1 --no-such-option "$P"
contains "$TMP/err" "flamechart: unknown option '--no-such-option'"
contains "$TMP/err" "Try 'flamechart --help' for more information."
run 1 info
contains "$TMP/err" "flamechart: no input"
run 1 "$P" --width abc
contains "$TMP/err" "--width must be"
run 1 "$P" --hide bogus
contains "$TMP/err" "unknown tier"
run 1 info "$P" --jobs 2
contains "$TMP/err" "does not apply to 'info'"
run 1 "$P" --width
contains "$TMP/err" "needs an argument"

# input errors: exit 2, the file named
run 2 info "$TMP/missing.cpuprofile"
contains "$TMP/err" "flamechart: $TMP/missing.cpuprofile: cannot open: No such file or directory"
run 2 info "$TMP"
contains "$TMP/err" "is a directory"
printf 'not json' >"$TMP/bad.cpuprofile"
run 2 info "$TMP/bad.cpuprofile"
contains "$TMP/err" "flamechart: $TMP/bad.cpuprofile: text, but line 1 is not \`stack count\`"
printf '{"nodes":[{"id":1,,}]}' >"$TMP/bad.cpuprofile"
run 2 info "$TMP/bad.cpuprofile"
contains "$TMP/err" "flamechart: $TMP/bad.cpuprofile: nodes[0] (line 1, column 19): not valid JSON: expected a string key, found ','"
: >"$TMP/empty.cpuprofile"
run 2 info "$TMP/empty.cpuprofile"
contains "$TMP/err" "the file is empty"
printf '{"traceEvents":[]}' >"$TMP/trace.cpuprofile"
run 2 info --input-format cpuprofile "$TMP/trace.cpuprofile"
contains "$TMP/err" "Chrome trace-event file"
if [ "$(id -u)" != 0 ]; then
	cp "$P" "$TMP/unreadable.cpuprofile"
	chmod 000 "$TMP/unreadable.cpuprofile"
	run 2 info "$TMP/unreadable.cpuprofile"
	contains "$TMP/err" "Permission denied"
fi
run 2 info --max-input-size 100 "$P"
contains "$TMP/err" "larger than 100 bytes"

# stdin
run 0 info - <"$P"
contains "$TMP/out" "<stdin>"

# output errors: exit 3
run 3 "$P" -f json -o "$TMP/no/such/dir/out.json"
contains "$TMP/err" "$TMP/no/such/dir/out.json: cannot create the output file"
if [ -w /dev/full ]; then
	"$FLAMECHART" "$P" -f json -o - >/dev/full 2>"$TMP/err"
	[ $? = 3 ] || fail "json to /dev/full: not exit 3"
	contains "$TMP/err" "flamechart: <stdout>: write error: No space left on device"
	"$FLAMECHART" info "$P" >/dev/full 2>"$TMP/err"
	[ $? = 3 ] || fail "info to /dev/full: not exit 3"
fi

finish

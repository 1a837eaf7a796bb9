#!/bin/sh
# Output faults (docs/robustness.md): an output that cannot be written is a
# clear error naming it, exit code 3, and no file -- whole or partial -- is
# left behind, for every format.
. "$(dirname "$0")/lib.sh"
P=$DATA/corpus/real/ng-build/CPU.20250519.000215.90620.0.001.cpuprofile
FORMATS="svg png pdf json"

# test mounts (as root) go away with the temporary directory
trap 'umount "$TMP/ro" 2>/dev/null; umount "$TMP/small" 2>/dev/null; rm -rf "$TMP"' EXIT

# no_leftovers DIR: DIR is empty (no output, no temporary file)
no_leftovers() {
	left=$(find "$1" -mindepth 1 | head -3)
	[ -z "$left" ] || fail "left behind in $1: $left"
}

# --- a directory that does not exist, a file where a directory should be ----------
for fmt in $FORMATS; do
	run 3 "$P" -f "$fmt" -o "$TMP/no/such/dir/out.$fmt"
	contains "$TMP/err" "flamechart: $TMP/no/such/dir/out.$fmt: cannot create the output file: No such file or directory"
	: >"$TMP/plain"
	run 3 "$P" -f "$fmt" -o "$TMP/plain/out.$fmt"
	contains "$TMP/err" "cannot create the output file: Not a directory"
	rm -f "$TMP/plain"
done

# --- an unwritable directory: read-only for a normal user; root ignores
# permissions, so as root a read-only tmpfs stands in (when mount works) ---
mkdir "$TMP/ro"
ro_ready=false
if [ "$(id -u)" != 0 ]; then
	chmod 555 "$TMP/ro" && ro_ready=true
	ro_error="Permission denied"
elif mount -t tmpfs -o ro,size=64k flamechart-test "$TMP/ro" 2>/dev/null; then
	ro_ready=true
	ro_error="Read-only file system"
else
	echo "note: root without mount: the unwritable-directory case is skipped"
fi
if $ro_ready; then
	for fmt in $FORMATS; do
		run 3 "$P" -f "$fmt" -o "$TMP/ro/out.$fmt"
		contains "$TMP/err" "flamechart: $TMP/ro/out.$fmt: cannot create the output file: $ro_error"
	done
	no_leftovers "$TMP/ro"
	[ "$(id -u)" = 0 ] && umount "$TMP/ro"
	chmod 755 "$TMP/ro"
fi

# --- a full disk: /dev/full (a device: written in place, never replaced by a
# rename), and a real file system that fills up (a 16 KiB tmpfs, as root) ---
# As root a regression would replace the machine's /dev/full and /dev/null
# (and other programs on the machine may do so too), so as root copies of
# the two devices made in $TMP are used; a normal user uses the real ones,
# which it cannot replace.
full=/dev/full null=/dev/null
if [ "$(id -u)" = 0 ] && mknod "$TMP/full" c 1 7 && mknod "$TMP/null" c 1 3; then
	full=$TMP/full null=$TMP/null
fi
for fmt in $FORMATS; do
	run 3 "$P" -f "$fmt" -o "$full"
	contains "$TMP/err" "flamechart: $full: write error: No space left on device"
	[ -c "$full" ] || { fail "-o $full replaced the device"; break; }
done
# writing to a device succeeds in place and leaves it a device
run 0 "$P" -f svg -o "$null"
[ -c "$null" ] || fail "-o $null replaced the device"
mkdir "$TMP/small"
if [ "$(id -u)" = 0 ] && mount -t tmpfs -o size=16k flamechart-test "$TMP/small" 2>/dev/null; then
	for fmt in $FORMATS; do
		run 3 "$P" -f "$fmt" -o "$TMP/small/out.$fmt"
		contains "$TMP/err" "flamechart: $TMP/small/out.$fmt: write error: No space left on device"
		no_leftovers "$TMP/small"
	done
	# a file that fits is written
	run 0 "$DATA/corpus/seed-examples/minimal-cpu-profile.cpuprofile" -f json -o "$TMP/small/ok.json"
	[ -s "$TMP/small/ok.json" ] || fail "a small output on the small tmpfs was not written"
	umount "$TMP/small"
else
	echo "note: no tmpfs (needs root and mount): the filling-disk case is covered by /dev/full only"
fi

# --- stdout closed, a broken pipe ------------------------------------------------------------
# (outputs larger than a pipe's 64 KiB buffer, so that the writer is still
# writing when the reader has gone)
P=$DATA/corpus/chrome-versions/Chrome-65-sucrase.cpuprofile
BIG="-w 4000 --minwidth 0"
for fmt in $FORMATS; do
	"$FLAMECHART" "$P" -f "$fmt" $BIG -o "$TMP/big.$fmt" 2>/dev/null
	[ "$(wc -c <"$TMP/big.$fmt")" -gt 262144 ] || fail "-f $fmt: the output is too small for the pipe test"
done
for fmt in $FORMATS; do
	"$FLAMECHART" "$P" -f "$fmt" -o - >&- 2>"$TMP/err"
	rc=$?
	[ "$rc" = 3 ] || fail "-f $fmt -o - with stdout closed: exit $rc, want 3"
	contains "$TMP/err" "flamechart: <stdout>: write error: Bad file descriptor"
	# the reader goes away after 10 bytes (| head): EPIPE (SIGPIPE is ignored),
	# and a reader that stopped early is no error: exit 0, nothing on stderr
	rc=$( ("$FLAMECHART" "$P" -f "$fmt" $BIG -o - 2>"$TMP/err"; echo $? >"$TMP/rc") | head -c 10 >/dev/null
		cat "$TMP/rc")
	[ "$rc" = 0 ] || fail "-f $fmt into a broken pipe: exit $rc, want 0"
	[ ! -s "$TMP/err" ] || fail "-f $fmt into a broken pipe: stderr says $(cat "$TMP/err")"
done
# the same for info and --help (outputs larger than a pipe's buffer)
for args in "info $DATA/corpus/real/ng-build/CPU.20250519.000215.90620.0.001.cpuprofile $DATA/corpus/real/ng-build/CPU.20250519.000216.90620.1.002.cpuprofile $DATA/corpus/real/ng-build/CPU.20250519.000216.90620.2.003.cpuprofile" "--help"; do
	rc=$( (for k in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
			"$FLAMECHART" $args 2>>"$TMP/err2" || { echo $? >"$TMP/rc2"; exit; }
		done; echo 0 >"$TMP/rc2") | head -c 10 >/dev/null
		cat "$TMP/rc2")
	[ "$rc" = 0 ] || fail "$args into a broken pipe: exit $rc, want 0"
	[ ! -s "$TMP/err2" ] || fail "$args into a broken pipe: stderr says $(cat "$TMP/err2")"
done

# --- a failed write leaves an existing file as it was ----------------------------------------
echo "previous" >"$TMP/keep.svg"
if [ "$(id -u)" = 0 ] && mount -t tmpfs -o size=16k flamechart-test "$TMP/small" 2>/dev/null; then
	echo "previous" >"$TMP/small/keep.svg"
	run 3 "$P" -f svg -o "$TMP/small/keep.svg"
	[ "$(cat "$TMP/small/keep.svg")" = previous ] || fail "a failed write changed the existing file"
	[ "$(find "$TMP/small" -name '.keep.svg.*' | wc -l)" = 0 ] || fail "temporary file left behind"
	umount "$TMP/small"
fi

finish

#!/bin/sh
# SIGTERM and SIGINT during a report or a render: no temporary file is left
# behind and the exit status is 128 + the signal number (docs/robustness.md).
# Outputs get the mode a plain creat() would give under the caller's umask.
. "$(dirname "$0")/lib.sh"
P=$DATA/corpus/seed-examples/minimal-cpu-profile.cpuprofile
IN=$TMP/in
mkdir -p "$IN"
i=0
while [ $i -lt 200 ]; do
	cp "$P" "$IN/p$i.cpuprofile"
	i=$((i + 1))
done
# env --default-signal: a background job of a script ignores SIGINT otherwise
defsig=
if env --default-signal=INT true 2>/dev/null; then defsig="env --default-signal=INT"; fi

# interrupt SIGNAL STATUS: a report into a fresh folder, stopped once a
# temporary file exists
interrupt() {
	out=$TMP/out-$1
	$defsig "$FLAMECHART" report "$IN" -o "$out" -j 1 -q 2>/dev/null &
	pid=$!
	n=0
	while [ $n -lt 3000 ]; do
		ls -a "$out" 2>/dev/null | grep -q '^\..*\.[A-Za-z0-9]\{6\}$' && break
		n=$((n + 1))
		sleep 0.01
	done
	kill -s "$1" $pid
	wait $pid
	got=$?
	[ "$got" = "$2" ] || fail "SIG$1: exit $got, want $2"
	left=$(ls -a "$out" "$out/thumbs" 2>/dev/null | grep -c '^\..*\.[A-Za-z0-9]\{6\}$')
	[ "$left" = 0 ] || fail "SIG$1: $left temporary files left in $out"
}
interrupt TERM 143
if [ -n "$defsig" ]; then interrupt INT 130; else echo "SIGINT case skipped: no env --default-signal"; fi

# 0666 cut by the umask, whatever the umask
for m in 027:640 002:664 077:600; do
	(umask "${m%%:*}" && "$FLAMECHART" -q -o "$TMP/mode.svg" "$P") || fail "render under umask ${m%%:*}"
	got=$(stat -c %a "$TMP/mode.svg")
	[ "$got" = "${m#*:}" ] || fail "umask ${m%%:*}: mode $got, want ${m#*:}"
	rm -f "$TMP/mode.svg"
done

finish

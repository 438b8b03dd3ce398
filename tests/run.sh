#!/bin/sh
# Runs every test program and script given as arguments, prints each one's
# counts, and ends with the total as "N passed, N failed". A program that
# crashes, or ends without its count line, counts as one failure. With
# VALGRIND set (make valgrind), the test programs run under it.
passed=0
failed=0
out=$(mktemp)
trap 'rm -f "$out"' EXIT
for t in "$@"; do
    printf '%s: ' "$t" # where the run is, while a long test goes on
    case "$t" in
    *.sh) sh "$t" >"$out" 2>&1 ;;
    *) $VALGRIND "./$t" >"$out" 2>&1 ;;
    esac
    rc=$?
    line=$(tail -n 1 "$out")
    p=$(printf '%s\n' "$line" | sed -n 's/^\([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed.*/\1/p')
    f=$(printf '%s\n' "$line" | sed -n 's/^\([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed.*/\2/p')
    if [ -z "$p" ]; then
        p=0
        f=1
    elif [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
        f=1
    fi
    if [ "$f" -ne 0 ]; then
        grep -v '^[0-9]* passed, [0-9]* failed' "$out" | tail -n 30
        echo "$p passed, $f failed (exit $rc)"
        echo "$t: $p passed, $f failed (exit $rc)"
    else
        echo "$p passed"
    fi
    passed=$((passed + p))
    failed=$((failed + f))
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]

#!/bin/sh
# Runs every test program and script given as arguments, prints each one's
# counts, and ends with the total as "N passed, N failed". A program that
# crashes, or ends without its count line, counts as one failure. With
# VALGRIND set (make valgrind), the test programs run under it. With JOBS
# above 1 (make sets one per core), that many run at once, each into a file
# of its own, and the counts are printed in the order given, each once its
# test has ended. The test programs write no files; the scripts (which run
# make, install, build the bindings) run one after the other, in order,
# beside the programs.
passed=0
failed=0
dir=$(mktemp -d "${TMPDIR:-/tmp}/bfc-run.XXXXXX") || exit 1
trap 'rm -rf "$dir"' EXIT

# one N TEST: runs TEST into $dir/N.out, its exit status into $dir/N.rc
one() {
    case "$2" in
    *.sh) sh "$2" >"$dir/$1.out" 2>&1 ;;
    *) $VALGRIND "./$2" >"$dir/$1.out" 2>&1 ;;
    esac
    echo $? >"$dir/$1.rc.new" && mv "$dir/$1.rc.new" "$dir/$1.rc" # whole when seen
}

# report N TEST: that run's counts, added to the totals
report() {
    rc=$(cat "$dir/$1.rc" 2>/dev/null || echo 1)
    line=$(tail -n 1 "$dir/$1.out" 2>/dev/null)
    p=$(printf '%s\n' "$line" | sed -n 's/^\([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed.*/\1/p')
    f=$(printf '%s\n' "$line" | sed -n 's/^\([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed.*/\2/p')
    if [ -z "$p" ]; then
        p=0
        f=1
    elif [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
        f=1
    fi
    if [ "$f" -ne 0 ]; then
        grep -v '^[0-9]* passed, [0-9]* failed' "$dir/$1.out" | tail -n 30
        echo "$p passed, $f failed (exit $rc)"
        echo "$2: $p passed, $f failed (exit $rc)"
    else
        echo "$p passed"
    fi
    passed=$((passed + p))
    failed=$((failed + f))
}

jobs=${JOBS:-1}
case "$jobs" in '' | *[!0-9]*) jobs=1 ;; esac
if [ "$jobs" -gt 1 ]; then
    # a pool of $jobs runners, each taking the next test in turn; only the
    # first takes scripts
    n=$#
    runner() {
        me=$1
        shift
        k=1
        while [ "$k" -le "$n" ]; do
            eval "t=\${$k}"
            case "$t" in *.sh) [ "$me" -eq 1 ] || t= ;; esac
            # mkdir is atomic: the runner that makes $k.claim runs test k
            if [ -n "$t" ] && mkdir "$dir/$k.claim" 2>/dev/null; then
                one "$k" "$t"
            fi
            k=$((k + 1))
        done
    }
    r=1
    while [ "$r" -le "$jobs" ]; do
        runner "$r" "$@" &
        r=$((r + 1))
    done
    # the counts in the order given, each as soon as its test has ended
    i=0
    for t in "$@"; do
        i=$((i + 1))
        printf '%s: ' "$t"
        while [ ! -f "$dir/$i.rc" ]; do sleep 1; done
        report "$i" "$t"
    done
    wait
else
    i=0
    for t in "$@"; do
        i=$((i + 1))
        printf '%s: ' "$t" # where the run is, while a long test goes on
        one "$i" "$t"
        report "$i" "$t"
    done
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]

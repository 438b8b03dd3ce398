#!/bin/sh
# The Python package bindings/python (bfc) under pytest: scoring against
# bfc-score on the shared sample cases, whole games of every preset,
# save/load/copy round trips, bad input, the OpenSpiel-style adapter, bfc.sim
# against bfc-sim, and bfc.distributed on a local Dask cluster. Run from the
# repository root after `make`:
#
#     sh tests/test_python.sh
#
# Uses the first of $PYTHON, python3 and /usr/bin/python3 that has pytest
# (Debian: python3-pytest; the tensor tests want python3-numpy, the Dask
# tests python3-distributed, each skipped without it), under -X
# faulthandler: a crash prints every thread's Python stack. Without pytest
# it notes why and counts nothing. The last line is "N passed, N failed".
#
# With a library built under the sanitizers (`make sanitize`: -fsanitize in
# LDFLAGS) Python can load it only with the sanitizer's runtime first, so
# the runtime of $CC is preloaded (LD_PRELOAD: gcc's libasan and libubsan,
# or clang's libclang_rt.asan) and the tests that exist to prove the
# package never hurts its host run: threads, copies, closed objects
# (tests/test_threads.py) and the table of bad inputs
# (tests/test_bad_inputs.py). Any report of the sanitizers fails them.

py=
for cand in ${PYTHON:-} python3 /usr/bin/python3; do
    if command -v "$cand" >/dev/null 2>&1 && "$cand" -c 'import pytest' >/dev/null 2>&1; then
        py=$cand
        break
    fi
done
if [ -z "$py" ]; then
    echo "note: no python3 with pytest (Debian: apt-get install python3-pytest); Python tests not run"
    echo "0 passed, 0 failed"
    exit 0
fi
tests=bindings/python/tests
preload=
case " ${LDFLAGS:-} ${CFLAGS:-} " in
*-fsanitize=*)
    cc=${CC:-cc}
    for rt in "libasan.so libubsan.so" "libclang_rt.asan-x86_64.so"; do
        preload=
        for lib in $rt; do
            path=$("$cc" -print-file-name="$lib" 2>/dev/null)
            case $path in
            /*) [ -e "$path" ] && preload="$preload${preload:+ }$path" ;;
            *) preload= && break ;;
            esac
        done
        [ -n "$preload" ] && break
    done
    if [ -z "$preload" ]; then
        echo "note: the library is built with sanitizers and $cc names no runtime to preload; Python tests not run"
        echo "0 passed, 0 failed"
        exit 0
    fi
    echo "note: the library is built with sanitizers: Python runs the host-safety tests with LD_PRELOAD=$preload"
    tests="$tests/test_threads.py $tests/test_bad_inputs.py"
    ;;
esac

out=$(mktemp) || exit 1
trap 'rm -f "$out"' 0
# shellcheck disable=SC2086 # $tests is a list of paths
PYTHONDONTWRITEBYTECODE=1 PYTHONPATH="bindings/python${PYTHONPATH:+:$PYTHONPATH}" \
    LD_PRELOAD="$preload${LD_PRELOAD:+ $LD_PRELOAD}" \
    ASAN_OPTIONS="detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}" \
    "$py" -X faulthandler -m pytest -q -p no:cacheprovider -rs $tests >"$out" 2>&1
rc=$?
cat "$out"
summary=$(grep -E '^(=+ )?[0-9]+ (passed|failed|error|skipped)|^(=+ )?no tests ran' "$out" | tail -n 1)
count() { printf '%s\n' "$summary" | sed -n "s/.*[^0-9]\([0-9][0-9]*\) $1.*/\1/p;s/^\([0-9][0-9]*\) $1.*/\1/p" | head -n 1; }
passed=$(count passed)
failed=$(count failed)
errors=$(count error)
passed=${passed:-0}
failed=$((${failed:-0} + ${errors:-0}))
if [ "$rc" -ne 0 ] && [ "$failed" -eq 0 ]; then
    failed=1 # pytest stopped without saying what failed (or ran nothing)
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]

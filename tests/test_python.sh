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
# tests python3-distributed, each skipped without it). Without pytest, or
# with a library built under the sanitizers (Python cannot load it), it
# notes why and counts nothing. The last line is "N passed, N failed".

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
case " ${LDFLAGS:-} ${CFLAGS:-} " in
*-fsanitize=*)
    echo "note: the library is built with sanitizers, which Python cannot load; Python tests not run"
    echo "0 passed, 0 failed"
    exit 0
    ;;
esac

out=$(mktemp) || exit 1
trap 'rm -f "$out"' 0
PYTHONDONTWRITEBYTECODE=1 PYTHONPATH="bindings/python${PYTHONPATH:+:$PYTHONPATH}" \
    "$py" -m pytest -q -p no:cacheprovider -rs bindings/python/tests >"$out" 2>&1
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

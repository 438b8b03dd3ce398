# The web page's generated "How to play" panel (examples/web/rules.js) is
# exactly what examples/web/tools/rules.mjs builds from doc/rules.md and
# tools/overviews.md. make check-web tests it too, but only where chromium
# is; this runs wherever node is, so a change to doc/rules.md that forgets
# the panel fails here first.
. tests/lib.sh
if ! command -v node >/dev/null 2>&1; then
    echo "note: node not found: the web panel's freshness is not checked (apt-get install nodejs)"
    echo "0 passed, 0 failed, 1 skipped"
    exit 0
fi
out=$(mktemp)
if node --test --test-reporter=tap examples/web/test/rules.test.js >"$out" 2>&1; then
    ok
else
    grep -A 8 '^not ok' "$out" | head -n 40
    fail "examples/web/rules.js is up to date (run: node examples/web/tools/rules.mjs)"
fi
rm -f "$out"
done_

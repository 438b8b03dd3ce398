# The JavaScript package (bindings/js): builds the WebAssembly module with
# emcc (make wasm), runs the package's tests with node's test runner, and
# checks that `npm pack` ships the wasm. Skipped, with a note, where emcc or
# node is missing (bindings/js/README.md says what to install).
. tests/lib.sh
if ! command -v emcc >/dev/null 2>&1 || ! command -v node >/dev/null 2>&1; then
    echo "note: emcc or node not found: the JavaScript tests are skipped (apt-get install emscripten)"
    echo "0 passed, 0 failed, 1 skipped"
    exit 0
fi
if make -s wasm >/tmp/bfc_wasm_$$.log 2>&1; then ok; else cat /tmp/bfc_wasm_$$.log; fail "make wasm"; fi
rm -f /tmp/bfc_wasm_$$.log
out=$(mktemp)
node --test --test-reporter=tap bindings/js/test/ >"$out" 2>&1
rc=$?
p=$(sed -n 's/^# pass \([0-9][0-9]*\)$/\1/p' "$out" | tail -n 1)
f=$(sed -n 's/^# fail \([0-9][0-9]*\)$/\1/p' "$out" | tail -n 1)
s=$(sed -n 's/^# skipped \([0-9][0-9]*\)$/\1/p' "$out" | tail -n 1)
if [ -z "$p" ] || [ -z "$f" ]; then
    tail -n 40 "$out"
    fail "node --test printed no counts (exit $rc)"
else
    if [ "$f" -ne 0 ] || [ "$rc" -ne 0 ]; then
        grep -B 2 -A 25 '^ *not ok' "$out" | head -n 120
        [ "$f" -eq 0 ] && f=1
    fi
    grep '# SKIP' "$out" | sed 's/^ */skipped: /'
    echo "node --test: $p passed, $f failed, ${s:-0} skipped"
    passed=$((passed + p))
    failed=$((failed + f))
fi
rm -f "$out"
# npm pack: the tarball ships the wasm, and installs (offline, it has no
# dependencies) into a project that scores a hand with it
if command -v npm >/dev/null 2>&1; then
    tmp=$(mktemp -d)
    if (cd bindings/js && npm pack --silent --pack-destination "$tmp" >/dev/null 2>&1); then ok; else fail "npm pack"; fi
    tgz=$(ls "$tmp"/libbfc-*.tgz 2>/dev/null | head -n 1)
    list=$(tar tzf "$tgz" 2>/dev/null)
    for f in index.js index.d.ts dist/libbfc.mjs dist/libbfc.wasm dist/layout.js package.json README.md; do
        check "npm pack ships $f" sh -c "printf '%s\n' '$list' | grep -qx 'package/$f'"
    done
    mkdir "$tmp/app"
    echo '{"name":"app","private":true,"type":"module"}' >"$tmp/app/package.json"
    echo "import { load } from 'libbfc'; const b = await load(); console.log(b.scoreShow('5H 5C 5S JD', '5D').total);" >"$tmp/app/main.js"
    if (cd "$tmp/app" && npm install --offline --no-audit --no-fund "$tgz" >/dev/null 2>&1); then ok; else fail "npm install the tarball"; fi
    check "the installed package scores 29" sh -c "cd '$tmp/app' && test \"\$(node main.js)\" = 29"
    rm -rf "$tmp"
fi
done_

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
# npm pack: the tarball holds exactly the package's files (the wasm, the ES
# module and its CommonJS entry, their declarations, the README, the
# project's LICENSE) and says where the code lives; it installs (offline, it
# has no dependencies) into a fresh project (tests/npm_consumer) that scores
# a hand with it through import and through require, and whose TypeScript,
# an ES module and CommonJS, compiles against the package with tsc --strict
# (the typescript of bindings/js: npm ci there).
if command -v npm >/dev/null 2>&1; then
    tmp=$(mktemp -d)
    if (cd bindings/js && npm pack --silent --pack-destination "$tmp" >/dev/null 2>&1); then ok; else fail "npm pack"; fi
    tgz=$(ls "$tmp"/libbfc-*.tgz 2>/dev/null | head -n 1)
    tar tzf "$tgz" 2>/dev/null | LC_ALL=C sort >"$tmp/list"
    printf 'package/%s\n' LICENSE README.md dist/index.cjs dist/index.d.cts dist/layout.js dist/libbfc.mjs \
        dist/libbfc.wasm index.d.ts index.js package.json | LC_ALL=C sort >"$tmp/want"
    if cmp -s "$tmp/list" "$tmp/want"; then ok; else
        diff "$tmp/want" "$tmp/list"
        fail "npm pack ships exactly the package's files"
    fi
    # the README says how to add the package to an app (issue 38: no line
    # did): make npm-pack's tarball, by the name npm pack gives it, installed
    check "README: the install line names the tarball npm pack makes ($(basename "$tgz"))" \
        grep -q "^cd ~/my-app && npm install /path/to/libbfc/build/$(basename "$tgz")\$" README.md
    check "README: make npm-pack writes it" grep -q "^make npm-pack  *# build/$(basename "$tgz")\$" README.md
    check "make npm-pack writes build/$(basename "$tgz")" sh -c "make -s npm-pack >/dev/null 2>&1 && test -f build/$(basename "$tgz")"
    cp -R tests/npm_consumer "$tmp/app"
    if (cd "$tmp/app" && npm install --offline --no-audit --no-fund "$tgz" >/dev/null 2>&1); then ok; else fail "npm install the tarball"; fi
    check "the installed package scores 29 through import" sh -c "cd '$tmp/app' && test \"\$(node main.js)\" = 29"
    check "require('libbfc') scores 29 and throws its errors" sh -c "cd '$tmp/app' && test \"\$(node main.cjs)\" = '29 true'"
    # as Node before 20.19 and 22.12, which cannot require an ES module
    if node --no-experimental-require-module -e 0 >/dev/null 2>&1; then
        check "require('libbfc') works without require(esm) (the CommonJS entry)" sh -c \
            "cd '$tmp/app' && test \"\$(node --no-experimental-require-module main.cjs)\" = '29 true'"
    fi
    pkg=$tmp/app/node_modules/libbfc
    check "the package's LICENSE is the project's" cmp -s "$pkg/LICENSE" LICENSE
    check "package.json names its license, the repository and the package's folder in it" node -e "
        const p = JSON.parse(require('fs').readFileSync('$pkg/package.json', 'utf8'));
        const r = p.repository || {};
        process.exit(p.license === 'MIT' && r.type === 'git' && /^git[+]https:[/][/].+[.]git\$/.test(r.url) &&
            r.directory === 'bindings/js' ? 0 : 1);"
    tsc=$(pwd)/bindings/js/node_modules/typescript/bin/tsc
    if [ -f "$tsc" ]; then
        # tsc_run MODULE FILES...: nodenext (today's Node) or node16 (a Node
        # that cannot require an ES module: the CommonJS declarations)
        tsc_run() {
            m=$1
            shift
            (cd "$tmp/app" && node "$tsc" --noEmit --strict --target es2022 --module "$m" --moduleResolution "$m" \
                "$@") >"$tmp/tsc.log" 2>&1
        }
        for m in nodenext node16; do
            if tsc_run $m esm.mts cjs.cts; then ok; else
                cat "$tmp/tsc.log"
                fail "tsc --strict --module $m: a consumer's ES module and CommonJS TypeScript compile against the package"
            fi
        done
        for bad in bad.mts bad.cts; do
            tsc_run nodenext "$bad"
            check "tsc --strict refuses a wrong type in $bad (the declarations are read)" \
                grep -q "^$bad(3,.*error TS2322: Type 'string' is not assignable to type 'number'" "$tmp/tsc.log"
        done
    else
        echo "note: typescript is not installed (npm ci in bindings/js): the consumer's tsc --strict not run"
    fi
    rm -rf "$tmp"
fi
# The web page links to nothing that may not exist: its links are its own
# files, or the local server it tells you to start.
links=$(grep -o -h -E '(href|src)="[^"]*"' examples/web/index.html examples/web/app.js | sed 's/^[a-z]*="//; s/"$//' |
    grep -v -E '^(data:|#|http://localhost[:/])' | grep -E '^[a-z]+:|^//' || true)
check "the web page links only to its own files and localhost${links:+ (got: $links)}" test -z "$links"
done_

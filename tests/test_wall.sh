# The wall between the library and its programs: everything in examples/
# uses the public header include/bfc.h only. No file there includes a
# header of src/, and no command make runs compiles a file of examples/
# with -Isrc (the tools, the teaching examples, and bfc-score's code linked
# into the fuzz target alike).
. tests/lib.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' 0

# every #include of examples/, against the headers of src/
find examples -name '*.[ch]' | sort >"$tmp/files"
check "examples/ has sources" test -s "$tmp/files"
for h in src/*.h; do
    name=${h#src/}
    # shellcheck disable=SC2046
    if grep -n "^[[:space:]]*#[[:space:]]*include[[:space:]]*[\"<]\([^\">]*/\)\{0,1\}$name[\">]" \
        $(cat "$tmp/files") >"$tmp/hits"; then
        fail "examples/ includes $h: $(head -n 3 "$tmp/hits" | tr '\n' ' ')"
    else
        ok
    fi
done
# shellcheck disable=SC2046
if grep -n '#[[:space:]]*include[[:space:]]*"[^"]*\(src/\|\.\./\)' $(cat "$tmp/files") >"$tmp/hits"; then
    fail "examples/ includes by a path into src/ or above its folder: $(head -n 3 "$tmp/hits")"
else
    ok
fi

# the compile commands of examples/ files, as make would run them
EX_CFLAGS=$(make -s -p -n -f Makefile 2>/dev/null | sed -n 's/^EX_CFLAGS *= *//p' | head -n 1)
check "the Makefile's EX_CFLAGS has no -Isrc ($EX_CFLAGS)" sh -c "test -n '$EX_CFLAGS' && ! echo '$EX_CFLAGS' | grep -q -- '-Isrc'"
make -n -B V=1 all examples build/replay_fuzz_cli build/fuzz_cli >"$tmp/make" 2>&1
grep -E ' examples/[^ ]*\.c( |$)' "$tmp/make" >"$tmp/compiles"
n=$(wc -l <"$tmp/compiles")
check "make compiles every file of examples/ ($n commands)" test "$n" -ge "$(grep -c '\.c$' "$tmp/files")"
if grep -e '-Isrc' "$tmp/compiles" >"$tmp/bad"; then
    fail "a file of examples/ is compiled with -Isrc: $(head -n 1 "$tmp/bad")"
else
    ok
fi
done_

# make dist: the release tarball is reproducible (made twice, under another
# umask and time zone, the same bytes), its names sorted under
# libbfc-VERSION/, owned by 0/0 with the commit's time, gzip without a name
# or time, and it holds every file of the commit (sources, tables, tests
# and their cases, docs and the rules reference, man pages, bindings) and
# nothing else. Building and testing from it is make distcheck (CI).
. tests/lib.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if ! top=$(git rev-parse --show-toplevel 2>/dev/null) || ! [ "$top" -ef . ]; then
    # a tree unpacked from the tarball: make dist says what it needs
    out=$(make -s dist DIST_DIR="$tmp" 2>&1)
    check "make dist outside a git checkout refuses and says why ($out)" \
        sh -c "! make -s dist DIST_DIR='$tmp' >/dev/null 2>&1 && printf '%s' \"\$1\" | grep -q 'needs the git checkout'" sh "$out"
    echo "note: not a git checkout: the tarball itself is checked in the checkout"
    done_
    exit $?
fi
version=$(sed -n 's/^#define BFC_VERSION_STRING "\(.*\)".*/\1/p' include/bfc.h)
name=libbfc-$version
if make -s dist DIST_DIR="$tmp/a" >"$tmp/out" 2>&1; then ok; else cat "$tmp/out"; fail "make dist"; fi
tgz=$tmp/a/$name.tar.gz
check "make dist names its tarball ($(tail -n 1 "$tmp/out"))" test "$(tail -n 1 "$tmp/out")" = "$tmp/a/$name.tar.gz"
(umask 077 && TZ=Pacific/Kiritimati make -s dist DIST_DIR="$tmp/b" >/dev/null 2>&1)
check "make dist is reproducible (another umask and time zone: the same bytes)" cmp -s "$tgz" "$tmp/b/$name.tar.gz"

tar -tzf "$tgz" >"$tmp/names"
check "every name is under $name/" sh -c "! grep -v '^$name/' '$tmp/names'"
check "the names are sorted" sh -c "LC_ALL=C sort -c '$tmp/names'"
sed -n "s|^$name/||p" "$tmp/names" | grep -v '/$' | grep -v '^$' | LC_ALL=C sort >"$tmp/files"
git ls-tree -r --name-only HEAD | LC_ALL=C sort >"$tmp/tracked"
check "the tarball holds exactly the files of HEAD ($(diff "$tmp/tracked" "$tmp/files" | grep '^[<>]' | head -n 3 | tr '\n' ' '))" \
    cmp -s "$tmp/tracked" "$tmp/files"
for f in Makefile README.md CHANGELOG.md LICENSE bfc.pc.in include/bfc.h src/tables.c tools/gen_tables.c \
    doc/rules.md man/gen_man.py man/bfc-score.1 man/bfc-play.1 man/bfc-sim.1 man/bfc-advise.1 man/libbfc.3 \
    cmake/bfcConfig.cmake.in cmake/bfcConfigVersion.cmake.in tests/cases/classic_show.jsonl \
    tests/cases/frontline.jsonl tests/gen_cases.c tests/brute.c tests/run.sh \
    "tests/abi/$(sed -n 's/^soname //p' tests/abi/*.symbols | tail -n 1).symbols" \
    bindings/python/pyproject.toml bindings/python/bfc/__init__.py bindings/js/package.json \
    bindings/js/index.js examples/web/index.html examples/bfc-play/main.c; do
    check "the tarball holds $f" grep -qx "$f" "$tmp/files"
done
epoch=$(git log -1 --format=%ct HEAD)
when=$(TZ=UTC date -d "@$epoch" '+%Y-%m-%d %H:%M')
TZ=UTC tar -tvzf "$tgz" --numeric-owner >"$tmp/long"
check "every entry is owned by 0/0" sh -c "awk '{print \$2}' '$tmp/long' | sort -u | grep -qx '0/0'"
check "every entry has the commit's time ($when)" sh -c "awk '{print \$4\" \"\$5}' '$tmp/long' | sort -u | grep -qx '$when'"
check "files are 644 or 755" sh -c "! awk '{print \$1}' '$tmp/long' | grep -v '^-rw-r--r--\$' | grep -v '^-rwxr-xr-x\$' | grep -v '^drwxr-xr-x\$'"
# gzip's header: no file name (flag bit 3) and no time (bytes 4-7)
check "gzip keeps no name or time" test "$(od -An -tx1 -j3 -N5 "$tgz" | tr -d ' \n')" = "0000000000"
check "the scripts stay executable" grep -q '^-rwxr-xr-x.* '"$name"'/.ci/run$' "$tmp/long"
# SOURCE_DATE_EPOCH sets the time
SOURCE_DATE_EPOCH=86400 make -s dist DIST_DIR="$tmp/c" >/dev/null 2>&1
check "SOURCE_DATE_EPOCH sets every time" sh -c "TZ=UTC tar -tvzf '$tmp/c/$name.tar.gz' | awk '{print \$4}' | sort -u | grep -qx 1970-01-02"
done_

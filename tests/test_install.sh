# make install into a temporary DESTDIR, build a consumer with pkg-config
# against the shared and the static library, run both, then make uninstall
# and check that nothing is left.
. tests/lib.sh
root=$(mktemp -d)
prefix=/opt/bfc-test
make -s install DESTDIR="$root" PREFIX="$prefix" >/dev/null 2>&1
check "make install" test -f "$root$prefix/include/bfc.h"
for f in lib/libbfc.a lib/libbfc.so lib/libbfc.so.0.3 lib/pkgconfig/bfc.pc bin/bfc-score \
    bin/bfc-play bin/bfc-sim bin/bfc-advise; do
    check "installed $f" test -e "$root$prefix/$f"
done
# the tools are installed, the teaching examples (examples/*.c) are not
bin=$(ls "$root$prefix/bin" | tr '\n' ' ')
check "bin/ holds the four tools only (got: $bin)" test "$bin" = "bfc-advise bfc-play bfc-score bfc-sim "
check "an installed tool runs" sh -c "'$root$prefix/bin/bfc-score' --json 5H 5C 5S JD 5D | grep -q '\"total\": 29'"
cat >"$root/consumer.c" <<'C'
#include <bfc.h>
#include <stdio.h>
int main(void)
{
    bfc_card h[5];
    if (bfc_cards_parse("5H 5C 5S JD 5D", 0, h, 5, NULL) != 5)
        return 1;
    int s = bfc_score_show(h, h[4], 0);
    printf("%s %d\n", bfc_version_string(), s);
    return s == 29 ? 0 : 1;
}
C
export PKG_CONFIG_SYSROOT_DIR="$root" PKG_CONFIG_PATH="$root$prefix/lib/pkgconfig"
flags=$(pkg-config --cflags --libs bfc)
check "pkg-config knows bfc ($flags)" test -n "$flags"
CC=${CC:-cc}
if $CC -std=c11 "$root/consumer.c" -o "$root/shared" $flags $LDFLAGS; then ok; else fail "consumer links the shared library"; fi
check "consumer (shared) runs" env LD_LIBRARY_PATH="$root$prefix/lib" "$root/shared"
check "consumer uses the shared library" sh -c "LD_LIBRARY_PATH='$root$prefix/lib' ldd '$root/shared' | grep -q 'libbfc.so.0.3 => $root'"
sflags=$(pkg-config --cflags --libs --static bfc)
if $CC -std=c11 "$root/consumer.c" -o "$root/static" $(pkg-config --cflags bfc) "$root$prefix/lib/libbfc.a" $LDFLAGS; then ok; else fail "consumer links the static library"; fi
check "consumer (static) runs" "$root/static"
check "static consumer needs no libbfc.so" sh -c "! ldd '$root/static' | grep -q libbfc"
check "pkg-config --static works ($sflags)" test -n "$sflags"
make -s uninstall DESTDIR="$root" PREFIX="$prefix" >/dev/null 2>&1
left=$(find "$root$prefix" -type f -o -type l)
check "uninstall leaves nothing (left: $left)" test -z "$left"
rm -rf "$root"

# As root with no DESTDIR, make install refreshes the loader's cache
# (ldconfig), so a consumer finds libbfc.so.0.3 at once; into a DESTDIR (a
# package being staged) it does not. A stand-in ldconfig records the call.
if [ "$(id -u)" = 0 ]; then
    fake=$(mktemp -d)
    mkdir "$fake/bin"
    printf '#!/bin/sh\necho called >>"%s/ran"\n' "$fake" >"$fake/bin/ldconfig"
    chmod +x "$fake/bin/ldconfig"
    PATH="$fake/bin:$PATH" make -s install PREFIX="$fake/prefix" >/dev/null 2>&1
    check "make install as root runs ldconfig" test -f "$fake/ran"
    rm -f "$fake/ran"
    PATH="$fake/bin:$PATH" make -s install DESTDIR="$fake/stage" PREFIX=/usr >/dev/null 2>&1
    check "make install into a DESTDIR does not run ldconfig" test ! -f "$fake/ran"
    check "make install into a DESTDIR installs" test -f "$fake/stage/usr/include/bfc.h"
    rm -rf "$fake"
fi
done_

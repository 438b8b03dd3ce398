# make install into a temporary DESTDIR: every file where the README says
# (the libraries with the SONAME of their version, the header, bfc.pc, the
# CMake package, the tools, their man pages, the rules reference); a
# consumer built with pkg-config and one built with CMake (find_package,
# bfc::bfc shared and static), each run; then make uninstall, which removes
# what the install's manifest lists whatever variables it is given.
. tests/lib.sh
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
prefix=/opt/bfc-test
man="$root/manifest"
major=$(sed -n 's/^#define BFC_VERSION_MAJOR \([0-9]*\).*/\1/p' include/bfc.h)
minor=$(sed -n 's/^#define BFC_VERSION_MINOR \([0-9]*\).*/\1/p' include/bfc.h)
version=$(sed -n 's/^#define BFC_VERSION_STRING "\(.*\)".*/\1/p' include/bfc.h)
if [ "$major" = 0 ]; then soname=libbfc.so.0.$minor; else soname=libbfc.so.$major; fi
make -s install DESTDIR="$root/stage" PREFIX="$prefix" INSTALL_MANIFEST="$man" >/dev/null 2>&1
stage=$root/stage$prefix
check "make install" test -f "$stage/include/bfc.h"
for f in lib/libbfc.a lib/libbfc.so "lib/$soname" "lib/libbfc.so.$version" lib/pkgconfig/bfc.pc \
    lib/cmake/bfc/bfcConfig.cmake lib/cmake/bfc/bfcConfigVersion.cmake bin/bfc-score bin/bfc-play \
    bin/bfc-sim bin/bfc-advise bin/bfc-engine bin/bfc-arena share/man/man1/bfc-score.1 \
    share/man/man1/bfc-play.1 share/man/man1/bfc-sim.1 share/man/man1/bfc-advise.1 \
    share/man/man1/bfc-engine.1 share/man/man1/bfc-arena.1 share/man/man3/libbfc.3 \
    share/doc/libbfc/rules.md share/doc/libbfc/README.md share/doc/libbfc/CHANGELOG.md \
    share/doc/libbfc/LICENSE; do
    check "installed $f" test -e "$stage/$f"
done
check "$soname is a link to libbfc.so.$version" test "$(readlink "$stage/lib/$soname")" = "libbfc.so.$version"
# the manifest lists every file and link made, and nothing else
listed=$(sed -n 's/^\(file\|link\) //p' "$man" | sort)
found=$(find "$root/stage" ! -type d | sort)
check "the manifest lists exactly the files installed" test "$listed" = "$found"
check "the manifest lists the directories made" grep -qx "dir $stage/share/man/man3" "$man"
# the tools are installed, the teaching examples (examples/*.c) are not
bin=$(ls "$stage/bin" | tr '\n' ' ')
check "bin/ holds the six tools only (got: $bin)" test "$bin" = "bfc-advise bfc-arena bfc-engine bfc-play bfc-score bfc-sim "
check "an installed tool runs" sh -c "'$stage/bin/bfc-score' --json 5H 5C 5S JD 5D | grep -q '\"total\": 29'"
if command -v man >/dev/null 2>&1; then
    check "man finds the installed bfc-play(1)" sh -c "man -w -M '$stage/share/man' bfc-play | grep -q 'man1/bfc-play.1'"
    check "man finds the installed libbfc(3)" sh -c "man -w -M '$stage/share/man' 3 libbfc | grep -q 'man3/libbfc.3'"
fi
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
    return s == 29 && bfc_version() == BFC_VERSION_NUMBER ? 0 : 1;
}
C
export PKG_CONFIG_SYSROOT_DIR="$root/stage" PKG_CONFIG_PATH="$stage/lib/pkgconfig"
flags=$(pkg-config --cflags --libs bfc)
check "pkg-config knows bfc ($flags)" test -n "$flags"
check "pkg-config says version $version" test "$(pkg-config --modversion bfc)" = "$version"
CC=${CC:-cc}
if $CC -std=c11 "$root/consumer.c" -o "$root/shared" $flags $LDFLAGS; then ok; else fail "consumer links the shared library"; fi
check "consumer (shared) runs" env LD_LIBRARY_PATH="$stage/lib" "$root/shared"
check "consumer uses the shared library" sh -c "LD_LIBRARY_PATH='$stage/lib' ldd '$root/shared' | grep -q '$soname => $root'"
# the SONAME carries the version's ABI series, so a consumer asks for it
needed=$(objdump -p "$root/shared" | awk '/NEEDED/ && /libbfc/ {print $2}')
check "a consumer needs $soname (got $needed)" test "$needed" = "$soname"
sflags=$(pkg-config --cflags --libs --static bfc)
if $CC -std=c11 "$root/consumer.c" -o "$root/static" $(pkg-config --cflags bfc) "$stage/lib/libbfc.a" $LDFLAGS; then ok; else fail "consumer links the static library"; fi
check "consumer (static) runs" "$root/static"
check "static consumer needs no libbfc.so" sh -c "! ldd '$root/static' | grep -q libbfc"
check "pkg-config --static works ($sflags)" test -n "$sflags"

# CMake: find_package(bfc) through the installed package config, the
# relocatable way (the package is staged, not where its prefix says)
if command -v cmake >/dev/null 2>&1; then
    mkdir "$root/cm"
    cp "$root/consumer.c" "$root/cm/consumer.c"
    cat >"$root/cm/CMakeLists.txt" <<'CM'
cmake_minimum_required(VERSION 3.13)
project(consumer C)
find_package(bfc ${WANT} REQUIRED ${WANT_COMPONENTS})
add_executable(app consumer.c)
target_link_libraries(app PRIVATE bfc::bfc)
add_executable(app_static consumer.c)
target_link_libraries(app_static PRIVATE bfc::bfc_static)
file(WRITE "${CMAKE_BINARY_DIR}/found.txt" "${bfc_VERSION} ${bfc_INCLUDE_DIR}\n")
CM
    # cmake_build DIR ARGS...: configure and build; the log in DIR.log
    cmake_build() {
        d=$1
        shift
        cmake -S "$root/cm" -B "$d" -DCMAKE_C_COMPILER="$CC" -DCMAKE_PREFIX_PATH="$stage" "$@" \
            >"$d.log" 2>&1 && cmake --build "$d" >>"$d.log" 2>&1
    }
    if cmake_build "$root/b1" -DWANT="$major.$minor"; then ok; else cat "$root/b1.log"; fail "CMake: find_package(bfc $major.$minor) and build"; fi
    check "CMake: bfc_VERSION is $version" grep -q "^$version $stage/include\$" "$root/b1/found.txt"
    check "CMake: bfc::bfc (shared) runs" env LD_LIBRARY_PATH="$stage/lib" "$root/b1/app"
    check "CMake: bfc::bfc is the shared library" sh -c "objdump -p '$root/b1/app' | grep -q 'NEEDED *$soname'"
    check "CMake: bfc::bfc_static runs" "$root/b1/app_static"
    check "CMake: bfc::bfc_static needs no libbfc.so" sh -c "! objdump -p '$root/b1/app_static' | grep -q 'NEEDED.*libbfc'"
    if cmake_build "$root/b2" -DBFC_USE_STATIC_LIBS=ON -DWANT_COMPONENTS="COMPONENTS;static"; then ok; else
        cat "$root/b2.log"
        fail "CMake: BFC_USE_STATIC_LIBS and COMPONENTS static"
    fi
    check "CMake: with BFC_USE_STATIC_LIBS bfc::bfc is the static library" sh -c \
        "! objdump -p '$root/b2/app' | grep -q 'NEEDED.*libbfc' && '$root/b2/app'"
    check "CMake: find_package(bfc $version EXACT)" cmake_build "$root/b3" -DWANT="$version;EXACT"
    # another ABI series is refused, with CMake's message naming this version
    if [ "$major" = 0 ]; then
        for other in "0.$((minor - 1))" "0.$((minor + 1))" 1.0; do
            if cmake_build "$root/b4" -DWANT="$other"; then
                fail "CMake: find_package(bfc $other) must refuse $version"
            else
                check "CMake: find_package(bfc $other) refuses $version with a reason" grep -q "$version" "$root/b4.log"
            fi
            rm -rf "$root/b4" "$root/b4.log"
        done
    fi
    if cmake_build "$root/b5" -DWANT_COMPONENTS="COMPONENTS;python"; then
        fail "CMake: an unknown component must be refused"
    else
        check "CMake: an unknown component is refused by name" grep -q "no component 'python'" "$root/b5.log"
    fi
else
    echo "note: cmake not found (Debian: apt-get install cmake): the CMake consumer is not built"
fi

# uninstall with the variables of the install: nothing left, not even the
# directories the install made (DESTDIR's own included), nor the manifest
make -s uninstall DESTDIR="$root/stage" PREFIX="$prefix" INSTALL_MANIFEST="$man" >/dev/null 2>&1
check "uninstall leaves nothing (left: $(find "$root/stage" 2>/dev/null | tr '\n' ' '))" test ! -e "$root/stage"
check "uninstall removes its manifest" test ! -e "$man"

# test_install__uninstall_whatever_variables: install with other
# directories, uninstall with none of them
make -s install DESTDIR="$root/s2" PREFIX=/usr/local LIBDIR=/usr/lib64 INCLUDEDIR=/usr/include/bfc \
    BINDIR=/usr/games MANDIR=/usr/man DOCDIR=/usr/doc/bfc CMAKEDIR=/usr/share/cmake/bfc \
    PKGCONFIGDIR=/usr/share/pkgconfig INSTALL_MANIFEST="$man" >/dev/null 2>&1
check "install with other directories" test -f "$root/s2/usr/lib64/$soname" -a -f "$root/s2/usr/man/man1/bfc-sim.1" \
    -a -f "$root/s2/usr/games/bfc-play" -a -f "$root/s2/usr/include/bfc/bfc.h"
# the CMake package outside PREFIX's layout holds absolute paths
check "a CMake package out of PREFIX's tree has absolute paths" \
    grep -q 'set(bfc_LIBRARY_DIR "/usr/lib64")' "$root/s2/usr/share/cmake/bfc/bfcConfig.cmake"
make -s uninstall PREFIX=/nowhere INSTALL_MANIFEST="$man" >/dev/null 2>&1
check "uninstall with other variables removes everything (left: $(find "$root/s2" ! -type d 2>/dev/null | tr '\n' ' '))" \
    test ! -e "$root/s2"

# two installs, one manifest: one uninstall removes both; a directory the
# install did not make stays, and so does a file someone else put in
mkdir -p "$root/s3/usr/share/man/man1"
echo other >"$root/s3/usr/share/man/man1/other.1"
make -s install DESTDIR="$root/s3" PREFIX=/usr INSTALL_MANIFEST="$man" >/dev/null 2>&1
make -s install DESTDIR="$root/s4" INSTALL_MANIFEST="$man" >/dev/null 2>&1
check "two installs" test -f "$root/s3/usr/bin/bfc-score" -a -f "$root/s4/usr/local/bin/bfc-score"
make -s uninstall INSTALL_MANIFEST="$man" >/dev/null 2>&1
check "one uninstall removes both installs" test ! -e "$root/s4" -a ! -e "$root/s3/usr/bin"
check "a file the install did not write stays" test -f "$root/s3/usr/share/man/man1/other.1"

# no manifest (an install of 0.2): uninstall removes what an install with
# the variables given puts in, and says so
make -s install DESTDIR="$root/s5" PREFIX=/usr INSTALL_MANIFEST="$man" >/dev/null 2>&1
rm -f "$man"
out=$(make -s uninstall DESTDIR="$root/s5" PREFIX=/usr INSTALL_MANIFEST="$man" 2>&1)
check "uninstall without a manifest says so ($out)" sh -c "printf '%s' \"\$1\" | grep -q 'no $man'" sh "$out"
check "uninstall without a manifest removes the files (left: $(find "$root/s5" ! -type d | tr '\n' ' '))" \
    test -z "$(find "$root/s5" ! -type d)"

# As root with no DESTDIR, make install refreshes the loader's cache
# (ldconfig), so a consumer finds the library at once; into a DESTDIR (a
# package being staged) it does not. A stand-in ldconfig records the call.
if [ "$(id -u)" = 0 ]; then
    fake=$(mktemp -d)
    mkdir "$fake/bin"
    printf '#!/bin/sh\necho called >>"%s/ran"\n' "$fake" >"$fake/bin/ldconfig"
    chmod +x "$fake/bin/ldconfig"
    PATH="$fake/bin:$PATH" make -s install PREFIX="$fake/prefix" INSTALL_MANIFEST="$fake/m" >/dev/null 2>&1
    check "make install as root runs ldconfig" test -f "$fake/ran"
    rm -f "$fake/ran"
    PATH="$fake/bin:$PATH" make -s install DESTDIR="$fake/stage" PREFIX=/usr INSTALL_MANIFEST="$fake/m" >/dev/null 2>&1
    check "make install into a DESTDIR does not run ldconfig" test ! -f "$fake/ran"
    check "make install into a DESTDIR installs" test -f "$fake/stage/usr/include/bfc.h"
    rm -rf "$fake"
fi
done_

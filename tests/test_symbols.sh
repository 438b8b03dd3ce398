# ABI: every global symbol either library defines is prefixed (bfc_ for the
# API, bfc__ for the internals), so no name of a user's program can clash
# with one of ours, whether it links libbfc.a or libbfc.so; the shared
# library exports only bfc_ symbols, exactly those bfc.h declares and
# tests/abi/SONAME.symbols lists, has the SONAME of its version, and the
# header compiles as C11, C17 and C++17 with -pedantic.
. tests/lib.sh
CC=${CC:-cc}
CXX=${CXX:-c++}
NM=${NM:-nm}
so=$(readlink -f libbfc.so) # the library `make` just linked, not a stale older one
# unprefixed NMFLAGS FILE: the global symbols FILE defines whose names lack
# the bfc_ prefix (the linker's own _init, _end and the like aside, and the
# __odr_asan.NAME markers ASan puts beside globals in an -fsanitize=address
# build: make sanitize runs this test too), one a line
unprefixed() {
    $NM $1 -g --defined-only -P "$2" | awk '$2 ~ /^[A-TV-Z]$/ {print $1}' | grep -v '^bfc_' |
        grep -v -x -e _init -e _fini -e _edata -e _end -e __bss_start |
        grep -v '^__odr_asan' | LC_ALL=C sort -u
}
# The check itself, on an archive that has one unprefixed symbol: it must
# name that one and only that one (a check that cannot fail proves nothing).
probe=$(mktemp -d "${TMPDIR:-/tmp}/bfc-sym.XXXXXX") || exit 1
printf 'int rt_put(void);\nint rt_put(void) { return 0; }\nint bfc_probe(void);\nint bfc_probe(void) { return 1; }\n' \
    >"$probe/p.c"
if $CC -c "$probe/p.c" -o "$probe/p.o" && ${AR:-ar} rcs "$probe/libp.a" "$probe/p.o"; then
    found=$(unprefixed "" "$probe/libp.a" | tr '\n' ' ')
    check "the prefix check finds rt_put in an archive defining it (found: $found)" test "$found" = "rt_put "
else
    fail "the probe archive of the prefix check builds"
fi
rm -rf "$probe"
check "libbfc.a is built" test -f libbfc.a
check "libbfc.a defines some bfc_ symbols" sh -c "$NM -g --defined-only libbfc.a | grep -q ' T bfc_'"
bad=$(unprefixed "" libbfc.a | tr '\n' ' ')
check "libbfc.a: every global symbol prefixed bfc_ or bfc__ (found: $bad)" test -z "$bad"
syms=$(nm -D --defined-only "$so" | awk '{print $3}')
check "exports some bfc_ symbols" test -n "$(printf '%s\n' "$syms" | grep '^bfc_')"
bad=$(unprefixed -D "$so" | tr '\n' ' ')
check "libbfc.so: only bfc_ symbols exported (found: $bad)" test -z "$bad"
leaked=$(printf '%s\n' "$syms" | grep '^bfc__')
check "no bfc__ internals exported (found: $leaked)" test -z "$leaked"
# every function bfc.h declares (BFC_API) is exported, and nothing else is
declared=$(sed -n 's/^BFC_API [^(]*[ *]\(bfc_[a-z0-9_]*\)(.*/\1/p' include/bfc.h | sort -u)
exported=$(printf '%s\n' "$syms" | grep '^bfc_' | sort -u)
missing=$(printf '%s\n' "$declared" | grep -v -x -F -e "$exported")
extra=$(printf '%s\n' "$exported" | grep -v -x -F -e "$declared")
check "declared in bfc.h, not exported: $missing" test -z "$missing"
check "exported, not declared in bfc.h: $extra" test -z "$extra"
check "bfc.h declares some functions" test "$(printf '%s\n' "$declared" | wc -l)" -gt 50
# The SONAME changes whenever the ABI may (bfc.h, "Versioning"): while the
# major version is 0 it carries the minor (libbfc.so.0.3), from 1.0 the major.
major=$(sed -n 's/^#define BFC_VERSION_MAJOR \([0-9]*\).*/\1/p' include/bfc.h)
minor=$(sed -n 's/^#define BFC_VERSION_MINOR \([0-9]*\).*/\1/p' include/bfc.h)
if [ "$major" = 0 ]; then want=libbfc.so.0.$minor; else want=libbfc.so.$major; fi
soname=$(objdump -p "$so" | awk '/SONAME/ {print $2}')
check "SONAME is $want (got $soname)" test "$soname" = "$want"
# The committed list of the exports of this SONAME (tests/abi/): a function
# added or removed without the list being updated fails here, and a new
# SONAME needs a list of its own, so an ABI change is always a visible diff.
list=tests/abi/$want.symbols
check "$list lists the exports of $want (make the list when the SONAME changes)" test -f "$list"
listed=$(grep -v '^#' "$list" 2>/dev/null | grep -v '^soname ' | grep -v '^$')
check "$list names its SONAME ($want)" grep -qx "soname $want" "$list"
check "$list is sorted, each function once" sh -c "printf '%s\n' '$listed' | LC_ALL=C sort -c -u"
added=$(printf '%s\n' "$exported" | grep -v -x -F -e "$listed" | tr '\n' ' ')
removed=$(printf '%s\n' "$listed" | grep -v -x -F -e "$exported" | tr '\n' ' ')
check "exported but not in $list (add it there; new API): $added" test -z "$added"
check "in $list but no longer exported (an ABI break: bump the version): $removed" test -z "$removed"
for std in c11 c17; do
    check "header compiles as $std -pedantic" sh -c "printf '#include \"bfc.h\"\nint main(void){return bfc_version() == BFC_VERSION_NUMBER ? 0 : 1;}\n' | $CC -std=$std -Wall -Wextra -pedantic -Werror -Iinclude -x c - -x none -o /tmp/bfc_hdr_$$ libbfc.a $LDFLAGS && /tmp/bfc_hdr_$$"
done
if command -v "$CXX" >/dev/null 2>&1 && [ -f tests/test_cxx.cpp ]; then
    if $CXX -std=c++17 -Wall -Wextra -pedantic -Werror -Iinclude tests/test_cxx.cpp libbfc.a $LDFLAGS -o /tmp/bfc_cxx_$$; then
        ok
        line=$(/tmp/bfc_cxx_$$ | tail -n 1)
        check "C++17 program runs clean ($line)" sh -c "echo '$line' | grep -q ' 0 failed'"
    else
        fail "tests/test_cxx.cpp compiles as C++17 -pedantic"
    fi
fi
rm -f /tmp/bfc_hdr_$$ /tmp/bfc_cxx_$$
done_

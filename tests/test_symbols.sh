# ABI: the shared library exports only bfc_ symbols, has the right SONAME,
# and the header compiles as C11, C17 and C++17 with -pedantic.
. tests/lib.sh
so=$(readlink -f libbfc.so) # the library `make` just linked, not a stale older one
syms=$(nm -D --defined-only "$so" | awk '{print $3}')
check "exports some bfc_ symbols" test -n "$(printf '%s\n' "$syms" | grep '^bfc_')"
bad=$(printf '%s\n' "$syms" | grep -v '^bfc_' | grep -v '^_\(init\|fini\|edata\|end\|_bss_start\)$' | grep -v '^$')
check "only bfc_ symbols exported (found: $bad)" test -z "$bad"
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
major=$(sed -n 's/^#define BFC_VERSION_MAJOR \([0-9]*\).*/\1/p' include/bfc.h)
soname=$(objdump -p "$so" | awk '/SONAME/ {print $2}')
check "SONAME is libbfc.so.$major (got $soname)" test "$soname" = "libbfc.so.$major"
CC=${CC:-cc}
CXX=${CXX:-c++}
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

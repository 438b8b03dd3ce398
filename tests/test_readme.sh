# The README's C tour compiles as written and prints what its comments say;
# the README opens with the two set-up commands.
. tests/lib.sh
tmp=$(mktemp -d)
awk '/^```c$/ {on=1; next} /^```$/ {on=0} on' README.md >"$tmp/tour.c"
check "README has a C example" test -s "$tmp/tour.c"
CC=${CC:-cc}
if $CC -std=c11 -Wall -Wextra -Werror -Iinclude "$tmp/tour.c" -o "$tmp/tour" libbfc.a $LDFLAGS; then
    ok
    "$tmp/tour" >"$tmp/out"
    check "tour runs" test $? -eq 0
    check "tour: 29" sh -c "sed -n 1p '$tmp/out' | grep -qx 29"
    check "tour: narration" sh -c "sed -n 2p '$tmp/out' | grep -q '^fifteen 2, fifteen 4, .*one for his nob is 29 = 29$'"
    check "tour: frontline" sh -c "sed -n 3p '$tmp/out' | grep -qx '10 points: double run of 3'"
    check "tour: battlefield" sh -c "sed -n 4p '$tmp/out' | grep -qx 'best 24, lay away mask 0x10'"
else
    fail "README example compiles"
fi
first=$(grep -m 2 -E '^(make|\./)' README.md | tr '\n' '|')
check "README opens with the two commands (got: $first)" test "$first" = "make && ./examples/bfc-score 5H 5C 5S JD 5D|make check|"
rm -rf "$tmp"
done_

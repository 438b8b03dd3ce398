# The README's C tour compiles as written and prints what its comments say;
# the README opens with the two set-up commands.
. tests/lib.sh
tmp=$(mktemp -d)
# the first C block is the scoring tour, the second the game example
awk '/^```c$/ {on=1; n++; next} /^```$/ {on=0} on && n == 1' README.md >"$tmp/tour.c"
awk '/^```c$/ {on=1; n++; next} /^```$/ {on=0} on && n == 2' README.md >"$tmp/game.c"
awk '/^```c$/ {on=1; n++; next} /^```$/ {on=0} on && n == 3' README.md >"$tmp/bot.c"
check "README has a C example" test -s "$tmp/tour.c"
CC=${CC:-cc}
if $CC -std=c11 -Wall -Wextra -Werror -Iinclude "$tmp/tour.c" -o "$tmp/tour" libbfc.a $LDFLAGS; then
    ok
    "$tmp/tour" >"$tmp/out"
    check "tour runs" test $? -eq 0
    check "tour: 29" sh -c "sed -n 1p '$tmp/out' | grep -qx 29"
    check "tour: narration" sh -c "sed -n 2p '$tmp/out' | grep -q '^fifteen two, fifteen four, .* and nobs is twenty-nine$'"
    check "tour: frontline" sh -c "sed -n 3p '$tmp/out' | grep -qx '10 points: double run of 3'"
    check "tour: battlefield" sh -c "sed -n 4p '$tmp/out' | grep -qx 'best 24, lay away mask 0x10'"
else
    fail "README example compiles"
fi
check "README has a game example" test -s "$tmp/game.c"
if $CC -std=c11 -Wall -Wextra -Werror -Iinclude "$tmp/game.c" -o "$tmp/game" libbfc.a $LDFLAGS; then
    ok
    "$tmp/game" >"$tmp/gout"
    check "game example runs" test $? -eq 0
    check "game example: a winner" sh -c "tail -n 1 '$tmp/gout' | grep -Eq '^player [12] wins 1[2-9][0-9]-[0-9]+$|^player [12] wins [0-9]+-1[2-9][0-9]$'"
    check "game example: scoring near the end" grep -q '^player [12]: [a-z -]* for [0-9]* (1[1-9][0-9])$' "$tmp/gout"
else
    fail "README game example compiles"
fi
check "README has a search bot example" test -s "$tmp/bot.c"
if $CC -std=c11 -Wall -Wextra -Werror -Iinclude "$tmp/bot.c" -o "$tmp/bot" libbfc.a $LDFLAGS; then
    ok
    "$tmp/bot" >"$tmp/bout"
    check "bot example runs" test $? -eq 0
    check "bot example: a discard hint" sh -c "sed -n 1p '$tmp/bout' | grep -Eq '^keep [2-9TJQKA][CDHS]( [2-9TJQKA][CDHS]){3}: -?[0-9]+\.[0-9]{2} points expected$'"
    check "bot example: a winner" sh -c "sed -n 2p '$tmp/bout' | grep -Eq '^player [12] wins$'"
else
    fail "README bot example compiles"
fi
# issue 32: the review example (the fourth C block) runs and sums up
awk '/^```c$/ {on=1; n++; next} /^```$/ {on=0} on && n == 4' README.md >"$tmp/review.c"
check "README has a review example" grep -q bfc_review_game "$tmp/review.c"
if $CC -std=c11 -Wall -Wextra -Werror -Iinclude "$tmp/review.c" -o "$tmp/review" libbfc.a $LDFLAGS; then
    ok
    "$tmp/review" >"$tmp/rout"
    check "review example runs" test $? -eq 0
    check "review example: the summary its comment shows" sh -c \
        "grep -q '^9 deals, 30 decisions: 30 best, ' '$tmp/rout' && grep -q '9 deals, 30 decisions: 30 best, ...' README.md"
    check "review example: by stage" grep -q '^  play: [0-9]* decisions' "$tmp/rout"
else
    fail "README review example compiles"
fi
# test_readme__issue30_header_game_loop: the game loop near the top of
# bfc.h, as written there, compiles and plays a game of every preset to its
# end (the preset's rules and a seed swapped in), printing its winner (side
# 0 when a solitaire game is lost).
{
    echo '#include <stdio.h>'
    echo '#include <stdlib.h>'
    echo '#include "bfc.h"'
    echo 'static void play(const char *preset, uint64_t seed) {'
    sed -n '/^ \*     bfc_rules rules;$/,/^ \*$/p' include/bfc.h |
        sed -e '/^ \*$/d' -e 's/^ \*     //' \
            -e 's/bfc_rules_init(&rules);/bfc_rules_preset(\&rules, preset, 0, 0);/' \
            -e 's/bfc_game_new(&rules, 42, NULL)/bfc_game_new(\&rules, seed, NULL)/'
    echo '}'
    echo 'int main(void) {'
    echo '    int i = 0;'
    echo '    for (; bfc_preset_get(i); i++)'
    echo '        play(bfc_preset_get(i)->name, 7u + (unsigned)i);'
    printf '%s\n' '    printf("%d games\n", i);'
    echo '    return 0;'
    echo '}'
} >"$tmp/loop.c"
lines=$(sed -n '/^ \*     bfc_rules rules;$/,/^ \*$/p' include/bfc.h | grep -c -v '^ \*$')
check "bfc.h's game loop is ten lines (got $lines)" test "$lines" -eq 10
check "bfc.h's game loop swapped in" grep -q 'bfc_rules_preset(&rules, preset, 0, 0);' "$tmp/loop.c"
if $CC -std=c11 -Wall -Wextra -Werror -Iinclude "$tmp/loop.c" -o "$tmp/loop" libbfc.a $LDFLAGS; then
    ok
    "$tmp/loop" >"$tmp/lout"
    check "bfc.h's game loop runs" test $? -eq 0
    games=$(sed -n 's/^\([0-9][0-9]*\) games$/\1/p' "$tmp/lout")
    check "bfc.h's game loop: a winner for each of the ${games:-?} presets" \
        test "$(grep -c -E '^side [0-6] wins$' "$tmp/lout")" -eq "${games:-0}" -a "${games:-0}" -ge 7
else
    fail "bfc.h's game loop compiles"
fi
first=$(grep -m 2 -E '^(make|\./)' README.md | tr '\n' '|')
check "README opens with the two commands (got: $first)" test "$first" = "make && ./examples/bfc-score/bfc-score 5H 5C 5S JD 5D|make check|"
# issue 28 item 3: the first command shows the 29 the README promises, as a
# number on the summary line
check "README's first command prints total 29" sh -c \
    "./examples/bfc-score/bfc-score 5H 5C 5S JD 5D | grep -q -x 'total 29 (fifteens 16, pairs 12, runs 0, flush 0, nobs 1)'"
check "README says the first command scores 29" grep -q 'scores the best cribbage hand (29)' README.md
# issue 38: the README's --formation line had ?? unquoted, which the shell
# expands to any two-letter file name: no shell block of the README has a
# bare ??, and the line, run by sh where such files are, gives bfc-advise
# the face-down slots
awk '/^```sh$/ {on=1; next} /^```$/ {on=0} on' README.md >"$tmp/sh.txt"
bare=$(sed "s/'[^']*'//g; s/\"[^\"]*\"//g; s/#.*//" "$tmp/sh.txt" | grep -n '??' || true)
check "README: no unquoted ?? in a shell block${bare:+ (got: $bare)}" test -z "$bare"
line=$(grep -m 1 -- '--formation 5H 5C' "$tmp/sh.txt" | sed 's|^\./|'"$PWD"'/|')
mkdir -p "$tmp/glob" && : >"$tmp/glob/ab" && : >"$tmp/glob/cd"
(cd "$tmp/glob" && sh -c "$line") >"$tmp/glob.out" 2>&1
./examples/bfc-advise/bfc-advise --formation 5H 5C '??' JD '??' >"$tmp/want.out" 2>&1
check "README: its --formation line works where two-letter files are" cmp -s "$tmp/glob.out" "$tmp/want.out"
rm -rf "$tmp"
done_

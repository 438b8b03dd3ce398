# The teaching examples (examples/*.c): each builds on its own against the
# public header and the library (no other include path, warnings as
# errors), runs, and prints what its task is about -- checked here against
# facts of the rules and against the library itself.
. tests/lib.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' 0
CC=${CC:-cc}

# build NAME: compiles examples/NAME.c into $tmp/NAME
build() {
    if $CC -std=c11 -Wall -Wextra -Werror -Iinclude "examples/$1.c" -o "$tmp/$1" libbfc.a $LDFLAGS; then ok; else
        fail "examples/$1.c builds with the public header only"
        return 1
    fi
}
# lines NAME: examples/NAME.c is a short program (at most 150 lines)
lines() {
    n=$(wc -l <"examples/$1.c")
    check "examples/$1.c is short ($n lines)" test "$n" -le 150
}

# score_hand: the best hand, 29, said as players say it, item by item
if build score_hand; then
    lines score_hand
    "$tmp/score_hand" >"$tmp/out" 2>&1
    check "score_hand: status 0" test $? -eq 0
    check "score_hand: the cards" grep -q -x 'hand 5H 5C 5S JD, starter 5D' "$tmp/out"
    check "score_hand: the count aloud" grep -q '^as a hand: fifteen two, .* and nobs is twenty-nine$' "$tmp/out"
    check "score_hand: 29" grep -q -x '  29 points: fifteens 16, pairs 12, runs 0, flush 0, nobs 1' "$tmp/out"
    items=$(awk '/^    [a-z]/ { s += $2; n++ } END { print n " " s }' "$tmp/out")
    check "score_hand: 15 items adding up to 29 (got $items)" test "$items" = "15 29"
    # RULES 2.1: a crib's flush needs all five cards
    "$tmp/score_hand" 4H 5H 6H 7H 8C >"$tmp/out" 2>&1
    check "score_hand: a hand's four-card flush" grep -q -x '  13 points: fifteens 4, pairs 0, runs 5, flush 4, nobs 0' "$tmp/out"
    check "score_hand: no four-card flush in a crib" grep -q -x '  9 points: fifteens 4, pairs 0, runs 5, flush 0, nobs 0' "$tmp/out"
    "$tmp/score_hand" 5H ZZ 5S JD 5D >"$tmp/out" 2>&1
    st=$?
    check "score_hand: a bad card named (status $st)" sh -c "test $st -eq 2 && grep -q \"'ZZ'\" '$tmp/out'"
fi

# bot_game: a whole game, every event on a line, and a winner at 121
if build bot_game; then
    lines bot_game
    "$tmp/bot_game" >"$tmp/out" 2>&1
    check "bot_game: status 0" test $? -eq 0
    last=$(tail -n 1 "$tmp/out")
    moves=$(echo "$last" | sed -n 's/^\([0-9]*\) moves; scores \([0-9]*\) \([0-9]*\); side [12] wins$/\1/p')
    check "bot_game: the result ($last)" test -n "$moves"
    check "bot_game: one line per move" test "$(grep -c '^player [12]: ' "$tmp/out")" = "$moves"
    check "bot_game: the cut and the deal from the game's start" grep -q '^  player [12] cuts .* for the deal$' "$tmp/out"
    won=$(echo "$last" | awk '{ a = $4; b = $5 + 0; print (a > b ? a : b) }')
    check "bot_game: the winner reached 121 ($won)" test "$won" -ge 121
    # the last point pegged is the winner's final score
    peg=$(grep ' pegs [0-9]* for ' "$tmp/out" | tail -n 1 | sed -n 's/.*, \([0-9]*\) in all$/\1/p')
    check "bot_game: the last peg ($peg) is the winning score" test "$peg" = "$won"
    "$tmp/bot_game" battlefield 3 >"$tmp/out" 2>&1
    check "bot_game: Battlefield Cribbage" sh -c "test $? -eq 0 && grep -q '^  game over: ' '$tmp/out' && grep -q ' places ' '$tmp/out'"
    "$tmp/bot_game" chess >"$tmp/out" 2>&1
    check "bot_game: an unknown game" test $? -eq 2
fi

# save_resume: a game saved and loaded ends exactly as the one never saved
if build save_resume; then
    lines save_resume
    "$tmp/save_resume" "$tmp/game.txt" >"$tmp/out" 2>&1
    check "save_resume: status 0" test $? -eq 0
    check "save_resume: the save's first line" grep -q -x '  bfc-game 3' "$tmp/out"
    check "save_resume: both ends identical" grep -q -x 'their final saves are identical' "$tmp/out"
    check "save_resume: the file is a save" sh -c "head -n 1 '$tmp/game.txt' | grep -q -x 'bfc-game 3'"
fi

# search_bot: one decision shown with the wins of every legal move (the 15
# two-card discards of a six-card hand), then a whole game
if build search_bot; then
    lines search_bot
    "$tmp/search_bot" 1 16 >"$tmp/out" 2>&1
    check "search_bot: status 0" test $? -eq 0
    check "search_bot: 15 discards tried" test "$(grep -c '^  discard .. ..  *wins [0-9 ]* of 16$' "$tmp/out")" -eq 15
    check "search_bot: a whole game" grep -q '^[0-9]* decisions searched with 16 playouts per move; player 1 (search) [0-9]*, player 2 (greedy) [0-9]*: player [12] wins$' "$tmp/out"
fi
done_

# The expert model's generated tables are up to date, and the chance-of-
# winning tables are what a reference that works straight from the
# definition (tests/win_ref.c: value iteration over every pair of scores)
# makes of the same measured deals.
. tests/lib.sh
tmp=$(mktemp)
if ./build/gen_model >"$tmp"; then ok; else fail "gen_model ran"; fi
check "src/model_tables.c is up to date (run make model)" cmp -s "$tmp" src/model_tables.c
if ./build/gen_win src/win_deals.txt >"$tmp"; then ok; else fail "gen_win ran"; fi
check "src/win_tables.c is up to date with src/win_deals.txt (run make win)" \
    cmp -s "$tmp" src/win_tables.c
for game in classic battlefield; do
    ./build/gen_win --table-text src/win_deals.txt $game 21 >"$tmp.a"
    ./build/win_ref src/win_deals.txt $game 21 >"$tmp.b"
    check "the $game table to 21 is the reference's" \
        awk 'BEGIN { bad = 0 }
             NR == FNR { v[$1 " " $2] = $3; n++; next }
             { d = v[$1 " " $2] - $3; if (d < 0) d = -d; if (d > 1e-8) bad++; m++ }
             END { exit !(n == 441 && m == 441 && bad == 0) }' "$tmp.a" "$tmp.b"
done
rm -f "$tmp" "$tmp.a" "$tmp.b"
done_

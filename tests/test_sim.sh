#!/bin/sh
# Tests of the bot-vs-bot simulator examples/bfc-sim: determinism, seeds,
# shards merged back into the whole run, the JSON output, 2/3/4 players and
# teams, usage errors (exit 2), bad --merge input (exit 1), and that the
# greedy bot beats the random one; the classic games (--game, --muggins):
# consistent JSON for every game, rules that show in the figures (five-card's
# 3, no crib in Noddy, solitaire's 6 deals of 8 cards, heels one deal in 13),
# the reports, shards merged. Run from the repository root after
# building examples/bfc-sim:
#
#     sh tests/test_sim.sh
#
# Prints a FAIL line on stderr for each failed check and, as its last line,
# "N passed, N failed". JSON checks need python3; without it they are
# skipped (and not counted).

. tests/lib.sh

BIN=${BFC_SIM:-examples/bfc-sim/bfc-sim}
if [ ! -x "$BIN" ]; then
    fail "$BIN is not built (make)"
    done_
    exit 1
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/bfc-sim.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' 0
trap 'exit 1' INT TERM HUP

have_python=0
if command -v python3 >/dev/null 2>&1; then
    have_python=1
    # JSON checks: tests/jcheck.py EXPR < output (see there)
    JCHECK=$(dirname "$0")/jcheck.py
else
    echo "note: python3 not found; JSON checks are skipped" >&2
fi

# run ARGS...: runs bfc-sim; sets st and leaves stdout/stderr in out/err.
run() {
    "$BIN" "$@" >"$tmp/out" 2>"$tmp/err"
    st=$?
}

# expect_ok NAME ARGS...: exit status 0, some output, nothing on stderr.
expect_ok() {
    name=$1
    shift
    run "$@"
    if [ "$st" -eq 0 ] && [ -s "$tmp/out" ] && [ ! -s "$tmp/err" ]; then ok; else
        fail "$name: bfc-sim $*: want status 0, got $st, stderr [$(cat "$tmp/err")]"
    fi
}

# expect_fail NAME STATUS PATTERN ARGS...: exit status STATUS, nothing on
# stdout, exactly one stderr line, containing PATTERN (fixed string).
expect_fail() {
    name=$1 want=$2 pat=$3
    shift 3
    run "$@"
    if [ "$st" -eq "$want" ] && [ ! -s "$tmp/out" ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
        grep -q -F -- "$pat" "$tmp/err"; then ok; else
        fail "$name: bfc-sim $*: want status $want, no output and one stderr line with [$pat]; got status $st, stdout [$(head -c 200 "$tmp/out")], stderr [$(cat "$tmp/err")]"
    fi
}

# json_ok NAME EXPR: the last run's stdout satisfies the Python EXPR.
json_ok() {
    name=$1 expr=$2
    [ "$have_python" = 1 ] || return 0
    if [ "$st" -eq 0 ] && msg=$(python3 "$JCHECK" "$expr" <"$tmp/out"); then ok; else
        fail "$name: want status 0 and JSON with ($expr), got status $st $msg: [$(head -c 300 "$tmp/out")]"
    fi
}

# same NAME FILE1 FILE2: the two files are byte-identical (and not empty).
same() {
    if [ -s "$2" ] && cmp -s "$2" "$3"; then ok; else
        fail "$1: $2 and $3 differ: $(diff "$2" "$3" | head -n 6)"
    fi
}

# Python: the JSON of one run is self-consistent for G games. Wins add up to
# the games played, each side's points by source add up to its total, the
# first dealers add up, and under plain game value a win takes 1 game from
# each losing side (RULES 5: 1 with two sides, 2 with three).
consistent() {
    echo "d['format'] == 'bfc-sim 2' and d['played'] == d['games'] == $1 \
and sum(d['side%d_wins' % s] for s in range(4) if 'side%d_wins' % s in d) == $1 \
and abs(sum(d['side%d_points_per_game' % s] for s in range(2 if d['teams'] else d['players'])) - sum(d['seat%d_points_per_game' % s] for s in range(d['players']))) < 1e-3 \
and sum(d['seat%d_first_dealer' % s] for s in range(d['players'])) == $1 \
and all(abs(sum(d['side%d_%s_per_game' % (s, k)] for k in ('frontline', 'go', 'knobs', 'battlefield', 'reserve', 'ceasefire')) - d['side%d_points_per_game' % s]) < 1e-4 for s in range(2 if d['teams'] else d['players'])) \
and all(d['side%d_ci_low' % s] <= d['side%d_win_rate' % s] <= d['side%d_ci_high' % s] for s in range(2 if d['teams'] else d['players'])) \
and (d['value'] != 'plain' or all(d['side%d_value_sum' % s] == d['side%d_wins' % s] * max(1, (2 if d['teams'] else d['players']) - 1) for s in range(2 if d['teams'] else d['players'])))"
}

# ---------------------------------------------------------------------------
# Determinism and seeds

run --games 150
cp "$tmp/out" "$tmp/a"
run --games 150
cp "$tmp/out" "$tmp/b"
same "same arguments, same report" "$tmp/a" "$tmp/b"
run --games 150 --seed 1 --bots greedy,random --players 2 --target 121 --value plain
cp "$tmp/out" "$tmp/c"
same "the defaults spelled out" "$tmp/a" "$tmp/c"
run --games=150 --seed=1
cp "$tmp/out" "$tmp/c"
same "--name=VALUE" "$tmp/a" "$tmp/c"
run --games 150 --seed 2
if [ "$st" -eq 0 ] && ! cmp -s "$tmp/a" "$tmp/out"; then ok; else fail "seeds 1 and 2 give the same report"; fi
run --games 150 --json
cp "$tmp/out" "$tmp/a"
run --games 150 --json
same "same arguments, same JSON" "$tmp/a" "$tmp/out"
if grep -q -i 'games/s\|seconds' "$tmp/a"; then fail "timing printed without --timing"; else ok; fi
run --games 150 --seed 3 --json
if ! cmp -s "$tmp/a" "$tmp/out"; then ok; else fail "seeds 1 and 3 give the same JSON"; fi
expect_ok "largest seed" --games 20 --seed 18446744073709551615
expect_ok "seed 0" --games 20 --seed 0

# test_sim__issue30_seeds_are_the_librarys: game i is dealt from
# bfc_sim_game_seed(--seed, i) and seat s's bot seeded with
# bfc_sim_bot_seed(game seed, s), the library's functions (bfc.h), where
# bfc-sim computed both itself. These runs (random bots, which draw from
# their seeds, at 2, 3 and 4 players, duplicate deals, a shard, the largest
# seed) print byte for byte what bfc-sim printed before (main 87c20a8, gcc
# and clang); a commit that moves the checksum says why: the duplicate run's
# JSON gained the deals played to their end (without those keys it is
# 236845643 8631, as pinned before).
sum=$({
    "$BIN" --games 40 --seed 11 --bots random,greedy --json
    "$BIN" --games 40 --seed 11 --bots random,greedy,random --players 3
    "$BIN" --game classic --games 30 --seed 5 --bots greedy,random --duplicate --json
    "$BIN" --game noddy --players 4 --games 20 --seed 3 --bots random
    "$BIN" --game classic --games 25 --seed 18446744073709551615 --bots random --shard 2/3 --json
} 2>&1 | cksum)
check "test_sim__issue30_seeds_are_the_librarys: outputs as pinned (cksum $sum)" \
    test "$sum" = "3111396289 9038"

# ---------------------------------------------------------------------------
# Shards: merged, they are the whole run

run --games 301 --seed 7 --json
cp "$tmp/out" "$tmp/full.json"
run --games 301 --seed 7
cp "$tmp/out" "$tmp/full.txt"
run --games 301 --seed 7 --shard 1/2 --json
cp "$tmp/out" "$tmp/s1of2"
run --games 301 --seed 7 --shard 2/2 --json
cp "$tmp/out" "$tmp/s2of2"
run --merge "$tmp/s1of2" "$tmp/s2of2"
same "shards 1/2 + 2/2 merged = the whole run (report)" "$tmp/full.txt" "$tmp/out"
run --json --merge "$tmp/s2of2" "$tmp/s1of2"
same "shards 2/2 + 1/2 merged = the whole run (JSON)" "$tmp/full.json" "$tmp/out"
cp "$tmp/s1of2" "$tmp/s1"
for k in 1 2 3; do
    run --games 301 --seed 7 --shard "$k/3" --json
    cp "$tmp/out" "$tmp/s${k}of3"
done
cat "$tmp/s3of3" "$tmp/s1of3" "$tmp/s2of3" >"$tmp/all3"
run --merge - <"$tmp/all3"
same "three shards in one file, from stdin" "$tmp/full.txt" "$tmp/out"
run --merge "$tmp/full.json"
same "merging a whole run is the whole run" "$tmp/full.txt" "$tmp/out"
cp "$tmp/s1of3" "$tmp/out"
json_ok "shard JSON" "d['played'] == 101 and d['shard_k'] == 1 and d['shard_n'] == 3 and d['games'] == 301"
run --games 301 --seed 7 --shard 1/3
if [ "$st" -eq 0 ] && grep -q '^shard 1/3: the 101 games' "$tmp/out"; then ok; else
    fail "a shard's report says which games it played: [$(head -n 3 "$tmp/out")]"
fi
# more shards than games: the empty shards are fine
for k in 1 2 3 4 5; do
    run --games 3 --players 3 --shard "$k/5" --json
    cp "$tmp/out" "$tmp/t$k"
done
run --games 3 --players 3 --json
cp "$tmp/out" "$tmp/t"
run --json --merge "$tmp/t1" "$tmp/t2" "$tmp/t3" "$tmp/t4" "$tmp/t5"
same "5 shards of 3 games" "$tmp/t" "$tmp/out"
# teams
for k in 1 2; do
    run --teams --games 60 --value skunk --shard "$k/2" --json
    cp "$tmp/out" "$tmp/u$k"
done
run --teams --games 60 --value skunk
cp "$tmp/out" "$tmp/u"
run --merge "$tmp/u1" "$tmp/u2"
same "team shards merged" "$tmp/u" "$tmp/out"

# bad merges: exit 1, one line
expect_fail "merge: a shard missing" 1 "shard 2/3 is missing" --merge "$tmp/s1of3" "$tmp/s3of3"
expect_fail "merge: a shard twice" 1 "the same shard twice" --merge "$tmp/s1of3" "$tmp/s1of3"
expect_fail "merge: shards of other runs" 1 "another run" --merge "$tmp/s1of2" "$tmp/s2of3"
run --games 301 --seed 8 --shard 2/2 --json
cp "$tmp/out" "$tmp/other"
expect_fail "merge: another seed" 1 "another run" --merge "$tmp/s1of2" "$tmp/other"
printf 'not json\n' >"$tmp/garbage"
expect_fail "merge: garbage" 1 "garbage:1: not a JSON object" --merge "$tmp/garbage"
printf '{"format":"something else"}\n' >"$tmp/foreign"
expect_fail "merge: foreign JSON" 1 "not the output of bfc-sim" --merge "$tmp/foreign"
sed 's/"format":"bfc-sim 2"/"format":"bfc-sim 1"/' "$tmp/s1of2" >"$tmp/format1"
expect_fail "merge: the format before first-deal events" 1 'format "bfc-sim 1"' --merge "$tmp/format1" "$tmp/s2of2"
sed 's/"played":[0-9]*/"played":5/' "$tmp/s1of2" >"$tmp/cut"
expect_fail "merge: a shard with the wrong game count" 1 "played" --merge "$tmp/cut" "$tmp/s2of2"
sed 's/,"moves":[0-9]*//' "$tmp/s1of2" >"$tmp/nokey"
expect_fail "merge: a counter missing" 1 '"moves"' --merge "$tmp/nokey" "$tmp/s2of2"
# test_sim__issue39_merge_checks_counters: a shard's counters must be those
# of its games; "side0_wins" 10^6 in a shard of 151 games merged with exit 0
# and reported a win rate of millions of per cent
bad_counter() { # NAME SED PATTERN: s1of2 edited by SED fails to merge with PATTERN
    sed "$2" "$tmp/s1of2" >"$tmp/badc"
    if cmp -s "$tmp/badc" "$tmp/s1of2"; then fail "$1: the edit $2 changed nothing"; return; fi
    expect_fail "merge: $1" 1 "badc:1: counters no run of its games can have: $3" --merge "$tmp/badc" "$tmp/s2of2"
}
bad_counter "side0_wins 10^6" 's/"side0_wins":[0-9]*/"side0_wins":1000000/' "a side's wins are more than the games"
bad_counter "wins without values" 's/"side1_value_sum":[0-9]*/"side1_value_sum":0/' "a side's game values are not 1 or more"
bad_counter "wins that do not add up" 's/"side1_wins":\([0-9]*\),"side1_value_sum":[0-9]*/"side1_wins":1,"side1_value_sum":1/' "the sides' wins do not add up"
bad_counter "first dealers" 's/"seat0_first_dealer":[0-9]*/"seat0_first_dealer":0/' "the seats' first deals do not add up"
bad_counter "first dealer wins" 's/"first_dealer_wins":[0-9]*/"first_dealer_wins":152/' "the first dealers won more games"
bad_counter "longest game" 's/"moves_max":[0-9]*/"moves_max":99999999/' "the longest game has more moves"
bad_counter "no deals" 's/"skirmishes":[0-9]*/"skirmishes":3/' "the deals are fewer than the games"
sed 's/"moves":[0-9]*/"moves":18446744073709551615/' "$tmp/s1of2" >"$tmp/big1"
sed 's/"moves":[0-9]*/"moves":18446744073709551615/' "$tmp/s2of2" >"$tmp/big2"
expect_fail "merge: counters past 2^64 - 1" 1 'big2:1: "moves" added up goes past 2^64 - 1' --merge "$tmp/big1" "$tmp/big2"
: >"$tmp/empty"
expect_fail "merge: nothing to merge" 1 "no results" --merge "$tmp/empty"
expect_fail "merge: no such file" 1 "cannot open" --merge "$tmp/nonexistent"

# ---------------------------------------------------------------------------
# JSON, players, teams

run --games 100 --json
json_ok "JSON: one well-formed line" "len(lines) == 1 and isinstance(d, dict) and d['players'] == 2 and d['teams'] is False and d['bots'] == 'greedy,random' and d['shard_k'] == d['shard_n'] == 1"
json_ok "JSON: 2 players consistent" "$(consistent 100)"
run --games 80 --players 3 --json
json_ok "JSON: 3 players" "$(consistent 80) and d['bots'] == 'greedy,random,greedy' and 'side2_wins' in d and 'side3_wins' not in d"
run --games 80 --players 4 --bots random --json
json_ok "JSON: 4 players" "$(consistent 80) and d['bots'] == 'random,random,random,random' and 'seat3_go' in d"
run --games 80 --teams --json
json_ok "JSON: teams" "$(consistent 80) and d['teams'] is True and d['players'] == 4 and 'side2_wins' not in d and 'seat3_reserve' in d and d['bots'] == 'greedy,random,greedy,random'"
run --games 80 --teams --bots greedy,random,random,greedy --value skunk --json
json_ok "JSON: teams, skunk value" "$(consistent 80) and all(d['side%d_wins' % s] <= d['side%d_value_sum' % s] <= 4 * d['side%d_wins' % s] for s in (0, 1))"
# a cease-fire at the first deal (about 1 game in 53) scores for seats too,
# so the seats' points add up to the sides' (consistent checks it)
run --games 400 --teams --seed 3 --json
json_ok "JSON: teams, 400 games, first-deal cease-fires by seat" "$(consistent 400) and d['ceasefires'] > 0"
run --games 50 --timing --json
json_ok "JSON: --timing adds seconds" "d['seconds'] >= 0 and d['games_per_s'] >= 0"
run --games 200 --target 1 --json
json_ok "target 1: games won inside bfc_game_new too" "$(consistent 200) and d['moves_per_game'] < 20"
run --games 50 --turn-limit 3 --json
json_ok "turn limit 3 ends skirmishes" "$(consistent 50) and d['limit_endings'] > 0 and d['turn_limit'] == 3"

expect_ok "2 players" --games 40 --players 2
expect_ok "3 players" --games 40 --players 3 --bots random,greedy,random
expect_ok "4 players" --games 40 --bots greedy,greedy,random,random
expect_ok "teams" --games 40 --teams --bots greedy
if grep -q '^  side ' "$tmp/out" && grep -q '^  0+2 ' "$tmp/out"; then ok; else
    fail "the teams report has side rows: [$(cat "$tmp/out")]"
fi
expect_ok "--timing" --games 20 --timing
if grep -q '^time: .* games/s$' "$tmp/out"; then ok; else fail "--timing prints games/s"; fi

# win counts in the report add up to --games (no python needed)
run --games 123 --players 3
wins=$(awk '/^wins$/ { on = 1; next } on && /^  [0-9]/ { s += $4 } /^$/ { on = 0 } END { print s }' "$tmp/out")
check "report: wins add up to --games (got $wins)" test "$wins" = 123

# ---------------------------------------------------------------------------
# Greedy against random

run --games 400 --seed 11 --json
if [ "$have_python" = 1 ]; then
    rate=$(python3 -c 'import json,sys; d=json.load(sys.stdin); print("%.3f [%.3f, %.3f]" % (d["side0_win_rate"], d["side0_ci_low"], d["side0_ci_high"]))' <"$tmp/out")
    echo "greedy (seat 0) vs random, 400 games: greedy win rate $rate" >&2
    # greedy wins about 95% (CI over 90%); 0.80 leaves a wide margin
    json_ok "greedy beats random as seat 0" "d['side0_win_rate'] > 0.80 and d['side0_ci_low'] > 0.5"
    run --games 400 --seed 12 --bots random,greedy --json
    json_ok "greedy beats random as seat 1" "d['side1_win_rate'] > 0.80"
fi

# ---------------------------------------------------------------------------
# The classic games (RULES 3): --game, --muggins

# Python: the JSON of a classic run is self-consistent for G games: every
# game played, wins add up (solitaire: at most G), points by source add up
# to the side's total, the seats' points add up to the sides', the interval
# holds the rate, and under plain game value a win takes 1 game from each
# losing side (a backward game has one loser).
classic_consistent() {
    echo "d['format'] == 'bfc-sim 2' and d['played'] == d['games'] == $1 \
and 'turns' not in d and 'skirmishes' not in d and d['turn_limit'] == 0 \
and (sum(d['side%d_wins' % s] for s in range(6) if 'side%d_wins' % s in d) == $1 or d['players'] == 1) \
and all(abs(sum(d['side%d_%s_per_game' % (s, k)] for k in ('play', 'go', 'hand', 'crib', 'heels', 'muggins', 'first')) - d['side%d_points_per_game' % s]) < 1e-4 for s in range(d['players'] // 2 if d['teams'] else d['players'])) \
and abs(sum(d['side%d_points_per_game' % s] for s in range(d['players'] // 2 if d['teams'] else d['players'])) - sum(d['seat%d_points_per_game' % s] for s in range(d['players']))) < 1e-3 \
and all(d['side%d_ci_low' % s] <= d['side%d_win_rate' % s] <= d['side%d_ci_high' % s] for s in range(d['players'] // 2 if d['teams'] else d['players'])) \
and all(d['side%d_value_sum' % s] == d['side%d_wins' % s] * (1 if d['game'] == 'backward' else max(1, (d['players'] // 2 if d['teams'] else d['players']) - 1)) for s in range(d['players'] // 2 if d['teams'] else d['players']))"
}
# seats K: the sum of key K over the seats, in Python
seats() { echo "sum(d['seat%d_$1' % s] for s in range(d['players']))"; }

# json_later NAME EXPR: as json_ok, but checked by json_run, which checks
# every one listed so far in one Python run (each start of Python costs).
: >"$tmp/later.list"
nlater=0
json_later() {
    [ "$have_python" = 1 ] || return 0
    nlater=$((nlater + 1))
    if [ "$st" -ne 0 ]; then fail "$1: want status 0, got $st"; return; fi
    cp "$tmp/out" "$tmp/later.$nlater"
    printf '%s\t%s\t%s\n' "$1" "$tmp/later.$nlater" "$2" >>"$tmp/later.list"
}
json_run() {
    [ "$have_python" = 1 ] || return 0
    python3 - "$tmp/later.list" >"$tmp/later.res" 2>&1 <<'PYEOF'
import json, sys
for entry in open(sys.argv[1]).read().split("\n"):
    if not entry:
        continue
    name, path, expr = entry.split("\t")
    try:
        docs = [json.loads(l) for l in open(path).read().split("\n") if l]
        d = docs[0] if len(docs) == 1 else None
        good = eval(expr, {"d": d, "docs": docs, "json": json})
        why = "" if good else "false"
    except Exception as e:
        good, why = False, "%s: %s" % (type(e).__name__, e)
    print(("ok " if good else "bad ") + name + ("" if good else " (%s): %s [%s]" % (why, expr, open(path).read()[:200].replace("\n", " "))))
PYEOF
    n=$(wc -l <"$tmp/later.list")
    good=$(grep -c '^ok ' "$tmp/later.res")
    passed=$((passed + good))
    if [ "$good" -ne "$n" ]; then
        failed=$((failed + n - good))
        grep -v '^ok ' "$tmp/later.res" | sed 's/^/FAIL /' >&2
    fi
    : >"$tmp/later.list"
}

for cfg in "classic" "classic --players 3" "classic --players 4" "classic --players 6" \
    "classic --muggins" "classic --players 6 --muggins" "five-card" "five-card --muggins" \
    "noddy" "noddy --players 3" "noddy --players 4 --teams" "noddy --players 5" \
    "noddy --players 6" "noddy --players 6 --teams" "noddy --muggins" \
    "backward" "backward --players 3" "backward --players 4 --muggins" "solitaire" \
    "crib-wars" "crib-wars --players 3" "crib-wars --players 6 --muggins"; do
    # shellcheck disable=SC2086
    run --games 60 --json --game $cfg
    set -- $cfg
    what="JSON: --game $cfg"
    expr="$(classic_consistent 60) and d['game'] == '$1' and d['muggins'] == ('--muggins' in '$cfg')"
    case $cfg in
    *--muggins*) ;;
    *) expr="$expr and $(seats muggins) == 0" what="$what, no muggins points" ;;
    esac
    case $1 in
    five-card)
        # RULES 3.5: 3 for the first non-dealer, once a game; the play ends
        # without a reset, so no go (the last card pegs 1)
        expr="$expr and $(seats first) == 3 * 60 and $(seats go) == 0"
        what="$what; RULES 3.5: 3 first points a game, no go" ;;
    noddy)
        # RULES 3.6: no crib, no reset (so no go)
        expr="$expr and $(seats crib) == $(seats go) == $(seats first) == 0"
        what="$what; RULES 3.6: no crib, no go" ;;
    solitaire)
        # RULES 3.8: six deals of 6 + 2 cards, 8 laid each, one discard and
        # four hand cards laid per deal; no go (D11), nobody to claim
        expr="$expr and d['deals'] == 6 * 60 and d['cards_laid'] == 48 * 60 and d['moves'] == 30 * 60 and d['moves_max'] == 30 and $(seats go) == $(seats first) == 0 and d['players'] == 1 and 'side1_wins' not in d"
        what="$what; RULES 3.8, D11: 6 deals, 48 cards laid, 30 moves, no go" ;;
    *)
        expr="$expr and $(seats first) == 0" what="$what, no first points" ;;
    esac
    json_later "$what" "$expr"
done
run --games 60 --json --game classic --players 4
json_later "classic 4 players without --teams: four individuals (RULES 3.10)" "d['teams'] is False and 'side3_wins' in d"
run --games 60 --json --game classic --players 4 --teams
json_later "classic 4 players --teams: two partnerships (RULES 3.3)" "d['teams'] is True and 'side2_wins' not in d"
run --games 60 --json --game classic --players 6
json_later "classic 6 players: three teams (RULES 3.4)" "d['teams'] is True and 'side2_wins' in d and 'side3_wins' not in d"
run --games 60 --json --game five-card
json_later "five-card: target 61" "d['target'] == 61"
run --games 60 --json --game noddy --target 45
json_later "noddy: --target" "d['target'] == 45"
run --games 60 --json --game noddy --value skunk
json_later "noddy: skunk values" "$(seats first) == 0 and all(d['side%d_wins' % s] <= d['side%d_value_sum' % s] <= 4 * d['side%d_wins' % s] for s in (0, 1))"

# RULES 3.1 heels: a jack starter gives the dealer 2, one deal in 13 (2
# players, 2000 games, about 18,500 deals: the mean is within 0.02 of 2/13)
run --games 2000 --game classic --json
json_later "RULES 3.1 heels: 2 points in 1 deal of 13" "abs($(seats heels) / d['deals'] - 2 / 13) < 0.02"
# two players lay all 8 cards of each deal, but the game may end in the last
json_later "RULES 3.1: 8 cards laid a deal" "8 * (d['deals'] - d['games']) <= d['cards_laid'] <= 8 * d['deals']"
json_later "greedy beats random at classic cribbage" "d['side0_win_rate'] > 0.80 and d['side0_ci_low'] > 0.5"
if [ "$have_python" = 1 ]; then
    rate=$(python3 -c 'import json,sys; d=json.load(sys.stdin); print("%.3f [%.3f, %.3f]" % (d["side0_win_rate"], d["side0_ci_low"], d["side0_ci_high"]))' <"$tmp/out")
    echo "classic, greedy (seat 0) vs random, 2000 games: greedy win rate $rate" >&2
fi
run --games 400 --game classic --bots random,greedy --json
json_later "greedy beats random at classic cribbage as seat 1" "d['side1_win_rate'] > 0.80"
run --games 400 --game classic --muggins --json
json_later "muggins: points claimed (RULES 3.9)" "$(seats muggins) > 0 and d['muggins'] is True"

# the report of a classic game and of solitaire
run --games 50 --game classic
if [ "$st" -eq 0 ] && grep -q '^Cribbage: 50 games, 2 players, target 121, plain game value$' "$tmp/out" &&
    grep -q '^  seat  bot  *play  *go  *hand  *crib  *heels  *muggins  *first  *total$' "$tmp/out" &&
    grep -q '^  moves [0-9.]* (longest game [0-9]*), cards laid [0-9.]*, deals [0-9.]*$' "$tmp/out" &&
    ! grep -q 'frontline\|turn limit\|cease' "$tmp/out"; then ok; else
    fail "the classic report: [$(head -n 12 "$tmp/out")]"
fi
run --games 50 --game classic --players 6 --muggins
if grep -q '^Cribbage with muggins: 50 games, 6 players in three teams (seats 0+3, 1+4, 2+5), ' "$tmp/out" &&
    grep -q '^  2     2+5   ' "$tmp/out"; then ok; else fail "the six-player report: [$(head -n 12 "$tmp/out")]"; fi
run --games 200 --game solitaire
wins=$(awk '/^  0     0     greedy/ { print $4 }' "$tmp/out")
lost=$(sed -n 's/^  mean score [0-9.]*; lost \([0-9]*\) of 200 games$/\1/p' "$tmp/out")
if [ "$st" -eq 0 ] && [ -n "$wins" ] && [ -n "$lost" ] && [ $((wins + lost)) -eq 200 ] &&
    grep -q '^Solitaire cribbage: 200 games, 1 player, target 121, plain game value$' "$tmp/out" &&
    grep -q 'one player, more than 120 wins (RULES 3.8)' "$tmp/out" &&
    ! grep -q 'first dealer' "$tmp/out"; then ok; else
    fail "the solitaire report: wins $wins + lost $lost = 200: [$(head -n 12 "$tmp/out")]"
fi
# the mean score is the total of the points by source
mean=$(sed -n 's/^  mean score \([0-9.]*\);.*/\1/p' "$tmp/out")
total=$(awk '/^  0     greedy/ { print $NF }' "$tmp/out")
check "solitaire: the mean score ($mean) is the points total ($total)" test "$mean" = "$total"
run --games 200 --game solitaire --json
json_later "solitaire JSON: the win rate" "0 <= d['side0_win_rate'] <= 1 and d['side0_wins'] <= 200 and abs(d['side0_points_per_game'] - $mean) < 0.01"

# shards of a classic run, merged, are the whole run
for k in 1 2 3; do
    run --game classic --muggins --games 91 --seed 5 --shard "$k/3" --json
    cp "$tmp/out" "$tmp/c${k}of3"
done
run --game classic --muggins --games 91 --seed 5
cp "$tmp/out" "$tmp/cfull.txt"
run --game classic --muggins --games 91 --seed 5 --json
cp "$tmp/out" "$tmp/cfull.json"
run --merge "$tmp/c2of3" "$tmp/c3of3" "$tmp/c1of3"
same "classic shards merged = the whole run (report)" "$tmp/cfull.txt" "$tmp/out"
run --json --merge "$tmp/c1of3" "$tmp/c2of3" "$tmp/c3of3"
same "classic shards merged = the whole run (JSON)" "$tmp/cfull.json" "$tmp/out"
for k in 1 2; do
    run --game noddy --players 6 --teams --games 41 --shard "$k/2" --json
    cp "$tmp/out" "$tmp/n$k"
done
run --game noddy --players 6 --teams --games 41
cp "$tmp/out" "$tmp/nfull"
run --merge "$tmp/n1" "$tmp/n2"
same "Noddy team shards merged" "$tmp/nfull" "$tmp/out"
for k in 1 2; do
    run --game solitaire --games 33 --shard "$k/2" --json
    cp "$tmp/out" "$tmp/so$k"
done
run --game solitaire --games 33
cp "$tmp/out" "$tmp/sofull"
run --merge "$tmp/so1" "$tmp/so2"
same "solitaire shards merged" "$tmp/sofull" "$tmp/out"
# a shard of another game or another muggins setting is another run
run --game classic --games 91 --seed 5 --shard 2/3 --json
cp "$tmp/out" "$tmp/nomug"
expect_fail "merge: muggins and not" 1 "another run" --merge "$tmp/c1of3" "$tmp/nomug" "$tmp/c3of3"
sed 's/"game":"classic"/"game":"backward"/' "$tmp/c2of3" >"$tmp/back"
expect_fail "merge: another game" 1 "another run" --merge "$tmp/c1of3" "$tmp/back" "$tmp/c3of3"
sed 's/"game":"classic"/"game":"cribwars"/' "$tmp/c2of3" >"$tmp/wars"
expect_fail "merge: an unknown game" 1 "is not a game bfc-sim plays" --merge "$tmp/wars"
# a Battlefield line without "game" (the format before the classic games)
sed 's/"game":"battlefield","muggins":false,//' "$tmp/s1of2" >"$tmp/old1"
run --merge "$tmp/old1" "$tmp/s2of2"
same "a Battlefield shard without the game key" "$tmp/full.txt" "$tmp/out"
json_run

# ---------------------------------------------------------------------------
# The table rules of issue 16 (RULES D13, D14, D16, RULES 5 pay), and the
# match options refused (RULES D15, RULES 5 match: a run's games stand alone)

# test_sim__rules_d14_no_take_back: in the report and the JSON, the same
# bytes twice, other games than without it, shards merge, and a shard
# without it is another run
run --games 120 --seed 4 --no-take-back
cp "$tmp/out" "$tmp/ntb.txt"
check "RULES D14: the report names the rule" grep -q -F "rules: no take-back of the card just placed (RULES D14)" "$tmp/ntb.txt"
run --games 120 --seed 4 --no-take-back
same "RULES D14: same arguments, same report" "$tmp/ntb.txt" "$tmp/out"
run --games 120 --seed 4
check "RULES D14: other games than without it" sh -c "! cmp -s '$tmp/ntb.txt' '$tmp/out'"
check "RULES D14: no rules line without it" sh -c "! grep -q '^rules:' '$tmp/out'"
run --games 120 --seed 4 --no-take-back --json
json_ok "RULES D14: JSON" 'd["no_take_back"] is True and d["joker_kills_formation"] is False and d["partners_by_cut"] is False and d["pay"] == "sum" and d["format"] == "bfc-sim 2"'
for k in 1 2; do run --games 120 --seed 4 --no-take-back --shard $k/2 --json; cp "$tmp/out" "$tmp/ntb$k"; done
run --merge "$tmp/ntb1" "$tmp/ntb2"
same "RULES D14: shards merged = the whole run" "$tmp/ntb.txt" "$tmp/out"
sed 's/"no_take_back":true/"no_take_back":false/' "$tmp/ntb2" >"$tmp/ntbx"
expect_fail "RULES D14: merge, a shard without the rule" 1 "another run" --merge "$tmp/ntb1" "$tmp/ntbx"
expect_fail "RULES D14: not classic" 2 "--no-take-back is a Battlefield rule (RULES D14), not classic" --game classic --no-take-back
expect_fail "RULES D14: no value" 2 "takes no value" --no-take-back=yes
# a line of bfc-sim 2 from before issue 16 (no pay, no rule keys) merges as the defaults
sed 's/"pay":"sum","no_take_back":false,"joker_kills_formation":false,"partners_by_cut":false,//' "$tmp/s1of2" >"$tmp/old16"
check "RULES D14: the old line lacks the keys" sh -c "! grep -q no_take_back '$tmp/old16'"
run --merge "$tmp/old16" "$tmp/s2of2"
same "a shard without the issue 16 keys" "$tmp/full.txt" "$tmp/out"

# test_sim__rules_d13_joker_kills_formation: the joker's formation scores
# 0, so the battlefield's points per game drop (same seeds, 1000 games)
run --games 1000 --seed 8 --json
cp "$tmp/out" "$tmp/jk0"
run --games 1000 --seed 8 --joker-kills-formation --json
cp "$tmp/out" "$tmp/jk1"
json_ok "RULES D13: JSON" 'd["joker_kills_formation"] is True and d["no_take_back"] is False'
if [ "$have_python" = 1 ]; then
    if msg=$(cat "$tmp/jk0" "$tmp/jk1" | python3 "$JCHECK" 'sum(docs[1]["seat%d_battlefield" % s] for s in range(2)) < sum(docs[0]["seat%d_battlefield" % s] for s in range(2))'); then ok; else
        fail "RULES D13: battlefield points do not drop with --joker-kills-formation $msg"
    fi
fi
expect_fail "RULES D13: not classic" 2 "--joker-kills-formation is a Battlefield rule (RULES D13), not classic" --game classic --joker-kills-formation

# test_sim__rules_d16_partners_by_cut: the lowest cut deals from its own
# seat (D16), so each seat deals first exactly as often as with the plain
# cut (RULES D6); the bots stay with their seats; the same bytes twice
run --teams --games 200 --seed 6 --json
cp "$tmp/out" "$tmp/pc0"
run --teams --games 200 --seed 6 --partners-by-cut --json
cp "$tmp/out" "$tmp/pc1"
json_ok "RULES D16: JSON" 'd["partners_by_cut"] is True and d["teams"] is True and d["played"] == 200'
if [ "$have_python" = 1 ]; then
    if msg=$(cat "$tmp/pc0" "$tmp/pc1" | python3 "$JCHECK" 'all(docs[0]["seat%d_first_dealer" % s] == docs[1]["seat%d_first_dealer" % s] for s in range(4))'); then ok; else
        fail "RULES D16: the lowest cut deals, from its own seat $msg"
    fi
fi
run --teams --games 200 --seed 6 --partners-by-cut --json
same "RULES D16: same arguments, same JSON" "$tmp/pc1" "$tmp/out"
run --teams --games 20 --partners-by-cut
check "RULES D16: the report names the rule" grep -q -F "partners by cut (RULES D16; the bots stay with the seats)" "$tmp/out"
expect_fail "RULES D16: without teams" 2 "--partners-by-cut is for partners (RULES D16): add --teams" --partners-by-cut
expect_fail "RULES D16: no partnerships" 2 "--partners-by-cut: five-card has no partnerships" --game five-card --partners-by-cut
run --game classic --players 6 --games 30 --partners-by-cut --json
json_ok "RULES D16: six-handed (teams of its own)" 'd["partners_by_cut"] is True and d["played"] == 30'

# test_sim__rules_5_pay: the same games whoever pays (play does not depend
# on it); each loser's value summed >= the worst loser's >= the best's,
# strictly somewhere with 3 players and skunks; with 2 players all equal
for p in sum best worst; do
    run --players 3 --value skunk --games 400 --seed 2 --pay $p --json
    cp "$tmp/out" "$tmp/pay_$p"
done
json_ok "RULES 5 pay: JSON" 'd["pay"] == "worst"'
if [ "$have_python" = 1 ]; then
    if msg=$(cat "$tmp/pay_sum" "$tmp/pay_best" "$tmp/pay_worst" | python3 "$JCHECK" '(
all(docs[0]["side%d_wins" % i] == docs[1]["side%d_wins" % i] == docs[2]["side%d_wins" % i] for i in range(3))
and all(docs[0]["side%d_value_sum" % i] >= docs[2]["side%d_value_sum" % i] >= docs[1]["side%d_value_sum" % i] >= docs[1]["side%d_wins" % i] for i in range(3))
and sum(docs[0]["side%d_value_sum" % i] for i in range(3)) > sum(docs[2]["side%d_value_sum" % i] for i in range(3)) > sum(docs[1]["side%d_value_sum" % i] for i in range(3)))'); then ok; else
        fail "RULES 5 pay: sum >= worst >= best over the same games $msg"
    fi
fi
run --value skunk --games 300 --seed 2 --pay sum
cp "$tmp/out" "$tmp/pay2s"
run --value skunk --games 300 --seed 2 --pay worst
grep -v '^rules:' "$tmp/out" >"$tmp/pay2w"
same "RULES 5 pay: one loser, the same values" "$tmp/pay2s" "$tmp/pay2w"
check "RULES 5 pay: the report names it" grep -q -F "only the worst loser pays the game value (RULES 5)" "$tmp/out"
for k in 1 2; do run --players 3 --games 50 --pay best --shard $k/2 --json; cp "$tmp/out" "$tmp/pb$k"; done
sed 's/"pay":"best"/"pay":"worst"/' "$tmp/pb2" >"$tmp/pbx"
expect_fail "RULES 5 pay: merge, another payer" 1 "another run" --merge "$tmp/pb1" "$tmp/pbx"
sed 's/"pay":"best"/"pay":"all"/' "$tmp/pb2" >"$tmp/pby"
expect_fail "RULES 5 pay: merge, an unknown payer" 1 "a configuration bfc-sim does not write" --merge "$tmp/pb1" "$tmp/pby"
expect_fail "RULES 5 pay: bad value" 2 "bad --pay 'all' (want sum, best or worst)" --pay all
expect_fail "RULES 5 pay: solitaire" 2 "--pay: solitaire has no losers to pay (RULES 5)" --game solitaire --pay best

# test_sim__rules_d15_and_match_refused: a run's games are independent,
# each cut for its dealer
expect_fail "RULES D15: --next-dealer refused" 2 "--next-dealer is for match play: bfc-sim plays independent games" --next-dealer loser
expect_fail "RULES 5 match: --match refused" 2 "--match is for match play" --match=3
expect_fail "RULES 5 match: --match-points refused" 2 "--match-points is for match play" --match-points acc
expect_fail "--value: the library's names" 2 "bad --value 'double' (want plain, skunk, margin or lurch)" --value double

# ---------------------------------------------------------------------------
# Usage

run --help
if [ "$st" -eq 0 ]; then ok; else fail "--help: want status 0, got $st"; fi
cp "$tmp/out" "$tmp/help"
run -h
if [ "$st" -eq 0 ] && cmp -s "$tmp/out" "$tmp/help"; then ok; else fail "-h: want status 0 and the --help text, got $st [$(cat "$tmp/err")]"; fi
run --help
for word in --bots --players --teams --target --turn-limit --value --games --seed --shard \
    --json --timing --merge --version random greedy cut "first deal" Wilson \
    sideD_wins EXAMPLES "EXIT STATUS" --game --muggins classic five-card noddy backward \
    solitaire heels cards_laid seven-card captains --no-take-back --joker-kills-formation \
    --partners-by-cut --pay no_take_back partners_by_cut D13 D14 D16; do
    if grep -q -F -- "$word" "$tmp/out"; then ok; else fail "--help does not mention '$word'"; fi
done
run --version
version=$(sed -n 's/^#define BFC_VERSION_STRING "\(.*\)"/\1/p' include/bfc.h)
check "--version" test "$st" -eq 0 -a "$(cat "$tmp/out")" = "$version"

expect_fail "unknown option" 2 "unknown option '--bogus'" --bogus
expect_fail "stray argument" 2 "unexpected argument 'x'" x
expect_fail "missing value" 2 "--games needs a value" --games
expect_fail "games 0" 2 "bad --games '0'" --games 0
expect_fail "games not a number" 2 "bad --games 'ten'" --games ten
expect_fail "games negative" 2 "bad --games '-5'" --games -5
expect_fail "games too many" 2 "bad --games" --games 1000000000001
expect_fail "seed overflow" 2 "bad --seed" --seed 18446744073709551616
expect_fail "seed negative" 2 "bad --seed" --seed -1
expect_fail "players 1" 2 "battlefield is played by 2, 3 or 4 players (got --players 1)" --players 1
expect_fail "players 5" 2 "battlefield is played by 2, 3 or 4 players (got --players 5)" --players 5
expect_fail "players 7" 2 "bad --players '7'" --players 7
expect_fail "players 0" 2 "bad --players '0'" --players 0
expect_fail "bad game" 2 "bad --game 'chess'" --game chess
expect_fail "crib-wars, 5 players" 2 "crib-wars is played by 2, 3, 4 or 6 players" --game crib-wars --players 5
expect_fail "muggins in battlefield" 2 "--muggins is for the classic games" --muggins
expect_fail "muggins in solitaire" 2 "--muggins is for the classic games" --game solitaire --muggins
expect_fail "solitaire, 2 players" 2 "solitaire is played by 1 player (got --players 2)" --game solitaire --players 2
# ---------------------------------------------------------------------------
# The search bot (ismcts, bfc_search): one search per seat for the run,
# re-seeded per game, so a run is as reproducible and as shardable as one
# of the baseline bots; its budget is in the JSON and --merge checks it.

for g in battlefield classic; do
    run --game $g --bots ismcts,greedy --iterations 40 --games 20 --seed 3 --json
    cp "$tmp/out" "$tmp/is_$g"
    if [ "$g" = battlefield ]; then json_ok "ismcts $g: consistent JSON" "$(consistent 20)"; else
        json_ok "ismcts $g: consistent JSON" "$(classic_consistent 20)"; fi
    json_ok "ismcts $g: the budget keys" "d['bots'] == 'ismcts,greedy' and d['iterations'] == 40 and d['time_ms'] == 0"
    run --game $g --bots ismcts,greedy --iterations 40 --games 20 --seed 3 --json
    same "ismcts $g: the same run twice prints the same bytes" "$tmp/is_$g" "$tmp/out"
    run --game $g --bots ismcts,greedy --iterations 40 --games 20 --seed 3 --json --shard 1/2
    cp "$tmp/out" "$tmp/is_${g}_1"
    run --game $g --bots ismcts,greedy --iterations 40 --games 20 --seed 3 --json --shard 2/2
    cp "$tmp/out" "$tmp/is_${g}_2"
    run --json --merge "$tmp/is_${g}_2" "$tmp/is_${g}_1"
    same "ismcts $g: two shards merged = the whole run" "$tmp/is_$g" "$tmp/out"
    run --game $g --bots ismcts,greedy --iterations 41 --games 20 --seed 3 --json --shard 2/2
    cp "$tmp/out" "$tmp/is_${g}_2b"
    expect_fail "ismcts $g: merge checks the budget" 1 "another run" --merge "$tmp/is_${g}_1" "$tmp/is_${g}_2b"
done
# the default budget is the medium level's, whatever the library sets it
# to (no number written here): the games of the medium bot, move for move
run --bots ismcts,greedy --games 2 --json
cp "$tmp/out" "$tmp/is_default"
json_ok "ismcts: default budget" "d['iterations'] > 0 and d['time_ms'] == 0"
run --bots medium,greedy --games 2 --json
cat "$tmp/is_default" "$tmp/out" >"$tmp/is_medium"
cp "$tmp/is_medium" "$tmp/out"
json_ok "ismcts at the default budget plays the medium level's games" \
    "len(docs) == 2 and {k: v for k, v in docs[0].items() if k not in ('bots', 'iterations', 'time_ms')} == {k: v for k, v in docs[1].items() if k not in ('bots', 'iterations', 'time_ms')}"
# --level (issue 38: "unknown option", where bfc-play and bfc-advise take
# it): the ismcts seats at that level, the very games of the level's bot
run --bots ismcts,greedy --games 2 --json --level easy
cp "$tmp/out" "$tmp/lv_easy"
run --bots easy,greedy --games 2 --json
cat "$tmp/lv_easy" "$tmp/out" >"$tmp/lv_both"
cp "$tmp/lv_both" "$tmp/out"
json_ok "--level easy: the ismcts seats play the easy bot's games" "len(docs) == 2 and docs[0] == docs[1] and docs[0]['bots'] == 'easy,greedy'"
run --bots base,ismcts --games 1 --json --level hard
json_ok "--level hard: base seats at base-hard, ismcts at hard" "d['bots'] == 'base-hard,hard'"
expect_fail "--level with no ismcts seat" 2 "--level is the level of the ismcts and base bots, and no seat plays them" --games 2 --level hard
expect_fail "--level and --iterations" 2 "--level and --iterations are two budgets: give one" --bots ismcts --level hard --iterations 9
expect_fail "--level unknown" 2 "--level must be easy, medium or hard, not 'max'" --bots ismcts --level max
# no ismcts seat: no budget keys
run --games 2 --json
json_ok "no ismcts seat: no budget keys" "'iterations' not in d and 'time_ms' not in d"
# a time budget: the report says the run is not reproducible
run --bots ismcts,greedy --games 1 --time-ms 2
if [ "$st" -eq 0 ] && grep -q '^ismcts: 2 ms per decision (a time budget: the run is not reproducible)$' "$tmp/out"; then ok; else
    fail "--time-ms: the report says it is not reproducible: [$(head -n 4 "$tmp/out")]"
fi
run --bots ismcts,greedy --games 1 --time-ms 2 --json
json_ok "--time-ms in the JSON" "d['iterations'] == 0 and d['time_ms'] == 2"
run --bots ismcts,greedy --games 1 --iterations 30
if [ "$st" -eq 0 ] && grep -q '^ismcts: 30 iterations per decision$' "$tmp/out"; then ok; else
    fail "--iterations in the report: [$(head -n 4 "$tmp/out")]"
fi
# strength, Battlefield only: over seed 1, 100 games at 40 iterations a
# decision, ismcts won 76 (Wilson 95% [66.8%, 83.3%]; seeds 2 and 3: 72,
# 85), far from a coin flip. (Classic at 40 iterations is about even with
# greedy -- 50, 53, 46 of 100 -- so no such check there.)
run --bots ismcts,greedy --iterations 40 --games 100 --seed 1 --json
json_ok "ismcts beats greedy in Battlefield (100 games, 40 iterations)" "d['side0_wins'] > d['side1_wins']"
expect_fail "ismcts: --iterations 0" 2 "bad --iterations '0'" --bots ismcts --iterations 0
expect_fail "ismcts: --time-ms too big" 2 "bad --time-ms '100001'" --bots ismcts --time-ms 100001
expect_fail "--iterations without ismcts" 2 "--iterations is the budget of the ismcts and base bots" --bots greedy,random --iterations 40
expect_fail "--time-ms without ismcts" 2 "--time-ms is the budget of the ismcts and base bots" --time-ms 40

expect_fail "five-card, 3 players" 2 "five-card is played by 2 players" --game five-card --players 3
expect_fail "classic, 5 players" 2 "classic is played by 2, 3, 4 or 6 players" --game classic --players 5
expect_fail "classic teams of 3" 2 "--teams needs 4 or 6 players" --game classic --teams --players 3
expect_fail "backward teams of 6" 2 "--teams needs 4 players" --game backward --teams --players 6
expect_fail "five-card teams" 2 "--teams: five-card has no partnerships" --game five-card --teams
expect_fail "turn limit in classic" 2 "--turn-limit is a Battlefield rule" --game classic --turn-limit 5
expect_fail "seven bots" 2 "bad --bots" --bots greedy,greedy,greedy,greedy,greedy,greedy,greedy
expect_fail "bots vs solitaire" 2 "solitaire is played by 1 player (got --players 2)" --game solitaire --bots greedy,random
expect_fail "bots vs players" 2 "names 2 bots for 1 players" --game solitaire --players 1 --bots greedy,random
expect_fail "merge with --game" 2 "--game cannot be used with --merge" --merge --game classic "$tmp/s1of2"
expect_fail "merge with --muggins" 2 "--muggins cannot be used with --merge" --muggins --merge "$tmp/s1of2"
expect_fail "bad bot" 2 "bad --bots 'greedy,smart'" --bots greedy,smart
expect_fail "empty bot" 2 "bad --bots" --bots greedy,,random
expect_fail "five bots" 2 "battlefield is played by 2, 3 or 4 players (got --players 5)" --bots greedy,greedy,greedy,greedy,greedy
expect_fail "bots vs players" 2 "names 3 bots for 2 players" --bots greedy,random,greedy --players 2
expect_fail "teams needs 4" 2 "--teams needs 4 players" --teams --players 3
expect_fail "teams with 2 bots" 2 "--teams needs 4 players" --teams --bots greedy,random
expect_fail "target 0" 2 "bad --target '0'" --target 0
expect_fail "target 1001" 2 "bad --target '1001'" --target 1001
expect_fail "turn limit" 2 "bad --turn-limit" --turn-limit 10001
expect_fail "value" 2 "bad --value 'double'" --value double
expect_fail "shard 0/2" 2 "bad --shard '0/2'" --shard 0/2
expect_fail "shard 3/2" 2 "bad --shard '3/2'" --shard 3/2
expect_fail "shard without N" 2 "bad --shard '1'" --shard 1
expect_fail "flag with a value" 2 "takes no value" --json=yes
expect_fail "merge with a run option" 2 "--games cannot be used with --merge" --merge --games 10 "$tmp/s1of2"
expect_fail "merge with --timing" 2 "--timing cannot be used with --merge" --timing --merge "$tmp/s1of2"
expect_fail "merge without files" 2 "--merge needs at least one FILE" --merge

# ---------------------------------------------------------------------------
# Duplicate deals, the par check, the library's levels and the frozen
# baseline (issue 27), and output that cannot be written (issue 29)

# jcmp NAME EXPR FILE...: EXPR holds over the JSON of the files (docs[0], ...)
jcmp() {
    name=$1 expr=$2
    shift 2
    [ "$have_python" = 1 ] || return 0
    if msg=$(cat "$@" | python3 "$JCHECK" "$expr"); then ok; else fail "$name $msg"; fi
}

# test_sim__duplicate_self_play_is_exactly_fair: the bots' generators follow
# the seat, so a bot against itself plays each game of a set identically:
# every pair splits 1-1 (every set of three gives the hero one game), the
# margin is 0, and the interval has no width
for cfg in "--bots greedy" "--game classic --bots greedy" "--game classic --bots random" \
    "--game classic --bots ismcts --iterations 20" "--bots base-easy" "--teams --bots greedy" \
    "--game five-card --bots greedy"; do
    # shellcheck disable=SC2086
    run --duplicate --games 12 --json $cfg
    json_ok "duplicate self-play is exactly fair ($cfg)" "d['duplicate'] is True and d['rotations'] == 2 and d['sets'] == 12 and d['played'] == 24 and d['hero_sets_won1'] == 12 and d['hero_win_rate'] == d['hero_ci_low'] == d['hero_ci_high'] == 0.5 and d['hero_margin_plus'] == d['hero_margin_minus'] == 0 and d['hero_margin_per_set'] == 0"
done
run --duplicate --players 3 --bots greedy --games 12 --json
json_ok "duplicate self-play, 3 players: a third each, margin 0" "d['rotations'] == 3 and d['played'] == 36 and d['hero_sets_won1'] == 12 and abs(d['hero_win_rate'] - 1 / 3) < 1e-6 and d['hero_ci_low'] == d['hero_ci_high'] == d['hero_win_rate'] and d['hero_margin_plus'] == d['hero_margin_minus'] == 0"
run --duplicate --game classic --players 6 --bots greedy --games 6 --json
json_ok "duplicate self-play, 6 players in three teams: a third each" "d['rotations'] == 3 and d['hero_sets_won1'] == 6"

# test_sim__duplicate_is_each_rotation_of_the_bots: set i's games are game i
# of plain runs with the bots rotated (same seeds, the bots' generators by
# seat); by bot, wins and points by source are those runs' by seat
run --duplicate --game classic --bots greedy,random --games 40 --json
cp "$tmp/out" "$tmp/d2"
run --game classic --bots greedy,random --games 40 --json
cp "$tmp/out" "$tmp/d2a"
run --game classic --bots random,greedy --games 40 --json
cp "$tmp/out" "$tmp/d2b"
jcmp "duplicate pair = both seatings" "docs[0]['bot0_wins'] == docs[1]['side0_wins'] + docs[2]['side1_wins'] \
and docs[0]['bot1_wins'] == docs[1]['side1_wins'] + docs[2]['side0_wins'] \
and all(docs[0]['bot0_dealer_' + k] + docs[0]['bot0_pone_' + k] == docs[1]['seat0_' + k] + docs[2]['seat1_' + k] for k in ('play', 'go', 'hand', 'crib', 'heels')) \
and all(docs[0]['seat%d_first_dealer' % s] == docs[1]['seat%d_first_dealer' % s] + docs[2]['seat%d_first_dealer' % s] for s in (0, 1)) \
and docs[0]['hero_sets_won2'] * 2 + docs[0]['hero_sets_won1'] == docs[0]['bot0_wins']" "$tmp/d2" "$tmp/d2a" "$tmp/d2b"
run --duplicate --bots greedy,random,random --games 20 --json
cp "$tmp/out" "$tmp/d3"
for bots in greedy,random,random random,greedy,random random,random,greedy; do
    run --bots $bots --games 20 --json
    cp "$tmp/out" "$tmp/d3.$bots"
done
# rotation r puts bot 0 (greedy) at seat r
jcmp "duplicate set of 3 = the three rotations" "docs[0]['bot0_wins'] == docs[1]['side0_wins'] + docs[2]['side1_wins'] + docs[3]['side2_wins'] \
and sum(docs[0]['hero_sets_won%d' % k] * k for k in range(4)) == docs[0]['bot0_wins'] \
and docs[0]['bot0_dealer_frontline'] + docs[0]['bot0_pone_frontline'] == docs[1]['seat0_frontline'] + docs[2]['seat1_frontline'] + docs[3]['seat2_frontline']" \
    "$tmp/d3" "$tmp/d3.greedy,random,random" "$tmp/d3.random,greedy,random" "$tmp/d3.random,random,greedy"

# test_sim__duplicate_decks: a classic pair is dealt alike, deal for deal;
# in Battlefield the first skirmish always is (its later ones follow the
# cards drawn, tests/test_deals.c)
run --duplicate --game classic --games 30 --json
json_ok "duplicate classic: every deal dealt alike" "d['deals_compared'] >= 30 * 5 and d['deals_same'] == d['deals_compared']"
run --duplicate --game classic --players 4 --teams --games 10 --json
json_ok "duplicate classic teams: every deal dealt alike" "d['deals_compared'] >= 10 * 3 and d['deals_same'] == d['deals_compared']"
run --duplicate --games 30 --json
json_ok "duplicate battlefield: the first skirmish dealt alike" "d['deals_same'] >= 30 and d['deals_compared'] >= d['deals_same']"
run --duplicate --game classic --games 30
check "duplicate report: the decks line" grep -q '^  decks     [0-9]* of [0-9]* deals dealt as the same deal of the pair' "$tmp/out"
check "duplicate report: the pairs line" grep -q '^  pairs     won 2-0: [0-9]*, split 1-1: [0-9]*, lost 0-2: [0-9]*$' "$tmp/out"
check "duplicate report: the heading" grep -q '^Cribbage: 30 duplicate pairs (60 games), 2 players' "$tmp/out"
check "duplicate report: points per deal by role" grep -q '^  greedy       dealer ' "$tmp/out"

# test_sim__duplicate_paired_interval: Student's t over the pairs' means
# (a close match: the search at 1 iteration against greedy splits most pairs)
run --duplicate --game classic --bots ismcts,greedy --iterations 1 --games 80 --seed 5 --json
json_ok "duplicate: the paired interval of the win rate" "abs(d['hero_win_rate'] - (d['hero_sets_won2'] + d['hero_sets_won1'] / 2) / 80) < 1e-6 and \
(0 < d['hero_ci_low'] < d['hero_win_rate'] < d['hero_ci_high'] < 1 and abs((d['hero_ci_high'] - d['hero_ci_low']) / 2 / (1.9905 * ((d['hero_sets_won2'] + d['hero_sets_won1'] / 4) / 80 - d['hero_win_rate'] ** 2) ** 0.5 * (80 / 79) ** 0.5 / 80 ** 0.5) - 1) < 1e-3)"
json_ok "duplicate: the margin's mean and interval" "abs(d['hero_margin_per_set'] - (d['hero_margin_plus'] - d['hero_margin_minus']) / 80) < 1e-6 and \
abs((d['hero_margin_ci_high'] - d['hero_margin_ci_low']) / 2 / (1.9905 * ((d['hero_margin_sq'] - 80 * d['hero_margin_per_set'] ** 2) / 79 / 80) ** 0.5) - 1) < 1e-3"

# test_sim__duplicate_shards_merge
run --duplicate --players 3 --games 11 --seed 4
cp "$tmp/out" "$tmp/dup.txt"
run --duplicate --players 3 --games 11 --seed 4 --json
cp "$tmp/out" "$tmp/dup.json"
for k in 1 2 3; do
    run --duplicate --players 3 --games 11 --seed 4 --shard $k/3 --json
    cp "$tmp/out" "$tmp/dup$k"
done
run --merge "$tmp/dup3" "$tmp/dup1" "$tmp/dup2"
same "duplicate shards merged = the whole run (report)" "$tmp/dup.txt" "$tmp/out"
run --json --merge "$tmp/dup2" "$tmp/dup3" "$tmp/dup1"
same "duplicate shards merged = the whole run (JSON)" "$tmp/dup.json" "$tmp/out"
# a shard of one set has no interval: its JSON says null, and merges
for k in 1 2; do
    run --game classic --duplicate --players 3 --games 2 --json --shard $k/2
    cp "$tmp/out" "$tmp/one$k"
done
check "a one-set shard writes its interval as null" grep -q '"hero_ci_low":null' "$tmp/one1"
run --game classic --duplicate --players 3 --games 2 --json
cp "$tmp/out" "$tmp/one.json"
run --json --merge "$tmp/one1" "$tmp/one2"
same "one-set shards (null intervals) merged = the whole run" "$tmp/one.json" "$tmp/out"
run --duplicate --players 3 --games 11 --seed 4 --shard 1/3
check "duplicate shard report: sets" grep -q '^shard 1/3: the 4 sets with index % 3 == 0$' "$tmp/out"
run --players 3 --games 11 --seed 4 --shard 2/3 --json
cp "$tmp/out" "$tmp/nodup2"
expect_fail "merge: a duplicate shard with a plain one" 1 "another run" --merge "$tmp/dup1" "$tmp/nodup2"
sed 's/"rotations":3/"rotations":2/' "$tmp/dup2" >"$tmp/duprot"
expect_fail "merge: rotations the rules do not give" 1 "a configuration bfc-sim does not write" --merge "$tmp/dup1" "$tmp/duprot"
sed 's/"sets":[0-9]*/"sets":1/' "$tmp/dup2" >"$tmp/dupsets"
expect_fail "merge: a duplicate shard with the wrong set count" 1 "played" --merge "$tmp/dup1" "$tmp/dupsets" "$tmp/dup3"
# test_sim__issue39_merge_checks_counters, duplicate deals
sed 's/"hero_sets_won0":[0-9]*/"hero_sets_won0":7/' "$tmp/dup2" >"$tmp/dupk"
expect_fail "merge: sets by games won" 1 "dupk:1: counters no run of its games can have: the sets by games won" --merge "$tmp/dup1" "$tmp/dupk" "$tmp/dup3"
sed 's/"deals_same":[0-9]*/"deals_same":99999/' "$tmp/dup2" >"$tmp/dupd"
expect_fail "merge: deals dealt alike" 1 "dupd:1: counters no run of its games can have: more deals dealt alike" --merge "$tmp/dup1" "$tmp/dupd" "$tmp/dup3"
sed 's/"bot0_wins":[0-9]*/"bot0_wins":99999/' "$tmp/dup2" >"$tmp/dupb"
expect_fail "merge: a bot's wins" 1 "dupb:1: counters no run of its games can have: a bot's wins" --merge "$tmp/dup1" "$tmp/dupb" "$tmp/dup3"
sed 's/,"hero_margin_sq":[0-9]*//' "$tmp/dup2" >"$tmp/dupkey"
expect_fail "merge: a duplicate counter missing" 1 '"hero_margin_sq"' --merge "$tmp/dup1" "$tmp/dupkey" "$tmp/dup3"

# test_sim__par: points per deal as dealer and pone, the first dealer's
# win rate with its interval; every deal counted once per seat
run --par --game classic --bots greedy --games 200 --json
json_ok "par: JSON" "d['par'] is True and 'duplicate' not in d and d['first_dealer_ci_low'] <= d['first_dealer_win_rate'] == d['first_dealer_wins'] / 200 <= d['first_dealer_ci_high'] \
and sum(d['bot%d_dealer_deals' % b] + d['bot%d_pone_deals' % b] for b in range(2)) == 2 * d['deals'] \
and sum(d['bot%d_dealer_deals' % b] for b in range(2)) == d['deals'] \
and all(d['bot%d_dealer_%s' % (b, k)] + d['bot%d_pone_%s' % (b, k)] == d['seat%d_%s' % (b, k)] for b in range(2) for k in ('play', 'go', 'hand', 'crib', 'heels')) \
and all(d['bot%d_pone_crib' % b] == d['bot%d_pone_heels' % b] == 0 for b in range(2)) \
and all(d['bot%d_dealer_points_per_deal' % b] > d['bot%d_pone_points_per_deal' % b] for b in range(2))"
# deals played to their end: every game leaves out its last deal, once as
# dealer and once as pone; what they pegged is part of every deal's points
json_ok "par: deals played to their end" "sum(d['bot%d_dealer_full_deals' % b] for b in range(2)) == d['deals'] - 200 \
and sum(d['bot%d_pone_full_deals' % b] for b in range(2)) == d['deals'] - 200 \
and all(0 < d['bot%d_%s_full_points' % (b, r)] < sum(d['bot%d_%s_%s' % (b, r, k)] for k in ('play', 'go', 'hand', 'crib', 'heels')) for b in range(2) for r in ('dealer', 'pone')) \
and all(abs(d['bot%d_%s_points_per_full_deal' % (b, r)] - d['bot%d_%s_full_points' % (b, r)] / d['bot%d_%s_full_deals' % (b, r)]) < 1e-6 for b in range(2) for r in ('dealer', 'pone'))"
run --par --players 3 --games 30 --json
json_ok "par: Battlefield, 3 players" "sum(d['bot%d_dealer_deals' % b] for b in range(3)) == d['skirmishes'] and all(d['bot%d_pone_knobs' % b] == d['bot%d_pone_reserve' % b] == 0 for b in range(3))"
run --par --game classic --bots greedy --games 200
check "par: the report line" grep -q '^par: the first dealer.s side won [0-9.]*% \[[0-9.]*%, [0-9.]*%\] (Wilson 95%) of 200 games$' "$tmp/out"
check "par: points per deal" grep -q '^points per deal, by bot and role' "$tmp/out"
# the figure replayed through the public API (bfc_sim_game_seed, bfc_sim_bot_seed,
# bfc_bot_greedy; the scores at each deal's start): 1,591 deals, 16.27 and 10.35
check "par: the deals played to their end" grep -q '^  greedy       dealer 16.27 (1591), pone 10.35 (1591)$' "$tmp/out"
run --par --games 40 --shard 1/2 --json
cp "$tmp/out" "$tmp/par1"
run --par --games 40 --shard 2/2 --json
cp "$tmp/out" "$tmp/par2"
run --par --games 40
cp "$tmp/out" "$tmp/par.txt"
run --merge "$tmp/par1" "$tmp/par2"
same "par shards merged" "$tmp/par.txt" "$tmp/out"

# test_sim__bots_by_level: the library's levels need no budget; base and
# ismcts take --iterations; the baseline's levels are its budgets
run --bots easy,greedy --games 2 --json
json_ok "easy: no budget keys" "d['bots'] == 'easy,greedy' and 'iterations' not in d"
run --bots base,greedy --games 2 --json
cat "$tmp/out" "$tmp/is_default" >"$tmp/base_default"
cp "$tmp/base_default" "$tmp/out"
json_ok "base: the budget keys (the medium level's iterations by default)" \
    "docs[0]['bots'] == 'base,greedy' and docs[0]['iterations'] == docs[1]['iterations'] > 0"
run --game classic --bots base-easy,greedy --games 6 --json
grep -o '"played.*' "$tmp/out" >"$tmp/be"
run --game classic --bots base,greedy --iterations 40 --games 6 --json
grep -o '"played.*' "$tmp/out" >"$tmp/b40"
same "base-easy is base at 40 iterations" "$tmp/be" "$tmp/b40"
expect_fail "a level takes no --iterations" 2 "--iterations is the budget of the ismcts and base bots" --bots hard,greedy --iterations 40
expect_fail "an unknown bot names the bots" 2 "base-easy, base-medium, base-hard" --bots greedy,expert

# test_sim__duplicate_usage
expect_fail "duplicate: solitaire" 2 "--duplicate needs two sides or more" --game solitaire --duplicate
expect_fail "duplicate: captains" 2 "--duplicate: in captain's cribbage" --game captains --duplicate
expect_fail "duplicate and par" 2 "--par is the check of independent self-play games" --duplicate --par
expect_fail "par: solitaire" 2 "--par: solitaire has no dealer and pone" --game solitaire --par
expect_fail "merge with --duplicate" 2 "--duplicate cannot be used with --merge" --duplicate --merge "$tmp/dup1"

# test_sim__issue29_merge_reads_a_bounded_input: --merge /dev/zero read
# forever; now a NUL byte, a line too long, too many lines end it at once.
# (timeout only stops the old, endless read; the checks count no time.)
if command -v timeout >/dev/null 2>&1; then
    timeout 600 "$BIN" --merge /dev/zero >"$tmp/out" 2>"$tmp/err"
    st=$?
    if [ "$st" -eq 1 ] && grep -q -F "/dev/zero:1: a NUL byte: not a line of bfc-sim --json" "$tmp/err"; then ok; else
        fail "--merge /dev/zero: want status 1 and a message, got $st [$(cat "$tmp/err")]"
    fi
    yes '' 2>/dev/null | timeout 600 "$BIN" --merge - >"$tmp/out" 2>"$tmp/err"
    st=$?
    if [ "$st" -eq 1 ] && grep -q -F -- "-: more than 2000000 lines: not the output of bfc-sim shards" "$tmp/err"; then ok; else
        fail "--merge of endless blank lines: want status 1 and a message, got $st [$(cat "$tmp/err")]"
    fi
fi
awk 'BEGIN { s = "x"; for (i = 0; i < 17; i++) s = s s; print s }' >"$tmp/long"
expect_fail "merge: a line of 131072 bytes" 1 "long:1: longer than 65536 bytes" --merge "$tmp/long"
# test_sim__issue39_merge_line_of_65536_bytes: a line of exactly 65,536
# bytes ending inside a pair was read one byte past its buffer (the parser
# stepped over the line's end; seen under make sanitize / ASan)
awk 'BEGIN { s = "1"; for (i = 0; i < 16; i++) s = s s; print "{\"k\":" substr(s, 6) }' >"$tmp/l65536"
check "a line of 65536 bytes" test "$(head -n 1 "$tmp/l65536" | wc -c)" -eq 65537
expect_fail "merge: a line of 65536 bytes, a value cut" 1 "l65536:1: ',' or '}' missing" --merge "$tmp/l65536"
awk 'BEGIN { s = " "; for (i = 0; i < 16; i++) s = s s; print "{\"k\"" substr(s, 5) }' >"$tmp/l65536k"
expect_fail "merge: a line of 65536 bytes, a key cut" 1 "l65536k:1: ':' missing" --merge "$tmp/l65536k"

# test_sim__issue29_output_that_cannot_be_written: every output of bfc-sim
# to a full disk or a closed standard output: a message and status 1
if [ -w /dev/full ]; then
    for args in "--help" "--version" "--games 3" "--games 3 --json" "--merge $tmp/s1of2 $tmp/s2of2" \
        "--duplicate --games 2"; do
        # shellcheck disable=SC2086
        "$BIN" $args >/dev/full 2>"$tmp/err"
        st=$?
        if [ "$st" -eq 1 ] && grep -q -F "bfc-sim: cannot write the output: No space left on device" "$tmp/err"; then ok; else
            fail "bfc-sim $args >/dev/full: want status 1 and a message, got $st [$(cat "$tmp/err")]"
        fi
    done
fi
for args in "--help" "--version" "--games 3"; do
    # shellcheck disable=SC2086
    "$BIN" $args >&- 2>"$tmp/err"
    st=$?
    if [ "$st" -eq 1 ] && grep -q -F "bfc-sim: cannot write the output" "$tmp/err"; then ok; else
        fail "bfc-sim $args >&-: want status 1 and a message, got $st [$(cat "$tmp/err")]"
    fi
done
run --help
for word in --duplicate --par base-hard hero_win_rate "DUPLICATE DEALS" rotations botB_dealer_deals \
    "Student's t" first_dealer_ci_low; do
    if grep -q -F -- "$word" "$tmp/out"; then ok; else fail "--help does not mention '$word'"; fi
done

done_

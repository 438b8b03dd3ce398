#!/bin/sh
# Tests of the command-line scorer examples/bfc-score/bfc-score: every mode
# in plain and JSON output, exit statuses, the batch mode ('-': one answer
# per input line, numbered), --unicode round trips, the examples of
# --help, and the sample cases of ../shared (when that directory is there).
# Run from the repository root after building it (make):
#
#     sh tests/test_cli.sh
#
# Prints a FAIL line on stderr for each failed check (what was expected and
# what came out) and, as its last line, "N passed, N failed". JSON checks
# need python3; without it they are skipped (and not counted).

BIN=${BFC_SCORE:-examples/bfc-score/bfc-score}
pass=0
fail=0

if [ ! -x "$BIN" ]; then
    echo "FAIL $BIN is not built (make)" >&2
    echo "0 passed, 1 failed"
    exit 1
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/bfc-cli.XXXXXX") || exit 1
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

ok() { pass=$((pass + 1)); }
bad() {
    fail=$((fail + 1))
    printf 'FAIL %s\n' "$*" >&2
}

# run ARGS...: runs the CLI with stdin from /dev/null; sets st, out, err.
run() {
    "$BIN" "$@" <"$tmp/null" >"$tmp/out" 2>"$tmp/err"
    st=$?
    out=$(cat "$tmp/out")
    err=$(cat "$tmp/err")
}
: >"$tmp/null"

# run_in FILE ARGS...: the same with stdin from FILE.
run_in() {
    f=$1
    shift
    "$BIN" "$@" <"$f" >"$tmp/out" 2>"$tmp/err"
    st=$?
    out=$(cat "$tmp/out")
    err=$(cat "$tmp/err")
}

# expect_out NAME WANT ARGS...: exit status 0 and stdout exactly WANT.
expect_out() {
    name=$1 want=$2
    shift 2
    run "$@"
    if [ "$st" -eq 0 ] && [ "$out" = "$want" ]; then ok; else
        bad "$name: bfc-score $*: want status 0 and output [$want], got status $st and [$out] stderr [$err]"
    fi
}

# expect_line NAME PATTERN ARGS...: exit status 0 and a stdout line matching
# the grep pattern.
expect_line() {
    name=$1 pat=$2
    shift 2
    run "$@"
    if [ "$st" -eq 0 ] && grep -q -- "$pat" "$tmp/out"; then ok; else
        bad "$name: bfc-score $*: want status 0 and a line matching [$pat], got status $st and [$out] stderr [$err]"
    fi
}

# expect_fail NAME STATUS PATTERN ARGS...: exit status STATUS, nothing on
# stdout, and one stderr line matching the grep pattern (fixed string).
expect_fail() {
    name=$1 want=$2 pat=$3
    shift 3
    run "$@"
    if [ "$st" -eq "$want" ] && [ -z "$out" ] && grep -q -F -- "$pat" "$tmp/err"; then ok; else
        bad "$name: bfc-score $*: want status $want, no output and stderr containing [$pat], got status $st, output [$out], stderr [$err]"
    fi
}

# json_ok NAME EXPR: the last run's stdout (status STATUS, default 0)
# satisfies the Python EXPR (see jcheck.py).
json_ok() {
    name=$1 expr=$2 want=${3:-0}
    [ "$have_python" = 1 ] || return 0
    if [ "$st" -eq "$want" ] && msg=$(python3 "$JCHECK" "$expr" <"$tmp/out"); then ok; else
        bad "$name: want status $want and JSON with ($expr), got status $st $msg: [$out] stderr [$err]"
    fi
}

# expect_json NAME EXPR ARGS...: runs the CLI with --json, one line out, EXPR holds.
expect_json() {
    name=$1 expr=$2
    shift 2
    run --json "$@"
    json_ok "$name" "len(lines) == 1 and not lines[0].endswith(' ') and ($expr)"
}

# Shorthands for the score fields of a show-style object.
score() { # score TOTAL FIFTEENS PAIRS RUNS FLUSH NOBS
    echo "d['total'] == $1 and d['fifteens'] == $2 and d['pairs'] == $3 and d['runs'] == $4 and d['flush'] == $5 and d['nobs'] == $6 and d['killed'] is False and sum(i['points'] for i in d['items']) == $1"
}

# ---------------------------------------------------------------------------
# Classic show (default mode)

expect_line "show 29 plain" 'and nobs is twenty-nine$' 5H 5C 5S JD 5D
expect_line "show echoes the cards" '^hand: 5H 5C 5S JD, starter: 5D' 5H 5C 5S JD 5D
expect_json "show 29" "$(score 29 16 12 0 0 1) and len(d['items']) == 15" 5H 5C 5S JD 5D
expect_json "show one quoted word" "d['total'] == 29" "5H 5C 5S JD 5D"
expect_json "show commas and hyphens" "d['total'] == 29" "5h,5c-5s, jd 5D"
expect_json "show 10 and unicode input" "d['total'] == 29 and d['nobs'] == 1" 5♥ 5♣ 5♠ J♦ 5♦
# nobs needs the jack of the starter's suit: JC with a 5S starter is 28
expect_json "show 28 no nobs" "$(score 28 16 12 0 0 0)" 5C 5D 5H JC 5S
expect_json "show jack starter no nobs" "d['nobs'] == 0" 5C 5D 5H 5S JC
expect_json "show zero hand" "$(score 0 0 0 0 0 0) and d['items'] == []" 2C 4D 6H 8S QC
expect_out "show narration" "hand: 5H TC 2D 9S, starter: KS  (show)
fifteen two, fifteen four
total 4 (fifteens 4, pairs 0, runs 0, flush 0, nobs 0)" 5H TC 2D 9S KS
# issue 28 item 3: the README's first command prints the total as a number
expect_line "plain summary line gives the total" '^total 29 (fifteens 16, pairs 12, runs 0, flush 0, nobs 1)$' 5H 5C 5S JD 5D
expect_line "plain summary line gives the total of a crib" '^total 9 (fifteens 4, pairs 0, runs 5, flush 0, nobs 0)$' --crib 4H 5H 6H 7H 8C
expect_line "plain summary line gives the total of a six-card show" '^total 29 (fifteens 16, pairs 12, runs 0, flush 0, nobs 1)$' --seven-card 5H 5C 5S JD 4D 5D
expect_line "show narration with runs" '^fifteen two, fifteen four, and a pair is six, and a double run of three is twelve$' 7H 7C 8D 9S KH
expect_json "show double run items" "$(score 12 4 2 6 0 0) and sorted(i['kind'] for i in d['items']) == ['fifteen', 'fifteen', 'pair', 'run', 'run'] and all(i['cards'] for i in d['items'])" 7H 7C 8D 9S KH
expect_json "show double-double run 24" "$(score 24 8 4 12 0 0)" 7D 8C 8H 9S 7H
expect_json "show 4 flush" "$(score 8 4 0 0 4 0) and [i['cards'] for i in d['items'] if i['kind'] == 'flush'] == [['2H', '4H', '6H', '8H']]" 2H 4H 6H 8H 9C
expect_json "show 5 flush" "d['flush'] == 5" 2H 4H 6H 8H KH
expect_json "show flush needs hand" "d['flush'] == 0" 2H 4H 6H 8C KH
expect_json "show ace low" "d['runs'] == 0" QH KC AD 5S 8D
expect_json "show JSON cards ASCII" "all(c in ('5H', 'TD', 'JD', '5S', '5C') for i in d['items'] for c in i['cards'])" 5H 10D 5S JD 5C
# crib: a flush needs all five
expect_json "crib no 4 flush" "d['flush'] == 0 and d['total'] == 9" --crib 4H 5H 6H 7H 8C
expect_json "hand 4 flush" "d['flush'] == 4 and d['total'] == 13" 4H 5H 6H 7H 8C
expect_json "crib 5 flush" "d['flush'] == 5" --crib 4H 5H 6H 7H 8H
expect_json "crib nobs" "d['nobs'] == 1" --crib 5H 5C 5S JD 5D
expect_line "crib plain" '^crib: 4H 5H 6H 7H, starter: 8C' --crib 4H 5H 6H 7H 8C
expect_json "show option after the cards" "d['flush'] == 0" 4H 5H 6H 7H 8C --crib
expect_json "explicit --show" "d['total'] == 29" --show 5H 5C 5S JD 5D

# Five-card cribbage and Noddy hands: 3 cards + starter
expect_json "five-card hand" "$(score 15 4 2 6 3 0)" --five-card 5H 6H 4H 5S
expect_json "five-card flush 4" "d['flush'] == 4" --five-card 2H 6H 9H KH
expect_json "five-card crib = crib" "d['flush'] == 0 and d['total'] == 9" --five-card --crib 4H 5H 6H 7H 8C
# Seven-card cribbage (RULES 3.10): 5 hand cards + starter, the crib as usual
expect_json "seven-card 29 with a fifth card" "$(score 29 16 12 0 0 1)" --seven-card 5H 5C 5S JD 4D 5D
expect_json "seven-card run of six, flush of six" "$(score 20 8 0 6 6 0)" --seven-card 2H 3H 4H 5H 6H 7H
expect_json "seven-card flush of five hand cards" "d['flush'] == 5" --seven-card 2H 4H 6H 8H TH KS
expect_json "seven-card crib: 4 cards" "$(score 15 8 6 0 0 1)" --seven-card --crib 5H 5C 5S JD 4D
expect_line "seven-card plain" '^hand: 5H 5C 5S JD 4D, starter: 5D  (seven-card show)$' --seven-card 5H 5C 5S JD 4D 5D
expect_fail "seven-card wants 6 cards" 2 "expects 6 cards (5 hand cards, then the starter), got 5" --seven-card 5H 5C 5S JD 4D
expect_fail "seven-card not with --noddy" 2 "does not combine with --seven-card" --seven-card --noddy 5H 5C 5S JD
expect_fail "seven-card not with --five-card" 2 "does not combine with --seven-card" --seven-card --five-card 5H 5C 5S JD
expect_fail "seven-card is a show option" 2 "does not apply" --seven-card --peg 5H 5C
expect_json "noddy hand" "$(score 13 4 2 4 3 0)" --noddy 5H 6H 4H 5S
expect_json "noddy flush of four" "d['flush'] == 4" --noddy 2H 6H 9H KH
expect_json "noddy nobs" "d['nobs'] == 1" --noddy 2C 3D JH 9H
expect_line "noddy plain" 'is thirteen$' --noddy 5H 6H 4H 5S

# ---------------------------------------------------------------------------
# BFC battlefield, reserve, cease-fire

expect_json "battlefield famous 24" "d['best'] == 24 and d['legal_lay_away'] == [3] and len(d['by_lay_away']) == 5 and d['by_lay_away'][3]['total'] == 24 and d['by_lay_away'][3]['runs'] == 12 and [s['total'] for s in d['by_lay_away']] == [13, 13, 13, 24, 13]" --battlefield 8H 8S 7S JH 9H 7H
expect_json "battlefield ties" "d['best'] == 12 and d['legal_lay_away'] == [3, 4]" --battlefield 8H 8S 7S 2C 3D 7H
expect_json "battlefield joker turn kills all" "d['best'] == 0 and d['legal_lay_away'] == [0, 1, 2, 3, 4] and all(s['killed'] is True and s['total'] == 0 and s['items'] == [] for s in d['by_lay_away'])" --battlefield 5H 5C 5S JD 5D JK
expect_json "battlefield lay the joker away" "d['best'] == 29 and d['legal_lay_away'] == [4] and [s['killed'] for s in d['by_lay_away']] == [True, True, True, True, False] and d['by_lay_away'][4]['nobs'] == 1" --battlefield 5H 5C 5S JD JK 5D
expect_json "battlefield any lay-away" "d['best'] == 24 and d['legal_lay_away'] == [0, 1, 2, 3, 4]" --battlefield --any-lay-away 8H 8S 7S JH 9H 7H
expect_json "battlefield knobs laid away" "d['by_lay_away'][0]['nobs'] == 0 and d['by_lay_away'][1]['nobs'] == 1" --battlefield JH 2C 3D 9S KC 4H
expect_json "battlefield item sums" "all(sum(i['points'] for i in s['items']) == s['total'] for s in d['by_lay_away'])" --battlefield 5H 6H 4H 5S JH 6C
expect_line "battlefield plain best" '^best: 24$' --battlefield 8H 8S 7S JH 9H 7H
expect_line "battlefield plain legal" '^legal lay-aways: \[3\] JH$' --battlefield 8H 8S 7S JH 9H 7H
expect_line "battlefield plain narration gives each total" '^\* \[3\] lay away JH for 24: fifteen two, .* is twenty-four$' --battlefield 8H 8S 7S JH 9H 7H
expect_line "battlefield plain gives the total of a lay-away that is not legal" '^  \[0\] lay away 8H for 13: ' --battlefield 8H 8S 7S JH 9H 7H
expect_line "battlefield plain killed" '^  \[0\] lay away 5H for 0: killed by the joker: nothing$' --battlefield 5H 5C 5S JD JK 5D
expect_out "reserve plain killed gives the total" "reserve: 5H 5C 5S JK, turn: 5D
killed by the joker: nothing
total 0 (killed)" --reserve 5H 5C 5S JK 5D
expect_line "reserve plain summary line gives the total" '^total 29 (fifteens 16, pairs 12, runs 0, flush 0, nobs 1)$' --reserve 5H 5C 5S JD 5D
expect_line "ceasefire plain summary line gives the total" '^total 9 (fifteens 0, pairs 0, runs 4, flush 5, nobs 0)$' --ceasefire TH JH QH KH AH
expect_json "reserve crib flush rule" "d['flush'] == 0 and d['total'] == 9" --reserve 4H 5H 6H 7H 8C
expect_json "reserve 5 flush" "d['flush'] == 5" --reserve 4H 5H 6H 7H 8H
expect_json "reserve knobs" "d['nobs'] == 1 and d['total'] == 29" --reserve 5H 5C 5S JD 5D
expect_json "reserve joker kills" "d['killed'] is True and d['total'] == 0 and d['items'] == []" --reserve 5H 5C 5S JD JK
expect_json "reserve joker in reserve" "d['killed'] is True" --reserve JK 5C 5S JD 5D
expect_line "reserve plain" '^reserve: 5H 5C 5S JD, turn: 5D$' --reserve 5H 5C 5S JD 5D
expect_json "ceasefire run and flush" "$(score 9 0 0 4 5 0)" --ceasefire TH JH QH KH AH
expect_json "ceasefire no 4 flush" "d['flush'] == 0" --ceasefire TH JH QH KH AC
expect_json "ceasefire no knobs" "$(score 28 16 12 0 0 0)" --ceasefire 5H 5C 5S JD 5D
expect_json "ceasefire joker kills" "d['killed'] is True and d['total'] == 0" --ceasefire 5H 5C 5S JK 5D
expect_line "ceasefire plain" 'is nine$' --ceasefire TH JH QH KH AH

# ---------------------------------------------------------------------------
# BFC frontline

expect_json "frontline fifteen turn card" "d['renewed'] is False and d['sum'] == 15 and d['fifteen_31'] == 2 and d['last_card'] == 1 and d['placer_points'] == 3 and d['go_point'] == 0 and d['knobs_dealer'] == 0 and d['combination'] is None" --frontline --turn-card 6C 3S 6H
expect_json "frontline 31 run knobs" "d['sum'] == 31 and d['fifteen_31'] == 2 and d['combination'] == {'k': 3, 'name': 'run of 3', 'points': 3, 'cards': ['TH', '9S', 'JC']} and d['last_card'] == 0 and d['placer_points'] == 5 and d['knobs_dealer'] == 2" --frontline --turn-card 2H-TH-9S-JC
expect_json "frontline jack not turn card: no knobs" "d['knobs_dealer'] == 0 and d['last_card'] == 0 and d['placer_points'] == 5" --frontline 2H-TH-9S-JC
expect_json "frontline renewal D8" "d['renewed'] is True and d['sum'] == 10 and d['placer_points'] == 0 and d['last_card'] == 0 and d['go_point'] == 1 and d['knobs_dealer'] == 2 and [i['kind'] for i in d['items']] == ['go', 'knobs']" --frontline --turn-card KH QH TH JC
expect_json "frontline renewal go" "d['renewed'] is True and d['go_point'] == 1 and d['knobs_dealer'] == 0 and d['sum'] == 9" --frontline KH QH TH 9C
expect_json "frontline joker on 31" "d['sum'] == 31 and d['fifteen_31'] == 2 and d['placer_points'] == 2 and d['combination'] is None" --frontline JH KS AC QH JK
expect_json "frontline JK-3-4-5 run" "d['combination']['points'] == 3 and d['combination']['k'] == 3" --frontline JK 3C 4D 5H
expect_json "frontline 3-JK-4-5 nothing" "d['combination'] is None and d['placer_points'] == 0" --frontline 3C JK 4D 5H
expect_json "frontline D2 5-9-5" "d['combination'] is None" --frontline 5C 9D 5H
expect_json "frontline pair" "d['combination']['name'] == 'pair' and d['placer_points'] == 2" --frontline 5C 9D 9H
expect_json "frontline four of a kind D1" "d['combination']['points'] == 12 and d['combination']['k'] == 4" --frontline 6C 6D 6H 6S
expect_json "frontline double-double run" "d['combination']['points'] == 16 and d['combination']['name'] == 'double-double run of 3'" --frontline 2D 3C 3H 4S 2H
expect_json "frontline single card" "d['sum'] == 5 and d['placer_points'] == 0 and d['renewed'] is False" --frontline 5H
expect_json "frontline single turn card" "d['last_card'] == 1 and d['placer_points'] == 1" --frontline --turn-card 5H
expect_json "frontline single jack turn" "d['knobs_dealer'] == 2 and d['last_card'] == 1" --frontline --turn-card JS
expect_line "frontline plain knobs" '^knobs: the dealer scores 2' --frontline --turn-card 2H-TH-9S-JC
expect_line "frontline plain narration" '^thirty-one for two, and a run of three is five; knobs is two for the dealer$' --frontline --turn-card 2H-TH-9S-JC
expect_line "frontline plain renewed" '^renewed: ' --frontline --turn-card KH QH TH JC
expect_line "frontline plain go" '^go: the player to the placer.s right scores 1$' --frontline --turn-card KH QH TH JC
expect_line "frontline plain sum" '^sum: 15 ' --frontline 6C 3S 6H
expect_fail "frontline sum above 31" 2 "above 31" --frontline KH QH TH 9D 2C

# ---------------------------------------------------------------------------
# Classic pegging

expect_json "peg fifteen" "d['count'] == 15 and d['fifteen_31'] == 2 and d['total'] == 2 and d['items'][0]['kind'] == 'fifteen'" --peg 5H TD
expect_json "peg pair royal" "d['pairs'] == 6 and d['total'] == 6" --peg 4H 4C 4D
expect_json "peg double pair royal" "d['pairs'] == 12 and d['count'] == 20" --peg 5H 5C 5D 5S
expect_json "peg run any order" "d['runs'] == 3 and d['total'] == 3" --peg 2H 4C 3D
expect_json "peg broken run" "d['runs'] == 0" --peg 4H 6C 6D 5D
expect_json "peg 31" "d['count'] == 31 and d['fifteen_31'] == 2 and d['items'][0]['kind'] == 'thirty-one'" --peg 8H 9H TS 4H
expect_json "peg fifteen and run" "d['total'] == 5 and d['flush'] == 0" --peg 4H 5H 6H
expect_json "peg noddy" "d['fifteen_31'] == 2 and d['runs'] == 2 and d['flush'] == 3 and d['total'] == 7" --peg --noddy 4H 5H 6H
expect_json "peg noddy 25" "d['count'] == 25 and d['fifteen_31'] == 2 and d['items'][0]['kind'] == 'twenty-five'" --peg --noddy TH TC 5D
expect_json "peg no 25 classic" "d['total'] == 0" --peg TH TC 5D
expect_line "peg plain" '^a pair is two$' --peg 5H TD 5C 5S
expect_fail "peg above 31" 2 "above 31" --peg KH QH TH 5D
expect_fail "peg joker" 2 "'JK'" --peg 5H JK
expect_fail "peg no cards" 2 "at least 1 card" --peg ,

# ---------------------------------------------------------------------------
# Errors and usage

expect_fail "bad token" 2 "bfc-score: bad card 'ZZ' (cannot parse)" 5H ZZ 5S JD 5D
expect_fail "bad token in one word" 2 "bad card '5X'" "5H,5X,5S,JD,5D"
expect_fail "bad token 5H7" 2 "bad card '5H7'" 5H7 5C 5S JD 5D
expect_fail "unicode bad token" 2 "bad card '♠♠'" ♠♠ 5C 5S JD 5D
expect_fail "duplicate card" 2 "duplicate card '5h'" 5H 5C 5S JD 5h
expect_fail "joker in classic show" 2 "bad card 'joker'" 5H 5C 5S JD joker
expect_fail "wrong count show" 2 "expects 5 cards" 5H 5C 5S JD
expect_fail "wrong count show 6" 2 "got 6" 5H 5C 5S JD 5D 6D
expect_fail "wrong count noddy" 2 "expects 4 cards" --noddy 5H 5C 5S JD 5D
expect_fail "wrong count battlefield" 2 "expects 6 cards" --battlefield 5H 5C 5S JD 5D
expect_fail "wrong count reserve" 2 "expects 5 cards" --reserve 5H 5C 5S JD
expect_fail "wrong count ceasefire" 2 "expects 5 cards" --ceasefire 5H 5C 5S JD 5D 6C
expect_fail "unknown option" 2 "unknown option '--bogus'" --bogus 5H 5C 5S JD 5D
expect_fail "unknown short option" 2 "unknown option '-z'" -z 5H 5C 5S JD 5D
expect_fail "two modes" 2 "only one mode" --peg --frontline 5H
expect_fail "crib with peg" 2 "--crib" --peg --crib 5H
expect_fail "turn card with show" 2 "--turn-card" --turn-card 5H 5C 5S JD 5D
expect_fail "any lay-away with reserve" 2 "--any-lay-away" --reserve --any-lay-away 5H 5C 5S JD 5D
expect_fail "noddy with crib" 2 "--noddy" --noddy --crib 5H 5C 5S JD
expect_fail "no cards" 2 "no cards" --json
expect_fail "batch and cards" 2 "5H" --json - 5H
expect_out "-- ends options" "$("$BIN" --json 5H 5C 5S JD 5D)" --json -- -5H 5C 5S JD 5D
expect_fail "bad token JSON mode stays on stderr" 2 "bad card 'ZZ'" --json ZZ 5C 5S JD 5D
run "$(printf '5H\001\033[31m')" 5C 5S JD 5D
if [ "$st" -eq 2 ] && [ -z "$out" ] && ! grep -q "$(printf '\033')" "$tmp/err" && grep -q -F "\\x01" "$tmp/err"; then ok; else
    bad "control bytes escaped on stderr: got status $st, stderr [$err]"
fi

# --help (also -h) and --version
run --help
if [ "$st" -eq 0 ]; then ok; else bad "--help: want status 0, got $st"; fi
cp "$tmp/out" "$tmp/help"
run -h
if [ "$st" -eq 0 ] && cmp -s "$tmp/out" "$tmp/help"; then ok; else bad "-h: want status 0 and the --help text, got $st"; fi
run --help
for word in --show --crib --five-card --seven-card --noddy --battlefield --any-lay-away --reserve \
    --ceasefire --frontline --turn-card --peg --json --unicode --version \
    total fifteens pairs runs flush nobs killed items legal_lay_away by_lay_away best \
    renewed sum fifteen_31 combination last_card placer_points go_point knobs_dealer \
    count error "Blank lines" null "line N" EXAMPLES "EXIT STATUS"; do
    if grep -q -F -- "$word" "$tmp/out"; then ok; else bad "--help does not mention '$word'"; fi
done
# every example of --help runs; the --peg examples score what they are
# labelled with (5H TD 5C is no pair: the 5s are not side by side)
sed -n 's/^  bfc-score \([^ ].*[^ ]\)   *\([a-z0-9].*\)$/\1|\2/p' "$tmp/help" >"$tmp/examples"
check_example() { # ARGS|LABEL
    args=${1%%|*} label=${1#*|}
    # shellcheck disable=SC2086
    run $args
    if [ "$st" -ne 0 ]; then bad "--help example bfc-score $args: status $st [$err]"; return; fi
    case "$args $label" in
    --peg*) said=$(sed -n 2p "$tmp/out")
        case "$said" in "${label%% (*}"*) ;; *) bad "--help: 'bfc-score $args' is labelled '$label' but says [$said]" ;; esac ;;
    esac
    ok
}
npeg=0
while IFS= read -r ex; do
    check_example "$ex"
    case $ex in --peg*) npeg=$((npeg + 1)) ;; esac
done <"$tmp/examples"
if [ "$npeg" -ge 1 ] && [ "$(wc -l <"$tmp/examples")" -ge 5 ]; then ok; else bad "--help examples not found: [$(cat "$tmp/examples")]"; fi

version=$(sed -n 's/^#define BFC_VERSION_STRING "\(.*\)"/\1/p' include/bfc.h)
expect_out "--version" "$version" --version

# ---------------------------------------------------------------------------
# JSON details

run --json 5H 5C 5S JD 5D
if [ "$(wc -l <"$tmp/out")" -eq 1 ] && ! grep -q ' $' "$tmp/out"; then ok; else
    bad "one JSON line without trailing spaces: got [$out]"
fi
expect_json "show JSON keys" "list(d)[:8] == ['total', 'fifteens', 'pairs', 'runs', 'flush', 'nobs', 'killed', 'items'] and set(d['items'][0]) == {'kind', 'points', 'cards'}" 5H 5C 5S JD 5D
expect_json "frontline JSON keys" "all(k in d for k in ('renewed', 'sum', 'fifteen_31', 'combination', 'last_card', 'placer_points', 'go_point', 'knobs_dealer', 'items'))" --frontline 5H 5C
expect_json "peg JSON keys" "all(k in d for k in ('count', 'fifteen_31', 'pairs', 'runs', 'flush', 'total', 'items'))" --peg 5H 5C
expect_json "battlefield JSON keys" "all(k in d for k in ('best', 'legal_lay_away', 'by_lay_away')) and all(k in d['by_lay_away'][0] for k in ('total', 'fifteens', 'pairs', 'runs', 'flush', 'nobs', 'killed', 'items'))" --battlefield 5H 5C 5S JD 5D 6C
expect_json "unicode does not touch JSON" "d['items'][-1]['cards'] == ['JD']" --unicode 5♥ 5♣ 5♠ J♦ 5♦

# ---------------------------------------------------------------------------
# --unicode output parses back

expect_line "unicode plain" '^hand: 5♥ 5♣ 5♠ J♦, starter: 10♦  (show)$' --unicode 5H 5C 5S JD TD
expect_line "unicode joker" '^formation: 10♦ J♦ Q♦ K♦ A♦, turn: 🃏$' --battlefield --unicode TD JD QD KD AD JK
# every card and the joker: print with --unicode, parse the printed cards again
rt_fail=
for r in A 2 3 4 5 6 7 8 9 T J Q K; do
    cards="${r}C ${r}D ${r}H ${r}S JK"
    printed=$("$BIN" --ceasefire --unicode $cards | sed -n 's/^formation: \(.*\)  (cease-fire, no turn card)$/\1/p')
    a=$("$BIN" --ceasefire --json $cards)
    b=$("$BIN" --ceasefire --json $printed)
    u=$("$BIN" --ceasefire --unicode $printed | head -n 1)
    if [ -z "$printed" ] || [ "$a" != "$b" ] || [ "$u" != "formation: $printed  (cease-fire, no turn card)" ]; then
        rt_fail="$rt_fail [$cards -> $printed]"
    fi
done
if [ -z "$rt_fail" ]; then ok; else bad "unicode round trip:$rt_fail"; fi
printed=$("$BIN" --unicode 7H 8C 9D TS JH | sed -n 's/^hand: \(.*\), starter: \(.*\)  (show)$/\1 \2/p')
a=$("$BIN" --json 7H 8C 9D TS JH)
b=$("$BIN" --json $printed)
if [ -n "$printed" ] && [ "$a" = "$b" ]; then ok; else
    bad "unicode show round trip: printed [$printed], JSON [$a] vs [$b]"
fi

# ---------------------------------------------------------------------------
# Batch mode

# one answer per input line: a blank line is null, a bad line an error
# object with its line number
printf '5H 5C 5S JD 5D\nZZ 5H 5S JD 5D\n5C 5D 5H JC 5S\n\n   \n4H 5H 6H 7H 8C\n' >"$tmp/in1"
run_in "$tmp/in1" --json -
json_ok "batch with a bad line and blank lines" "len(lines) == 6 and docs[0]['total'] == 29 and list(docs[1]) == ['error', 'line'] and docs[1]['line'] == 2 and 'ZZ' in docs[1]['error'] and docs[2]['total'] == 28 and docs[3] is None and docs[4] is None and docs[5]['total'] == 13" 1
if [ "$st" -eq 1 ]; then ok; else bad "batch with a bad line: want status 1, got $st"; fi
printf '5H 5C 5S JD 5D\n4H 5H 6H 7H 8C\n' >"$tmp/in2"
run_in "$tmp/in2" --json -
json_ok "batch all good" "[x['total'] for x in docs] == [29, 13]"
printf '\n\n5H 5C 5S JD 5D\n\n' >"$tmp/blank"
run_in "$tmp/blank" --json -
json_ok "batch blank lines only null" "lines == ['null', 'null', lines[2], 'null'] and docs[2]['total'] == 29"
printf '5H 5C 5S JD 5D\r\n4H 5H 6H 7H 8C' >"$tmp/in3"
run_in "$tmp/in3" --json -
json_ok "batch CRLF and no final newline" "[x['total'] for x in docs] == [29, 13]"
run_in "$tmp/in2" --crib --json -
json_ok "batch crib" "[x['flush'] for x in docs] == [0, 0] and docs[1]['total'] == 9"
printf '8H 8S 7S JH 9H 7H\n5H 5C 5S JD 5D\n5H 5C 5S JD 5D JK\n' >"$tmp/in4"
run_in "$tmp/in4" --battlefield --json -
json_ok "batch battlefield" "docs[0]['best'] == 24 and 'expects 6 cards' in docs[1]['error'] and docs[1]['line'] == 2 and docs[2]['legal_lay_away'] == [0, 1, 2, 3, 4]" 1
printf '6C 3S 6H\nKH QH TH JC\nKH QH TH 9D 2C\nJK\n' >"$tmp/in5"
run_in "$tmp/in5" --frontline --turn-card --json -
json_ok "batch frontline" "docs[0]['placer_points'] == 3 and docs[1]['renewed'] is True and 'above 31' in docs[2]['error'] and docs[2]['line'] == 3 and docs[3]['last_card'] == 1" 1
printf '5H TD\n5H JK\n4H 6C 5D\n' >"$tmp/in6"
run_in "$tmp/in6" --peg --json -
json_ok "batch peg joker rejected" "docs[0]['total'] == 2 and 'JK' in docs[1]['error'] and docs[2]['runs'] == 3" 1
# garbage: control bytes, quotes, backslashes, invalid UTF-8, a NUL byte
printf '5H 5C 5S JD 5D\n"\\\001\377\376\303( 5H\n\342\231 KH\n5H 5C\0 5S JD 5D\n\360\237\203\217 AH\nAH 2C 3D 4S 6H\n' >"$tmp/in7"
run_in "$tmp/in7" --json -
json_ok "batch garbage bytes" "len(docs) == 6 and docs[0]['total'] == 29 and all(list(x) == ['error', 'line'] for x in docs[1:5]) and [x['line'] for x in docs[1:5]] == [2, 3, 4, 5] and docs[1]['error'].startswith('bad card') and 'NUL' in docs[3]['error'] and docs[5]['total'] == 6" 1
run_in "$tmp/in7" --frontline --json -
json_ok "batch garbage bytes frontline" "len(docs) == 6 and 'error' in docs[1] and docs[4]['sum'] == 1" 1
# long lines: one output line each, and the next line is still scored
awk 'BEGIN { s = "X"; for (i = 0; i < 17; i++) s = s s; print s " 5H"; print "5H 5C 5S JD 5D" }' >"$tmp/in8"
run_in "$tmp/in8" --json -
json_ok "batch 128 KB token" "len(docs) == 2 and 'bad card' in docs[0]['error'] and docs[0]['line'] == 1 and len(docs[0]['error']) < 200 and docs[1]['total'] == 29" 1
awk 'BEGIN { s = " "; for (i = 0; i < 21; i++) s = s s; print s "5H"; print "5H 5C 5S JD 5D" }' >"$tmp/in9"
run_in "$tmp/in9" --json -
json_ok "batch 2 MB line" "len(docs) == 2 and 'error' in docs[0] and docs[1]['total'] == 29" 1
: >"$tmp/empty"
run_in "$tmp/empty" --json -
if [ "$st" -eq 0 ] && [ -z "$out" ]; then ok; else bad "batch empty input: want status 0 and no output, got $st [$out]"; fi
# plain batch: each answer begins "line N: "
run_in "$tmp/in1" -
if [ "$st" -eq 1 ] && [ "$(grep -c '^line [0-9]*: ' "$tmp/out")" -eq 6 ] &&
    grep -q -x 'line 1: hand: 5H 5C 5S JD, starter: 5D  (show)' "$tmp/out" &&
    grep -q -x "line 2: error: bad card 'ZZ' (cannot parse)" "$tmp/out" &&
    grep -q -x 'line 4: blank' "$tmp/out" && grep -q -x 'line 5: blank' "$tmp/out" &&
    grep -q '^line 6: hand: 4H 5H 6H 7H, starter: 8C' "$tmp/out" && [ -z "$err" ]; then ok; else
    bad "plain batch: want status 1 and six numbered answers, got $st [$out] stderr [$err]"
fi
run_in "$tmp/in6" --peg -
if [ "$st" -eq 1 ] && [ "$out" = "line 1: play: 5H TD  (count 15)
fifteen two
total 2 (fifteen_31 2, pairs 0, runs 0)
line 2: error: bad card 'JK' (the joker is not allowed in classic peg scoring; only in --battlefield, --reserve, --ceasefire and --frontline)
line 3: play: 4H 6C 5D  (count 15)
fifteen two, and a run of three is five
total 5 (fifteen_31 2, pairs 0, runs 3)" ]; then ok; else bad "plain batch peg gives each total: status $st [$out]"; fi
# issue 28 item 10: a plain batch answer quotes a bad line with its control
# bytes and invalid UTF-8 escaped (\xNN), as the command line and JSON do:
# input never moves the cursor or clears the screen
printf '\033[2J\n5H \377\376 5S JD 5D\n5H 5C 5S JD 5D\n' >"$tmp/esc"
for mode in "" --peg --frontline --battlefield; do
    # shellcheck disable=SC2086
    run_in "$tmp/esc" $mode -
    if [ "$st" -eq 1 ] && ! grep -q "$(printf '[\033\377\376]')" "$tmp/out" &&
        grep -q -x -F "line 1: error: bad card '\x1B[2J' (cannot parse)" "$tmp/out" &&
        grep -q -x -F "line 2: error: bad card '\xFF\xFE' (cannot parse)" "$tmp/out"; then ok; else
        bad "plain batch escapes the bytes of a bad line ($mode): status $st [$(od -c "$tmp/out" | head -n 5)]"
    fi
done

# ---------------------------------------------------------------------------
# issue 29 item 13: standard output full (/dev/full) or closed (>&-): one
# line on stderr saying so and status 2, in every mode (--help too)

printf '5H 5C 5S JD 5D\n' >"$tmp/one"
for args in --help --version "5H 5C 5S JD 5D" "--json 5H 5C 5S JD 5D" "--battlefield 8H 8S 7S JH 9H 7H" \
    "--peg 5H 5C" "-" "--json -"; do
    if [ -w /dev/full ]; then
        # shellcheck disable=SC2086
        "$BIN" $args <"$tmp/one" >/dev/full 2>"$tmp/err"
        st=$?
        if [ "$st" -eq 2 ] && [ "$(cat "$tmp/err")" = "bfc-score: cannot write standard output: No space left on device" ]; then ok; else
            bad "a full stdout is an error (bfc-score $args >/dev/full): want status 2 and the reason, got $st [$(cat "$tmp/err")]"
        fi
    fi
    # shellcheck disable=SC2086
    "$BIN" $args <"$tmp/one" >&- 2>"$tmp/err"
    st=$?
    if [ "$st" -eq 2 ] && [ "$(cat "$tmp/err")" = "bfc-score: standard output is closed" ]; then ok; else
        bad "a closed stdout is an error (bfc-score $args >&-): want status 2 and a message, got $st [$(cat "$tmp/err")]"
    fi
done
# a long batch stops at the first failed write rather than reading on
if [ -w /dev/full ]; then
    awk 'BEGIN { for (i = 0; i < 20000; i++) print "5H 5C 5S JD 5D" }' >"$tmp/many"
    "$BIN" - <"$tmp/many" >/dev/full 2>"$tmp/err"
    st=$?
    if [ "$st" -eq 2 ] && grep -q -x 'bfc-score: cannot write standard output: No space left on device' "$tmp/err"; then ok; else
        bad "a full stdout ends a batch with the reason: got $st [$(cat "$tmp/err")]"
    fi
fi

# ---------------------------------------------------------------------------
# The sample cases of ../shared, through the batch mode

if [ -f ../shared/tools/check-bfc-score ] && [ "$have_python" = 1 ]; then
    if python3 ../shared/tools/check-bfc-score "$BIN" >"$tmp/check" 2>&1; then ok; else
        bad "check-bfc-score: $(cat "$tmp/check")"
    fi
else
    echo "note: ../shared/tools/check-bfc-score not run (absent or no python3)" >&2
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

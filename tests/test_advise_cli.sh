#!/bin/sh
# Tests of examples/bfc-advise: the discard advice checked against an
# independent brute force written here (a cribbage scorer in Python, every
# starter and every crib enumerated), the order and the arithmetic of every
# option, the text next to the JSON, five-card and 3 players; the formation
# advice against bfc-score --battlefield over every turn card, and a
# face-down slot as the mean over its cards; the played crib model and
# the advice in wins (--scores, checked against a saved game's own
# position); the search's analysis of a position (ISMCTS, the deal solver,
# moves alike); errors (exit 2, one line), --help and --version. Run from
# the repository root after make:
#
#     sh tests/test_advise_cli.sh
#
# Prints a FAIL line on stderr for each failed check and, as its last line,
# "N passed, N failed". The checks that need python3 are skipped without it.
. tests/lib.sh

BIN=${BFC_ADVISE:-examples/bfc-advise/bfc-advise}
SCORE=${BFC_SCORE:-examples/bfc-score/bfc-score}
if [ ! -x "$BIN" ] || [ ! -x "$SCORE" ]; then
    fail "$BIN or $SCORE is not built (make)"
    done_
    exit 1
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bfc-advise.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' 0
trap 'exit 1' INT TERM HUP
have_python=0
command -v python3 >/dev/null 2>&1 && have_python=1
[ "$have_python" = 1 ] || echo "note: python3 not found; the value checks are skipped" >&2

run() {
    "$BIN" "$@" >"$tmp/out" 2>"$tmp/err"
    st=$?
}

# expect_fail NAME PATTERN ARGS...: status 2, no output, one stderr line
# "bfc-advise: ..." containing PATTERN (fixed string).
expect_fail() {
    name=$1 pat=$2
    shift 2
    run "$@"
    if [ "$st" -eq 2 ] && [ ! -s "$tmp/out" ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
        grep -q '^bfc-advise: ' "$tmp/err" && grep -q -F -- "$pat" "$tmp/err"; then ok; else
        fail "$name: bfc-advise $*: want status 2, no output and one error line with [$pat]; got $st, [$(head -c 200 "$tmp/out")] [$(cat "$tmp/err")]"
    fi
}

# pycheck NAME FILE...: runs the Python of $tmp/check.py on the files; it
# prints why it fails, exit 0 when all holds.
pycheck() {
    name=$1
    shift
    [ "$have_python" = 1 ] || return 0
    if msg=$(python3 "$tmp/check.py" "$@" 2>&1); then ok; else fail "$name: $msg"; fi
}

# An independent scorer (RULES 2.1): fifteens, pairs, runs, flush (hand:
# four of a suit 4, the starter too 5; five-card's three cards 3 and 4,
# D4; crib: only all five), his nobs.
cat >"$tmp/crib.py" <<'PY'
import itertools
RANKS = "A23456789TJQK"
SUITS = "CDHS"
DECK = [r + s for r in RANKS for s in SUITS]
def rank(c): return RANKS.index(c[0]) + 1
def value(c): return min(rank(c), 10)
def show(hand, starter, crib=False):
    cards = hand + [starter]
    pts = 0
    for k in range(2, 6):
        for sub in itertools.combinations(cards, k):
            if sum(value(c) for c in sub) == 15:
                pts += 2
    for a, b in itertools.combinations(cards, 2):
        if rank(a) == rank(b):
            pts += 2
    for k in (5, 4, 3):
        runs = [s for s in itertools.combinations(cards, k)
                if sorted(rank(c) for c in s) == list(range(min(rank(c) for c in s), min(rank(c) for c in s) + k))]
        if runs:
            pts += k * len(runs)
            break
    suits = set(c[1] for c in hand)
    if len(suits) == 1:
        if starter[1] in suits:
            pts += len(hand) + 1
        elif not crib:
            pts += len(hand)
    pts += sum(1 for c in hand if c[0] == "J" and c[1] == starter[1])
    return pts
PY

# ---------------------------------------------------------------------------
# Discards, two players: 5H 5C 5S JD 2C 3D
hand="5H 5C 5S JD 2C 3D"
run --json $hand
cp "$tmp/out" "$tmp/dealer.json"
check "dealer: status 0, nothing on stderr" sh -c "test $st -eq 0 && test ! -s '$tmp/err'"
run --pone --json $hand
cp "$tmp/out" "$tmp/pone.json"
run $hand
cp "$tmp/out" "$tmp/dealer.txt"

cat >"$tmp/check.py" <<'PY'
import itertools, json, sys
exec(open(sys.argv[1]).read())
d = json.load(open(sys.argv[2]))
p = json.load(open(sys.argv[3]))
text = open(sys.argv[4]).read()
hand = d["hand"]
problems = []
unseen = [c for c in DECK if c not in hand]
opts = d["options"]
if (d["role"], p["role"], d["players"], len(opts)) != ("dealer", "pone", 2, 15):
    problems.append("roles/players/count %s %s %s %d" % (d["role"], p["role"], d["players"], len(opts)))
if sorted(tuple(sorted(o["discard"])) for o in opts) != sorted(tuple(sorted(x)) for x in itertools.combinations(hand, 2)):
    problems.append("the discards are not the 15 pairs")
for o in opts:
    if sorted(o["keep"] + o["discard"]) != sorted(hand):
        problems.append("keep + discard != hand: %s" % o)
    # hand_ev: the mean over the 46 unseen starters, brute force
    ev = sum(show(o["keep"], s) for s in unseen) / 46.0
    if abs(ev - o["hand_ev"]) > 1e-9:
        problems.append("hand_ev of %s: %.9f, brute force %.9f" % (o["keep"], o["hand_ev"], ev))
    # (9 decimals each: a sum of two is right to 1.5e-9)
    if abs(o["hand_ev"] + o["crib_ev"] - o["total_ev"]) > 3e-9 or not o["to_crib"]:
        problems.append("dealer total != hand + crib: %s" % o)
tot = [o["total_ev"] for o in opts]
if tot != sorted(tot, reverse=True):
    problems.append("dealer: not best first")
# the pone: the same hand and crib values, total = hand - crib, best first
byd = {tuple(o["discard"]): o for o in opts}
for o in p["options"]:
    q = byd[tuple(o["discard"])]
    if abs(o["hand_ev"] - q["hand_ev"]) > 1e-12 or abs(o["crib_ev"] - q["crib_ev"]) > 1e-12 \
       or abs(o["hand_ev"] - o["crib_ev"] - o["total_ev"]) > 3e-9:
        problems.append("pone: %s" % o)
ptot = [o["total_ev"] for o in p["options"]]
if ptot != sorted(ptot, reverse=True):
    problems.append("pone: not best first")
# crib_ev of throwing 2C 3D: every pair of the 46 unseen with every
# starter of the other 44 (45,540 cribs), brute force
o = byd[("2C", "3D")]
tot_c = n_c = 0
for a, b in itertools.combinations(unseen, 2):
    rest = [c for c in unseen if c != a and c != b]
    for s in rest:
        tot_c += show(["2C", "3D", a, b], s, crib=True)
        n_c += 1
if n_c != 45540 or abs(tot_c / n_c - o["crib_ev"]) > 1e-9:
    problems.append("crib_ev of 2C 3D: %.9f, brute force %.9f over %d" % (o["crib_ev"], tot_c / n_c, n_c))
# the known fact: keeping 5H 5C 5S JD is the best hand, worth 16.630 and
# more than 2 points better than any other keep
k = byd[("2C", "3D")]
if opts[0]["discard"] != ["2C", "3D"] or any(q["hand_ev"] > k["hand_ev"] - 2 for q in opts if q is not k):
    problems.append("keeping the three fives and the jack is not the best: %s" % opts[0])
# the text: one row per option, in the same order, values to 3 decimals
rows = [l.split() for l in text.splitlines() if l.startswith("  ") and not l.strip().startswith("discard")]
if len(rows) != 15:
    problems.append("%d text rows" % len(rows))
for r, o in zip(rows, opts):
    want = r[:2] == o["discard"] and r[2:6] == o["keep"] and \
        [float(x) for x in r[6:9]] == [round(o[k], 3) for k in ("hand_ev", "crib_ev", "total_ev")] and \
        all(len(x.split(".")[1]) == 3 for x in r[6:9])
    if not want:
        problems.append("text row %s for %s" % (r, o))
if "you deal, the crib is yours: total = hand + crib" not in text:
    problems.append("the text does not say whose crib it is")
print("; ".join(problems[:4]))
sys.exit(1 if problems else 0)
PY
pycheck "two players: every option against the brute force" "$tmp/crib.py" "$tmp/dealer.json" "$tmp/pone.json" "$tmp/dealer.txt"

# the cards may come as one word, in any spelling bfc_cards_parse takes
run --json "5h,5c,5s,jd,2c,3d"
check "one word, lower case: the same advice" cmp -s "$tmp/out" "$tmp/dealer.json"
run --dealer --json $hand
check "--dealer is the default" cmp -s "$tmp/out" "$tmp/dealer.json"

# five-card (RULES 3.5, D4): 5 cards dealt, 2 thrown, 3 kept, hand_ev over
# the 47 unseen starters (keeping the three clubs, a flush of 3 or 4)
run --game five-card --pone --json 4C 5C 6C 5S KH
cp "$tmp/out" "$tmp/five.json"
cat >"$tmp/check.py" <<'PY'
import itertools, json, sys
exec(open(sys.argv[1]).read())
d = json.load(open(sys.argv[2]))
problems = []
opts = d["options"]
if len(opts) != 10 or any(len(o["keep"]) != 3 or len(o["discard"]) != 2 for o in opts):
    problems.append("want 10 options keeping 3")
unseen = [c for c in DECK if c not in d["hand"]]
for o in opts:
    ev = sum(show(o["keep"], s) for s in unseen) / 47.0
    if abs(ev - o["hand_ev"]) > 1e-9:
        problems.append("hand_ev of %s: %.9f, brute force %.9f" % (o["keep"], o["hand_ev"], ev))
tot = [o["total_ev"] for o in opts]
if tot != sorted(tot, reverse=True):
    problems.append("not best first")
print("; ".join(problems[:4]))
sys.exit(1 if problems else 0)
PY
pycheck "five-card: 10 options, hand_ev brute force" "$tmp/crib.py" "$tmp/five.json"

# three players: 5 cards, one thrown, 5 options
run --players 3 --pone --json 5H 5C 5S JD 2C
if [ "$have_python" = 1 ]; then
    check "three players: 5 options of one card" python3 tests/jcheck.py \
        "d['players'] == 3 and len(d['options']) == 5 and all(len(o['discard']) == 1 and len(o['keep']) == 4 for o in d['options'])" <"$tmp/out"
fi

# ---------------------------------------------------------------------------
# Formations (RULES 4.7): no face-down slot: the mean over the 48 unseen
# turn cards (the joker among them) of bfc-score --battlefield's best
form="5H 5C 5S JD 4D"
run --formation --json $form
cp "$tmp/out" "$tmp/form.json"
: >"$tmp/best"
for r in A 2 3 4 5 6 7 8 9 T J Q K; do
    for s in C D H S; do
        case " $form " in *" $r$s "*) continue ;; esac
        "$SCORE" --battlefield --json $form "$r$s" >>"$tmp/best"
    done
done
"$SCORE" --battlefield --json $form JK >>"$tmp/best"
cat >"$tmp/check.py" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
best = [json.loads(l)["best"] for l in open(sys.argv[2]) if l.strip()]
mean = sum(best) / len(best)
ok = len(best) == 48 and d["unseen"] == 48 and d["hidden"] == 0 and abs(d["ev"] - mean) < 1e-9
print("" if ok else "ev %s, bfc-score mean %.9f over %d" % (d, mean, len(best)))
sys.exit(0 if ok else 1)
PY
pycheck "formation: the mean of bfc-score's best over 48 turn cards" "$tmp/form.json" "$tmp/best"

# one face-down slot: the mean, over the 49 cards it may hold, of the
# formation with that card face up (each a mean over the other 48)
run --formation --json 5H 5C ?? JD 4D
cp "$tmp/out" "$tmp/hidden.json"
: >"$tmp/each"
for r in A 2 3 4 5 6 7 8 9 T J Q K; do
    for s in C D H S; do
        case " 5H 5C JD 4D " in *" $r$s "*) continue ;; esac
        "$BIN" --formation --json 5H 5C "$r$s" JD 4D >>"$tmp/each"
    done
done
"$BIN" --formation --json 5H 5C JK JD 4D >>"$tmp/each"
cat >"$tmp/check.py" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
each = [json.loads(l)["ev"] for l in open(sys.argv[2]) if l.strip()]
mean = sum(each) / len(each)
ok = len(each) == 49 and d["unseen"] == 49 and d["hidden"] == 1 and d["formation"][2] == "??" \
    and abs(d["ev"] - mean) < 1e-9
print("" if ok else "ev %s, mean of the 49 %.9f" % (d, mean))
sys.exit(0 if ok else 1)
PY
pycheck "formation: a face-down slot is the mean over its cards" "$tmp/hidden.json" "$tmp/each"
run --formation 5H 5C ?? JD 4D
check "formation text: 3 decimals" grep -q '^expected battlefield score: [0-9]*\.[0-9][0-9][0-9]$' "$tmp/out"
run --formation JK 5C ?? ?? ??
check "formation: the joker and three face-down slots" sh -c "test $st -eq 0 && grep -q '^expected battlefield score: ' '$tmp/out'"

# ---------------------------------------------------------------------------
# The JSON of issue 15: {"hand", "role", "options": [{"discard", "keep",
# "hand_ev", "crib_ev", "total_ev"}, ...]}, values written with at least 9
# decimals, best first; --discard is the default mode and uniform the
# default model, so both give the same bytes
run --discard --crib-model uniform --json $hand
check "--discard --crib-model uniform: the default's advice" cmp -s "$tmp/out" "$tmp/dealer.json"
run --discard --crib-model=uniform --pone --json $hand
check "--crib-model=uniform --pone: the pone's advice" cmp -s "$tmp/out" "$tmp/pone.json"
for v in hand_ev crib_ev total_ev; do
    n=$(grep -o "\"$v\":-\{0,1\}[0-9]*\.[0-9]\{9,\}[,}]" "$tmp/dealer.json" | wc -l)
    check "$v: 15 values with 9 decimals or more (got $n)" test "$n" -eq 15
done
if [ "$have_python" = 1 ]; then
    check "JSON shape: hand, role, crib_model, options with the five keys" python3 tests/jcheck.py \
        "set(['hand','role','options','crib_model']) <= set(d) and d['crib_model'] == 'uniform' and d['role'] == 'dealer' and len(d['hand']) == 6 and all(set(['discard','keep','hand_ev','crib_ev','total_ev']) <= set(o) and all(isinstance(o[k], float) for k in ('hand_ev','crib_ev','total_ev')) for o in d['options'])" <"$tmp/dealer.json"
    check "JSON: sorted by total_ev, best first, with ties broken stably" python3 tests/jcheck.py \
        "[o['total_ev'] for o in d['options']] == sorted([o['total_ev'] for o in d['options']], reverse=True) and d['options'][0]['total_ev'] > d['options'][-1]['total_ev']" <"$tmp/pone.json"
    run --teams --players 4 --partner --json 5H 5C 5S JD 2C
    check "--partner: role partner, total = hand + crib" python3 tests/jcheck.py \
        "d['role'] == 'partner' and all(abs(o['hand_ev'] + o['crib_ev'] - o['total_ev']) < 3e-9 for o in d['options'])" <"$tmp/out"
fi
expect_fail "unknown crib model: the known ones listed" "unknown --crib-model 'smart' (known: uniform, played)" --crib-model smart $hand
expect_fail "unknown --crib: the known ones listed" "unknown --crib 'smart' (known: uniform, played)" --crib smart $hand
# the played crib model (two-player classic): the same hands, another crib
run --crib played --pone --json $hand
cp "$tmp/out" "$tmp/played.json"
run --crib-model played --pone --json $hand
check "--crib-model played: the same advice as --crib played" cmp -s "$tmp/out" "$tmp/played.json"
if [ "$have_python" = 1 ]; then
    cat "$tmp/pone.json" "$tmp/played.json" >"$tmp/models.json"
    check "--crib played: hand_ev as uniform, another crib_ev, total = hand - crib, best first" python3 tests/jcheck.py \
        "docs[1]['crib_model'] == 'played' and len(docs[1]['options']) == 15 and all(abs(o['hand_ev'] - u['hand_ev']) < 1e-12 for o in docs[1]['options'] for u in docs[0]['options'] if u['discard'] == o['discard']) and any(abs(o['crib_ev'] - u['crib_ev']) > 1e-6 for o in docs[1]['options'] for u in docs[0]['options'] if u['discard'] == o['discard']) and all(abs(o['hand_ev'] - o['crib_ev'] - o['total_ev']) < 3e-9 and 'win' not in o for o in docs[1]['options']) and [o['total_ev'] for o in docs[1]['options']] == sorted([o['total_ev'] for o in docs[1]['options']], reverse=True)" <"$tmp/models.json"
fi
# --scores: the discards valued in wins (two-player classic to 121 or 61)
run --pone --crib played --scores 100,110 --json $hand
cp "$tmp/out" "$tmp/wins.json"
if [ "$have_python" = 1 ]; then
    cat "$tmp/played.json" "$tmp/wins.json" >"$tmp/w2.json"
    check "--scores: each option's win 0..1, best first by it, the same points as without" python3 tests/jcheck.py \
        "docs[1]['scores'] == [100, 110] and len(docs[1]['options']) == 15 and all(0 <= o['win'] <= 1 for o in docs[1]['options']) and all(a['win'] >= b['win'] - 1e-4 for a, b in zip(docs[1]['options'], docs[1]['options'][1:])) and sorted((tuple(o['discard']), round(o['total_ev'], 9)) for o in docs[1]['options']) == sorted((tuple(o['discard']), round(o['total_ev'], 9)) for o in docs[0]['options'])" <"$tmp/w2.json"
    run --scores 40,50 --json $hand
    cp "$tmp/out" "$tmp/w40.json"
    run --scores 110,110 --json $hand
    cat "$tmp/w40.json" "$tmp/out" >"$tmp/w3.json"
    check "--scores: the score matters (40-50 and 110-110 value a discard differently)" python3 tests/jcheck.py \
        "docs[0]['options'][0]['win'] != docs[1]['options'][0]['win']" <"$tmp/w3.json"
fi
run --pone --crib played --scores 100,110 $hand
check "--scores text: the scores said, a win column in percent" sh -c \
    "test $st -eq 0 && grep -q '^scores: you 100, the other player 110, to 121' '$tmp/out' && grep -q 'total_ev  *win\$' '$tmp/out' && test \$(grep -c '%\$' '$tmp/out') -eq 15"
printf '%s\n%s\n' "$hand" "$hand" | "$BIN" --pone --crib played --scores 100,110 --json - >"$tmp/out" 2>"$tmp/err"
sed -n 2p "$tmp/out" >"$tmp/b2"
check "--scores in a batch: each line as the hand alone" cmp -s "$tmp/b2" "$tmp/wins.json"
expect_fail "--crib played with 3 players" "--crib played is a model of two-player classic cribbage, not of classic with 3 players" --crib played --players 3 5H 5C 5S JD 2C
expect_fail "--scores with 3 players" "--scores values a discard in wins" --scores 1,2 --players 3 5H 5C 5S JD 2C
expect_fail "--scores in five-card (no table)" "five-card with 2 players to 61 has none" --scores 1,2 --game five-card 5H 5C 5S JD 2C
expect_fail "--scores at the target" "--scores: 121 has reached the target, 121" --scores 121,3 $hand
expect_fail "--scores, one number" "bad --scores '100' (want YOURS,THEIRS" --scores 100 $hand
expect_fail "--scores, not numbers" "bad --scores 'a,b'" --scores a,b $hand
expect_fail "--scores with --formation" "--formation takes only the five slots" --formation --scores 1,2 5H 5C 5S JD 4D
expect_fail "--discard with --formation" "give one of --discard, --formation, --position" --discard --formation 5H 5C 5S JD 4D
expect_fail "--crib-model with --formation" "--formation takes only the five slots" --formation --crib-model uniform 5H 5C 5S JD 4D

# ---------------------------------------------------------------------------
# Batch: "-" reads one hand per line; one answer per line, in order: the
# same advice as one hand on the command line, null for a blank line,
# {"error", "line"} for a bad one, and the others go on; status 1
printf '%s\n\n5H 5C\n5H 5C 5S JD 2C ZZ\n  4C,5C,6C,5S,KH,QD \n5H 5C 5S JD 2C 5H\n' "$hand" >"$tmp/batch.in"
"$BIN" --pone --json - <"$tmp/batch.in" >"$tmp/batch.out" 2>"$tmp/err"
st=$?
check "batch with bad lines: status 1, nothing on stderr (got $st)" sh -c "test $st -eq 1 && test ! -s '$tmp/err'"
check "batch: one output line per input line" test "$(wc -l <"$tmp/batch.out")" -eq 6
sed -n 1p "$tmp/batch.out" >"$tmp/b1"
check "batch line 1: the advice of the hand given alone" cmp -s "$tmp/b1" "$tmp/pone.json"
check "batch line 2 (blank): null" test "$(sed -n 2p "$tmp/batch.out")" = null
check "batch line 3: the count refused, line 3" test "$(sed -n 3p "$tmp/batch.out")" = \
    '{"error": "classic with 2 players: want the 6 cards dealt to you (got 2)", "line": 3}'
check "batch line 4: not a card, line 4" sh -c "sed -n 4p '$tmp/batch.out' | grep -q -F '{\"error\": \"'\\''ZZ'\\'' is not a card' && sed -n 4p '$tmp/batch.out' | grep -q '\"line\": 4}\$'"
"$BIN" --pone --json 4C 5C 6C 5S KH QD >"$tmp/b5want"
sed -n 5p "$tmp/batch.out" >"$tmp/b5"
check "batch line 5 (commas, blanks around): after the bad lines, its advice" cmp -s "$tmp/b5" "$tmp/b5want"
check "batch line 6: a card twice, line 6" sh -c "sed -n 6p '$tmp/batch.out' | grep -q -F 'given twice\", \"line\": 6}'"
if [ "$have_python" = 1 ]; then
    check "batch: every line JSON" python3 tests/jcheck.py "len(docs) == 6 and docs[1] is None" <"$tmp/batch.out"
fi
printf '%s\n4C 5C 6C 5S KH QD\n' "$hand" | "$BIN" --pone --json - >"$tmp/out" 2>"$tmp/err"
st=$?
check "batch, every line good: status 0, two answers" sh -c "test $st -eq 0 && test \$(wc -l <'$tmp/out') -eq 2"
printf '%s\n\nZZ\n' "$hand" | "$BIN" --pone - >"$tmp/out" 2>"$tmp/err"
st=$?
sed -n '2,$p' "$tmp/out" | sed '/^line 2: blank$/,$d' >"$tmp/t1"
"$BIN" --pone $hand >"$tmp/t1want"
check "batch text: status 1; 'line 1:' then the text of the hand alone" sh -c \
    "test $st -eq 1 && test \"\$(sed -n 1p '$tmp/out')\" = 'line 1:' && cmp -s '$tmp/t1' '$tmp/t1want'"
check "batch text: 'line 2: blank', 'line 3: error: ...'" sh -c \
    "grep -q '^line 2: blank\$' '$tmp/out' && grep -q \"^line 3: error: 'ZZ' is not a card\" '$tmp/out'"
# issue 28 item 10: a bad line's control bytes and invalid UTF-8 are quoted
# as \xNN in plain text, never written to the terminal raw
printf '\033[2J\n5H \377\n' | "$BIN" - >"$tmp/out" 2>"$tmp/err"
st=$?
check "batch text escapes the bytes of a bad line" sh -c \
    "test $st -eq 1 && ! grep -q \"\$(printf '[\033\377]')\" '$tmp/out' &&
     grep -q -x -F \"line 1: error: '\\\\x1B[2J' is not a card (a card is rank and suit: 5H, TD, JS, AC)\" '$tmp/out' &&
     grep -q -x -F \"line 2: error: '\\\\xFF' is not a card (a card is rank and suit: 5H, TD, JS, AC)\" '$tmp/out'"
: | "$BIN" --json - >"$tmp/out" 2>"$tmp/err"
st=$?
check "batch of nothing: no output, status 0" sh -c "test $st -eq 0 && test ! -s '$tmp/out'"
expect_fail "'-' and cards" "'-' (one hand per input line) goes alone" - 5H
expect_fail "cards and '-'" "'-' (one hand per input line) goes alone" 5H -
expect_fail "batch: the options are still checked" "battlefield has no discard" --game battlefield -

# ---------------------------------------------------------------------------
# --position: saves written by bfc_game_save in a small program of the
# test (random moves from a seed), with the legal moves of the seat to
# move, formatted by bfc_move_format, beside them
CC=${CC:-cc}
cat >"$tmp/gen.c" <<'C'
#include <bfc.h>
#include <stdio.h>
#include <stdlib.h>
/* gen PRESET MOVES SAVE LEGAL: MOVES random moves (then on to a decision
 * between two moves or more that is not a discard), the save to SAVE, the
 * legal moves to LEGAL. */
int main(int argc, char **argv)
{
    bfc_rules rules;
    if (argc != 5 || bfc_rules_preset(&rules, argv[1], 2, 0) != BFC_OK)
        return 2;
    bfc_game *g = bfc_game_new(&rules, 2026, NULL);
    uint64_t rng = 15;
    const int moves = atoi(argv[2]);
    for (int n = 0; g && !bfc_game_over(g) &&
                    (n < moves || bfc_game_phase(g) == BFC_PHASE_DISCARD ||
                     bfc_game_legal_moves(g, NULL, 0) < 2); n++) {
        bfc_observation obs;
        bfc_move m;
        if (bfc_game_observe(g, bfc_game_to_move(g), &obs) != BFC_OK ||
            bfc_bot_random(&obs, &rng, &m) != BFC_OK ||
            bfc_game_apply(g, m, NULL, 0, NULL) < 0)
            return 1;
    }
    if (!g || bfc_game_over(g))
        return 1;
    static char text[1 << 16];
    bfc_move legal[BFC_MAX_MOVES];
    const int len = bfc_game_save(g, text, sizeof text);
    const int n = bfc_game_legal_moves(g, legal, BFC_MAX_MOVES);
    FILE *s = fopen(argv[3], "w"), *l = fopen(argv[4], "w");
    if (len < 0 || (size_t)len >= sizeof text || n < 1 || !s || !l)
        return 1;
    fputs(text, s);
    for (int i = 0; i < n; i++) {
        char buf[64];
        bfc_move_format(legal[i], buf, sizeof buf);
        fprintf(l, "%s\n", buf);
    }
    fclose(s);
    fclose(l);
    bfc_game_free(g);
    return 0;
}
C
if $CC -std=c11 -Iinclude "$tmp/gen.c" -o "$tmp/gen" libbfc.a -lm $LDFLAGS 2>"$tmp/cc.err"; then
    ok
    for game in battlefield classic; do
        if "$tmp/gen" $game 9 "$tmp/$game.save" "$tmp/$game.legal"; then ok; else fail "gen $game"; fi
        run --position "$tmp/$game.save" --iterations 300 --json
        cp "$tmp/out" "$tmp/$game.pos.json"
        check "$game position: status 0, one line, nothing on stderr" sh -c \
            "test $st -eq 0 && test \$(wc -l <'$tmp/out') -eq 1 && test ! -s '$tmp/err'"
        run --position "$tmp/$game.save" --iterations 300 --json
        check "$game position: the same analysis twice" cmp -s "$tmp/out" "$tmp/$game.pos.json"
        "$BIN" --position - --iterations 300 --json <"$tmp/$game.save" >"$tmp/out" 2>"$tmp/err"
        check "$game position from standard input: the same analysis" cmp -s "$tmp/out" "$tmp/$game.pos.json"
        sed 's/.*"moves":\[//; s/},{/}\n{/g' "$tmp/$game.pos.json" | sed 's/^{"move":"\([^"]*\)".*/\1/' | sort >"$tmp/got.moves"
        sort "$tmp/$game.legal" >"$tmp/want.moves"
        check "$game position: every legal move once, none else" cmp -s "$tmp/got.moves" "$tmp/want.moves"
        if [ "$have_python" = 1 ]; then
            check "$game position: shape, every move with visits, value, searched, wins_now, same_as" python3 tests/jcheck.py \
                "d['method'] == 'search' and d['seat'] in (0, 1) and isinstance(d['phase'], str) and all(set(['move','visits','value','searched','wins_now','same_as']) <= set(m) for m in d['moves']) and all(m['value'] is None or 0 <= m['value'] <= 1 for m in d['moves'])" <"$tmp/$game.pos.json"
            if [ $game = battlefield ]; then
                # ISMCTS: the visits of the moves that stand for themselves
                # add up to the iterations, the most visited first
                check "$game position: ISMCTS, best first, visits add up to 300" python3 tests/jcheck.py \
                    "d['iterations'] == 300 and sum(m['visits'] for m in d['moves'] if m['searched'] and m['same_as'] == m['move']) == 300 and [m['visits'] for m in d['moves'] if m['searched']] == sorted([m['visits'] for m in d['moves'] if m['searched']], reverse=True)" <"$tmp/$game.pos.json"
            else
                # the two-player classic play: the deal solver, every
                # candidate solved in each world, the best value first
                check "$game position: the deal solver, best first, every move in every world" python3 tests/jcheck.py \
                    "0 < d['iterations'] and all(m['visits'] == d['iterations'] for m in d['moves'] if m['searched']) and [m['value'] for m in d['moves'] if m['searched']] == sorted([m['value'] for m in d['moves'] if m['searched']], reverse=True)" <"$tmp/$game.pos.json"
            fi
        fi
        run --position "$tmp/$game.save" --iterations 300
        first=$(sed 's/.*"moves":\[{"move":"\([^"]*\)".*/\1/' "$tmp/$game.pos.json")
        check "$game position text: the best move first, as in the JSON" sh -c \
            "test $st -eq 0 && grep -q '^  move ' '$tmp/out' && test \"\$(sed -n '/^  move /{n;p;q}' '$tmp/out' | cut -c3-22 | sed 's/ *\$//')\" = '$first'"
    done
    # one vocabulary (issue 38): "player N to move", as every tool says it,
    # not "seat 0"; the JSON keeps "seat" and adds "player"
    run --position "$tmp/classic.save" --iterations 300
    to_move=$(sed -n 's/^player \([1-6]\) to move, phase play: .*/\1/p' "$tmp/out")
    check "position text: 'player N to move' ($to_move)" test -n "$to_move"
    check "position text: no 'seat'" sh -c "! grep -q 'seat' '$tmp/out'"
    if [ "$have_python" = 1 ]; then
        check "position JSON: player is seat + 1" python3 tests/jcheck.py "d['player'] == d['seat'] + 1 == $to_move" <"$tmp/classic.pos.json"
    fi
    # the classic play is the deal solver's: --iterations 1 and 5000 gave
    # the same analysis (its worlds stayed the level's 24); now the worlds
    # follow the iterations (N / 16 + 8), and --worlds sets them
    for w in "1 8" "5000 320"; do
        set -- $w
        run --position "$tmp/classic.save" --iterations "$1"
        check "classic play: --iterations $1 solves $2 worlds" \
            grep -q "^($2 worlds of the deal solver, seed 1; value: its side's chance of winning)\$" "$tmp/out"
    done
    run --position "$tmp/classic.save" --iterations 5000 --worlds 400
    check "classic play: --worlds 400 solves 400 worlds" grep -q '^(400 worlds of the deal solver' "$tmp/out"
    run --position "$tmp/classic.save" --worlds 40
    check "classic play: --worlds alone, with the level's iterations" grep -q '^(40 worlds of the deal solver' "$tmp/out"
    run --position "$tmp/battlefield.save" --iterations 200 --worlds 3
    check "Battlefield: --worlds does not size ISMCTS (the iterations do)" grep -q '^(200 iterations, seed 1' "$tmp/out"
    expect_fail "--worlds 0" "bad --worlds '0' (want 1..100000)" --position "$tmp/classic.save" --worlds 0
    expect_fail "--worlds without a search" "--level, --iterations, --worlds and --seed go with --position or --review" --worlds 5 5H 5C 5S JD 2C 3D
    # issue 38: a corrupted save named no line ("cannot parse"); now the
    # line and what it must hold
    sed 's/^hand 1 \(..\)/hand 1 ZZ/' "$tmp/classic.save" >"$tmp/bad_hand.save"
    hl=$(grep -n '^hand 1 ' "$tmp/classic.save" | cut -d: -f1)
    expect_fail "a save with a bad card: its line" \
        "'$tmp/bad_hand.save' is not a game libbfc can load: line $hl: a hand line is not \"hand SEAT\" and at most 7 cards, each once (cannot parse)" \
        --position "$tmp/bad_hand.save"
    head -n 6 "$tmp/classic.save" >"$tmp/short.save"
    expect_fail "a save cut short: the missing line" "line 7: the save ends before this line: a line is missing" --position "$tmp/short.save"
    # the first reveal of Battlefield: every pair alike (RULES D7), shown as
    # one line with the others under it, none valued (nothing to weigh)
    if "$tmp/gen" battlefield 0 "$tmp/reveal.save" "$tmp/reveal.legal"; then
        run --position "$tmp/reveal.save" --json
        if [ "$have_python" = 1 ]; then
            check "a first reveal: ten moves, each the same as the first, value null" python3 tests/jcheck.py \
                "len(d['moves']) == 10 and all(m['same_as'] == d['moves'][0]['move'] and m['value'] is None for m in d['moves'])" <"$tmp/out"
        fi
        run --position "$tmp/reveal.save"
        check "a first reveal, text: one line, the nine others under it" sh -c \
            "test $st -eq 0 && test \$(grep -c '^  reveal ' '$tmp/out') -eq 1 && test \$(grep -c '^    or reveal [0-4] [0-4] (the same to every player)\$' '$tmp/out') -eq 9"
    else
        fail "gen battlefield 0"
    fi
    run --position "$tmp/battlefield.save" --level easy --json --seed 7
    cp "$tmp/out" "$tmp/easy.json"
    run --position "$tmp/battlefield.save" --level hard --json --seed 7
    cp "$tmp/out" "$tmp/hard.json"
    if [ "$have_python" = 1 ]; then
        # the library sets each level's budget (bfc_search_config_level)
        cat "$tmp/easy.json" "$tmp/hard.json" >"$tmp/levels.json"
        check "--level easy: fewer iterations than hard" python3 tests/jcheck.py \
            "0 < docs[0]['iterations'] < docs[1]['iterations']" <"$tmp/levels.json"
    fi
    run --position "$tmp/battlefield.save" --level easy --json --seed 7
    check "--level easy --seed 7: deterministic" cmp -s "$tmp/out" "$tmp/easy.json"
else
    fail "cannot build the save generator with $CC: $(head -3 "$tmp/cc.err")"
fi
# a classic discard: the exact advice (examples/save_resume stops at one)
if [ -x examples/save_resume ] && (cd "$tmp" && "$OLDPWD/examples/save_resume" resume.save >/dev/null); then
    run --position "$tmp/resume.save" --json
    cp "$tmp/out" "$tmp/resume.json"
    if [ "$have_python" = 1 ]; then
        # two-player classic to 121 has a table: the advice valued in wins
        # from the save's scores, value the chance, points total_ev; best
        # first (the library counts chances within 1e-4 as equal, then
        # orders by total_ev)
        check "a classic discard: the advice in wins, 15 discards best first" python3 tests/jcheck.py \
            "d['method'] == 'exact' and d['phase'] == 'discard' and d['valued_in'] == 'wins' and d['crib_model'] == 'uniform' and len(d['moves']) == 15 and all(m['move'].startswith('discard ') and m['value'] == m['win'] and 0 <= m['win'] <= 1 and m['points'] == m['total_ev'] for m in d['moves']) and all(a['value'] >= b['value'] - 1e-4 for a, b in zip(d['moves'], d['moves'][1:]))" <"$tmp/out"
    fi
    check "a classic discard: status 0" test "$st" -eq 0
    # the same hand on the command line with the save's scores and role
    # (--scores): the same chances, so --scores builds the seat's view as a
    # real game shows it
    if [ "$have_python" = 1 ]; then
        args=$(python3 - "$tmp/resume.save" <<'PY'
import sys
lines = open(sys.argv[1]).read().split("\n")
deal = next(l for l in lines if l.startswith("deal ")).split()
to_move, dealer = int(deal[2]), int(deal[3])
score = [int(x) for x in next(l for l in lines if l.startswith("score ")).split()[1:]]
hand = next(l for l in lines if l.startswith("hand %d " % to_move)).split()[2:]
print("--%s --scores %d,%d %s" % ("dealer" if to_move == dealer else "pone", score[to_move], score[1 - to_move], " ".join(hand)))
PY
)
        for model in uniform played; do
            "$BIN" --position "$tmp/resume.save" --crib $model --json >"$tmp/pos.$model" 2>"$tmp/err"
            # shellcheck disable=SC2086 # $args is the options and the cards
            "$BIN" --crib $model --json $args >"$tmp/cards.$model" 2>>"$tmp/err"
            cat "$tmp/pos.$model" "$tmp/cards.$model" >"$tmp/both.$model"
            check "--scores $model ($args): the chances of the saved position" python3 tests/jcheck.py \
                "len(docs) == 2 and docs[1]['scores'] == [int(x) for x in '$args'.split()[2].split(',')] and [round(m['win'], 9) for m in docs[0]['moves']] == [round(o['win'], 9) for o in docs[1]['options']] and [m['move'] for m in docs[0]['moves']] == ['discard ' + ' '.join(o['discard']) for o in docs[1]['options']]" <"$tmp/both.$model"
        done
    fi
    run --position "$tmp/resume.save"
    check "a classic discard, text: the win column, best first by it" sh -c \
        "test $st -eq 0 && grep -q 'best first by its chance of' '$tmp/out' && grep -q '^  move  *hand_ev  *crib_ev  *total_ev  *win\$' '$tmp/out' && test \$(grep -c '^  discard .*%\$' '$tmp/out') -eq 15"
else
    fail "examples/save_resume did not write a save"
fi
printf 'bfc-game 2\nnonsense\n' >"$tmp/bad.save"
expect_fail "--position: a bad save refused" "is not a game libbfc can load" --position "$tmp/bad.save"
: >"$tmp/empty.save"
expect_fail "--position: an empty file refused" "is not a game libbfc can load" --position "$tmp/empty.save"
expect_fail "--position: a missing file" "cannot open '$tmp/nothing.save'" --position "$tmp/nothing.save"
expect_fail "--position with --scores" "its rules, players and scores are in the save" --position "$tmp/bad.save" --scores 1,2
expect_fail "--position with cards" "--position takes only the saved game" --position "$tmp/bad.save" 5H
expect_fail "--level without --position" "--level, --iterations, --worlds and --seed go with --position" --level hard $hand
expect_fail "--level unknown" "--level must be easy, medium or hard" --position "$tmp/bad.save" --level expert
expect_fail "--iterations 0" "bad --iterations '0'" --position "$tmp/bad.save" --iterations 0

# ---------------------------------------------------------------------------
# Errors, --help, --version
expect_fail "no cards" "no cards" --pone
expect_fail "five cards for two players" "want the 6 cards dealt to you (got 5)" 5H 5C 5S JD 2C
expect_fail "seven cards" "want the 6 cards dealt to you (got 7)" 5H 5C 5S JD 2C 3D 4D
expect_fail "six cards for three players" "want the 5 cards dealt to you (got 6)" --players 3 $hand
expect_fail "a card twice" "the card '5H' is given twice" 5H 5C 5S JD 2C 5H
expect_fail "the joker in classic" "the joker is not a card of classic" 5H 5C 5S JD 2C JK
expect_fail "not a card" "'ZZ' is not a card" 5H 5C 5S JD 2C ZZ
expect_fail "battlefield discard" "battlefield has no discard" --game battlefield $hand
expect_fail "noddy" "noddy with 2 players has no discard" --game noddy 5H 5C 5S JD 2C
expect_fail "partner without teams" "--partner needs partners" --partner $hand
expect_fail "two roles" "give one of --dealer, --pone, --partner" --dealer --pone $hand
expect_fail "unknown game" "bad --game 'chess'" --game chess $hand
expect_fail "unknown option" "unknown option '--bogus'" --bogus $hand
expect_fail "formation of 4" "--formation wants 5 slots" --formation 5H 5C 5S JD
expect_fail "formation, 4 face down" "at most 3 face-down slots" --formation ?? ?? ?? ?? 5H
expect_fail "formation twice the same" "given twice" --formation 5H 5C 5S JD 5H
expect_fail "formation with a role" "--formation takes only the five slots" --formation --pone 5H 5C 5S JD 5D
expect_fail "?? in a hand" "'??' is not a card" 5H 5C 5S JD 2C ??
run --help
check "--help: status 0, the usage" sh -c "test $st -eq 0 && grep -q '^usage: bfc-advise' '$tmp/out' && test ! -s '$tmp/err'"
run -h
check "-h is --help" sh -c "test $st -eq 0 && grep -q '^usage: bfc-advise' '$tmp/out'"
run --version
version=$(sed -n 's/^#define BFC_VERSION_STRING "\(.*\)"/\1/p' include/bfc.h)
check "--version: $version" sh -c "test $st -eq 0 && test \"\$(cat '$tmp/out')\" = '$version'"

# issue 29 item 13: standard output full (/dev/full) or closed (>&-): one
# line on stderr saying so and status 1, in every mode
printf '%s\n' "$hand" >"$tmp/one"
for args in --help --version "$hand" "--json $hand" "--formation 5H 5C 5S JD ??" - "--json -" \
    "--position $tmp/battlefield.save --iterations 50"; do
    if [ -w /dev/full ]; then
        # shellcheck disable=SC2086
        "$BIN" $args <"$tmp/one" >/dev/full 2>"$tmp/err"
        st=$?
        check "a full stdout is an error (bfc-advise $args >/dev/full): status $st, [$(cat "$tmp/err")]" \
            test "$st" -eq 1 -a "$(cat "$tmp/err")" = "bfc-advise: cannot write standard output: No space left on device"
    fi
    # shellcheck disable=SC2086
    "$BIN" $args <"$tmp/one" >&- 2>"$tmp/err"
    st=$?
    check "a closed stdout is an error (bfc-advise $args >&-): status $st, [$(cat "$tmp/err")]" \
        test "$st" -eq 1 -a "$(cat "$tmp/err")" = "bfc-advise: standard output is closed"
done
done_

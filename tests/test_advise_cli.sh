#!/bin/sh
# Tests of examples/bfc-advise: the discard advice checked against an
# independent brute force written here (a cribbage scorer in Python, every
# starter and every crib enumerated), the order and the arithmetic of every
# option, the text next to the JSON, five-card and 3 players; the formation
# advice against bfc-score --battlefield over every turn card, and a
# face-down slot as the mean over its cards; errors (exit 2, one line),
# --help and --version. Run from the repository root after make:
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
# Errors, --help, --version
expect_fail "no cards" "no cards" --pone
expect_fail "five cards for two players" "want the 6 cards dealt to you (got 5)" 5H 5C 5S JD 2C
expect_fail "seven cards" "too many cards" 5H 5C 5S JD 2C 3D 4D
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
done_

# The sample scoring cases (tests/cases/): exactly what tests/gen_cases.c
# writes now (which checks every expected score against tests/brute.c
# first; `make cases` after changing it), well-formed JSON with unique ids,
# holding the rules they are there for, and read by the shared checker
# (../shared/tools/check-bfc-score, when it is beside the project) through
# bfc-score's batch mode.
. tests/lib.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
gen=build/gen_cases
check "$gen is built (make check builds it)" test -x "$gen"
if "$gen" "$tmp" 2>"$tmp/err"; then ok; else
    cat "$tmp/err"
    fail "$gen: the library and tests/brute.c agree on every case"
fi
for f in classic_show classic_peg frontline battlefield; do
    check "tests/cases/$f.jsonl is what tests/gen_cases.c writes (run make cases)" \
        cmp -s "$tmp/$f.jsonl" "tests/cases/$f.jsonl"
done
check "tests/cases holds only the generated cases and its README" \
    test "$(ls tests/cases | tr '\n' ' ')" = "README.md battlefield.jsonl classic_peg.jsonl classic_show.jsonl frontline.jsonl "

if command -v python3 >/dev/null 2>&1; then
    # every line an object with a unique id and the fields of its file; the
    # rules the hand-written cases are for are there
    if python3 - >"$tmp/py" 2>&1 <<'PY'; then ok; else cat "$tmp/py"; fail "the cases are well-formed and cover their rules"; fi
import json, sys
need = {
    "classic_show.jsonl": ("hand", "starter", "crib", "expected"),
    "classic_peg.jsonl": ("sequence", "expected"),
    "frontline.jsonl": ("frontline_before", "card", "is_turn_card", "expected"),
    "battlefield.jsonl": ("kind", "expected"),
}
tags, ids, bad = set(), set(), []
for name, fields in need.items():
    n = 0
    for no, line in enumerate(open("tests/cases/" + name, encoding="utf-8"), 1):
        case = json.loads(line)
        n += 1
        if case["id"] in ids or any(f not in case for f in fields):
            bad.append("%s:%d" % (name, no))
        ids.add(case["id"])
        tags.update(case["tags"])
    if n < 50:
        bad.append("%s: only %d cases" % (name, n))
want = {"killed", "joker turn card", "lay-aways tie", "renewed", "thirty-one", "knobs",
        "four of a kind", "double-double run of 3", "triple run of 3", "run of 5", "crib",
        "flush 5", "flush", "nobs", "D1: four of a kind", "D2: no pair apart",
        "D8: renewed, no last card", "the joker breaks the run", "the best hand: 29"}
bad += sorted("no case tagged %r" % t for t in want - tags)
print("\n".join(bad))
sys.exit(1 if bad else 0)
PY
fi

# the shared checker reads these files as it reads its own
if [ -f ../shared/tools/check-bfc-score ] && command -v python3 >/dev/null 2>&1; then
    if python3 ../shared/tools/check-bfc-score examples/bfc-score/bfc-score tests/cases >"$tmp/check" 2>&1; then ok; else
        cat "$tmp/check"
        fail "../shared/tools/check-bfc-score on tests/cases"
    fi
    check "the shared checker read all $(cat tests/cases/*.jsonl | wc -l) cases" \
        grep -qx "$(cat tests/cases/*.jsonl | wc -l)/$(cat tests/cases/*.jsonl | wc -l) cases match" "$tmp/check"
else
    echo "note: ../shared/tools/check-bfc-score not run on tests/cases (absent or no python3)"
fi
done_

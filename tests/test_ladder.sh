#!/bin/sh
# `make ladder` (tests/ladder.c) on a tiny run: a cell played as shards in
# parallel processes and merged prints the figures one bfc-sim --duplicate
# run of the same cell prints; --list gives each cell's bfc-sim arguments;
# bad arguments exit 2. Run from the repository root after building
# build/ladder and examples/bfc-sim. Ends with "N passed, N failed".
. tests/lib.sh

LADDER=build/ladder
BIN=examples/bfc-sim/bfc-sim
if [ ! -x "$LADDER" ] || [ ! -x "$BIN" ]; then
    fail "$LADDER or $BIN is not built (make build/ladder)"
    done_
    exit 1
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bfc-ladder.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' 0
trap 'exit 1' INT TERM HUP

# test_ladder__list: every cell with its bfc-sim arguments, on duplicate deals
"$LADDER" --list >"$tmp/list"
check "--list: exit 0" test $? -eq 0
for cell in "classic2 hard-base-hard" "bf2 hard-base-hard" "bf3 hard-base-hard" "bf4teams hard-base-hard" \
    "classic2 medium-base-hard"; do
    check "--list: the cell '$cell'" grep -q "^$cell: --game .* --duplicate --games 2000 --seed 1$" "$tmp/list"
done
check "--list: bf4teams in teams" grep -q '^bf4teams easy-base-easy: --game battlefield --players 4 --teams --bots easy,base-easy,easy,base-easy ' "$tmp/list"
"$LADDER" --list -n 7 -s 3 --cell bf3 >"$tmp/list3"
check "--list -n -s --cell: bf3 only" sh -c "test \$(wc -l <'$tmp/list3') -eq 3 && ! grep -v -q -- '--players 3 .*--games 7 --seed 3\$' '$tmp/list3'"

# test_ladder__shards_merged_are_one_run: 5 pairs in 2 processes against
# one bfc-sim run of the cell's arguments
TMPDIR=$tmp "$LADDER" -n 5 -s 2 -j 2 --cell "classic2 easy-base-easy" >"$tmp/out" 2>"$tmp/err"
check "a cell: exit 0, nothing on stderr" test $? -eq 0 -a ! -s "$tmp/err"
check "a cell: its temporary files removed" sh -c "test -z \"\$(ls '$tmp' | grep ladder)\""
args=$(sed -n 's/^classic2 easy-base-easy: //p' "$tmp/list" | sed 's/--games 2000 --seed 1/--games 5 --seed 2/')
# shellcheck disable=SC2086
"$BIN" $args --json >"$tmp/one.json"
if command -v python3 >/dev/null 2>&1; then
    if python3 - "$tmp/out" "$tmp/one.json" <<'PYEOF'; then ok; else fail "the ladder's line is not the run's figures: $(cat "$tmp/out")"; fi
import json, re, sys
line = [l for l in open(sys.argv[1]) if l.startswith("classic2 easy-base-easy")][0]
d = json.load(open(sys.argv[2]))
m = re.search(r"(\d+) pairs  hero +([\d.]+)% \[ *([\d.]+), *([\d.]+)\]  fair 50.0%  margin ([-+][\d.]+) "
              r"\[([-+][\d.]+), ([-+][\d.]+)\] a pair  split +([\d.]+)%  deals alike +([\d.]+)%  "
              r"ms/decision [\d.]+ / [\d.]+  \(\d+ s\)$", line)
want = ("%d" % d["sets"], "%.1f" % (100 * d["hero_win_rate"]), "%.1f" % (100 * d["hero_ci_low"]),
        "%.1f" % (100 * d["hero_ci_high"]), "%+.2f" % d["hero_margin_per_set"],
        "%+.2f" % d["hero_margin_ci_low"], "%+.2f" % d["hero_margin_ci_high"],
        "%.1f" % (100 * d["hero_sets_won1"] / d["sets"]),
        "%.1f" % (100 * d["deals_same"] / d["deals_compared"]))
sys.exit(0 if m and m.groups() == want else 1)
PYEOF
fi

# test_ladder__bad_arguments
"$LADDER" -j 0 >/dev/null 2>"$tmp/err"
check "-j 0: exit 2 with a message" sh -c "test $? -eq 2 && grep -q 'ladder: -j: 1 to 64' '$tmp/err'"
"$LADDER" --bogus x >/dev/null 2>"$tmp/err"
check "an unknown option: exit 2 with the usage" sh -c "test $? -eq 2 && grep -q '^usage: ladder' '$tmp/err'"
"$LADDER" --bfc-sim "$tmp/none" -n 1 >/dev/null 2>"$tmp/err"
check "no bfc-sim: exit 2 with a message" sh -c "test $? -eq 2 && grep -q 'bfc-sim not found' '$tmp/err'"
done_

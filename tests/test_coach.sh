#!/bin/sh
# The coach in the tools (issue 32): bfc-play --record writes a game record
# that bfc-advise --review reads and grades (text and --json, one seat or
# all), bfc-play --review at the end and `review` at a prompt, the chance
# of winning on the table at a terminal, a planted blunder (a pair of fives
# thrown into the other player's crib) found from the command line, and a
# broken record refused with its line. Budgets: the easy level. Run from
# the repository root after building it (make):
#
#     sh tests/test_coach.sh
#
# Prints a FAIL line on stderr for each failed check and, as its last line,
# "N passed, N failed".
. tests/lib.sh

PLAY=${BFC_PLAY:-examples/bfc-play/bfc-play}
ADVISE=${BFC_ADVISE:-examples/bfc-advise/bfc-advise}
for b in "$PLAY" "$ADVISE"; do
    if [ ! -x "$b" ]; then
        echo "FAIL $b is not built (make)" >&2
        echo "0 passed, 1 failed"
        exit 1
    fi
done
have_python=0
command -v python3 >/dev/null 2>&1 && have_python=1

tmp=$(mktemp -d "${TMPDIR:-/tmp}/bfc-coach.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' 0
trap 'exit 1' INT TERM HUP
awk 'BEGIN { for (i = 0; i < 20000; i++) print 1 }' >"$tmp/ones"

# A classic game against the easy search bot, recorded and reviewed at its end.
"$PLAY" --game classic --seed 21 --bots ismcts --level easy --record "$tmp/c.rec" --review \
    <"$tmp/ones" >"$tmp/c.out" 2>"$tmp/c.err"
check "bfc-play --record --review: the game ends (status 0)" test $? -eq 0
check "bfc-play: nothing on stderr" test ! -s "$tmp/c.err"
check "the record's first lines" sh -c "head -n 3 '$tmp/c.rec' | tr '\n' '|' | grep -q '^bfc-record 1|seed 21|bfc-game '"
moves=$(sed -n 's/^moves \([0-9]*\)$/\1/p' "$tmp/c.rec")
lines=$(awk '/^moves /{m=1; next} m' "$tmp/c.rec" | wc -l)
human=$(grep -c '^player 1: ' "$tmp/c.out")
bot=$(grep -c '^player 2: ' "$tmp/c.out")
check "the record holds every move made ($moves, $lines lines, $human + $bot said)" \
    test "$moves" -eq "$lines" -a "$moves" -eq $((human + bot))
check "--review: its heading after the game" grep -q '^review: easy level search of each decision' "$tmp/c.out"
check "--review: player 1's summary" grep -Eq '^  player 1: [0-9]+ deals?, [0-9]+ decisions?: [0-9]+ best, ' "$tmp/c.out"
check "--review: only player 1" sh -c "! grep -q '^  player 2: ' '$tmp/c.out'"

# bfc-advise --review reads it: a line per decision, the summary of each player
"$ADVISE" --review "$tmp/c.rec" --level easy >"$tmp/r.out" 2>"$tmp/r.err"
check "bfc-advise --review: status 0" test $? -eq 0
graded=$(grep -c '^deal [0-9]*, player [12], ' "$tmp/r.out")
check "bfc-advise --review: decisions graded ($graded)" test "$graded" -gt 20
check "bfc-advise --review: both players summed up" sh -c "grep -q '^player 1: [0-9]* deals' '$tmp/r.out' && grep -q '^player 2: [0-9]* deals' '$tmp/r.out'"
"$ADVISE" --review "$tmp/c.rec" --level easy --player 2 >"$tmp/r2.out"
check "--player 2: player 2's decisions only" sh -c "grep -q '^deal .*, player 2, ' '$tmp/r2.out' && ! grep -q '^deal .*, player 1, ' '$tmp/r2.out'"
# --seat, bfc-advise's old name of --player: the same, with a note
"$ADVISE" --review "$tmp/c.rec" --level easy --seat 2 >"$tmp/r2s.out" 2>"$tmp/r2s.err"
check "--seat 2 (the old name): the same review as --player 2" cmp -s "$tmp/r2.out" "$tmp/r2s.out"
check "--seat 2 (the old name): a note that it is --player 2" \
    grep -qx "bfc-advise: note: --seat 2 is --player 2: players count from 1 here as everywhere (bfc-play's old --seat counted from 0)" "$tmp/r2s.err"
"$ADVISE" --review - --level easy <"$tmp/c.rec" >"$tmp/r3.out"
check "--review - reads standard input, the same review" cmp -s "$tmp/r.out" "$tmp/r3.out"
"$ADVISE" --review "$tmp/c.rec" --level easy >"$tmp/r4.out"
check "the same record, budget and seed: the same review" cmp -s "$tmp/r.out" "$tmp/r4.out"
if [ "$have_python" = 1 ]; then
    "$ADVISE" --review "$tmp/c.rec" --level easy --json >"$tmp/r.json"
    if msg=$(python3 - "$tmp/r.json" "$tmp/r.out" <<'PYEOF'
import json, sys
d = json.load(open(sys.argv[1]))
text = [l.rstrip("\n") for l in open(sys.argv[2]) if l.startswith("deal ")]
p = []
if [e["text"] for e in d["decisions"]] != text:
    p.append("the JSON texts are not the text's lines")
for e in d["decisions"]:
    # three figures of 6 decimals: the difference is off by 1.5e-6 at most
    lost = max(0.0, e["best_win"] - e["win"]) if e["win"] >= 0 else 0
    if e["win_lost"] > lost + 2e-6:
        p.append("win_lost above best_win - win: %s" % e)
    if e["grade"] == "best" and e["win_lost"] >= 0.02 and not e["by_points"]:
        p.append("best with 2%% lost: %s" % e)
    if e["grade"] == "blunder" and not e["by_points"] and e["win_lost"] < 0.10:
        p.append("blunder under 10%%: %s" % e)
for s in d["summaries"]:
    mine = [e for e in d["decisions"] if e["player"] == s["player"]]
    if s["all"]["decisions"] != len(mine):
        p.append("summary of player %d counts %d, not %d" % (s["player"], s["all"]["decisions"], len(mine)))
    if abs(s["all"]["win_lost"] - sum(e["win_lost"] for e in mine)) > 1e-4:
        p.append("summary win_lost is not the sum")
if d["seed"] != 21 or d["game"] != "classic":
    p.append("seed/game %s %s" % (d["seed"], d["game"]))
print("; ".join(p[:3]))
sys.exit(1 if p else 0)
PYEOF
    ); then ok; else fail "bfc-advise --review --json: $msg"; fi
fi

# review at a prompt: the game so far, the player's own decisions
printf '1\n1\n1\n1\nreview\n' >"$tmp/rv"
"$PLAY" --game classic --seed 21 --bots ismcts --level easy <"$tmp/rv" >"$tmp/rv.out" 2>&1
check "review at a prompt: its heading" grep -q '^review: easy level search' "$tmp/rv.out"
check "review at a prompt: player 1's summary" grep -Eq '^  player 1: 1 deal, [0-9]+ decisions?' "$tmp/rv.out"
# a review changes nothing: the game with it is the game without it
awk '/^review:/ { r = 1; next } r && /^  / { next } { r = 0; print }' "$tmp/rv.out" >"$tmp/rv.stripped"
printf '1\n1\n1\n1\n' | "$PLAY" --game classic --seed 21 --bots ismcts --level easy >"$tmp/norv.out" 2>&1
check "review at a prompt changes nothing" cmp -s "$tmp/rv.stripped" "$tmp/norv.out"

# Battlefield, every seat at one keyboard: each player's review at the end
"$PLAY" --seed 4 --hot-seat --review --level easy --record "$tmp/b.rec" <"$tmp/ones" >"$tmp/b.out" 2>&1
check "battlefield --hot-seat --review: both players" sh -c "grep -q '^  player 1: ' '$tmp/b.out' && grep -q '^  player 2: ' '$tmp/b.out'"
check "battlefield review: by stage (turn)" grep -q '^  turn: [0-9]* decisions' "$tmp/b.out"
"$ADVISE" --review "$tmp/b.rec" --level easy >"$tmp/b.rev"
check "bfc-advise reviews a Battlefield record" grep -q '^skirmish [0-9]*, player [12], \(reveal\|draw\|take\|swap\|place\|turn\|layaway\)' "$tmp/b.rev"

# A planted blunder: the first seed where player 1 throws first holding two
# fives; thrown into player 2's crib, the review calls it a blunder.
seed=0
for s in $(seq 1 200); do
    "$PLAY" --game classic --seed "$s" </dev/null >"$tmp/deal" 2>&1
    if grep -q '^-- Deal 1: player 2 deals' "$tmp/deal"; then
        fives=$(sed -n 's/^  player 1 is dealt //p' "$tmp/deal" | tr ' ' '\n' | grep '^5' | tr '\n' ' ')
        if [ "$(echo $fives | wc -w)" -eq 2 ]; then
            seed=$s
            break
        fi
    fi
done
check "a deal with two fives for player 1 as pone (seed $seed)" test "$seed" -gt 0
{ echo "discard $fives"; cat "$tmp/ones"; } >"$tmp/fives"
"$PLAY" --game classic --seed "$seed" --record "$tmp/f.rec" <"$tmp/fives" >"$tmp/f.out" 2>&1
"$ADVISE" --review "$tmp/f.rec" --player 1 --level easy >"$tmp/f.rev"
first=$(grep '^deal 1, player 1, discard ' "$tmp/f.rev" | head -n 1)
check "the pair of fives given away is a blunder: $first" sh -c "echo '$first' | grep -q ': blunder, '"

# the chance of winning on the table, at a terminal
if [ "$have_python" = 1 ]; then
    printf '1\n1\n1\nquit\n' | python3 tests/pty_run.py "$PLAY" --game classic --seed 21 --no-pause >"$tmp/tty.out" 2>&1
    # test_coach__discard_table_fits_24_rows: the table of a classic
    # discard, from its heading to the prompt, fits a 24-line screen (the
    # 15 discards in two columns; one a line it took 27 and hid the scores)
    rows=$(awk '/^  Cribbage, deal 1;/ { n = 0; on = 1 } on { n++ } on && /^player 1> / { print n; exit }' "$tmp/tty.out")
    check "the discard's table fits 24 rows (got ${rows:-none})" test "${rows:-99}" -le 24
    check "the discards in two columns" grep -q '^    1) [2-9TJQKA][CDHS] [2-9TJQKA][CDHS]: .* ([0-9]*)  *9) ' "$tmp/tty.out"
    check "the table's chance of winning" grep -Eq "^  Chance to win at the deal's start: player 1 \(you\) [0-9]+%, player 2 [0-9]+%" "$tmp/tty.out"
    printf '1\nquit\n' | python3 tests/pty_run.py "$PLAY" --game classic --players 3 --seed 21 --no-pause >"$tmp/tty3.out" 2>&1
    check "three players: the approximation, said" grep -q "^  Chance to win at the deal's start (roughly): player 1 (you) " "$tmp/tty3.out"
    # test_coach__chance_never_0_or_100: seed 21 against the easy search bot,
    # always the first move, reaches 90 to 115 with the bot dealing: a
    # chance under 0.5% is said "<1%", not 0%
    yes 1 | head -n 300 | python3 tests/pty_run.py "$PLAY" --game classic --bots ismcts --level easy --seed 21 --no-pause >"$tmp/tty_end.out" 2>&1
    check "a tiny chance is <1%, not 0%" sh -c "grep -q '^  Chance to win at the deal.s start: player 1 (you) <1%, player 2 >99%\$' '$tmp/tty_end.out' &&
        ! grep -q 'start: .* \(0\|100\)%' '$tmp/tty_end.out' && grep -q '^\*\*\* Game over' '$tmp/tty_end.out'"
fi

# a broken record: refused with its line, status 2
sed 's/^play \(.*\)/play ZZ/' "$tmp/c.rec" >"$tmp/bad.rec"
"$ADVISE" --review "$tmp/bad.rec" >"$tmp/bad.out" 2>"$tmp/bad.err"
check "a broken record: status 2" test $? -eq 2
check "a broken record: the line and what is wrong" grep -Eq "line [0-9]+: not a move" "$tmp/bad.err"
"$ADVISE" --review "$tmp/c.rec" --player 3 >/dev/null 2>"$tmp/seat.err"
check "--player past the players: status 2" test $? -eq 2
check "--player past the players: said" grep -q "^bfc-advise: --player 3: the game has 2 players" "$tmp/seat.err"
"$ADVISE" --player 1 5H 5C 5S JD 2C 3D >/dev/null 2>&1
check "--player without --review: refused" test $? -eq 2
"$PLAY" --record "" </dev/null >/dev/null 2>&1
check "--record without a name: refused" test $? -eq 2
"$PLAY" --game classic --seed 1 --record "$tmp/no/such/dir/x.rec" </dev/null >"$tmp/rec.out" 2>"$tmp/rec.err"
st=$?
check "--record to a file that cannot be written: said" grep -q "cannot write the record '$tmp/no/such/dir/x.rec': No such file or directory" "$tmp/rec.err"
# issue 38: it was said only once the game was over, and the record lost
check "--record to a file that cannot be written: said before the game, status 2" \
    sh -c "test $st -eq 2 && test ! -s '$tmp/rec.out'"
# the file is there from the start, and holds the game when it ends
printf '1\nquit\n' | "$PLAY" --game classic --seed 1 --record "$tmp/left.rec" >/dev/null 2>&1
check "--record: the game left is written" sh -c "head -n 1 '$tmp/left.rec' | grep -q '^bfc-record 1\$' && grep -q '^moves [1-9]' '$tmp/left.rec'"

# Save and resume (issue 38: bfc-play had neither). `save FILE` at a
# prompt writes the game so far as a record; --resume FILE replays it and
# goes on: the same rules and seed, the saved moves first, to the end.
printf '1\n1\n1\nsave %s\nquit\n' "$tmp/saved.rec" |
    "$PLAY" --game classic --seed 8 --target 61 --bots easy >"$tmp/save.out" 2>&1
check "save FILE: said, with the moves and how to go on" \
    grep -q "^saved to $tmp/saved.rec ([1-9][0-9]* moves): bfc-play --resume $tmp/saved.rec goes on from here\$" "$tmp/save.out"
saved=$(sed -n 's/^moves //p' "$tmp/saved.rec")
check "save FILE: a record of the seed" sh -c "head -n 2 '$tmp/saved.rec' | tr '\n' '|' | grep -qx 'bfc-record 1|seed 8|'"
"$PLAY" --resume "$tmp/saved.rec" --bots easy --record "$tmp/whole.rec" <"$tmp/ones" >"$tmp/resume.out" 2>&1
st=$?
check "--resume: the game goes on to its end (status $st)" sh -c "test $st -eq 0 && grep -q '^Final scores: ' '$tmp/resume.out'"
check "--resume: says where it went on from" grep -q "^Resumed from $tmp/saved.rec after $saved moves\.\$" "$tmp/resume.out"
check "--resume: the game's title, rules and seed from the file" \
    grep -q '^Cribbage: you are player 1, against 1 easy ismcts bot; first to 61\. Seed 8\.$' "$tmp/resume.out"
# the whole game's record: the saved moves first, then the rest, and it reviews
sed -n '/^moves /,$p' "$tmp/saved.rec" | sed 1d >"$tmp/saved.moves"
sed -n '/^moves /,$p' "$tmp/whole.rec" | sed 1d | head -n "$saved" >"$tmp/whole.head"
check "--resume --record: the saved moves, then the rest" sh -c \
    "cmp -s '$tmp/saved.moves' '$tmp/whole.head' && test \$(sed -n 's/^moves //p' '$tmp/whole.rec') -gt $saved"
"$ADVISE" --review "$tmp/whole.rec" --player 1 --level easy >/dev/null 2>&1
check "the resumed game's record reviews" test $? -eq 0
# a bare save resumes too (the start then has no seed of its own)
sed -n '3,/^moves /p' "$tmp/saved.rec" | sed '$d' >"$tmp/start.save"
"$PLAY" --resume "$tmp/start.save" --seed 3 <"$tmp/ones" >"$tmp/rsave.out" 2>&1
check "--resume a save (bfc_game_save): played to the end" sh -c \
    "grep -q '^Resumed from $tmp/start.save after 0 moves (a game with no seed of its own)\\.\$' '$tmp/rsave.out' && grep -q '^Final scores: ' '$tmp/rsave.out'"
# refused, with why: rule options, a broken file with its line, an ended game
"$PLAY" --resume "$tmp/saved.rec" --game battlefield </dev/null >/dev/null 2>"$tmp/r1.err"
check "--resume with a rule option: refused, status 2" sh -c \
    "test $? -eq 2 && grep -qx 'bfc-play: --resume takes the game.s rules from its file: drop --game' '$tmp/r1.err'"
sed 's/^hand 1 \(..\)/hand 1 ZZ/' "$tmp/start.save" >"$tmp/bad.save"
hl=$(grep -n '^hand 1 ' "$tmp/start.save" | cut -d: -f1)
"$PLAY" --resume "$tmp/bad.save" </dev/null >/dev/null 2>"$tmp/r2.err"
check "--resume a broken save: its line" grep -q "^bfc-play: '$tmp/bad.save' is neither a game record nor a save that loads: line $hl: a hand line is not" "$tmp/r2.err"
"$PLAY" --resume "$tmp/nowhere.rec" </dev/null >/dev/null 2>"$tmp/r3.err"
check "--resume a missing file: said" grep -q "^bfc-play: cannot read '$tmp/nowhere.rec': No such file or directory" "$tmp/r3.err"
"$PLAY" --resume "$tmp/whole.rec" </dev/null >/dev/null 2>"$tmp/r4.err"
check "--resume an ended game: nothing to resume" grep -q "^bfc-play: the game in '$tmp/whole.rec' is over: nothing to resume" "$tmp/r4.err"
"$PLAY" --resume "$tmp/saved.rec" --player 3 </dev/null >/dev/null 2>"$tmp/r5.err"
check "--resume --player past the file's players: said" grep -q "^bfc-play: --player 3: the game in '$tmp/saved.rec' has 2 players" "$tmp/r5.err"
printf 'save\nsave %s\nquit\n' "$tmp/no/dir/x.rec" | "$PLAY" --game classic --seed 2 >"$tmp/r6.out" 2>&1
check "save without a file, and to a path that cannot be written: said, the game goes on" sh -c \
    "grep -q '^save: name the file (save FILE); bfc-play --resume FILE goes on' '$tmp/r6.out' && grep -q \"^save: cannot write '$tmp/no/dir/x.rec': No such file or directory\" '$tmp/r6.out'"

# test_coach__seven_card_discard_hint (issue 38 item 3): seven-card's hint
# at a discard is the exact advice, as classic's: all 21 discards with
# their points, best first (never rising), none of them "0.000", the same
# figures as bfc-advise gives for the hand dealt (player 1 deals); bfc-advise
# takes the 7 cards, and refuses the classic throw model and --scores (no
# win table for 181) with what is wrong.
printf 'hint\nquit\n' | "$PLAY" --game seven-card --seed 4 --level easy >"$tmp/s7.out" 2>&1
check "seven-card hint: no points column of zeros" sh -c "! grep -q 'points  *0.000' '$tmp/s7.out'"
check "seven-card hint: the exact advice, not the search's" sh -c \
    "grep -q \"^hint: each discard's expected points\" '$tmp/s7.out' && ! grep -q 'tries' '$tmp/s7.out'"
check "seven-card hint: 21 discards, best first (points never rise)" sh -c "grep '^  discard .* points ' '$tmp/s7.out' | awk '{ n = \$NF } NR > 1 && n > last + 0 { bad = 1 } { last = n } END { exit bad || NR != 21 }'"
hand7=$(sed -n 's/^  player 1 is dealt //p' "$tmp/s7.out")
"$ADVISE" --game seven-card $hand7 >"$tmp/s7a.out" 2>"$tmp/s7.err"
check "bfc-advise --game seven-card: the 21 discards of the hand, status 0" sh -c \
    "test $? -eq 0 && test \$(grep -c '^  [2-9TJQKA][CDHS] [2-9TJQKA][CDHS]  ' '$tmp/s7a.out') -eq 21"
grep '^  discard .* points ' "$tmp/s7.out" | awk '{ print $2, $3, $5 }' | sort >"$tmp/s7h.txt"
awk '/^  [2-9TJQKA][CDHS] [2-9TJQKA][CDHS]  / { print $1, $2, $NF }' "$tmp/s7a.out" | sort >"$tmp/s7b.txt"
check "seven-card hint and bfc-advise: the same discards and points" cmp -s "$tmp/s7h.txt" "$tmp/s7b.txt"
"$ADVISE" --game seven-card --crib played 2C 6H 9C TC TS KD KH >/dev/null 2>"$tmp/s7p.err"
check "bfc-advise --game seven-card --crib played: refused, the model is classic's" sh -c \
    "test $? -eq 2 && grep -q 'is a model of two-player classic cribbage, not of seven-card' '$tmp/s7p.err'"
"$ADVISE" --game seven-card --scores 100,100 2C 6H 9C TC TS KD KH >/dev/null 2>"$tmp/s7s.err"
check "bfc-advise --game seven-card --scores: refused, no win table" sh -c \
    "test $? -eq 2 && grep -q '^bfc-advise: --scores values a discard in wins' '$tmp/s7s.err'"

# test_coach__ctrl_c_stops_the_review (issue 39): SIGINT during the review
# at the game's end (sent once the final scores are out: an event, not a
# time) stops the review, not the program: "review: stopped (Ctrl-C)", the
# record still written, status 0. Before: the review ran to its end and a
# Ctrl-C killed bfc-play (status 130) with its record unwritten.
if [ "$have_python" -eq 1 ]; then
    python3 - "$PLAY" "$tmp/int.rec" "$tmp/ones" >"$tmp/int.out" 2>&1 <<'PY'
import signal, subprocess, sys
p = subprocess.Popen([sys.argv[1], '--seed', '5', '--players', '4', '--bots', 'ismcts', '--level',
                      'hard', '--review', '--record', sys.argv[2]], stdin=open(sys.argv[3]),
                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                     preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
out = []
for line in p.stdout:
    out.append(line)
    if line.startswith('Final scores'):
        p.send_signal(signal.SIGINT)
out.append(p.stdout.read())
print(''.join(out), end='')
print('status', p.wait())
PY
    check "Ctrl-C in the review: said, the rest not shown" sh -c "grep -q '^review: stopped (Ctrl-C)\$' '$tmp/int.out' && ! grep -q '^  player 1: ' '$tmp/int.out'"
    check "Ctrl-C in the review: bfc-play ends as usual (status 0), the record written" sh -c \
        "grep -q '^status 0\$' '$tmp/int.out' && grep -q '^moves [0-9]' '$tmp/int.rec'"
fi

done_

# The classic games' layout (issue 30 item 5, issue 36), read from the
# objects `make` just built. Its floors, from the top:
#   classic_muggins.o  muggins' declarations and claims (3.9, D12): when a
#                      count is settled it hands back to the sequencer
#   classic.o          the sequencer: it alone says what follows what
#   classic_deal.o, classic_play.o, classic_show.o
#                      the leaves, each one rule (the deal, the discards
#                      and the cut; the play; the show): a leaf returns
#                      what happened
#   classic_moves.o    the legal move lists and the cards under 31
# Both directions are checked: nothing calls up a floor or across the
# leaves, and each floor calls the one under it; from outside, the games
# are entered at the top (the moves of the sequencer and of muggins, the
# lists), never at a leaf's step. The sequencer defines no rule: its own
# text (src/classic.c) pegs, scores, deals and tells nothing itself.
. tests/lib.sh
leaves="classic_deal classic_play classic_show"
family="classic_muggins classic $leaves classic_moves"
# A leaf's readers: functions of a const game (what a count truly is, the
# cards it counts), which check.c, determinize.c and muggins' judge read;
# they change nothing, so reading them skips no step of the sequencer.
readers="bfc__classic_truth bfc__classic_counted"
defined() { nm --defined-only "build/$1.o" | awk '$2 ~ /^[TDBR]$/ {print $3}'; }
wanted() { nm -u "build/$1.o" | awk '{print $2}'; }
# calls A B: the functions of B.o that A.o calls, on one line
calls() { defined "$2" | grep -x -F -e "$(wanted "$1")" | tr '\n' ' '; }
for o in $family; do
    check "build/$o.o is built" test -f "build/$o.o"
done
check "the sequencer defines its entry points" sh -c "nm --defined-only build/classic.o | grep -q ' T bfc__classic_play$'"

# Up (and across): no floor calls one above it, no leaf another leaf.
for leaf in $leaves; do
    check "$leaf.o calls some function of the engine" test -n "$(wanted "$leaf")"
    for other in classic_muggins classic $leaves; do
        [ "$other" = "$leaf" ] && continue
        up=$(calls "$leaf" "$other")
        check "$leaf.o calls nothing of $other.o (found: $up)" test -z "$up"
    done
done
up=$(calls classic classic_muggins)
check "the sequencer calls nothing of muggins (found: $up)" test -z "$up"
for other in classic_muggins classic $leaves; do
    up=$(calls classic_moves "$other")
    check "classic_moves.o calls nothing of $other.o (found: $up)" test -z "$up"
done

# Down: each floor calls the one under it.
check "muggins hands back to the sequencer" test -n "$(calls classic_muggins classic)"
for leaf in $leaves; do
    check "the sequencer calls the leaf $leaf.o" test -n "$(calls classic "$leaf")"
done
# ... and nothing skips the sequencer: only it calls a leaf's steps; other
# objects (muggins among them) read a leaf's readers at most.
for r in $readers; do
    check "$r reads a const game" sh -c "grep -h '^[a-z].* $r(' src/*.h | grep -q '(const bfc_game \*'"
done
objs=$(ls build/*.o | sed 's|^build/||; s|\.o$||')
check "the library's objects are built" test -n "$objs"
for o in $objs; do
    [ "$o" = classic ] && continue
    case " $leaves " in *" $o "*) continue ;; esac
    for leaf in $leaves; do
        skip=$(calls "$o" "$leaf" | tr ' ' '\n' | grep -v -x -F -e "$(printf '%s\n' $readers)" | tr '\n' ' ')
        check "$o.o calls no step of $leaf.o, only the sequencer does (found: $skip)" \
            test -z "$(printf '%s' "$skip" | tr -d ' ')"
    done
done
for o in classic classic_muggins classic_moves; do
    check "game.o enters the classic games through $o.o" test -n "$(calls game "$o")"
done

# The sequencer defines no rule. Its own text calls nothing that pegs
# (bfc__peg_*), scores (bfc_score_*, bfc__tab, the items), tells an event
# (bfc__push*) or draws a card (the generator): the leaves do. The one
# recorded exception: the plain forms (BFC__PLAIN: a plain game in
# silence) of the deal, the discards, the cut, the play and the show are
# made in classic.c from the leaves' bodies in their headers
# (classic_deal.h, classic_play.h, classic_show.h), so that a plain playout
# runs in one translation unit (the plain path across files costs 9 % of a
# classic game; issue 36 item 1 moves them to the leaves, with the speed
# from the build). classic.c names no other body of those headers.
text=$(sed 's|/\*.*\*/||' src/classic.c)
ruled=$(printf '%s\n' "$text" |
    grep -E '\b(bfc__peg_[a-z_]*|bfc_score_[a-z_]*|bfc__score[a-z_]*|bfc__tab|bfc__hand_items[a-z_]*|bfc__push[a-z_]*|bfc__rng[a-z_]*|bfc_rng_next)\(' |
    tr '\n' ' ')
check "src/classic.c pegs, scores, tells and draws nothing itself (found: $ruled)" test -z "$ruled"
plain="deal_as discard_as cut_starter_as start_play_as lay_as lay_stops_two show_as"
bodies=$(sed -n 's/^BFC__[A-Z_]* [a-z].* \([a-z_0-9]*\)(.*/\1/p; s/^static inline [a-z].* \([a-z_0-9]*\)(.*/\1/p' \
    src/classic_deal.h src/classic_play.h src/classic_show.h)
check "the leaves' headers hold their bodies" test "$(printf '%s\n' "$bodies" | wc -l)" -gt 10
named=$(printf '%s\n' "$text" | grep -o -E '\b[a-z_0-9]+\(' | tr -d '(' | sort -u | grep -x -F -e "$bodies")
for b in $plain; do
    check "classic.c makes the plain form of $b" sh -c "printf '%s\n' '$named' | grep -qx $b"
done
other=$(printf '%s\n' "$named" | grep -v -x -F -e "$(printf '%s\n' $plain)" | tr '\n' ' ')
check "classic.c uses no rule body of a leaf's header but the plain forms (found: $other)" \
    test -z "$(printf '%s' "$other" | tr -d ' ')"
done_

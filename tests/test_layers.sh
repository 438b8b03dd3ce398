# The classic games' layout (issue 30 item 5): the leaves that each know one
# rule -- the deal, the discards and the cut (classic_deal.o), the play
# (classic_play.o), the show (classic_show.o) -- call neither the sequencer
# (classic.o), which alone says what follows what, nor each other: a leaf
# returns what happened. Read from the objects `make` just built.
. tests/lib.sh
leaves="classic_deal classic_play classic_show"
defined() { nm --defined-only "build/$1.o" | awk '$2 ~ /^[TDBR]$/ {print $3}'; }
for o in classic $leaves; do
    check "build/$o.o is built" test -f "build/$o.o"
done
check "the sequencer defines its entry points" sh -c "nm --defined-only build/classic.o | grep -q ' T bfc__classic_play$'"
for leaf in $leaves; do
    wanted=$(nm -u "build/$leaf.o" | awk '{print $2}')
    check "$leaf.o calls some function of the engine" test -n "$wanted"
    for other in classic $leaves; do
        [ "$other" = "$leaf" ] && continue
        up=$(defined "$other" | grep -x -F -e "$wanted" | tr '\n' ' ')
        check "$leaf.o calls nothing of $other.o (found: $up)" test -z "$up"
    done
done
done_

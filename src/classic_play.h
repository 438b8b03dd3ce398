/* The bodies of the classic games' play (RULES 3.1, 3.5, 3.6, 3.8): the
 * cards laid to 31, their pegging, the go and the last card, the count
 * reset and the play's end, each with its mode constant: told forms in
 * classic_play.c (with the told mode's own steps), the plain forms in
 * classic.c, whose hot path (a plain two-player playout) stays in one
 * translation unit. Each body returns 1 when the play is over (the table
 * cleared for the show); none calls the sequencer. Not installed. */

#ifndef BFC_CLASSIC_PLAY_H
#define BFC_CLASSIC_PLAY_H

#include <string.h>

#include "classic_body.h"

#define NONE BFC__NONE8
#define ALL_LAID BFC__ALL_LAID /* after a card: every card is laid (go_on) */
#define variant bfc__cl_variant
#define bit bfc__cl_bit
#define live bfc__cl_live
#define card_points bfc__cl_card_points

/* Steps of the told mode alone (classic_play.c). */
BFC__HIDDEN_BEGIN
int bfc__cl_peg_card(bfc_game *g, unsigned seat, int p, bfc__sink *k);
int bfc__cl_lay_stops(bfc_game *g, unsigned s, bfc__sink *k);
void bfc__cl_lay_declared(bfc_game *g, unsigned s, bfc__sink *k);
int bfc__cl_solitaire_after(bfc_game *g, bfc__sink *k);
BFC__HIDDEN_END

/* The play is over (RULES 3.1): the table is cleared for the show. One
 * body for both modes; returns 1 (the play is over). */
BFC__INLINE int end_play_as(bfc_game *g, bfc__sink *k, const int mode)
{
    /* seat: the last to lay (the dealer when no one laid: Crib Wars' folds) */
    if (mode == BFC__TOLD)
        bfc__push(k, g, BFC_EV_END_PLAY, g->last == NONE ? g->dealer : g->last);
    g->count = g->nseq = 0;
    memset(g->seq, 0, sizeof g->seq);
    return 1;
}

/* The play begins (RULES 3.1): the count at 0, the dealer's left leads
 * (Crib Wars: the first seat from there that has not folded; every side
 * folded ends the play). One body for the told way and a plain game in
 * silence (BFC__PLAIN: no board, so no seat folded). Returns 1 when that
 * ended the play. */
BFC__INLINE int start_play_as(bfc_game *g, bfc__sink *k, const int mode)
{
    g->phase = BFC_PHASE_PLAY;
    g->count = 0;
    g->nseq = 0;
    g->said_go = 0;
    unsigned t = mode != BFC__PLAIN && g->players == 1 ? 0u : bfc__left(g, g->dealer);
    if (mode != BFC__PLAIN) {
        for (unsigned i = 1; i < g->players && !live(g, t); i++)
            t = bfc__left(g, t); /* past the folded seats */
    }
    g->to_move = (uint8_t)t;
    if (mode != BFC__PLAIN && !live(g, t)) /* Crib Wars: every side folded */
        return end_play_as(g, k, BFC__TOLD);
    return 0;
}

static inline void reset_count(bfc_game *g, bfc__sink *k)
{
    g->count = 0;
    g->nseq = 0;
    memset(g->seq, 0, sizeof g->seq);
    g->said_go = 0;
    bfc__push(k, g, BFC_EV_RESET, g->last == NONE ? g->to_move : g->last);
}

/* Seat t says go: it holds no card that fits the room left, which every
 * player sees (bfc_game.go_room). */
static inline void said_go_at(bfc_game *g, unsigned t)
{
    const uint8_t room = (uint8_t)(31u - g->count);
    if (g->go_room[t] < room)
        g->go_room[t] = room;
}

/* lay_stops() of a plain two-player game in silence (bfc_game.plain), when
 * the other seat cannot lay now: it says go if it holds cards (RULES
 * 3.1), and s lays again if it can; else s pegs the go or the last card
 * (none at 31), and the count resets with the other seat leading, or the
 * play is over (1). The same state as lay_stops() (tests/test_pin.c). Kept
 * as the one classic twin: lay_stops() in the plain mode walks the seats
 * and costs 600 instructions more per classic playout (issue 30). The
 * caller calls it when lay_as() returns LAY_STOPS. */
#define LAY_STOPS 2

BFC__INLINE int lay_stops_two(bfc_game *g, unsigned s)
{
    const unsigned o = 1u - s, count = g->count;
    const uint64_t hs = g->hand[s], ho = g->hand[o];
    if (count < 31 && (hs | ho)) {
        if (ho) {
            g->said_go = (uint8_t)(g->said_go | 1u << o);
            said_go_at(g, o);
        }
        if (hs & bfc__fits31[31u - count]) {
            g->to_move = (uint8_t)s;
            return 0;
        }
    }
    if (count != 31 && bfc__peg(g, s, BFC_SRC_GO, NULL, 0, 1, NULL, BFC__PLAIN))
        return 0; /* the go or the last card */
    if (!(hs | ho))
        return end_play_as(g, NULL, BFC__PLAIN);
    reset_count(g, NULL);
    g->to_move = (uint8_t)(ho ? o : s);
    return 0;
}

/* Seat s lays card c, to the new count (RULES 3.1): the card goes down,
 * its points are pegged (RULES 2.2; Noddy 3.6), and the next seat lays if
 * it can, else the go or the last card (lay_stops). Under muggins (D12)
 * the layer declares it all as one count first; in solitaire the crib's
 * next card follows (3.8, D11). One body for the told way (BFC__TOLD) and
 * a plain game in silence (BFC__PLAIN, nearly every move of a classic
 * playout: no event, item, tally, board, fold or muggins to think of).
 * Returns 1 when the play is over; in the plain mode, LAY_STOPS when the
 * next seat cannot lay at once: lay_stops_two() (two players) or
 * lay_stops() is the caller's next step, so that the plain body calls
 * nothing it must come back from. */
BFC__INLINE int lay_as(bfc_game *g, unsigned s, unsigned c, unsigned count, bfc__sink *k,
                       const int mode)
{
    const uint64_t b = bit((bfc_card)c);
    const unsigned n = g->nseq + 1u;
    if (mode != BFC__PLAIN && g->players == 1 && g->skirmish == 1 &&
        g->first_laid == BFC_CARD_NONE)
        g->first_laid = (bfc_card)c;
    g->hand[s] ^= b;
    g->played[s] |= b;
    g->seq[n - 1] = (bfc_card)c;
    g->nseq = (uint8_t)n;
    g->count = (uint8_t)count;
    g->last = (uint8_t)s;
    if (mode == BFC__TOLD) {
        bfc_event *e = bfc__push(k, g, BFC_EV_PLAY, s);
        if (e) {
            e->card = (bfc_card)c;
            e->points = (uint8_t)count;
            e->slot = 0; /* from the hand (solitaire's crib cards: put_down) */
        }
        if (g->players == 1)
            return bfc__cl_peg_card(g, s, card_points(g), k) ? 0 : bfc__cl_solitaire_after(g, k);
        if (g->rules.flags & BFC_RULE_MUGGINS) {
            bfc__cl_lay_declared(g, s, k);
            return 0;
        }
    }
    const int p = (int)bfc__peg_points(g->seq, n, count,
                                       mode != BFC__PLAIN && variant(g) == BFC_VARIANT_NODDY, NULL);
    if (mode == BFC__PLAIN ? bfc__peg(g, s, BFC_SRC_PLAY, NULL, 0, (unsigned)p, NULL, BFC__PLAIN)
                           : bfc__cl_peg_card(g, s, p, k))
        return 0;
    /* who can lay is known once the card's points are pegged (a Crib Wars
       box may have folded the layer) */
    const unsigned t = bfc__left(g, s);
    if ((mode == BFC__PLAIN || !g->folded) && (g->hand[t] & bfc__fits31[31u - count])) {
        g->to_move = (uint8_t)t; /* the common case: that seat lays next */
        return 0;
    }
    if (mode == BFC__PLAIN)
        return LAY_STOPS;
    return bfc__cl_lay_stops(g, s, k);
}

#endif

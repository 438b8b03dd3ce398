/* The bodies of the classic games' deal (RULES 3.1-3.5, 3.8), the
 * discards to the crib (D3) and the cut of the starter with the dealer's
 * heels, each with its mode constant: told forms in classic_deal.c, the
 * plain forms in classic.c, whose hot path (a plain two-player playout)
 * stays in one translation unit. Each body returns what happened; none
 * calls the sequencer. Not installed. */

#ifndef BFC_CLASSIC_DEAL_H
#define BFC_CLASSIC_DEAL_H

#include <string.h>

#include "classic_body.h"

#define NONE BFC__NONE8
#define variant bfc__cl_variant
#define bit bfc__cl_bit

/* Steps of the told mode alone (classic_deal.c). */
BFC__HIDDEN_BEGIN
void bfc__cl_deal_solitaire(bfc_game *g);
BFC__HIDDEN_END

/* The starter is the next card of the deck; its place is left 0. */
static inline bfc_card turn_starter(bfc_game *g)
{
    const bfc_card c = g->deck[g->deck_pos];
    g->starter = c;
    g->deck[g->deck_pos++] = 0;
    return c;
}

/* The starter is a jack: the dealer's 2 for his heels, unless late (the
 * BFC_RULE_NO_LATE_HEELS option). Returns 1 if that ended the game. */
static inline int heels(bfc_game *g, bfc__sink *k)
{
    const unsigned side = bfc__side(g, g->dealer);
    const int late = g->score[side] >= bfc__target(g, side) - 3;
    if ((g->rules.flags & BFC_RULE_NO_LATE_HEELS) && late)
        return 0;
    return bfc__peg_one(g, g->dealer, BFC_SRC_HEELS, BFC_ITEM_HEELS, &g->starter, 1, 2, k, BFC__TOLD);
}

/* The starter (3.1): cut by the dealer's left (the non-dealer with two),
 * turned by the dealer in Noddy; a jack gives the dealer 2 for his heels.
 * Returns 1 if that ended the game. One body for both modes. */
BFC__INLINE int cut_starter_as(bfc_game *g, bfc__sink *k, const int mode)
{
    const bfc_card c = turn_starter(g);
    if (mode == BFC__TOLD) {
        const unsigned cutter = g->players == 1 || variant(g) == BFC_VARIANT_NODDY
                                    ? g->dealer
                                    : bfc__left(g, g->dealer);
        bfc__push_card(k, g, BFC_EV_STARTER, cutter, c, NONE);
    }
    return bfc__rank(c) == 11 ? heels(g, k) : 0;
}

/* Step i of a Fisher-Yates shuffle from the top of deck d: the card drawn
 * for place i (its old place j takes the card at i). */
static inline bfc_card draw_at(bfc_card *d, uint64_t rng[4], unsigned i)
{
    const unsigned j = i + bfc__rng_below(rng, 52 - i);
    const bfc_card c = d[j];
    d[j] = d[i];
    return c;
}

/* The hands, `dealt` cards one at a time from the dealer's left, then
 * three players' crib card (crib_card), then a random starter below them:
 * each card dealt as the shuffle draws it (Fisher-Yates from the top, only
 * what is dealt). The places of the dealt cards in the deck are left 0;
 * the starter waits at deck[deck_pos]. The hands are gathered in locals by
 * their seat's place from the dealer's left (two players' in two
 * locals), and the generator kept in locals, as stores to card bytes
 * could otherwise alias them. */
static inline void deal_hands(bfc_game *g, unsigned dealt, unsigned crib_card)
{
    const unsigned n = g->players;
    bfc_card *d = g->deck;
    memcpy(d, bfc__identity, 52);
    uint64_t rng[4] = {g->rng[0], g->rng[1], g->rng[2], g->rng[3]};
    uint64_t hands[BFC__MAXP] = {0};
    if (n == 2) {
        uint64_t h0 = 0, h1 = 0;
        for (unsigned i = 0; i < dealt; i += 2) {
            h0 |= bit(draw_at(d, rng, i));
            h1 |= bit(draw_at(d, rng, i + 1));
        }
        hands[0] = h0;
        hands[1] = h1;
    } else {
        for (unsigned i = 0, q = 0; i < dealt; i++) {
            hands[q] |= bit(draw_at(d, rng, i));
            q = q + 1u == n ? 0u : q + 1u;
        }
    }
    const unsigned total = dealt + crib_card;
    if (crib_card)
        g->ccrib[g->nccrib++] = draw_at(d, rng, dealt);
    d[total] = draw_at(d, rng, total);
    memset(d, 0, total);
    for (unsigned i = 0; i < 4; i++)
        g->rng[i] = rng[i];
    g->deck_pos = (uint8_t)total;
    for (unsigned q = 0, s = g->dealer; q < n; q++) {
        s = bfc__left(g, s);
        g->hand[s] = hands[q];
    }
}

/* deal_hands() for the usual game, six cards to each of two players
 * (RULES 3.1), its places known: the same draws, with no list of hands. */
BFC__NOINLINE_BODY void deal_two(bfc_game *g)
{
    bfc_card *d = g->deck;
    memcpy(d, bfc__identity, 52);
    uint64_t rng[4] = {g->rng[0], g->rng[1], g->rng[2], g->rng[3]};
    uint64_t h0 = 0, h1 = 0;
#define TWO(i)                                                                                     \
    do {                                                                                           \
        h0 |= bit(draw_at(d, rng, i));                                                             \
        h1 |= bit(draw_at(d, rng, (i) + 1));                                                       \
    } while (0)
    TWO(0);
    TWO(2);
    TWO(4);
    TWO(6);
    TWO(8);
    TWO(10);
#undef TWO
    d[12] = draw_at(d, rng, 12);
    memset(d, 0, 12);
    for (unsigned i = 0; i < 4; i++)
        g->rng[i] = rng[i];
    g->deck_pos = 12;
    const unsigned first = bfc__left(g, g->dealer); /* the dealer's left: h0 */
    g->hand[first] = h0;
    g->hand[1u - first] = h1;
}

/* The table of a new deal: no cards anywhere, nothing counted, and the
 * skirmish (the deal) counted. */
static inline void clear_deal(bfc_game *g)
{
    memset(g->hand, 0, sizeof g->hand);
    memset(g->played, 0, sizeof g->played);
    memset(g->thrown, 0, sizeof g->thrown);
    memset(g->ccrib, NONE, sizeof g->ccrib);
    memset(g->seq, 0, sizeof g->seq);
    g->shown = 0;
    g->nccrib = g->nseq = g->count = 0;
    g->starter = BFC_CARD_NONE;
    g->last = NONE;
    g->discarded = g->said_go = g->step = 0;
    memset(g->go_room, 0, sizeof g->go_room);
    g->declarer = g->declared = g->truth = g->counting = NONE;
    g->resume = NONE;
    g->play_owed = 0;
    g->sol_laid = 0;
    if (g->skirmish < UINT32_MAX)
        g->skirmish++;
}

/* A new deal: the table cleared, the hands dealt, and the discards begin
 * at the dealer's left (RULES 3.1-3.5, 3.8). One body for the told way
 * (BFC__TOLD) and a plain game in silence (BFC__PLAIN: two players dealt
 * six cards each, three or more five, RULES 3.1-3.4). */
BFC__INLINE void deal_as(bfc_game *g, bfc__sink *k, const int mode)
{
    const unsigned n = g->players;
    const int solitaire = mode != BFC__PLAIN && n == 1;
    clear_deal(g);
    g->phase = BFC_PHASE_DISCARD;
    g->to_move = (uint8_t)(solitaire ? 0u : bfc__left(g, g->dealer));
    const unsigned per = mode == BFC__PLAIN ? 6u - (n > 2) : bfc__rules_dealt(&g->rules);
    if (solitaire)
        bfc__cl_deal_solitaire(g);
    else if (n == 2 && per == 6)
        deal_two(g);
    else
        deal_hands(g, per * n, n == 3 && (mode == BFC__PLAIN || variant(g) == BFC_VARIANT_CLASSIC));
    if (mode == BFC__TOLD)
        bfc__push_card(k, g, BFC_EV_DEAL, g->dealer, BFC_CARD_NONE, per);
}

/* ---- The discards -------------------------------------------------------- */

/* Seat s throws card a, and b when it throws two (ncards), to the crib,
 * or out of the deal (D3: with six players the dealer and partner, who
 * throw one card each); then the next seat throws. One body for the told
 * way (BFC__TOLD) and a plain game in silence (BFC__PLAIN). Returns 1 when
 * every seat has thrown. */
BFC__INLINE int discard_as(bfc_game *g, unsigned s, bfc_card a, bfc_card b, unsigned ncards,
                           bfc__sink *k, const int mode)
{
    const int out = ncards == 1 && g->players == 6 && (s == g->dealer || s == (g->dealer + 3u) % 6u);
    const uint64_t m = ncards == 1 ? bit(a) : bit(a) | bit(b);
    g->hand[s] &= ~m;
    g->thrown[s] |= m;
    if (!out) {
        const unsigned n = g->nccrib;
        g->ccrib[n] = a;
        if (ncards == 2)
            g->ccrib[n + 1] = b;
        g->nccrib = (uint8_t)(n + ncards);
    }
    if (mode == BFC__TOLD) {
        bfc__push_card(k, g, BFC_EV_DISCARD, s, a, out ? 1u : 0u);
        if (ncards == 2)
            bfc__push_card(k, g, BFC_EV_DISCARD, s, b, out ? 1u : 0u);
    }
    const unsigned done = g->discarded | 1u << s;
    g->discarded = (uint8_t)done;
    if (done != (1u << g->players) - 1u) {
        g->to_move = (uint8_t)bfc__left(g, s);
        return 0;
    }
    return 1;
}

#endif

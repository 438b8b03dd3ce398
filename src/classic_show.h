/* The bodies of the classic games' show (RULES 3.1; Noddy's count before
 * the play, 3.6): the hands from the dealer's left, then the crib, each
 * counted with the starter and pegged, or declared under muggins (D12),
 * each with its mode constant: told forms in classic_show.c, the plain
 * forms in classic.c, whose hot path (a plain two-player playout) stays in
 * one translation unit. The show returns 1 when a count stopped it; none
 * calls the sequencer. Not installed. */

#ifndef BFC_CLASSIC_SHOW_H
#define BFC_CLASSIC_SHOW_H

#include <string.h>

#include "classic_body.h"

#define CRIB_SHOWN 0x80u /* bfc_game.shown: the crib was counted */
#define variant bfc__cl_variant

/* Lists the cards of a set in ascending order; returns how many. */
static inline unsigned list(uint64_t m, bfc_card *out)
{
    unsigned n = 0;
    for (; m; m &= m - 1)
        out[n++] = (bfc_card)bfc__lowest(m);
    return n;
}

/* The cards being counted: seat's hand or the crib; returns how many. */
static inline unsigned counted(const bfc_game *g, unsigned seat, unsigned crib,
                               bfc_card *out)
{
    if (crib) {
        memcpy(out, g->ccrib, g->nccrib);
        return g->nccrib;
    }
    return list(g->played[seat] | g->hand[seat], out);
}

static inline unsigned show_flags(const bfc_game *g, unsigned crib)
{
    return (crib ? BFC_CRIB : 0u) | (variant(g) == BFC_VARIANT_NODDY ? BFC_NODDY : 0u);
}


/* The count of m shown cards with the starter: four of them (every
 * variant's crib, and the hands of the classic and solitaire games) by the
 * table scorer, the others (Noddy's three, five-card's three, seven-card's
 * five) by the general one. */
static inline int show_count(const bfc_game *g, const bfc_card *cards, unsigned m,
                             unsigned crib)
{
    if (m == 4 && variant(g) != BFC_VARIANT_NODDY)
        return bfc_score_show(cards, g->starter, crib ? BFC_CRIB : 0u);
    return m <= 5 ? bfc_score_hand(cards, m, g->starter, show_flags(g, crib), NULL) : BFC_ESTATE;
}

static inline unsigned source_of(unsigned crib) { return crib ? BFC_SRC_CRIB : BFC_SRC_HAND; }

/* The key sum of a hand of four cards (bit c for card c), written out. */
static inline uint64_t key_of_four(uint64_t m)
{
    uint64_t sum = bfc__tab.card_key[bfc__lowest(m)];
    m &= m - 1;
    sum += bfc__tab.card_key[bfc__lowest(m)];
    m &= m - 1;
    sum += bfc__tab.card_key[bfc__lowest(m)];
    m &= m - 1;
    return sum + bfc__tab.card_key[bfc__lowest(m)];
}

/* The key sum of the crib of a plain game (four cards, RULES 3.1). */
static inline uint64_t key_of_crib(const bfc_game *g)
{
    return bfc__tab.card_key[g->ccrib[0]] + bfc__tab.card_key[g->ccrib[1]] +
           bfc__tab.card_key[g->ccrib[2]] + bfc__tab.card_key[g->ccrib[3]];
}

/* One count of the show (RULES 3.1): seat's hand, or its crib, counted
 * with the starter and pegged; 1 when the show stops there: the game is
 * won, or a muggins declaration is awaited (D12). A folded hand or crib
 * (Crib Wars, 3.9) is passed; Noddy's hands are declared without being
 * shown (3.6). A plain game in silence (BFC__PLAIN: four cards each, the
 * state check holds a loaded game to it; no muggins, no board) counts
 * them from their key sum by the table scorer without its checks. */
BFC__INLINE int show_one_as(bfc_game *g, unsigned seat, const unsigned crib, bfc__sink *k,
                            const int mode)
{
    if (mode == BFC__PLAIN) {
        g->shown |= crib ? CRIB_SHOWN : 1u << seat;
        const uint64_t key = crib ? key_of_crib(g) : key_of_four(g->played[seat] | g->hand[seat]);
        const unsigned t = (unsigned)bfc__show_key(key, g->starter, crib ? BFC_CRIB : 0u);
        return bfc__peg(g, seat, source_of(crib), NULL, 0, t, NULL, BFC__PLAIN);
    }
    if ((unsigned)g->folded >> seat & 1u)
        return 0;
    bfc_card cards[8];
    const unsigned m = counted(g, seat, crib, cards);
    const unsigned flags = show_flags(g, crib);
    const int truth = show_count(g, cards, m, crib);
    const unsigned t = truth < 0 ? 0u : (unsigned)truth;
    if (variant(g) != BFC_VARIANT_NODDY)
        g->shown |= crib ? CRIB_SHOWN : 1u << seat;
    cards[m] = g->starter;
    bfc_event *e = bfc__push(k, g, BFC_EV_SHOW, seat);
    if (e) {
        e->points = (uint8_t)t;
        e->slot = (uint8_t)crib;
        e->item.ncards = (uint8_t)(m + 1);
        memcpy(e->item.cards, cards, m + 1);
    }
    if (g->rules.flags & BFC_RULE_MUGGINS) {
        g->phase = BFC_PHASE_DECLARE;
        g->to_move = (uint8_t)seat;
        g->declarer = (uint8_t)seat;
        g->truth = (uint8_t)t;
        g->counting = (uint8_t)crib;
        return 1;
    }
    bfc_item items[BFC_MAX_ITEMS];
    const int ni = bfc__hand_items(cards, m, g->starter, flags, items, k);
    return bfc__peg(g, seat, source_of(crib), items, (size_t)ni, t, k, BFC__TOLD);
}

/* The show (RULES 3.1) from step g->step on: the hands from the dealer's
 * left, then the dealer's crib, until show_one_as() stops it (1) or the
 * show is over (0); Noddy counts the hands alone, before the play (3.6).
 * One body for both modes (BFC__TOLD, BFC__PLAIN). */
BFC__INLINE int show_as(bfc_game *g, bfc__sink *k, const int mode)
{
    const unsigned n = g->players;
    const int noddy = mode != BFC__PLAIN && variant(g) == BFC_VARIANT_NODDY;
    unsigned step = g->step, seat = g->dealer;
    for (unsigned i = 0; i <= step && i < n; i++)
        seat = bfc__left(g, seat);
    for (; step < n; g->step = (uint8_t)++step, seat = bfc__left(g, seat))
        if (show_one_as(g, seat, 0, k, mode))
            return 1;
    if (noddy)
        return 0;
    if (step == n) {
        if (show_one_as(g, g->dealer, 1, k, mode))
            return 1;
        g->step = (uint8_t)++step;
    }
    return 0;
}

#endif

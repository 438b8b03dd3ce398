/* Muggins in the classic games (RULES 3.9, D12, D18): the count a player
 * declares for a hand, a crib or a card laid, the opponents' claims, and
 * the points pegged once the count is settled; then the show or the play
 * goes on (classic.c). A muggins game never takes the plain path. */
#include <string.h>

#include "variants.h"

#define NONE BFC__NONE8

/* The cards a muggins item shows: the hand or crib and the starter; none
 * for a Noddy hand, which is declared unseen; in the play, the cards laid
 * since the count was reset. */
static unsigned judged_cards(const bfc_game *g, unsigned seat, bfc_card *cards)
{
    if (g->counting == BFC__PLAY_COUNTED) {
        memcpy(cards, g->seq, g->nseq);
        return g->nseq;
    }
    if (g->rules.variant == BFC_VARIANT_NODDY)
        return 0;
    const unsigned m = bfc__classic_counted(g, seat, g->counting, cards);
    cards[m] = g->starter;
    return m + 1;
}

static unsigned counted_source(const bfc_game *g)
{
    return g->counting == BFC__PLAY_COUNTED ? BFC_SRC_PLAY : (g->counting ? BFC_SRC_CRIB : BFC_SRC_HAND);
}

static int peg_declared(bfc_game *g, unsigned seat, unsigned points, bfc__sink *k)
{
    bfc_card cards[BFC_ITEM_MAX_CARDS];
    const unsigned m = judged_cards(g, seat, cards);
    return bfc__peg_one(g, seat, counted_source(g), BFC_ITEM_DECLARED, cards, m, points, k, BFC__TOLD);
}

/* The count is settled: the show goes on, or the play after a card. */
static void counted_out(bfc_game *g, bfc__sink *k)
{
    const unsigned play = g->counting == BFC__PLAY_COUNTED, declarer = g->declarer;
    const unsigned next = g->resume;
    g->declarer = g->declared = g->truth = g->counting = NONE;
    g->resume = NONE;
    g->play_owed = 0;
    if (play) {
        g->phase = BFC_PHASE_PLAY;
        bfc__classic_go_on(g, declarer, next, k);
        return;
    }
    g->step++;
    bfc__classic_show_next(g, k);
}

/* Muggins (3.9, D12): the declarer announces a count; then each opponent
 * in turn from its left claims or passes, whatever the count (so being
 * asked tells nothing), until one claims or all have passed. On a claim
 * the library compares: an under-count gives the claimer what was missed,
 * an over-count gives the claimer the excess and the declarer only the
 * true count; a right count gives the claimer nothing. Unclaimed, the
 * declared count stands. The declarer's points are pegged after the
 * decision, then the claimer's. */
static void declare(bfc_game *g, unsigned n, bfc__sink *k)
{
    bfc_event *e = bfc__push(k, g, BFC_EV_DECLARE, g->declarer);
    if (e)
        e->points = (uint8_t)n;
    g->declared = (uint8_t)n;
    g->phase = BFC_PHASE_CLAIM;
    g->to_move = (uint8_t)bfc__claimer(g, g->declarer, g->declarer);
}

static void claim(bfc_game *g, int take, bfc__sink *k)
{
    const unsigned s = g->declarer, c = g->to_move, n = g->declared, t = g->truth;
    const unsigned diff = take ? (n > t ? n - t : t - n) : 0u;
    bfc_event *e = bfc__push(k, g, BFC_EV_CLAIM, c);
    if (e)
        e->points = (uint8_t)diff;
    const unsigned next = take ? s : bfc__claimer(g, s, c);
    if (next != s) { /* passed: the next opponent is asked */
        g->to_move = (uint8_t)next;
        return;
    }
    if (peg_declared(g, s, take && n > t ? t : n, k))
        return;
    if (diff) {
        bfc_card cards[BFC_ITEM_MAX_CARDS];
        const unsigned m = judged_cards(g, s, cards);
        if (bfc__peg_one(g, c, BFC_SRC_MUGGINS, BFC_ITEM_MUGGINS, cards, m, diff, k, BFC__TOLD))
            return;
    }
    counted_out(g, k);
}

/* ---- The moves ---------------------------------------------------------- */

int bfc__classic_declare(bfc_game *g, bfc_move m, bfc__sink *k)
{
    const int n = bfc__declared_points(m); /* either range (D18) */
    if (n < 0 || (unsigned)n > bfc__declare_max(&g->rules, g->counting))
        return BFC_EILLEGAL;
    g->moves++;
    declare(g, (unsigned)n, k);
    return BFC_OK;
}

int bfc__classic_claim(bfc_game *g, bfc_move m, bfc__sink *k)
{
    if (m != BFC_MOVE_CLAIM && m != BFC_MOVE_PASS)
        return BFC_EILLEGAL;
    g->moves++;
    claim(g, m == BFC_MOVE_CLAIM, k);
    return BFC_OK;
}

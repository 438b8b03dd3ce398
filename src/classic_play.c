/* The classic games' play (RULES 3.1, 3.5, 3.6, 3.8): the cards laid to
 * 31, their pegging, the go and the last card, the count reset, and the
 * play's end: a leaf of classic.c, which says what follows (the show).
 * Each entry returns 1 when the play is over. */
#include "classic_play.h"

/* any_live() when some seat folded (Crib Wars). */
static int any_live_folded(const bfc_game *g)
{
    uint64_t any = 0;
    for (unsigned t = 0; t < g->players; t++)
        any |= live(g, t);
    return any != 0;
}

static int end_play(bfc_game *g, bfc__sink *k)
{
    return end_play_as(g, k, BFC__TOLD);
}

/* Lays card c for seat: the card goes down (solitaire: only hand cards
 * leave the hand). */
static void put_down(bfc_game *g, unsigned seat, bfc_card c, int from_crib, bfc__sink *k)
{
    g->seq[g->nseq++] = c;
    g->count = (uint8_t)(g->count + bfc__value(c));
    g->last = (uint8_t)seat;
    bfc_event *e = bfc__push(k, g, BFC_EV_PLAY, seat);
    if (e) {
        e->card = c;
        e->points = g->count;
        e->slot = (uint8_t)from_crib;
    }
    if (from_crib)
        return;
    g->played[seat] |= bit(c);
    g->hand[seat] &= ~bit(c);
}

/* Pegs the points p of the card just laid; returns 1 if that won. */
int bfc__cl_peg_card(bfc_game *g, unsigned seat, int p, bfc__sink *k)
{
    if (p <= 0)
        return 0;
    const unsigned flags = variant(g) == BFC_VARIANT_NODDY ? BFC_NODDY : 0u;
    bfc_item items[BFC_MAX_ITEMS];
    int ni = 0;
    if (bfc__items_on(k)) {
        ni = bfc_score_peg_items(g->seq, g->nseq, flags, items, BFC_MAX_ITEMS);
        ni = ni < 0 ? 0 : ni > BFC_MAX_ITEMS ? BFC_MAX_ITEMS : ni;
    }
    return bfc__peg(g, seat, BFC_SRC_PLAY, items, (size_t)ni, (unsigned)p, k, BFC__TOLD);
}

/* Whether anyone still holds a card to lay. */
static inline int any_live(const bfc_game *g)
{
    uint64_t any = 0;
    for (unsigned t = 0; t < g->players; t++)
        any |= g->hand[t];
    return g->folded ? any_live_folded(g) : any != 0;
}

/* Five-card and Noddy end the play when no one can lay (3.5, 3.6); the
 * others reset the count. */
static int play_ends(const bfc_game *g)
{
    return variant(g) == BFC_VARIANT_FIVE_CARD || variant(g) == BFC_VARIANT_NODDY;
}

/* After seat s laid a card: the seat that lays next, saying go for those
 * who cannot (BFC_EV_GO; never after a count of 31), or NONE when no one
 * can lay a card. */
static inline unsigned next_layer(bfc_game *g, unsigned s, bfc__sink *k)
{
    if (g->count >= 31)
        return NONE;
    const uint64_t room = bfc__fits(31u - g->count);
    unsigned t = s;
    for (unsigned i = 0; i < g->players; i++) {
        t = bfc__left(g, t);
        const uint64_t h = live(g, t);
        if (!h)
            continue;
        if (h & room)
            return t;
        if (t != s && !((unsigned)g->said_go >> t & 1u)) {
            g->said_go |= (uint8_t)(1u << t);
            said_go_at(g, t);
            bfc__push(k, g, BFC_EV_GO, t);
        }
    }
    return NONE;
}

/* The seat that lays next after s: next_layer(), or ALL_LAID when no one
 * holds a card. */
static unsigned next_any(bfc_game *g, unsigned s, bfc__sink *k)
{
    return any_live(g) ? next_layer(g, s, k) : ALL_LAID;
}

/* The play goes on after the points of s's card: next, a seat (below
 * BFC__MAXP), lays; or no one can (NONE) and the count resets, the player
 * after the last to lay leading; or the play is over: every card was laid
 * when s laid its card (ALL_LAID), or, in five-card and Noddy, no one can
 * lay. (A seat folded by the points just pegged, Crib Wars, may leave no
 * one to lead after the reset: the play is over then too.) Returns 1 when
 * the play is over. */
static int go_on(bfc_game *g, unsigned s, unsigned next, bfc__sink *k)
{
    if (next < BFC__MAXP) {
        /* Crib Wars under muggins: the points just settled may have put
           the next layer's side in a box. Then who lays is found again as
           after any card, and a go or last card that leaves owed is
           pegged at once, undeclared, to s (D20; lost if s folded). */
        if (!live(g, next))
            return bfc__cl_lay_stops(g, s, k);
        g->to_move = (uint8_t)next;
        return 0;
    }
    if (next == ALL_LAID || play_ends(g))
        return end_play(g, k);
    reset_count(g, k);
    unsigned t = s;
    for (unsigned i = 0; i < g->players; i++) {
        t = bfc__left(g, t);
        if (live(g, t)) {
            g->to_move = (uint8_t)t;
            return 0;
        }
    }
    return end_play(g, k); /* Crib Wars: the go put the last seat with cards in a box */
}

/* After s laid a card and pegged its points (under muggins: settled
 * them), when no seat lays next at once: the next to lay found by going
 * round (saying go for those who cannot), or the go or last card pegged
 * and the play goes on (RULES 3.1, 3.5, 3.6; D20). Returns 1 when the play
 * is over. */
BFC__NOINLINE int bfc__cl_lay_stops(bfc_game *g, unsigned s, bfc__sink *k)
{
    const unsigned next = next_any(g, s, k);
    if (next < BFC__MAXP) {
        g->to_move = (uint8_t)next;
        return 0;
    }
    const bfc_card c = g->seq[g->nseq - 1];
    if (g->count != 31) {
        /* all laid: the last card; else the go (five-card, Noddy: last) */
        const int last = next == ALL_LAID || play_ends(g);
        if (bfc__peg_one(g, s, last ? BFC_SRC_PLAY : BFC_SRC_GO,
                         last ? BFC_ITEM_LAST_CARD : BFC_ITEM_GO, &c, 1, 1, k, BFC__TOLD))
            return 0;
    }
    return go_on(g, s, next, k);
}

/* Muggins in the play (D12): the layer declares its card's points and the
 * go or last-card point it is owed, as one count. */
void bfc__cl_lay_declared(bfc_game *g, unsigned s, bfc__sink *k)
{
    const unsigned next = any_live(g) ? next_layer(g, s, k) : ALL_LAID;
    g->resume = (uint8_t)next;
    g->play_owed = (next == NONE || next == ALL_LAID) && g->count != 31;
    g->phase = BFC_PHASE_DECLARE;
    g->to_move = (uint8_t)s;
    g->declarer = (uint8_t)s;
    g->truth = (uint8_t)(card_points(g) + g->play_owed);
    g->counting = BFC__PLAY_COUNTED;
}

/* Solitaire (3.8, D11): after a hand card, the crib's next card (the count
 * reset first if it would pass 31), then the next hand card's count.
 * Returns 1 when that ended the play. */
int bfc__cl_solitaire_after(bfc_game *g, bfc__sink *k)
{
    const bfc_card c = g->ccrib[g->sol_laid / 2];
    g->sol_laid++;
    if (g->count + bfc__value(c) > 31)
        reset_count(g, k);
    put_down(g, 0, c, 1, k);
    g->sol_laid++;
    if (g->sol_laid >= 8)
        return end_play(g, k);
    if (!(g->hand[0] & bfc__fits(31u - g->count)))
        reset_count(g, k);
    return 0;
}

int bfc__classic_start_play(bfc_game *g, bfc__sink *k)
{
    return start_play_as(g, k, BFC__TOLD);
}


int bfc__classic_play_on(bfc_game *g, unsigned s, unsigned next, bfc__sink *k)
{
    return go_on(g, s, next, k);
}

int bfc__classic_lay(bfc_game *g, unsigned s, unsigned c, unsigned count, bfc__sink *k)
{
    return lay_as(g, s, c, count, k, BFC__TOLD);
}

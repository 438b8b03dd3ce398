/* The classic games' deal (RULES 3.1-3.5, 3.8), the discards to the crib
 * (D3: out of the deal with six players) and the cut of the starter with
 * the dealer's heels, and five-card's three for last at the start of the
 * game: a leaf of classic.c, which says what follows. */
#include "classic_deal.h"

/* The first k cards of the deck shuffled into place (Fisher-Yates from the
 * top): only what is dealt is drawn. The generator is kept in locals, as
 * stores to the card bytes could otherwise alias it. */
static void shuffle(bfc_game *g, unsigned k)
{
    bfc_card *d = g->deck;
    memcpy(d, bfc__identity, 52);
    uint64_t rng[4] = {g->rng[0], g->rng[1], g->rng[2], g->rng[3]};
    for (unsigned i = 0; i < k && i < 51; i++) {
        const unsigned j = i + bfc__rng_below(rng, 52 - i);
        const bfc_card t = d[i];
        d[i] = d[j];
        d[j] = t;
    }
    for (unsigned i = 0; i < 4; i++)
        g->rng[i] = rng[i];
}

/* Solitaire's deal (3.8): one shuffle for the game, the deck dealt from
 * the top six times, six cards to the hand and two to the crib. */
void bfc__cl_deal_solitaire(bfc_game *g)
{
    if (g->skirmish == 1) {
        shuffle(g, 52);
        g->deck_pos = 0;
        g->gone = 0;
        g->first_laid = BFC_CARD_NONE;
    }
    for (unsigned i = 0; i < 8; i++) {
        const bfc_card c = g->deck[g->deck_pos];
        g->deck[g->deck_pos++] = 0;
        if (i < 6)
            g->hand[0] |= bit(c);
        else
            g->ccrib[g->nccrib++] = c;
    }
}

void bfc__classic_first_points(bfc_game *g, bfc__sink *k)
{
    if (variant(g) == BFC_VARIANT_FIVE_CARD) /* before anyone scores: RULES 3.5 */
        bfc__peg_one(g, bfc__left(g, g->dealer), BFC_SRC_FIRST, BFC_ITEM_THREE_FOR_LAST, NULL, 0, 3,
                     k, BFC__TOLD);
}

int bfc__classic_cut(bfc_game *g, bfc__sink *k)
{
    return cut_starter_as(g, k, BFC__TOLD);
}

void bfc__classic_deal(bfc_game *g, bfc__sink *k)
{
    deal_as(g, k, BFC__TOLD);
}

/* Solitaire: the used cards go face up under the deck, the starter back
 * on top; after the sixth deal the free crib: the four face-down cards,
 * the first face-up card under them as its starter (3.8). */
int bfc__classic_solitaire_return(bfc_game *g)
{
    uint64_t used = g->played[0] | g->hand[0];
    for (unsigned i = 0; i < g->nccrib; i++)
        used |= bit(g->ccrib[i]);
    g->gone |= used;
    g->deck[--g->deck_pos] = g->starter;
    if (g->skirmish < 6)
        return 0;
    g->hand[0] = g->played[0] = g->thrown[0] = 0;
    g->nccrib = g->nseq = g->count = g->sol_laid = 0;
    memset(g->seq, 0, sizeof g->seq);
    for (unsigned i = g->deck_pos; i < 52; i++) {
        g->ccrib[g->nccrib++] = g->deck[i];
        g->deck[i] = 0;
    }
    g->deck_pos = 52;
    g->starter = g->first_laid;
    if (g->first_laid < BFC_NCARDS) /* always, in a checked state */
        g->gone &= ~bit(g->first_laid);
    g->shown = 0;
    g->step = 1; /* the crib is next */
    return 1;
}

int bfc__classic_throw(bfc_game *g, unsigned s, bfc_card a, bfc_card b, bfc__sink *k)
{
    return discard_as(g, s, a, b, b == BFC_CARD_NONE ? 1u : 2u, k, BFC__TOLD);
}

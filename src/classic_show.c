/* The classic games' show (RULES 3.1; Noddy's count before the play,
 * 3.6): the hands from the dealer's left, then the crib, each counted with
 * the starter and pegged, or declared under muggins (D12): a leaf of
 * classic.c, which says what follows. */
#include "classic_show.h"

int bfc__classic_truth(const bfc_game *g, unsigned seat, unsigned counting)
{
    if (counting == BFC__PLAY_COUNTED) /* a card's points and the go it is owed */
        return g->nseq ? bfc__cl_card_points(g) + g->play_owed : BFC_ESTATE;
    bfc_card cards[8];
    return show_count(g, cards, counted(g, seat, counting, cards), counting);
}

int bfc__classic_show(bfc_game *g, bfc__sink *k)
{
    return show_as(g, k, BFC__TOLD);
}

/* The cards counted for muggins (classic_muggins.c): counted(). */
unsigned bfc__classic_counted(const bfc_game *g, unsigned seat, unsigned crib, bfc_card *out)
{
    return counted(g, seat, crib, out);
}

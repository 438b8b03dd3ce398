/* The expert model: how a sensible player throws to the crib (the tables
 * of model_tables.c, made by gen_model.c), and what a throw says about
 * the cards a player keeps (the belief of bfc_game_determinize_belief). */
#include "model.h"
#include "state.h"
#include "winchance.h"

const bfc__throw_model *bfc__throw_model_of(const bfc_rules *r)
{
    return r->variant == BFC_VARIANT_CLASSIC && r->players == 2 ? &bfc__throws[0] : NULL;
}

double bfc__keep_value(const bfc__throw_model *m, uint64_t six, uint64_t thrown, int deals)
{
    bfc_card kept[4], t[2];
    unsigned nk = 0, nt = 0;
    for (uint64_t k = six & ~thrown; k && nk < 4; k &= k - 1)
        kept[nk++] = (bfc_card)bfc__lowest(k);
    for (uint64_t k = thrown; k && nt < 2; k &= k - 1)
        t[nt++] = (bfc_card)bfc__lowest(k);
    if (nk != 4 || nt != 2)
        return 0;
    int8_t sc[52];
    bfc_score_show_all_starters(kept, 0, sc);
    /* the starters not in six: every card's score (-1 for each kept card)
       less the thrown cards' */
    int sum = 4 - sc[t[0]] - sc[t[1]];
    for (unsigned c = 0; c < 52; c++)
        sum += sc[c];
    const int n = 46;
    const double crib = m->crib[deals ? 0 : 1][bfc__throw_class(t[0], t[1])];
    return (double)sum / n + (deals ? crib : -crib);
}

double bfc__throw_likelihood(const bfc__throw_model *m, uint64_t six, uint64_t thrown, int deals)
{
    bfc_card c[6];
    unsigned n = 0;
    for (uint64_t k = six; k && n < 6; k &= k - 1)
        c[n++] = (bfc_card)bfc__lowest(k);
    if (n != 6)
        return 1;
    double best = -1e300, mine = -1e300;
    for (unsigned a = 0; a < 6; a++)
        for (unsigned b = a + 1; b < 6; b++) {
            const uint64_t t = UINT64_C(1) << c[a] | UINT64_C(1) << c[b];
            const double v = bfc__keep_value(m, six, t, deals);
            if (v > best)
                best = v;
            if (t == thrown)
                mine = v;
        }
    return bfc__exp(BFC__BELIEF_BETA * (mine - best));
}

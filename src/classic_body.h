/* The classic games in parts (RULES 3): the leaves that each know one rule
 * -- the deal, the discards and the cut (classic_deal.c); the play and its
 * pegging (classic_play.c); the show (classic_show.c) -- and the small
 * bodies they share. The leaves never call the sequencer (classic.c) or
 * each other: each returns what happened, and classic.c says what follows
 * (deal -> discards -> cut -> play -> show -> the next deal; Noddy's count
 * before the play). Each rule's bodies, with their mode constant, are in
 * its header (classic_deal.h, classic_play.h, classic_show.h): the leaf
 * makes the told form (events into a sink, every variant) declared here;
 * classic.c makes the plain form (BFC__PLAIN: a plain game in silence,
 * bfc_game.plain), so that a playout's hot path stays in one translation
 * unit. Not installed. */
#ifndef BFC_CLASSIC_BODY_H
#define BFC_CLASSIC_BODY_H

#include "variants.h"

BFC__HIDDEN_BEGIN

/* ---- Shared bodies ------------------------------------------------------- */

static inline unsigned bfc__cl_variant(const bfc_game *g) { return (unsigned)g->rules.variant; }

static inline uint64_t bfc__cl_bit(bfc_card c) { return UINT64_C(1) << c; }

/* A seat's cards still in the play: none once it folded (Crib Wars). */
static inline uint64_t bfc__cl_live(const bfc_game *g, unsigned s)
{
    return g->folded >> s & 1u ? 0 : g->hand[s];
}

/* The pegging points of the card just laid (RULES 2.2; Noddy 3.6). */
static inline int bfc__cl_card_points(const bfc_game *g)
{
    return (int)bfc__peg_points(g->seq, g->nseq, g->count,
                                bfc__cl_variant(g) == BFC_VARIANT_NODDY, NULL);
}

/* ---- The deal, the discards and the cut (classic_deal.c) ----------------- */

/* A new deal (RULES 3.1-3.5, 3.8): the table cleared, the hands dealt,
 * the discards begin at the dealer's left (solitaire: seat 0). Noddy's
 * cut and count before the play are the sequencer's. */
void bfc__classic_deal(bfc_game *g, bfc__sink *k);
/* Seat s throws a (and b, unless BFC_CARD_NONE) to the crib, or out of
 * the deal (D3). Returns 1 when every seat has thrown (the cut is next),
 * else 0 with the next seat to throw. */
int bfc__classic_throw(bfc_game *g, unsigned s, bfc_card a, bfc_card b, bfc__sink *k);
/* The starter is cut (3.1; turned by the dealer in Noddy and solitaire)
 * and the dealer pegs his heels for a jack. Returns 1 if that won. */
int bfc__classic_cut(bfc_game *g, bfc__sink *k);
/* The points of the game's first deal before anyone plays: five-card's
 * three for last to the pone (3.5); none in the other games. */
void bfc__classic_first_points(bfc_game *g, bfc__sink *k);
/* Solitaire's deal is over (3.8): its cards go face up under the deck.
 * Returns 0 when the next deal is dealt from what is left, or 1 with the
 * free crib laid out and its count next (g->step 1). */
int bfc__classic_solitaire_return(bfc_game *g);

/* ---- The play and its pegging (classic_play.c) --------------------------- */

/* Each returns 1 when the play is over (the END_PLAY event pushed and the
 * table cleared for the show), else 0: the play goes on, a count is being
 * declared (muggins, D12), or the game is won. */
/* The play begins (3.1); over at once when every side folded (Crib Wars). */
int bfc__classic_start_play(bfc_game *g, bfc__sink *k);
/* Seat s lays card c, legal, to the new count. */
int bfc__classic_lay(bfc_game *g, unsigned s, unsigned c, unsigned count, bfc__sink *k);
/* The play after the points of s's card were settled, next the seat to
 * lay (or BFC__NONE8, BFC__ALL_LAID). */
int bfc__classic_play_on(bfc_game *g, unsigned s, unsigned next, bfc__sink *k);

/* ---- The show (classic_show.c) ------------------------------------------- */

/* The show from step g->step on: the hands from the dealer's left, then
 * the dealer's crib (Noddy: the hands alone). Returns 1 when a count
 * stopped it (the game won, or a muggins declaration awaited), 0 when it
 * is over. */
int bfc__classic_show(bfc_game *g, bfc__sink *k);

BFC__HIDDEN_END

#endif
